"""A hand valuation for the auction that fits any rule set.

:func:`value` gives what the bidding side can expect to take with a hand (before the
nest), in points, and the spread of that take, for any :class:`~rookgame.rules.RuleSet`:
presets and house-rules files alike.  It is a linear model over features of the hand
scaled by the rule set (the share of the points in play the hand holds, trump length
against what a hand of that size holds, top trumps, sure tricks, the seats on the
bidding side, the nest, the bonuses), fitted by ``benchmarks/fit_valuation.py`` on
hands played out by heuristic players over many random rule sets and the presets, then
calibrated to the rule set at the table (see "per rule set calibration" below).
The weights ship in ``rookgame/data/valuation.json`` (under 2 kB).

Everything is a share of the points in play, so one set of weights serves a 120-point
deck and a 250-point one.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from ..files import write_whole
from ..rules import RuleSet
from .colours import best_colour, colours, points_held, sure_tricks

WEIGHTS_FILE = "data/valuation.json"

# The feature names, in the order of the weights in the file.
FEATURES = (
    "bias",
    "side",  # the bidding side's share of the seats
    "individual",  # 1 in individual games
    "call_partner",  # 1 in call-partner games
    "nest",  # the nest's share of the deck
    "nest_to_bidder",  # the nest's share of the deck where its points go to the bidder
    "bonus",  # the bonuses' share of the points in play
    "own",  # the counters held, as a share of the points in play
    "own_trump",  # the counters held in trump, as a share of the points in play
    "trump_long",  # trumps held less the trumps a hand holds on average, per card in hand
    "trump_long_side",  # the same, times the side's share of the seats
    "top_trumps",  # the top three trumps held (0 to 1)
    "sure",  # sure tricks, per trick
    "voids",  # side colours void, out of three
    "own_side",  # own times the side's share of the seats
)
SPREAD_FEATURES = ("bias", "side", "nest", "individual", "call_partner", "inv_tricks")


@dataclass(frozen=True)
class Weights:
    mean: tuple[float, ...]
    spread: tuple[float, ...]
    fitted: str
    presets: dict[str, list[float]] = field(default_factory=dict)  # preset: (a, b, sd, hands)


@lru_cache(maxsize=1)
def weights() -> Weights:
    """The shipped weights (read once)."""
    text = resources.files("rookgame").joinpath(WEIGHTS_FILE).read_text("utf-8")
    data = json.loads(text)
    mean = data["mean"]
    spread = data["spread"]
    presets = {str(k): [float(x) for x in v] for k, v in data.get("presets", {}).items()}
    return Weights(tuple(float(mean[k]) for k in FEATURES), tuple(float(spread[k]) for k in SPREAD_FEATURES),
                   str(data.get("fitted", "")), presets)


def side_share(rules: RuleSet) -> float:
    """The bidding side's share of the seats: half in partnerships, the bidder and its called
    partners in call-partner games, one seat in individual games."""
    if rules.mode == "partners":
        return 0.5
    if rules.mode == "call-partner":
        return min(1.0, (1 + rules.partner_calls) / rules.players)
    return 1 / rules.players


def rule_features(rules: RuleSet) -> tuple[float, float, float, float, float, float]:
    """(side, individual, call_partner, nest, nest_to_bidder, bonus): the rule set's part of the features."""
    deck = rules.deck
    side = side_share(rules)
    nest = rules.nest_size / deck.size
    total = rules.total_points or 1
    bonus = (rules.most_tricks_bonus + rules.last_trick_bonus + rules.trick_bonus[0]) / total
    return (side, float(rules.mode == "individual"), float(rules.mode == "call-partner"), nest,
            nest if rules.nest_to == "bidder" else 0.0, bonus)


def features(rules: RuleSet, hand: int, trump: int) -> list[float]:
    """The features of ``hand`` with ``trump`` as trump, in the order of :data:`FEATURES`."""
    deck = rules.deck
    tables = colours(rules)
    masks = tables.suit_mask[trump]
    total = rules.total_points or 1
    side, individual, call, nest, nest_bidder, bonus = rule_features(rules)
    n_cards = max(1, (hand & deck.mask).bit_count())
    own = points_held(tables.value_masks, hand) / total
    trumps = hand & masks[trump]
    own_trump = points_held(tables.trump_value_masks[trump], hand) / total
    expected = n_cards * len(tables.order[trump][trump]) / deck.size
    long = (trumps.bit_count() - expected) / n_cards
    top = (hand & tables.top3[trump]).bit_count() / 3
    sure = sure_tricks(rules, hand, trump) / n_cards
    voids = sum(1 for s in range(4) if s != trump and not hand & masks[s]) / 3
    return [1.0, side, individual, call, nest, nest_bidder, bonus, own, own_trump, long, long * side, top, sure,
            voids, own * side]


