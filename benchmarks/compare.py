"""Before and after in one run: a benchmark run alternately in two source trees.

The benchmark must print one JSON object of figures (``--json``).  Each round runs it
once in the old tree and once in the new one (the order alternating, so that a machine
that slows down or speeds up during the run hurts both alike); the report gives each
figure's median in both trees and the median of the new/old ratios with their range.

    git worktree add /tmp/base <commit> && (cd /tmp/base && python setup.py -q build_ext --inplace)
    python benchmarks/compare.py --old /tmp/base --rounds 5 -- benchmarks/decision_speed.py --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path


def run(tree: Path, script: str, args: list[str]) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    out = subprocess.run([sys.executable, script, *args], env=env, check=True, capture_output=True, text=True)
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", required=True, type=Path, help="the tree to compare against")
    ap.add_argument("--new", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("command", nargs=argparse.REMAINDER, help="-- the benchmark script and its arguments")
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd:
        ap.error("give the benchmark after --")
    script = str(Path(cmd[0]).resolve())
    old: list[dict[str, float]] = []
    new: list[dict[str, float]] = []
    for r in range(a.rounds):
        pair = [(a.old, old), (a.new, new)]
        for tree, into in pair if r % 2 == 0 else pair[::-1]:
            into.append(run(tree, script, cmd[1:]))
        print(f"round {r + 1} of {a.rounds} done", file=sys.stderr)
    print(f"{'figure':40} {'old':>10} {'new':>10}   new/old median [min, max]")
    for k in new[0]:
        if k not in old[0] or not all(isinstance(f[k], (int, float)) for f in old + new):
            continue  # a figure only one tree has, or not a number (a level's name, a list of decisions)
        ratios = [n[k] / o[k] for o, n in zip(old, new) if o[k]]
        spread = f"{statistics.median(ratios):.3f} [{min(ratios):.3f}, {max(ratios):.3f}]" if ratios else "- (old 0)"
        print(f"{k:40} {statistics.median(o[k] for o in old):10.2f} {statistics.median(n[k] for n in new):10.2f}"
              f"   {spread}")


if __name__ == "__main__":
    main()
