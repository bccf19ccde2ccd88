"""Exact (double-dummy) solving of the card play: the points each side takes with best play.

The position is the card play of a :class:`~rookgame.state.Hand` with every hand known:
two teams, the bidder's (the partnership, the bidder and its called partners, or the
bidder alone against the others in individual games, who then play as one side) and
the rest.  In call-partner games this is the scoring itself (seed 003): the defenders
score their side's points together, as :meth:`rookgame.state.Hand._score` does.
The value is what the bidder's team takes from here on: counters in the tricks, plus,
with the last trick, the nest's counters (where the nest goes to the last trick) and
the last-trick bonus; the most-tricks and trick-count bonuses are settled at the end
from the tricks of the whole hand.

:class:`Position` is the solver's compact state; :func:`minimax` is the plain
reference search the fast ones are tested against; :class:`AlphaBeta` is the pure
Python solver (alpha-beta, transposition table, equivalent cards, move ordering and
sure-point bounds).  The C extension, where it is built, implements the same search.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import kernel
from ..cards import cards_of
from ..state import Hand, Phase


@dataclass(frozen=True)
class Position:
    """Everything the search needs, as plain ints and tuples."""

    n: int
    hands: tuple[int, ...]  # masks
    trick: tuple[int, ...]  # cards on the table
    leader: int
    team: int  # seat mask of the bidder's team
    suit: tuple[int, ...]
    key: tuple[int, ...]
    points: tuple[int, ...]
    suit_mask: tuple[int, int, int, int]
    anytime: int
    trump: int
    led: int
    last_bonus: int  # nest counters (when the nest goes to the last trick) + last-trick bonus
    team_tricks: int  # tricks the bidder's team has won so far
    tricks_done: int
    total_tricks: int
    most_bonus: int
    count_bonus: int
    count_at: int

    @property
    def to_act(self) -> int:
        return kernel.seat_of(self.leader, len(self.trick), self.n)

    @classmethod
    def of(cls, hand: Hand) -> Position:
        if hand.phase != Phase.PLAY or hand.tables is None:
            raise ValueError("only a hand in its card play can be solved")
        r = hand.rules
        t = hand.tables
        team = hand.team_mask()
        nest_pts = sum(r.deck.points[c] for c in hand.buried) if r.nest_to == "last_trick" else 0
        team_tricks = sum(1 for _, _, w in hand.tricks if team >> w & 1)
        return cls(
            n=hand.n, hands=tuple(hand.hands), trick=tuple(hand.trick), leader=hand.leader if hand.trick
            else hand.to_act, team=team, suit=t.suit, key=t.key, points=r.deck.points, suit_mask=t.suit_mask,
            anytime=t.anytime, trump=t.trump, led=hand.led if hand.trick else -1,
            last_bonus=nest_pts + r.last_trick_bonus, team_tricks=team_tricks, tricks_done=len(hand.tricks),
            total_tricks=r.deck.hand_size, most_bonus=r.most_tricks_bonus, count_bonus=r.trick_bonus[0],
            count_at=r.trick_bonus[1],
        )

    def remaining_points(self) -> int:
        """All the points still to be won: cards in hands and on the table, and the last-trick extras."""
        total = self.last_bonus + self.most_bonus + self.count_bonus
        for h in self.hands:
            m = h
            while m:
                low = m & -m
                total += self.points[low.bit_length() - 1]
                m ^= low
        for c in self.trick:
            total += self.points[c]
        return total


def legal_mask(p: Position, hands: list[int], seat: int, trick: list[int], led: int) -> int:
    hand = hands[seat]
    if trick:
        follow = hand & p.suit_mask[led]
        if follow:
            return follow | (hand & p.anytime)
    return hand


def trick_winner(p: Position, leader: int, trick: list[int]) -> int:
    return kernel.trick_winner(p, leader, trick, p.n)


def _end_bonus(p: Position, team_tricks: int) -> int:
    """Most-tricks and trick-count bonuses won by the bidder's team over the whole hand."""
    other = p.total_tricks - team_tricks
    out = 0
    if p.most_bonus and team_tricks > other:
        out += p.most_bonus
    if p.count_bonus and team_tricks >= p.count_at:
        out += p.count_bonus
    return out



def close_trick(p: Position, leader: int, trick: list[int], tricks_done: int,
                team_tricks: int) -> tuple[int, int, int, int, int | None]:
    """A full trick: (winner, points it gives the bidder's team, tricks done, team tricks, and the
    team's points from this trick to the end when it was the last trick, else None)."""
    w = trick_winner(p, leader, trick)
    pts = sum(p.points[x] for x in trick)
    done = tricks_done + 1
    mine = bool(p.team >> w & 1)
    tt = team_tricks + mine
    if done == p.total_tricks:
        return w, 0, done, tt, (pts + p.last_bonus if mine else 0) + _end_bonus(p, tt)
    return w, pts if mine else 0, done, tt, None


