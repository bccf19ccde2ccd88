"""Bidding that knows its risk: the distribution of what the bidding side takes.

For a seat's hand and the auction so far, :class:`BidModel` predicts a few quantiles of the
points the seat's side takes if the seat takes the contract now (the nest, the burial and the
bonuses included): linear quantile regression on features of the hand (the valuation's estimate,
counters, trump length, top trumps, sure tricks, side aces, the Bird, voids) and of the auction
(seats yet to speak, the contract now, the partner's and the others' bids and passes).  One model
per rule set, fitted on hands the heuristic plays out from a random point of a heuristic auction
(the seat takes the contract there, the others pass): the same players as the expert's own
play-outs, so the quantiles describe those play-outs, without their noise.

The expert with ``Level.bidmodel`` bids while a lower quantile of the take reaches the next bid
(:func:`raises`, the heuristic's auction rule), instead of the mean of a few noisy play-outs, which
is too high whenever it is the highest of the bidders' estimates (the winner's curse).

The same model fitted where the bidder's nest choices are made (:func:`plan_model_for`, the plan model:
the cards it keeps, the trump, the points buried, the contract, the calls) prices those choices for the
expert with ``Level.nest_model`` or ``Level.call_model``.

The presets' models ship in ``rookgame/data/bidmodel.json`` (``benchmarks/fit_bidmodel.py``);
a house-rules file's is fitted on first use (:data:`HOUSE_HANDS` hands, a few seconds) and kept
where the valuation keeps its calibrations (:func:`.valuation.cache_dir`), written whole.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .. import actions as A
from ..cards import BIRD, mask_of
from ..rules import NestStep, RuleSet
from ..state import Hand, Phase
from ..view import View, view_of
from . import valuation
from .colours import best_colour, colours, points_held, sure_tricks

WEIGHTS_FILE = "data/bidmodel.json"
VERSION = 1  # part of every cache key: a change of features or fitting makes old caches stale
QUANTILES = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
# Each quantile's share of the probability, from midway to its neighbours: the takes as a weighted sample.
WEIGHTS = tuple((b - a) / 2 for a, b in zip((-QUANTILES[0],) + QUANTILES[:-1], QUANTILES[1:] + (2 - QUANTILES[-1],)))

FEATURES = (
    "bias",
    "valued",  # the valuation's calibrated take with the best colour as trump, as a share of the points in play
    "own",  # counters held, as a share of the points in play
    "own_trump",  # counters held in that colour
    "trump_len",  # cards held in that colour / cards in hand
    "top_trumps",  # of its top three cards, held (0 to 1)
    "sure",  # sure tricks / cards in hand
    "aces",  # side colours whose top card is held, out of three
    "long_side",  # the longest side colour / cards in hand
    "voids",  # side colours void, out of three
    "bird",  # the Bird held
    "to_speak",  # other seats that have not yet spoken in the auction, out of the others
    "contract",  # (the lowest bid now - the minimum bid) / points in play
    "partner_bid",  # the partner (partnerships) has bid
    "partner_level",  # (its highest bid - the minimum bid) / points in play
    "partner_passed",  # the partner has passed
    "other_bid",  # another seat (not the partner) has bid
    "other_level",  # (the highest such bid - the minimum bid) / points in play
    "others_passed",  # seats other than the partner that have passed, out of them
    "others_cold",  # of those, passed without a bid
)

HOUSE_HANDS = 1500  # hands played out to fit a house-rules file's model on first use
HOUSE_SEED = 20261203
MIN_ROWS = 200  # fewer usable hands than this (a rule set where the auction is rarely free): no model


# ---------------------------------------------------------------------- features
def hand_features(rules: RuleSet, hand: int, trump: int | None = None) -> list[float]:
    """The hand's part of :data:`FEATURES` (bias to bird), with ``trump`` as trump (default: its best colour)."""
    total = rules.total_points or 1
    if trump is None or not 0 <= trump < 4:
        trump = best_colour(rules, hand)
    tables = colours(rules)
    masks = tables.suit_mask[trump]
    n_cards = max(1, (hand & rules.deck.mask).bit_count())
    own = points_held(tables.value_masks, hand) / total
    own_trump = points_held(tables.trump_value_masks[trump], hand) / total
    order = tables.order[trump]
    top = (hand & tables.top3[trump]).bit_count() / 3
    side = [s for s in range(4) if s != trump]
    aces = sum(1 for s in side if order[s] and hand >> order[s][0] & 1) / 3
    long_side = max((hand & masks[s]).bit_count() for s in side) / n_cards
    voids = sum(1 for s in side if not hand & masks[s]) / 3
    valued = valuation.value(rules, hand, _played_out(), trump).mean / total
    return [1.0, valued, own, own_trump, (hand & masks[trump]).bit_count() / n_cards, top,
            sure_tricks(rules, hand, trump) / n_cards, aces, long_side, voids, float(hand >> BIRD & 1)]


