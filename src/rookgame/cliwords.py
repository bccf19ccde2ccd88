"""The ``rook`` command in the reader's language: which language it speaks, and its help in words.

:class:`WordsGroup` is the command group of :mod:`rookgame.cli`: before it parses a command line it
chooses the language (``--lang``, then ``ROOK_LANG``, then the locale, then English:
:func:`rookgame.words.language.language_from`), and every command's help and its options' are shown
from :mod:`rookgame.words.commands`, as are the toolkit's own words (Click's and Typer's "Usage:",
"Options", their errors), which they ask for through Python's ``gettext``.
"""

from __future__ import annotations

import enum
import math
import os
import re
import typing
from collections.abc import Sequence
from difflib import get_close_matches
from typing import Any

import typer
import typer.core
import typer.rich_utils
from typer.core import TyperGroup

try:  # Typer 0.29 and later carry their own Click
    from typer._click import Command, Context
    from typer._click.exceptions import BadOptionUsage, BadParameter, MissingParameter, NoSuchOption, UsageError
    from typer._click.formatting import HelpFormatter
except ImportError:  # pragma: no cover - an older Typer on the installed Click
    from click import Command, Context, UsageError  # type: ignore[assignment]
    from click.exceptions import BadOptionUsage, BadParameter, MissingParameter, NoSuchOption  # type: ignore[assignment]
    from click.formatting import HelpFormatter  # type: ignore[assignment]

from .bots import REGISTRY
from .play import MAX_HANDS
from .words.catalog import Param, fill, gettext, listed
from .words.commands import COMMAND_HELP, OPTION_HELP, SAY
from .words.language import LANGUAGES, LanguageError, language, language_from, set_language

# Typer's rich help reads these once, at import: they are set again for each command line.
_RICH_WORDS = {"DEFAULT_STRING": "[default: {}]", "ENVVAR_STRING": "[env var: {}]",
               "REQUIRED_LONG_STRING": "[required]", "DEPRECATED_STRING": "(deprecated) ",
               "ARGUMENTS_PANEL_TITLE": "Arguments", "OPTIONS_PANEL_TITLE": "Options",
               "COMMANDS_PANEL_TITLE": "Commands", "ERRORS_PANEL_TITLE": "Error", "ABORTED_TEXT": "Aborted.",
               "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help."}
_write_usage = HelpFormatter.write_usage


def help_params() -> dict[str, str | int]:
    """What the help's templates name: the bots, the default cap on hands."""
    return {"bots": ", ".join(REGISTRY), "max_hands": MAX_HANDS}


