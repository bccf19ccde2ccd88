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
from ..transcript import rules_rows
from ..words.rules import how_to_play


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
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close"),
        Binding("q", "close", "Close"),
    ]
    KEYS = [
        ("1-9, 0, A-Z", "choose the card or bid marked with that key (a bid keeps its key for the whole auction)"),
        ("b r y g, t", "name trump: Black, Red, Yellow, Green; t no trump"),
        ("b r y g k, up / down", "calling a partner from many cards: show one colour's cards (k the Bird)"),
        ("left / right, Enter", "move the cursor over the choices and take one"),
        ("space", "in the nest exchange: select or unselect the card under the cursor"),
        ("mouse", "click a card or a choice"),
        ("p", "pass (in the auction)"),
        ("h", "hint: the computer's best choices for you, with the points your side can expect"),
        ("l", "show or hide the taken tricks, as far as the rules allow"),
        ("+ / -", "computer moves slower / faster"),
        ("?", "this screen"),
        ("s", "save the game and quit (resume with rook play --resume)"),
        ("n", "a new game, once a game is over"),
        ("q, ctrl+q", "quit (a game in progress is saved)"),
        ("Enter (pass and play)", "show your cards once the screen is passed to you and only you can see it"),
    ]

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        keys = Table(title="Keys", box=box.SIMPLE, expand=True)
        keys.add_column("key", no_wrap=True)
        keys.add_column("does")
        for k, what in self.KEYS:
            keys.add_row(k, what)
        rules = Table(title=f"Every option of these rules ({self.rules.label})", box=box.SIMPLE, expand=True)
        for col in ("option", "value", "meaning"):
            rules.add_column(col)
        for row in rules_rows(self.rules):
            rules.add_row(*row)
        with VerticalScroll(id="help"):
            yield Static("Escape or ? closes this screen; the arrow keys and Page Up/Down scroll it.", classes="how")
            yield Static(Text.assemble((f"How to play {self.rules.label}", "bold #ffe070")), classes="how")
            for head, paragraph in how_to_play(self.rules):
                yield Static(Text.assemble((head, "bold"), "\n", paragraph), classes="how")
            yield Static(keys)
            yield Static(rules)

    def action_close(self) -> None:
        self.dismiss(None)
