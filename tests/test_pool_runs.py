"""benchmarks/pool_runs.py: head-to-head runs on other seeds pooled deal by deal, the wrong runs refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from rookgame.arena import estimate

ROOT = Path(__file__).resolve().parent.parent


def pool(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "benchmarks/pool_runs.py", *map(str, paths)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def write_run(path: Path, seed: int, diffs: list[float], rules: str = "kentucky-discard") -> Path:
    path.write_text(json.dumps({"a": "expert", "b": "medium", "rules": rules, "seed": seed, "a_minus_b": diffs}))
    return path


def test_runs_on_other_seeds_pool_as_one_sample_of_their_deals(tmp_path: Path) -> None:
    one = write_run(tmp_path / "one.json", 38, [10.0, -5.0, 30.0])
    two = write_run(tmp_path / "two.json", 39, [0.0, 45.0])
    done = pool(one, two)
    d = estimate([10.0, -5.0, 30.0, 0.0, 45.0])  # not the mean of the runs' means (+11.67 and +22.5)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == (
        f"kentucky-discard: expert v medium: {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] points per hand over 5 "
        "deals, 2 runs pooled")
    assert "one.json: seed 38, 3 deals, +11.67" in done.stdout


def test_runs_of_the_same_deals_other_rules_or_not_a_runs_file_are_refused_with_the_reason(tmp_path: Path) -> None:
    one = write_run(tmp_path / "one.json", 38, [10.0, -5.0])
    again = write_run(tmp_path / "again.json", 38, [10.0, -5.0])
    other = write_run(tmp_path / "other.json", 39, [1.0], rules="full-deck")
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": "expert"')
    for paths, said in (((one, again), "same seed"), ((one, other), "rules is 'full-deck'"),
                        ((one, broken), "not a run's JSON"), ((one, tmp_path), "not a run's JSON"),
                        ((ROOT / "pyproject.toml",), "not a run's JSON")):
        done = pool(*paths)
        assert done.returncode == 1 and said in done.stderr and "Traceback" not in done.stderr
        assert done.stdout == ""
