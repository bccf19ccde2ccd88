"""The setup screen: the rules, the people and their seats, the computer's levels, the seed."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from ..bots import REGISTRY
from ..rules import PRESETS, RulesError, RuleSet, load
from ..saves import CURRENT, SaveError, load_record
from .help import HelpScreen
from .settings import HUMAN, Host, PeopleError, Settings, default_seats, parse_people, parse_seats


class SetupScreen(Screen[None]):
    """Before the first deal: the rules, who plays (you, or several people passing the screen), the
    computer's level."""

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
        self.confirmed_new = False  # Start was pressed once with a game saved: the next press starts

    def compose(self) -> ComposeResult:
        s = self.settings
        spec = s.rules_spec
        known = spec.strip().lower() in PRESETS
        preset_value = spec.strip().lower() if known else self.FILE
        rules = self._rules_or_none(spec) or PRESETS["kentucky-discard"]
        bots = [(name, name) for name in REGISTRY]
        several = len(s.people) > 1
        with Vertical(id="setup"):
            yield Static(Content.from_markup("[b]Rook[/b]: choose the game and the players, then Start (Enter). "
                                             "Tab moves between the fields; ? shows the rules."))
            with Grid(id="form"):
                yield Label("Rules (a preset)")
                yield Select([(name, name) for name in PRESETS] + [(self.FILE, self.FILE)], value=preset_value,
                             allow_blank=False, id="preset", compact=True)
                yield Label("... or a house-rules file")
                yield Input(value="" if known else spec, placeholder="path/to/rules.toml", id="file", compact=True)
                yield Label("People at this screen")
                yield Select(self._people_options(rules), value=min(max(1, len(s.people)), rules.players),
                             allow_blank=False, id="people", compact=True)
                yield Label("Your seat")
                yield Select(self._seat_options(rules), value=min(s.seat, rules.players - 1), allow_blank=False,
                             id="seat", compact=True)
                yield Label("Their names (pass and play)")
                yield Input(value=", ".join(s.people) if several else "", placeholder="Ann, Bo (empty: Player 1 ...)",
                            id="names", compact=True)
                yield Label("Their seats")
                yield Input(value=",".join(map(str, s.people_seats)) if several else "",
                            placeholder="0,2 (empty: partners sit together)", id="people-seats", compact=True)
                yield Label("Your partner plays")
                yield Select(bots, value=s.partner if s.partner in REGISTRY else "heuristic", allow_blank=False,
                             id="partner", compact=True)
                yield Label("The opponents play")
                yield Select(bots, value=s.opponents if s.opponents in REGISTRY else "heuristic",
                             allow_blank=False, id="opponents", compact=True)
                yield Label("Seed (empty: random)")
                yield Input(value="" if s.seed is None else str(s.seed), placeholder="random: a new deal each game",
                            id="seed", compact=True)
            yield Static(self._saved_text(), id="saved", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Start", variant="success", id="start")
                if self._saved_path() is not None:
                    yield Button("Resume saved game", variant="primary", id="resume")
                yield Button("Quit", variant="error", id="quit")
            yield Static("", id="setup-error", markup=False)

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()
        self._sync_fields()

    def _host(self) -> Host:
        app = self.app
        assert isinstance(app, Host)
        return app

    def _saved_path(self) -> Path | None:
        d = self.app.saves_dir if isinstance(self.app, Host) else None
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
                "Resume it, or Start a new game: the saved one is then kept beside it under a name of its own, "
                "to resume later with rook play --resume.")

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

    @staticmethod
    def _people_options(rules: RuleSet) -> list[tuple[str, int]]:
        return [("1: you against the computer", 1)] + [
            (f"{n}: pass and play, {n} people", n) for n in range(2, rules.players + 1)]

    def _current_spec(self) -> str:
        value = self.query_one("#preset", Select).value
        path = self.query_one("#file", Input).value.strip()
        if value == self.FILE or (path and value == self.FILE):
            return path
        return str(value)

    def _count(self) -> int:
        value = self.query_one("#people", Select).value
        return value if isinstance(value, int) else 1

    def _sync_fields(self) -> None:
        rules = self._rules_or_none(self._current_spec())
        self.query_one("#partner", Select).disabled = rules is not None and rules.mode != "partners"
        several = self._count() > 1
        self.query_one("#seat", Select).disabled = several  # several people: their seats are typed
        self.query_one("#names", Input).disabled = not several
        self.query_one("#people-seats", Input).disabled = not several

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

    @on(Select.Changed, "#people")
    def _people_changed(self) -> None:
        self._sync_fields()

    def _rules_changed(self) -> None:
        rules = self._rules_or_none(self._current_spec())
        if rules is None:
            return
        seat = self.query_one("#seat", Select)
        current = seat.value if isinstance(seat.value, int) else 0
        seat.set_options(self._seat_options(rules))
        seat.value = min(current, rules.players - 1)
        people = self.query_one("#people", Select)
        count = self._count()
        people.set_options(self._people_options(rules))
        people.value = min(count, rules.players)
        self._sync_fields()

    def people(self, rules: RuleSet) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The people's names and seats as the form gives them; :class:`PeopleError` says what is wrong."""
        count = self._count()
        if count == 1:
            seat = self.query_one("#seat", Select).value
            return (HUMAN,), (seat if isinstance(seat, int) else 0,)
        text = self.query_one("#names", Input).value.strip()
        names = parse_people(text or str(count), rules.players, "Names")
        if len(names) != count:
            raise PeopleError(f"{count} people chosen, but {len(names)} name(s) given: one name per person")
        seats_text = self.query_one("#people-seats", Input).value.strip()
        seats = parse_seats(seats_text, rules, count, "Seats") if seats_text else default_seats(rules, count)
        return names, seats

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
        try:
            names, seats = self.people(rules)
        except PeopleError as e:
            error.update(str(e))
            return
        partner = self.query_one("#partner", Select).value
        opponents = self.query_one("#opponents", Select).value
        several = len(names) > 1
        saved = self._saved_path()
        if saved is not None and not self.confirmed_new:
            # A new game never takes a saved game's place unasked: the first Start asks, the second starts.
            self.confirmed_new = True
            error.update(f"A game is saved in {saved}. Press Start again for a new game: the saved one is then "
                         "kept beside it under a name of its own (rook play --resume that file), or choose Resume.")
            return
        settings = Settings(spec, seats[0], str(partner), str(opponents), int(seed_text) if seed_text else None,
                            names if several else (), seats if several else ())
        error.update("")
        app = self._host()
        app.settings = settings
        app.start_game(settings, rules)

    @on(Button.Pressed, "#resume")
    def resume(self) -> None:
        path = self._saved_path()
        if path is None:
            return
        try:
            self._host().resume_saved(path)
        except SaveError as e:
            self.query_one("#setup-error", Static).update(f"Cannot resume: {e}")

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.app.exit(0)

    def action_rules_help(self) -> None:
        rules = self._rules_or_none(self._current_spec()) or PRESETS["kentucky-discard"]
        self.app.push_screen(HelpScreen(rules))
