"""The reader's language: which one is spoken, where it is chosen, and its gettext catalog.

The languages are English (the templates themselves), Spanish, Portuguese and Swedish, each a gettext
catalog in ``rookgame/locale/<lang>/LC_MESSAGES/rookgame.po`` (written by hand from the template
``rookgame.pot`` that ``pybabel extract`` makes of the source, see docs/languages.md) and read with
Babel, which also gives each language its plural forms (CLDR) and its way of writing numbers.

One language is spoken at a time by a terminal (:func:`set_language`, from ``--lang``, ``ROOK_LANG``,
``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``: :func:`language_from`); a server that renders for several
people at once speaks each one's for a moment (:func:`speaking`).  :data:`PSEUDO` is a language for
the tests only: every template bracketed and its letters accented, so that text which bypasses the
catalogs shows as plain ASCII.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import re
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Formatter

ENGLISH = "en"
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "pt": "Português", "sv": "Svenska"}
PSEUDO = "qps"  # the pseudo-language of the tests (the tag Windows uses for pseudo-localisation)
DOMAIN = "rookgame"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_default = ENGLISH  # the process's language: a terminal's, set once
_override: ContextVar[str | None] = ContextVar("rook_language", default=None)  # a server's, per rendering


class LanguageError(ValueError):
    """A language asked for by name that is not one of :data:`LANGUAGES`."""

    def __init__(self, asked: str, where: str) -> None:
        self.asked = asked
        self.where = where
        super().__init__(f"{where} {asked}: unknown language; languages: {', '.join(LANGUAGES)}")


def language() -> str:
    """The language spoken now."""
    return _override.get() or _default


def set_language(code: str) -> None:
    """The process speaks ``code`` from now on (a terminal's front end, once it knows)."""
    global _default
    _default = _known(code)


@contextlib.contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block only (this thread or task): a server rendering for one person."""
    token = _override.set(_known(code))
    try:
        yield
    finally:
        _override.reset(token)


def _known(code: str) -> str:
    if code not in LANGUAGES and code != PSEUDO:
        raise LanguageError(code, "language")
    return code


def parse_language(text: str) -> str | None:
    """The language a tag or a locale names ("es", "pt_BR.UTF-8", "sv-SE"), or None: not one of ours
    ("C", "de_DE", "")."""
    tag = text.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    head = tag.split("_")[0]
    if tag == PSEUDO:
        return PSEUDO
    return head if head in LANGUAGES else None


def language_from(option: str | None, environ: Mapping[str, str]) -> str:
    """The terminal's language: ``--lang``, then ``ROOK_LANG``, then the locale (``LC_ALL``, then
    ``LC_MESSAGES``, then ``LANG``: the first that is set decides, as POSIX has it), then English.
    A language asked for by name (``--lang``, ``ROOK_LANG``) must be one of ours (:class:`LanguageError`);
    a locale of another language is English."""
    for where, value in (("--lang", option), ("ROOK_LANG", environ.get("ROOK_LANG"))):
        if value:
            found = parse_language(value)
            if found is None:
                raise LanguageError(value, where)
            return found
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return parse_language(value) or ENGLISH
    return ENGLISH


def accepted(header: str | None) -> str:
    """The language a browser's ``Accept-Language`` asks for first among ours ("sv-SE,sv;q=0.9,en;q=0.8": sv),
    by each tag's weight (q, 1 when not given; 0: not wanted), else English."""
    asked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for p in params.split(";"):
            name, _, value = p.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        found = parse_language(tag) if tag.strip() not in ("", "*") else None
        if found is not None and found != PSEUDO and weight > 0:
            asked.append((-weight, i, found))
    return min(asked)[2] if asked else ENGLISH


# ---------------------------------------------------------------------- catalogs
@dataclass(frozen=True)
class Catalog:
    """One language's translations: a template's text by its English, a plural's forms by its English
    singular, and which form a count takes."""

    code: str
    texts: Mapping[str, str]
    plurals: Mapping[str, tuple[str, ...]]
    plural_index: Callable[[int], int]

    def gettext(self, text: str) -> str:
        if self.code == PSEUDO:
            return pseudo(text)
        return self.texts.get(text) or text

    def ngettext(self, one: str, many: str, n: int) -> str:
        if self.code == PSEUDO:
            return pseudo(one if n == 1 else many)
        forms = self.plurals.get(one)
        if not forms:
            return one if n == 1 else many
        index = self.plural_index(n)
        return forms[index] if index < len(forms) and forms[index] else forms[-1]


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(code: str) -> Catalog | None:
    """The catalog of ``code`` (None for English, whose templates are their own text)."""
    if code == ENGLISH:
        return None
    if code == PSEUDO:
        return Catalog(PSEUDO, {}, {}, lambda n: 0 if n == 1 else 1)
    from babel.messages.pofile import read_po  # only where a language other than English is spoken

    with open(po_path(code), "rb") as f:
        po = read_po(f, locale=code, domain=DOMAIN)
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, (tuple, list)):
            strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            forms = tuple(str(f or "") for f in strings)
            if all(forms):
                plurals[message.id[0]] = forms
        elif isinstance(message.string, str) and message.string:
            texts[message.id] = message.string
    return Catalog(code, texts, plurals, _gettext.c2py(po.plural_expr))


# ---------------------------------------------------------------------- the pseudo-language
_ACCENTED = str.maketrans("AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpRrSsTtUuWwYyZz",
                          "ÅåƁƀÇçÐðÉéƑƒĜĝĤĥÎîĴĵĶķĻļṀṁÑñÖöÞþŘřŠšŢţÛûŴŵÝýŽž")


_MARKUP = re.compile(r"(\[/?(?:blue|bold|dim|italic|red|green|yellow|cyan|magenta)?\])")


def pseudo(text: str) -> str:
    """A template in the pseudo-language: ⟦ and ⟧ around it, its letters accented, its parameters and
    doubled braces as they were."""
    out = []
    for literal, field, spec, conversion in Formatter().parse(text):
        for i, piece in enumerate(_MARKUP.split(literal)):  # a rich style's tag ("[blue]", "[/]") as it is
            out.append(piece.replace("{", "{{").replace("}", "}}") if i % 2 else
                       piece.replace("{", "{{").replace("}", "}}").translate(_ACCENTED))
        if field is not None:
            out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    body = "".join(out)
    return f"⟦{body}⟧"