def auction_features(rules: RuleSet, seat: int, auction: Sequence[tuple[int, int]], high_bid: int,
                     high_bidder: int) -> list[float]:
    """The auction's part of :data:`FEATURES` (to_speak to others_cold), from ``seat``'s side."""
    n = rules.players
    total = rules.total_points or 1
    low = rules.min_bid

    def partner(s: int) -> bool:
        return rules.mode == "partners" and s != seat and s % 2 == seat % 2

    spoke: set[int] = set()
    passed: set[int] = set()
    bid_by: dict[int, int] = {}
    for s, a in auction:
        spoke.add(s)
        if a == A.PASS:
            passed.add(s)
        elif a >= A.BID:
            bid_by[s] = max(bid_by.get(s, 0), a - A.BID)
    others = [s for s in range(n) if s != seat and not partner(s)]
    mates = [s for s in range(n) if partner(s)]
    to_speak = sum(1 for s in range(n) if s != seat and s not in spoke) / max(1, n - 1)
    lowest = high_bid + rules.bid_step if high_bidder >= 0 else low
    p_bids = [bid_by[s] for s in mates if s in bid_by]
    o_bids = [bid_by[s] for s in others if s in bid_by]
    o_passed = [s for s in others if s in passed]
    return [to_speak, (lowest - low) / total,
            float(bool(p_bids)), (max(p_bids) - low) / total if p_bids else 0.0,
            float(any(s in passed for s in mates)),
            float(bool(o_bids)), (max(o_bids) - low) / total if o_bids else 0.0,
            len(o_passed) / max(1, len(others)),
            sum(1 for s in o_passed if s not in bid_by) / max(1, len(others))]


def features(view: View) -> list[float]:
    """:data:`FEATURES` of a seat's view in the auction."""
    return (hand_features(view.rules, int(view.hand))
            + auction_features(view.rules, view.seat, view.auction, view.high_bid, view.high_bidder))


def _played_out() -> valuation.PlayOut:
    from .heuristic import played_out  # the heuristic bids from the valuation, so it is imported late

    return played_out


# ---------------------------------------------------------------------- the model
@dataclass(frozen=True)
class BidModel:
    """Quantile regression of the bidding side's take (a share of the points in play): one row of
    coefficients per quantile of :data:`QUANTILES`, over :data:`FEATURES`."""

    coef: tuple[tuple[float, ...], ...]
    hands: int  # the hands it was fitted on

    def shares(self, x: Sequence[float]) -> list[float]:
        """The predicted quantiles for features ``x``, ordered (sorted: where fitted lines cross,
        sorting is the monotone rearrangement) and clipped to the points in play."""
        out = sorted(sum(c * v for c, v in zip(row, x)) for row in self.coef)
        return [min(1.0, max(0.0, q)) for q in out]

    def quantiles(self, view: View) -> list[float]:
        """The take at each of :data:`QUANTILES`, in points, if ``view``'s seat takes the contract now."""
        total = view.rules.total_points
        return [q * total for q in self.shares(features(view))]

    def take_at(self, view: View, q: float) -> float:
        """The take at quantile ``q`` (interpolated between the fitted ones), in points."""
        return interpolate(self.quantiles(view), q)

    def to_json(self) -> dict[str, Any]:
        return {"coef": [[round(c, 6) for c in row] for row in self.coef], "hands": self.hands}

    @staticmethod
    def from_json(data: dict[str, Any], features: Sequence[str] = FEATURES) -> BidModel:
        coef = tuple(tuple(float(c) for c in row) for row in data["coef"])
        if len(coef) != len(QUANTILES) or any(len(row) != len(features) for row in coef):
            raise ValueError("the model's shape is not QUANTILES x its features")
        return BidModel(coef, int(data["hands"]))


