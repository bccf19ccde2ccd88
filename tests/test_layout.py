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


def test_the_readme_layout_names_every_module() -> None:
    named = set(re.findall(r"`([\w/.]+)`", layout_section()))
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if path.name == "__init__.py" or "migrations" in rel.parts:
            continue  # a package is named by its folder; migrations by their folder
        if path.name not in named and str(rel) not in named:
            missing.append(str(rel))
    assert not missing, f"modules not in the README's layout: {missing}"


def test_the_readme_layout_names_no_module_that_is_gone() -> None:
    modules = {p.name for p in PACKAGE.rglob("*.py")}
    named = {n for n in re.findall(r"`([\w/]+\.py)`", layout_section())}
    assert named <= modules, f"named but not in the package: {sorted(named - modules)}"
