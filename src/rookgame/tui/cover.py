"""Pass and play: the screen that hides one person's cards until the next person has the screen."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from ..words.catalog import Param, fill
from ..words.screen import BINDINGS as KEY_WORDS
from ..words.screen import COVER
from .bindings import translate_bindings


class CoverScreen(Screen[None]):
    """Covers the whole table (a screen, not a dialog: nothing of the game shows through) until
    the person named presses Enter; then the game screen shows that person's cards."""

    AUTO_FOCUS = None  # Enter belongs to the screen: no button takes it by surprise
    CSS = """
    CoverScreen { align: center middle; background: #0f3d24; }
    #cover { width: 72; height: auto; border: round #e0d080; background: #092a18; padding: 1 2; }
    #cover Static { width: 100%; text-align: center; color: #f0f0f0; }
    #cover Button { margin-top: 1; width: 100%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "reveal", KEY_WORDS["show_cards"]),
        Binding("q", "app.quit", KEY_WORDS["save_quit"]),
    ]

    def __init__(self, name: str, seat: int) -> None:
        super().__init__()
        translate_bindings(self)
        self.person = name
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="cover"):
            said: dict[str, Param] = {"name": self.person, "seat_number": self.seat}
            yield Static(Content.assemble((fill(COVER["title"], said), "bold #ffe070")), id="cover-title")
            yield Static(Content(fill(COVER["text"], said)), id="cover-text")
            yield Button(Content(fill(COVER["button"], said)), variant="primary", id="reveal")

    @on(Button.Pressed, "#reveal")
    def action_reveal(self) -> None:
        self.dismiss(None)
