"""Exact solves of whole deals: how long the solver takes from the first card of the play.

Deals are dealt from a seed; heuristic players bid and handle the nest; then the card play
is solved from its first lead (value only, then with the value of every card if --cards).

    python benchmarks/solver_speed.py --rules kentucky-discard --deals 100
    python benchmarks/solver_speed.py --rules full-deck --deals 40 --engine c
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rookgame.bots import make_player
from rookgame.rules import load
from rookgame.solver import BudgetExceeded, Position, solve_position
from rookgame.state import Hand, Phase
from rookgame.view import view_of


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--engine", default="auto", choices=["auto", "c", "python"])
    ap.add_argument("--cards", action="store_true", help="also the value of every legal first card")
    ap.add_argument("--max-nodes", type=int, default=0,
                    help="give up on a deal past this many nodes (it counts as at least that slow)")
    args = ap.parse_args()
    rules = load(args.rules)
    rng = random.Random(args.seed)
    bots = [make_player("heuristic", s) for s in range(rules.players)]
    times, nodes = [], []
    over = 0
    dealt = 0
    while len(times) < args.deals:
        hand = Hand(rules, dealt % rules.players)
        dealt += 1
        hand.deal_random(rng)
        while hand.phase in (Phase.BID, Phase.NEST):
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
        if hand.phase != Phase.PLAY:
            continue
        p = Position.of(hand)
        t = time.perf_counter()
        try:
            sol = solve_position(p, cards=args.cards, engine=args.engine, max_nodes=args.max_nodes)
            nodes.append(sol.nodes)
        except BudgetExceeded:
            over += 1
            nodes.append(args.max_nodes)
        times.append(time.perf_counter() - t)
    times.sort()
    ms = [t * 1000 for t in times]
    print(f"{args.rules}: {len(ms)} whole deals ({rules.num_tricks} tricks), engine {args.engine}, "
          f"{'every first card' if args.cards else 'value only'}")
    if over:
        print(f"  {over} deal(s) gave up at {args.max_nodes:,} nodes: their times are lower bounds")
    print(f"  median {statistics.median(ms):.1f} ms, 90th percentile {ms[int(len(ms) * 0.9)]:.1f} ms, "
          f"worst {ms[-1]:.0f} ms; median nodes {statistics.median(nodes):,.0f}")


if __name__ == "__main__":
    main()
