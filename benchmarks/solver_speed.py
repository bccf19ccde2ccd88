"""Exact solves of whole deals: how long the solver takes from the first card of the play.

Deals are dealt from a seed; heuristic players bid and handle the nest; then the card play
is solved from its first lead (value only, then with the value of every card if --cards).
Reports the median, 90th percentile and worst time, the median nodes, and the memory of the
solving process (its peak resident set, and the C solver's transposition table).

    python benchmarks/solver_speed.py --rules kentucky-discard --deals 100
    python benchmarks/solver_speed.py --rules full-deck --deals 30 --max-nodes 20000000

Before and after a change to the C solver, in one run: keep a copy of the old build and pass
it as --baseline; every deal is then solved by both, alternately (the order flipped from one
deal to the next, so that both see the same load on a shared machine), the values checked
equal, and the per-deal time and node ratios printed (old / new):

    cp src/rookgame/solver/_csolver*.so /tmp/old_csolver.so    # before the change
    python setup.py -q build_ext --inplace                      # after it
    python benchmarks/solver_speed.py --deals 100 --baseline /tmp/old_csolver.so
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import resource
import statistics
import sys
import time
from types import ModuleType

import rookgame.solver as solver
from rookgame.bots import make_player
from rookgame.rules import load
from rookgame.solver import BudgetExceeded, Position, solve_position
from rookgame.state import Hand, Phase
from rookgame.view import view_of


def load_build(path: str) -> ModuleType:
    """Another build of the C solver, from its .so file, as a module of its own."""
    spec = importlib.util.spec_from_file_location("rookgame.solver._csolver", path)
    if spec is None or spec.loader is None:
        sys.exit(f"{path}: not a module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(rules_name: str, count: int, seed: int) -> list[Position]:
    rules = load(rules_name)
    rng = random.Random(seed)
    bots = [make_player("heuristic", s) for s in range(rules.players)]
    out: list[Position] = []
    dealt = 0
    while len(out) < count:
        hand = Hand(rules, dealt % rules.players)
        dealt += 1
        hand.deal_random(rng)
        while hand.phase in (Phase.BID, Phase.NEST):
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
        if hand.phase == Phase.PLAY:
            out.append(Position.of(hand))
    return out


def pct(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * q))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--engine", default="auto", choices=["auto", "c", "python"])
    ap.add_argument("--cards", action="store_true", help="also the value of every legal first card")
    ap.add_argument("--max-nodes", type=int, default=0,
                    help="give up on a deal past this many nodes (it counts as at least that slow)")
    ap.add_argument("--baseline", metavar="SO", help="another build of the C solver to run alternately with this one")
    args = ap.parse_args()
    rules = load(args.rules)
    builds: dict[str, ModuleType | None] = {"this build": solver._csolver}
    if args.baseline:
        builds = {"baseline": load_build(args.baseline), "this build": solver._csolver}
    times: dict[str, list[float]] = {name: [] for name in builds}
    nodes: dict[str, list[int]] = {name: [] for name in builds}
    over = dict.fromkeys(builds, 0)
    for i, p in enumerate(positions(args.rules, args.deals, args.seed)):
        values = {}
        for name in (list(builds) if i % 2 == 0 else list(builds)[::-1]):
            solver._csolver = builds[name]
            t = time.perf_counter()
            try:
                sol = solve_position(p, cards=args.cards, engine=args.engine, max_nodes=args.max_nodes)
                nodes[name].append(sol.nodes)
                values[name] = (sol.value, sol.cards)
            except BudgetExceeded:
                over[name] += 1
                nodes[name].append(args.max_nodes)
            times[name].append(time.perf_counter() - t)
        if any(v != next(iter(values.values())) for v in values.values()):
            sys.exit(f"deal {i}: the builds disagree: {values}")
    solver._csolver = builds["this build"]
    print(f"{args.rules}: {args.deals} whole deals ({rules.num_tricks} tricks), engine {args.engine}, "
          f"{'every first card' if args.cards else 'value only'}")
    for name in builds:
        ms = sorted(t * 1000 for t in times[name])
        label = f"  {name}: " if args.baseline else "  "
        if over[name]:
            print(f"{label}{over[name]} deal(s) gave up at {args.max_nodes:,} nodes: their times are lower bounds")
        print(f"{label}median {statistics.median(ms):.1f} ms, 90th percentile {pct(ms, 0.9):.1f} ms, "
              f"worst {ms[-1]:.0f} ms; median nodes {statistics.median(nodes[name]):,.0f}")
    if args.baseline:
        r = sorted(a / b for a, b in zip(times["baseline"], times["this build"]))
        rn = sorted(a / b for a, b in zip(nodes["baseline"], nodes["this build"]))
        print(f"  per deal, baseline / this build: time median {statistics.median(r):.2f} "
              f"(quartiles {pct(r, 0.25):.2f}..{pct(r, 0.75):.2f}), nodes median {statistics.median(rn):.2f} "
              f"(quartiles {pct(rn, 0.25):.2f}..{pct(rn, 0.75):.2f}); totals: time "
              f"{sum(times['baseline']) / sum(times['this build']):.2f}, "
              f"nodes {sum(nodes['baseline']) / sum(nodes['this build']):.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    table = solver._csolver.table_bytes() if solver._csolver is not None else 0
    print(f"  memory: peak resident set of this process {peak:.0f} MiB"
          + (f", of which the C solver's table {table / 2**20:.0f} MiB" if table else "")
          + (" (both builds' tables)" if args.baseline else ""))


if __name__ == "__main__":
    main()
