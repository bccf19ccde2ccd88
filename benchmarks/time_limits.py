"""Decision time limits under load: every decision of each level, timed as the arena times it.

Each level plays ``--deals`` deals against the heuristic, duplicate (both seatings, as ``rook arena``
plays them), in this process; every decision of the level's seats is timed around ``Table.think`` (the
view built, the bot's whole decision), as the arena's tallies time it.  With ``--hog N``, N CPU-bound
processes (``yes > /dev/null``, at nice 0) run beside it the whole time: a time limit must hold on a
machine that is doing something else too.  The report per level: decisions, median, 99th percentile
and maximum in ms, the limit, the worst as a multiple of it, and the decisions over 1.1 times it; and,
from Linux's schedstat, how long a decision waited for a core while it could have run (a process at
nice 10 on a busy machine may wait half a second for one: no code can answer within its limit then),
and the overruns left once those waits are taken out.

    nice -n 10 python benchmarks/time_limits.py --deals 200 --hog 1
    nice -n 10 python benchmarks/time_limits.py --deals 200 --hog 1 --minutes 40   # as many as fit
    nice -n 10 python benchmarks/time_limits.py --levels medium --deals 20 --hog 1 --slowest 5
    python benchmarks/time_limits.py --levels "expert+expert:belief=1" --deals 10 --json   # a variant beside it
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import time
from typing import Any

from expert_variants import variant, variant_level
from rookgame import table as T
from rookgame.arena import arena_player, deal_configs, frame_slots, player_seed
from rookgame.bots.expert import LEVELS
from rookgame.play import MAX_HANDS
from rookgame.rules import RuleSet, load
from rookgame.state import Phase

OVER = 1.1  # a decision over this multiple of its limit fails the limit


def start_hogs(count: int, nice: int) -> list[subprocess.Popen[bytes]]:
    """``count`` processes that spin a CPU each (``yes`` into /dev/null), at ``nice`` where this user may set it."""
    hogs = []
    for _ in range(count):
        p = subprocess.Popen(["yes"], stdout=subprocess.DEVNULL)
        with contextlib.suppress(OSError):  # lowering it takes root: the report says the nice it got
            os.setpriority(os.PRIO_PROCESS, p.pid, nice)  # e.g. an inherited nice 10 back to 0
        hogs.append(p)
    return hogs


def waited() -> float:
    """Seconds this thread has waited for a core while runnable (Linux's schedstat; 0 elsewhere)."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


Decision = tuple[float, float, float, str, int]  # wall and CPU seconds, seconds waiting for a core, phase, deal


def play_deal(rules: RuleSet, level: str, index: int, seed: int) -> list[Decision]:
    """Every decision (:data:`Decision`) of ``level`` in deal ``index`` against the heuristic, both seatings."""
    times: list[Decision] = []
    bots = (level, "heuristic")
    deal_seed = seed * 100_003 + index
    for config in deal_configs(rules, index):
        slots = frame_slots(config, index % rules.players)
        seats: list[T.Seat] = [T.Bot(bots[k], player=arena_player(bots[k], player_seed(deal_seed, j)))
                               for j, k in enumerate(slots)]
        table = T.Table(rules, seats, deal_seed, max_hands=MAX_HANDS)
        match = table.match
        while not match.hands:
            seat = match.hand.to_act
            phase = Phase(match.hand.phase).name.lower()
            t0, c0, w0 = time.perf_counter(), time.process_time(), waited()
            action = table.think(seat)
            dt, cpu, wait = time.perf_counter() - t0, time.process_time() - c0, waited() - w0
            if slots[seat] == 0:
                times.append((dt, cpu, wait, phase, index))
            table.submit_bot(seat, action)
    return times


def summary(level: str, times: list[Decision], slowest: int) -> dict[str, Any]:
    limit = variant_level(level).seconds
    ms = sorted(d[0] * 1000 for d in times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    worst = sorted(times, reverse=True)[:slowest]
    return {
        "level": level, "decisions": len(ms), "limit_ms": limit * 1000, "median_ms": statistics.median(ms),
        "p99_ms": p99, "max_ms": ms[-1], "max_over_limit": ms[-1] / (limit * 1000),
        "over_1.1x": sum(1 for x in ms if x > OVER * limit * 1000),
        # The same, less the time the decision waited for a core: the overruns its own work made.
        "over_1.1x_own": sum(1 for d in times if d[0] - d[2] > OVER * limit),
        # Each: wall ms, CPU ms, ms waiting for a core, phase, deal.
        "slowest": [(round(t * 1000, 1), round(c * 1000, 1), round(w * 1000, 1), ph, i) for t, c, w, ph, i in worst],
        "waited_max_ms": max(d[2] for d in times) * 1000,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--levels", default=",".join(LEVELS),
                    help="levels joined by commas (medium,hard), or variants as expert_variants.py names them "
                         "(expert:belief=1) joined by +")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--hog", type=int, default=0, help="CPU-bound processes to run beside it")
    ap.add_argument("--hog-nice", type=int, default=0, help="their niceness (0: as hungry as any process)")
    ap.add_argument("--slowest", type=int, default=3, help="list this many slowest decisions per level")
    ap.add_argument("--minutes", type=float, default=0, help="stop starting deals after this long (0: never)")
    ap.add_argument("--json", action="store_true", help="one JSON line per level")
    args = ap.parse_args()
    rules = load(args.rules)
    # variants carry commas of their own: with a ':' in the list, levels are joined by '+'
    levels = args.levels.split("+" if ":" in args.levels else ",")
    names = {level: variant(level) for level in levels}
    times: dict[str, list[Decision]] = {level: [] for level in levels}
    done = dict.fromkeys(levels, 0)
    loads: list[float] = []
    t = time.perf_counter()
    hogs = start_hogs(args.hog, args.hog_nice)
    hog_nice = os.getpriority(os.PRIO_PROCESS, hogs[0].pid) if hogs else None
    try:
        # The levels take turns deal by deal, so that each meets the same load, and a run cut short by
        # --minutes has measured every level.
        for index in range(args.deals):
            if args.minutes and time.perf_counter() - t > 60 * args.minutes:
                break
            for level in levels:
                times[level] += play_deal(rules, names[level], index, args.seed)
                done[level] += 1
                loads.append(os.getloadavg()[0])
    finally:
        for p in hogs:
            p.kill()
            p.wait()
    for level in levels:
        row = summary(level, times[level], args.slowest)
        row.update(rules=args.rules, deals=done[level], hogs=args.hog, hog_nice=hog_nice, nice=os.nice(0),
                   wall_s=round(time.perf_counter() - t, 1),
                   load=[round(min(loads), 2), round(statistics.median(loads), 2), round(max(loads), 2)])
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{level}: {row['deals']} deals, {row['decisions']} decisions, median {row['median_ms']:.1f} ms, "
                  f"p99 {row['p99_ms']:.1f} ms, max {row['max_ms']:.1f} ms against {row['limit_ms']:.0f} ms "
                  f"({row['max_over_limit']:.2f}x), {row['over_1.1x']} over 1.1x ({row['over_1.1x_own']} without "
                  f"the waits for a core, at most {row['waited_max_ms']:.0f} ms); load min/median/max "
                  f"{row['load']}; slowest (wall, CPU, wait ms, phase, deal) {row['slowest']}", flush=True)


if __name__ == "__main__":
    main()
