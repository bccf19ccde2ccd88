"""The README's layout names every module of the package, so that a newcomer finds each one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "rookgame"


def layout_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Layout")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def layout_paths() -> set[str]:
    """The modules and folders the layout names, as paths relative to ``src/rookgame`` as the README writes them:
    a bullet's ``folder/``: puts the names after it in that folder to the bullet's end, a ``folder/`` (...) the
    names in its brackets; other names are the package's own (``cli.py``)."""
    named: set[str] = set()
    for bullet in re.split(r"\n- ", layout_section()):
        base = ""  # the bullet's folder, from a "`folder/`:"
        inside: list[tuple[str, int]] = []  # the folders of open brackets "`folder/` (": (folder, depth)
        depth = 0
        for m in re.finditer(r"`([^`]+)`(:| \()?|\(|\)", bullet):
            token = m.group(0)
            if token == "(":
                depth += 1
            elif token == ")":
                depth -= 1
                while inside and inside[-1][1] > depth:
                    inside.pop()
            else:
                name, after = m.group(1), m.group(2)
                folder = inside[-1][0] if inside else base
                if after == " (":
                    depth += 1
                path = folder + name
                named.add(path)
                if name.endswith("/") and after == ":":
                    base = path
                elif name.endswith("/") and after == " (":
                    inside.append((path, depth))
    return named


def test_the_readme_layout_names_every_module() -> None:
    named = layout_paths()
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if path.name == "__init__.py" or "migrations" in rel.parts:
            continue  # a package is named by its folder; migrations by their folder
        if rel.as_posix() not in named:
            missing.append(rel.as_posix())
    assert not missing, f"modules not in the README's layout: {missing}"


def test_the_readme_layout_names_no_module_that_is_gone() -> None:
    modules = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")}
    named = {n for n in layout_paths() if n.endswith(".py")}
    assert named <= modules, f"named but not in the package: {sorted(named - modules)}"