def spread_features(rules: RuleSet) -> list[float]:
    side, individual, call, nest, _, _ = rule_features(rules)
    return [1.0, side, nest, individual, call, 1 / max(1, rules.deck.hand_size)]


def colour_value(rules: RuleSet, hand: int, trump: int) -> float:
    """The global model's expected share of the points in play with ``trump`` as trump (not clipped)."""
    w = weights().mean
    return sum(a * b for a, b in zip(w, features(rules, hand, trump)))


def global_spread(rules: RuleSet) -> float:
    """The global model's spread of the take, as a share of the points in play."""
    sw = weights().spread
    return max(0.02, sum(a * b for a, b in zip(sw, spread_features(rules))))


# ---------------------------------------------------------------------- per rule set calibration
# The global model misses some rule sets by up to a tenth of the points in play (a two-player
# table, a big nest in an individual game): features of the rule set cannot say all that its
# options do to a hand.  So on first use in a rule set the model is calibrated on hands played
# out in it: take = a + b * (global prediction), with the spread of what is left.  Presets ship
# their calibration in the weights file; others are computed once per process (about a second),
# and kept on disk only where a cache folder is set (ROOKGAME_CACHE or set_cache_dir).
CALIBRATION_HANDS = 400
CALIBRATION_SEED = 20261201
SLOPE_PRIOR = 100.0  # hands' worth of belief that the slope is 1
CACHE_ENV = "ROOKGAME_CACHE"


@dataclass(frozen=True)
class Calibration:
    a: float
    b: float
    sd: float  # share of the points in play
    hands: int

    def to_json(self) -> list[float]:
        return [round(self.a, 5), round(self.b, 5), round(self.sd, 5), self.hands]


_memory: dict[str, Calibration] = {}
_lock = threading.RLock()  # one thread calibrates a rule set; another asking for it waits (bots think in a pool)
_local = threading.local()  # the rule sets this thread is calibrating: valued by the global model meanwhile


def _calibrating() -> set[str]:
    keys: set[str] | None = getattr(_local, "keys", None)
    if keys is None:
        keys = set()
        _local.keys = keys
    return keys

T = TypeVar("T")
_cache_dir: Path | None = None
_cache_dir_set = False


def set_cache_dir(path: str | Path | None) -> None:
    """Where calibrations of house rules are kept between runs (None: in memory only)."""
    global _cache_dir, _cache_dir_set
    _cache_dir = None if path is None else Path(path)
    _cache_dir_set = True


def cache_dir() -> Path | None:
    if _cache_dir_set:
        return _cache_dir
    env = os.environ.get(CACHE_ENV)
    return Path(env) if env else None


@lru_cache(maxsize=256)
def rules_key(rules: RuleSet) -> str:
    """What the calibration depends on: every option but the names, and the weights."""
    data = {k: v for k, v in rules.to_json().items() if k not in ("name", "preset")}
    text = json.dumps(data, sort_keys=True) + json.dumps(weights().mean)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


# One hand played out in a rule set: (the bidder's dealt hand, the trump it was valued for, the bidding
# side's share of the points in play), or None for a deal that gave no such hand.  The heuristic plays
# them (:func:`rookgame.bots.heuristic.played_out`); it bids from this valuation, so it is passed in.
PlayOut = Callable[[RuleSet, random.Random, int], tuple[int, int, float] | None]


@contextmanager
def uncalibrated(rules: RuleSet) -> Iterator[None]:
    """Inside: ``rules`` is valued by the global model alone (while its hands are played out to fit it)."""
    key = rules_key(rules)
    _calibrating().add(key)
    try:
        yield
    finally:
        _calibrating().discard(key)


