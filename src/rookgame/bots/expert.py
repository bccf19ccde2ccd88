"""The expert: perfect-information sampling over deals consistent with the seat's view.

For every decision it deals the cards it cannot see at random, consistently with all
that the table has shown (:mod:`.sampler`), and scores each candidate on every
sample: in the card play with the exact solver once few enough tricks remain (the
solver is given the sampled hands, never the real ones), otherwise by playing the
hand out with heuristic players; it bids, buries and names trump by simulating the
candidates the same way.  Candidates are scored by what they are worth in the hand's
score: the bidding team's result (its points if it makes the bid, minus the bid if
set) against the other side's, from this seat's side.

Levels differ by effort (samples, how deep the solver goes, a time limit per decision).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .. import actions as A
from .. import kernel
from ..solver import HAVE_C, BudgetExceeded, solve
from ..state import Hand, Phase
from ..view import View, view_of
from .heuristic import HeuristicPlayer, estimate, raises
from .sampler import SampleError, sample_hand


@dataclass(frozen=True)
class Level:
    samples: int  # deals sampled per card-play decision
    solve_tricks: int  # use the exact solver when at most this many tricks remain
    bid_samples: int  # deals simulated for the auction and for the nest
    seconds: float  # time limit per decision (at least a few samples are always taken)
    max_nodes: int  # solver budget per sample; over it, the sample is played out instead


LEVELS = {
    "easy": Level(6, 3, 8, 0.25, 20_000),
    "medium": Level(12, 5, 16, 0.5, 100_000),
    "hard": Level(20, 6, 32, 1.0, 300_000),
    "expert": Level(32, 7, 48, 2.0, 600_000),
}
if not HAVE_C:  # the pure-Python solver is far slower: keep it to the last tricks
    LEVELS = {k: Level(v.samples, min(v.solve_tricks, 3), v.bid_samples, v.seconds, v.max_nodes)
              for k, v in LEVELS.items()}


_MIN_SAMPLES = 3  # samples every decision takes, whatever the time limit
_PRIOR_SAMPLES = 8  # how many simulated deals the heuristic's bidding estimate is worth
_SWITCH_MARGIN = 10.0  # points a simulated nest plan must gain over the heuristic's own way


def team_of(hand: Hand, seat: int) -> int:
    """Seats playing with ``seat`` this hand (the defenders count as one side)."""
    team = hand.team_mask()
    if team >> seat & 1:
        return team
    return ((1 << hand.n) - 1) & ~team


def utility(hand: Hand, seat: int) -> float:
    """A finished hand from ``seat``'s side: its side's score minus the other side's."""
    res = hand.result
    if res is None:
        return 0.0
    rules = hand.rules
    mine = team_of(hand, seat)
    my_sides = {rules.side_of(s) for s in range(hand.n) if mine >> s & 1}
    other = [rules.side_of(s) for s in range(hand.n) if not mine >> s & 1]
    me = res.score[rules.side_of(seat)]
    them = max((res.score[s] for s in set(other) - my_sides), default=0)
    return float(me - them)


def _final_utility(hand: Hand, seat: int, team_future: int) -> float:
    """The utility of a hand in play if the bidder's team takes ``team_future`` more points."""
    rules = hand.rules
    team = hand.team_mask()
    pts = rules.deck.points
    taken = 0
    for _, cards, w in hand.tricks:
        if team >> w & 1:
            taken += sum(pts[c] for c in cards)
    if rules.nest_to == "bidder":
        taken += sum(pts[c] for c in hand.buried)
    team_total = taken + team_future
    hand_total = rules.total_points
    team_score = kernel.contract_score(rules, team_total, hand.bid, hand_total)
    other_score = kernel.defender_score(rules, hand_total - team_total, hand_total)
    diff = team_score - other_score
    return float(diff if team >> seat & 1 else -diff)