def interpolate(values: Sequence[float], q: float) -> float:
    """The value at quantile ``q`` of quantiles ``values`` (at :data:`QUANTILES`), linear between them."""
    if q <= QUANTILES[0]:
        return values[0]
    if q >= QUANTILES[-1]:
        return values[-1]
    i = bisect_left(QUANTILES, q)
    q0, q1 = QUANTILES[i - 1], QUANTILES[i]
    return values[i - 1] + (values[i] - values[i - 1]) * (q - q0) / (q1 - q0)


# ---------------------------------------------------------------------- data and fitting
def played_row(rules: RuleSet, rng: random.Random, deal: int) -> tuple[list[float], float] | None:
    """One training row: a random deal, a heuristic auction stopped at one of its free choices (a
    seat that may pass or bid), that seat takes the contract at the lowest bid and the others pass;
    heuristic players handle the nest and play the hand out.  (The features at that choice, the
    bidding side's share of the points in play), or None for a deal without such a choice."""
    from .heuristic import HeuristicPlayer

    if not rules.total_points:
        return None
    bot = HeuristicPlayer()
    hand = Hand(rules, deal % rules.players)
    hand.deal_random(rng)
    probe = hand.copy()
    choices: list[int] = []  # indices in the auction of the free choices
    while probe.phase == Phase.BID:
        legal = probe.legal_actions()
        if A.PASS in legal and any(a >= A.BID for a in legal) and A.REDEAL not in legal:
            choices.append(len(probe.auction))
        probe.apply_unchecked(bot.act(view_of(probe, probe.to_act)))
    if not choices:
        return None
    stop = choices[rng.randrange(len(choices))]
    for _, action in probe.auction[:stop]:
        hand.apply_unchecked(action)
    seat = hand.to_act
    x = features(view_of(hand, seat))
    legal = hand.legal_actions()
    hand.apply_unchecked(next(a for a in legal if a >= A.BID))
    while hand.phase == Phase.BID:
        legal = hand.legal_actions()
        hand.apply_unchecked(A.PASS if A.PASS in legal else legal[0])
    if hand.bidder != seat:
        return None
    share = _played_share(hand, bot)
    return None if share is None else (x, share)


def _played_share(hand: Hand, bot: Any) -> float | None:
    """Play the hand out with ``bot`` at every seat: the bidding side's share of the points in play."""
    while not hand.is_over:
        hand.apply_unchecked(bot.act(view_of(hand, hand.to_act)))
    return None if hand.result is None else hand.result.bidding_points / hand.rules.total_points


