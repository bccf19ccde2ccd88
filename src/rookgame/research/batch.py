"""Many hands at once, as numpy arrays: data for training and quick statistics.

:func:`simulate` deals and plays ``hands`` hands of one rule set with random players, or with
any registered bots, and returns a :class:`Batch` of arrays, one row per hand::

    from rookgame.research.batch import simulate
    b = simulate("kentucky-discard", 100_000, seed=1, workers=2)
    b.score.mean(axis=0), b.made[~b.thrown_in].mean()

Every rule is the engine's: each hand is a :class:`~rookgame.state.Hand`, its legal actions
and transitions those of :mod:`rookgame.state`.  Speed comes from playing without what a
single table needs: random players choose straight from the legal actions (no view is built,
nothing is checked twice: ``apply_unchecked`` on an action the engine listed), no records are
written, and the hands are spread over worker processes in chunks.  Hand ``i`` is dealt from
``hand_seeds(seed, hands)[i]`` with seat ``i % players`` dealing, and its players are seeded
from the same number, so the arrays depend on the seed only, never on ``workers``.

``random`` plays as :class:`rookgame.bots.RandomPlayer` does: in the auction an equal chance
of passing, the lowest bid or (where it may) a redeal call; elsewhere uniform over the legal
actions.  Other bots are asked through their views, as at a table (slower, their own speed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import actions as A
from ..bots import Player, make_player
from ..rules import RuleSet
from ..state import Hand, Phase
from ..view import view_of
from .base import rules_from, seat_scores
from .observe import max_auction

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
U64 = npt.NDArray[np.uint64]
B = npt.NDArray[np.bool_]


def hand_seeds(seed: int, hands: int) -> list[int]:
    """One seed per hand, all drawn from ``seed``."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(hands)]


def max_actions(rules: RuleSet) -> int:
    """The most player actions a hand can have (the width of :attr:`Batch.actions`)."""
    return max_auction(rules) + len(rules.nest_steps) + rules.deck.size - rules.nest_size


@dataclass
class Batch:
    """One row per hand.  Seats are table seats; ``score`` is each seat's score for the hand (its
    side's), 0 in a thrown-in hand."""

    dealer: I8  # (N,)
    dealt: U64  # (N, n) each seat's cards as dealt (a mask of card indices)
    nest: U64  # (N,) the nest as dealt
    bidder: I8  # (N,) -1 when thrown in
    bid: I16  # (N,) the contract, 0 when thrown in
    trump: I8  # (N,) -1 no trump, 0..3 a colour, -2 thrown in
    thrown_in: B  # (N,)
    made: B  # (N,) whether the bidding side made its bid
    score: I32  # (N, n)
    taken: I32  # (N, n) counter points in the tricks each seat won
    won: I8  # (N, n) tricks won per seat
    length: I16  # (N,) player actions in the hand
    actions: I16 | None = None  # (N, max_actions) every action in order, padded with -1 (record_actions)

    def __len__(self) -> int:
        return int(self.dealer.shape[0])

    @classmethod
    def concat(cls, parts: Sequence[Batch]) -> Batch:
        out: dict[str, Any] = {}
        for f in fields(cls):
            arrays = [getattr(p, f.name) for p in parts]
            out[f.name] = None if any(a is None for a in arrays) else np.concatenate(arrays)
        return cls(**out)


def _random_action(hand: Hand, rng: random.Random) -> int:
    if hand.phase == Phase.PLAY:
        return rng.choice(hand.legal_tuple())
    legal = hand.legal_actions()
    if hand.phase == Phase.BID:
        choices = [a for a in legal if a < A.BID]
        for a in legal:
            if a >= A.BID:
                choices.append(a)  # the lowest bid: legal actions are sorted
                break
        return rng.choice(choices)
    return rng.choice(legal)


def _play_chunk(rules: RuleSet, players: tuple[str, ...], start: int, seeds: list[int],
                record_actions: bool) -> Batch:
    n = rules.players
    k = len(seeds)
    width = max_actions(rules)
    dealer = np.zeros(k, np.int8)
    dealt = np.zeros((k, n), np.uint64)
    nest = np.zeros(k, np.uint64)
    bidder = np.full(k, -1, np.int8)
    bid = np.zeros(k, np.int16)
    trump = np.full(k, -2, np.int8)
    thrown = np.zeros(k, np.bool_)
    made = np.zeros(k, np.bool_)
    score = np.zeros((k, n), np.int32)
    taken = np.zeros((k, n), np.int32)
    won = np.zeros((k, n), np.int8)
    length = np.zeros(k, np.int16)
    actions = np.full((k, width), -1, np.int16) if record_actions else None
    all_random = all(p == "random" for p in players)
    for row, seed in enumerate(seeds):
        rng = random.Random(seed)
        d = (start + row) % n
        hand = Hand(rules, d)
        hand.deal_random(rng)
        if all_random:
            while hand.phase < Phase.DONE:
                hand.apply_unchecked(_random_action(hand, rng))
        else:
            bots: list[Player | None] = [None if p == "random" else make_player(p, seed * 64 + s)
                                         for s, p in enumerate(players)]
            while hand.phase < Phase.DONE:
                seat = hand.to_act
                bot = bots[seat]
                if bot is None:
                    hand.apply_unchecked(_random_action(hand, rng))
                else:
                    hand.apply(bot.act(view_of(hand, seat)), seat)
        dealer[row] = d
        dealt[row] = hand.dealt
        nest[row] = hand.nest
        length[row] = len(hand.history)
        if actions is not None:
            actions[row, :len(hand.history)] = hand.history
        if hand.result is None:
            thrown[row] = True
            continue
        bidder[row] = hand.bidder
        bid[row] = hand.bid
        trump[row] = hand.trump
        made[row] = hand.result.made
        score[row] = seat_scores(hand)
        taken[row] = hand.taken
        won[row] = hand.won
    return Batch(dealer, dealt, nest, bidder, bid, trump, thrown, made, score, taken, won, length, actions)


def simulate(rules: RuleSet | str | Path, hands: int, seed: int = 0, players: str | Sequence[str] = "random",
             workers: int = 1, record_actions: bool = False, chunk: int = 2000) -> Batch:
    """Play ``hands`` hands; ``players``: one bot name for every seat, or one per seat."""
    rs = rules_from(rules)
    n = rs.players
    names = (players,) * n if isinstance(players, str) else tuple(players)
    if len(names) != n:
        raise ValueError(f"{n} players are needed, one per seat, not {len(names)}")
    names = tuple(p.strip().lower() for p in names)
    for p in names:
        make_player(p)  # an unknown name is refused here, with the registered bots
    if hands < 0:
        raise ValueError(f"hands = {hands}: give 0 or more")
    if workers < 1:
        raise ValueError(f"workers = {workers}: use 1 or more processes")
    seeds = hand_seeds(seed, hands)
    pieces = [(i, seeds[i:i + chunk]) for i in range(0, hands, chunk)] or [(0, [])]
    if workers == 1 or len(pieces) == 1:
        parts = [_play_chunk(rs, names, i, s, record_actions) for i, s in pieces]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(pieces))) as pool:
            futures = [pool.submit(_play_chunk, rs, names, i, s, record_actions) for i, s in pieces]
            parts = [f.result() for f in futures]
    return Batch.concat(parts)
