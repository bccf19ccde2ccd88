"""Analysis of a played game: every decision of every seat against the expert's choice.

Judged: bids and passes, the trump call, and every card played.  The cards buried and
the partner and Bird calls follow the expert's plan for the whole nest and are not
priced one by one, so they are not judged.

Each decision is judged from the deciding seat's view only (what it could know then).  The
expert names its choice; the choice and the action taken are then valued on the same deals,
drawn consistently with the view: a card by the expert's own card search (the solver near the
end, play-outs before), a bid, a pass or a trump call by playing each out (the rest of the
auction, the nest and the play by the heuristic, the bidding search's play-outs).  The cost is
the mean difference over those deals, and its noise the standard error of that mean: a decision
is flagged only when its cost less ``NOISE_Z`` times its noise still reaches the threshold, so
a flag is not a coin's toss of the sampling.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .bots.expert import LEVELS, ExpertPlayer, utility
from .bots.heuristic import HeuristicPlayer
from .bots.playout import finish
from .bots.sampler import SampleError, sample_hand
from .record import replay_record
from .rules import NestStep
from .state import Hand, Phase
from .view import View, view_of

NOISE_Z = 2.0  # a flagged cost reaches the threshold this many standard errors below its estimate


@dataclass(frozen=True)
class Decision:
    hand: int  # from 1
    trick: int | None  # from 1, for card play
    seat: int
    phase: str
    taken: int
    taken_value: float
    best: int
    best_value: float
    noise: float = 0.0  # the standard error of the cost (inf when it rests on one deal)
    deals: int = 0  # the deals the values rest on

    @property
    def cost(self) -> float:
        return max(0.0, self.best_value - self.taken_value)

    def flagged(self, threshold: float) -> bool:
        """A blunder: it costs at least ``threshold`` points even at the low end of the estimate
        (the cost less ``NOISE_Z`` times its noise)."""
        return self.cost - NOISE_Z * self.noise >= threshold


def _paired(diffs: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


class Judge:
    """Values the actions of one seat on deals consistent with its view.  ``scale`` multiplies
    the deals (a deeper judge, for a second look at a costly decision)."""

    def __init__(self, level: str, seed: int, timed: bool = True, scale: int = 1) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.expert = ExpertPlayer(seed, level, timed=timed)
        if scale > 1:
            lv = LEVELS[level]
            self.expert.level = replace(lv, samples=lv.samples * scale, early_samples=lv.early_samples * scale)
        self.heuristic = HeuristicPlayer()
        self.rng = random.Random(seed)
        self.deals = 2 * LEVELS[level].bid_samples * scale  # play-outs per action for bids and trump calls

    def judge(self, view: View, taken: int) -> tuple[int, list[tuple[float, float]]]:
        """The expert's choice, and the (taken, choice) values on each deal judged."""
        if view.phase == Phase.PLAY:
            scored = self.expert.play_values(view)
            if not scored:
                return taken, []
            best = max(view.legal, key=lambda a: (sum(v[a] for v in scored), -a))
            return best, [(v[taken], v[best]) for v in scored]
        best = self.expert.rank(view)[0][0]
        return best, self.pairs(view, taken, best)

    def pairs(self, view: View, taken: int, best: int) -> list[tuple[float, float]]:
        """(taken, best) valued on the same deals: by the expert's card search in the play, and
        played out by the heuristic after a bid, a pass or a trump call."""
        if taken == best:
            return []
        if view.phase == Phase.PLAY:
            return [(v[taken], v[best]) for v in self.expert.play_values(view)]
        out: list[tuple[float, float]] = []
        for _ in range(self.deals):
            try:
                sample = sample_hand(view, self.rng)
            except SampleError:
                continue
            pair = []
            for action in (taken, best):
                h = sample.copy()
                h.apply_unchecked(action)
                finish(h, self.heuristic)
                pair.append(utility(h, view.seat, self.expert.level.own_points))
            out.append((pair[0], pair[1]))
        return out


def decision(number: int, trick: int | None, seat: int, phase: str, taken: int, best: int,
              pairs: list[tuple[float, float]]) -> Decision:
    if not pairs:  # nothing to tell them apart: the same action, or no deal found
        return Decision(number, trick, seat, phase, taken, 0.0, taken, 0.0, math.inf, 0)
    n = len(pairs)
    mine = sum(p[0] for p in pairs) / n
    theirs = sum(p[1] for p in pairs) / n
    _, noise = _paired([b - a for a, b in pairs])
    if theirs < mine:  # the deals say the choice made was at least as good
        best, theirs = taken, mine
    return Decision(number, trick, seat, phase, taken, mine, best, theirs, noise, n)


def analyze(rec: dict[str, Any], game: int = 1, level: str = "medium", seed: int = 0,
            progress: Callable[[int, int], Any] | None = None, blunder: float = 10.0,
            timed: bool = True) -> list[Decision]:
    """Every decision with a choice in one game record, judged as the record walker replays it
    (``timed=False``: each first look takes every deal of the level, whatever the machine's load).

    A decision that looks like it costs ``blunder`` points or more is judged again on four times
    as many other deals, and the two looks are pooled: most of a first look's large costs are
    the luck of a few deals."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    checked = replay_record(rec, game).match  # the whole record first: a bad one is refused before any work
    first = Judge(level, seed, timed=timed)
    second = Judge(level, seed + 1, timed=False, scale=4)
    out: list[Decision] = []
    # A finished game's last hand is also its current one: count it once.
    walked = checked.hands + ([] if checked.hand in checked.hands else [checked.hand])
    total_actions = sum(len(h.history) for h in walked)
    done = [0]

    def before(number: int, hand: Hand, seat: int, action: int, trick: int | None, totals: list[int]) -> None:
        legal = hand.legal_actions()
        # Burying and the partner and Bird calls are played by the expert's plan, not priced
        # card by card: they are not judged.
        judged = hand.phase != Phase.NEST or hand.step_kind in (NestStep.TRUMP, NestStep.DIRECTION)
        if len(legal) > 1 and judged:
            view = view_of(hand, seat, totals)
            phase = hand.phase.name.lower()
            best, pairs = first.judge(view, action)
            d = decision(number, trick, seat, phase, action, best, pairs)
            if d.cost >= blunder:
                d = decision(number, trick, seat, phase, action, best, pairs + second.pairs(view, action, best))
            out.append(d)
        done[0] += 1
        if progress is not None:
            progress(done[0], total_actions)

    replay_record(rec, game, before=before)
    return out
