"""How often a bot that gains G points a hand in every rules file comes out ahead in at least K of them.

A target such as "ahead of the starting expert in 18 of 20 random rules files" is counted file by file, and
each file's figure has its own spread: a file of a few long deals has an interval 60 points wide, one of a
hundred quick deals 6. This gives, for a true gain G in every file, the chance each file's measured mean is
above zero (the normal approximation the arena's intervals use), the number of files expected ahead, and the
chance of at least K ahead (the exact sum over the files, which differ). Each file is given as the figure
measured there, its mean and 95% interval (``NAME=MEAN,LOW,HIGH``), or as the JSON of its run
(``expert_variants.py --progress --json``):

    python benchmarks/files_ahead.py --at-least 2 --gains 2.16,5,8,15 \\
        r01=-0.85,-6.45,4.75 r02=-0.88,-3.82,2.07 r03=-29.36,-48.53,-10.20   # docs/benchmarks.md: all 20

Only the files' spreads enter the chances; their own means give the count measured ahead, on the first line.
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist

from pool_runs import read_run
from rookgame.arena import Z95, estimate


@dataclass(frozen=True)
class FileFigure:
    name: str
    mean: float
    half_width: float  # of its 95% interval

    @property
    def se(self) -> float:
        return self.half_width / Z95


_NUMBER = r"([-+]?(?:\d+\.?\d*|\.\d+))"
_TRIPLE = re.compile(rf"^([^=]+)={_NUMBER},{_NUMBER},{_NUMBER}$")


def read_figure(spec: str) -> FileFigure:
    """``NAME=MEAN,LOW,HIGH`` as printed by the arena, or the path of a run's JSON."""
    path = Path(spec)
    if path.is_file():
        d = estimate(read_run(path)["a_minus_b"])
        if d.n < 2:
            raise SystemExit(f"{spec}: one deal has no spread; give a run of at least two deals")
        return FileFigure(path.stem, d.mean, d.half_width)
    if path.exists():
        raise SystemExit(f"{spec}: a folder, not a run's JSON; give NAME=MEAN,LOW,HIGH or the JSON file of a run "
                         "(expert_variants.py --progress --json)")
    m = _TRIPLE.match(spec)
    if m is None:
        raise SystemExit(f"{spec}: want NAME=MEAN,LOW,HIGH (three numbers, no spaces) or the JSON file of a run "
                         "(expert_variants.py --progress --json)")
    name, (mean, low, high) = m.group(1), (float(m.group(i)) for i in (2, 3, 4))
    if not low < high or not low <= mean <= high:
        raise SystemExit(f"{spec}: want NAME=MEAN,LOW,HIGH with LOW < HIGH and the mean between them")
    return FileFigure(name, mean, (high - low) / 2)


def chances_ahead(files: list[FileFigure], gain: float) -> list[float]:
    """Each file's chance of a measured mean above zero when the true gain there is ``gain`` (a run whose
    deals all differed by the same has no spread: its mean is the gain)."""
    return [NormalDist().cdf(gain / f.se) if f.se else float(gain > 0) for f in files]


def at_least(chances: list[float], k: int) -> float:
    """The chance that at least ``k`` of independent events with these chances happen (Poisson binomial)."""
    dist = [1.0]  # dist[i]: the chance that i of the events so far happen
    for p in chances:
        dist = [miss * (1 - p) + hit * p for miss, hit in zip([*dist, 0.0], [0.0, *dist])]
    return sum(dist[k:])


def report(files: list[FileFigure], gains: list[float], k: int) -> str:
    ahead = sum(f.mean > 0 for f in files)
    lines = [f"{len(files)} files, measured ahead in {ahead}; half-widths of their intervals "
             f"{min(f.half_width for f in files):.1f} to {max(f.half_width for f in files):.1f} points"]
    for g in gains:
        ps = chances_ahead(files, g)
        lines.append(f"a true gain of {g:+.2f} in every file: {sum(ps):.1f} files expected ahead, "
                     f"at least {k} of {len(files)} with chance {at_least(ps, k):.3f}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="NAME=MEAN,LOW,HIGH or a run's JSON, one per rules file")
    ap.add_argument("--at-least", type=int, required=True, help="the files ahead the target asks for")
    ap.add_argument("--gains", default="0,2,5,8", help="true gains per hand to try, comma-separated")
    args = ap.parse_args()
    files = [read_figure(s) for s in args.files]
    if not 0 < args.at_least <= len(files):
        raise SystemExit(f"--at-least {args.at_least}: want 1 to {len(files)}, the number of files given")
    try:
        gains = [float(x) for x in args.gains.split(",")]
        if not all(math.isfinite(g) for g in gains):
            raise ValueError(args.gains)
    except ValueError:
        raise SystemExit(f"--gains {args.gains!r}: want numbers separated by commas, such as 0,2,5,8") from None
    print(report(files, gains, args.at_least))


if __name__ == "__main__":
    main()
