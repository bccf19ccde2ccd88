"""The game screen: input and the flow of play on a :class:`~rookgame.table.Table`.

The screen asks the table whose turn it is, shows the person whose cards are on screen their
seat's view (drawn by :mod:`rookgame.tui.render`), and submits what they choose through
:meth:`Table.submit`.  A bot's turn is thought out by :meth:`Table.think` in a Textual thread
worker, never on the UI loop, and its answer is submitted back here on the loop; at a pace the
bots move on timers, one move each.  With several people at the screen (pass and play) the
turn passing to another person brings up a cover (:class:`~rookgame.tui.cover.CoverScreen`)
that hides the cards until that person presses Enter.  Autosave and keeping the finished game
are the table's end-of-hand and end-of-game hooks; what the screen says of a hand's end it
reads off the table's event stream.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static
from textual.worker import WorkerCancelled, WorkerFailed

from .. import actions as A
from ..bots.hints import ranked
from ..match import Match, PadRow, score_pad
from ..rules import NestStep, RuleSet
from ..saves import SaveSession, SaveWriteError
from ..state import Hand, IllegalAction, Phase
from ..table import Table, TableError, seat_from_name
from ..view import View, view_of
from ..words.catalog import decimal, fill, listed
from ..words.hints import hint_text
from ..words.play import review_text
from ..words.refusals import told
from ..words.results import recap_words, result_lines, thrown_in_words
from ..words.rules import rules_title
from ..words.saving import resume_command, saving, why_told
from ..words.screen import BINDINGS as KEY_WORDS
from ..words.screen import GAME, INFO
from ..words.seating import Seating
from . import render as R
from .bindings import show_bindings, translate_bindings
from .cover import CoverScreen
from .help import HelpScreen
from .render import Choice
from .saving import SaveProblemScreen
from .settings import Host, Settings

WIDE = 120  # from this many columns the auction and the score pad sit beside the table
TALL = 34  # from this many rows the table has its frame and the prompt grows with its text
PACE_STEP = 0.2
PACE_MAX = 5.0
AFTER_TRICK = 2.5  # a finished trick stays on the table a little longer before the next lead
SEEN_SECONDS = 4.0  # at a pace, a trick the bots took stays until a key, or this long (issue 25)


class GameScreen(Screen[None]):
    """The table: the view of the person whose cards show, their choices, the bots' moves."""

    AUTO_FOCUS = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", KEY_WORDS["hint"]),
        Binding("l", "last_trick", KEY_WORDS["last_trick"]),
        Binding("question_mark", "help", KEY_WORDS["help"]),
        Binding("s", "save_quit", KEY_WORDS["save_quit"]),
        Binding("plus", "pace(1)", KEY_WORDS["slower"]),
        Binding("minus", "pace(-1)", KEY_WORDS["faster"]),
        Binding("n", "new_game", KEY_WORDS["new_game"]),
        Binding("q", "app.quit", KEY_WORDS["quit"]),
    ]

    def __init__(self, settings: Settings, rules: RuleSet, players: list[str], *, match: Match | None = None,
                 saves_dir: Path | None = None, save_path: Path | None = None) -> None:
        super().__init__()
        translate_bindings(self)
        self.settings = settings
        self.rules = rules
        self.players = players  # as the record keeps them: a person's name, or a bot's
        self.table = Table(rules, [seat_from_name(p) for p in players], settings.seed, match=match,
                           on_hand_end=self._hand_ended, on_game_end=self._game_ended)
        self.match = self.table.match
        people = self.table.humans
        if not people:
            raise TableError("needs_person", names=", ".join(players))
        self.solo = len(people) == 1
        self.human = people[0] if self.solo else -1  # the seat the game is told from; -1: several people
        self.viewer = self.human  # whose cards are on screen; -1: nobody's yet
        self.covered: int | None = None  # the person the cover waits for
        self.seating = Seating(rules, self.human, tuple(players), tuple(people))
        self.narrator: int | None = self.human if self.solo else None
        self.heard = len(self.table.events(self.narrator))  # a resumed game's past is not told again
        self.resumed = match is not None
        # Where the game is saved and kept: the save session the line mode uses too.
        self.saves = SaveSession(self.match, players, saves_dir, save_path, resumed=save_path is not None)
        self.cursor = 0
        self.selected: list[int] = []  # cards picked to bury
        self.group: int | None = None  # the colour group a long partner call shows (see render.partner_group)
        self.show_last = False
        self.message = ""
        self.private = False  # the message is for the person whose cards show (a hint): it leaves with them
        self.pause: PadRow | None = None  # a hand just ended: its result is shown until Enter
        self.timer: Timer | None = None
        self.thinking = False  # a run of bot moves is under way
        # A trick the bots took, held on the table until the person has seen it (at a pace): the tricks of the
        # hand already seen, by (hand, tricks); whether one waits now, and how long it may.
        self.seen: tuple[int, int] = (0, 0)
        self.holding = False
        self.hold_timer: Timer | None = None
        self.seen_seconds = SEEN_SECONDS
        self.compact = False  # a small terminal: see fit()

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="info")
        with Horizontal(id="middle"):
            with Grid(id="table"):
                for r in range(3):
                    for c in range(3):
                        if (r, c) == R.CENTRE:
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

    async def on_mount(self) -> None:
        self.fit(self.app.size.width, self.app.size.height)
        self.query_one("#table").border_title = fill(INFO["title"], {"rules": rules_title(self.rules),
                                                                      "seed": str(self.match.seed)})
        self.query_one("#auction").border_title = fill(INFO["auction"], {})
        self.query_one("#pad-box").border_title = fill(INFO["score_pad"], {})
        if self.resumed and not self.match.is_over:  # where the hand stands: the bid, trump, the points so far
            v = self.table.view(self.seat_shown())
            self.message = fill(GAME["resumed"], {"recap": recap_words(self.seating, v, len(self.match.hands) + 1)})
        self.redraw()  # the table as dealt, while the first bot thinks
        await self.advance()

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size.width, event.size.height)
        self.call_after_refresh(self.redraw)  # the cells' heights are known once laid out
        self.redraw()

    def fit(self, width: int, height: int) -> None:
        """Lay the screen out for its size: below :data:`WIDE` columns or :data:`TALL` rows the auction and
        the score pad leave the side (the info line keeps the bid, trump and score), the table loses its
        frame and the seats their spare lines, so the hand, the trick and who is winning always show."""
        self.compact = width < WIDE or height < TALL
        self.set_class(self.compact, "compact")
        show_bindings(self, {"pace(1)", "pace(-1)", "new_game"}, not self.compact)  # the footer keeps to one line

    def cell_lines(self) -> int:
        """The height of a seat's cell on the table as laid out (8 before the first layout)."""
        height = self.query_one("#cell-0-0").size.height
        return height if height > 0 else 8

    # ------------------------------------------------------------------ what is on screen
    def app_host(self) -> Host | None:
        app = self.app
        return app if isinstance(app, Host) else None

    def app_pace(self) -> float:
        host = self.app_host()
        return host.pace if host is not None else 0.0

    def bottom(self) -> int:
        """The seat at the bottom of the table: the person's; with several people, the one whose cards show
        (or whom the cover waits for), so that the table turns to the person to act."""
        return self.human if self.solo else self.seat_shown()

    def seat_shown(self) -> int:
        """The seat whose view is drawn: the person whose cards show (under a cover, the one it waits for)."""
        if self.covered is not None:
            return self.covered
        return self.viewer if self.viewer >= 0 else self.table.humans[0]

    def hidden(self) -> bool:
        """No one's cards may show: the cover is up, or no person has had the screen yet."""
        return self.covered is not None or self.viewer < 0

    def shown_hand(self) -> tuple[View, bool]:
        """The view on screen: the hand just finished while its result is shown, else the current one."""
        m = self.match
        if (self.pause is not None or m.is_over) and m.hands:
            return view_of(m.hands[-1], self.seat_shown(), m.totals), True
        return self.table.view(self.seat_shown()), False

    def view(self) -> View:
        return self.table.view(self.seat_shown())

    def my_turn(self) -> bool:
        """The person whose cards show is to act (and may, with no cover, no hand's result in the way)."""
        return (self.pause is None and self.covered is None and self.viewer >= 0
                and self.table.to_act == self.viewer)

    def choices(self) -> list[Choice]:
        """The current choices, each one of ``view.legal`` (cards to play or bury in hand order)."""
        return R.choices_for(self.view(), self.group) if self.my_turn() else []

    # ------------------------------------------------------------------ the flow of play
    async def advance(self, due: bool = False) -> None:
        """Play on to what needs a person: the bots' turns (at once, or at a pace one per timer; ``due``: a
        timer fired), then a person's turn (behind the cover if the screen must change hands), a hand's
        result, or the game's end."""
        if not self.thinking and self.timer is None:
            self.thinking = True
            try:
                await self.play_bots(due)
            finally:
                self.thinking = False
            seat = self.table.to_act
            if (seat is not None and self.pause is None and self.table.is_human(seat) and seat != self.viewer
                    and self.covered is None):
                self.cover(seat)
        self.cursor = min(self.cursor, max(0, len(self.choices()) - 1))
        self.redraw()

    async def play_bots(self, due: bool) -> None:
        """The bots' moves until a person's turn, a hand's end or the game's; at a pace, one move per timer."""
        table = self.table
        while True:
            seat = table.to_act
            if seat is None or self.pause is not None or table.is_human(seat) or self.holding:
                return
            pace = self.app_pace()
            if self.trick_waits():
                self.hold()
                return
            if pace > 0 and not due:
                delay = pace * (AFTER_TRICK if (not table.hand.trick and table.hand.tricks) else 1.0)
                self.timer = self.set_timer(delay, self._timed_bot)
                return
            due = False
            action = await self.think(seat)
            if action is None or table.to_act != seat:
                return  # the screen is going, or the game moved on without this answer
            self.submit(seat, action)
            self.redraw()

    async def think(self, seat: int) -> int | None:
        """The bot's answer, thought out in a thread worker; None if the worker was cancelled (the screen or
        the app is closing).  The UI loop goes on drawing meanwhile; this screen's own keys wait their
        turn behind the move, so nothing is played while a bot thinks."""
        worker = self.run_worker(partial(self.table.think, seat), name=f"bot at seat {seat}", group="bots",
                                 thread=True, exit_on_error=False)
        try:
            return int(await worker.wait())
        except WorkerCancelled:
            return None
        except WorkerFailed as e:  # a bot that crashes: the error as it was raised, not the worker's wrapper
            raise e.error from None

    def trick_waits(self) -> bool:
        """At a pace, a trick the bots took lies on the table and a bot would lead the next one over it before the
        person has seen it (a trick the person finished, or one a person leads after, they have seen)."""
        hand = self.table.hand
        key = (len(self.match.hands), len(hand.tricks))
        return (self.app_pace() > 0 and hand.phase == Phase.PLAY and not hand.trick and key > self.seen
                and hand.to_act is not None and not self.table.is_human(hand.to_act))

    def mark_seen(self) -> None:
        self.seen = (len(self.match.hands), len(self.table.hand.tricks))

    def hold(self) -> None:
        """Keep the trick on the table until a key, or :attr:`seen_seconds`."""
        self.holding = True
        self.hold_timer = self.set_timer(self.seen_seconds, self._seen_enough)
        self.redraw()

    def _seen_enough(self) -> None:
        self.hold_timer = None
        if self.holding:
            self.call_later(self.release)

    async def release(self) -> None:
        """The person has seen the trick (a key, or the time passed): play on."""
        if self.hold_timer is not None:
            self.hold_timer.stop()
            self.hold_timer = None
        self.holding = False
        self.mark_seen()
        await self.advance()

    def _timed_bot(self) -> None:
        """A pace timer fired: the next bot moves, on the screen's own message queue."""
        self.timer = None
        self.call_later(self.advance, True)

    def submit(self, seat: int, action: int) -> bool:
        """Submit through the table; True if taken.  A person's refused move is said; a bot's is the table's
        error (:meth:`Table.submit_bot`)."""
        if not self.table.is_human(seat):
            self.table.submit_bot(seat, action)
        else:
            try:
                self.table.submit(seat, action)
            except IllegalAction as e:
                self.message = fill(GAME["not_allowed"], {"why": self.in_words(e)})
                self.private = False
                return False
        self.hear()
        return True

    def in_words(self, refusal: IllegalAction) -> str:
        """The engine's refusal told to the person at the screen ("you must follow red")."""
        return told(refusal.code, refusal.params, you=self.viewer, seat_name=self.seating.name)

    def refuse(self, action: int) -> None:
        """A key of a card that may not be chosen now: say why, in the engine's reason."""
        why = self.table.refusal(self.viewer, action) or IllegalAction("not_a_choice")
        self.message = fill(GAME["not_allowed"], {"why": self.in_words(why)})
        self.private = False
        self.redraw()

    def hear(self) -> None:
        """What the screen says of the events since it last looked: a hand's result, a hand thrown in."""
        events = self.table.events(self.narrator, self.heard)
        self.heard += len(events)
        redeal_by: int | None = None
        for e in events:
            if e["op"] == "Redeal":
                redeal_by = e["seat"]
            elif e["op"] == "ThrownIn":
                self.message = thrown_in_words(self.seating, e["hand"], e["dealer"], redeal_by)
                self.private = False
                redeal_by = None
            elif e["op"] == "Scored":
                self.pause = score_pad(self.rules, self.match.hands)[e["hand"] - 1]
                self.show_last = False

    def _hand_ended(self, table: Table, hand: Hand) -> None:
        self.hear()  # the hand's end on screen before any word about saving it
        self.autosave()

    def _game_ended(self, table: Table) -> None:
        if self.saves.keep_dir is not None:
            self.keep_game(self.saves.keep_dir)

    async def human_act(self, action: int) -> None:
        if not self.my_turn():
            return
        self.message = ""
        if self.submit(self.viewer, action):
            self.cursor = 0
            self.selected = []
            self.group = None
            if not self.table.hand.trick:
                self.mark_seen()  # the person put the last card on it: they have seen the trick
        await self.advance()

    async def continue_play(self) -> None:
        self.pause = None
        self.message = ""
        await self.advance()

    # ------------------------------------------------------------------ pass and play
    def cover(self, seat: int) -> None:
        """The screen goes to another person: cover the table until they say only they can see it."""
        self.covered = seat
        self.selected = []
        self.cursor = 0
        self.show_last = False
        if self.private:
            self.message = ""
        self.app.push_screen(CoverScreen(self.seating.name(seat), seat), lambda _: self.reveal(seat))

    def reveal(self, seat: int) -> None:
        self.covered = None
        self.viewer = seat
        self.redraw()

    # ------------------------------------------------------------------ keeping the game
    def keep_game(self, directory: Path) -> None:
        try:
            path = self.saves.keep_finished(directory)  # and this game's saves go: it lives on there
        except SaveWriteError as e:
            self.save_failed(e, "keep")
            return
        self.message = saving("kept_short", path=str(path))
        self.private = False

    def write_save(self, purpose: str) -> bool:
        """Save; on failure say so and offer another place (the game goes on)."""
        try:
            kept = self.saves.save()  # another game saved there is set aside under a name of its own first
        except SaveWriteError as e:
            self.save_failed(e, purpose)
            return False
        if kept is not None:
            self.message = saving("set_aside", path=str(kept), command=resume_command(kept, plain=False))
        return True

    def autosave(self) -> None:
        if self.saves.target is not None and not self.match.is_over:
            self.write_save("play")

    def save_and_quit(self) -> None:
        host = self.app_host()
        target = self.saves.target
        if self.match.is_over or target is None:
            self.app.exit(0)
            return
        if self.write_save("quit"):
            if host is not None:
                host.exit_message = saving("saved_resume", path=str(target),
                                           command=resume_command(target, plain=False))
            self.app.exit(0)

    def save_failed(self, error: SaveWriteError, purpose: str) -> None:
        self.message = saving("failed", path=str(error.path), why=why_told(error.code, error.params))
        self.private = False
        self.redraw()

        def chosen(place: Path | bool | None) -> None:
            host = self.app_host()
            if isinstance(place, Path):
                if purpose == "keep":
                    self.keep_game(place)
                    self.redraw()
                    return
                self.saves.move_to(place)  # later saves go there too
                if purpose == "quit":
                    self.save_and_quit()
                elif self.write_save(purpose):
                    self.message = saving("saved_there_now", path=str(place))
                self.redraw()
            elif place is True:
                if host is not None:
                    host.exit_message = saving("not_saved")
                self.app.exit(0)
            else:
                why = why_told(error.code, error.params)
                self.message = saving("not_kept_why" if purpose == "keep" else "failed_next_try", path=str(error.path),
                                      why=why)
                self.redraw()

        self.app.push_screen(SaveProblemScreen(error, purpose), chosen)

    # ------------------------------------------------------------------ keys and clicks
    async def on_key(self, event: Key) -> None:
        key = event.key
        ch = event.character or ""
        if self.holding and (key in ("enter", "space") or (ch and ch.isprintable() and key not in self.bound_keys())):
            event.stop()
            event.prevent_default()
            await self.release()  # any key: the trick has been seen
            return
        if key in ("left", "up", "right", "down", "home", "end", "enter", "space"):
            event.stop()
            event.prevent_default()
            await self.cursor_key(key)
            return
        if not ch or not ch.isprintable() or key in self.bound_keys():
            return  # a command's binding takes it
        event.stop()
        groups = R.partner_groups(self.view()) if self.my_turn() else []
        if ch in R.GROUP_KEYS and R.GROUP_KEYS.index(ch) in groups:  # a long partner call: show that colour
            self.show_group(R.GROUP_KEYS.index(ch))
            return
        for i, c in enumerate(self.choices()):
            if c.key == ch:
                await self.action_pick(i)
                return
        if self.my_turn():
            v = self.view()
            for card, k in R.card_keys(v).items():
                if k == ch:  # a card of the hand that may not be chosen now: say why
                    self.refuse(card if v.phase == Phase.PLAY else A.BURY + card)
                    return
        self.message = self.dead_key_words(ch)
        self.private = False
        self.redraw()

    def bound_keys(self) -> set[str]:
        """The keys of the screen's and the app's commands."""
        keys = {b.key for b in self.BINDINGS if isinstance(b, Binding)}
        keys |= {b.key for b in self.app.BINDINGS if isinstance(b, Binding)}
        return {k for key in keys for k in key.split(",")}

    def dead_key_words(self, ch: str) -> str:
        """What to say to a key that does nothing now: what the keys are."""
        commands = fill(GAME["commands_compact" if self.compact else "commands"], {})  # two lines at 80 columns
        key = repr(ch)
        if self.pause is not None:
            return fill(GAME["dead_pause"], {"key": key, "commands": commands})
        if self.match.is_over:
            return fill(GAME["dead_over"], {"key": key})
        if not self.my_turn():
            seat = self.table.to_act
            who = self.seating.name(seat) if seat is not None else "?"
            return fill(GAME["dead_wait"], {"key": key, "name": who, "commands": commands})
        keys = [c.key for c in self.choices() if c.key]
        v = self.view()
        if not keys:
            return fill(GAME["dead_keys"], {"key": key, "commands": commands})
        which = (fill(GAME["key_range"], {"first": keys[0], "last": keys[-1]}) if len(keys) > 6
                 else listed(keys, "unit"))
        groups = R.partner_groups(v)
        what = ("dead_keys_play" if v.phase == Phase.PLAY else "dead_keys_bury" if v.step == NestStep.BURY
                else "dead_keys_colours" if groups else "dead_keys_choices")
        colours = " ".join(R.GROUP_KEYS[g] for g in groups)
        return fill(GAME[what], {"key": key, "keys": which, "colours": colours, "commands": commands})

    async def cursor_key(self, key: str) -> None:
        if self.pause is not None:
            if key in ("enter", "space"):
                await self.continue_play()
            return
        choices = self.choices()
        if not choices:
            return
        shown = R.partner_group(self.view(), self.group)
        if shown is not None and key in ("up", "down"):  # a long partner call: ↑/↓ go through its colours
            groups = R.partner_groups(self.view())
            at = groups.index(shown)
            self.show_group(groups[(at + (1 if key == "down" else -1)) % len(groups)])
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
                await self.confirm_bury()
                return
            await self.action_pick(self.cursor)
            return
        self.redraw()

    def show_group(self, group: int) -> None:
        self.group = group
        self.cursor = 0
        self.message = ""
        self.redraw()

    def bury_step(self) -> bool:
        return self.my_turn() and self.view().step == NestStep.BURY

    async def action_pick(self, index: int) -> None:
        if self.pause is not None:
            await self.continue_play()
            return
        choices = self.choices()
        if not 0 <= index < len(choices):
            return
        self.cursor = index
        action = choices[index].action
        if self.bury_step():
            self.toggle(action - A.BURY)
            return
        await self.human_act(action)

    async def action_continue(self) -> None:
        if self.pause is not None:
            await self.continue_play()

    async def action_seen_it(self) -> None:
        if self.holding:
            await self.release()

    def toggle(self, card: int) -> None:
        v = self.view()
        left = self.rules.nest_size - v.buried_count
        self.message = ""  # a count or a hint of before this pick is stale now
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) < left:
            self.selected.append(card)
        else:
            self.message = fill(GAME["already_selected"], {"left": left})
            self.private = False
        self.redraw()

    async def confirm_bury(self) -> None:
        v = self.view()
        seat = self.viewer
        left = self.rules.nest_size - v.buried_count
        self.message = ""
        if len(self.selected) != left:
            more = left - len(self.selected)
            self.message = fill(GAME["pick_more"], {"more": more, "count": len(self.selected), "left": left})
            self.private = False
            self.redraw()
            return
        # Bury the non-counters first (the order matters only where burying counters is restricted);
        # try them on a copy of the hand first, so that a refused card leaves nothing half done.
        order = sorted(self.selected, key=lambda c: (self.rules.deck.points[c], c))
        trial = self.match.hand.copy()
        for c in order:
            why = trial.refusal(A.BURY + c, seat)
            if why is not None:
                self.message = fill(GAME["not_allowed"], {"why": self.in_words(why)})
                self.private = False
                self.redraw()
                return
            trial.apply_unchecked(A.BURY + c)
        self.selected = []
        for c in order:
            if not self.submit(seat, A.BURY + c):
                break
        self.cursor = 0
        await self.advance()

    async def action_bury(self) -> None:
        if self.bury_step():
            await self.confirm_bury()

    # ------------------------------------------------------------------ commands
    def action_hint(self) -> None:
        if not self.my_turn():
            self.message = fill(GAME["hints_your_turn"], {})
        else:
            view = self.view()
            self.message = hint_text(view, ranked(view), chosen=self.selected if self.bury_step() else ())
        self.private = True
        self.redraw()

    def action_last_trick(self) -> None:
        if self.pause is not None or self.match.is_over:  # the hand is over: its tricks are put away
            self.show_last = False
            self.message = fill(GAME["hand_over_review"], {})
            self.private = False
        elif self.compact and self.rules.review != "none":  # no room in the middle of the table: say it below
            shown = review_text(self.seating, self.shown_hand()[0])
            self.show_last = False
            self.message = "" if self.message == shown else shown
            self.private = False
        elif self.rules.review == "none":
            self.show_last = False
            self.message = review_text(self.seating, self.view())
            self.private = False
        else:
            self.show_last = not self.show_last
        self.redraw()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.rules))

    def action_save_quit(self) -> None:
        self.save_and_quit()

    def action_pace(self, direction: int) -> None:
        host = self.app_host()
        if host is None:
            return
        host.pace = round(min(PACE_MAX, max(0.0, host.pace + PACE_STEP * direction)), 2)
        self.message = fill(GAME["pace"], {"pace": decimal(host.pace, 1)})
        self.private = False
        self.redraw()

    def action_new_game(self) -> None:
        if not self.match.is_over:
            self.message = fill(GAME["new_game_later"], {})
            self.private = False
            self.redraw()
            return
        host = self.app_host()
        if host is not None:
            host.start_game(replace(self.settings, seed=None), self.rules)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        if not self.is_mounted:
            return
        v, finished = self.shown_hand()
        m = self.match
        seating = self.seating
        hidden = self.hidden()
        name = seating.name(self.covered) if self.covered is not None else ""
        number = len(m.hands) + (0 if (self.pause is not None or m.is_over) else 1)
        self.query_one("#info", Static).update(R.info_content(v, seating, number=number, pace=self.app_pace(),
                                                              shown=not hidden, compact=self.compact))
        acting = v.to_act if not finished and not m.is_over else -1
        lines = self.cell_lines()
        for cell, content in R.table_cells(v, seating, self.bottom(), acting=acting, lines=lines).items():
            self.query_one(f"#cell-{cell[0]}-{cell[1]}", Static).update(content)
        final = (m.winner, m.totals) if m.is_over and m.winner is not None else None
        center = self.query_one("#center", Static)
        center.update(R.center_content(
            v, seating, result=self.pause if not self.compact else None, final=final, show_last=self.show_last,
            covered_for=name if self.covered is not None else None, compact=self.compact,
            room=(center.size.width, center.size.height) if center.size.height else None))
        self.query_one("#auction", Static).update(R.auction_content(v, seating))
        self.query_one("#pad", Static).update(R.pad_table(seating, score_pad(self.rules, m.hands)))
        hand = self.query_one("#hand", Static)
        if hidden:
            hand.border_title = fill(GAME["hidden_title"], {})
            hand.update(fill(GAME["hidden_passed" if self.covered is not None else "hidden_turn"], {}))
        else:
            hand.border_title = (fill(GAME["your_hand"], {}) if self.solo
                                 else fill(GAME["hand_of"], {"name": seating.name(self.viewer)}))
            room = hand.content_size.width or self.app.size.width - 4
            hand.update(R.hand_content(v, self.choices(), cursor=self.cursor, selected=self.selected, width=room))
        message = self.message
        if self.compact and self.pause is not None:  # the table's middle is too small for the hand's result
            # the message first, so that it is never cut off at the bottom of the box; the result as fits
            message = "\n".join([*([message] if message else []), *result_lines(seating, self.pause)[:3]])
        self.query_one("#prompt", Static).update(R.prompt_content(
            self.view(), seating, self.prompt_state(), self.choices(), cursor=self.cursor, selected=self.selected,
            message=message, covered_for=name, group=self.group))

    def prompt_state(self) -> R.Prompt:
        if self.match.is_over:
            return "over"
        if self.pause is not None:
            return "pause"
        if self.covered is not None:
            return "cover"
        if self.holding:
            return "seen"
        return "turn" if self.my_turn() else "wait"
