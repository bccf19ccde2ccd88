"""Why an action was refused, told to the person at the screen."""

from __future__ import annotations

import re

from .seating import Seating

_RENEGE = re.compile(r"renege: (\S+) was led and seat (\d+) holds (\w+) \(([^)]*)\); it must follow (\w+)")
_BIRD_RENEGE = re.compile(r"renege: the Bird is a trump and may be played on a (\S+) lead only when void in (\w+) "
                          r"\(seat (\d+) holds ([^)]*)\)")
_TURN = re.compile(r"it is seat (\d+)'s turn, not seat (\d+)'s")
_SEAT_VERB = re.compile(r"\bseat (\d+) (holds|does not hold|may not|may|must)\b")
_SEAT = re.compile(r"\bseat (\d+)\b")
_VERBS = {"holds": "hold", "does not hold": "do not hold", "may not": "may not", "may": "may", "must": "must"}


def in_your_words(seating: Seating, reason: str, bidder: int = -1, you: int | None = None) -> str:
    """The engine's reason for a refusal (:meth:`Table.check`) told to the person at the screen:
    "you" for their own seat, names for the others ("renege: R5 was led and seat 0 holds red (R7);
    it must follow red" becomes "R5 was led and you hold red (R7): you must follow red").
    ``bidder``: the seat that won the bid, so that "the bidder" is "you" to that person; ``you``: the seat
    told (by default the seating's person; in pass and play, whoever has the screen)."""
    me = seating.human if you is None else you

    def who(seat: int) -> str:
        return "you" if seat == me else seating.name(seat)

    def verb(seat: int, third: str) -> str:
        return f"{who(seat)} {_VERBS.get(third, third) if seat == me else third}"

    m = _RENEGE.fullmatch(reason)
    if m:
        lead, seat, colour, held = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        return f"{lead} was led and {verb(seat, 'holds')} {colour} ({held}): {who(seat)} must follow {colour}"
    m = _BIRD_RENEGE.fullmatch(reason)
    if m:
        lead, colour, seat, held = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        return (f"the Bird is a trump: on a {lead} lead it may be played only by a player with no {colour}, "
                f"and {verb(seat, 'holds')} {colour} ({held}): {who(seat)} must follow {colour}")
    m = _TURN.fullmatch(reason)
    if m:
        turn, asked = int(m.group(1)), int(m.group(2))
        mine = "yours" if asked == me else f"{seating.name(asked)}'s"
        return f"it is {who(turn)}'s turn, not {mine}" if turn != me else "it is your turn"
    text = _SEAT_VERB.sub(lambda g: verb(int(g.group(1)), g.group(2)), reason)
    text = _SEAT.sub(lambda g: who(int(g.group(1))), text)
    if bidder >= 0 and bidder == me:
        text = (text.replace("the bidder's hand", "your hand").replace("the bidder must", "you must")
                .replace("the bidder may", "you may").replace("have the bidder call", "have you call"))
    return text
