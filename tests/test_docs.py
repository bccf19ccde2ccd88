"""The README and the docs run as written: every `rook ...` command in them is one the command line
takes (options, values and ranges checked, nothing run), the README's tour runs for real where it is
quick, and the README's Python runs."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
import typer

from rookgame.cli import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def commands(path: Path) -> list[str]:
    """The `rook ...` command lines of a document: indented blocks and shell fences, comments cut."""
    out: list[str] = []
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if pending:
            line = pending + " " + line
            pending = ""
        if line.endswith("\\"):
            pending = line[:-1].strip()
            continue
        if not (raw.startswith("    ") or raw.startswith("rook ")):
            continue
        for part in line.split("&&"):
            part = part.strip()
            if part.startswith("rook "):
                out.append(part.split("  #")[0].split(" # ")[0].strip())
    return out


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


ALL = [(p.relative_to(ROOT).as_posix(), c) for p in DOCS for c in commands(p)]


def test_the_docs_have_commands_to_check() -> None:
    assert len(ALL) > 40 and any(c.startswith("rook arena") for _, c in ALL)
    assert any(c == "rook play --plain --seed 3" for _, c in ALL)


@pytest.mark.parametrize("where, line", ALL, ids=[f"{w}:{c[:60]}" for w, c in ALL])
def test_every_rook_command_in_the_docs_is_one_the_command_line_takes(where: str, line: str) -> None:
    command = typer.main.get_command(app)
    args = shlex.split(line)[1:]
    try:
        command.make_context("rook", args, resilient_parsing=False)
    except click.exceptions.Exit:
        pass  # --version and --help end the parse: they are fine
    except click.UsageError as e:
        pytest.fail(f"{where}: `{line}`: {e.format_message()}")


@pytest.mark.slow
def test_the_readme_tour_runs_as_written(tmp_path: Path) -> None:
    """The quick commands of the tour, run in a copy of the docs' folder; the slow ones (analyze, the arena
    of experts, the servers and the full screen) are checked by the parse test above."""
    shutil.copytree(ROOT / "docs" / "examples", tmp_path / "docs" / "examples")
    env = {**os.environ, "ROOK_HOME": str(tmp_path / "home"), "COLUMNS": "120"}
    tour = [c for c in commands(ROOT / "README.md")
            if c.split()[1] in ("rules", "selfplay", "replay", "bots")]
    assert len(tour) >= 7
    for line in tour:
        run = subprocess.run([sys.executable, "-c", "from rookgame.cli import main; main()", *shlex.split(line)[1:]],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, f"`{line}` exited {run.returncode}: {run.stderr[-2000:]}"
    # The line mode with nothing to read: it deals, asks, and saves the game as the input ends.
    run = subprocess.run([sys.executable, "-c", "from rookgame.cli import main; main()", "play", "--plain",
                          "--seed", "3"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
                         stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    assert "Game saved to" in run.stdout and (tmp_path / "home" / "games" / "current.jsonl").is_file()


@pytest.mark.parametrize("index", range(len(python_blocks(ROOT / "README.md"))))
def test_the_readme_python_runs(index: int) -> None:
    # The blocks build on each other (the second uses the first's hand and rules): run them in order.
    namespace: dict[str, object] = {}
    for block in python_blocks(ROOT / "README.md")[: index + 1]:
        exec(compile(block, f"README.md python block {index + 1}", "exec"), namespace)
