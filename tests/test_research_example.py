"""The worked example of docs/research.md runs: a few seconds of deep Monte-Carlo training in numpy,
then the arena seats the trained policy (examples/train_dmc.py)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from rookgame.arena import run_arena
from rookgame.research import observe
from rookgame.rules import preset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXAMPLE = EXAMPLES / "train_dmc.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_dmc", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_dmc"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_worked_example_trains_and_plays_in_the_arena(tmp_path: Path) -> None:
    T = load_example()
    rules = preset("cutthroat")
    net = T.Net(observe.size(rules), 257 + rules.effective_max_bid, hidden=32, seed=0)
    before = {k: v.copy() for k, v in net.params.items()}
    hands = T.train(rules, net, 2.0, seed=3, batch=64)
    assert hands > 0
    assert any(not np.array_equal(before[k], net.params[k]) for k in before)
    net.save(str(tmp_path / "p.npz"))
    again = T.Net(observe.size(rules), 257 + rules.effective_max_bid, hidden=32, seed=9)
    again.load(str(tmp_path / "p.npz"))
    assert all(np.array_equal(again.params[k], net.params[k]) for k in before)
    with T.registered("dmc-test", net, rules):
        result = run_arena(rules, ("dmc-test", "random"), 2, seed=1, workers=1)
    assert result.deals == 2 and len(result.per_deal) == 2


@pytest.mark.slow
def test_the_openspiel_example_runs_its_algorithms_briefly() -> None:
    pytest.importorskip("pyspiel")
    run = subprocess.run([sys.executable, str(EXAMPLES / "spiel_algorithms.py"), "--hands", "2", "--simulations", "5",
                          "--iterations", "30", "--cfr-hands", "5"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "IS-MCTS" in run.stdout and "MCCFR average policy" in run.stdout
