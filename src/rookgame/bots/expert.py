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
from ..solver import HAVE_C, BudgetExceeded, solve
from ..state import Hand, Phase
from ..view import View, view_of
from .heuristic import HeuristicPlayer, best_colour, keep_value
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


_SWITCH_MARGIN = 10.0  # points a simulated trump colour must gain over the heuristic's choice


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
    made = team_total >= hand.bid
    team_score = team_total if made else -hand.bid
    other_score = hand_total - team_total
    if rules.moon == "double":
        if team_total == hand_total:
            team_score = 2 * hand_total
        elif team_total == 0:
            other_score = 2 * hand_total
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
        self._plan: tuple[tuple[object, ...], dict[str, list[int]]] | None = None
        self._colour_values: dict[int, float] = {}  # simulated value of each trump colour tried

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
            if self.timed and n >= 3 and time.perf_counter() > deadline:
                break
        if n == 0:  # no consistent deal found: the heuristic's card
            choice = self.heuristic.act(view)
            return [(choice, 0.0)] + [(a, -1.0) for a in legal if a != choice]
        return sorted(((a, totals[a] / n) for a in legal), key=lambda x: (-x[1], x[0]))

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
        """Simulated: what this seat's side takes as bidder, over sampled deals."""
        rules = view.rules
        out = []
        for _ in range(self.level.bid_samples):
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

        partner_high = (view.high_bidder >= 0 and view.high_bidder != view.seat
                        and rules.mode == "partners" and view.high_bidder % 2 == view.seat % 2)
        # Passing leaves the hand to the others; defending is worth about the mirror of their contract.
        pass_value = -ev(rules.min_bid) * 0.5 if not partner_high else 10.0
        scored = [(a, ev(a - A.BID)) for a in bids]
        if A.PASS in legal:
            scored.append((A.PASS, pass_value))
        mean_take = sum(takes) / len(takes)
        # Bid one step at a time: the cheapest bid worth more than passing, if the hand can make it.
        ranked = sorted(scored, key=lambda x: (-x[1], x[0]))
        if bids and (A.PASS not in legal or (ev(bids[0] - A.BID) > pass_value and mean_take >= bids[0] - A.BID)):
            first = bids[0]
            return [(first, ev(first - A.BID))] + [x for x in ranked if x[0] != first]
        if A.PASS in legal:
            return [(A.PASS, pass_value)] + [x for x in ranked if x[0] != A.PASS]
        return ranked

    # ------------------------------------------------------------------ nest and declarations
    def _rank_nest(self, view: View) -> list[tuple[int, float]]:
        if view.step not in ("bury", "trump"):
            choice = self.heuristic.act(view)
            return [(choice, 0.0)] + [(a, -1.0) for a in view.legal if a != choice]
        plan = self._nest_plan(view)
        if view.step == "trump":
            values = self._colour_values
            ranked = sorted(((a, values.get(a - A.TRUMP, -1e9)) for a in view.legal if A.TRUMP <= a < A.NO_TRUMP),
                            key=lambda x: (x[0] != A.TRUMP + plan["trump"][0], -x[1]))
            rest = [(a, -1e9) for a in view.legal if not A.TRUMP <= a < A.NO_TRUMP]
            return ranked + rest
        else:
            want = next((A.BURY + c for c in plan["bury"] if A.BURY + c in view.legal), -1)
        if want not in view.legal:  # a house rule may refuse the planned card: the heuristic's then
            want = self.heuristic.act(view)
        return [(want, 0.0)] + [(a, -1.0) for a in view.legal if a != want]

    def _nest_plan(self, view: View) -> dict[str, list[int]]:
        """Choose trump and the cards to bury by simulation; kept for the rest of the nest phase."""
        if self._plan is not None:
            key, plan = self._plan
            if key == _nest_key(view) and (view.trump < 0 or plan["trump"][0] == view.trump):
                return plan
        rules = view.rules
        hand = int(view.hand)
        colours = [view.trump] if view.trump >= 0 else [0, 1, 2, 3]
        samples = []
        for _ in range(2 * self.level.bid_samples):
            try:
                samples.append(sample_hand(view, self.rng))
            except SampleError:
                continue
        # The heuristic's colour is the default; another colour must beat it clearly on the same
        # sampled deals (a few samples are noisy, and a close call is not worth a worse habit).
        default = view.trump if view.trump >= 0 else best_colour(rules, hand)
        if default not in colours:
            colours.insert(0, default)
        best: tuple[float, int, list[int]] | None = None
        self._colour_values = {}
        for colour in colours:
            bury = self._bury_for(view, colour)
            if not samples:
                value = 0.0
            else:
                value = sum(self._play_declared(s, view, colour, bury) for s in samples) / len(samples)
            self._colour_values[colour] = value
            if colour != default:
                value -= _SWITCH_MARGIN
            if best is None or value > best[0]:
                best = (value, colour, bury)
        assert best is not None
        plan = {"trump": [best[1]], "bury": best[2]}
        self._plan = (_nest_key(view), plan)
        return plan

    def _bury_for(self, view: View, colour: int) -> list[int]:
        """The cards still to bury if ``colour`` is trump, in the heuristic's order."""
        need = view.rules.nest_size - view.buried_count
        hand = int(view.hand)
        # From every card in hand: when trump is named first, the legal actions now are trump calls.
        cards = [c for c in range(64) if hand >> c & 1]
        return sorted(cards, key=lambda c: (keep_value(view.rules, hand, colour, c), c))[:need]

    def _play_declared(self, sample: Hand, view: View, colour: int, bury: list[int]) -> float:
        h = sample.copy()
        to_bury = list(bury)
        bot = self.heuristic
        try:
            while h.phase == Phase.NEST:
                kind = h.step_kind
                if kind == "bury":
                    card = to_bury.pop(0) if to_bury else None
                    action = A.BURY + card if card is not None else bot.act(view_of(h, h.to_act))
                elif kind == "trump":
                    action = A.TRUMP + colour
                else:
                    action = bot.act(view_of(h, h.to_act))
                if action not in h.legal_actions():
                    action = bot.act(view_of(h, h.to_act))
                h.apply_unchecked(action)
            self._finish(h)
        except IndexError:
            return -1e9
        return utility(h, view.seat)


def _nest_key(view: View) -> tuple[object, ...]:
    """Identifies one bidder's nest phase: the same hand (cards held plus buried) after the same auction."""
    held = int(view.hand) | (int(view.buried) if view.buried is not None else 0)
    return (view.dealer, view.auction, view.seat, held)