def played_rows(rules: RuleSet, hands: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Up to ``hands`` rows of :func:`played_row` (from at most twice as many deals)."""
    return _rows(played_row, rules, hands, seed)


Row = Callable[[RuleSet, random.Random, int], "tuple[list[float], float] | None"]


def _rows(row: Row, rules: RuleSet, hands: int, seed: int) -> tuple[list[list[float]], list[float]]:
    rng = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    for d in range(2 * hands):
        if len(ys) >= hands:
            break
        got = row(rules, rng, d)
        if got is not None:
            xs.append(got[0])
            ys.append(got[1])
    return xs, ys


# ---------------------------------------------------------------------- the nest's plans
# The same model, fitted again where the bidder's nest choices are made: the take's quantiles from the
# hand it keeps, the trump it names, the points it buries, the contract and the cards it calls.
PLAN_FEATURES = FEATURES[:11] + (
    "buried",  # points buried / points in play
    "contract",  # (the contract - the minimum bid) / points in play
    "calls",  # partner cards called
    "called_trump",  # of them, the share in the trump colour
    "called_top",  # their rank in their colour, 1 for its highest card (mean)
    "called_points",  # their points / points in play
    "called_colour",  # the kept cards of the called cards' colours / cards kept (mean)
)
PLAN_EXPLORE = 0.6  # the share of training hands whose bidder makes its nest choices at random


def plan_features(rules: RuleSet, kept: int, trump: int, buried: int, contract: int,
                  calls: Sequence[int] = ()) -> list[float]:
    """:data:`PLAN_FEATURES` of the bidder's choices: the cards it keeps (a mask), the trump it names (a colour;
    else its best), the cards it buries (a mask), the contract, the cards it calls."""
    total = rules.total_points or 1
    if not 0 <= trump < 4:
        trump = best_colour(rules, kept)
    t = rules.play_tables(trump, False, True)
    masks = colours(rules).suit_mask[trump]
    pts = rules.deck.points
    n_cards = max(1, (kept & rules.deck.mask).bit_count())
    tops, own = [], []
    for c in calls:
        suit = t.suit[c]
        same = [d for d in rules.deck.cards if t.suit[d] == suit]
        tops.append(1 - sum(1 for d in same if t.key[d] > t.key[c]) / max(1, len(same)))
        own.append((kept & masks[suit]).bit_count() / n_cards if 0 <= suit < 4 else 0.0)
    k = max(1, len(calls))
    return hand_features(rules, kept, trump) + [
        sum(pts[c] for c in rules.deck.cards if buried >> c & 1) / total, (contract - rules.min_bid) / total,
        float(len(calls)), sum(1 for c in calls if t.suit[c] == trump) / k, sum(tops) / k,
        sum(pts[c] for c in calls) / total, sum(own) / k]


def _explore(view: View, bot: Any, colour: int, rng: random.Random) -> int:
    """A training bidder's nest choice at random: trump ``colour``, each card buried among the three its
    burying would put first, half the calls any card it does not hold."""
    legal = view.legal
    if view.step == NestStep.TRUMP and A.TRUMP + colour in legal:
        return A.TRUMP + colour
    if view.step == NestStep.BURY:
        order = bot.bury_order(view, colour)
        return int(order[rng.randrange(min(3, len(order)))])
    if view.step == NestStep.PARTNER:
        calls = [a for a in legal if A.PARTNER <= a < A.PARTNER + 64 and not int(view.hand) >> (a - A.PARTNER) & 1]
        if calls and rng.random() < 0.5:
            return calls[rng.randrange(len(calls))]
        return int(bot.call_partner(view, colour))
    return int(bot.act(view))


def plan_row(rules: RuleSet, rng: random.Random, deal: int) -> tuple[list[float], float] | None:
    """One training row of the plan model: a random deal, a heuristic auction; the bidder makes its nest
    choices the heuristic's way or (a :data:`PLAN_EXPLORE` share of hands) at random; heuristic players
    play the hand out.  (:func:`plan_features` once the nest is done, the bidding side's share of the
    points in play), or None for a deal without a contract."""
    from .heuristic import HeuristicPlayer

    if not rules.total_points:
        return None
    bot = HeuristicPlayer()
    hand = Hand(rules, deal % rules.players)
    hand.deal_random(rng)
    while hand.phase == Phase.BID:
        hand.apply_unchecked(bot.act(view_of(hand, hand.to_act)))
    if hand.phase != Phase.NEST or hand.bidder < 0:
        return None
    explore = rng.random() < PLAN_EXPLORE
    colour = rng.randrange(4)
    while hand.phase == Phase.NEST:
        view = view_of(hand, hand.to_act)
        mine = explore and hand.to_act == hand.bidder
        hand.apply_unchecked(_explore(view, bot, colour, rng) if mine else bot.act(view))
    if hand.phase != Phase.PLAY:
        return None
    x = plan_features(rules, hand.hands[hand.bidder], hand.trump, mask_of(hand.buried), hand.bid, hand.partner_cards)
    share = _played_share(hand, bot)
    return None if share is None else (x, share)


def plan_rows(rules: RuleSet, hands: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Up to ``hands`` rows of :func:`plan_row` (from at most twice as many deals)."""
    return _rows(plan_row, rules, hands, seed)


def expected_score(takes: Sequence[float], contract: int, total: int) -> float:
    """The bidding side's score less the other side's, over the takes at :data:`QUANTILES` (a weighted
    sample): the contract made scores the take, else minus the contract; the other side scores the rest."""
    return sum(w * ((t if t >= contract else -contract) - (total - t)) for w, t in zip(WEIGHTS, takes))


def fit(xs: Sequence[Sequence[float]], ys: Sequence[float], iters: int = 60) -> BidModel:
    """Linear quantile regression at each of :data:`QUANTILES` by iteratively reweighted least
    squares (the pinball loss's weights |r|^-1, asymmetric by the quantile), a light ridge keeping
    features that never vary (no Bird in the deck) at zero."""
    import numpy as np

    X = np.asarray(xs, dtype=np.float64)
    y = np.asarray(ys, dtype=np.float64)
    n, k = X.shape
    ridge = 1e-4 * n * np.eye(k)
    ridge[0, 0] = 0.0  # the bias is free
    start = np.linalg.solve(X.T @ X + ridge, X.T @ y)
    rows = []
    for tau in QUANTILES:
        beta = start.copy()
        for _ in range(iters):
            r = y - X @ beta
            w = np.where(r >= 0, tau, 1 - tau) / np.maximum(np.abs(r), 1e-3)
            xw = X.T * w
            new = np.linalg.solve(xw @ X + ridge * w.mean(), xw @ y)
            if np.max(np.abs(new - beta)) < 1e-7:
                beta = new
                break
            beta = new
        rows.append(tuple(float(c) for c in beta))
    return BidModel(tuple(rows), n)