def fit_calibration(rules: RuleSet, play_out: PlayOut, hands: int = CALIBRATION_HANDS,
                    seed: int = CALIBRATION_SEED) -> Calibration:
    """Play ``hands`` hands out in ``rules`` with ``play_out`` and fit take = a + b * prediction (the
    slope drawn toward 1 by SLOPE_PRIOR hands), with the spread of the rest."""
    rng = random.Random(seed)
    ps: list[float] = []
    ys: list[float] = []
    with uncalibrated(rules):
        for d in range(hands * 2):
            if len(ys) >= hands:
                break
            got = play_out(rules, rng, d)
            if got is None:
                continue
            ps.append(colour_value(rules, got[0], got[1]))
            ys.append(got[2])
    n = len(ys)
    if n < 20:
        return Calibration(0.0, 1.0, global_spread(rules), n)
    mp = sum(ps) / n
    my = sum(ys) / n
    sxx = sum((p - mp) ** 2 for p in ps)
    sxy = sum((p - mp) * (y - my) for p, y in zip(ps, ys))
    prior = SLOPE_PRIOR * sxx / n  # the prior as that many hands' worth of the data's spread
    b = max(0.3, min(1.7, (sxy + prior) / (sxx + prior))) if sxx > 0 else 1.0
    a = my - b * mp
    resid = [y - a - b * p for p, y in zip(ps, ys)]
    sd = math.sqrt(sum(r * r for r in resid) / max(1, n - 2))
    return Calibration(a, b, max(0.02, sd), n)


def _shipped(rules: RuleSet) -> Calibration | None:
    from ..rules import PRESETS

    base = PRESETS.get(rules.preset)
    if base is None or base.replace(name=rules.name) != rules:
        return None
    row = weights().presets.get(rules.preset)
    return None if row is None else Calibration(row[0], row[1], row[2], int(row[3]))


def calibration(rules: RuleSet, play_out: PlayOut) -> Calibration | None:
    """The calibration of ``rules``: shipped, cached, or fitted now on hands ``play_out`` plays
    (None while it is being computed: the global model is used)."""
    key = rules_key(rules)
    got = _memory.get(key)
    if got is not None:
        return got
    if key in _calibrating():
        return None
    with _lock:
        got = _memory.get(key)  # calibrated by another thread meanwhile
        if got is None:
            got = _load_or_fit(rules, key, play_out)
            _memory[key] = got
    return got


def _load_or_fit(rules: RuleSet, key: str, play_out: PlayOut) -> Calibration:
    got = _shipped(rules)
    if got is not None:
        return got
    folder = cache_dir()
    path = folder / f"valuation-{key}.json" if folder is not None else None
    got = cached(path, lambda row: Calibration(float(row[0]), float(row[1]), float(row[2]), int(row[3])),
                 lambda: fit_calibration(rules, play_out), Calibration.to_json)
    assert got is not None  # a calibration is always fitted
    return got


def cached(path: Path | None, read: Callable[[Any], T], make: Callable[[], T | None],
           to_json: Callable[[T], Any]) -> T | None:
    """What ``path`` keeps (its JSON made into a value by ``read``), else ``make()`` written there whole (None
    is not kept: nothing to fit from).  A file that cannot be read is made again; one that cannot be written
    only costs the next process the fit."""
    if path is not None:
        try:
            return read(json.loads(path.read_text("utf-8")))
        except (OSError, ValueError, TypeError, IndexError, KeyError):
            pass  # no cache yet, or one that cannot be read: fit again
    got = make()
    if got is not None and path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # whole: a process reading it, or two fitting at once, never see half a file
            write_whole(path, (json.dumps(to_json(got)) + "\n").encode())
        except OSError:
            pass  # a cache that cannot be written is only slower
    return got


@dataclass(frozen=True)
class Value:
    mean: float  # points the bidding side expects to take, nest and bonuses included
    sd: float  # the spread of that take, in points
    trump: int  # the colour it is valued for


def value(rules: RuleSet, hand: int, play_out: PlayOut, trump: int | None = None) -> Value:
    """What the bidding side expects to take with ``hand`` as the bidder's hand before the nest,
    and the spread, with ``trump`` as trump (default: the colour the hand names, :func:`best_colour`),
    calibrated to ``rules`` on hands ``play_out`` plays."""
    if trump is None:
        trump = best_colour(rules, hand)
    total = rules.total_points
    p = colour_value(rules, hand, trump)
    cal = calibration(rules, play_out)
    if cal is None:
        share, sd = p, global_spread(rules)
    else:
        share, sd = cal.a + cal.b * p, cal.sd
    return Value(max(0.0, min(1.0, share)) * total, sd * total, trump)
