"""Which quantile of the learned take to bid from (rookgame.bots.bidmodel), measured cheaply.

A hybrid bids as ``expert:bidmodel=1,bid_quantile=Q`` does (the model alone decides the auction,
no play-outs) and handles the nest and the play as the heuristic; each Q meets the plain heuristic
on duplicate deals, both seatings.  The card play is the heuristic's on both sides, so the margin
is the auction's alone, and thousands of deals take minutes.

    nice -n 10 python benchmarks/bid_quantile.py --rules kentucky-discard,full-deck \\
        --quantiles 0.2,0.3,0.4,0.5,0.6 --deals 1500
"""

from __future__ import annotations

import argparse
import dataclasses
import time

from rookgame.arena import run_arena
from rookgame.bots import REGISTRY, Player
from rookgame.bots.expert import LEVELS, ExpertPlayer
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.rules import load
from rookgame.state import Phase
from rookgame.view import View


class ModelAuction:
    """The model's auction, the heuristic's nest and play."""

    def __init__(self, seed: int | None, quantile: float) -> None:
        self.bidder = ExpertPlayer(seed, "expert")
        self.bidder.level = dataclasses.replace(LEVELS["expert"], bidmodel=True, bid_quantile=quantile)
        self.heuristic = HeuristicPlayer(seed)
        self.name = f"model-q{quantile:g}"

    def act(self, view: View) -> int:
        return (self.bidder if view.phase == Phase.BID else self.heuristic).act(view)


def register(quantile: float) -> str:
    name = f"model-auction-q{quantile:g}"

    def make(seed: int | None) -> Player:
        return ModelAuction(seed, quantile)

    REGISTRY[name] = make  # the arena's worker processes inherit it
    return name


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard,full-deck")
    ap.add_argument("--quantiles", default="0.2,0.3,0.4,0.5,0.6")
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--vs", default="heuristic")
    args = ap.parse_args()
    for spec in args.rules.split(","):
        rules = load(spec)
        for q in (float(x) for x in args.quantiles.split(",")):
            name = register(q)
            t = time.perf_counter()
            res = run_arena(rules, (name, args.vs), args.deals, args.seed, workers=args.workers)
            d = res.difference
            js = res.to_json()["per_bot"]
            tal = res.tallies
            print(f"{spec}: bid at q={q:g} v {args.vs}: {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] points per hand "
                  f"over {args.deals} deals ({time.perf_counter() - t:.0f} s); contracts made "
                  f"{tal[0].made}/{tal[0].contracts} v {tal[1].made}/{tal[1].contracts}; average contract "
                  f"{js[0]['avg_contract']} v {js[1]['avg_contract']}", flush=True)


if __name__ == "__main__":
    main()
