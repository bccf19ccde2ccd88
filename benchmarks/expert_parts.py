"""Which part of the expert gains: one part of its play at a time against the heuristic.

A hybrid player decides one phase with the expert (at the chosen level) and the other
phases with the heuristic; each hybrid meets the plain heuristic on duplicate deals.

    python benchmarks/expert_parts.py --rules full-deck --deals 300 --level easy
    python benchmarks/expert_parts.py --rules kentucky-discard --deals 300 --parts bid,nest

parts: ``play`` (card play), ``bid`` (the auction), ``nest`` (trump and burying), ``all``.
"""

from __future__ import annotations

import argparse
import time

from rookgame.arena import run_arena
from rookgame.bots import REGISTRY, Player
from rookgame.bots.expert import LEVELS, ExpertPlayer
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.rules import load
from rookgame.state import Phase
from rookgame.view import View

PARTS = {"play": {Phase.PLAY}, "bid": {Phase.BID}, "nest": {Phase.NEST},
         "all": {Phase.PLAY, Phase.BID, Phase.NEST}}


class Hybrid:
    def __init__(self, seed: int | None, level: str, phases: set[Phase]) -> None:
        self.expert = ExpertPlayer(seed, level)
        self.heuristic = HeuristicPlayer(seed)
        self.phases = phases
        self.name = "hybrid"

    def act(self, view: View) -> int:
        return (self.expert if view.phase in self.phases else self.heuristic).act(view)


def register(name: str, level: str, phases: set[Phase]) -> None:
    def make(seed: int | None) -> Player:
        return Hybrid(seed, level, phases)

    REGISTRY[name] = make  # the arena's worker processes inherit it


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="full-deck")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--level", default="easy", choices=list(LEVELS))
    ap.add_argument("--parts", default="play,bid,nest,all")
    args = ap.parse_args()
    rules = load(args.rules)
    for part in args.parts.split(","):
        if part not in PARTS:
            ap.error(f"unknown part {part!r}; parts: {', '.join(PARTS)}")
        name = f"expert-{part}"
        register(name, args.level, PARTS[part])
        t = time.perf_counter()
        res = run_arena(rules, (name, "heuristic"), args.deals, args.seed)
        d = res.difference
        print(f"{args.rules}, {args.level}, expert's {part} v heuristic: {d.mean:+.1f} [{d.low:+.1f}, {d.high:+.1f}] "
              f"points per hand over {args.deals} deals ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
