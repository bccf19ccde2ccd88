"""The words' catalogs: each template a whole sentence with named parameters, its forms consistent, so that
a translation (issue 26) can be checked the same way."""

from __future__ import annotations

from string import Formatter

import pytest

from rookgame.words import catalog, hints, play, refusals, results
from rookgame.words.catalog import Plural, Say, Template, fields

SAYS = {**{f"refusal {k}": v for k, v in refusals.REFUSALS.items()},
        **{f"server {k}": v for k, v in refusals.SERVER.items()},
        **{f"event {k}": v for k, v in play.EVENTS.items()},
        **{f"shown {k}": v for k, v in play.SHOWN.items()},
        **{f"thrown {k}": v for k, v in results.THROWN.items()}}
TEMPLATES: dict[str, Template] = {
    **{f"{name} text": say.text for name, say in SAYS.items()},
    **{f"{name} other": say.other for name, say in SAYS.items() if say.other is not None},
    **{f"{name} you {p}": t for name, say in SAYS.items() for p, t in say.you.items()},
    **{f"result {k}": v for k, v in results.RESULTS.items()},
    **{f"prompt {k}": v for k, v in play.PROMPTS.items()},
    **{f"review {k}": v for k, v in play.REVIEW.items()},
    **{f"action {k}": v for k, v in play.ACTION_NAMES.items()},
    **{f"label {k}": v for k, v in play.CHOICE_LABELS.items()},
    **{f"hint {k}": v for k, v in hints.HINTS.items()},
}


def texts(template: Template) -> list[str]:
    return [template.one, template.many] if isinstance(template, Plural) else [template]


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_a_template_is_a_whole_text_with_named_parameters(name: str) -> None:
    template = TEMPLATES[name]
    for text in texts(template):
        assert text and text == text.strip(), name
        for _, field, spec, conversion in Formatter().parse(text):
            assert field is None or (field.isidentifier() and not spec and not conversion), (name, field)
    if isinstance(template, Plural):  # the count may go unnamed where the words say it ("a trump")
        assert fields(template.one) <= fields(template.many) | {template.count}, name


@pytest.mark.parametrize("name", sorted(SAYS))
def test_the_forms_of_one_thing_said_name_the_same_facts(name: str) -> None:
    """The person's form names the facts of the engine's, less the seat it says "you" for."""
    say: Say = SAYS[name]
    facts = fields(say.text)
    if say.other is not None:
        assert fields(say.other) == facts, name
    for param, template in say.you.items():
        assert param in facts or param in ("bidder", "seat"), (name, param)
        assert fields(template) <= facts, (name, param)


def test_a_parameter_is_shown_by_its_kind() -> None:
    shown = catalog.fill("{seat} leads {card}; {held} in {colour}, {trump} is trump; seat {place}; {action}",
                         {"seat": 1, "card": 15, "held": [14, 56], "colour": 1, "trump": 1, "place": 2,
                          "action": 256 + 85}, seat_name=lambda s: ["Ann", "Bo"][s])
    assert shown == "Bo leads R2; R1 RK in red, Red is trump; seat 2; bid 85"
    assert catalog.fill("{seat} and {missing}", {"seat": 0}) == "0 and {missing}"  # never an error
