"""Arenas and self-play on Ray: a local cluster of 2 CPUs gives what the local backend gives, to the record."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

ray = pytest.importorskip("ray")

from rookgame import play as P  # noqa: E402
from rookgame.arena import ArenaError, run_arena  # noqa: E402
from rookgame.cli import app  # noqa: E402
from rookgame.record import read_jsonl  # noqa: E402
from rookgame.research import distributed  # noqa: E402
from rookgame.rules import preset  # noqa: E402

from .helpers import comparable  # noqa: E402

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def cluster() -> Iterator[None]:
    """One local Ray cluster for the module (starting one takes seconds)."""
    if ray.is_initialized():
        ray.shutdown()
    distributed.connect(None, 2)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.slow
@pytest.mark.parametrize("rules, bots", [("kentucky-discard", ("random", "heuristic")),
                                         ("cutthroat", ("heuristic", "random"))])
def test_the_ray_backend_gives_the_local_results(rules: str, bots: tuple[str, str]) -> None:
    rs = preset(rules)
    local = run_arena(rs, bots, 12, 5, workers=1, matches=1, keep_records=True)
    on_ray = run_arena(rs, bots, 12, 5, workers=2, matches=1, keep_records=True, backend="ray")
    assert comparable(local) == comparable(on_ray)
    assert local.records == on_ray.records


def test_selfplay_on_ray_gives_the_same_games_in_the_same_order() -> None:
    rs = preset("kentucky-discard")
    local = list(P.selfplay_games(rs, ["random", "heuristic"], 5, 8))
    on_ray = list(distributed.selfplay_games(rs, ["random", "heuristic"], 5, 8, batch=2))
    assert local == on_ray


def test_the_commands_take_backend_ray(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    base = ["arena", "--rules", "cutthroat", "--bots", "random,heuristic", "--deals", "6", "--seed", "2"]
    res = runner.invoke(app, [*base, "--workers", "1", "--json", str(a)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, [*base, "--backend", "ray", "--json", str(b)])
    assert res.exit_code == 0, res.output
    assert "local Ray cluster" in res.output
    ja, jb = json.loads(a.read_text()), json.loads(b.read_text())
    assert ja["per_deal"] == jb["per_deal"] and ja["difference"] == jb["difference"]
    la, lb = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    sp = ["selfplay", "--rules", "cutthroat", "--games", "3", "--seed", "4", "--bots", "random"]
    assert runner.invoke(app, [*sp, "--out", str(la)]).exit_code == 0
    res = runner.invoke(app, [*sp, "--out", str(lb), "--backend", "ray"])
    assert res.exit_code == 0, res.output
    assert [r for _, r in read_jsonl(la)] == [r for _, r in read_jsonl(lb)]


@pytest.mark.slow
@pytest.mark.parametrize("args, says", [
    (["--backend", "spark"], "'spark' is not one of 'local' or 'ray'"),
    (["--address", "ray://nowhere:10001"], "use it with --backend ray"),
])
def test_bad_backend_options_are_refused(args: list[str], says: str) -> None:
    def said(output: str) -> str:  # the words, out of the error box's lines
        return " ".join(output.replace("│", " ").split())

    res = runner.invoke(app, ["arena", "--bots", "random,random", "--deals", "1", *args])
    assert res.exit_code == 2 and says in said(res.output)
    res = runner.invoke(app, ["selfplay", "--games", "1", "--out", "/dev/null", *args])
    assert res.exit_code == 2 and says in said(res.output)
    res = runner.invoke(app, ["selfplay", "--games", "1", "--out", "/dev/null", "--workers", "2"])
    assert res.exit_code == 2 and "use it with --backend ray" in res.output
    with pytest.raises(ArenaError, match="backend 'spark'"):  # a backend its type does not allow, on purpose
        run_arena(preset("cutthroat"), ("random", "random"), 1, 1, backend="spark")  # type: ignore[arg-type]
