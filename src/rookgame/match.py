"""A game: hands with the deal rotating until a side reaches the goal (docs/rules.md §6)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .rules import RuleSet
from .state import Hand, IllegalAction, Phase


class Match:
    """Hands to the goal.  The first dealer is seat 0 (docs/rules.md §2 allows it); the deal
    passes to the left after each played hand, and a thrown-in hand is redealt by the
    same dealer.  The match owns the one seeded generator that deals the cards."""

    def __init__(self, rules: RuleSet, seed: int | None = None, *, first_dealer: int = 0,
                 deal: bool = True) -> None:
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.dealer = first_dealer
        self.totals = [0] * rules.num_sides
        self.hands: list[Hand] = []  # finished hands, thrown-in ones included
        self.winner: int | None = None
        self.hand = Hand(rules, self.dealer)
        if deal:
            self.hand.deal_random(self.rng)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def to_act(self) -> int:
        return self.hand.to_act

    def legal_actions(self) -> list[int]:
        return [] if self.winner is not None else self.hand.legal_actions()

    def apply(self, action: int, seat: int | None = None) -> None:
        if self.winner is not None:
            raise IllegalAction("game_over")
        self.hand.apply(action, seat)
        if self.hand.is_over:
            self.finish_hand()

    def apply_unchecked(self, action: int) -> None:
        self.hand.apply_unchecked(action)
        if self.hand.phase >= Phase.DONE:
            self.finish_hand()

    def finish_hand(self, deal: bool = True) -> None:
        """Book the finished hand, decide the end of the game, start the next hand."""
        hand = self.hand
        self.hands.append(hand)
        if hand.phase == Phase.DONE:
            assert hand.result is not None
            for side, pts in enumerate(hand.result.score):
                self.totals[side] += pts
            self.winner = game_winner(self.rules, self.totals, hand)
            self.dealer = (self.dealer + 1) % self.rules.players
        if self.winner is None:
            self.hand = Hand(self.rules, self.dealer)
            if deal:
                self.hand.deal_random(self.rng)

    def played_hands(self) -> list[Hand]:
        return [h for h in self.hands if h.phase == Phase.DONE]


def game_winner(rules: RuleSet, totals: list[int], last: Hand | None = None) -> int | None:
    """The side that won after a hand, or None to play on (docs/rules.md §6).

    A side at or past the goal ends the game and the highest total wins; a tie for the
    highest total plays one more hand.  House rules: with ``lose_at`` a side at or below
    the floor loses at once (the highest total among the others wins); with
    ``must_win_by_bid`` only the side that bid and made its bid in ``last`` can win.
    """
    sides = range(len(totals))
    if rules.lose_at is not None and min(totals) <= rules.lose_at:
        alive = [s for s in sides if totals[s] > rules.lose_at] or list(sides)
        return _unique_top(totals, alive)
    candidates = [s for s in sides if totals[s] >= rules.goal]
    if not candidates:
        return None
    if rules.must_win_by_bid:
        if last is None or last.result is None or not last.result.made:
            return None
        team = last.team_mask()
        bid_sides = {rules.side_of(s) for s in range(rules.players) if team >> s & 1}
        candidates = [s for s in candidates if s in bid_sides]
        return _unique_top(totals, candidates) if candidates else None
    return _unique_top(totals, list(sides))


def _unique_top(totals: list[int], sides: list[int]) -> int | None:
    top = max(totals[s] for s in sides)
    best = [s for s in sides if totals[s] == top]
    return best[0] if len(best) == 1 else None


@dataclass(frozen=True)
class PadRow:
    """One hand on the score pad: its contract and result, and the running totals after it."""

    number: int
    dealer: int
    bidder: int  # -1: thrown in
    bid: int
    trump: int
    made: bool
    taken: int  # what the bidding side took
    points: tuple[int, ...]
    score: tuple[int, ...]
    totals: tuple[int, ...]
    team: tuple[int, ...] = ()  # seats on the bidder's side (call-partner: the team formed in the hand)


def score_pad(rules: RuleSet, hands: Sequence[Hand]) -> list[PadRow]:
    """One row per hand played or thrown in, from the public result of each finished hand."""
    rows: list[PadRow] = []
    totals = [0] * rules.num_sides
    for i, h in enumerate(hands, 1):
        res = h.result
        if res is None or h.phase != Phase.DONE:
            zero = (0,) * rules.num_sides
            rows.append(PadRow(i, h.dealer, -1, 0, -2, False, 0, zero, zero, tuple(totals)))
            continue
        totals = [a + b for a, b in zip(totals, res.score)]
        team = tuple(s for s in range(h.n) if h.team_mask() >> s & 1)
        rows.append(PadRow(i, h.dealer, h.bidder, h.bid, h.trump, res.made, res.bidding_points, res.points, res.score,
                           tuple(totals), team))
    return rows
