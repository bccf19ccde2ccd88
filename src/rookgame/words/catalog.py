"""Templates and how they are filled: the one place a sentence is made from a template and its parameters.

A template is a whole sentence with named parameters (``"{seat} does not hold {card}"``), never a
fragment to be joined to another; a count that changes the words has a :class:`Plural`, one whole
sentence per form.  Templates are marked where they are defined, with :func:`N_` or as a
:class:`Plural`'s two forms, so that the message extractor finds them (``pybabel extract -k N_
-k Plural:1,2``, docs/languages.md), and translated where they are filled (:func:`fill`), into the
language spoken then (:mod:`.language`).

Parameters are plain data (ints, card ints, lists of card ints, a few names); what each means comes
from its name (:data:`KINDS`): a seat is named as the reader knows it, a card as its text, a colour
by its name in the reader's language, a number as the language writes it (Babel).  The page renders
the same templates with the same rule (``/api/words``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from string import Formatter
from typing import Any

from ..actions import ActionError, action_str
from ..cards import card_str
from .language import ENGLISH, PSEUDO, catalog, language, speaking
from .marks import N_ as N_  # re-exported: every module of words marks its templates with it
from .presets import PRESET_WORDS

Param = int | str | list[int] | tuple[int, ...]
Params = Mapping[str, Param]


def gettext(text: str) -> str:
    """The template in the reader's language."""
    found = catalog(language())
    return text if found is None else found.gettext(text)


def ngettext(one: str, many: str, n: int) -> str:
    """The plural form of a template for ``n`` in the reader's language (its rule from Babel's CLDR data)."""
    found = catalog(language())
    if found is None:
        return one if n == 1 else many
    return found.ngettext(one, many, n)


def english(function: Callable[..., str], *args: Any, **kwargs: Any) -> str:
    """``function`` said in English whatever the reader's language: the engine's sentences (``str()`` of
    an error), which logs and tests read."""
    with speaking(ENGLISH):
        return function(*args, **kwargs)


def number(value: int, signed: bool = False) -> str:
    """A number as the reader's language writes it ("1,250", "1.250", "1 250"); ``signed``: "+25"."""
    return decimal(value, 0, signed)


def decimal(value: float, digits: int | None = None, signed: bool = False) -> str:
    """A figure with ``digits`` decimals as the reader's language writes it ("12.5", "12,5"); ``digits`` None:
    as many as it needs, three at most ("10", "2.5"); ``signed``: "+1.25"."""
    from babel.numbers import format_decimal

    fraction = "0.###" if digits is None else "0." + "0" * digits if digits else "0"
    body = "#,##" + fraction
    return str(format_decimal(value, format=f"+{body};-{body}" if signed else body, locale=_locale(),
                              decimal_quantization=True))


def percent(value: float, digits: int = 0) -> str:
    """A share (0.125) as a percentage as the reader's language writes it ("12.5%", "12,5 %")."""
    from babel.numbers import format_percent

    return str(format_percent(value, format="#,##0" + ("." + "0" * digits if digits else "") + "%",
                              locale=_locale(), decimal_quantization=True))


def interval(low: float, high: float, digits: int = 2, signed: bool = False, share: bool = False) -> str:
    """A confidence interval as "[low, high]", or "[low; high]" in a language whose decimal mark is a comma;
    ``share``: of percentages ("[12.5%, 40.0%]")."""
    from babel.numbers import get_decimal_symbol

    mark = "; " if get_decimal_symbol(_locale()) == "," else ", "
    ends = [percent(v, digits) if share else decimal(v, digits, signed) for v in (low, high)]
    return f"[{ends[0]}{mark}{ends[1]}]"


def listed(items: Sequence[str], style: str = "standard") -> str:
    """Items as the reader's language lists them: "a, b and c" (``standard``), "a, b or c" (``or``),
    "a, b, c" (``unit``); Babel's CLDR patterns."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if style == "unit":  # a plain enumeration: CLDR's unit lists are incomplete for some languages in Babel
        return ", ".join(items)
    if language() == PSEUDO:  # the tests' language: CLDR's joining words marked as translated too
        return ", ".join(items[:-1]) + " ⟦" + ("öř" if style == "or" else "åñð") + "⟧ " + items[-1]
    from babel.lists import format_list

    return str(format_list(list(items), style=style, locale=_locale()))  # type: ignore[arg-type]


def _locale() -> str:
    code = language()
    return code if code in ("en", "es", "pt", "sv") else ENGLISH


# The colours by their names: in a sentence ("you must follow red") and on their own ("Red").
COLOUR_WORDS = (N_("black"), N_("red"), N_("yellow"), N_("green"))
COLOUR_TITLES = (N_("Black"), N_("Red"), N_("Yellow"), N_("Green"))


def colour_word(colour: int, title: bool = False) -> str:
    """A colour's name in the reader's language: "red" in a sentence, "Red" on its own (``title``)."""
    return gettext((COLOUR_TITLES if title else COLOUR_WORDS)[colour])


# The computer players' levels by their names.  The identifiers ("heuristic") are what the protocol carries and
# what a command line is given (--bots); a person reads these names (``rookgame.bots.REGISTRY`` has one each).
LEVEL_WORDS = {
    # Translators: a computer player's level, as a name: in a list of levels and in "Bot 2 (Random)"
    "random": N_("Random"),
    # Translators: the level of the bot that plays by rules of thumb, without search: weaker than Easy
    "heuristic": N_("Basic"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}


def level_name(level: str) -> str:
    """A bot's level by its name in the reader's language ("Basic" for ``heuristic``); anything else as it is."""
    words = LEVEL_WORDS.get(level)
    return gettext(words) if words else level


def rules_name(rules: str) -> str:
    """A rule set as an error or a page's data names it (:attr:`rookgame.rules.RuleSet.label`: a house-rules
    file's own name, else its preset's key) in the reader's language: a preset by its name ("Kentucky
    Discard"), a house file's name as it is."""
    words = PRESET_WORDS.get(rules)
    return gettext(words[0]) if words else rules


