"""Several head-to-head runs of the same two bots in the same rules, pooled deal by deal.

``expert_variants.py --progress N --json FILE`` writes each deal's A - B; runs on other seeds are
other deals, so their deals together are one larger sample, and the pooled figure is that sample's
mean and 95% interval (not an average of the runs' means):

    python benchmarks/pool_runs.py docs/figures/expert28-shipped-starting-kentucky-discard-seed38.json \\
        docs/figures/expert28-shipped-starting-kentucky-discard-seed39.json

Runs of other bots or rules, or two runs on the same seed (the same deals counted twice), are refused.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rookgame.arena import estimate


def read_run(path: Path) -> dict[str, Any]:
    """One run's JSON, checked to be what ``expert_variants.py --progress --json`` writes."""
    try:
        run: Any = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise SystemExit(f"{path}: not a run's JSON ({e}); give the files expert_variants.py --progress --json "
                         "wrote") from None
    diffs = run.get("a_minus_b") if isinstance(run, dict) else None
    if not (isinstance(diffs, list) and diffs and all(isinstance(x, (int, float)) for x in diffs)
            and all(k in run for k in ("a", "b", "rules", "seed"))):
        raise SystemExit(f"{path}: has no deals' a_minus_b with its a, b, rules and seed; give the files "
                         "expert_variants.py --progress --json wrote")
    return dict(run)


def pool(paths: list[Path]) -> str:
    """The pooled figure of the runs at ``paths``, a line per run and one for them all."""
    runs = [read_run(p) for p in paths]
    first = runs[0]
    lines = []
    for path, run in zip(paths, runs):
        for key in ("a", "b", "rules"):
            if run[key] != first[key]:
                raise SystemExit(f"{path}: {key} is {run[key]!r} where {paths[0]} has {first[key]!r}: "
                                 "only runs of the same two bots in the same rules pool")
        d = estimate(run["a_minus_b"])
        lines.append(f"{path}: seed {run['seed']}, {d.n} deals, {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}]")
    seeds = [run["seed"] for run in runs]
    if len(set(seeds)) < len(seeds):
        raise SystemExit(f"two runs on the same seed ({sorted(seeds)}) play the same deals: pool runs of other seeds")
    d = estimate([x for run in runs for x in run["a_minus_b"]])
    lines.append(f"{first['rules']}: {first['a']} v {first['b']}: {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] "
                 f"points per hand over {d.n} deals, {len(runs)} run{'s' if len(runs) > 1 else ''} pooled")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", type=Path, help="the JSON files of expert_variants.py --progress --json")
    print(pool(ap.parse_args().runs))


if __name__ == "__main__":
    main()
