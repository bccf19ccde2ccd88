"""benchmarks/files_ahead.py: the chance of being ahead in K of N rules files at a true gain, bad input refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ahead(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "benchmarks/files_ahead.py", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_two_equal_files_at_no_gain_are_each_ahead_half_the_time() -> None:
    done = ahead("--at-least", "1", "--gains", "0", "a=0,-10,10", "b=5,-5,15")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "2 files, measured ahead in 1; half-widths of their intervals 10.0 to 10.0 points"
    # each file ahead with chance 1/2: at least one of the two with chance 3/4
    assert lines[1] == "a true gain of +0.00 in every file: 1.0 files expected ahead, at least 1 of 2 with chance 0.750"


def test_a_wide_file_holds_the_count_back_where_a_narrow_one_does_not() -> None:
    # a gain of 1.96 standard errors puts a file ahead 97.5% of the time: the narrow file's, not the wide one's
    done = ahead("--at-least", "2", "--gains", "1.96", "narrow=0,-1.96,1.96", "wide=0,-19.6,19.6")
    assert done.returncode == 0, done.stderr
    narrow, wide = 0.975, 0.5777  # the normal's chance below 1.96 and below 0.196 standard deviations (tables)
    assert f"{narrow + wide:.1f} files expected ahead, at least 2 of 2 with chance {narrow * wide:.3f}" in done.stdout


def test_a_runs_json_gives_its_own_spread(tmp_path: Path) -> None:
    run = tmp_path / "r=01.json"  # a file's name is read as a file first, even with an = in it
    run.write_text(json.dumps({"a": "expert", "b": "medium", "rules": "r01.toml", "seed": 24,
                               "a_minus_b": [10.0, -10.0, 10.0, -10.0]}))
    done = ahead("--at-least", "1", "--gains", "0", str(run))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 files, measured ahead in 0; half-widths of their intervals 11.3 to 11.3")
    level = tmp_path / "r02.json"  # every deal the same: no spread, the mean is the gain
    level.write_text(json.dumps({"a": "expert", "b": "medium", "rules": "r02.toml", "seed": 24,
                                 "a_minus_b": [0.0] * 5}))
    done = ahead("--at-least", "1", "--gains=-1,1", str(level))  # argparse: a value that starts with -
    assert done.returncode == 0, done.stderr
    assert "-1.00 in every file: 0.0 files expected ahead" in done.stdout
    assert "+1.00 in every file: 1.0 files expected ahead, at least 1 of 1 with chance 1.000" in done.stdout


def test_bad_figures_files_and_counts_are_refused_with_what_is_allowed(tmp_path: Path) -> None:
    for args, said in ((("--at-least", "1", "r01=1,2,3"), "LOW < HIGH and the mean between them"),
                       (("--at-least", "1", "r01=1;0;3"), "want NAME=MEAN,LOW,HIGH"),
                       (("--at-least", "1", str(tmp_path)), "a folder, not a run's JSON"),
                       (("--at-least", "1", "r01=1.2.3,0,5"), "want NAME=MEAN,LOW,HIGH"),
                       (("--at-least", "1", str(tmp_path / "none.json")), "want NAME=MEAN,LOW,HIGH"),
                       (("--at-least", "3", "a=0,-1,1", "b=0,-1,1"), "want 1 to 2"),
                       (("--at-least", "1", "--gains", "five", "a=0,-1,1"), "numbers separated by commas"),
                       (("--at-least", "1", "--gains", "1,nan", "a=0,-1,1"), "numbers separated by commas"),
                       (("--at-least", "1", str(ROOT / "pyproject.toml")), "not a run's JSON")):
        done = ahead(*args)
        assert done.returncode != 0 and said in done.stderr and "Traceback" not in done.stderr, (args, done.stderr)
        assert done.stdout == ""
