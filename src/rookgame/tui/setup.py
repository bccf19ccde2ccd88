"""The setup screen: the rules, the people and their seats, the computer's levels, the seed."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, Select, Static

from ..bots import REGISTRY
from ..rules import PRESETS, RulesError, RuleSet, load
from ..saves import CURRENT, SaveError, load_record, saved_games
from .help import HelpScreen
from .settings import HUMAN, Host, PeopleError, Settings, default_seats, parse_people, parse_seats


class SetupScreen(Screen[None]):
    """Before the first deal: the rules, who plays (you, or several people passing the screen), the
    computer's level."""

    CSS = """
    SetupScreen { align: center middle; background: #0f3d24; }
    #setup { width: 100%; max-width: 90; height: auto; max-height: 100%; border: round #6fae85; padding: 0 1;
             background: #092a18; }
    #form { grid-size: 2; grid-columns: 28 1fr; grid-rows: auto; grid-gutter: 0 1; height: auto; margin-top: 1; }
    #form Label { color: #f0f0f0; padding-top: 0; }
    #form Select, #form Input { width: 100%; }
    #buttons, #saved-games, #end { height: auto; }
    #buttons Button, #saved-games Button { margin-right: 2; }
    #saved-games Button { width: 100%; margin-right: 0; }
    #setup-error { color: #ff8080; height: auto; }
    #saved { color: #e0d080; height: auto; }
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
        form = VerticalScroll(id="setup")
        form.can_focus = False  # Tab goes from Start to the fields to Quit; a focused field scrolls into view
        with form:
            yield Static(Content.from_markup("[b]Rook[/b]: choose the game and the players, then Start (Enter). "
                                             "Tab moves between the fields; ? shows how to play."))
            with Horizontal(id="buttons"):  # first in the focus order: Start, then the saved games
                yield Button("Start", variant="success", id="start")
                if self._saved_path() is not None:
                    yield Button("Resume saved game", variant="primary", id="resume")
            yield Static("", id="setup-error", markup=False)
            yield Static(self._saved_text(), id="saved", markup=False)
            earlier = self._earlier_games()
            if earlier:
                with Vertical(id="saved-games"):
                    for i, (path, about) in enumerate(earlier):
                        button = Button(f"Resume {path.name}: {about}", id=f"earlier-{i}", compact=True)
                        button.tooltip = str(path)
                        yield button
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
            with Horizontal(id="end"):  # last in the focus order
                yield Button("Quit", variant="error", id="quit", compact=True)

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()
        self._say("")
        self.query_one("#saved", Static).display = bool(self._saved_text())
        self._sync_fields()

    def _say(self, text: str) -> None:
        """A problem with the form, under the Start button (nothing there when all is well)."""
        error = self.query_one("#setup-error", Static)
        error.update(text)
        error.display = bool(text)

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
                "Resume it, or Start a new game: you are asked first, and the saved one is then kept beside it "
                "under a name of its own, listed here to resume later.")

    def _earlier_games(self) -> list[tuple[Path, str]]:
        """The other games saved in the saves folder (kept aside when a new game started), newest first."""
        d = self.app.saves_dir if isinstance(self.app, Host) else None
        if d is None:
            return []
        out = []
        for p in saved_games(d):
            if p.name == CURRENT:
                continue
            try:
                rec = load_record(p)
            except SaveError:
                continue  # not a game to resume: rook play --resume says why
            label = rec["rules"].get("name") or rec["rules"].get("preset")
            out.append((p, f"{label}, {len(rec['hands'])} hand(s) started"))
        return out[:5]

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
        spec = self._current_spec()
        if not spec:
            self._say("Choose a preset or give the path of a house-rules file.")
            return
        try:
            rules = load(spec)
        except RulesError as e:
            self._say(f"Those rules cannot be played: {e}")
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            self._say(f"The seed is a whole number, not {seed_text!r}.")
            return
        try:
            names, seats = self.people(rules)
        except PeopleError as e:
            self._say(str(e))
            return
        partner = self.query_one("#partner", Select).value
        opponents = self.query_one("#opponents", Select).value
        several = len(names) > 1
        settings = Settings(spec, seats[0], str(partner), str(opponents), int(seed_text) if seed_text else None,
                            names if several else (), seats if several else ())
        self._say("")
        saved = self._saved_path()
        if saved is not None and not self.confirmed_new:
            # A new game never takes a saved game's place unasked.
            def answered(choice: str | None) -> None:
                if choice == "new":
                    self.confirmed_new = True
                    self._begin(settings, rules)
                elif choice == "resume":
                    self.resume()

            self.app.push_screen(ReplaceScreen(saved, self._saved_text()), answered)
            return
        self._begin(settings, rules)

    def _begin(self, settings: Settings, rules: RuleSet) -> None:
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
            self._say(f"Cannot resume: {e}")

    @on(Button.Pressed, "#saved-games Button")
    def resume_earlier(self, event: Button.Pressed) -> None:
        earlier = self._earlier_games()
        index = int((event.button.id or "earlier-0").removeprefix("earlier-"))
        if index >= len(earlier):
            return
        try:
            self._host().resume_saved(earlier[index][0])
        except SaveError as e:
            self._say(f"Cannot resume: {e}")

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.app.exit(0)

    def action_rules_help(self) -> None:
        rules = self._rules_or_none(self._current_spec()) or PRESETS["kentucky-discard"]
        self.app.push_screen(HelpScreen(rules))


class ReplaceScreen(ModalScreen[str | None]):
    """Start pressed while a game is saved: start a new game (the saved one is kept under a name of its own),
    resume the saved one, or go back.  Dismissed with "new", "resume" or None."""

    CSS = """
    ReplaceScreen { align: center middle; }
    #replace { width: 100%; max-width: 80; height: auto; border: round #e0d080; background: #092a18; padding: 0 1; }
    #replace-buttons { height: auto; margin-top: 1; }
    #replace-buttons Button { margin-right: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Back")]

    def __init__(self, saved: Path, about: str) -> None:
        super().__init__()
        self.saved = saved
        self.about = about

    def compose(self) -> ComposeResult:
        with Vertical(id="replace"):
            yield Static(f"A game is saved in {self.saved}. Start a new game? The saved game is not replaced: it "
                         "is kept beside it under a name of its own, listed on this screen to resume later "
                         "(or with rook play --resume FILE).", id="replace-text", markup=False)
            with Horizontal(id="replace-buttons"):
                yield Button("Start a new game", variant="success", id="new")
                yield Button("Resume the saved one", variant="primary", id="resume-saved")
                yield Button("Back", id="back")

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    @on(Button.Pressed, "#new")
    def new(self) -> None:
        self.dismiss("new")

    @on(Button.Pressed, "#resume-saved")
    def resume(self) -> None:
        self.dismiss("resume")

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.dismiss(None)
