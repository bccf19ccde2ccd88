"""Ratings from whole games of bots (issue 27): pairs of one level against pairs of another, seats
alternating, every finished game rated with rookgame.ratings; prints each level's rating as games go.

    python benchmarks/ratings_sim.py --a expert --b heuristic --games 200 --seed 27 --workers 2

The figure in docs/benchmarks.md ("Ratings") came from this command.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from rookgame.bots import make_player
from rookgame.play import play_match
from rookgame.ratings import Ratings, rules_key
from rookgame.rules import load


def one_game(rules_spec: str, a: str, b: str, index: int, seed: int) -> tuple[list[str], list[int], int | None]:
    rules = load(rules_spec)
    names = [a, b] * (rules.players // 2) if index % 2 == 0 else [b, a] * (rules.players // 2)
    players = [make_player(n, seed * 1000 + index * 8 + s) for s, n in enumerate(names)]
    match = play_match(rules, players, seed * 100_000 + index, max_hands=200, stop_at_cap=True)
    return names, list(match.totals), match.winner


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="heuristic")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    rules = load(args.rules)
    ladder = rules_key(rules)
    ratings = Ratings()
    started = time.perf_counter()
    wins = {args.a: 0, args.b: 0}
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = pool.map(one_game, [args.rules] * args.games, [args.a] * args.games, [args.b] * args.games,
                        range(args.games), [args.seed] * args.games)
        for g, (names, totals, winner) in enumerate(jobs, 1):
            if winner is not None:
                wins[names[winner]] += 1
                ratings.rate_game(rules, names, totals, winner)
            if g % 20 == 0 or g == args.games:
                row = "  ".join(f"{p}: {r.mu:.2f} ± {r.sigma:.2f} (shown {r.shown:.2f})"
                                for p, r in ratings.leaderboard(ladder))
                print(f"{g:4d} games ({time.perf_counter() - started:.0f} s)  wins {wins}  {row}", flush=True)


if __name__ == "__main__":
    main()
