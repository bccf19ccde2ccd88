"""A hand's result, a hand thrown in, the game's end, and a recap of the hand so far, in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..match import PadRow
from ..state import Phase
from ..view import View, points_taken
from .cards import sort_hand, trump_words
from .catalog import N_, Param, Plural, Say, listed
from .catalog import number as number_of
from .play import scores_words
from .seating import Seating

RESULTS: dict[str, Say] = {
    "thrown": Say(N_("Hand {number} was thrown in; nobody scores.")),
    "made": Say(N_("Hand {number}: {bidder} bid {bid} with {trump} trump, took {taken} and made it."),
                you={"bidder": N_("Hand {number}: you bid {bid} with {trump} trump, took {taken} and made it.")}),
    "set": Say(N_("Hand {number}: {bidder} bid {bid} with {trump} trump, took {taken} and was set."),
               you={"bidder": N_("Hand {number}: you bid {bid} with {trump} trump, took {taken} and were set.")}),
    "made_no_trump": Say(N_("Hand {number}: {bidder} bid {bid} with no trump, took {taken} and made it."),
                         you={"bidder": N_("Hand {number}: you bid {bid} with no trump, took {taken} and made it.")}),
    "set_no_trump": Say(N_("Hand {number}: {bidder} bid {bid} with no trump, took {taken} and was set."),
                        you={"bidder": N_("Hand {number}: you bid {bid} with no trump, took {taken} and were set.")}),
    "teams": Say(N_("Points taken: the bidder's team ({team}) {taken}, the defenders ({defenders}) {points}; each "
                    "player scores the side's result.")),
    "points": Say(N_("Points taken: {scores}.")),
    "score": Say(N_("Score: {scores}.")),
    "totals": Say(N_("Totals: {scores} (goal {goal}).")),
    # the nest and the burial at a hand's end, as far as the reader may see them (rookgame.visible)
    "nest_was": Say(N_("The nest was {cards}.")),
    "buried_were": Say(N_("{bidder} buried {cards}."), you={"bidder": N_("You buried {cards}.")}),
    "buried_shown": Say(Plural("{bidder} buried a trump, shown to the table: {cards}.",
                               "{bidder} buried {count} trumps, shown to the table: {cards}.", "count"),
                        you={"bidder": Plural("You buried a trump, shown to the table: {cards}.",
                                              "You buried {count} trumps, shown to the table: {cards}.", "count")}),
    # the game's end: a side of several win, one player wins, the reader's side wins
    "win": Say(N_("Game over: {who} win with {points} to {rest}.")),
    "wins": Say(N_("Game over: {who} wins with {points} to {rest}.")),
    "you_win": Say(N_("Game over: you win with {points} to {rest}. Well played!")),
    "your_side_wins": Say(N_("Game over: {who} win with {points} to {rest}. Well played!")),
}

# A hand thrown in: why (the first sentence), then what comes next (the second).
THROWN: dict[str, Say] = {
    "redeal": Say(N_("Hand {number} is thrown in: seat {seat} holds no counters and calls for a redeal, as these "
                     "rules allow."),
                  N_("Hand {number} is thrown in: {seat} holds no counters and calls for a redeal, as these rules "
                     "allow."),
                  {"seat": N_("Hand {number} is thrown in: you hold no counters and call for a redeal, as these "
                              "rules allow.")}),
    "all_passed": Say(N_("Hand {number} is thrown in: everyone passed: nobody bid.")),
    "again": Say(N_("Nobody scores; seat {seat} deals again, and the new deal is hand {next} (a thrown-in hand "
                    "counts as a hand on the score pad)."),
                 N_("Nobody scores; {seat} deals again, and the new deal is hand {next} (a thrown-in hand counts as "
                    "a hand on the score pad)."),
                 {"seat": N_("Nobody scores; you deal again, and the new deal is hand {next} (a thrown-in hand "
                             "counts as a hand on the score pad).")}),
}

# A game taken up again: where the hand stands, in one sentence per fact.
RECAP: dict[str, Say] = {
    "dealt": Say(N_("Hand {number}, dealt by {dealer}."), you={"dealer": N_("Hand {number}, dealt by you.")}),
    "auction_high": Say(N_("The auction is on: the high bid is {bid} by {bidder}."),
                        you={"bidder": N_("The auction is on: your bid of {bid} is the highest.")}),
    "auction_none": Say(N_("The auction is on: no bid yet.")),
    "won_bid": Say(N_("{bidder} won the bid at {bid}."), you={"bidder": N_("You won the bid at {bid}.")}),
    "trump": Say(N_("Trump is {trump}.")),
    "trump_not_named": Say(N_("Trump is not named yet.")),
    "no_trump": Say(N_("The bidder called no trump.")),
    "partner_cards": Say(Plural("The partner card is {cards}.", "The partner cards are {cards}.", "count")),
    "tricks": Say(Plural("{played} of {tricks} trick played.", "{played} of {tricks} tricks played.", "tricks")),
    "taken": Say(N_("Points taken this hand: {scores}.")),
    "totals": Say(N_("Totals: {scores} (goal {goal}).")),
}


def result_lines(seating: Seating, row: PadRow) -> list[str]:
    """The end of a hand in words."""
    if row.bidder < 0:
        return [seating.tell(RESULTS["thrown"], number=row.number)]
    sides = range(len(row.points))
    verdict = ("made" if row.made else "set") + ("_no_trump" if row.trump < 0 else "")
    params: dict[str, Param] = {"number": row.number, "bidder": row.bidder, "bid": row.bid,
                                "trump": trump_words(row.trump), "taken": row.taken}
    lines = [seating.tell(RESULTS[verdict], **params)]
    if seating.rules.mode == "call-partner":
        # Each seat's entry is its side's: say it once per side, naming who was on it.
        defenders = [s for s in sides if s not in row.team]
        lines.append(seating.tell(
            RESULTS["teams"], team=listed([seating.name(s) for s in row.team]), taken=row.taken,
            defenders=listed([seating.name(s) for s in defenders]),
            points=row.points[defenders[0]] if defenders else 0))
    else:
        lines.append(seating.tell(RESULTS["points"], scores=scores_words(seating, row.points)))
    lines.append(seating.tell(RESULTS["score"], scores=scores_words(seating, row.score, signed=True)))
    lines.append(seating.tell(RESULTS["totals"], scores=scores_words(seating, row.totals), goal=seating.rules.goal))
    return lines


def nest_and_burial(seating: Seating, bidder: int, nest: Iterable[int] | None, buried: Iterable[int] | None,
                    shown: Iterable[int] = ()) -> list[str]:
    """The nest and the burial at a hand's end, each only as the reader's seat may see it: ``nest`` and
    ``buried`` None where it may not (:func:`rookgame.visible.visible`), ``shown`` the buried trumps the rules
    turn face up for the table.  A line each, none for what stays hidden."""
    rules = seating.rules
    lines: list[str] = []
    if bidder < 0:  # thrown in: no nest taken, nothing buried
        return lines
    nest, buried, shown = list(nest or ()), list(buried or ()), list(shown)
    if nest:
        lines.append(seating.tell(RESULTS["nest_was"], cards=sort_hand(rules, nest)))
    if buried:
        lines.append(seating.tell(RESULTS["buried_were"], bidder=bidder, cards=sort_hand(rules, buried)))
    elif shown:
        lines.append(seating.tell(RESULTS["buried_shown"], bidder=bidder, count=len(shown),
                                  cards=sort_hand(rules, shown)))
    return lines


def totals_words(seating: Seating, totals: Sequence[int]) -> str:
    """ "Totals: Us 120, Them 85 (goal 300)."."""
    return seating.tell(RESULTS["totals"], scores=scores_words(seating, totals), goal=seating.rules.goal)


def recap_words(seating: Seating, view: View, number: int) -> str:
    """The hand so far, for a game taken up again: the bid, trump, the tricks, the points, the score."""
    r = view.rules
    said = [seating.tell(RECAP["dealt"], number=number, dealer=view.dealer)]
    if view.phase == Phase.BID:
        if view.high_bidder >= 0:
            said.append(seating.tell(RECAP["auction_high"], bid=view.high_bid, bidder=view.high_bidder))
        else:
            said.append(seating.tell(RECAP["auction_none"]))
    elif view.bidder >= 0:
        said.append(seating.tell(RECAP["won_bid"], bidder=view.bidder, bid=view.bid))
        if view.trump == -2:
            said.append(seating.tell(RECAP["trump_not_named"]))
        elif view.trump == -1:
            said.append(seating.tell(RECAP["no_trump"]))
        else:
            said.append(seating.tell(RECAP["trump"], trump=view.trump))
        if view.partner_cards:
            said.append(seating.tell(RECAP["partner_cards"], cards=list(view.partner_cards),
                                     count=len(view.partner_cards)))
        if view.phase == Phase.PLAY:
            said.append(seating.tell(RECAP["tricks"], played=len(view.tricks), tricks=r.num_tricks))
            if view.tricks:
                said.append(seating.tell(RECAP["taken"], scores=scores_words(seating, points_taken(view))))
    said.append(seating.tell(RECAP["totals"], scores=scores_words(seating, view.totals), goal=r.goal))
    return " ".join(said)


def thrown_in_words(seating: Seating, number: int, dealer: int, redeal_by: int | None = None) -> str:
    """Why hand ``number`` was thrown in, and what comes next: nobody scores, the same dealer deals again."""
    if redeal_by is not None:
        why = seating.tell(THROWN["redeal"], number=number, seat=redeal_by)
    else:
        why = seating.tell(THROWN["all_passed"], number=number)
    again = seating.tell(THROWN["again"], seat=dealer, next=number + 1)
    return f"{why} {again}"


def winner_line(seating: Seating, winner: int, totals: Sequence[int]) -> str:
    """The game's end: who won, with what against the rest."""
    you_won = seating.you_in(winner)
    rest = listed([number_of(totals[s]) for s in range(len(totals)) if s != winner], "unit")
    params: dict[str, Param] = {"who": seating.side_long(winner), "points": totals[winner], "rest": rest}
    if you_won:
        key = "your_side_wins" if seating.rules.mode == "partners" else "you_win"
    else:
        key = "win" if seating.rules.mode == "partners" else "wins"
    return seating.tell(RESULTS[key], **params)