def coverage(model: BidModel, xs: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    """For each of :data:`QUANTILES`, the share of the takes ``ys`` below the model's prediction, a
    take equal to it counted half (takes come in steps of 5 points, and all the points in play is
    common): a calibrated model's shares are the quantiles themselves."""
    below = [0.0] * len(QUANTILES)
    for x, y in zip(xs, ys):
        for i, q in enumerate(model.shares(x)):
            below[i] += 1.0 if y < q - 1e-9 else 0.5 if y <= q + 1e-9 else 0.0
    return [b / max(1, len(ys)) for b in below]


# ---------------------------------------------------------------------- shipped, cached, fitted
@lru_cache(maxsize=1)
def shipped() -> dict[str, Any]:
    """The shipped file: each preset's model, and how they were fitted (read once)."""
    text = resources.files("rookgame").joinpath(WEIGHTS_FILE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _shipped_model(rules: RuleSet, plans: bool = False) -> BidModel | None:
    from ..rules import PRESETS

    base = PRESETS.get(rules.preset)
    if base is None or base.replace(name=rules.name) != rules:
        return None
    data = shipped()
    section, field, features = ("plans", "plan_features", PLAN_FEATURES) if plans else ("presets", "features", FEATURES)
    row = data.get(section, {}).get(rules.preset)
    if row is None or data.get("version") != VERSION or tuple(data.get(field, ())) != features:
        return None
    return BidModel.from_json(row, features)


@lru_cache(maxsize=256)
def rules_key(rules: RuleSet) -> str:
    """What a rule set's model depends on: its options (the valuation's key, which holds them and
    the valuation's weights), the features and the version."""
    text = f"{valuation.rules_key(rules)}|{VERSION}|{','.join(FEATURES)}|{QUANTILES}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@lru_cache(maxsize=256)
def plan_key(rules: RuleSet) -> str:
    """What a rule set's plan model depends on: as :func:`rules_key`, with its own features."""
    text = f"{valuation.rules_key(rules)}|{VERSION}|{','.join(PLAN_FEATURES)}|{QUANTILES}|{PLAN_EXPLORE}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


_memory: dict[str, BidModel | None] = {}
_lock = threading.RLock()  # one thread fits a rule set's model; another asking for it waits


def model_for(rules: RuleSet) -> BidModel | None:
    """The model of ``rules``: shipped (a preset), cached on disk, or fitted now on hands the
    heuristic plays out and then cached; None where too few hands give a free auction choice."""
    key = rules_key(rules)
    if key in _memory:
        return _memory[key]
    with _lock:
        if key not in _memory:
            _memory[key] = _load_or_fit(rules, key)
        return _memory[key]


def plan_model_for(rules: RuleSet) -> BidModel | None:
    """The plan model of ``rules`` (the take once the bidder's nest choices are made), as
    :func:`model_for`: shipped, cached on disk, or fitted now; None where too few hands have a contract."""
    key = "plan-" + plan_key(rules)
    if key in _memory:
        return _memory[key]
    with _lock:
        if key not in _memory:
            _memory[key] = _load_or_fit(rules, key, plans=True)
        return _memory[key]


def cache_path(rules: RuleSet, plans: bool = False) -> Path | None:
    folder = valuation.cache_dir()
    if folder is None:
        return None
    return folder / (f"bidmodel-plan-{plan_key(rules)}.json" if plans else f"bidmodel-{rules_key(rules)}.json")


def _load_or_fit(rules: RuleSet, key: str, plans: bool = False) -> BidModel | None:
    got = _shipped_model(rules, plans)
    if got is not None:
        return got
    rows = plan_rows if plans else played_rows
    features = PLAN_FEATURES if plans else FEATURES

    def make() -> BidModel | None:
        xs, ys = rows(rules, HOUSE_HANDS, HOUSE_SEED)
        return fit(xs, ys) if len(ys) >= MIN_ROWS else None

    def read(data: dict[str, Any]) -> BidModel:
        return BidModel.from_json(data, features)

    return valuation.cached(cache_path(rules, plans), read, make, BidModel.to_json)
