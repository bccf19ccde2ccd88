"""Fit the bidding valuation (rookgame/bots/valuation.py) on hands played out by heuristic players.

The rule sets: every preset, and ``--random`` house-rules files drawn by
benchmarks/random_rules.py from ``--seed`` (not seed 12, whose ten files the valuation is
measured on).  In each, ``--deals`` deals: one seat takes the contract at the minimum bid
(half the time the seat with the strongest hand by trump length and counters, half the
time a seat at random, so that both the hands that bid and the hands that pass are seen),
the others pass, and heuristic players play the hand out (nest, trump, card play).

That fits the global model; the presets' per-rule-set calibrations (take = a + b * model,
valuation.fit_calibration, which any other rule set computes on first use) are then
computed with it and shipped in the same file.

The mean model: least squares of the bidding side's share of the points in play on the
features of the bidder's hand before the nest (valuation.FEATURES), with the hand's own
weights (counters, trump length, top trumps, sure tricks) kept at 0 or above so that a
better hand is never valued lower.  The spread: the residual sd of each rule set, as a
share of its points in play, fitted linearly on the rule features (SPREAD_FEATURES).

    python benchmarks/fit_valuation.py --deals 600 --random 80 --seed 1 \
        --out src/rookgame/data/valuation.json
    python benchmarks/fit_valuation.py --deals 300 --seed 5 --check kentucky-discard docs/examples/family.toml
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import lsq_linear

from random_rules import generate
from rookgame.bots import valuation as V
from rookgame.bots.heuristic import played_out, value
from rookgame.bots.valuation import FEATURES, SPREAD_FEATURES, spread_features
from rookgame.rules import PRESETS, RulesError, RuleSet, load, loads

NON_NEGATIVE = ("own", "own_trump", "top_trumps", "sure", "trump_long", "own_side")
HELD_OUT_SEED = 12  # the measured files


def play_out(rules: RuleSet, rng: random.Random, deal: int) -> tuple[list[float], float] | None:
    """The features of one hand played out (heuristic.played_out) and its take."""
    with V.uncalibrated(rules):
        got = played_out(rules, rng, deal)
    if got is None:
        return None
    dealt, trump, take = got
    return V.features(rules, dealt, trump), take


def rule_sets(count: int, seed: int) -> list[RuleSet]:
    out = list(PRESETS.values())
    for i, text in enumerate(generate(seed, count)):
        try:
            out.append(loads(text, f"fit-{seed}-{i + 1:02d}"))
        except RulesError:  # pragma: no cover - generate only returns files that load
            continue
    return out


def check(specs: list[str], deals: int, seed: int) -> None:
    """How far the shipped global model misses in each rule set (held out: not fitted on), and the
    spread its calibration gives: the take less the prediction, as a share of the points in play."""
    w = np.array(V.weights().mean)
    for spec in specs:
        rules = load(spec)
        rng = random.Random(seed)
        rows = [got for d in range(deals) if (got := play_out(rules, rng, d)) is not None]
        X = np.array([r[0] for r in rows])
        y = np.array([r[1] for r in rows])
        p = X @ w
        res = y - p
        top = p > np.quantile(p, 2 / 3)
        sd = value(rules, rules.deck.mask, 0).sd / rules.total_points
        print(f"{rules.label[:22]:22s} {len(y)} hands: global model misses by {res.mean():+.3f} "
              f"(top third of hands {res[top].mean():+.3f}), sd {res.std():.3f}; calibrated sd {sd:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--random", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--check", nargs="+", metavar="RULES", help="only check the shipped model in these rule sets")
    args = ap.parse_args()
    if args.check:
        check(args.check, args.deals, args.seed)
        return
    if args.seed == HELD_OUT_SEED:
        raise SystemExit(f"seed {HELD_OUT_SEED} draws the measured files; fit on another seed")
    rng = random.Random(args.seed)
    # The hands are played and valued without the shipped weights (which may lack a new feature);
    # the heuristic's own bidding is not used (the contract is forced) and its partner calls use these.
    zero = V.Weights(tuple(0.0 for _ in FEATURES), tuple(0.15 if f == "bias" else 0.0 for f in SPREAD_FEATURES), "")
    V.weights = lambda: zero  # type: ignore[assignment]
    V.rules_key.cache_clear()
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    sets = rule_sets(args.random, args.seed)
    started = time.time()
    for g, rules in enumerate(sets):
        for d in range(args.deals):
            got = play_out(rules, rng, d)
            if got is None:
                continue
            xs.append(got[0])
            ys.append(got[1])
            groups.append(g)
    X = np.array(xs)
    y = np.array(ys)
    lo = np.array([0.0 if f in NON_NEGATIVE else -np.inf for f in FEATURES])
    hi = np.full(len(FEATURES), np.inf)
    fit = lsq_linear(X, y, bounds=(lo, hi))
    coef = fit.x
    resid = y - X @ coef
    gs = np.array(groups)
    sds = []
    sx = []
    weights_n = []
    for g, rules in enumerate(sets):
        r = resid[gs == g]
        if len(r) < 20:
            continue
        sds.append(float(r.std()))
        sx.append(spread_features(rules))
        weights_n.append(len(r))
    W = np.sqrt(np.array(weights_n, dtype=float))
    scoef, *_ = np.linalg.lstsq(np.array(sx) * W[:, None], np.array(sds) * W, rcond=None)
    for name, c in zip(FEATURES, coef):
        print(f"{name:16s} {c: .4f}")
    print("spread:", ", ".join(f"{n} {c:.4f}" for n, c in zip(SPREAD_FEATURES, scoef)))
    print(f"{len(y)} hands over {len(sets)} rule sets in {time.time() - started:.0f} s; "
          f"residual sd {resid.std():.3f} of the points in play (R^2 {1 - resid.var() / y.var():.3f})")
    if args.out:
        data: dict[str, Any] = {
            "fitted": f"{datetime.date.today()}: benchmarks/fit_valuation.py --deals {args.deals} "
                      f"--random {args.random} --seed {args.seed}; {len(y)} hands, {len(sets)} rule sets",
            "mean": {n: round(float(c), 5) for n, c in zip(FEATURES, coef)},
            "spread": {n: round(float(c), 5) for n, c in zip(SPREAD_FEATURES, scoef)},
        }
        args.out.write_text(json.dumps(data, indent=1) + "\n")
        # The presets' calibrations (valuation.fit_calibration), shipped so that they cost nothing at play.
        fitted = V.Weights(tuple(data["mean"][k] for k in FEATURES), tuple(data["spread"][k] for k in SPREAD_FEATURES),
                           data["fitted"])
        V.weights = lambda: fitted  # type: ignore[assignment]  # the new weights, wherever they are written
        V.rules_key.cache_clear()
        V._memory.clear()
        data["presets"] = {}
        for name, rules in PRESETS.items():
            cal = V.fit_calibration(rules, played_out)
            data["presets"][name] = cal.to_json()
            print(f"{name:20s} a {cal.a:+.3f} b {cal.b:.3f} sd {cal.sd:.3f}")
        args.out.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
