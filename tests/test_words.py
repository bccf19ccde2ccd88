"""The words' catalogs: each template a whole sentence with named parameters, its forms consistent, so that
a translation (tests/test_languages.py) can be checked the same way."""

from __future__ import annotations

import importlib
import pkgutil
from string import Formatter

import pytest

import rookgame.words
from rookgame.words import catalog
from rookgame.words.catalog import Plural, Say, Template, fields
from rookgame.words.commands import TOOLKIT
from rookgame.words.templates import extracted


def _says() -> dict[str, Say]:
    """Every Say of the words package, by module, table and key."""
    out: dict[str, Say] = {}
    for info in pkgutil.iter_modules(rookgame.words.__path__):
        module = importlib.import_module(f"rookgame.words.{info.name}")
        for name, table in vars(module).items():
            if isinstance(table, dict):
                out.update({f"{info.name}.{name}[{k}]": v for k, v in table.items() if isinstance(v, Say)})
    return out


SAYS = _says()
# The toolkit's words (Typer's) are its own templates: positional "{}" and "{name!r}" as it fills them.
OWN = {t if isinstance(t, str) else (t.one, t.many) for t in TOOLKIT}
TEMPLATES = {t: c for t, c in extracted().items() if t not in OWN}


def texts(template: Template) -> list[str]:
    return [template.one, template.many] if isinstance(template, Plural) else [template]


def test_the_templates_are_found_where_they_are_marked() -> None:
    assert len(TEMPLATES) > 500 and len(SAYS) > 100
    assert "seat {seat} passes." in TEMPLATES and ("{count} card", "{count} cards") in TEMPLATES


@pytest.mark.parametrize("template", sorted(TEMPLATES, key=str), ids=str)
def test_a_template_is_a_whole_text_with_named_parameters(template: str | tuple[str, str]) -> None:
    forms = [template] if isinstance(template, str) else list(template)
    for text in forms:
        assert text and text == text.lstrip(), template
        assert text == text.rstrip() or text.rstrip().endswith((":", "?", ")")), template  # a prompt waits after it
        for _, field, spec, conversion in Formatter().parse(text):
            assert field is None or (field.isidentifier() and not spec and not conversion), (template, field)


@pytest.mark.parametrize("template", sorted((t for t in TEMPLATES if isinstance(t, tuple)), key=str), ids=str)
def test_a_plurals_forms_name_the_same_facts_but_the_count(template: tuple[str, str]) -> None:
    one, many = template
    names = {f for _, f, _, _ in Formatter().parse(one) if f} ^ {f for _, f, _, _ in Formatter().parse(many) if f}
    assert len(names) <= 1, template  # the count may go unnamed where the words say it ("a trump")


@pytest.mark.parametrize("name", sorted(SAYS))
def test_the_forms_of_one_thing_said_name_the_same_facts(name: str) -> None:
    """The person's form names the facts of the engine's, less the seat it says "you" for."""
    say: Say = SAYS[name]
    facts = fields(say.text)
    if say.other is not None:
        assert fields(say.other) == facts, name
    for param, template in say.you.items():
        assert param in facts or param in ("bidder", "seat"), (name, param)  # the seat it says "you" for
        assert fields(template) <= facts, (name, param)


def test_a_parameter_is_shown_by_its_kind() -> None:
    shown = catalog.fill("{seat} leads {card}; {held} in {colour}, {trump} is trump; seat {place}; {action}",
                         {"seat": 1, "card": 15, "held": [14, 56], "colour": 1, "trump": 1, "place": 2,
                          "action": 256 + 85}, seat_name=lambda s: ["Ann", "Bo"][s])
    assert shown == "Bo leads R2; R1 RK in red, Red is trump; seat 2; bid 85"
    assert catalog.fill("{seat} and {missing}", {"seat": 0}) == "0 and {missing}"  # never an error
    assert catalog.fill("{points} of {goal}; seed {seed}", {"points": 1250, "goal": 300, "seed": 123456}) == \
        "1,250 of 300; seed 123456"  # a number as the language writes it, a seed as it is typed
