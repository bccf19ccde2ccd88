"""Fit the bidding model (rookgame.bots.bidmodel) for the presets, and measure its calibration.

For each preset: hands played out by heuristic players from a random free choice of a heuristic
auction (that seat takes the contract, the others pass), the model fitted on ``--hands`` of them,
then measured on ``--held`` others (another seed): for each quantile, the share of real takes below
the prediction (ties counted half; calibrated: the quantile itself), against the valuation's normal
(its calibrated mean and spread, blind to the auction), and the mean pinball loss of both.

    nice -n 10 python benchmarks/fit_bidmodel.py --hands 6000 --held 1500 \\
        --out src/rookgame/data/bidmodel.json                        # every preset
    nice -n 10 python benchmarks/fit_bidmodel.py --presets kentucky-discard,full-deck --hands 20000 \\
        --held 3000 --out src/rookgame/data/bidmodel.json --keep     # these two with more hands
    python benchmarks/fit_bidmodel.py --presets kentucky-discard --hands 1000 --held 300   # a look

``--plans`` fits the plan model instead (the same quantiles, once the bidder's nest choices are made:
the cards kept, the trump, the points buried, the contract, the calls; a share of the training bidders
choose at random), into the file's "plans" section, the auction's models kept:

    nice -n 10 python benchmarks/fit_bidmodel.py --plans --hands 6000 --held 1500 \\
        --out src/rookgame/data/bidmodel.json --keep
"""

from __future__ import annotations

import argparse
import json
import time
from datetime import UTC, datetime
from statistics import NormalDist

from rookgame.bots import bidmodel as M
from rookgame.bots import valuation
from rookgame.bots.heuristic import played_out
from rookgame.rules import PRESETS, RuleSet


def normal_shares(rules: RuleSet, x: list[float]) -> list[float]:
    """The valuation's take at each quantile: its calibrated mean (feature "valued") and spread."""
    cal = valuation.calibration(rules, played_out)
    sd = cal.sd if cal is not None else valuation.global_spread(rules)
    mean = x[M.FEATURES.index("valued")]
    return [min(1.0, max(0.0, mean + NormalDist().inv_cdf(q) * sd)) for q in M.QUANTILES]


def pinball(preds: list[list[float]], ys: list[float]) -> float:
    """The mean pinball loss over the quantiles, in points of a 100-point hand."""
    total = 0.0
    for p, y in zip(preds, ys):
        for q, v in zip(M.QUANTILES, p):
            total += (q if y >= v else q - 1) * (y - v)
    return 100 * total / max(1, len(ys) * len(M.QUANTILES))


def cover(preds: list[list[float]], ys: list[float]) -> list[float]:
    out = []
    for i in range(len(M.QUANTILES)):
        out.append(sum(1.0 if y < p[i] - 1e-9 else 0.5 if y <= p[i] + 1e-9 else 0.0
                       for p, y in zip(preds, ys)) / max(1, len(ys)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--hands", type=int, default=20000, help="training hands per preset")
    ap.add_argument("--held", type=int, default=3000, help="held-out hands per preset (another seed)")
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--out", default=None, help="write the shipped file here (else only the figures)")
    ap.add_argument("--keep", action="store_true", help="keep --out's other presets (fit some presets with more hands)")
    ap.add_argument("--plans", action="store_true", help="fit the plan model (the nest's choices priced)")
    args = ap.parse_args()
    out: dict[str, object] = {"version": M.VERSION, "features": list(M.FEATURES), "quantiles": list(M.QUANTILES),
                              "plan_features": list(M.PLAN_FEATURES)}
    section, field, features = ("plans", "plan_features", M.PLAN_FEATURES) if args.plans else (
        "presets", "features", M.FEATURES)
    rows = M.plan_rows if args.plans else M.played_rows
    presets: dict[str, object] = {}
    if args.out and args.keep:  # what was fitted before (same version and features) stays
        with open(args.out) as f:
            before = json.load(f)
        if before.get("version") == M.VERSION:
            for sec, fld, feats in (("presets", "features", M.FEATURES), ("plans", "plan_features", M.PLAN_FEATURES)):
                if tuple(before.get(fld, ())) == feats and sec != section:
                    out[sec] = before.get(sec, {})
            if tuple(before.get(field, ())) == features:
                presets.update(before.get(section, {}))
    qs = " ".join(f"{q:.2f}" for q in M.QUANTILES)
    print(f"quantiles: {qs}", flush=True)
    for name in args.presets.split(","):
        rules = PRESETS[name]
        t = time.perf_counter()
        xs, ys = rows(rules, args.hands, args.seed)
        hx, hy = rows(rules, args.held, args.seed + 1000)
        model = M.fit(xs, ys)
        preds = [model.shares(x) for x in hx]
        base = [normal_shares(rules, x) for x in hx]
        cov = cover(preds, hy)
        bcov = cover(base, hy)
        worst = max(abs(c - q) for c, q in zip(cov, M.QUANTILES))
        bworst = max(abs(c - q) for c, q in zip(bcov, M.QUANTILES))
        print(f"{name}: {len(ys)} hands, {len(hy)} held out ({time.perf_counter() - t:.0f} s)\n"
              f"  model:     below {' '.join(f'{c:.3f}' for c in cov)}  worst {worst:.3f}  "
              f"pinball {pinball(preds, hy):.3f}\n"
              f"  valuation: below {' '.join(f'{c:.3f}' for c in bcov)}  worst {bworst:.3f}  "
              f"pinball {pinball(base, hy):.3f}", flush=True)
        presets[name] = {**model.to_json(), "held_out": len(hy), "coverage": [round(c, 4) for c in cov]}
    for name in args.presets.split(","):
        row = presets[name]
        assert isinstance(row, dict)
        row["fitted"] = (f"{datetime.now(UTC):%Y-%m-%d}: --hands {args.hands} --held {args.held} --seed {args.seed}; "
                         "heuristic auctions and play-outs" + ("; the bidder's nest choices partly at random"
                                                               if args.plans else ""))
    out[section] = presets
    if args.out:
        with open(args.out, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
