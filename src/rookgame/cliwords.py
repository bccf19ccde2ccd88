"""The ``rook`` command in the reader's language: which language it speaks, and its help in words.

:class:`WordsGroup` is the command group of :mod:`rookgame.cli`: before it parses a command line it
chooses the language (``--lang``, then ``ROOK_LANG``, then the locale, then English:
:func:`rookgame.words.language.language_from`), and every command's help and its options' are shown
from :mod:`rookgame.words.commands`, as are the toolkit's own words (Click's and Typer's "Usage:",
"Options", their errors), which they ask for through Python's ``gettext``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import typer
import typer.core
import typer.rich_utils
from typer.core import TyperGroup

try:  # Typer 0.29 and later carry their own Click
    from typer._click import Command, Context
    from typer._click.exceptions import UsageError
    from typer._click.formatting import HelpFormatter
except ImportError:  # pragma: no cover - an older Typer on the installed Click
    from click import Command, Context, UsageError  # type: ignore[assignment]
    from click.formatting import HelpFormatter  # type: ignore[assignment]

from .bots import REGISTRY
from .play import MAX_HANDS
from .words.catalog import fill, gettext
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
            set_language("en")
            raise UsageError(fill(SAY["unknown_language"], {"where": e.where, "asked": e.asked,
                                                                   "languages": ", ".join(LANGUAGES)}), ctx) from None
        speak_toolkit()
        translate(self, "", ctx)
        return super().parse_args(ctx, args)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            translate(command, cmd_name, ctx)
        return command
