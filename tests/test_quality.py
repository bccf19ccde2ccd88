"""The package and its tests stay ruff clean and mypy (strict) clean: part of `pytest`, so CI runs it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff is installed by the [test] extra")
def test_ruff_clean() -> None:
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.slow
def test_mypy_strict_clean() -> None:
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
