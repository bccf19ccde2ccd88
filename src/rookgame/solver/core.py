"""Exact (double-dummy) solving of the card play: the points each side takes with best play.

The position is the card play of a :class:`~rookgame.state.Hand` with every hand known:
two teams, the bidder's (the partnership, the bidder and its called partners, or the
bidder alone against the others in individual games, who then play as one team) and
the rest.  In call-partner games this is the scoring itself (seed 003): the defenders
score their side's points together, as :meth:`rookgame.state.Hand._score` does.
The value is what the bidder's team takes from here on: counters in the tricks, plus,
with the last trick, the nest's counters (where the nest goes to the last trick) and
the last-trick bonus; the most-tricks and trick-count bonuses are settled at the end
from the tricks of the whole hand, side by side as the hand is scored: in individual
games each defender is a side of its own, so the bidder needs strictly more tricks than
every one of them (not than all of them together) for the most-tricks bonus.

:class:`Position` is the solver's compact state; :func:`minimax` is the plain
reference search the fast ones are tested against; :class:`AlphaBeta` is the pure
Python solver (alpha-beta, transposition table, equivalent cards, move ordering and
sure-point bounds).  The C extension, where it is built, implements the same search.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

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
    side: tuple[int, ...]  # each seat's scoring side (kernel.side_of)
    won: tuple[int, ...]  # tricks each side has won so far
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
        side = tuple(kernel.side_of(r, s, team) for s in range(hand.n))
        won = [0] * (2 if r.mode == "call-partner" else r.num_sides)  # the sides score_hand counts
        for s in range(hand.n):
            won[side[s]] += hand.won[s]
        return cls(
            n=hand.n, hands=tuple(hand.hands), trick=tuple(hand.trick), leader=hand.leader if hand.trick
            else hand.to_act, team=team, suit=t.suit, key=t.key, points=r.deck.points, suit_mask=t.suit_mask,
            anytime=t.anytime, trump=t.trump, led=hand.led if hand.trick else -1,
            last_bonus=nest_pts + r.last_trick_bonus, side=side, won=tuple(won), tricks_done=len(hand.tricks),
            total_tricks=r.deck.hand_size, most_bonus=r.most_tricks_bonus, count_bonus=r.trick_bonus[0],
            count_at=r.trick_bonus[1],
        )

    @cached_property
    def team_sides(self) -> frozenset[int]:
        """The scoring sides the team's seats belong to."""
        return frozenset(self.side[s] for s in range(self.n) if self.team >> s & 1)

    @property
    def bonus_matters(self) -> bool:
        return bool(self.most_bonus or self.count_bonus)

    def remaining_points(self) -> int:
        """All the points still to be won: cards in hands and on the table, the last-trick extras and
        the bonuses (a bonus may go to nobody: a tie for the most tricks; the trick-count bonus needs
        a majority of the tricks, so one side at most earns it)."""
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


def _end_bonus(p: Position, won: tuple[int, ...]) -> int:
    """Most-tricks and trick-count bonuses won by the bidder's team's sides over the whole hand."""
    if not p.bonus_matters:
        return 0
    bonuses = kernel.trick_bonuses(p.most_bonus, (p.count_bonus, p.count_at), won)
    return sum(bonuses[k] for k in p.team_sides)


def close_trick(p: Position, leader: int, trick: list[int], tricks_done: int,
                won: tuple[int, ...]) -> tuple[int, int, int, tuple[int, ...], int | None]:
    """A full trick: (winner, points it gives the bidder's team, tricks done, tricks won by each
    side, and the team's points from this trick to the end when it was the last trick, else None)."""
    w = trick_winner(p, leader, trick)
    pts = sum(p.points[x] for x in trick)
    done = tricks_done + 1
    mine = bool(p.team >> w & 1)
    if p.bonus_matters:  # nothing else reads the tricks each side won
        k = p.side[w]
        won = (*won[:k], won[k] + 1, *won[k + 1:])
    if done == p.total_tricks:
        return w, 0, done, won, (pts + p.last_bonus if mine else 0) + _end_bonus(p, won)
    return w, pts if mine else 0, done, won, None


def minimax(p: Position) -> tuple[int, dict[int, int]]:
    """Plain minimax: (value, value after each legal card), the bidder team's future points."""
    hands = list(p.hands)
    trick = list(p.trick)

    def rec(leader: int, led: int, tricks_done: int, won: tuple[int, ...]) -> int:
        seat = kernel.seat_of(leader, len(trick), p.n)
        legal = legal_mask(p, hands, seat, trick, led)
        maximize = bool(p.team >> seat & 1)
        best: int | None = None
        for c in cards_of(legal):
            v = play(seat, c, leader, led, tricks_done, won)
            if best is None or (v > best if maximize else v < best):
                best = v
        assert best is not None
        return best

    def play(seat: int, c: int, leader: int, led: int, tricks_done: int, won: tuple[int, ...]) -> int:
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == 1:
            led = p.suit[c]
        try:
            if len(trick) < p.n:
                return rec(leader, led, tricks_done, won)
            w, gain, done, won_after, final = close_trick(p, leader, trick, tricks_done, won)
            if final is not None:
                return final
            cards = list(trick)
            trick.clear()
            try:
                return gain + rec(w, -1, done, won_after)
            finally:
                trick.extend(cards)
        finally:
            trick.pop()
            hands[seat] |= 1 << c

    seat = p.to_act
    led = p.led
    values = {}
    for c in cards_of(legal_mask(p, hands, seat, trick, led)):
        values[c] = play(seat, c, p.leader, led, p.tricks_done, p.won)
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
        self.bonus_matters = p.bonus_matters

    def solve(self) -> tuple[int, dict[int, int]]:
        """(value, value after each legal card) for the bidder's team, exactly."""
        p = self.p
        hands = list(p.hands)
        trick = list(p.trick)
        seat = p.to_act
        values = {}
        upper = p.remaining_points()
        for c in cards_of(legal_mask(p, hands, seat, trick, p.led)):
            values[c] = self._play(hands, trick, seat, c, p.leader, p.led, p.tricks_done, p.won, -1,
                                   upper + 1)
        value = max(values.values()) if p.team >> seat & 1 else min(values.values())
        return value, values

    def value(self) -> int:
        p = self.p
        return self._node(list(p.hands), list(p.trick), p.leader, p.led, p.tricks_done, p.won, -1,
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

    def _node(self, hands: list[int], trick: list[int], leader: int, led: int, tricks_done: int, won: tuple[int, ...],
              alpha: int, beta: int) -> int:
        p = self.p
        self.nodes += 1
        tt_key: tuple[object, ...] | None = None
        if not trick:
            tt_key = (*hands, leader, won if self.bonus_matters else ())
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
            v = self._play(hands, trick, seat, c, leader, led, tricks_done, won, alpha, beta)
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
              tricks_done: int, won: tuple[int, ...], alpha: int, beta: int) -> int:
        p = self.p
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == 1:
            led = p.suit[c]
        try:
            if len(trick) < p.n:
                return self._node(hands, trick, leader, led, tricks_done, won, alpha, beta)
            w, gain, done, won_after, final = close_trick(p, leader, trick, tricks_done, won)
            if final is not None:
                return final
            cards = list(trick)
            trick.clear()
            try:
                return gain + self._node(hands, trick, w, -1, done, won_after, alpha - gain, beta - gain)
            finally:
                trick.extend(cards)
        finally:
            trick.pop()
            hands[seat] |= 1 << c
