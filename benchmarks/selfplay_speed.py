"""``rook selfplay --bots random`` against OpenSpiel's bridge, in hands per second, alternately in one run
(issue 28, item 5: at least half of bridge's).

Each round runs the command itself in this process (``rookgame.cli.app``: the games of random bots on
their Table, every decision a checked action, each game's record built, encoded and written to a file as
it finishes, the progress display), then OpenSpiel's bridge (C++ behind pybind, played out:
``use_double_dummy_result=false``; chance outcomes by their probabilities and a uniform legal action
each turn, from Python, as in benchmarks/batch_speed.py) for about as long.  Hands of rook are counted
in the file written, thrown-in hands included (they are dealt and bid, as bridge's passed-out deals
are).  Each round plays new games (the seed plus the round's number), as a long run does: the engine's
caches of card masks meet new hands.  The ratio is taken round by round, so a
load that changes during the run moves both sides; the median and the spread of the rounds are shown.
The process start (imports, about a second) is outside the timing: ``--subprocess`` times the whole
command once, start included, for comparison.

    python benchmarks/selfplay_speed.py                          # 7 rounds of about 3 s a side
    python benchmarks/selfplay_speed.py --rounds 9 --seconds 4 --rules full-deck

Before and after, alternately (benchmarks/compare.py; ``--json`` prints the medians as one JSON line):

    python benchmarks/compare.py --old /tmp/base --rounds 6 -- benchmarks/selfplay_speed.py --json --rounds 1
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rookgame.cli import app


def selfplay_once(rules: str, games: int, seed: int, out: Path) -> tuple[int, float]:
    """(hands written, seconds) of one ``rook selfplay --bots random`` run in this process."""
    args = ["selfplay", "--rules", rules, "--bots", "random", "--games", str(games), "--seed", str(seed),
            "--out", str(out)]
    sink = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        try:
            app(args, standalone_mode=False)
        except SystemExit as e:  # pragma: no cover - a failed run is reported, not timed
            if e.code:
                raise
    dt = time.perf_counter() - start
    with open(out, encoding="utf-8") as f:
        hands = sum(len(json.loads(line)["hands"]) for line in f)
    return hands, dt


def bridge_once(game: Any, seconds: float, rng: random.Random) -> tuple[int, float]:
    """(hands, seconds) of bridge played out at random for about ``seconds``."""
    hands = 0
    start = time.perf_counter()
    while True:
        for _ in range(10):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
            hands += 1
        dt = time.perf_counter() - start
        if dt >= seconds:
            return hands, dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="kentucky-discard")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=3.0, help="about this long a side each round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--subprocess", action="store_true", help="also time the whole command once, start included")
    ap.add_argument("--json", action="store_true", help="end with the medians as one JSON line (for compare.py)")
    args = ap.parse_args()
    import pyspiel

    bridge = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}; {args.rules}, {args.rounds} rounds of about {args.seconds:g} s a side")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.jsonl"
        # size the run: a first one (it also pays the first call's imports) says how many games take `seconds`
        hands, dt = selfplay_once(args.rules, 20, args.seed, out)
        hands, dt = selfplay_once(args.rules, 20, args.seed, out)
        games = max(1, round(20 * args.seconds / dt))
        bridge_once(bridge, 0.5, random.Random(0))
        rng = random.Random(args.seed)
        rows = []
        for r in range(1, args.rounds + 1):
            hands, dt = selfplay_once(args.rules, games, args.seed + r, out)
            ours = hands / dt
            bh, bdt = bridge_once(bridge, args.seconds, rng)
            theirs = bh / bdt
            rows.append((ours, theirs, ours / theirs))
            print(f"round {r}: rook selfplay {ours:7,.0f} hands/s ({hands} hands, {games} games, {dt:.2f} s)   "
                  f"bridge {theirs:7,.0f} hands/s ({bh} hands, {bdt:.2f} s)   ratio {ours / theirs:.3f}", flush=True)
        ratios = sorted(x[2] for x in rows)
        print(f"median: rook selfplay {statistics.median(x[0] for x in rows):,.0f} hands/s, bridge "
              f"{statistics.median(x[1] for x in rows):,.0f} hands/s, ratio {statistics.median(ratios):.3f} "
              f"[{ratios[0]:.3f}, {ratios[-1]:.3f}] over {len(rows)} rounds; load {os.getloadavg()[0]:.1f}")
        if args.subprocess:
            cmd = [sys.executable, "-c", "from rookgame.cli import main; main()", "selfplay", "--rules", args.rules,
                   "--bots", "random", "--games", str(games), "--seed", str(args.seed), "--out", str(out)]
            start = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            dt = time.perf_counter() - start
            with open(out, encoding="utf-8") as f:
                hands = sum(len(json.loads(line)["hands"]) for line in f)
            print(f"the whole command, start included: {hands / dt:,.0f} hands/s ({hands} hands, {dt:.2f} s)")
    if args.json:
        print(json.dumps({"selfplay_hands_per_s": statistics.median(x[0] for x in rows),
                          "bridge_hands_per_s": statistics.median(x[1] for x in rows),
                          "ratio_to_bridge": statistics.median(x[2] for x in rows)}))


if __name__ == "__main__":
    main()