def minimax(p: Position) -> tuple[int, dict[int, int]]:
    """Plain minimax: (value, value after each legal card), the bidder team's future points."""
    hands = list(p.hands)
    trick = list(p.trick)

    def rec(leader: int, led: int, tricks_done: int, team_tricks: int) -> int:
        seat = kernel.seat_of(leader, len(trick), p.n)
        legal = legal_mask(p, hands, seat, trick, led)
        maximize = bool(p.team >> seat & 1)
        best: int | None = None
        for c in cards_of(legal):
            v = play(seat, c, leader, led, tricks_done, team_tricks)
            if best is None or (v > best if maximize else v < best):
                best = v
        assert best is not None
        return best

    def play(seat: int, c: int, leader: int, led: int, tricks_done: int, team_tricks: int) -> int:
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == 1:
            led = p.suit[c]
        try:
            if len(trick) < p.n:
                return rec(leader, led, tricks_done, team_tricks)
            w, gain, done, tt, final = close_trick(p, leader, trick, tricks_done, team_tricks)
            if final is not None:
                return final
            cards = list(trick)
            trick.clear()
            try:
                return gain + rec(w, -1, done, tt)
            finally:
                trick.extend(cards)
        finally:
            trick.pop()
            hands[seat] |= 1 << c

    seat = p.to_act
    led = p.led
    values = {}
    for c in cards_of(legal_mask(p, hands, seat, trick, led)):
        values[c] = play(seat, c, p.leader, led, p.tricks_done, p.team_tricks)
    maximize = bool(p.team >> seat & 1)
    value = max(values.values()) if maximize else min(values.values())
    return value, values


class AlphaBeta:
    """The pure-Python exact solver; also the reference for the C one."""

    def __init__(self, p: Position) -> None:
        self.p = p
        self.tt: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0
        # Cards of each effective colour, strongest first (for equivalent cards).
        self.order = [sorted((c for c in range(64) if p.suit_mask[s] >> c & 1), key=lambda c: -p.key[c])
                      for s in range(4)]
        self.bonus_matters = bool(p.most_bonus or p.count_bonus)

    def solve(self) -> tuple[int, dict[int, int]]:
        """(value, value after each legal card) for the bidder's team, exactly."""
        p = self.p
        hands = list(p.hands)
        trick = list(p.trick)
        seat = p.to_act
        values = {}
        upper = p.remaining_points()
        for c in cards_of(legal_mask(p, hands, seat, trick, p.led)):
            values[c] = self._play(hands, trick, seat, c, p.leader, p.led, p.tricks_done, p.team_tricks, -1,
                                   upper + 1)
        value = max(values.values()) if p.team >> seat & 1 else min(values.values())
        return value, values

    def value(self) -> int:
        p = self.p
        return self._node(list(p.hands), list(p.trick), p.leader, p.led, p.tricks_done, p.team_tricks, -1,
                          p.remaining_points() + 1)

    def _candidates(self, hands: list[int], trick: list[int], seat: int, led: int) -> list[int]:
        p = self.p
        legal = legal_mask(p, hands, seat, trick, led)
        remaining = 0
        for h in hands:
            remaining |= h
        for c in trick:
            remaining |= 1 << c
        pts = p.points
        out = []
        for s in range(4):
            if not legal & p.suit_mask[s]:
                continue
            prev_kept = -1
            for c in self.order[s]:
                if not remaining >> c & 1:
                    continue
                if legal >> c & 1:
                    if prev_kept >= 0 and pts[c] == pts[prev_kept]:
                        continue  # equivalent to the card just above it: same result
                    out.append(c)
                    prev_kept = c
                else:
                    prev_kept = -1
        # Move ordering: leading, strong cards first; following, win cheaply or duck low.
        if not trick:
            out.sort(key=lambda c: -p.key[c])
        else:
            w = trick_winner(p, (p.n + seat - len(trick)) % p.n, trick)
            led_s = p.suit[trick[0]]
            best = max((c for c in trick if p.suit[c] in (p.trump, led_s)), key=lambda c: p.key[c])
            partner_winning = bool(p.team >> w & 1) == bool(p.team >> seat & 1)

            def wins(c: int) -> bool:
                return p.suit[c] in (p.trump, led_s) and p.key[c] > p.key[best]

            if partner_winning:
                out.sort(key=lambda c: (-pts[c], p.key[c]))
            else:
                out.sort(key=lambda c: (not wins(c), p.key[c] if wins(c) else -pts[c], p.key[c]))
        return out

    def _node(self, hands: list[int], trick: list[int], leader: int, led: int, tricks_done: int, team_tricks: int,
              alpha: int, beta: int) -> int:
        p = self.p
        self.nodes += 1
        tt_key: tuple[object, ...] | None = None
        if not trick:
            tt_key = (*hands, leader, team_tricks if self.bonus_matters else 0)
            bounds = self.tt.get(tt_key)
            if bounds is not None:
                lo, hi = bounds
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        seat = kernel.seat_of(leader, len(trick), p.n)
        maximize = bool(p.team >> seat & 1)
        a0, b0 = alpha, beta
        best = -1 if maximize else 1 << 30
        for c in self._candidates(hands, trick, seat, led):
            v = self._play(hands, trick, seat, c, leader, led, tricks_done, team_tricks, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if tt_key is not None:
            lo, hi = self.tt.get(tt_key, (0, 1 << 30))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[tt_key] = (lo, hi)
        return best

    def _play(self, hands: list[int], trick: list[int], seat: int, c: int, leader: int, led: int,
              tricks_done: int, team_tricks: int, alpha: int, beta: int) -> int:
        p = self.p
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == 1:
            led = p.suit[c]
        try:
            if len(trick) < p.n:
                return self._node(hands, trick, leader, led, tricks_done, team_tricks, alpha, beta)
            w, gain, done, tt, final = close_trick(p, leader, trick, tricks_done, team_tricks)
            if final is not None:
                return final
            cards = list(trick)
            trick.clear()
            try:
                return gain + self._node(hands, trick, w, -1, done, tt, alpha - gain, beta - gain)
            finally:
                trick.extend(cards)
        finally:
            trick.pop()
            hands[seat] |= 1 << c