class ExpertPlayer:
    def __init__(self, seed: int | None = None, level: str = "expert", timed: bool = True) -> None:
        """``timed=False`` drops the time limit: every sample is taken, so the same view and
        seed always give the same choice (for tests; play keeps the limit)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.timed = timed
        self.name = level
        self.rng = random.Random(seed)
        self.heuristic = HeuristicPlayer()
        self._plan: tuple[tuple[object, ...], int | None, dict[int, float]] | None = None
        # Simulated takes for the hand in the auction, kept for the whole auction: drawing fresh
        # samples at every bid step made each step a new noisy test, and the auction stopped at
        # the first unlucky one (the expert underbid).
        self._auction: tuple[tuple[object, ...], list[float]] | None = None

    # ------------------------------------------------------------------ decisions
    def act(self, view: View) -> int:
        if len(view.legal) == 1:
            return view.legal[0]
        return self.rank(view)[0][0]

    def rank(self, view: View) -> list[tuple[int, float]]:
        """Legal actions best first, each with its expected value for this seat's side
        (its score minus the other side's, in points)."""
        if view.phase == Phase.PLAY:
            return self._rank_play(view)
        if view.phase == Phase.BID:
            return self._rank_bid(view)
        return self._rank_nest(view)

    # ------------------------------------------------------------------ card play
    def _rank_play(self, view: View) -> list[tuple[int, float]]:
        lv = self.level
        legal = list(view.legal)
        totals = dict.fromkeys(legal, 0.0)
        left = view.rules.deck.hand_size - len(view.tricks)
        deadline = time.perf_counter() + lv.seconds
        n = 0
        for _ in range(lv.samples):
            try:
                hand = sample_hand(view, self.rng)
            except SampleError:
                continue
            values = None
            if left <= lv.solve_tricks:
                try:
                    sol = solve(hand, cards=True, max_nodes=lv.max_nodes)
                    values = {a: _final_utility(hand, view.seat, v) for a, v in sol.cards.items()}
                except BudgetExceeded:
                    values = None
            if values is None:
                values = {a: self._rollout(hand, a, view.seat) for a in legal}
            for a in legal:
                totals[a] += values[a]
            n += 1
            if self._out_of_time(n, deadline):
                break
        if n == 0:  # no consistent deal found: the heuristic's card
            choice = self.heuristic.act(view)
            return [(choice, 0.0)] + [(a, -1.0) for a in legal if a != choice]
        return sorted(((a, totals[a] / n) for a in legal), key=lambda x: (-x[1], x[0]))

    def _out_of_time(self, done: int, deadline: float) -> bool:
        """Past the level's time limit, once a few samples are in (never when untimed)."""
        return self.timed and done >= _MIN_SAMPLES and time.perf_counter() > deadline

    def _rollout(self, hand: Hand, action: int, seat: int) -> float:
        """Play ``action``, then let heuristic players finish the hand."""
        h = hand.copy()
        h.apply_unchecked(action)
        self._finish(h)
        return utility(h, seat)

    def _finish(self, h: Hand) -> None:
        """Heuristic players play ``h`` to its end (the play-out of every simulation)."""
        bot = self.heuristic
        while h.phase < Phase.DONE:
            h.apply_unchecked(bot.act(view_of(h, h.to_act)))

    # ------------------------------------------------------------------ auction
    def _takes(self, view: View) -> list[float]:
        """What this seat's side takes as bidder, simulated over sampled deals once per auction,
        each take moved toward the heuristic's fitted estimate for the hand (a few samples are
        noisy; the estimate counts as ``_PRIOR_SAMPLES`` samples)."""
        key = (view.rules, view.dealer, view.seat, int(view.hand))
        if self._auction is not None and self._auction[0] == key:
            return self._auction[1]
        takes = self._simulate_takes(view)
        if takes:
            n = len(takes)
            shift = _PRIOR_SAMPLES / (n + _PRIOR_SAMPLES) * (estimate(view.rules, int(view.hand)) - sum(takes) / n)
            takes = [t + shift for t in takes]
        self._auction = (key, takes)
        return takes

    def _simulate_takes(self, view: View) -> list[float]:
        rules = view.rules
        out: list[float] = []
        deadline = time.perf_counter() + self.level.seconds
        for _ in range(self.level.bid_samples):
            if self._out_of_time(len(out), deadline):
                break
            try:
                sample = sample_hand(view, self.rng)
            except SampleError:
                continue
            h = Hand(rules, view.dealer)
            h.set_deal(list(sample.dealt), sample.nest)
            lowest = rules.min_bid
            while h.phase == Phase.BID:
                s = h.to_act
                if s == view.seat and h.high_bidder != view.seat:
                    h.apply_unchecked(A.BID + max(lowest, h.high_bid + rules.bid_step if h.high_bidder >= 0
                                                  else lowest))
                elif A.PASS in h.legal_actions():
                    h.apply_unchecked(A.PASS)
                else:
                    h.apply_unchecked(h.legal_actions()[0])
            if h.bidder != view.seat:
                continue
            self._finish(h)
            if h.result is not None:
                out.append(float(h.result.bidding_points))
        return out

    def _rank_bid(self, view: View) -> list[tuple[int, float]]:
        legal = list(view.legal)
        rules = view.rules
        if A.REDEAL in legal:
            return [(A.REDEAL, 0.0)] + [(a, -1.0) for a in legal if a != A.REDEAL]
        takes = self._takes(view)
        bids = [a for a in legal if a >= A.BID]
        if not takes:
            choice = self.heuristic.act(view)
            return [(choice, 0.0)] + [(a, -1.0) for a in legal if a != choice]
        total = rules.total_points

        def ev(b: int) -> float:
            # Our score minus theirs if we play the hand at b.
            return sum((t if t >= b else -b) - (total - t) for t in takes) / len(takes)

        scored = sorted(((a, ev(a - A.BID)) for a in bids), key=lambda x: (-x[1], x[0]))
        # The heuristic's rule with the simulated take as the limit: bid one step at a time while
        # the hand is expected to make the bid; over a partner, only with a clearly better hand.
        if A.PASS not in legal or raises(view, sum(takes) / len(takes)):
            first = bids[0]
            return [(first, ev(first - A.BID))] + [x for x in scored if x[0] != first] + \
                [(a, -1e9) for a in legal if a < A.BID]
        # Passing is preferred here: rank it first, at the value of the best bid or 0.
        return [(A.PASS, max([0.0] + [v for _, v in scored]))] + scored

    # ------------------------------------------------------------------ nest and declarations
    def _rank_nest(self, view: View) -> list[tuple[int, float]]:
        if view.step not in ("bury", "trump"):
            choice = self.heuristic.act(view)
            return [(choice, 0.0)] + [(a, -1.0) for a in view.legal if a != choice]
        plan, values = self._nest_plan(view)
        want = self._plan_action(view, plan)
        if view.step == "trump":
            def value(a: int) -> float:
                return values.get(a - A.TRUMP, -1e9) if A.TRUMP <= a < A.NO_TRUMP else -1e9
            return [(want, value(want))] + sorted(((a, value(a)) for a in view.legal if a != want),
                                                  key=lambda x: (-x[1], x[0]))
        return [(want, 0.0)] + [(a, -1.0) for a in view.legal if a != want]

    def _plan_action(self, view: View, plan: int | None) -> int:
        """The nest action of a plan: ``None`` is the heuristic's own way (its colour, chosen again
        as cards are buried); a colour is the heuristic's burying with that colour as trump."""
        if plan is None or view.step not in ("bury", "trump"):
            return self.heuristic.act(view)
        if view.step == "trump":
            return A.TRUMP + plan if A.TRUMP + plan in view.legal else self.heuristic.act(view)
        return self.heuristic.bury(view, plan)

    def _nest_plan(self, view: View) -> tuple[int | None, dict[int, float]]:
        """Choose how to name trump and bury by simulating each plan on the same sampled deals;
        kept for the rest of the nest phase.  Returns the plan and each colour's simulated value."""
        if self._plan is not None and self._plan[0] == _nest_key(view):
            return self._plan[1], self._plan[2]
        colours = [view.trump] if view.trump >= 0 else [0, 1, 2, 3]
        plans: list[int | None] = [None, *colours] if len(colours) > 1 else []
        totals = [0.0] * len(plans)
        n = 0
        deadline = time.perf_counter() + self.level.seconds
        for _ in range(2 * self.level.bid_samples if plans else 0):
            if self._out_of_time(n, deadline):
                break
            try:
                sample = sample_hand(view, self.rng)
            except SampleError:
                continue
            for i, p in enumerate(plans):  # every plan on the same deals
                totals[i] += self._play_plan(sample, view, p)
            n += 1
        values: dict[int, float] = {}
        plan: int | None = None
        if n:
            # The heuristic's way is the default; a colour must beat it clearly on the same sampled
            # deals (a few samples are noisy, and a close call is not worth a worse habit).
            best = totals[0] / n + _SWITCH_MARGIN
            for colour, total in zip(colours, totals[1:]):
                values[colour] = total / n
                if values[colour] > best:
                    best, plan = values[colour], colour
        self._plan = (_nest_key(view), plan, values)
        return plan, values

    def _play_plan(self, sample: Hand, view: View, plan: int | None) -> float:
        """Finish the nest of a sampled deal by ``plan``, let the heuristic play it out: the utility."""
        h = sample.copy()
        while h.phase == Phase.NEST:
            v = view_of(h, h.to_act)
            h.apply_unchecked(self._plan_action(v, plan) if h.to_act == view.seat else self.heuristic.act(v))
        self._finish(h)
        return utility(h, view.seat)


def _nest_key(view: View) -> tuple[object, ...]:
    """Identifies one bidder's nest phase: the same hand (cards held plus buried) after the same auction."""
    held = int(view.hand) | (int(view.buried) if view.buried is not None else 0)
    return (view.dealer, view.auction, view.seat, held)
