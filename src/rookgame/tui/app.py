"""The full-screen game: a setup screen, the table, the score pad, help and hints.

The screen shows one seat's :func:`~rookgame.view.view_of` and nothing else; every
choice offered is one of ``view.legal`` and every move goes through
:meth:`Match.apply`.  Computer seats move on timers (``pace`` seconds apart; 0 moves
them at once, as the tests do).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from rich import box
from rich.table import Table
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Key, Resize
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Input, Label, Select, Static

from .. import actions as A
from ..bots import REGISTRY, Player, make_player
from ..cards import BIRD, COLOURS, card_str, colour_of
from ..match import Match
from ..rules import PRESETS, RulesError, RuleSet, load
from ..saves import (
    CURRENT,
    SaveError,
    SaveWriteError,
    bot_name,
    keep_finished,
    load_record,
    resume_game,
    save_game,
)
from ..state import IllegalAction, Phase
from ..transcript import rules_rows
from ..view import View, view_of
from .words import (
    PadRow,
    Seating,
    choice_label,
    hint_text,
    result_lines,
    review_text,
    score_pad,
    seat_players,
    sort_hand,
    step_prompt,
    trick_points,
    trump_words,
    winner_line,
    winning_so_far,
)

# Keys for choices, in order; letters the game's commands use are left out.
COMMAND_KEYS = frozenset("hlnpqs")
CHOICE_KEYS = [*"1234567890", *(c for c in "abcdefgijkmortuvwxyz" if c not in COMMAND_KEYS)]

# Card tiles: (text, background) per colour letter; K is the Bird.
TILE = {"B": ("#ffffff", "#3c3c3c"), "R": ("#ffffff", "#b3261e"), "Y": ("#111111", "#e5c51d"),
        "G": ("#ffffff", "#1f7a3a"), "K": ("#ffffff", "#6b3fa0")}
PLAIN = {"B": "#a8a8a8", "R": "#e06060", "Y": "#d6b520", "G": "#4caf68", "K": "#a98bd6"}

# Where each seat sits in the 3 x 3 table grid, by offset clockwise from the human (bottom middle).
_S, _SW, _W, _NW, _N, _NE, _E, _SE = (2, 1), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (1, 2), (2, 2)
PLACES = {2: [_S, _N], 3: [_S, _W, _E], 4: [_S, _W, _N, _E], 5: [_S, _W, _NW, _NE, _E],
          6: [_S, _W, _NW, _N, _NE, _E], 7: [_S, _SW, _W, _NW, _NE, _E, _SE],
          8: [_S, _SW, _W, _NW, _N, _NE, _E, _SE]}
PACE_STEP = 0.2
PACE_MAX = 5.0


def letter(card: int) -> str:
    return COLOURS[colour_of(card)] if card < BIRD else "K"


def tile(card: int, *, solid: bool = True, extra: str = "") -> tuple[str, str]:
    """A card as a coloured tile whose letters read without colour: " R14 "."""
    fg, bg = TILE[letter(card)]
    text = f" {card_str(card):<3} "
    if solid:
        return text, f"bold {fg} on {bg} {extra}".strip()
    return text, f"{PLAIN[letter(card)]} {extra}".strip()


@dataclass(frozen=True)
class Settings:
    """What the setup screen chooses."""

    rules_spec: str = "kentucky-discard"
    seat: int = 0
    partner: str = "heuristic"
    opponents: str = "heuristic"
    seed: int | None = None


@dataclass(frozen=True)
class Choice:
    action: int
    label: str
    key: str


def assign_keys(actions: list[int], fixed: dict[int, str] | None = None) -> list[Choice]:
    fixed = fixed or {}
    used = set(fixed.values())
    spare = iter(k for k in CHOICE_KEYS if k not in used)
    out = []
    for a in actions:
        key = fixed.get(a) or next(spare, "")
        out.append(Choice(a, choice_label(a), key))
    return out


# ====================================================================== the app
class RookApp(App[int]):
    """``rook play``: set up a game, play it, keep it."""

    TITLE = "Rook"
    CSS = """
    Screen { background: #0f3d24; }
    #info { height: auto; max-height: 3; background: #092a18; color: #f0f0f0; padding: 0 1; }
    #middle { height: 1fr; }
    #table { width: 1fr; height: 100%; grid-size: 3 3; grid-columns: 1fr 2fr 1fr; grid-rows: 1fr 1fr 1fr;
             border: round #6fae85; border-title-color: #f0f0f0; }
    .seat { content-align: center middle; text-align: center; height: 100%; width: 100%; color: #f0f0f0; }
    #center { content-align: center middle; text-align: center; height: 100%; width: 100%; color: #ffffff; }
    #side { width: 54; height: 100%; }
    #auction { height: auto; max-height: 14; border: round #6fae85; border-title-color: #f0f0f0;
               padding: 0 1; color: #f0f0f0; }
    #pad-box { height: 1fr; border: round #6fae85; border-title-color: #f0f0f0; }
    #pad { color: #f0f0f0; }
    #hand { height: 5; border: round #e0d080; border-title-color: #ffffff; padding: 0 1; color: #f0f0f0; }
    #prompt { height: auto; min-height: 5; max-height: 12; border: round #6fae85; padding: 0 1; color: #f0f0f0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, settings: Settings | None = None, *, pace: float = 0.6, saves_dir: Path | None = None,
                 match: Match | None = None, players: list[str] | None = None,
                 resumed_from: Path | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.pace = max(0.0, pace)
        self.saves_dir = saves_dir
        self.resume_match = match
        self.resume_players = players
        self.resumed_from = resumed_from
        self.exit_message = ""

    def on_mount(self) -> None:
        if self.resume_match is not None and self.resume_players is not None:
            match, players = self.resume_match, self.resume_players
            human = players.index("human")
            settings = replace(self.settings, rules_spec=match.rules.label, seat=human, seed=match.seed)
            self.push_screen(GameScreen(settings, match.rules, players, match=match, save_path=self.resumed_from))
        else:
            self.push_screen(SetupScreen(self.settings))

    def start_game(self, settings: Settings, rules: RuleSet) -> None:
        """A new game on top of the setup screen (or in place of the finished one)."""
        seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(1 << 31)
        settings = replace(settings, seed=seed)
        players = seat_players(rules, settings.seat, settings.partner, settings.opponents)
        screen = GameScreen(settings, rules, players)
        if isinstance(self.screen, GameScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def resume_saved(self, path: Path) -> None:
        match, players = resume_game(path)
        human = players.index("human")
        settings = replace(self.settings, rules_spec=match.rules.label, seat=human, seed=match.seed)
        self.push_screen(GameScreen(settings, match.rules, players, match=match, save_path=path))

    async def action_quit(self) -> None:
        if isinstance(self.screen, SaveProblemScreen):
            return  # its own buttons say how to go on or to quit without saving
        # the game may lie under the help screen: quitting there saves it too
        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if game is not None:
            game.save_and_quit()
        else:
            self.exit(0)


# ====================================================================== setup
class SetupScreen(Screen[None]):
    """Before the first deal: the rules, your seat, the computer's level."""

    CSS = """
    SetupScreen { align: center middle; background: #0f3d24; }
    #setup { width: 90; height: auto; border: round #6fae85; padding: 1 2; background: #092a18; }
    #form { grid-size: 2; grid-columns: 30 1fr; grid-rows: auto; grid-gutter: 1 1; height: auto; margin-top: 1; }
    #form Label { color: #f0f0f0; padding-top: 0; }
    #form Select, #form Input { width: 100%; }
    #buttons { height: auto; margin-top: 1; }
    #buttons Button { margin-right: 2; }
    #setup-error { color: #ff8080; height: auto; margin-top: 1; }
    #saved { color: #e0d080; height: auto; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", "Quit"),
        Binding("question_mark", "rules_help", "Rules"),
    ]
    FILE = "(a house-rules file)"

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        spec = s.rules_spec
        known = spec.strip().lower() in PRESETS
        preset_value = spec.strip().lower() if known else self.FILE
        rules = self._rules_or_none(spec) or PRESETS["kentucky-discard"]
        bots = [(name, name) for name in REGISTRY]
        with Vertical(id="setup"):
            yield Static(Content.from_markup("[b]Rook[/b]: choose the game and the players, then Start (Enter). "
                                             "Tab moves between the fields; ? shows the rules."))
            with Grid(id="form"):
                yield Label("Rules (a preset)")
                yield Select([(name, name) for name in PRESETS] + [(self.FILE, self.FILE)], value=preset_value,
                             allow_blank=False, id="preset", compact=True)
                yield Label("... or a house-rules file")
                yield Input(value="" if known else spec, placeholder="path/to/rules.toml", id="file", compact=True)
                yield Label("Your seat")
                yield Select(self._seat_options(rules), value=min(s.seat, rules.players - 1), allow_blank=False,
                             id="seat", compact=True)
                yield Label("Your partner plays")
                yield Select(bots, value=s.partner if s.partner in REGISTRY else "heuristic", allow_blank=False,
                             id="partner", compact=True)
                yield Label("The opponents play")
                yield Select(bots, value=s.opponents if s.opponents in REGISTRY else "heuristic",
                             allow_blank=False, id="opponents", compact=True)
                yield Label("Seed (empty: random)")
                yield Input(value="" if s.seed is None else str(s.seed), placeholder="random: a new deal each game",
                            id="seed", compact=True)
            yield Static(self._saved_text(), id="saved")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="success", id="start")
                if self._saved_path() is not None:
                    yield Button("Resume saved game", variant="primary", id="resume")
                yield Button("Quit", variant="error", id="quit")
            yield Static("", id="setup-error")

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()
        self._sync_partner()

    def _saved_path(self) -> Path | None:
        d = self.app.saves_dir if isinstance(self.app, RookApp) else None
        if d is None:
            return None
        p = d / CURRENT
        return p if p.is_file() else None

    def _saved_text(self) -> str:
        p = self._saved_path()
        if p is None:
            return ""
        try:
            rec = load_record(p)
        except SaveError as e:
            return f"A saved game is there but cannot be resumed: {e}"
        label = rec["rules"].get("name") or rec["rules"].get("preset")
        return (f"A game of {label} is saved ({len(rec['hands'])} hand(s) started) in {p}. "
                "Resume it, or Start a new game (the new game replaces it when saved).")

    @staticmethod
    def _rules_or_none(spec: str) -> RuleSet | None:
        try:
            return load(spec)
        except (RulesError, OSError):
            return None

    @staticmethod
    def _seat_options(rules: RuleSet) -> list[tuple[str, int]]:
        out = []
        for s in range(rules.players):
            extra = " (left of the first dealer: bids first)" if s == 1 % rules.players else ""
            extra = " (the first dealer)" if s == 0 else extra
            out.append((f"seat {s}{extra}", s))
        return out

    def _current_spec(self) -> str:
        value = self.query_one("#preset", Select).value
        path = self.query_one("#file", Input).value.strip()
        if value == self.FILE or (path and value == self.FILE):
            return path
        return str(value)

    def _sync_partner(self) -> None:
        rules = self._rules_or_none(self._current_spec())
        self.query_one("#partner", Select).disabled = rules is not None and rules.mode != "partners"

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        if event.value != self.FILE:
            self.query_one("#file", Input).value = ""
        self._rules_changed()

    @on(Input.Changed, "#file")
    def _file_changed(self, event: Input.Changed) -> None:
        if event.value.strip():
            self.query_one("#preset", Select).value = self.FILE
        self._rules_changed()

    def _rules_changed(self) -> None:
        rules = self._rules_or_none(self._current_spec())
        if rules is None:
            return
        seat = self.query_one("#seat", Select)
        current = seat.value if isinstance(seat.value, int) else 0
        seat.set_options(self._seat_options(rules))
        seat.value = min(current, rules.players - 1)
        self._sync_partner()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.start()

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        error = self.query_one("#setup-error", Static)
        spec = self._current_spec()
        if not spec:
            error.update("Choose a preset or give the path of a house-rules file.")
            return
        try:
            rules = load(spec)
        except RulesError as e:
            error.update(f"Those rules cannot be played: {e}")
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            error.update(f"The seed is a whole number, not {seed_text!r}.")
            return
        seat = self.query_one("#seat", Select).value
        partner = self.query_one("#partner", Select).value
        opponents = self.query_one("#opponents", Select).value
        settings = Settings(spec, seat if isinstance(seat, int) else 0, str(partner), str(opponents),
                            int(seed_text) if seed_text else None)
        error.update("")
        app = self.app
        assert isinstance(app, RookApp)
        app.settings = settings
        app.start_game(settings, rules)

    @on(Button.Pressed, "#resume")
    def resume(self) -> None:
        path = self._saved_path()
        app = self.app
        assert isinstance(app, RookApp)
        if path is None:
            return
        try:
            app.resume_saved(path)
        except SaveError as e:
            self.query_one("#setup-error", Static).update(f"Cannot resume: {e}")

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.app.exit(0)

    def action_rules_help(self) -> None:
        rules = self._rules_or_none(self._current_spec()) or PRESETS["kentucky-discard"]
        self.app.push_screen(HelpScreen(rules))


# ====================================================================== help
class HelpScreen(ModalScreen[None]):
    """The keys and the rules of the current game."""

    CSS = """
    HelpScreen { align: center middle; }
    #help { width: 110; height: 90%; border: round #e0d080; background: #092a18; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close"),
        Binding("q", "close", "Close"),
    ]
    KEYS = [
        ("1-9, 0, letters", "choose the card or bid marked with that key"),
        ("left / right, Enter", "move the cursor over the choices and take one"),
        ("space", "in the nest exchange: select or unselect the card under the cursor"),
        ("mouse", "click a card or a choice"),
        ("p", "pass (in the auction)"),
        ("h", "hint: the computer's ranked choices for you"),
        ("l", "show or hide the taken tricks, as far as the rules allow"),
        ("+ / -", "computer moves slower / faster"),
        ("?", "this screen"),
        ("s", "save the game and quit (resume with rook play --resume)"),
        ("n", "a new game, once a game is over"),
        ("q, ctrl+q", "quit (a game in progress is saved)"),
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
        rules = Table(title=f"Rules of this game: {self.rules.label}", box=box.SIMPLE, expand=True)
        for col in ("option", "value", "meaning"):
            rules.add_column(col)
        for row in rules_rows(self.rules):
            rules.add_row(*row)
        with VerticalScroll(id="help"):
            yield Static("Escape or ? closes this screen; the arrow keys and Page Up/Down scroll it.")
            yield Static(rules)
            yield Static(keys)

    def action_close(self) -> None:
        self.dismiss(None)


# ====================================================================== a save that failed
def chosen_place(text: str) -> Path:
    """Where the person asks for a save: a folder (its current.jsonl) or a .jsonl file."""
    p = Path(text.strip()).expanduser()
    return p if p.suffix == ".jsonl" and not p.is_dir() else p / CURRENT


class SaveProblemScreen(ModalScreen[Path | bool]):
    """A save or a finished game that could not be written: try again, try another place, or
    go on without it.  Dismissed with the place to try (a save file, or for a finished game
    its folder), False to go on without saving, True (only when quitting) to quit unsaved."""

    CSS = """
    SaveProblemScreen { align: center middle; }
    #problem { width: 90; height: auto; border: round #ff8080; background: #092a18; padding: 1 2; }
    #problem Input { width: 100%; margin-top: 1; }
    #problem-buttons { height: auto; margin-top: 1; }
    #problem-buttons Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "go_on", "Go on")]

    def __init__(self, error: SaveWriteError, purpose: str) -> None:
        super().__init__()
        self.error = error
        self.purpose = purpose  # "play": a save after a hand; "quit": save and quit; "keep": a finished game

    def compose(self) -> ComposeResult:
        what = "keep the finished game in" if self.purpose == "keep" else "save to"
        after = {"play": "The game goes on. ", "quit": "", "keep": ""}[self.purpose]
        with Vertical(id="problem"):
            yield Static(f"Could not {what} {self.error.path}: {self.error.reason}.\n{after}"
                         "Try again, or type another folder and choose Save there.", id="problem-text")
            yield Input(value=str(self.error.path.parent), placeholder="a folder, or a .jsonl file",
                        id="elsewhere")
            with Horizontal(id="problem-buttons"):
                yield Button("Try again", variant="primary", id="retry")
                yield Button("Save there", variant="success", id="there")
                yield Button("Play on" if self.purpose != "keep" else "Leave it", id="go-on")
                if self.purpose == "quit":
                    yield Button("Quit without saving", variant="error", id="quit-unsaved")

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
        place = Path(text.strip()).expanduser()
        self.dismiss(place if self.purpose == "keep" else chosen_place(text))

    @on(Button.Pressed, "#go-on")
    def action_go_on(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#quit-unsaved")
    def quit_unsaved(self) -> None:
        self.dismiss(True)


# ====================================================================== the game
class GameScreen(Screen[None]):
    """The table: one seat's view, its choices, the others' moves on timers."""

    AUTO_FOCUS = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("l", "last_trick", "Last trick"),
        Binding("question_mark", "help", "Rules/help"),
        Binding("s", "save_quit", "Save & quit"),
        Binding("plus", "pace(1)", "Slower"),
        Binding("minus", "pace(-1)", "Faster"),
        Binding("n", "new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, settings: Settings, rules: RuleSet, players: list[str], *, match: Match | None = None,
                 save_path: Path | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.rules = rules
        self.players = players
        self.human = players.index("human")
        self.match = match if match is not None else Match(rules, settings.seed)
        seed = self.match.seed if self.match.seed is not None else 0
        self.bots: list[Player | None] = [
            None if p == "human" else make_player(bot_name(p), seed * 16 + s) for s, p in enumerate(players)
        ]
        self.seating = Seating(rules, self.human, tuple(players))
        self.save_path = save_path
        self.wrote_save = False
        self.cursor = 0
        self.selected: list[int] = []  # cards picked to bury
        self.show_last = False
        self.message = ""
        self.pause: PadRow | None = None  # a hand just ended: its result is shown until Enter
        self.timer: Timer | None = None
        self.kept = False
        self.keep_dir: Path | None = None  # where finished games go, when the person chose another folder

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="info")
        with Horizontal(id="middle"):
            with Grid(id="table"):
                for r in range(3):
                    for c in range(3):
                        if (r, c) == (1, 1):
                            yield Static(id="center")
                        else:
                            yield Static(classes="seat", id=f"cell-{r}-{c}")
            with Vertical(id="side"):
                yield Static(id="auction")
                pad_box = VerticalScroll(id="pad-box")
                pad_box.can_focus = False  # the arrow keys and Enter belong to the game
                with pad_box:
                    yield Static(id="pad")
        yield Static(id="hand")
        yield Static(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#table").border_title = f"{self.rules.label} · seed {self.match.seed}"
        self.query_one("#auction").border_title = "Auction"
        self.query_one("#pad-box").border_title = "Score pad"
        self.query_one("#hand").border_title = "Your hand"
        self.advance()

    def on_resize(self, event: Resize) -> None:
        self.redraw()

    # ------------------------------------------------------------------ what the human sees
    def shown_hand(self) -> tuple[View, bool]:
        """The view on screen: the hand just finished while its result is shown, else the current one."""
        m = self.match
        if (self.pause is not None or m.is_over) and m.hands:
            return view_of(m.hands[-1], self.human, m.totals), True
        return view_of(m.hand, self.human, m.totals), False

    def view(self) -> View:
        return view_of(self.match.hand, self.human, self.match.totals)

    def my_turn(self) -> bool:
        return self.pause is None and not self.match.is_over and self.match.hand.to_act == self.human

    def choices(self) -> list[Choice]:
        """The current choices, each one of ``view.legal`` (cards to play or bury in hand order)."""
        if not self.my_turn():
            return []
        v = self.view()
        legal = list(v.legal)
        if v.phase == Phase.PLAY:
            order = sort_hand(self.rules, legal, v.trump, v.low, v.bird_high)
            return assign_keys(order)
        if v.phase == Phase.NEST and v.step == "bury":
            cards = sort_hand(self.rules, [a - A.BURY for a in legal])
            return assign_keys([A.BURY + c for c in cards])
        if v.phase == Phase.BID:
            ordered = [a for a in legal if a in (A.PASS, A.REDEAL)] + [a for a in legal if a >= A.BID]
            return assign_keys(ordered, {A.PASS: "p", A.REDEAL: "r"} if A.REDEAL in legal else {A.PASS: "p"})
        if v.step == "trump":
            fixed = {A.TRUMP + i: COLOURS[i].lower() for i in range(4)}
            fixed[A.NO_TRUMP] = "t"
            return assign_keys(legal, fixed)
        if v.step == "partner":
            cards = sort_hand(self.rules, [a - A.PARTNER for a in legal if A.PARTNER <= a < A.PASS])
            elsewhere = [c for c in cards if not v.hand >> c & 1]  # calling a card of your own: you play alone
            held = [c for c in cards if v.hand >> c & 1]
            stop = [A.NO_MORE_PARTNERS] if A.NO_MORE_PARTNERS in legal else []  # first, as Pass is in the auction
            return assign_keys(stop + [A.PARTNER + c for c in elsewhere + held])
        return assign_keys(legal)

    # ------------------------------------------------------------------ the flow of play
    def advance(self) -> None:
        """Move the computer seats until the human must act, a hand ends, or the game ends."""
        if self.timer is not None:
            return
        while True:
            m = self.match
            if m.is_over:
                self.game_over()
                break
            if self.pause is not None or m.hand.to_act == self.human:
                break
            if self.app_pace() > 0:
                last = self.match.hand
                delay = self.app_pace() * (2.5 if (not last.trick and last.tricks) else 1.0)
                self.timer = self.set_timer(delay, self._timed_bot)
                break
            self.bot_move()
        self.cursor = min(self.cursor, max(0, len(self.choices()) - 1))
        self.redraw()

    def _timed_bot(self) -> None:
        self.timer = None
        if not self.match.is_over and self.pause is None and self.match.hand.to_act != self.human:
            self.bot_move()
        self.advance()

    def app_pace(self) -> float:
        app = self.app
        return app.pace if isinstance(app, RookApp) else 0.0

    def bot_move(self) -> None:
        m = self.match
        seat = m.hand.to_act
        bot = self.bots[seat]
        assert bot is not None
        action = bot.act(view_of(m.hand, seat, m.totals))
        self.apply(action, seat)

    def apply(self, action: int, seat: int) -> bool:
        """Apply through the engine; True if it was taken.  Notes the end of a hand."""
        m = self.match
        n_hands = len(m.hands)
        try:
            m.apply(action, seat)
        except IllegalAction as e:
            if seat == self.human:
                self.message = f"Not allowed: {e}"
                return False
            raise
        if len(m.hands) > n_hands:
            last = m.hands[-1]
            if last.phase == Phase.THROWN_IN:
                why = "a redeal call" if last.auction and last.auction[-1][1] == A.REDEAL else "all passed"
                deals = self.seating.subject(last.dealer, "deals", "deal")
                self.message = f"The hand was thrown in ({why}); {deals} again."
            else:
                self.pause = score_pad(self.rules, m.hands)[-1]
                self.show_last = False
                self.autosave()
        return True

    def human_act(self, action: int) -> None:
        if not self.my_turn():
            return
        self.message = ""
        if self.apply(action, self.human):
            self.cursor = 0
            self.selected = []
        self.advance()

    def continue_play(self) -> None:
        self.pause = None
        self.message = ""
        self.advance()

    def game_over(self) -> None:
        m = self.match
        if self.kept or m.winner is None:
            return
        self.kept = True
        app = self.app
        directory = self.keep_dir or (app.saves_dir if isinstance(app, RookApp) else None)
        if directory is not None:
            self.keep_game(directory)

    def keep_game(self, directory: Path) -> None:
        m = self.match
        try:
            path = keep_finished(m, self.players, directory)
        except SaveWriteError as e:
            self.save_failed(e, "keep")
            return
        self.message = f"The game is kept in {path} (rook replay {path})."
        target = self.save_target()
        if target is not None and (self.wrote_save or self.save_path is not None):
            with contextlib.suppress(OSError):  # the game lives on in finished.jsonl
                target.unlink(missing_ok=True)

    # ------------------------------------------------------------------ saving
    def save_target(self) -> Path | None:
        app = self.app
        directory = app.saves_dir if isinstance(app, RookApp) else None
        if self.save_path is not None:
            return self.save_path
        return directory / CURRENT if directory is not None else None

    def write_save(self, target: Path, purpose: str) -> bool:
        """Save to ``target``; on failure say so and offer another place (the game goes on)."""
        try:
            save_game(self.match, self.players, target)
        except SaveWriteError as e:
            self.save_failed(e, purpose)
            return False
        self.wrote_save = True
        return True

    def autosave(self) -> None:
        target = self.save_target()
        if target is not None and not self.match.is_over:
            self.write_save(target, "play")

    def save_and_quit(self) -> None:
        app = self.app
        assert isinstance(app, RookApp)
        target = self.save_target()
        if self.match.is_over or target is None:
            app.exit(0)
            return
        if self.write_save(target, "quit"):
            app.exit_message = f"Game saved to {target}. Resume it with: rook play --resume {target}"
            app.exit(0)

    def save_failed(self, error: SaveWriteError, purpose: str) -> None:
        self.message = f"Could not save to {error.path}: {error.reason}."
        self.redraw()

        def chosen(place: Path | bool | None) -> None:
            app = self.app
            if isinstance(place, Path):
                if purpose == "keep":
                    self.keep_dir = place
                    self.keep_game(place)
                    self.redraw()
                    return
                self.save_path = place  # later saves go there too
                if purpose == "quit":
                    self.save_and_quit()
                elif self.write_save(place, purpose):
                    self.message = f"Game saved to {place}; it is saved there after every hand from now on."
                self.redraw()
            elif place is True and isinstance(app, RookApp):
                app.exit_message = "Game not saved."
                app.exit(0)
            else:
                self.message = (f"The finished game is not kept ({error.path}: {error.reason})." if purpose == "keep"
                                else f"Not saved ({error.path}: {error.reason}); the next save tries again.")
                self.redraw()

        self.app.push_screen(SaveProblemScreen(error, purpose), chosen)

    # ------------------------------------------------------------------ keys and clicks
    def on_key(self, event: Key) -> None:
        key = event.key
        if key in ("left", "up", "right", "down", "home", "end", "enter", "space"):
            event.stop()
            event.prevent_default()
            self.cursor_key(key)
            return
        ch = event.character or ""
        if not ch or ch in COMMAND_KEYS and ch != "p":
            return
        for i, c in enumerate(self.choices()):
            if c.key == ch:
                event.stop()
                self.action_pick(i)
                return

    def cursor_key(self, key: str) -> None:
        if self.pause is not None:
            if key in ("enter", "space"):
                self.continue_play()
            return
        choices = self.choices()
        if not choices:
            return
        if key in ("left", "up"):
            self.cursor = (self.cursor - 1) % len(choices)
        elif key in ("right", "down"):
            self.cursor = (self.cursor + 1) % len(choices)
        elif key == "home":
            self.cursor = 0
        elif key == "end":
            self.cursor = len(choices) - 1
        elif key == "space" and self.bury_step():
            self.toggle(choices[self.cursor].action - A.BURY)
        elif key == "enter":
            if self.bury_step():
                self.confirm_bury()
                return
            self.action_pick(self.cursor)
            return
        self.redraw()

    def bury_step(self) -> bool:
        return self.my_turn() and self.view().step == "bury"

    def action_pick(self, index: int) -> None:
        if self.pause is not None:
            self.continue_play()
            return
        choices = self.choices()
        if not 0 <= index < len(choices):
            return
        self.cursor = index
        action = choices[index].action
        if self.bury_step():
            self.toggle(action - A.BURY)
            return
        self.human_act(action)

    def action_continue(self) -> None:
        if self.pause is not None:
            self.continue_play()

    def toggle(self, card: int) -> None:
        v = self.view()
        left = self.rules.nest_size - v.buried_count
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < left:
            self.selected.append(card)
        else:
            self.message = f"{left} card(s) to bury are already selected: unselect one first, or Enter to bury them."
        self.redraw()

    def confirm_bury(self) -> None:
        v = self.view()
        left = self.rules.nest_size - v.buried_count
        if len(self.selected) != left:
            self.message = f"Select {left} card(s) to bury ({len(self.selected)} selected), then Enter."
            self.redraw()
            return
        # Bury the non-counters first (the order matters only where burying counters is restricted);
        # try it on a copy of the hand first so that a refused card leaves nothing half done.
        order = sorted(self.selected, key=lambda c: (self.rules.deck.points[c], c))
        trial = self.match.hand.copy()
        for c in order:
            why = trial.check(A.BURY + c, self.human)
            if why is not None:
                self.message = f"Not allowed: {why}"
                self.redraw()
                return
            trial.apply_unchecked(A.BURY + c)
        self.selected = []
        for c in order:
            if not self.apply(A.BURY + c, self.human):
                break
        self.cursor = 0
        self.advance()

    # ------------------------------------------------------------------ commands
    def action_hint(self) -> None:
        if not self.my_turn():
            self.message = "Hints are for your turn."
        else:
            self.message = hint_text(self.view())
        self.redraw()

    def action_last_trick(self) -> None:
        if self.rules.review == "none":
            self.show_last = False
            self.message = review_text(self.seating, self.view())
        else:
            self.show_last = not self.show_last
        self.redraw()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.rules))

    def action_save_quit(self) -> None:
        self.save_and_quit()

    def action_pace(self, direction: int) -> None:
        app = self.app
        assert isinstance(app, RookApp)
        app.pace = round(min(PACE_MAX, max(0.0, app.pace + PACE_STEP * direction)), 2)
        self.message = f"Computer moves every {app.pace:.1f} s."
        self.redraw()

    def action_new_game(self) -> None:
        if not self.match.is_over:
            self.message = "A new game starts once this one is over (s saves it and quits)."
            self.redraw()
            return
        app = self.app
        assert isinstance(app, RookApp)
        app.start_game(replace(self.settings, seed=None), self.rules)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        if not self.is_mounted:
            return
        v, finished = self.shown_hand()
        self.query_one("#info", Static).update(self.info_text(v))
        self.draw_table(v, finished)
        self.query_one("#auction", Static).update(self.auction_text(v))
        self.query_one("#pad", Static).update(self.pad_table())
        self.query_one("#hand", Static).update(self.hand_content(v, finished))
        self.query_one("#prompt", Static).update(self.prompt_content())

    def info_text(self, v: View) -> Content:
        r = self.rules
        m = self.match
        number = len(m.hands) + (0 if (self.pause is not None or m.is_over) else 1)
        parts: list[tuple[str, str] | str] = [("Rook ", "bold"), f"{r.label} · hand {number} · dealer "
                                              f"{self.seating.name(v.dealer)} · "]
        if v.bidder >= 0:
            parts.append(("Bidder: ", "bold"))
            parts.append(f"{self.seating.name(v.bidder)} {v.bid} · ")
        elif v.high_bidder >= 0:
            parts.append(f"High bid: {self.seating.name(v.high_bidder)} {v.high_bid} · ")
        else:
            parts.append("No bid yet · ")
        parts.append(("Trump: ", "bold"))
        if v.trump >= 0:
            parts.append(swatch(v.trump))
            parts.append(f" {trump_words(v.trump)}")
        else:
            parts.append(trump_words(v.trump))
        calls = []
        if v.partner_cards:
            calls.append("partner card " + " ".join(card_str(c) for c in v.partner_cards))
        if r.bird_rank == "called" and v.phase >= Phase.PLAY:
            calls.append("Bird " + ("high" if v.bird_high else "low"))
        if r.low and v.phase >= Phase.PLAY:
            calls.append("low" if v.low else "high")
        if v.nest_points is not None:
            calls.append("nest has points" if v.nest_points else "nest has no points")
        if calls:
            parts.append(" · " + ", ".join(calls))
        totals = "  ".join(f"{self.seating.side_name(s)} {t}" for s, t in enumerate(m.totals))
        app = self.app
        pace = app.pace if isinstance(app, RookApp) else 0.0
        parts.append(f"\nTotals: {totals} (goal {r.goal}) · you are seat {self.human} · pace {pace:.1f} s (+/-)"
                     " · ? help")
        return Content.assemble(*parts)

    def draw_table(self, v: View, finished: bool) -> None:
        r = self.rules
        n = r.players
        places = PLACES.get(n, PLACES[8])
        trick_cards: dict[int, int] = {}
        winner: int | None = None
        caption: list[str] = []
        if v.trick:
            for i, c in enumerate(v.trick):
                trick_cards[(v.leader + i) % n] = c
            best = winning_so_far(v)
            if best is not None:
                winner = best[0]
                caption.append(f"Trick {len(v.tricks) + 1}: {self.seating.name(v.leader)} led; "
                               f"{self.seating.subject(best[0], 'is', 'are')} winning with {card_str(best[1])}.")
        elif v.tricks:
            leader, cards, w = v.tricks[-1]
            for i, c in enumerate(cards):
                trick_cards[(leader + i) % n] = c
            winner = w
            caption.append(f"Trick {len(v.tricks)} went to {self.seating.name(w)} "
                           f"({trick_points(r, cards)} points).")
        to_act = v.to_act if not finished and not self.match.is_over else -1
        for s in range(n):
            row, col = places[(s - self.human) % n] if (s - self.human) % n < len(places) else (0, 0)
            cell = self.query_one(f"#cell-{row}-{col}", Static)
            cell.update(self.seat_content(v, s, trick_cards.get(s), s == winner, s == to_act))
        used = {places[(s - self.human) % n] for s in range(n)}
        for row in range(3):
            for col in range(3):
                if (row, col) != (1, 1) and (row, col) not in used:
                    self.query_one(f"#cell-{row}-{col}", Static).update("")
        self.query_one("#center", Static).update(self.center_content(v, caption))

    def seat_content(self, v: View, seat: int, card: int | None, winning: bool, acting: bool) -> Content:
        marks = []
        if seat == v.dealer:
            marks.append("dealer")
        if seat == v.bidder:
            marks.append(f"bid {v.bid}")
        elif v.phase == Phase.BID:
            calls = [a for s, a in v.auction if s == seat]
            if calls:
                last = calls[-1]
                marks.append("passed" if last == A.PASS else "redeal" if last == A.REDEAL else f"bid {last - A.BID}")
        if self.rules.mode == "call-partner" and seat != v.bidder and seat in v.known_partners:
            marks.append("partner")
        grey = "#c8e0d0"
        parts: list[tuple[str, str] | str] = [
            ((">> " if acting else "") + self.seating.name(seat), "bold #ffe070" if acting else "bold"), "\n",
            ("" if seat == self.human else self.players[seat], grey), "\n",
            (f"{v.hand_sizes[seat]} cards", grey), "\n",
            (f"{v.won[seat]} trick{'' if v.won[seat] == 1 else 's'}", grey), "\n",
            (", ".join(marks), grey), "\n",
        ]
        if card is not None:
            parts.append(tile(card))
            if winning:
                parts.append(("\n★ winning" if v.trick else "\n★ won it", "bold #ffe070"))
        elif acting:
            parts.append("…")
        return Content.assemble(*parts)

    def center_content(self, v: View, caption: list[str]) -> Content:
        r = self.rules
        m = self.match
        lines: list[tuple[str, str] | str] = []
        if m.is_over and m.winner is not None:
            lines.append((winner_line(self.seating, m.winner, m.totals), "bold #ffe070"))
            lines.append("\nn: new game   q: quit")
        elif self.pause is not None:
            for i, text in enumerate(result_lines(self.seating, self.pause)[:3]):
                lines.append((("\n" if i else "") + text, "bold" if i == 0 else ""))
            lines.append(("\nEnter: next hand", "#ffe070"))
        elif v.phase == Phase.BID:
            high = (f"High bid {v.high_bid} by {self.seating.name(v.high_bidder)}" if v.high_bidder >= 0
                    else f"Bidding opens at {r.min_bid}")
            lines.append(f"Auction · {high}\n{self.seating.subject(v.to_act, 'is', 'are')} to bid.")
        elif v.phase == Phase.NEST:
            lines.append(f"{self.seating.name(v.bidder)} won the bid at {v.bid}.\n")
            if v.nest is not None:
                lines.append("Nest: ")
                for c in sort_hand(r, list(v.nest)):
                    lines.append(tile(c))
                    lines.append(" ")
                lines.append("\n")
            if v.bidder != self.human:
                lines.append(f"{self.seating.name(v.bidder)} is busy with the nest ({v.step}).")
        else:
            lines.append("\n".join(caption) if caption else f"{self.seating.subject(v.to_act, 'leads', 'lead')}.")
        if self.show_last:
            lines.append(("\n\n" + review_text(self.seating, v), "#c8e0d0"))
        return Content.assemble(*lines)

    def auction_text(self, v: View) -> Content:
        if not v.auction:
            first = (v.dealer + 1) % self.rules.players
            return Content(f"No calls yet; {self.seating.name(first)} bids first.")
        lines = []
        for seat, a in v.auction:
            call = "pass" if a == A.PASS else "redeal" if a == A.REDEAL else str(a - A.BID)
            lines.append(f"{self.seating.name(seat):<8} {call}")
        if v.bidder >= 0:
            lines.append(f"{self.seating.name(v.bidder)} won the bid at {v.bid}; trump {trump_words(v.trump)}")
        return Content("\n".join(lines[-12:]))

    def pad_table(self) -> Table:
        """Every hand: bidder, bid, trump, what the bidding side took and made or set, each side's score
        and running total (with more than two sides, the running totals only, to fit)."""
        r = self.rules
        wide = r.num_sides <= 2
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1) if wide else (0, 1, 0, 0),
                      collapse_padding=True, show_edge=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("Bidder", no_wrap=True)
        table.add_column("Bid", justify="right", no_wrap=True)
        if wide:
            table.add_column("Tr", no_wrap=True)
        table.add_column("Result" if wide else "Took", no_wrap=True)
        for s in range(r.num_sides):
            table.add_column(self.seating.side_name(s) if wide else self.seating.short(s), justify="right",
                             no_wrap=True)
        for row in score_pad(r, self.match.hands):
            trump = COLOURS[row.trump] if row.trump >= 0 else "-"
            if row.bidder < 0:
                head = [str(row.number), "thrown", "in", *([""] if wide else []), ""]
            elif wide:
                head = [str(row.number), self.seating.name(row.bidder), str(row.bid), trump,
                        f"{row.taken} {'made' if row.made else 'SET'}"]
            else:
                head = [str(row.number), self.seating.short(row.bidder), f"{row.bid}{trump}",
                        f"{row.taken}{'✓' if row.made else '✗'}"]
            if wide:
                table.add_row(*head, *[f"{sc:+d}→{t}" for sc, t in zip(row.score, row.totals)])
            else:
                table.add_row(*head, *[str(t) for t in row.totals])
        return table

    def hand_content(self, v: View, finished: bool) -> Content:
        r = self.rules
        cards = sort_hand(r, list(v.hand), v.trump, v.low, v.bird_high)
        if not cards:
            return Content("(no cards)")
        choices = self.choices()
        keyed: dict[int, tuple[int, Choice]] = {}
        for i, ch in enumerate(choices):
            if ch.action < A.BURY:
                keyed[ch.action] = (i, ch)
            elif A.BURY <= ch.action < A.PARTNER:
                keyed[ch.action - A.BURY] = (i, ch)
        on_turn = bool(keyed)
        nest = v.nest if (v.bidder == self.human and v.phase == Phase.NEST and v.nest is not None) else None
        keys: list[tuple[str, str] | str] = []
        tiles: list[tuple[str, str] | str] = []
        marks: list[tuple[str, str] | str] = []
        prev_group = None
        t = r.play_tables(v.trump, v.low, v.bird_high) if v.trump >= 0 else None
        for c in cards:
            group = t.suit[c] if t is not None else (colour_of(c) if c < BIRD else 4)
            if prev_group is not None and group != prev_group:
                for part in (keys, tiles, marks):
                    part.append("  ")
            prev_group = group
            hit = keyed.get(c)
            if hit is not None:
                index, ch = hit
                click = f"@click=screen.pick({index})"
                cursor = index == self.cursor
                keys.append((f"[{ch.key}]".center(5) if cursor else f" {ch.key} ".center(5),
                             f"bold reverse {click}" if cursor else f"bold {click}"))
                tiles.append(tile(c, extra=click + (" underline" if cursor else "")))
            else:
                keys.append("     ")
                tiles.append(tile(c, solid=not on_turn))
            mark = ""
            if c in self.selected:
                mark = "bury"
            elif nest is not None and c in nest:
                mark = "nest"
            elif on_turn and hit is not None and v.phase == Phase.PLAY:
                mark = " ^ "
            marks.append((mark.center(5), "bold #ffe070" if mark == "bury" else "#c8e0d0"))
            for part in (keys, tiles, marks):
                part.append(" ")
        return Content.assemble(*keys, "\n", *tiles, "\n", *marks)

    def prompt_content(self) -> Content:
        m = self.match
        parts: list[tuple[str, str] | str] = []
        if m.is_over:
            parts.append(("Game over. ", "bold"))
            parts.append(("[n] New game", "bold @click=screen.new_game"))
            parts.append("   ")
            parts.append(("[q] Quit", "bold @click=app.quit"))
        elif self.pause is not None:
            parts.append(("Hand over. ", "bold"))
            parts.append(("[Enter] Next hand", "bold reverse @click=screen.continue"))
        elif not self.my_turn():
            v = self.view()
            who = self.seating.name(v.to_act) if v.to_act >= 0 else "?"
            parts.append(f"Waiting for {who}...")
        else:
            v = self.view()
            parts.append((step_prompt(v), "bold #ffe070"))
            if v.phase == Phase.PLAY:
                parts.append(": press a card's key, click it, or ←/→ and Enter. ^ marks the cards you may play.")
            elif v.step == "bury":
                left = self.rules.nest_size - v.buried_count
                chosen = " ".join(card_str(c) for c in self.selected) or "none"
                parts.append(f": pick {left} by key, click or space, then Enter.\n"
                             f"Selected ({len(self.selected)} of {left}): ")
                parts.append((chosen, "bold"))
                parts.append("   ")
                parts.append(("[Enter] Bury", "bold reverse @click=screen.bury"))
            else:
                parts.append(": ")
                for i, ch in enumerate(self.choices()):
                    style = f"bold @click=screen.pick({i})"
                    if i == self.cursor:
                        style += " reverse"
                    label = ch.label
                    if A.TRUMP <= ch.action < A.NO_TRUMP:
                        parts.append((f"[{ch.key}] ", style))
                        parts.append(swatch(ch.action - A.TRUMP, extra=style))
                        parts.append((f" {label}", style))
                    else:
                        parts.append((f"[{ch.key}] {label}" if ch.key else label, style))
                    parts.append("  ")
        if self.message:
            parts.append(("\n" + self.message, "#ffd0a0"))
        return Content.assemble(*parts)

    def action_bury(self) -> None:
        if self.bury_step():
            self.confirm_bury()


def swatch(colour: int, extra: str = "") -> tuple[str, str]:
    """A colour as a small tile with its letter: " R "."""
    fg, bg = TILE[COLOURS[colour]]
    return f" {COLOURS[colour]} ", f"bold {fg} on {bg} {extra}".strip()
