"""The shape of the package: no import cycles, and the layers apart.

The graph is read from the source (every ``import`` anywhere in a module: at its top, inside a
function, under ``TYPE_CHECKING``), so a cycle hidden by an import inside a function is caught.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

# Who may not import whom: rules know nothing of bots or screens, bots know only views, words
# import no front end and no bot, and the front ends stand apart.
CORE = ("cards", "rules", "actions", "state", "kernel", "log", "view", "visible", "match", "record", "shown",
        "files")
FRONT_ENDS = ("tui", "plain", "web", "cli")
FORBIDDEN: dict[str, tuple[str, ...]] = {
    **{core: ("bots", "words", "research", *FRONT_ENDS) for core in CORE if core not in ("state", "rules", "record")},
    # The state's refusals and the rules' and records' errors carry codes; their English may come from the
    # words' catalog, nothing more.
    **{core: ("bots", "research", *FRONT_ENDS) for core in ("state", "rules", "record")},
    "bots": ("words", "research", *FRONT_ENDS),
    "words": ("bots", "research", *FRONT_ENDS),
    "web": ("tui", "plain", "cli"),
    "plain": ("tui", "web", "cli"),
    "tui": ("web", "cli"),
}


@cache
def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of rookgame: its dotted name -> (file, is a package)."""
    out = {}
    for path in sorted((SRC / "rookgame").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if package else parts)] = (path, package)
    return out


def imported(name: str) -> set[str]:
    """The rookgame modules that module ``name`` imports, anywhere in its source."""
    mods = modules()
    path, package = mods[name]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if package else name.split(".")[:-1]
                here = here[: len(here) - (node.level - 1)]
                base = ".".join(here + ([node.module] if node.module else []))
            # ``from . import log`` imports the module log; ``from .cards import Card`` the module cards.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
        out.update(t for t in targets if t in mods and t != name)
    return out


def graph() -> dict[str, set[str]]:
    return {name: imported(name) for name in modules()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each a cycle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_no_import_cycles_in_the_package() -> None:
    assert cycles(graph()) == []


def test_the_check_sees_imports_inside_functions_and_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert "rookgame.cards" in imported("rookgame.state")  # relative imports resolve to modules
    assert "rookgame.tui" in imported("rookgame.cli")  # imported inside a function (run_play)


def test_the_layers_stay_apart() -> None:
    wrong = [f"{name} imports {target}" for name, targets in graph().items() for target in sorted(targets)
             if layer(target) in FORBIDDEN.get(layer(name), ())]
    assert wrong == []
