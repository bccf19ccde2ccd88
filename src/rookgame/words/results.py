"""A hand's result, a hand thrown in, the game's end, and a recap of the hand so far, in words."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_str
from ..match import PadRow
from ..state import Phase
from ..view import View
from .cards import trump_words
from .play import taken_words
from .seating import Seating


def result_lines(seating: Seating, row: PadRow) -> list[str]:
    """The end of a hand in words."""
    if row.bidder < 0:
        return [f"Hand {row.number} was thrown in; nobody scores."]
    sides = range(len(row.points))
    bidder = seating.name(row.bidder)
    verdict = "made it" if row.made else "was set"
    lines = [f"Hand {row.number}: {bidder} bid {row.bid} with {trump_words(row.trump)} trump, "
             f"took {row.taken} and {verdict}."]
    if seating.rules.mode == "call-partner":
        # Each seat's entry is its side's: say it once per side, naming who was on it.
        defenders = [s for s in sides if s not in row.team]
        team_names = ", ".join(seating.name(s) for s in row.team)
        lines.append(f"Points taken: the bidder's team ({team_names}) {row.taken}, the defenders ("
                     + ", ".join(seating.name(s) for s in defenders)
                     + f") {row.points[defenders[0]] if defenders else 0}; each player scores the side's result.")
    else:
        lines.append("Points taken: " + ", ".join(f"{seating.side_name(s)} {row.points[s]}" for s in sides) + ".")
    lines.append("Score: " + ", ".join(f"{seating.side_name(s)} {row.score[s]:+d}" for s in sides) + ".")
    lines.append("Totals: " + ", ".join(f"{seating.side_name(s)} {row.totals[s]}" for s in sides)
                 + f" (goal {seating.rules.goal}).")
    return lines


def recap_words(seating: Seating, view: View, number: int) -> str:
    """The hand so far in one line, for a game taken up again: the bid, trump, the tricks, the points, the score."""
    r = view.rules
    parts = [f"Hand {number}, dealt by {seating.name(view.dealer)}"]
    if view.phase == Phase.BID:
        if view.high_bidder >= 0:
            parts.append(f"the auction is on: the high bid is {view.high_bid} by {seating.name(view.high_bidder)}")
        else:
            parts.append("the auction is on: no bid yet")
    elif view.bidder >= 0:
        parts.append(f"{seating.subject(view.bidder, 'won', 'won')} the bid at {view.bid}")
        if view.trump != -2:
            parts.append(f"trump is {trump_words(view.trump)}")
        else:
            parts.append("trump is not named yet")
        if view.partner_cards:
            parts.append("the partner card is " + " ".join(card_str(c) for c in view.partner_cards))
        if view.phase == Phase.PLAY:
            parts.append(f"{len(view.tricks)} of {r.num_tricks} tricks played")
            taken = taken_words(seating, view)
            if taken:
                parts.append(taken[0].lower() + taken[1:])
    totals = ", ".join(f"{seating.side_name(s)} {t}" for s, t in enumerate(view.totals))
    return "; ".join(parts) + f". Totals: {totals} (goal {r.goal})."


def thrown_in_words(seating: Seating, number: int, dealer: int, redeal_by: int | None = None) -> str:
    """Why hand ``number`` was thrown in, and what comes next: nobody scores, the same dealer deals again."""
    if redeal_by is not None:
        why = (f"{seating.subject(redeal_by, 'holds', 'hold')} no counters and "
               f"{'call' if redeal_by == seating.human else 'calls'} for a redeal, as these rules allow")
    else:
        why = "everyone passed: nobody bid"
    deals = seating.subject(dealer, "deals", "deal")
    return (f"Hand {number} is thrown in: {why}. Nobody scores; {deals} again, and the new deal is "
            f"hand {number + 1} (a thrown-in hand counts as a hand on the score pad).")


def winner_line(seating: Seating, winner: int, totals: Sequence[int]) -> str:
    who = seating.side_long(winner)
    rest = ", ".join(str(totals[s]) for s in range(len(totals)) if s != winner)
    you_won = seating.human >= 0 and seating.rules.side_of(seating.human) == winner
    return f"Game over: {who} {'win' if you_won or seating.rules.mode == 'partners' else 'wins'} " \
           f"with {totals[winner]} to {rest}." + (" Well played!" if you_won else "")
