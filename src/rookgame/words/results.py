"""A hand's result, a hand thrown in, the game's end, and a recap of the hand so far, in words."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_str
from ..match import PadRow
from ..state import Phase
from ..view import View
from .cards import trump_words
from .catalog import N_, Param, Say, Template, fill, told
from .play import scores_words, taken_words
from .seating import Seating

RESULTS: dict[str, Template] = {
    "thrown": N_("Hand {number} was thrown in; nobody scores."),
    "made": N_("Hand {number}: {bidder} bid {bid} with {trump} trump, took {taken} and made it."),
    "set": N_("Hand {number}: {bidder} bid {bid} with {trump} trump, took {taken} and was set."),
    "made_no_trump": N_("Hand {number}: {bidder} bid {bid} with no trump, took {taken} and made it."),
    "set_no_trump": N_("Hand {number}: {bidder} bid {bid} with no trump, took {taken} and was set."),
    "teams": N_("Points taken: the bidder's team ({team}) {taken}, the defenders ({defenders}) {points}; each player "
                "scores the side's result."),
    "points": N_("Points taken: {scores}."),
    "score": N_("Score: {scores}."),
    "totals": N_("Totals: {scores} (goal {goal})."),
    # the game's end: a side of several (or "you") win, one player wins
    "win": N_("Game over: {who} win with {points} to {rest}."),
    "wins": N_("Game over: {who} wins with {points} to {rest}."),
    "you_win": N_("Game over: {who} win with {points} to {rest}. Well played!"),
}

# A hand thrown in: why (the first sentence), then what comes next (the second).
THROWN: dict[str, Say] = {
    "redeal": Say(N_("Hand {number} is thrown in: seat {seat} holds no counters and calls for a redeal, as these "
                     "rules allow."),
                  N_("Hand {number} is thrown in: {seat} holds no counters and calls for a redeal, as these rules "
                     "allow."),
                  {"seat": N_("Hand {number} is thrown in: You hold no counters and call for a redeal, as these "
                              "rules allow.")}),
    "all_passed": Say(N_("Hand {number} is thrown in: everyone passed: nobody bid.")),
    "again": Say(N_("Nobody scores; seat {seat} deals again, and the new deal is hand {next} (a thrown-in hand "
                    "counts as a hand on the score pad)."),
                 N_("Nobody scores; {seat} deals again, and the new deal is hand {next} (a thrown-in hand counts as "
                    "a hand on the score pad)."),
                 {"seat": N_("Nobody scores; You deal again, and the new deal is hand {next} (a thrown-in hand "
                             "counts as a hand on the score pad).")}),
}


def result_lines(seating: Seating, row: PadRow) -> list[str]:
    """The end of a hand in words."""
    if row.bidder < 0:
        return [fill(RESULTS["thrown"], {"number": row.number})]
    sides = range(len(row.points))
    verdict = ("made" if row.made else "set") + ("_no_trump" if row.trump < 0 else "")
    params: dict[str, Param] = {"number": row.number, "bidder": seating.name(row.bidder), "bid": row.bid,
                                "trump": trump_words(row.trump), "taken": row.taken}
    lines = [fill(RESULTS[verdict], params)]
    if seating.rules.mode == "call-partner":
        # Each seat's entry is its side's: say it once per side, naming who was on it.
        defenders = [s for s in sides if s not in row.team]
        lines.append(fill(RESULTS["teams"], {
            "team": ", ".join(seating.name(s) for s in row.team), "taken": row.taken,
            "defenders": ", ".join(seating.name(s) for s in defenders),
            "points": row.points[defenders[0]] if defenders else 0}))
    else:
        lines.append(fill(RESULTS["points"], {"scores": scores_words(seating, row.points)}))
    lines.append(fill(RESULTS["score"], {"scores": scores_words(seating, row.score, signed=True)}))
    lines.append(fill(RESULTS["totals"], {"scores": scores_words(seating, row.totals), "goal": seating.rules.goal}))
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
        why = told(THROWN["redeal"], {"number": number, "seat": redeal_by}, you=seating.human, seat_name=seating.name)
    else:
        why = told(THROWN["all_passed"], {"number": number}, you=seating.human, seat_name=seating.name)
    again = told(THROWN["again"], {"seat": dealer, "next": number + 1}, you=seating.human, seat_name=seating.name)
    return f"{why} {again}"


def winner_line(seating: Seating, winner: int, totals: Sequence[int]) -> str:
    """The game's end: who won, with what against the rest."""
    you_won = seating.human >= 0 and seating.rules.side_of(seating.human) == winner
    key = "you_win" if you_won else "win" if seating.rules.mode == "partners" else "wins"
    rest = ", ".join(str(totals[s]) for s in range(len(totals)) if s != winner)
    return fill(RESULTS[key], {"who": seating.side_long(winner), "points": totals[winner], "rest": rest})
