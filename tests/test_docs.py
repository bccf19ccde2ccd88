"""The README and the docs run as written: every `rook ...` command in them is one the command line
takes (options, values and ranges checked, nothing run), every `python benchmarks/...` command names a
script there is with options it takes, every `pip install` an extra there is, the README's tour runs for
real where it is quick, and the README's Python runs."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import click
import pytest
import typer

from rookgame.cli import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


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


def lines_of(path: Path) -> list[str]:
    """The lines of a document with a trailing backslash joined to the next, as a shell reads them."""
    out: list[str] = []
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = (pending + " " + raw.strip()).strip() if pending else raw
        pending = ""
        if line.rstrip().endswith("\\"):
            pending = line.rstrip()[:-1].strip()
            continue
        out.append(line)
    return out


BENCHMARK = re.compile(r"python (?:-m )?benchmarks/([a-z_0-9]+)\.py((?: +[^ `#|]+)*)")


def benchmark_commands() -> dict[str, set[str]]:
    """Each benchmark script the docs run, with the options they give it."""
    found: dict[str, set[str]] = {}
    for path in DOCS:
        for line in lines_of(path):
            for script, args in BENCHMARK.findall(line):
                options = found.setdefault(script, set())
                for a in args.split():
                    if a == "--":  # compare.py's: the rest is the script it runs, with its own options
                        continue
                    if a.startswith("benchmarks/") and a.endswith(".py"):
                        options = found.setdefault(a[len("benchmarks/"):-3], set())
                    elif a.startswith("--"):
                        options.add(a.split("=")[0])
    return found


def test_the_docs_run_benchmarks_that_are_there() -> None:
    scripts = benchmark_commands()
    assert len(scripts) > 20 and "web_load" in scripts
    missing = [s for s in scripts if not (ROOT / "benchmarks" / f"{s}.py").is_file()]
    assert not missing, f"the docs run benchmarks/ scripts that are not there: {missing}"


@pytest.mark.slow
def test_every_benchmark_command_in_the_docs_gives_options_its_script_takes() -> None:
    wrong: list[str] = []
    for script, options in sorted(benchmark_commands().items()):
        if not options:
            continue
        helped = subprocess.run([sys.executable, f"benchmarks/{script}.py", "--help"], cwd=ROOT, capture_output=True,
                                text=True, timeout=120)
        assert helped.returncode == 0, f"benchmarks/{script}.py --help: {helped.stderr[-1000:]}"
        wrong += [f"benchmarks/{script}.py {o}" for o in sorted(options)
                  if not re.search(rf"{re.escape(o)}\b", helped.stdout)]
    assert not wrong, f"options the docs give that the scripts do not take: {wrong}"


def test_every_pip_install_of_ours_in_the_docs_names_extras_there_are() -> None:
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
                 ["optional-dependencies"])
    named: list[tuple[str, str]] = []
    for path in DOCS:
        for line in lines_of(path):
            for group in re.findall(r"pip install (?:-e )?[\"']?\.\[([a-z,]+)\]", line):
                named += [(path.relative_to(ROOT).as_posix(), e) for e in group.split(",")]
    assert len(named) >= 8
    assert not [n for n in named if n[1] not in extras], f"extras that pyproject.toml lacks: {named}"
