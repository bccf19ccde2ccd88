"""A save or a finished game that could not be written: the dialog that offers another place."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from ..saves import SaveWriteError
from ..words.saving import saving, why_told
from ..words.screen import BINDINGS as KEY_WORDS
from .bindings import translate_bindings


class SaveProblemScreen(ModalScreen[Path | bool]):
    """A save or a finished game that could not be written: try again, try another place, or
    go on without it.  Dismissed with the place to try (a save file, or for a finished game
    its folder), False to go on without saving, True (only when quitting) to quit unsaved."""

    CSS = """
    SaveProblemScreen { align: center middle; }
    #problem { width: 100%; max-width: 90; height: auto; border: round #ff8080; background: #092a18; padding: 1 2; }
    #problem Input { width: 100%; margin-top: 1; }
    #problem-buttons { height: auto; margin-top: 1; }
    #problem-buttons Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "go_on", KEY_WORDS["go_on"])]

    def __init__(self, error: SaveWriteError, purpose: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.error = error
        self.purpose = purpose  # "play": a save after a hand; "quit": save and quit; "keep": a finished game

    def compose(self) -> ComposeResult:
        with Vertical(id="problem"):
            why = why_told(self.error.code, self.error.params)
            yield Static(saving(f"dialog_{self.purpose}", path=str(self.error.path), why=why), id="problem-text",
                         markup=False)
            yield Input(value=str(self.error.path.parent), placeholder=saving("place_hint"), id="elsewhere")
            with Horizontal(id="problem-buttons"):
                yield Button(saving("button_retry"), variant="primary", id="retry")
                yield Button(saving("button_there"), variant="success", id="there")
                yield Button(saving("button_play_on" if self.purpose != "keep" else "button_leave"), id="go-on")
                if self.purpose == "quit":
                    yield Button(saving("button_quit_unsaved"), variant="error", id="quit-unsaved")

    def on_mount(self) -> None:
        self.query_one("#retry", Button).focus()

    @on(Button.Pressed, "#retry")
    def retry(self) -> None:
        self.dismiss(self.error.path.parent if self.purpose == "keep" else self.error.path)

    @on(Input.Submitted, "#elsewhere")
    @on(Button.Pressed, "#there")
    def there(self) -> None:
        text = self.query_one("#elsewhere", Input).value
        if not text.strip():
            return
        self.dismiss(Path(text.strip()).expanduser())  # a folder, or a save file (SaveSession.move_to)

    @on(Button.Pressed, "#go-on")
    def action_go_on(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#quit-unsaved")
    def quit_unsaved(self) -> None:
        self.dismiss(True)
