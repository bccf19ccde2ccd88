"""What a seat knows in the card play: its cards, the trick, the cards played, the voids shown,
the cards it has not seen, and who plays with it.

Built from a :class:`~rookgame.view.View` (:func:`know`), so every bot that uses it plays fair.
The view carries the cards played and the voids as the table keeps them while cards fall, so
knowing costs the same on the last trick as on the first.  The expert's play-outs build the same
knowledge straight from a sampled deal (:func:`rookgame.bots.playout.seat_knowledge`): that deal is
the bot's own imagining, and each simulated seat is told only what it would see there.
"""

from __future__ import annotations

from ..rules import PlayTables, RuleSet
from ..state import Phase
from ..view import View


class Knowledge:
    __slots__ = ("rules", "seat", "tables", "hand", "trick", "leader", "bidder", "played", "unseen", "voids",
                 "team")

    def __init__(self, rules: RuleSet, seat: int, tables: PlayTables | None, hand: int,
                 trick: tuple[int, ...] | list[int], leader: int, bidder: int, played: int, unseen: int,
                 voids: tuple[int, ...] | list[int], team: frozenset[int]) -> None:
        self.rules = rules
        self.seat = seat
        self.tables = tables  # None until trump is named
        self.hand = hand  # this seat's cards
        self.trick = trick  # the trick in progress, from its leader
        self.leader = leader
        self.bidder = bidder
        self.played = played  # every card played so far, the trick in progress included
        self.unseen = unseen  # cards this seat has not seen: in other hands (or buried/nest it did not see)
        self.voids = voids  # per seat, a mask of effective colours (bit k = colour k) it has shown void in
        self.team = team  # seats this seat plays with (itself included)

    @property
    def trump(self) -> int:
        return self.tables.trump if self.tables is not None else -1

    def suit_cards(self, mask: int, suit: int) -> int:
        assert self.tables is not None
        return mask & self.tables.suit_mask[suit]

    def is_top(self, card: int) -> bool:
        """No unseen card of the card's effective colour ranks above it."""
        t = self.tables
        assert t is not None
        return not self.unseen & t.above[card]


def teammates(view: View) -> frozenset[int]:
    return team_of(view.rules, view.seat, view.bidder, view.phase, view.known_partners, view.partner_cards,
                   int(view.played))


def team_of(rules: RuleSet, seat: int, bidder: int, phase: Phase, known_partners: tuple[int, ...],
            partner_cards: tuple[int, ...] | list[int], played: int) -> frozenset[int]:
    """The seats ``seat`` knows it plays with, from what it has seen."""
    n = rules.players
    if rules.mode == "partners":
        return _SIDES[n][seat % 2]
    if rules.mode == "call-partner" and bidder >= 0:
        if seat in known_partners:
            return frozenset(known_partners)
        # The defenders score together: once every called card is out, the bidder's team is
        # known and so are this defender's allies.
        if phase == Phase.PLAY and partner_cards and all(played >> c & 1 for c in partner_cards):
            return frozenset(s for s in range(n) if s not in known_partners)
    return _ALONE[seat]


_SIDES = {n: (frozenset(range(0, n, 2)), frozenset(range(1, n, 2))) for n in range(2, 9)}
_ALONE = [frozenset({s}) for s in range(8)]


def know(view: View) -> Knowledge:
    rules = view.rules
    tables = rules.play_tables(view.trump, view.low, view.bird_high) if view.trump >= -1 else None
    hand = int(view.hand)
    played = int(view.played)
    seen = hand | played | int(view.shown_buried)
    if view.buried is not None:
        seen |= int(view.buried)
    unseen = rules.deck.mask & ~seen
    voids = view.voids or (0,) * rules.players
    return Knowledge(rules, view.seat, tables, hand, view.trick, view.leader, view.bidder, played, unseen, voids,
                     teammates(view))
