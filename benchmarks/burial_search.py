"""How much a searched burial could gain over the heuristic's, valued by heuristic play-outs.

Heuristic players bid seeded deals; at the bidder's first burial, every set of the cards to bury
among the ``--pool`` the heuristic would bury first is played out by the heuristic on ``--select``
deals drawn from the bidder's view (the same deals for every set).  Where the best set is not the
heuristic's own, it and the heuristic's burial are played out again on ``--check`` fresh deals: the
gain a burial there is free of the choice's luck.  Mean over every burial (0 where the heuristic's
own set was best).  What the expert's ``bury_search`` does in play, with fewer sets and deals.

    python benchmarks/burial_search.py --rules kentucky-discard --deals 60 --select 48 --check 128 --pool 9
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics

from rookgame import actions as A
from rookgame.bots.expert import Clock, ExpertPlayer
from rookgame.bots.heuristic import HeuristicPlayer, nest_colour
from rookgame.rules import NestStep, load
from rookgame.state import Hand, Phase
from rookgame.view import view_of


def measure(rules_name: str, deals: int, select: int, check: int, pool_size: int, seed: int) -> dict[str, float]:
    rules = load(rules_name)
    heuristic = HeuristicPlayer()
    drawer = ExpertPlayer(seed, timed=False)
    rng = random.Random(seed)
    gains: list[float] = []
    for d in range(deals):
        h = Hand(rules, d % rules.players)
        h.deal_random(rng)
        while h.phase in (Phase.BID, Phase.NEST) and h.step_kind != NestStep.BURY:
            h.apply_unchecked(heuristic.act(view_of(h, h.to_act)))
        if h.step_kind != NestStep.BURY:
            continue  # thrown in
        seat = h.to_act
        view = view_of(h, seat)
        own = drawer._heuristic_burial(h, view, None)  # plan None: the heuristic's own way
        pool = [a - A.BURY for a in heuristic.bury_order(view, nest_colour(view))[:pool_size]]
        sets = {tuple(sorted(c)) for c in itertools.combinations(pool, len(own))} | {tuple(sorted(own))}
        chosen = list(drawer._deals(view, select, Clock(None)))
        means = {c: statistics.fmean(drawer._play_plan(s, view, None, c) for s in chosen) for c in sets}
        best = max(sorted(means), key=means.__getitem__)
        if best == tuple(sorted(own)):
            gains.append(0.0)
            continue
        fresh = list(drawer._deals(view, check, Clock(None)))
        gains.append(statistics.fmean(drawer._play_plan(s, view, None, best) - drawer._play_plan(s, view, None, own)
                                      for s in fresh))
    moved = [g for g in gains if g]
    return {"burials": len(gains), "other_set": len(moved), "gain_a_burial": statistics.fmean(gains) if gains else 0.0,
            "gain_where_moved": statistics.fmean(moved) if moved else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--select", type=int, default=48, help="deals the sets are chosen on")
    ap.add_argument("--check", type=int, default=128, help="fresh deals the chosen set is checked on")
    ap.add_argument("--pool", type=int, default=9, help="cards the sets are drawn from")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    out = measure(args.rules, args.deals, args.select, args.check, args.pool, args.seed)
    print(f"{args.rules}: {out['burials']} burials, another set chosen in {out['other_set']}; "
          f"gain {out['gain_a_burial']:+.2f} points a burial ({out['gain_where_moved']:+.2f} where another set)")


if __name__ == "__main__":
    main()
