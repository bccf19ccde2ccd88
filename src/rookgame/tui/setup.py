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
from ..words.catalog import Param, fill, level_name, listed
from ..words.rules import preset_name
from ..words.screen import BINDINGS as KEY_WORDS
from ..words.screen import SETUP
from .bindings import translate_bindings
from .help import HelpScreen
from .settings import HUMAN, Host, PeopleError, Settings, default_seats, parse_people, parse_seats


def say(key: str, **params: Param) -> str:
    """One of the setup screen's words (:data:`rookgame.words.screen.SETUP`)."""
    return fill(SETUP[key], params)


def _record_title(rec: dict[str, object]) -> str:
    rules = rec["rules"]
    assert isinstance(rules, dict)
    return str(rules.get("name") or preset_name(str(rules.get("preset"))))


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
        Binding("escape", "app.quit", KEY_WORDS["quit"]),
        Binding("question_mark", "rules_help", KEY_WORDS["rules"]),
    ]
    FILE = "(a house-rules file)"  # the preset list's value for a house-rules file (shown in words)

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        translate_bindings(self)
        self.settings = settings
        self.confirmed_new = False  # Start was pressed once with a game saved: the next press starts

    def compose(self) -> ComposeResult:
        s = self.settings
        spec = s.rules_spec
        known = spec.strip().lower() in PRESETS
        preset_value = spec.strip().lower() if known else self.FILE
        rules = self._rules_or_none(spec) or PRESETS["kentucky-discard"]
        bots = [(level_name(name), name) for name in REGISTRY]  # each level by its name, its identifier chosen
        several = len(s.people) > 1
        form = VerticalScroll(id="setup")
        form.can_focus = False  # Tab goes from Start to the fields to Quit; a focused field scrolls into view
        with form:
            yield Static(Content(say("intro")))
            with Horizontal(id="buttons"):  # first in the focus order: Start, then the saved games
                yield Button(say("start"), variant="success", id="start")
                if self._saved_path() is not None:
                    yield Button(say("resume"), variant="primary", id="resume")
            yield Static("", id="setup-error", markup=False)
            yield Static(self._saved_text(), id="saved", markup=False)
            earlier = self._earlier_games()
            if earlier:
                with Vertical(id="saved-games"):
                    for i, (path, about) in enumerate(earlier):
                        button = Button(say("resume_earlier", file=path.name, about=about), id=f"earlier-{i}",
                                        compact=True)
                        button.tooltip = str(path)
                        yield button
            with Grid(id="form"):
                yield Label(say("rules"))
                presets = [(f"{preset_name(name)} ({name})", name) for name in PRESETS]
                yield Select(presets + [(say("house_rules"), self.FILE)], value=preset_value,
                             allow_blank=False, id="preset", compact=True)
                yield Label(say("file"))
                yield Input(value="" if known else spec, placeholder=say("file_placeholder"), id="file", compact=True)
                yield Label(say("people"))
                yield Select(self._people_options(rules), value=min(max(1, len(s.people)), rules.players),
                             allow_blank=False, id="people", compact=True)
                yield Label(say("your_seat"), id="seat-label")
                yield Select(self._seat_options(rules), value=min(s.seat, rules.players - 1), allow_blank=False,
                             id="seat", compact=True)
                yield Label(say("names"))
                yield Input(value=", ".join(s.people) if several else "", placeholder=say("names_placeholder"),
                            id="names", compact=True)
                yield Label(say("seats"))
                yield Input(value=",".join(map(str, s.people_seats)) if several else "",
                            placeholder=say("seats_placeholder"), id="people-seats", compact=True)
                yield Label(say("partner"), id="partner-label")
                yield Select(bots, value=s.partner if s.partner in REGISTRY else "heuristic", allow_blank=False,
                             id="partner", compact=True)
                yield Label(say("opponents"), id="opponents-label")
                yield Select(bots, value=s.opponents if s.opponents in REGISTRY else "heuristic",
                             allow_blank=False, id="opponents", compact=True)
                yield Label(say("seed"))
                yield Input(value="" if s.seed is None else str(s.seed), placeholder=say("seed_placeholder"),
                            id="seed", compact=True)
            with Horizontal(id="end"):  # last in the focus order
                yield Button(say("quit"), variant="error", id="quit", compact=True)

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
            return say("saved_unreadable", why=e.words())
        return say("saved", rules=_record_title(rec), count=len(rec["hands"]), path=str(p))

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
            out.append((p, say("earlier", rules=_record_title(rec), count=len(rec["hands"]))))
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
            key = "seat_dealer" if s == 0 else "seat_first_bid" if s == 1 % rules.players else "seat"
            out.append((say(key, seat_number=s), s))
        return out

    @staticmethod
    def _people_options(rules: RuleSet) -> list[tuple[str, int]]:
        return [(say("one_person"), 1)] + [(say("several", count=n), n) for n in range(2, rules.players + 1)]

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
        several = self._count() > 1
        self.query_one("#seat", Select).disabled = several  # several people: their seats are typed
        self.query_one("#names", Input).disabled = not several
        self.query_one("#people-seats", Input).disabled = not several
        partner = self.query_one("#partner", Select)
        partner.disabled = rules is not None and rules.mode != "partners"
        # With several people nobody is "you": the labels name them (issue 25).
        seat_label, partner_label, opponents_label = say("your_seat"), say("partner"), say("opponents")
        if several and rules is not None:
            names, seats = self._people_guess(rules)
            seat_label = say("seats_typed")
            if rules.mode == "partners":
                sides = {rules.side_of(s) for s in seats}
                partnered = [n for n, s in zip(names, seats) if (s + rules.players // 2) % rules.players not in seats]
                if not partnered:
                    partner_label = say("no_bot_partner")
                    partner.disabled = True
                elif len(partnered) == 1:
                    partner_label = say("partners_of", names=partnered[0])
                else:
                    partner_label = say("partners_of_several", names=listed(partnered))
                opponents_label = say("opponents") if len(sides) == 1 else say("bots_play")
            else:
                opponents_label = say("bots_play")
        self.query_one("#seat-label", Label).update(seat_label)
        self.query_one("#partner-label", Label).update(partner_label)
        self.query_one("#opponents-label", Label).update(opponents_label)

    def _people_guess(self, rules: RuleSet) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The people's names and seats as the form reads so far (the usual ones where it does not read yet)."""
        count = min(self._count(), rules.players)
        try:
            names = parse_people(self.query_one("#names", Input).value.strip() or str(count), rules.players)
        except PeopleError:
            names = parse_people(str(count), rules.players)
        if len(names) != count:
            names = parse_people(str(count), rules.players)
        seats_text = self.query_one("#people-seats", Input).value.strip()
        try:
            seats = parse_seats(seats_text, rules, count) if seats_text else default_seats(rules, count)
        except PeopleError:
            seats = default_seats(rules, count)
        return names, seats

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
    @on(Input.Changed, "#names")
    @on(Input.Changed, "#people-seats")
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
        names = parse_people(text or str(count), rules.players, "names")
        if len(names) != count:
            raise PeopleError("names_count", count=count, given=len(names))
        seats_text = self.query_one("#people-seats", Input).value.strip()
        seats = parse_seats(seats_text, rules, count, "seats") if seats_text else default_seats(rules, count)
        return names, seats

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.start()

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        spec = self._current_spec()
        if not spec:
            self._say(say("choose_rules"))
            return
        try:
            rules = load(spec)
        except RulesError as e:
            self._say(say("cannot_play", why=e.words()))
            return
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            self._say(say("seed_whole", said=repr(seed_text)))
            return
        try:
            names, seats = self.people(rules)
        except PeopleError as e:
            self._say(e.words())
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
            self._say(say("cannot_resume", why=e.words()))

    @on(Button.Pressed, "#saved-games Button")
    def resume_earlier(self, event: Button.Pressed) -> None:
        earlier = self._earlier_games()
        index = int((event.button.id or "earlier-0").removeprefix("earlier-"))
        if index >= len(earlier):
            return
        try:
            self._host().resume_saved(earlier[index][0])
        except SaveError as e:
            self._say(say("cannot_resume", why=e.words()))

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
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", KEY_WORDS["back"])]

    def __init__(self, saved: Path, about: str) -> None:
        super().__init__()
        translate_bindings(self)
        self.saved = saved
        self.about = about

    def compose(self) -> ComposeResult:
        with Vertical(id="replace"):
            yield Static(say("replace", path=str(self.saved)), id="replace-text", markup=False)
            with Horizontal(id="replace-buttons"):
                yield Button(say("replace_new"), variant="success", id="new")
                yield Button(say("replace_resume"), variant="primary", id="resume-saved")
                yield Button(say("back"), id="back")

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
