"""The expert: perfect-information sampling over deals consistent with the seat's view.

For every decision it deals the cards it cannot see at random, consistently with all
that the table has shown (:mod:`.sampler`), and scores each candidate on every
sample: in the card play with the exact solver once few enough tricks remain (the
solver is given the sampled hands, never the real ones), otherwise by playing the
hand out with heuristic players; it bids, buries and names trump by simulating the
candidates the same way.  In the auction of a partnership game it bids on whenever, on
the same sampled deals, taking the contract at the next step is worth more than passing
and letting the others bid on (:meth:`ExpertPlayer._bid_gain`).  Candidates are scored by
what they are worth in the hand's score: the bidding team's result (its points if it makes
the bid, minus the bid if set) against the other side's, from this seat's side.

Levels differ by effort (samples, how deep the solver goes, a time limit per decision).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence

from .. import actions as A
from .. import kernel
from ..cards import cards_of, mask_of
from ..rules import NestStep, RuleSet
from ..solver import HAVE_C, BudgetExceeded, solve
from ..state import Hand, Phase
from ..view import View, view_of
from . import bidmodel, ismcts
from .belief import Model, shipped
from .heuristic import HeuristicPlayer, burying_order, estimate, nest_colour, partner_holds_bid, raises
from .knowledge import know
from .playout import finish, seat_knowledge
from .policy import PolicyPlayer, shipped_policy
from .sampler import Draw, SampleError


@dataclasses.dataclass(frozen=True)
class Level:
    samples: int  # deals sampled per card-play decision
    solve_tricks: int  # use the exact solver when at most this many tricks remain
    bid_samples: int  # deals simulated for the auction and for the nest
    seconds: float  # time limit per decision: a hard one, checked between play-outs and inside the solver
    max_nodes: int  # solver budget per sample; over it, the sample is played out instead
    # Weigh the sampled deals by the cards played (see ExpertPlayer._play_samples).  Off: over 100
    # kentucky-discard deals head to head it gained +0.1 [-5.0, +5.3] points a hand for 3.4 times
    # the decision time (docs/benchmarks.md, issue 12).
    weigh_play: bool = False
    # Play-outs stop with this many tricks left and the solver plays the rest (0: never).  Over 150
    # kentucky-discard deals, medium with 5 against medium without gained +1.0 [-3.2, +5.3]; in full-deck, where a
    # play-out from the first trick runs 7 tricks before medium's solver, medium with 6 took +24.1 over the
    # heuristic where it took +22.0 (1,000 deals): on in medium and hard, off in the expert (with 7 it lost -0.8
    # [-7.4, +5.8] over 150 full-deck deals and came near its limit; with the play-outs in C, at 6, +1.16 [-2.54,
    # +4.87] over 308 full-deck deals; docs/benchmarks.md, issues 12 and 28).
    tail_tricks: int = 0
    misfit: float = 0.25  # with weigh_play: a deal's weight for each card played that the heuristic would not play
    weigh_partner: bool = True  # with weigh_play: the partner's cards count too (else only the other side's)
    bid_margin: float = 0.0  # points added to the simulated take before the auction rule is applied
    # In partnership games, bid the next step whenever, on the same sampled deals, taking the contract
    # there is worth more than passing and letting the auction go on (the heuristic for the others);
    # over a partner, the rule of the simulated take still decides.  On: +12.6 [+5.2, +20.1] points a
    # hand against the heuristic over 200 kentucky-discard deals (docs/benchmarks.md, issue 12).
    compete: bool = True
    compete_samples: int = 0  # deals for that comparison (0: bid_samples)
    # Bid when the simulated gain is over minus this (a lean toward bidding: the play-outs are the
    # heuristic's, and the expert takes about 10 points more as bidder).  Off: 12 lost -5.5 [-10.9, -0.0]
    # points a hand over 150 full-deck deals (docs/benchmarks.md, issue 12).  Nor a lean toward passing
    # against the expert, whose contracts the expert sets two times in five: at -10, head to head over 300
    # deals, -1.2 [-5.0, +2.6] (kentucky-discard) and +0.4 [-3.6, +4.4] (full-deck) (issue 28).
    compete_margin: float = 0.0
    # Compete over a partner's bid too (else the rule of the simulated take).  Off: against the
    # heuristic, deal by deal, it gained +1.9 [-1.4, +5.2] over 150 full-deck deals (medium +2.9
    # [-0.7, +6.5] over 300) but lost -2.8 [-7.3, +1.7] over 200 kentucky-discard deals.
    compete_partner: bool = False
    # In the comparison's line where this seat bids, the others bid on as the heuristic would (and this
    # seat passes at its next turn) instead of all passing.  Off: -0.7 [-6.9, +5.5] over 150 full-deck deals.
    compete_continue: bool = False
    switch_margin: float = 10.0  # points a simulated nest plan must gain over the heuristic's own way
    # Search the burial: every set of the cards to bury among this many the heuristic would bury first
    # (0: the heuristic's burial), scored on the same sampled deals; the best ``bury_finalists`` scored on
    # twice as many deals again, and the best of those kept when it beats the heuristic's burial by
    # ``bury_margin`` points.  Off: the best of the sets among 9 beats the heuristic's burial by +3.1 points
    # a burial in play-outs on fresh deals (benchmarks/burial_search.py, kentucky-discard), but at 8 (56 sets
    # of five) the expert with it scored +0.4 [-3.1, +3.8] points a hand against the expert over 300
    # kentucky-discard deals, +0.4 [-3.3, +4.0] over 225 full-deck deals and -2.8 [-11.2, +5.6] over 278 of
    # the family file (docs/benchmarks.md, issue 28).
    bury_search: int = 0
    bury_finalists: int = 4
    bury_margin: float = 0.0
    # In games each for themselves, a defender values a hand as its own score against the best other
    # seat's (else as the defenders' together against the bidder), and plays every card out by the
    # heuristic, since the solver pools the defenders' points.  On: +3.2 [+0.9, +5.5] points a hand
    # against the heuristic over 200 deals of five players each for themselves (docs/benchmarks.md).
    own_points: bool = True
    # Compete in games without fixed partners too (call-partner, each for themselves); else the rule of
    # the simulated take decides there.  Off: -4.8 [-9.7, +0.1] over 100 deals of five players each for
    # themselves (it took more contracts and made fewer: 69 of 114).
    compete_any_mode: bool = False
    # Read the bidder's nest decisions when drawing deals: the hidden burial as the heuristic would
    # bury, the trump named as its best colour (bots/sampler.py).  On: against the heuristic, deal by
    # deal, +5.4 [+0.9, +9.9] points a hand over 300 full-deck deals; the sees-all gap in
    # kentucky-discard 17.1 -> 12.2 (+4.8 [+1.2, +8.5] over 200 deals) (docs/benchmarks.md, issue 12).
    read_nest: bool = True
    # Weigh the drawn deals by the auction: a deal whose hands the heuristic would not have bid or passed
    # with, as each seat did, is less likely (bots/sampler.py).  Dropped, head to head against the expert
    # (which bids past the heuristic's reading): +0.1 [-5.3, +5.6] points a hand over 300 kentucky-discard
    # deals, +2.5 [-2.7, +7.6] over 250 full-deck deals (docs/benchmarks.md, issue 28): kept.
    weigh_auction: bool = True
    # Draw the deals of the card play from the learned beliefs (bots/belief.py, the shipped weights):
    # each hidden card where the model says it likely is, the hard constraints kept.  Alone, head to head
    # against the expert, every run pooled, -0.1 [-2.7, +2.5] points a hand over 540 kentucky-discard
    # deals, +1.3 [-1.3, +4.0] over 600 full-deck deals, +1.6 [-2.8, +6.0] over 900 family.toml deals,
    # for 2 to 5 ms more a decision; with twice the deals where play-outs score the cards, on in the
    # expert (docs/benchmarks.md, issue 28, "The beliefs with more deals").
    belief: bool = False
    # With ``belief``, the auction's and the nest's deals drawn from the beliefs too (else the card play's alone).
    # Head to head against the expert, +0.8 [-4.5, +6.1] points a hand over 300 kentucky-discard deals and -2.26
    # [-7.41, +2.90] over 206 full-deck deals (more contracts taken, fewer made): off there.
    # Medium with it against the heuristic over 1,000 deals, deal by deal against medium: +0.2 [-3.3, +3.7]
    # (kentucky-discard), +2.1 [-1.1, +5.4] (full-deck), +0.6 [-6.1, +7.3] (family.toml); with ``tail_tricks``
    # too, +2.5 [-0.7, +5.7] over the tail alone in full-deck: on in medium and hard (docs/benchmarks.md, issue 28).
    belief_auction: bool = False
    # Bid from the learned distribution of the take (bots/bidmodel.py): bid on while its
    # ``bid_quantile`` quantile reaches the next bid (the heuristic's auction rule), instead of the
    # simulated takes and the comparison with passing; no play-outs in the auction.  Off: at 0.5 (the
    # best quantile for the auction alone, 0.2 to 0.7 measured with heuristic play) it lost -17.0
    # [-26.4, -7.5] points a hand to the expert over 105 kentucky-discard deals, its contracts made
    # 76/105 against 84/93 (docs/benchmarks.md, issue 28, item 2).
    bidmodel: bool = False
    bid_quantile: float = 0.5
    # Price the bidder's nest choices by the same model fitted where they are made (bots/bidmodel.py, the plan
    # model: the take's quantiles from the cards kept, the trump, the points buried, the contract and the calls)
    # instead of play-outs: each trump with each burial among the first (cards to bury + ``nest_pool``) of the
    # heuristic's burying order for it, then each card it may call; the best expected score is played.  Off:
    # 9 ms a nest against the play-outs' 170 to 260, but head to head against the expert +1.32 [-2.20, +4.83]
    # points a hand over 300 kentucky-discard deals, -0.54 [-3.76, +2.67] over 391 full-deck deals, -0.62
    # [-12.36, +11.11] over 149 family.toml deals
    # (docs/benchmarks.md, issue 28, "The nest and the partner calls priced by the same model").
    nest_model: bool = False
    nest_pool: int = 3
    # The partner calls alone priced so (the trump and burial played out as before; else the heuristic's call:
    # the highest trump it does not hold).  Off: +0.09 [-3.61, +3.79] points a hand over 87 call-partner deals,
    # head to head against the expert, the same contracts made (288 of 348).
    call_model: bool = False
    # The card play's sampled deals played out by the learned policy (bots/policy.py: the card the
    # expert most likely plays, distilled from its own decisions) instead of the heuristic.  Off: untimed,
    # card by card at the first three tricks, it took -1.90 [-4.40, +0.60] points off the expert's regret
    # over 400 kentucky-discard positions, but a card costs 8 times the heuristic's in a play-out, and
    # timed it lost -5.7 [-13.1, +1.7] points a hand over 99 kentucky-discard deals (docs/benchmarks.md,
    # issue 28, item 3).
    playout: bool = False
    # With playout, the policy plays only the next this many tricks of a play-out, the heuristic the rest (0:
    # all).  Off: at 3, -1.81 [-3.59, -0.03] points of regret at the first tricks untimed over the 400
    # kentucky-discard positions, but -4.3 [-11.9, +3.3] points a hand in play over 71 deals.
    playout_tricks: int = 0
    # The learned policy as a prior over the cards to score: a card whose probability is under this
    # share of the likeliest card's is not scored (0: every card); the play-outs saved go to more deals
    # (as many play-outs in all as without the prior, at most ``prior_deals`` times the deals).  Off: at
    # 0.2, -0.85 [-2.21, +0.51] points of regret over the same 400 positions (not measured in the arena).
    prior: float = 0.0
    prior_deals: float = 2.0
    # Race the cards in the card play: from 16 deals on, every 8 deals, a card behind the best by more than
    # this many standard errors of their difference (deal by deal) is played out no more, and the decision
    # stops once one card is left (0: every card on every deal).  Off: at 2 it cut the median decision by a
    # third but lost -3.6 [-8.3, +1.1] points a hand over 100 kentucky-discard deals (a card that loses a little
    # on most deals and wins much on a few is dropped before those few come; docs/benchmarks.md, issue 28).
    race: float = 0.0
    # The card play's first this many tricks by information-set search (bots/ismcts.py) instead of
    # scoring each card on each deal (0: never), with this exploration constant (in units of the points
    # in play).  Off: at 3, -2.4 [-6.2, +1.5] points a hand over 300 kentucky-discard deals and -3.1 [-10.4,
    # +4.3] over 100 full-deck deals; at 1, +0.5 [-3.4, +4.4] over 300 kentucky-discard
    # deals and -1.7 [-7.6, +4.2] over 120 full-deck deals (docs/benchmarks.md, issue 28, item 3).
    ismcts: int = 0
    ismcts_explore: float = 0.7
    # Deals a card while play-outs score the cards (more than ``solve_tricks`` tricks left; 0: ``samples``):
    # those decisions are mostly above the median, so more deals there move the median less than more deals
    # everywhere (family.toml with the beliefs: 49 ms against 68; docs/benchmarks.md, issue 28).  More than the
    # expert's 128 gain nothing: 512 scored +0.15 [-2.85, +3.15] points a hand over 300 kentucky-discard deals.
    early_samples: int = 0
    # ``early_samples`` deals a card in the solver's first tricks too, while more than this many tricks are
    # left (0: only where play-outs score), where the decisions of kentucky-discard and family.toml already lie
    # above the median.  Off: at 6, +2.57 [-0.80, +5.95] points a hand over 175 family.toml deals head to head
    # against the expert, but full-deck's median decision 49.7 ms against 34.8; in kentucky-discard alone (its
    # median 12.8 ms), -0.26 [-2.55, +2.02] over 399 deals (docs/benchmarks.md, issue 28).
    early_left: int = 0
    # The auction's and the nest's simulated hands: the heuristic plays them until this many tricks are
    # left, the solver the rest exactly, as the expert's own card play does from ``solve_tricks`` (0: the
    # heuristic to the end).  A solve of seven tricks for the value alone costs about what the heuristic's
    # play of them does (under a millisecond at the median).  On in the expert at 7: head to head against the
    # expert without it, +4.78 [+0.11, +9.44] points a hand over 300 kentucky-discard deals (336 contracts taken
    # against 220, 65% made against 61%), +3.04 [-0.95, +7.04] over 300 full-deck deals, +2.41 [-6.30, +11.12]
    # over 247 family.toml deals; a first bid 0.2 to 0.3 s against 0.06 to 0.08, above the median anyway
    # (docs/benchmarks.md, issue 28, "The auction's hands end in the solver").  At most 28 cards in the hands
    # (_SIM_TAIL_CARDS): with six players, 4 tricks.
    sim_tail: int = 0
    # Where the solver scores the cards: after ``samples`` deals, when the best card is not ahead of
    # every other card by more than ``extend_z`` standard errors of their difference deal by deal (cards
    # equal on every deal aside), score more deals, up to this many in all (0: never): only the close calls
    # pay for the deals (a quarter of the solver's decisions in family.toml at 2).  Off: 64 then up to 128
    # gained -0.02 [-3.87, +3.82] points a hand over 225 family.toml deals, head to head against the expert
    # (153 of them alike), where 128 at every card had led by +6.1 (docs/benchmarks.md, issue 28).
    extend_samples: int = 0
    extend_z: float = 2.0
    # The simulated take drawn again at each of the seat's bids, from the auction as it then stands (else once
    # an auction, at its first bid: the bids since, a partner's raise or the other side's, do not move it).
    # Off: head to head against the expert, -1.91 [-9.24, +5.43] points a hand over 139 kentucky-discard deals
    # (fewer contracts made, 64/115 against 85/147), +0.90 [-4.62, +6.42] over 139 full-deck deals
    # (docs/benchmarks.md, issue 28, "The take drawn again at each bid").
    retake: bool = False


LEVELS = {
    "easy": Level(6, 3, 8, 0.25, 20_000),
    # medium: 16 deals a card and exact from 6 tricks left (was 12 and 5): +4.4 [-0.6, +9.4] points a
    # hand against the heuristic over 300 full-deck deals, deal by deal, at 11.6 ms a decision (10.1).  The
    # beliefs with 32 deals where play-outs score the cards: against the heuristic over 1,000 deals, deal by
    # deal against medium without them, +2.1 [-0.3, +4.4] (kentucky-discard), +4.7 [+2.0, +7.4] (full-deck),
    # +14.4 [+9.3, +19.5] (family.toml), 1 to 4 ms more at the median.  Then the play-outs ended by the solver from
    # 6 tricks left and the auction's deals drawn from the beliefs too: against the heuristic over the same deals
    # +30.2 / +26.6 / +57.2 (kentucky-discard / full-deck / family.toml), +2.8 / +4.6 / +3.5 over medium before
    # (docs/benchmarks.md, issue 28, "Medium's play-outs end in the solver").
    "medium": Level(16, 6, 16, 0.5, 100_000, belief=True, early_samples=32, tail_tricks=6, belief_auction=True),
    # hard: between the two, the beliefs too, 32 deals a card (64 in the first tricks), exact from 7 tricks left
    # (was 20 deals, 6 tricks, no beliefs): +4.2 [-1.4, +9.7] points a hand head to head against medium over 300
    # kentucky-discard deals, at 10.1 ms a decision against 5.3 (with the beliefs alone, 20 deals and 6 tricks,
    # +1.2 [-4.0, +6.4]; docs/benchmarks.md, issue 28).  The solver's tail and the beliefs in the auction, as
    # medium's, in both: +5.4 [-0.0, +10.8] over that medium (300 kentucky-discard deals).
    "hard": Level(32, 7, 32, 1.0, 300_000, belief=True, early_samples=64, tail_tricks=6, belief_auction=True),
    # expert: the beliefs with 128 deals a card where play-outs score the cards, head to head against the
    # expert without them over 300 deals each: kentucky-discard +2.2 [-1.3, +5.8], full-deck +4.65 [+0.91,
    # +8.39], family.toml +3.6 [-4.0, +11.2] (265), its median decision 1 to 8 ms more.  Twice the deals
    # alone gain nothing (128 a card -0.7 [-3.9, +2.5], 96 in the auction -2.6 [-7.6, +2.5]); the beliefs
    # with 128 deals at every card gain more in family.toml (+8.9 [+2.0, +15.8]) but take its median
    # decision from 42 to 68 ms (docs/benchmarks.md, issue 28).  The auction's and the nest's simulated hands
    # ended by the solver from 7 tricks left, as its own card play is: +4.78 / +3.04 / +2.41 more.  The beliefs
    # trained on its own hands too place its cards better (0.01 a card held out) and gained +2.68 (kd) / +1.14 (fd)
    # over the weights before, head to head over 300 deals each.
    "expert": Level(64, 7, 48, 2.0, 600_000, belief=True, early_samples=128, sim_tail=7),
}
if not HAVE_C:  # the pure-Python solver is far slower: keep it to the last tricks
    LEVELS = {k: dataclasses.replace(v, solve_tricks=min(v.solve_tricks, 3), tail_tricks=min(v.tail_tricks, 3))
              for k, v in LEVELS.items()}


_OVERSAMPLE = 3  # with weigh_play: deals drawn per deal scored
_SAMPLING_SHARE = 0.4  # of the time limit at most, spent drawing and weighing deals
_RESERVE = 0.03  # share of the limit kept for the work after the last sample (averaging, the fallback)
_RACE_FROM = 16  # with race: deals scored before a card may drop out of the race, and then every
_RACE_EVERY = 8  # this many deals
_PRIOR_SAMPLES = 8  # how many simulated deals the heuristic's bidding estimate is worth
# The most cards in the hands where a simulated hand's solved tail begins (``sim_tail`` tricks of four players):
# with six, 7 tricks are 42 cards, and a timed first bid solved 4.5 of its 48 deals at the median before its
# limit (benchmarks/random-rules-24/r10.toml; 4 tricks of six: all 48, in 0.8 s; docs/benchmarks.md).
_SIM_TAIL_CARDS = 28


def team_of(hand: Hand, seat: int) -> int:
    """Seats playing with ``seat`` this hand (the defenders count as one side)."""
    team = hand.team_mask()
    if team >> seat & 1:
        return team
    return ((1 << hand.n) - 1) & ~team


def utility(hand: Hand, seat: int, own: bool = False) -> float:
    """A finished hand from ``seat``'s side: its side's score minus the other side's (the best
    other seat's, with ``own`` in a game each for themselves, where the defenders are no side)."""
    res = hand.result
    if res is None:
        return 0.0
    rules = hand.rules
    mine = 1 << seat if own and rules.mode == "individual" else team_of(hand, seat)
    my_sides = {rules.side_of(s) for s in range(hand.n) if mine >> s & 1}
    other = [rules.side_of(s) for s in range(hand.n) if not mine >> s & 1]
    me = res.score[rules.side_of(seat)]
    them = max((res.score[s] for s in set(other) - my_sides), default=0)
    return float(me - them)