@dataclass(frozen=True)
class Plural:
    """A sentence whose words change with a count: one template per plural form, ``count`` the parameter."""

    one: str
    many: str
    count: str


Template = str | Plural

# What a parameter is, by its name: how it is shown in a sentence (the page reads the same table).
KINDS: dict[str, tuple[str, ...]] = {
    "seat": ("seat", "turn", "bidder", "winner", "leader", "dealer", "first"),
    "place": ("place", "first_place", "last_place"),  # a seat as a place at the table, by its number
    "card": ("card", "lead"),
    "cards": ("cards", "held", "allowed"),
    "colour": ("colour",),  # in a sentence: "red"
    "colour_name": ("trump",),  # on its own, or a name: "Red"
    "action": ("action",),
    "id": ("seed", "pid", "v", "served", "game", "line", "code"),  # a number to type or quote: never grouped
    "level": ("level", "bot"),  # a bot's level by its identifier: shown by its name ("Basic")
    "rules": ("rules",),  # a rule set by its label: a preset by its name, a house file's name as it is
}
_KIND = {name: kind for kind, names in KINDS.items() for name in names}


def kind_of(name: str) -> str:
    """The kind of a parameter by its name: "seat", "place", "card", "cards", "colour", "action", "id",
    "level", "rules", or "" (a number as the language writes it, text as it is)."""
    return _KIND.get(name, "")


def fields(template: Template) -> set[str]:
    """The parameters a template names (every form of a plural)."""
    texts = (template.one, template.many) if isinstance(template, Plural) else (template,)
    return {f for text in texts for _, f, _, _ in Formatter().parse(text) if f}


# How an action is named in a sentence in another language than English (words.play registers its names;
# English says the notation a person types: "trump R", "no-trump").
action_namer: Callable[[int], str] | None = None


def _action(value: int) -> str:
    try:
        if action_namer is not None and language() != ENGLISH:
            return action_namer(value)
        return action_str(value)
    except (ActionError, KeyError, ValueError):
        return str(value)


def show(name: str, value: Param, seat_name: Callable[[int], str] | None = None) -> str:
    """One parameter as it reads in a sentence: a seat by ``seat_name`` (its number without one), a card
    as its text ("R14"), a list of cards space-separated, a colour by its name in the reader's language
    (lower case in a sentence), a bot's level and a preset by their names, a number as the language writes it
    (an ``id`` kind as it is)."""
    kind = kind_of(name)
    if isinstance(value, str):
        return level_name(value) if kind == "level" else rules_name(value) if kind == "rules" else value
    if kind == "seat" and isinstance(value, int):
        return seat_name(value) if seat_name is not None else str(value)
    if kind == "card" and isinstance(value, int):
        return card_str(value)
    if kind == "cards" and isinstance(value, (list, tuple)):
        return " ".join(card_str(c) for c in value)
    if kind in ("colour", "colour_name") and isinstance(value, int):
        if not 0 <= value < len(COLOUR_WORDS):
            return str(value)
        return colour_word(value, title=kind == "colour_name")
    if kind == "action" and isinstance(value, int):
        return _action(value)
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    if kind in ("id", "place") or isinstance(value, bool):
        return str(value)
    return number(value)


def fill(template: Template, params: Params, seat_name: Callable[[int], str] | None = None) -> str:
    """The template, translated, with its parameters shown (:func:`show`)."""
    if isinstance(template, Plural):
        n = params.get(template.count, 0)
        text = ngettext(template.one, template.many, n if isinstance(n, int) else 0)
    else:
        text = gettext(template)
    values = {name: show(name, value, seat_name) for name, value in params.items()}
    return text.format_map(_Missing(values))


class _Missing(dict[str, str]):
    """A parameter a template names but the refusal lacks shows as its name in braces, never an error."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def as_data(template: Template) -> str | dict[str, object]:
    """A template for the page (``/api/words``) in the reader's language: its text, or a plural's forms and count
    (``one`` where the language's CLDR plural category of the count is "one", ``many`` otherwise: the page picks
    with ``Intl.PluralRules``, the same rules Babel gives the catalogs)."""
    if isinstance(template, Plural):
        return {"one": ngettext(template.one, template.many, 1), "many": ngettext(template.one, template.many, 2),
                "count": template.count}
    return gettext(template)



@dataclass(frozen=True)
class Say:
    """One thing said, in its forms: ``text`` with seats by number (the engine's, a log's), ``other`` told to
    a person with the seats by name (absent: ``text``), and ``you`` told to the person at the seat a
    parameter names (the first parameter naming the reader's seat chooses)."""

    text: Template
    other: Template | None = None
    you: dict[str, Template] = field(default_factory=dict)


def says(templates: Mapping[str, Template | Say]) -> dict[str, Say]:
    """A catalog of things said, by code: a template alone is said alike to everyone (``Say(template)``), a
    :class:`Say` of its own where the person at a seat reads it otherwise."""
    return {code: t if isinstance(t, Say) else Say(t) for code, t in templates.items()}


def told(say: Say, params: Params, *, you: int | None, seat_name: Callable[[int], str]) -> str:
    """``say`` told to the person at seat ``you`` (None: nobody's seat), the other seats by ``seat_name``."""
    if you is not None:
        for name, template in say.you.items():
            if params.get(name) == you:
                return fill(template, params, seat_name)
    return fill(say.other if say.other is not None else say.text, params, seat_name)
