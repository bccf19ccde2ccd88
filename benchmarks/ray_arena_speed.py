"""The arena on Ray against the local backend, 1 and 2 workers, on this machine.

Each figure is one ``run_arena`` of the same deals and seed (so the same results, checked);
a Ray cluster of ``workers`` CPUs is started before its run and its start is timed apart.

    python benchmarks/ray_arena_speed.py                       # easy vs heuristic, 16 deals
    python benchmarks/ray_arena_speed.py --bots heuristic,heuristic --deals 100 --workers 1,2
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from rookgame.arena import run_arena
from rookgame.research import distributed
from rookgame.rules import load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--bots", default="easy,heuristic")
    ap.add_argument("--deals", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", default="1,2")
    args = ap.parse_args()
    rules = load(args.rules)
    bots = tuple(args.bots.split(","))
    counts = [int(w) for w in args.workers.split(",")]
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
          f"{args.rules}, {args.bots}, {args.deals} deals, seed {args.seed}")
    base = None
    reference = None
    for w in counts:
        r = run_arena(rules, bots, args.deals, args.seed, workers=w)
        base = base or r.seconds
        reference = reference or r.per_deal
        assert r.per_deal == reference
        print(f"local {w} worker(s)   {r.seconds:6.2f} s   speed-up {base / r.seconds:4.2f}")
    ray = distributed.ray_module()
    for w in counts:
        start = time.perf_counter()
        distributed.connect(None, w)
        up = time.perf_counter() - start
        r = run_arena(rules, bots, args.deals, args.seed, workers=w, backend="ray")
        assert r.per_deal == reference, "the ray backend gave other results"
        print(f"ray   {w} worker(s)   {r.seconds:6.2f} s   speed-up {base / r.seconds:4.2f}   "
              f"(cluster start {up:.1f} s, not counted)")
        ray.shutdown()


if __name__ == "__main__":
    main()