def _final_utility(hand: Hand, seat: int, team_future: int) -> float:
    """The utility of a hand in play if the bidder's team takes ``team_future`` more points."""
    return _final_utilities(hand, seat, {0: team_future})[0]


def team_taken(hand: Hand) -> int:
    """The points the bidder's team has taken so far in a hand in its card play (the buried cards where
    the nest counts for the bidder): with the solver's value from here, what the team takes in all."""
    team = hand.team_mask()
    taken = sum(p for s, p in enumerate(hand.taken) if team >> s & 1)  # the engine's own tally, as it scores
    if hand.rules.nest_to == "bidder":
        taken += sum(hand.points[c] for c in hand.buried)
    return taken


def _final_utilities(hand: Hand, seat: int, futures: dict[int, int]) -> dict[int, float]:
    """:func:`_final_utility` of each of ``futures`` (a card: what the bidder's team takes after it), the
    points already taken counted once."""
    rules = hand.rules
    taken = team_taken(hand)
    hand_total = rules.total_points
    sign = 1 if hand.team_mask() >> seat & 1 else -1
    out = {}
    for key, team_future in futures.items():
        team_total = taken + team_future
        team_score = kernel.contract_score(rules, team_total, hand.bid, hand_total)
        other_score = kernel.defender_score(rules, hand_total - team_total, hand_total)
        out[key] = float(sign * (team_score - other_score))
    return out


