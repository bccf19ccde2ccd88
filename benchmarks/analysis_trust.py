"""Can a player trust `rook analyze`'s flags?  Flags per game, and the share a deeper search confirms.

Heuristic players play seeded games; each game is analysed as `rook analyze` does (the
`medium` judge, a blunder at 10 points clear of its noise).  Every flagged decision is then
judged again by a deeper search (the `expert` level without its time limit, on deals of its
own, four times as many): the flag is confirmed when the deeper search's estimate of its cost reaches the threshold
too (and how many it would flag outright, by the same rule as the first is also told).

    python benchmarks/analysis_trust.py --games 20 --rules kentucky-discard
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rookgame.analysis import Decision, Judge, analyze, decision
from rookgame.play import selfplay
from rookgame.record import replay_record
from rookgame.rules import load
from rookgame.state import Hand
from rookgame.view import view_of


def confirm(rec: dict[str, Any], flags: list[Decision], seed: int) -> list[Decision]:
    """The flagged decisions judged again by the deeper search, on deals of its own."""
    deep = Judge("expert", seed, timed=False, scale=4)
    keys = {(d.hand, d.seat, d.taken, d.trick, d.phase) for d in flags}
    out: list[Decision] = []

    def before(number: int, hand: Hand, seat: int, action: int, trick: int | None, totals: list[int]) -> None:
        phase = hand.phase.name.lower()
        if (number, seat, action, trick, phase) in keys and len(hand.legal_actions()) > 1:
            best, pairs = deep.judge(view_of(hand, seat, totals), action)
            out.append(decision(number, trick, seat, phase, action, best, pairs))

    replay_record(rec, 1, before=before)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--level", default="medium")
    ap.add_argument("--blunder", type=float, default=10.0)
    args = ap.parse_args()
    rules = load(args.rules)
    records = selfplay(rules, ["heuristic", "heuristic"], args.games, args.seed)
    flags_total = confirmed = strict = decisions = 0
    seconds = []
    for g, rec in enumerate(records):
        t = time.perf_counter()
        judged = analyze(rec, 1, args.level, seed=g, blunder=args.blunder)
        seconds.append(time.perf_counter() - t)
        decisions += len(judged)
        flags = [d for d in judged if d.flagged(args.blunder)]
        again = confirm(rec, flags, seed=1000 + g)
        ok = sum(d.cost >= args.blunder for d in again)
        strict += sum(d.flagged(args.blunder) for d in again)
        flags_total += len(flags)
        confirmed += ok
        print(f"game {g + 1}: {len(judged)} decisions, {len(flags)} flagged, {ok} confirmed, "
              f"{seconds[-1]:.1f} s", flush=True)
        for d in flags:
            print(f"    hand {d.hand} trick {d.trick or '-'} seat {d.seat} {d.phase}: cost {d.cost:.1f} "
                  f"± {d.noise:.1f}", flush=True)
    n = len(records)
    share = f"{confirmed / flags_total:.0%}" if flags_total else "-"
    print(f"{args.rules}, {n} games of heuristic players, judged at {args.level}: {decisions / n:.0f} decisions "
          f"a game, {flags_total / n:.2f} flags a game, {confirmed}/{flags_total} confirmed by the deeper search "
          f"({share}: its estimate costs {args.blunder:g} points or more; {strict} flagged by it outright); "
          f"{sum(seconds) / n:.1f} s a game (worst {max(seconds):.1f} s)")


if __name__ == "__main__":
    main()
