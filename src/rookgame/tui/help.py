"""The help screen: how to play the rules of the game at hand, in plain words, then the keys."""

from __future__ import annotations

from typing import ClassVar

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..rules import RuleSet
from ..words.catalog import fill, gettext
from ..words.rules import how_to_play, rules_rows, rules_title
from ..words.screen import BINDINGS as KEY_WORDS
from ..words.screen import HELP, KEYS
from .bindings import translate_bindings


class HelpScreen(ModalScreen[None]):
    """How to play the rules of the current game, in plain words (built from the rule set, so a house-rules
    file is explained too), then the keys, then every option of the rules for reference."""

    CSS = """
    HelpScreen { align: center middle; }
    #help { width: 100%; max-width: 110; height: 100%; max-height: 90%; border: round #e0d080; background: #092a18;
            padding: 0 1; }
    .how { margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", KEY_WORDS["close"]),
        Binding("question_mark", "close", KEY_WORDS["close"]),
        Binding("q", "close", KEY_WORDS["close"]),
    ]

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        translate_bindings(self)
        self.rules = rules

    def compose(self) -> ComposeResult:
        title = rules_title(self.rules)
        keys = Table(title=gettext(HELP["keys"]), box=box.SIMPLE, expand=True)
        keys.add_column(gettext(HELP["key"]), no_wrap=True)
        keys.add_column(gettext(HELP["does"]))
        for k, what in KEYS:
            keys.add_row(gettext(k), gettext(what))
        rules = Table(title=fill(HELP["options"], {"rules": title}), box=box.SIMPLE, expand=True)
        for col in ("option", "value", "meaning"):
            rules.add_column(gettext(HELP[col]))
        for row in rules_rows(self.rules):
            rules.add_row(*row)
        with VerticalScroll(id="help"):
            yield Static(gettext(HELP["how"]), classes="how")
            yield Static(Text.assemble((fill(HELP["title"], {"rules": title}), "bold #ffe070")), classes="how")
            for head, paragraph in how_to_play(self.rules):
                yield Static(Text.assemble((head, "bold"), "\n", paragraph), classes="how")
            yield Static(keys)
            yield Static(rules)

    def action_close(self) -> None:
        self.dismiss(None)