class ExpertPlayer:
    def __init__(self, seed: int | None = None, level: str = "expert", timed: bool = True) -> None:
        """``timed=False`` drops the time limit: every sample is taken, so the same view and
        seed always give the same choice (for tests; play keeps the limit)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        if self.level.belief:
            shipped()  # the weights read now (half a second), not inside the first decision's limit
        if self.level.playout or self.level.prior:
            shipped_policy()
        self._policy_bot: HeuristicPlayer | None = None
        # Belief weights to draw from instead of the shipped ones (a trial of new weights, head to head).
        self.beliefs: Model | None = None
        self.timed = timed
        self.name = level
        self.rng = random.Random(seed)
        self.heuristic = HeuristicPlayer()
        self._plan: tuple[tuple[object, ...], int | None, dict[int, float]] | None = None
        self._burial: tuple[tuple[object, ...], tuple[int, ...] | None] | None = None
        self._priced: tuple[tuple[object, ...], int, tuple[int, ...], float] | None = None  # with nest_model
        # Simulated takes for the hand in the auction, kept for the whole auction: drawing fresh
        # samples at every bid step made each step a new noisy test, and the auction stopped at
        # the first unlucky one (the expert underbid).
        self._auction: tuple[tuple[object, ...], list[float]] | None = None

    # ------------------------------------------------------------------ decisions
    def act(self, view: View) -> int:
        if len(view.legal) == 1:
            return view.legal[0]
        return self.rank(view)[0][0]

    def rank(self, view: View, clock: Clock | None = None) -> Ranking:
        """Legal actions best first, each with its expected value for this seat's side (its score
        minus the other side's, in points), or None for one this decision did not value (it took
        the heuristic's way there: the choice first, then the rest, ranked where the heuristic ranks
        them, as cards to bury, else in the order of the legal actions).  The time limit runs from
        here (or from ``clock``'s start) over the whole decision: preparing the deals, drawing them,
        scoring them."""
        clock = clock or self._clock()
        if view.phase == Phase.PLAY:
            return self._rank_play(view, clock)
        if view.phase == Phase.BID:
            return self._rank_bid(view, clock)
        return self._rank_nest(view, clock)

    # ------------------------------------------------------------------ card play
    def _rank_play(self, view: View, clock: Clock) -> Ranking:
        legal = list(view.legal)
        lv = self.level
        if lv.ismcts and len(view.tricks) < lv.ismcts and len(legal) > 1:
            searched = self._rank_search(view, clock)
            if searched:
                return searched
        scored = self.play_values(view, clock, race=lv.race)
        if not scored:  # no consistent deal found (or no time for one): the heuristic's card
            return unvalued(self.heuristic.act(view), legal)
        valued = sorted(((a, statistics.fmean(v[a] for v in scored if a in v)) for a in scored[0]), key=_best_first)
        if len(scored[-1]) < len(scored[0]):  # a race: the cards still in it first, each in its order
            valued = [x for x in valued if x[0] in scored[-1]] + [x for x in valued if x[0] not in scored[-1]]
        return valued + [(a, None) for a in legal if a not in scored[0]]  # (cards the prior pruned)

    def _rank_search(self, view: View, clock: Clock) -> Ranking:
        """The card play's ranking by information-set search (bots/ismcts.py): the cards most visited
        first, each with its mean result for this seat's side; as many play-outs as the sampled deals
        would take, over the same deals."""
        lv = self.level
        legal = list(view.legal)
        own = lv.own_points
        samples = lv.early_samples or lv.samples  # the search runs at the first tricks, where play-outs score
        deals = iter(self._play_samples(view, clock, samples, lazy=True))
        found = ismcts.search(deals, samples * len(legal), self._player(),
                              lambda h, s: utility(h, s, own), clock.over, self.rng,
                              explore=lv.ismcts_explore, scale=float(view.rules.total_points))
        if not found:
            return []
        ranked: Ranking = [(a, found[a][1]) for a in sorted(found, key=lambda a: (-found[a][0], a))]
        return ranked + [(a, None) for a in legal if a not in found]

    def _prior_cards(self, view: View) -> list[int]:
        """The legal cards whose probability under the policy is at least ``prior`` times the
        likeliest card's, in the order of the legal actions."""
        policy = shipped_policy()
        legal = list(view.legal)
        if policy is None:
            return legal
        probs = policy.probabilities(know(view), legal)
        floor = self.level.prior * float(probs.max())
        return [a for a, p in zip(legal, probs) if p >= floor]

    def play_values(self, view: View, clock: Clock | None = None, race: float = 0.0) -> list[dict[int, float]]:
        """For each deal scored (within the time limit), every legal card's value on it (with ``prior``,
        every card the prior keeps): the same deals for every card, so differences between cards can
        be judged against their spread.  With ``race``, a card that falls behind the best by more than
        ``race`` standard errors is scored on no more deals (it is in the first deals' values only), and
        the scoring stops once one card is left."""
        lv = self.level
        legal = list(view.legal)
        left = view.rules.deck.hand_size - len(view.tricks)
        clock = clock or self._clock()
        scored: list[dict[int, float]] = []
        solve_here = left <= lv.solve_tricks and not self._alone(view.rules, view.seat, view.bidder)
        early = lv.early_samples and (not solve_here or 0 < lv.early_left < left)
        samples = lv.early_samples if early else lv.samples
        if lv.prior > 0 and len(legal) > 1:
            kept = self._prior_cards(view)
            if not solve_here:
                samples = int(samples * min(lv.prior_deals, len(legal) / len(kept)))
            legal = kept
        runs = equivalent_runs(view, legal)
        playable = list(runs)  # one card of each run of equivalent cards is played out
        scoring = set(legal)  # the cards still scored (with race, the cards of the runs still in it)
        extend = lv.extend_samples if solve_here and lv.extend_samples > samples and not (race or lv.weigh_play) else 0
        for hand in self._play_samples(view, clock, max(samples, extend), lazy=True):
            values: dict[int, float] | None = None
            if solve_here:
                try:
                    sol = solve(hand, cards=True, max_nodes=lv.max_nodes, seconds=clock.left())
                    values = _final_utilities(hand, view.seat, {a: v for a, v in sol.cards.items() if a in scoring})
                except BudgetExceeded:
                    values = None
            if values is None:
                values = {}
                for a in playable:
                    if clock.over():
                        break
                    values[a] = self._rollout(hand, a, view.seat, clock)
                if len(values) < len(playable):
                    break  # out of time inside this deal: it does not count
                for a in playable:
                    for b in runs[a][1:]:
                        values[b] = values[a]
            scored.append(values)
            if clock.over() or (extend and len(scored) == samples and not _contested(scored, lv.extend_z)):
                break
            if race and len(scored) >= _RACE_FROM and len(scored) % _RACE_EVERY == 0:
                playable = _race(scored, playable, race)
                scoring = {b for a in playable for b in runs[a]}
                if len(playable) == 1:
                    break
        return scored

    def _play_samples(self, view: View, clock: Clock, samples: int | None = None,
                      lazy: bool = False) -> Iterable[Hand]:
        """The deals to score a card on.  With ``weigh_play``, more deals are drawn than scored, and
        the ones kept are drawn again in proportion to how well they explain the cards the others
        have played (as the heuristic would have played them from their seats in that deal), so
        that a deal where a player followed with a counter it would never have given up is rare.
        With ``lazy`` (and without ``weigh_play``) each deal is drawn when the caller asks for it,
        so that a caller that stops early draws no more."""
        lv = self.level
        want = samples or lv.samples
        draw = want * (_OVERSAMPLE if lv.weigh_play and view.played else 1)
        if lazy and draw == want:
            return self._deals(view, want, clock)
        found: list[tuple[float, Hand]] = []
        for hand in self._deals(view, draw, clock, lambda: bool(found) and clock.share_used() > _SAMPLING_SHARE):
            found.append((self._play_fit(hand, view.seat) if draw > want else 1.0, hand))
        if draw == want:
            return [h for _, h in found]
        # Weighted sampling without replacement (Efraimidis and Spirakis): key u ** (1 / w).
        rand = self.rng.random
        keyed = sorted(found, key=lambda wh: -(rand() ** (1.0 / wh[0])))
        return [h for _, h in keyed[:want]]

    def _play_fit(self, sample: Hand, me: int) -> float:
        """How likely the cards played by the other seats are in ``sample``, if they play as the
        heuristic does: a factor ``_MISFIT`` for each card it would not have chosen."""
        h = Hand(sample.rules, sample.dealer)
        h.set_deal(list(sample.dealt), sample.nest)
        history = sample.history
        i = 0
        while h.phase != Phase.PLAY:
            h.apply_unchecked(history[i])
            i += 1
        weight = 1.0
        bot = self.heuristic
        misfit = self.level.misfit
        skip = team_of(sample, me) if not self.level.weigh_partner else 1 << me
        for a in history[i:]:
            seat = h.to_act
            if not skip >> seat & 1:
                legal = h.legal_tuple()
                if len(legal) > 1 and bot.play(seat_knowledge(h, seat), legal) != a:
                    weight *= misfit
            h.apply_unchecked(a)
        return weight

    def _deals(self, view: View, count: int, clock: Clock,
               enough: Callable[[], bool] | None = None) -> Iterator[Hand]:
        """Up to ``count`` deals that fit ``view``, drawn while the decision has time (and, with
        ``enough``, until it says so); a draw that finds no deal is skipped."""
        lv = self.level
        model = (self.beliefs or shipped()) if lv.belief and (lv.belief_auction or view.phase == Phase.PLAY) else None
        try:
            draw = Draw(view, weigh_auction=lv.weigh_auction, read_nest=lv.read_nest, belief=model)
        except SampleError:
            return
        for _ in range(count):
            if clock.over() or (enough is not None and enough()):
                return
            try:
                yield draw.sample(self.rng, stop=clock.over)
            except SampleError:
                continue

    def _clock(self) -> Clock:
        """The time limit of the decision starting now (none when untimed)."""
        return Clock(self.level.seconds * (1 - _RESERVE) if self.timed else None)

    def _rollout(self, hand: Hand, action: int, seat: int, clock: Clock | None = None) -> float:
        """Play ``action``, then let heuristic players finish the hand (with ``tail_tricks``, only
        until that many tricks are left, which the solver then plays exactly)."""
        h = hand.copy()
        h.apply_unchecked(action)
        lead = self.level.playout_tricks
        if self.level.playout and lead and h.phase == Phase.PLAY:
            # the policy for the next ``playout_tricks`` leads only, the heuristic (cheaper) after them
            finish(h, self._player(), stop_at=max(1, h.deck.hand_size - len(h.tricks) - lead))
        rest = self.heuristic if lead else self._player()
        tail = self.level.tail_tricks
        if (tail and h.phase == Phase.PLAY and not self._alone(h.rules, seat, h.bidder)
                and h.deck.hand_size - len(h.tricks) > tail):
            future = self._solved_tail(h, rest, tail, clock)
            if future is not None:
                return _final_utility(h, seat, future)
        finish(h, rest)
        return utility(h, seat, self.level.own_points)

    def _solved_tail(self, h: Hand, player: HeuristicPlayer, tail: int, clock: Clock | None = None) -> int | None:
        """``player`` plays ``h`` until ``tail`` tricks are left, the solver the rest (within the level's
        nodes and the clock): what the bidder's team takes from there.  None, ``h`` played to its end by
        ``player``, where the hand ended first or the solver ran out of budget."""
        finish(h, player, stop_at=tail)
        if h.phase == Phase.PLAY:
            try:
                left = clock.left() if clock is not None else None
                return solve(h, cards=False, max_nodes=self.level.max_nodes, seconds=left).value
            except BudgetExceeded:
                pass
        finish(h, player)
        return None

    def _player(self) -> HeuristicPlayer:
        """Who plays out the card play's deals: the heuristic, or with ``playout`` the learned policy."""
        if not self.level.playout:
            return self.heuristic
        if self._policy_bot is None:
            self._policy_bot = PolicyPlayer() if shipped_policy() is not None else self.heuristic
        return self._policy_bot

    def _alone(self, rules: RuleSet, seat: int, bidder: int) -> bool:
        """Whether ``seat`` is a defender playing for itself alone (with ``own_points``)."""
        return self.level.own_points and rules.mode == "individual" and seat != bidder

    def _finish(self, h: Hand, seat: int, clock: Clock | None = None) -> int | None:
        """Heuristic players play ``h`` on (every simulation of the auction and the nest): to its end, or
        with ``sim_tail`` until that many tricks are left (at most ``_SIM_TAIL_CARDS`` cards in the hands),
        which the solver then plays exactly (but where ``seat`` plays for itself alone: the solver pools the
        defenders' points).  What the bidder's team takes from where the solver took over; None where the hand
        was played to its end."""
        tail = min(self.level.sim_tail, _SIM_TAIL_CARDS // h.n)
        if tail and h.phase in (Phase.NEST, Phase.PLAY) and not self._alone(h.rules, seat, h.bidder):
            return self._solved_tail(h, self.heuristic, tail, clock)
        finish(h, self.heuristic)
        return None

    def _finished_utility(self, h: Hand, seat: int, clock: Clock | None = None) -> float:
        """``h`` simulated on (:meth:`_finish`): its utility for ``seat``."""
        future = self._finish(h, seat, clock)
        return utility(h, seat, self.level.own_points) if future is None else _final_utility(h, seat, future)

    # ------------------------------------------------------------------ auction
    def _takes(self, view: View, clock: Clock, half: bool = False) -> list[float]:
        """What this seat's side takes as bidder, simulated over sampled deals once per auction
        (with ``retake``, at each bid), each take moved toward the heuristic's fitted estimate for
        the hand (a few samples are noisy; the estimate counts as ``_PRIOR_SAMPLES`` samples).  With
        ``half``, at most half the decision's time goes to it (the comparison of :meth:`_bid_gain`
        needs the rest)."""
        key = (view.rules, view.dealer, view.seat, int(view.hand), view.auction if self.level.retake else ())
        if self._auction is not None and self._auction[0] == key:
            return self._auction[1]
        takes = self._simulate_takes(view, clock, half)
        if takes:
            n = len(takes)
            shift = _PRIOR_SAMPLES / (n + _PRIOR_SAMPLES) * (estimate(view.rules, int(view.hand)) - sum(takes) / n)
            takes = [t + shift for t in takes]
        self._auction = (key, takes)
        return takes

    def _simulate_takes(self, view: View, clock: Clock, half: bool) -> list[float]:
        rules = view.rules
        out: list[float] = []
        for sample in self._deals(view, self.level.bid_samples, clock,
                                  lambda: half and bool(out) and clock.share_used() > 0.5):
            h = Hand(rules, view.dealer)
            h.set_deal(list(sample.dealt), sample.nest)
            lowest = rules.min_bid
            while h.phase == Phase.BID:
                s = h.to_act
                if s == view.seat and h.high_bidder != view.seat:
                    h.apply_unchecked(A.BID + max(lowest, h.high_bid + rules.bid_step if h.high_bidder >= 0
                                                  else lowest))
                else:
                    h.apply_unchecked(_pass_or_forced(h))
            if h.bidder != view.seat:
                continue
            future = self._finish(h, view.seat, clock)
            if clock.past():
                break  # a play-out that ended past the limit is not counted: stop at the limit
            if future is not None:
                out.append(float(team_taken(h) + future))
            elif h.result is not None:
                out.append(float(h.result.bidding_points))
        return out

    def _rank_bid(self, view: View, clock: Clock) -> Ranking:
        legal = list(view.legal)
        rules = view.rules
        if A.REDEAL in legal:
            return unvalued(A.REDEAL, legal)
        if self.level.bidmodel:
            modelled = self._rank_bid_model(view)
            if modelled is not None:
                return modelled
        # One limit for the whole decision: the take, then the comparison.
        compare = (self.level.compete and A.PASS in legal
                   and (rules.mode == "partners" or self.level.compete_any_mode)
                   and (self.level.compete_partner or not partner_holds_bid(rules, view.seat, view.high_bidder)))
        takes = self._takes(view, clock, half=compare)
        bids = [a for a in legal if a >= A.BID]
        if not takes:
            return unvalued(self.heuristic.act(view), legal)
        total = rules.total_points

        def ev(b: int) -> float:
            # Our score minus theirs if we play the hand at b.
            return sum((t if t >= b else -b) - (total - t) for t in takes) / len(takes)

        scored: Ranking = sorted(((a, ev(a - A.BID)) for a in bids), key=_best_first)
        gain = self._bid_gain(view, bids[0], clock) if compare else None
        if gain is not None:
            bid_on = gain > -self.level.compete_margin
        else:
            # The heuristic's rule with the simulated take as the limit: bid one step at a time while
            # the hand is expected to make the bid; over a partner, only with a clearly better hand.
            bid_on = A.PASS not in legal or raises(view, sum(takes) / len(takes) + self.level.bid_margin)
        first = bids[0]
        bidding: Ranking = [(first, ev(first - A.BID))]
        others = [x for x in scored if x[0] != first]
        if gain is not None:
            # The comparison valued passing on the same deals: the next bid's value less the gain.
            passing: tuple[int, float | None] = (A.PASS, ev(first - A.BID) - gain)
            return bidding + sorted(others + [passing], key=_best_first) if bid_on else [passing] + scored
        # The heuristic's rule decided, on the take alone: passing was not valued.
        if bid_on:
            return bidding + others + [(a, None) for a in legal if a < A.BID]
        return [(A.PASS, None)] + scored

    def _rank_bid_model(self, view: View) -> Ranking | None:
        """The auction from the learned take (:mod:`.bidmodel`): the next bid while the take at
        ``bid_quantile`` reaches it (over a partner, with the heuristic's points to spare); the bids
        valued on the model's quantiles as a weighted sample of takes.  None without a model for the rules."""
        model = bidmodel.model_for(view.rules)
        legal = list(view.legal)
        bids = [a for a in legal if a >= A.BID]
        if model is None or not bids:
            return None
        takes = model.quantiles(view)
        total = view.rules.total_points

        def ev(b: int) -> float:
            return bidmodel.expected_score(takes, b, total)

        first = bids[0]
        scored: Ranking = sorted(((a, ev(a - A.BID)) for a in bids), key=_best_first)
        if A.PASS not in legal or raises(view, bidmodel.interpolate(takes, self.level.bid_quantile)):
            return [(first, ev(first - A.BID))] + [x for x in scored if x[0] != first] + [
                (a, None) for a in legal if a < A.BID]
        return [(A.PASS, None)] + scored

    def _bid_gain(self, view: View, bid: int, clock: Clock | None = None) -> float | None:
        """On sampled deals, the mean of (this seat bids ``bid`` and the others pass) less (it passes
        and the auction goes on), both played out by the heuristic; None without a deal in time."""
        clock = clock or self._clock()
        total, n = 0.0, 0
        for sample in self._deals(view, self.level.compete_samples or self.level.bid_samples, clock):
            values = []
            for first in (bid, A.PASS):
                if clock.over():  # each play-out a step of its own: the clock learns what one costs
                    break
                h = sample.copy()
                h.apply_unchecked(first)
                while h.phase == Phase.BID:  # after a bid the others pass; after a pass they bid on
                    if (first == A.PASS or self.level.compete_continue) and h.to_act != view.seat:
                        h.apply_unchecked(self.heuristic.act(view_of(h, h.to_act)))
                    else:
                        h.apply_unchecked(_pass_or_forced(h))
                values.append(self._finished_utility(h, view.seat, clock))
            if len(values) < 2 or clock.past():
                break  # out of time inside this deal, or a play-out that ended past the limit: not counted
            total += values[0] - values[1]
            n += 1
        return total / n if n >= 4 else None

    # ------------------------------------------------------------------ nest and declarations
    def _rank_nest(self, view: View, clock: Clock) -> Ranking:
        if self.level.nest_model or (self.level.call_model and view.step == NestStep.PARTNER):
            priced = self._rank_nest_model(view)
            if priced is not None:
                return priced
        if view.step not in (NestStep.BURY, NestStep.TRUMP):
            return unvalued(self.heuristic.act(view), view.legal)
        plan, values = self._nest_plan(view, clock)
        want = self._plan_action(view, plan)
        if view.step == NestStep.TRUMP:
            def value(a: int) -> float | None:
                return values.get(a - A.TRUMP) if A.TRUMP <= a < A.NO_TRUMP else None
            return [(want, value(want))] + sorted(((a, value(a)) for a in view.legal if a != want), key=_best_first)
        # The plan was simulated as a whole; the cards to bury are ranked by how little they are worth
        # keeping with the plan's trump, not valued one by one.
        colour = plan if plan is not None else nest_colour(view)
        order = self.heuristic.bury_order(view, colour)
        burial = self._burial_plan(view, plan, order, clock) if self.level.bury_search else None
        if burial is not None:
            held = int(view.hand)
            first = [A.BURY + c for c in burial if held >> c & 1 and A.BURY + c in view.legal]
            if first:
                return unvalued(first[0], first + [a for a in order if a not in first])
        return unvalued(want, order)

    def _rank_nest_model(self, view: View) -> Ranking | None:
        """The nest's choices priced by the plan model (:func:`.bidmodel.plan_model_for`): the trump and
        burial of the best-priced plan, chosen at the bidder's first such step and kept for the nest; at a
        call, each card it may call.  None where the model has no say: no model for the rules, a step it
        does not price, or trump named before the nest is in hand."""
        rules = view.rules
        step = view.step
        if step not in (NestStep.BURY, NestStep.TRUMP, NestStep.PARTNER):
            return None
        if step == NestStep.TRUMP and rules.trump_before_nest:
            return None
        model = bidmodel.plan_model_for(rules)
        if model is None:
            return None
        total = rules.total_points
        held = int(view.hand)
        buried = int(view.buried) if view.buried is not None else 0
        calls = tuple(view.partner_cards)

        def price(kept: int, trump: int, gone: int, called: Sequence[int]) -> float:
            x = bidmodel.plan_features(rules, kept, trump, gone, view.bid, called)
            return bidmodel.expected_score([q * total for q in model.shares(x)], view.bid, total)

        key = _nest_key(view)
        if step == NestStep.PARTNER:
            # The trump: named, else the one this nest's plan names (priced, or played out), else the heuristic's.
            if view.trump >= 0:
                trump = view.trump
            elif self._priced is not None and self._priced[0] == key:
                trump = self._priced[1]
            elif self._plan is not None and self._plan[0] == key and self._plan[1] is not None:
                trump = self._plan[1]
            else:
                trump = nest_colour(view)
            scored: Ranking = []
            for a in view.legal:
                if not A.PARTNER <= a < A.PARTNER + 64:  # no more partners
                    scored.append((a, price(held, trump, buried, calls)))
                elif not (held | buried) >> (a - A.PARTNER) & 1:  # a card of its own calls no partner: not priced
                    scored.append((a, price(held, trump, buried, calls + (a - A.PARTNER,))))
            if not scored:
                return None
            return sorted(scored, key=_best_first) + [(a, None) for a in view.legal if a not in dict(scored)]
        buryable = [a - A.BURY for a in view.legal if A.BURY <= a < A.BURY + 64]
        stale = self._priced is None or self._priced[0] != key or (
            step == NestStep.BURY and not all(c in buryable for c in self._priced[2] if held >> c & 1))
        if stale:  # priced once a nest, again at the first burial where a card it planned may not go
            best: tuple[float, int, tuple[int, ...]] | None = None
            left = rules.nest_size - view.buried_count  # cards still to bury, whichever step comes first
            cards = buryable if step == NestStep.BURY else cards_of(held)
            # each colour while none is named; else the trump named (no trump: burying as for its best colour,
            # as the heuristic does)
            colours = [0, 1, 2, 3] if view.trump == -2 else [view.trump if view.trump >= 0 else nest_colour(view)]
            for colour in colours:
                pool = burying_order(rules, held, colour, cards) if left else []
                for burial in itertools.combinations(pool[: left + self.level.nest_pool], left):
                    gone = mask_of(burial)
                    v = price(held & ~gone, colour, buried | gone, calls)
                    if best is None or v > best[0]:
                        best = (v, colour, burial)
            if best is None:
                return None
            self._priced = (key, best[1], best[2], best[0])
        assert self._priced is not None
        _, colour, burial, value = self._priced
        if step == NestStep.TRUMP:
            want = A.TRUMP + colour if A.TRUMP + colour in view.legal else self.heuristic.act(view)
            return [(want, value)] + [(a, None) for a in view.legal if a != want]
        first = [A.BURY + c for c in burial if held >> c & 1 and A.BURY + c in view.legal]
        order = self.heuristic.bury_order(view, colour)
        want = first[0] if first else order[0]
        return [(want, value)] + [(a, None) for a in order if a != want]

    def _plan_action(self, view: View, plan: int | None) -> int:
        """The nest action of a plan: ``None`` is the heuristic's own way (its colour, chosen again
        as cards are buried); a colour is the heuristic's burying with that colour as trump."""
        if plan is None or view.step not in (NestStep.BURY, NestStep.TRUMP):
            return self.heuristic.act(view)
        if view.step == NestStep.TRUMP:
            return A.TRUMP + plan if A.TRUMP + plan in view.legal else self.heuristic.act(view)
        return self.heuristic.bury(view, plan)

    def _nest_plan(self, view: View, clock: Clock | None = None) -> tuple[int | None, dict[int, float]]:
        """Choose how to name trump and bury by simulating each plan on the same sampled deals;
        kept for the rest of the nest phase.  Returns the plan and each colour's simulated value."""
        if self._plan is not None and self._plan[0] == _nest_key(view):
            return self._plan[1], self._plan[2]
        colours = [view.trump] if view.trump >= 0 else [0, 1, 2, 3]
        plans: list[int | None] = [None, *colours] if len(colours) > 1 else []
        totals = [0.0] * len(plans)
        n = 0
        clock = clock or self._clock()
        for sample in self._deals(view, 2 * self.level.bid_samples if plans else 0, clock):
            scores = []
            for p in plans:  # every plan on the same deals
                if clock.over():
                    break
                scores.append(self._play_plan(sample, view, p))
            if len(scores) < len(plans):
                break  # out of time inside this deal: it does not count
            for i, v in enumerate(scores):
                totals[i] += v
            n += 1
        values: dict[int, float] = {}
        plan: int | None = None
        if n:
            # The heuristic's way is the default; a colour must beat it clearly on the same sampled
            # deals (a few samples are noisy, and a close call is not worth a worse habit).
            best = totals[0] / n + self.level.switch_margin
            for colour, total in zip(colours, totals[1:]):
                values[colour] = total / n
                if values[colour] > best:
                    best, plan = values[colour], colour
        self._plan = (_nest_key(view), plan, values)
        return plan, values

    def _burial_plan(self, view: View, plan: int | None, order: Sequence[int],
                     clock: Clock) -> tuple[int, ...] | None:
        """The cards to bury (``None``: the heuristic's way), chosen once for the bidder's nest phase:
        the sets of the cards still to bury among the first ``bury_search`` of ``order`` (the heuristic's
        bury actions with the plan's trump), each played out on the same sampled deals (the nest's other
        steps by ``plan``), the best few again on more deals; the best kept when it beats the heuristic's
        burial by ``bury_margin``."""
        key = _nest_key(view)
        if self._burial is not None and self._burial[0] == key:
            return self._burial[1]
        self._burial = (key, None)
        lv = self.level
        left = view.rules.nest_size - int(view.buried or 0).bit_count()  # one BURY step a card
        pool = [a - A.BURY for a in order[: lv.bury_search]]
        if left < 1 or len(pool) <= left:
            return None
        deals = self._deals(view, 3 * lv.bid_samples, clock)
        first = next(deals, None)
        if first is None:
            return None
        own = self._heuristic_burial(first, view, plan)
        cands = [own] + [c for c in itertools.combinations(pool, left) if frozenset(c) != frozenset(own)
                         and self._may_bury(first, view.seat, c)]
        totals = {c: 0.0 for c in cands}
        counts = dict.fromkeys(cands, 0)
        for i, sample in enumerate(itertools.chain([first], deals)):
            if i == lv.bid_samples:  # the finalists: the best few and the heuristic's own
                ranked = sorted(cands[1:], key=lambda c: -totals[c])[: lv.bury_finalists]
                cands = [own, *ranked]
            scores = []
            for c in cands:
                if clock.over():
                    break
                scores.append(self._play_plan(sample, view, plan, c))
            if len(scores) < len(cands):
                break  # out of time inside this deal: it does not count
            for c, v in zip(cands, scores):
                totals[c] += v
                counts[c] += 1
        n = counts[own]
        if n < 4:
            return None
        best = max(cands, key=lambda c: (totals[c] / n if counts[c] == n else -math.inf))
        if best != own and totals[best] / n > totals[own] / n + lv.bury_margin:
            self._burial = (key, best)
        return self._burial[1]

    def _heuristic_burial(self, sample: Hand, view: View, plan: int | None) -> tuple[int, ...]:
        """The cards the heuristic's way (with ``plan``) buries from this seat's hand."""
        h = sample.copy()
        out = []
        while h.phase == Phase.NEST and h.to_act == view.seat and h.step_kind == NestStep.BURY:
            a = self._plan_action(view_of(h, view.seat), plan)
            out.append(a - A.BURY)
            h.apply_unchecked(a)
        return tuple(out)

    @staticmethod
    def _may_bury(sample: Hand, seat: int, cards: Sequence[int]) -> bool:
        """Whether ``cards`` may be buried in this order (the rules on counters may forbid an order)."""
        h = sample.copy()
        for c in cards:
            if h.phase != Phase.NEST or h.to_act != seat or A.BURY + c not in h.legal_actions():
                return False
            h.apply_unchecked(A.BURY + c)
        return True

    def _play_plan(self, sample: Hand, view: View, plan: int | None, bury: Sequence[int] = ()) -> float:
        """Bury ``bury`` (if any) in a sampled deal, finish its nest by ``plan``, let the heuristic play it
        out: the utility."""
        h = sample.copy()
        for c in bury:
            h.apply_unchecked(A.BURY + c)
        while h.phase == Phase.NEST:
            v = view_of(h, h.to_act)
            h.apply_unchecked(self._plan_action(v, plan) if h.to_act == view.seat else self.heuristic.act(v))
        return self._finished_utility(h, view.seat)


Ranking = list[tuple[int, float | None]]


def equivalent_runs(view: View, legal: Sequence[int]) -> dict[int, list[int]]:
    """The legal cards in runs of equivalent cards, each run under its strongest card (itself first).

    Two cards are equivalent when they are of one effective colour, worth the same points, and every
    card between them is this seat's or out of play (in a finished trick, or buried where the seat
    knows it): whichever of them is played, every deal plays out the same for every seat.  The card
    play's deals need be played out only for one card of each run.  The cards the rules single out
    stand alone: those that may be played at any time, and a called partner's card."""
    if len(legal) < 2 or view.phase != Phase.PLAY:
        return {a: [a] for a in legal}
    rules = view.rules
    t = rules.play_tables(view.trump, view.low, view.bird_high)
    points = rules.deck.points
    out = int(view.played) | int(view.shown_buried) | int(view.buried or 0)
    for c in view.trick:
        out &= ~(1 << c)  # the trick in progress is still to be won
    live = rules.deck.mask & ~out
    alone = t.anytime | mask_of(view.partner_cards)
    mask = mask_of(legal)
    runs: dict[int, list[int]] = {}
    key = t.key
    for s in range(4):
        cards = sorted(cards_of(t.suit_mask[s] & live), key=lambda c: -key[c])
        run: list[int] | None = None
        for c in cards:
            if not mask >> c & 1:
                run = None  # a card another seat may hold, or one this seat may not play now
            elif run is not None and points[c] == points[run[0]] and not alone >> c & 1 and not alone >> run[0] & 1:
                run.append(c)
            else:
                run = [c]
                runs[c] = run
    kept = {c for run in runs.values() for c in run}
    return {a: runs.get(a, [a]) for a in legal if a in runs or a not in kept}


def _race(scored: Sequence[dict[int, float]], cards: list[int], z: float) -> list[int]:
    """The cards of ``cards`` still in the race after the deals ``scored`` (each scored on every one):
    the best on average, and every card not behind it by more than ``z`` standard errors of their
    difference deal by deal (a card behind it on every deal by the same points is out)."""
    n = len(scored)
    best = _best(scored, cards)
    kept = []
    for a in cards:
        if a != best:
            diffs = [v[best] - v[a] for v in scored]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > 0 and mean * mean * n > z * z * var:
                continue
        kept.append(a)
    return kept


def _best(scored: Sequence[dict[int, float]], cards: Sequence[int]) -> int:
    """The card of ``cards`` with the highest total over ``scored`` (the first of them on a tie): the one
    both the race and the close call measure the others against."""
    return max(cards, key=lambda a: sum(v[a] for v in scored))


def _contested(scored: Sequence[dict[int, float]], z: float) -> bool:
    """Whether a card other than the best on average is within ``z`` standard errors of it on the deals
    ``scored`` (a card equal to the best on every deal does not count: more deals would not part them)."""
    if len(scored) < 2:
        return bool(scored)
    cards = [a for a in scored[0] if all(a in v for v in scored)]
    best = _best(scored, cards)
    return any(a != best and any(v[a] != v[best] for v in scored) for a in _race(scored, cards, z))


def unvalued(choice: int, legal: Sequence[int]) -> Ranking:
    """A ranking with no values: ``choice`` first, then the other actions of ``legal`` in its order."""
    out: Ranking = [(choice, None)]
    return out + [(a, None) for a in legal if a != choice]


def _best_first(entry: tuple[int, float | None]) -> tuple[float, int]:
    """Sort key: the highest value first, the actions not valued last, ties by action."""
    return (-entry[1] if entry[1] is not None else math.inf, entry[0])


class Clock:
    """A decision's time limit: ``over()`` once it has passed, or once the next step would pass it;
    ``None`` for no limit.

    Every call of :meth:`over` ends a step of the decision's work (a deal drawn, a card played out),
    and the longest step so far is taken as what the next one may cost: on a loaded machine a step
    takes longer by the wall clock (the process waits for a core), and the decision stops that much
    earlier instead of overrunning its limit by one slow step."""

    __slots__ = ("deadline", "seconds", "_last", "_step")

    def __init__(self, seconds: float | None) -> None:
        now = time.perf_counter()
        self.seconds = seconds or 1.0
        self.deadline = now + seconds if seconds is not None else None
        self._last = now  # the end of the last step
        self._step = 0.0  # the longest step so far

    def over(self) -> bool:
        if self.deadline is None:
            return False
        now = time.perf_counter()
        step = now - self._last
        if step > self._step:
            self._step = step
        self._last = now
        return now + self._step > self.deadline

    def past(self) -> bool:
        """Whether the limit itself has passed (a step that ended after it is not counted)."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def share_used(self) -> float:
        """The share of the limit used so far (0 without a limit)."""
        if self.deadline is None:
            return 0.0
        return 1.0 - (self.deadline - time.perf_counter()) / self.seconds

    def left(self) -> float | None:
        """Seconds left (at least a microsecond), or None without a limit: the solver's own limit."""
        if self.deadline is None:
            return None
        return max(1e-6, self.deadline - time.perf_counter() - self._step)


def _pass_or_forced(hand: Hand) -> int:
    """A pass, or the action the auction forces where passing is not allowed."""
    legal = hand.legal_actions()
    return A.PASS if A.PASS in legal else legal[0]


def _nest_key(view: View) -> tuple[object, ...]:
    """Identifies one bidder's nest phase: the same hand (cards held plus buried) after the same auction."""
    held = int(view.hand) | (int(view.buried) if view.buried is not None else 0)
    return (view.dealer, view.auction, view.seat, held)