def asked_language(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` on a command line (before the subcommand or after it), if given."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _usage_in_words(self: HelpFormatter, prog: str, args: str = "", prefix: str | None = None) -> None:
    _write_usage(self, prog, args, gettext("Usage:") + " " if prefix is None else prefix)


def speak_toolkit() -> None:
    """Typer says its own words through the catalogs from now on (in the language spoken then): it asks
    Python's ``gettext`` for some when it says them, reads others once at import, and the Click it carries
    writes "Usage:" itself."""
    setattr(typer.core, "_", gettext)  # noqa: B010 (typer.core's own name for gettext, private to it)
    for name, english in _RICH_WORDS.items():
        setattr(typer.rich_utils, name, gettext(english))
    HelpFormatter.write_usage = _usage_in_words  # type: ignore[method-assign]


def translate(command: Command, name: str, ctx: Context) -> None:
    """A command's help and its options' in the reader's language, from their English in the words."""
    params = help_params()
    helping = command.get_help_option(ctx)  # made once and kept by the command; its help is Click's English
    if helping is not None:
        helping.help = gettext("Show this message and exit.")
    if name in COMMAND_HELP:
        command.help = fill(COMMAND_HELP[name], params)
        command.short_help = None
    for param in command.params:
        key = (name, param.name or "")
        if key in OPTION_HELP and hasattr(param, "help"):
            param.help = fill(OPTION_HELP[key], params)
        elif param.name == "help" and hasattr(param, "help"):
            param.help = gettext("Show this message and exit.")


def _quoted(text: object) -> str:
    return f"'{text}'"


def _hint(e: BadParameter) -> str:
    """The option or argument an error is about as Click names it ("'--games' / '-n'")."""
    hint: Any = e.param_hint
    param: Any = e.param
    if hint is None and param is not None:
        try:
            hint = param.get_error_hint()  # Typer's
        except TypeError:  # pragma: no cover - Click's own asks for the context
            hint = param.get_error_hint(e.ctx)
    if hint is None:
        return ""
    return hint if isinstance(hint, str) else " / ".join(_quoted(h) for h in hint)


def _choices(param: Any) -> list[str]:
    """The values an option allows, where its type lists them (a Literal, an Enum)."""
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if typing.get_origin(annotation) is typing.Literal:
        return [str(a) for a in typing.get_args(annotation)]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [str(member.value) for member in annotation]
    return []


def _bad_value(e: BadParameter) -> str:
    """A value the option does not take, said from the option, the value and what is allowed."""
    option = _hint(e)
    cause: Any = e.__cause__
    errors = cause.errors() if callable(getattr(cause, "errors", None)) else []  # Pydantic's ValidationError
    if not errors or not isinstance(errors[0], dict):
        return fill(SAY["invalid_value"], {"option": option, "why": e.message})
    kind = str(errors[0].get("type", ""))
    value = _quoted(errors[0].get("input", ""))
    low, high = getattr(e.param, "min", None), getattr(e.param, "max", None)
    params: dict[str, Param] = {"option": option, "value": value,
                                # the bounds as they are typed on a command line ("0.5", never "0,5")
                                "low": str(low), "high": str(high)}
    if kind.startswith("int_"):
        return fill(SAY["not_whole_number"], params)
    if kind.startswith("float_") or _not_finite(errors[0].get("input")):  # "nan" fails the range check too
        return fill(SAY["not_a_number"], params)
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        key = "not_in_range" if low is not None and high is not None else "not_at_least" if low is not None \
            else "not_at_most"
        return fill(SAY[key], params)
    choices = _choices(e.param)
    if choices:
        return fill(SAY["not_one_of"], {**params, "choices": listed([_quoted(c) for c in choices], "or")})
    return fill(SAY["invalid_value"], {"option": option, "why": e.message})


def _not_finite(value: object) -> bool:
    """Whether ``value`` (as typed) reads as a float that is no number: nan, inf."""
    try:
        return not math.isfinite(float(str(value)))
    except ValueError:
        return False


def _option_usage(e: BadOptionUsage) -> str | None:
    """An option given without its value, or a flag given one: Click names the option, and says which in its
    English only (and often without the context that would find the option)."""
    option = _quoted(e.option_name)
    if e.message.endswith("does not take a value."):
        return fill(SAY["option_takes_no_value"], {"option": option})
    needs = _NEEDS.search(e.message)
    if needs:
        return fill(SAY["option_needs_value"], {"option": option, "count": int(needs[1] or 1)})
    return None


_NEEDS = re.compile(r"requires (?:an|(\d+)) arguments?\.$")
_EXTRA = re.compile(r"Got unexpected extra argument\(s\) \((.*)\)", re.S)


def parse_error_words(e: UsageError) -> str | None:
    """Click's parse error in the reader's language, said from its parts (the option, the possibilities, the
    parameter, the value and what is allowed); None for an error already in words (ours, Typer's through
    the catalogs)."""
    if isinstance(e, NoSuchOption):
        if e.possibilities:
            return fill(SAY["no_such_option_near"], {"option": e.option_name,
                                                     "options": ", ".join(sorted(e.possibilities))})
        return fill(SAY["no_such_option"], {"option": e.option_name})
    if isinstance(e, MissingParameter):
        kind = e.param_type or (e.param.param_type_name if e.param is not None else "")
        key = {"argument": "missing_argument", "option": "missing_option"}.get(kind, "missing_parameter")
        name = _hint(e)
        return fill(SAY[key], {"name": name}) if name else None  # nothing to name it by: Click's own words
    if isinstance(e, BadParameter):
        return _bad_value(e)
    if isinstance(e, BadOptionUsage):
        return _option_usage(e)
    extra = _EXTRA.fullmatch(e.message)  # Click's Context.fail, with the words left over and nothing else
    if extra:
        return fill(SAY["extra_arguments"], {"arguments": extra[1], "count": len(extra[1].split())})
    return None


def _in_words(e: UsageError) -> UsageError:
    said = parse_error_words(e)
    if said is None:
        return e
    worded = UsageError(said, e.ctx)
    worded.__cause__ = e
    return worded


def _fallback_language(where: str) -> str:
    """The language to say that the one asked for is unknown in: the next the reader names (``ROOK_LANG``
    after a bad ``--lang``, then the locale).  Where none of them is one of ours the reader's language cannot
    be known, and English is right."""
    environ = dict(os.environ)
    if where != "--lang":
        environ.pop("ROOK_LANG", None)
    try:
        return language_from(None, environ)
    except LanguageError:  # ROOK_LANG is no better than --lang: the locale decides
        environ.pop("ROOK_LANG", None)
        return language_from(None, environ)


class WordsGroup(TyperGroup):
    """The ``rook`` group: speaks the language asked for, and says its commands' help in it."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        before = language()
        try:
            return super().main(args, *rest, **kwargs)
        finally:
            set_language(before)  # a command line run inside a process (the tests) leaves it as it was

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        try:
            set_language(language_from(asked_language(args), os.environ))
        except LanguageError as e:
            set_language(_fallback_language(e.where))
            speak_toolkit()
            raise UsageError(fill(SAY["unknown_language"], {"where": e.where, "asked": e.asked,
                                                                   "languages": ", ".join(LANGUAGES)}), ctx) from None
        speak_toolkit()
        translate(self, "", ctx)
        try:
            return super().parse_args(ctx, args)
        except UsageError as e:
            raise _in_words(e) from e.__cause__

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as e:  # a subcommand's command line, parsed here
            raise _in_words(e) from e.__cause__

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except UsageError as e:
            near = get_close_matches(args[0], list(self.commands)) if args else []
            if not near or self.get_command(ctx, args[0]) is not None:
                raise
            # Typer adds its suggestion in English: the whole sentence in words instead
            raise UsageError(fill(SAY["no_such_command_near"], {"name": _quoted(args[0]), "choices": listed(
                [_quoted(m) for m in near], "or")}), ctx) from e

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            translate(command, cmd_name, ctx)
        return command
