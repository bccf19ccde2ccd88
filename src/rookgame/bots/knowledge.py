"""What a seat can infer from its view: cards played, voids shown, cards still unseen.

Built from a :class:`~rookgame.view.View` only, so every bot that uses it plays fair.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kernel import seat_of
from ..rules import PlayTables
from ..state import Phase
from ..view import View


@dataclass
class Knowledge:
    view: View
    tables: PlayTables | None  # None until trump is named
    played: int  # every card played so far, the trick in progress included
    unseen: int  # cards this seat has not seen: in other hands (or buried/nest it did not see)
    voids: list[int]  # per seat, a mask of effective colours (bit k = colour k) it has shown void in
    team: frozenset[int]  # seats this seat plays with (itself included)

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
        s = t.suit[card]
        rivals = self.unseen & t.suit_mask[s]
        k = t.strength[card]
        while rivals:
            low = rivals & -rivals
            c = low.bit_length() - 1
            if t.strength[c] > k:
                return False
            rivals ^= low
        return True


def teammates(view: View) -> frozenset[int]:
    rules = view.rules
    n = rules.players
    if rules.mode == "partners":
        return frozenset(s for s in range(n) if s % 2 == view.seat % 2)
    if rules.mode == "call-partner" and view.bidder >= 0:
        if view.seat in view.known_partners:
            return frozenset(view.known_partners)
        # The defenders score together: once every called card is out, the bidder's team is
        # known and so are this defender's allies.
        played = {c for _, cards, _ in view.tricks for c in cards} | set(view.trick)
        if view.phase == Phase.PLAY and view.partner_cards and set(view.partner_cards) <= played:
            return frozenset(s for s in range(n) if s not in view.known_partners)
    return frozenset({view.seat})


def know(view: View) -> Knowledge:
    rules = view.rules
    n = rules.players
    tables = rules.play_tables(view.trump, view.low, view.bird_high) if view.trump >= -1 else None
    played = 0
    voids = [0] * n
    tricks = [(leader, cards) for leader, cards, _ in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        for c in cards:
            played |= 1 << c
        if tables is None or not cards:
            continue
        led = tables.suit[cards[0]]
        for i, c in enumerate(cards[1:], 1):
            if tables.suit[c] != led and not tables.anytime >> c & 1:
                voids[seat_of(leader, i, n)] |= 1 << led
    seen = int(view.hand) | played | int(view.shown_buried)
    if view.buried is not None:
        seen |= int(view.buried)
    unseen = rules.deck.mask & ~seen
    return Knowledge(view, tables, played, unseen, voids, teammates(view))
