"""``rook play --plain``: the game as lines of text, for screen readers and scripts.

Every event is one line: the deal (your hand), each bid, the nest, trump, each card
played and by whom, the winner of each trick, the score of the hand and the totals.
When it is your turn a prompt names the legal choices in words and one line is read
from the input.  Illegal input is refused with the engine's reason and asked again.

With a saves directory the game is saved after every hand, at the end of the input, on
'quit', and (with ``handle_signals``, as ``rook play`` does) on SIGTERM or SIGHUP; a
finished game is kept in ``finished.jsonl``.  A save that fails never ends the game: the
line says where it could not go and why, and another folder can be named.
"""

from __future__ import annotations

import contextlib
import random
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, Protocol, TextIO

from . import actions as A
from . import log as L
from .actions import ActionError
from .bots import Player
from .bots.hints import ranked
from .cards import COLOURS, CardError, parse_cards
from .kernel import trick_plays
from .match import Match, score_pad
from .rules import NestStep, RuleSet
from .saves import HUMAN, SaveSession, SaveWriteError
from .state import Hand, IllegalAction, Phase
from .table import Bot, Human, Seat, Table, TableError
from .view import View, winning_so_far
from .words.cards import hand_by_colour, sort_hand
from .words.catalog import Param
from .words.hints import hint_text
from .words.lines import LINES, command_of, help_words, save_word
from .words.play import (
    EVENTS,
    choices_words,
    event_line,
    not_understood,
    parse_choice,
    partner_known_words,
    plays_words,
    review_text,
    scores_words,
    shown_buried_words,
    step_prompt,
    too_long,
)
from .words.refusals import told
from .words.results import nest_and_burial, recap_words, result_lines, thrown_in_words, winner_line
from .words.rules import how_to_play_text, rules_title
from .words.saving import resume_command, saving, why_told
from .words.seating import Seating

__all__ = ["LineSource", "PlainGame", "help_words", "play_plain", "play_seats", "seats_of"]
MAX_ANSWER = 1000  # characters of one line of input: every answer is far shorter
OUTPUT_CLOSED = "output closed"  # why the game stops when the terminal or the pipe is gone (else a signal's name)


class _Interrupted(Exception):
    """A signal arrived while the game waited for an answer."""


class LineSource(Protocol):
    """Where answers come from: standard input, a file, or a script's own object."""

    def readline(self, size: int = -1, /) -> str: ...


class PlainGame:
    """The line-mode loop on a :class:`~rookgame.table.Table`; see :func:`play_table`.

    With one person the game is told from that seat ("You bid 80").  With several people
    on one screen (pass-and-play) it is told as the whole table sees it, by name, and each
    person's cards are shown only after the screen was handed to that person."""

    def __init__(self, table: Table, inp: LineSource, out: TextIO, saves: SaveSession | None = None,
                 resumed: bool = False) -> None:
        self.table = table
        self.match = table.match
        self.rules = table.rules
        self.names = table.names
        people = table.humans
        if not people:
            raise TableError("needs_person", names=", ".join(table.names))
        self.solo = len(people) == 1
        self.human = people[0] if self.solo else -1  # the seat the game is told from; -1: the whole table
        self.narrator: int | None = self.human if self.solo else None
        self.seating = Seating(self.rules, self.human, tuple(self.names), tuple(people))
        self.viewer = self.human  # the person whose cards may be on screen now
        self.inp = inp
        self.out = out
        self.saves = saves if saves is not None else SaveSession(table.match, list(table.names))
        self.heard = 0  # events told so far
        self.bidder = -1  # of the hand being told (its WinBid event)
        self.tricks_told = 0  # tricks of the hand being told
        self.hidden_buries = 0
        self.seen_buries: list[str] = []  # the cards buried, where the narrator may see them
        # the hand's nest, burial and buried trumps shown, as the narrator may see them: said with its result
        self.hand_nest: list[str] = []
        self.hand_buried: list[str] = []
        self.hand_shown: list[str] = []
        self.dealt: list[str] = []  # the narrator's cards as dealt in the hand being told
        self.called: list[str] = []  # the partner cards called in the hand being told
        self.redeal_by: int | None = None  # who called for a redeal in the hand being told
        self.resumed = resumed
        self.handle_signals = False
        self.stopping: str | None = None  # why the game must stop now: a signal, or the output gone
        self.reading = False
        self.ended = False  # the input is at its end: nothing more can be asked
        self.answered = False  # a person has made a move in this game
        isatty = getattr(inp, "isatty", None)
        self.interactive = bool(isatty()) if callable(isatty) else False

    def say(self, text: str) -> None:
        self.write(text + "\n")

    def line(self, key: str, **params: Param) -> str:
        """One of the line mode's sentences (:data:`rookgame.words.lines.LINES`), told from the narrator's seat."""
        return self.seating.tell(LINES[key], **params)

    def write(self, text: str) -> None:
        try:
            self.out.write(text)
            self.out.flush()
        except OSError:  # the terminal or the pipe is gone: nobody to play with, so save and stop
            self.stopping = self.stopping or OUTPUT_CLOSED

    def read(self) -> str:
        """One line of input; "" at its end, on Ctrl-C or a signal, or when the terminal is gone.  A line of
        over :data:`MAX_ANSWER` characters is read to its end and dropped, unkept, and the next one read."""
        try:
            try:
                self.reading = True
                while True:
                    line = "" if self.stopping else self.inp.readline(MAX_ANSWER + 1)
                    if len(line) <= MAX_ANSWER or line.endswith("\n"):
                        break
                    while (rest := self.inp.readline(65536)) and not rest.endswith("\n"):
                        pass  # the rest of the line, a piece at a time: never all of it in memory
                    self.say(too_long(MAX_ANSWER))
                    if not rest:
                        line = ""
                        break
            finally:
                self.reading = False
        except (KeyboardInterrupt, _Interrupted, OSError):
            self.reading = False
            line = ""
        if not line:
            self.ended = True
        return line

    def view(self, seat: int | None = None) -> View:
        return self.table.view(self.viewer if seat is None else seat)

    # ------------------------------------------------------------------ the loop
    def run(self) -> Match:
        with self.signals():
            return self.play()

    @contextlib.contextmanager
    def signals(self) -> Iterator[None]:
        """SIGTERM and SIGHUP (a closed terminal) save the game and stop, instead of losing it."""
        if not self.handle_signals or threading.current_thread() is not threading.main_thread():
            yield
            return
        wanted = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
        before = {sig: signal.signal(sig, self.on_signal) for sig in wanted}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = signal.Signals(signum).name
        if self.reading:  # waiting for an answer: stop waiting (elsewhere the loop stops at the next move)
            raise _Interrupted

    def play(self) -> Match:
        table = self.table
        m = self.match
        r = self.rules
        intro = {"partners": "intro_partners", "individual": "intro_individual"}.get(r.mode, "intro_call_partner")
        self.say(self.line(intro, rules=rules_title(r), players=r.players, goal=r.goal, seed=str(m.seed)))
        self.say(self.line("seats", seats="; ".join(self.seating.long_name(s) for s in range(r.players))))
        if r.mode == "partners" and r.players == 4 and self.solo:
            self.say(self.line("your_partner", name=self.seating.name((self.human + 2) % 4)))
        if not self.solo:
            self.say(self.line("pass_and_play"))
        self.say(self.line("type_help"))
        if not self.note_replaced_save():
            return m
        if self.resumed:  # tell the hand in play again from its deal, then where it stands
            self.heard = len(table.events(self.narrator)) - len(L.public_operations(m.hand, self.narrator))
            if m.hands and not m.hand.history:
                self.say("")
                self.say(self.line("game_so_far"))
                for line in result_lines(self.seating, score_pad(self.rules, m.hands)[-1]):
                    self.say(line)
            elif m.hand.history:
                self.say("")
                self.say(self.line("hand_so_far"))
        self.tell()
        if self.resumed and not m.is_over:
            seat = self.viewer if self.viewer >= 0 else (self.human if self.human >= 0 else m.hand.to_act)
            self.say(self.line("resumed", recap=recap_words(self.seating, self.view(seat), len(m.hands) + 1)))
        while not m.is_over:
            if self.stopping:
                self.leave()
                return m
            seat = m.hand.to_act
            if table.is_human(seat):
                if not self.hand_to(seat):
                    if self.leave():
                        return m
                    continue
                actions = self.ask(seat)
                if actions is None:
                    if self.leave():
                        return m
                    continue
            else:
                actions = [table.think(seat)]
            for action in actions:
                try:
                    table.submit(seat, action)
                except IllegalAction as e:  # a bot that breaks the rules: say so and stop
                    raise RuntimeError(f"{self.names[seat]} at seat {seat} chose an illegal action: {e}") from None
                self.tell()
        self.finish()
        return m

    def totals_text(self) -> str:
        return scores_words(self.seating, self.match.totals)

    # ------------------------------------------------------------------ telling what happens
    def tell(self) -> None:
        """Say every new event of the game, as the narrator's seat may know it."""
        events = self.table.events(self.narrator, self.heard)
        self.heard += len(events)
        for e in events:
            self.tell_one(e)

    def tell_one(self, e: dict[str, Any]) -> None:
        op = e["op"]
        sn = self.seating
        seat = e.get("seat", -1)
        if op == "Bury" and e["card"] is None:
            self.hidden_buries += 1  # another seat's burial: the table learns only that a card went
            return
        if op == "Bury":
            self.seen_buries.append(e["card"])  # said in one line once the next event comes
            self.hand_buried.append(e["card"])
            return
        self.flush_buries()
        if op == "Deal":
            self.tricks_told = 0
            self.hand_nest, self.hand_buried, self.hand_shown = list(e.get("nest") or []), [], []
            self.called = []
            self.dealt = list(e["hands"][self.narrator]) if self.narrator is not None else []
            self.say("")
            self.say(self.line("deal", number=e["hand"], dealer=e["dealer"], totals=self.totals_text()))
            mine = e["hands"][self.narrator] if self.narrator is not None else None
            if mine is not None:
                self.say(self.line("your_deal", count=len(mine), cards=hand_by_colour(self.rules, parse_cards(mine))))
        elif op == "WinBid":
            self.bidder = seat
            self.say(self.line("wins_bid", seat=seat, bid=e["value"]))
        elif op == "TakeNest":
            if e["cards"] is not None:
                self.hand_nest = list(e["cards"])
            if e["cards"] is not None and self.rules.nest_size:
                self.say(self.line("nest", cards=hand_by_colour(self.rules, parse_cards(e["cards"]))))
                if seat == self.narrator:  # the hand as it was then: the deal and the nest
                    now = hand_by_colour(self.rules, parse_cards(self.dealt + list(e["cards"])))
                    self.say(self.line("take_nest", cards=now))
        elif op == "ShowBuried":  # show_buried_trump: the buried trumps face up for the table, or none
            self.hand_shown = list(e["cards"])
            self.say(shown_buried_words(sn, seat, parse_cards(e["cards"])))
        elif op == "AnnounceNest":
            self.say(self.line("nest_points" if e["points"] else "nest_no_points", seat=seat))
        elif op == "StartPlay":
            if e["trump"] >= 0:
                self.say(self.line("start_play", trump=e["trump"], seat=seat))
            else:
                self.say(self.line("start_no_trump", seat=seat))
        elif op == "TrickWon":
            cards = parse_cards(e["cards"])
            best = (seat - e["leader"]) % self.rules.players
            self.tricks_told += 1
            self.say(self.line("trick_won", seat=seat, number=self.tricks_told, card=cards[best],
                               points=e["points"]))
        elif op == "Scored":
            row = score_pad(self.rules, self.match.hands)[e["hand"] - 1]
            for line in result_lines(sn, row):
                self.say(line)
            for line in nest_and_burial(sn, row.bidder, parse_cards(self.hand_nest), parse_cards(self.hand_buried),
                                        parse_cards(self.hand_shown)):
                self.say(line)
        elif op == "ThrownIn":
            self.say(thrown_in_words(sn, e["hand"], e["dealer"], self.redeal_by))
            self.redeal_by = None
        else:
            if op == "Redeal":
                self.redeal_by = seat
            action = L.action_of(L.operation_from_json(e))
            if action is not None:
                self.say(event_line(sn, seat, action))
            if op == "CallPartner":
                self.called.append(e["card"])
            elif op == "Play" and e["card"] in self.called:  # a called card falls: its holder is known now
                self.say(partner_known_words(sn, seat, parse_cards(e["card"])[0], self.bidder))

    def flush_buries(self) -> None:
        """Say how many cards the bidder buried unseen, once the next event comes."""
        if self.hidden_buries:
            n = self.hidden_buries
            self.hidden_buries = 0
            self.say(self.line("buries_unseen", seat=self.bidder, count=n))
        if self.seen_buries:
            cards = " ".join(self.seen_buries)
            self.seen_buries = []
            self.say(self.line("buries", seat=self.bidder, cards=cards))

    # ------------------------------------------------------------------ a person's turn
    def hand_to(self, seat: int) -> bool:
        """Pass-and-play: before a person's cards are shown, the screen goes to that person.  False: no answer."""
        if self.solo or self.viewer == seat:
            return True
        if self.interactive:
            self.write("\x1b[H\x1b[2J\x1b[3J")  # the last person's cards leave the screen and its scroll-back
        self.viewer = -1
        name = self.seating.name(seat)
        self.write(self.line("pass_to", name=name, seat_number=seat))
        line = self.read()
        if not line:
            self.say("")
            return False
        if not self.interactive:
            self.write("\n")
        self.viewer = seat
        v = self.view()
        self.say(self.line("hand_of", name=name, cards=hand_by_colour(self.rules, list(v.hand), v.trump)))
        if v.nest is not None and v.bidder == seat and v.phase == Phase.NEST:
            self.say(self.line("nest_was", cards=hand_by_colour(self.rules, list(v.nest))))
        return True

    def ask(self, seat: int) -> list[int] | None:
        """Legal actions read from one line of the input (several cards to bury, else one action);
        None at the end of the input or on 'quit'."""
        self.flush_buries()  # the cards just buried, before the next question
        self.viewer = seat
        v = self.view()
        self.context(v)
        while True:
            self.write(self.line("ask", prompt=step_prompt(v), choices=choices_words(v)))
            line = self.read()
            if not line:
                self.say("")
                return None
            if not self.interactive:
                self.write(line.rstrip("\r\n") + "\n")  # scripts: show the answer after its prompt
            text = line.strip()
            word = text.lower()
            command = command_of(word)
            head, _, rest = text.partition(" ")
            if command in ("quit", "save"):
                return None
            if rest.strip() and head.lower() in save_word():
                self.save_elsewhere(rest.strip())
                continue
            if command == "help":
                self.say(help_words(self.rules))
                continue
            if command == "rules":
                self.say(how_to_play_text(self.rules))
                continue
            if command == "hint":
                self.say(hint_text(v, ranked(v)))
                continue
            if command == "hand":
                self.say(self.line("your_hand", cards=hand_by_colour(self.rules, list(v.hand), v.trump)))
                continue
            if command == "last":
                self.say(review_text(self.seating, v))
                continue
            if command == "score":
                self.say(self.line("totals", scores=self.totals_text()))
                continue
            if v.phase == Phase.NEST and v.step == NestStep.BURY:
                tokens = text.replace(",", " ").split()
                if tokens and tokens[0].lower() == "bury":  # "bury B5 R10" as well as "B5 R10"
                    tokens = tokens[1:]
                if len(tokens) > 1:
                    buried = self.buries(seat, v, " ".join(tokens))
                    if buried is not None:
                        return buried
                    continue
            try:
                action = parse_choice(text, v)
            except ActionError:
                self.say(self.not_understood(text, v))
                continue
            if action in v.legal:
                self.answered = True
                if A.BURY <= action < A.PARTNER and not self.solo:
                    self.say(self.seating.tell(EVENTS["bury"], seat=seat, card=action - A.BURY))
                return [action]
            if action >= A.NUM_ACTIONS:  # a bid past the action space: say it in the rules' terms
                refusal = IllegalAction("bid_above_max", bid=action - A.BID, max=self.rules.effective_max_bid)
            else:
                refusal = self.table.refusal(seat, action) or IllegalAction("not_a_choice")
            self.say(self.line("not_allowed", why=self.in_words(refusal)))

    def not_understood(self, text: str, v: View) -> str:
        """Words that name no choice: a card mistyped is said as such, else this decision's choices."""
        token = text.strip()
        if " " not in token and len(token) >= 2 and token[0].upper() in COLOURS and token[1:].isdigit():
            return self.line("not_a_card", said=repr(token))
        return self.line("not_understood", why=not_understood(text, v))

    def in_words(self, refusal: IllegalAction) -> str:
        """The engine's refusal told to the person answering: "you" for their own seat, the others by name."""
        return told(refusal.code, refusal.params, you=self.viewer, seat_name=self.seating.name)

    def buries(self, seat: int, v: View, text: str) -> list[int] | None:
        """Several cards to bury on one line ("B5 R10 G1"), tried together on a copy of the hand so that a
        refused card buries none of them; None (and the reason said) if they cannot all go."""
        left = self.rules.nest_size - v.buried_count
        try:
            cards = parse_cards(text.replace(",", " "))
        except (CardError, ValueError):
            allowed = [a - A.BURY for a in v.legal if A.BURY <= a < A.PARTNER]
            self.say(self.line("bury_not_cards", said=repr(text), cards=sort_hand(self.rules, allowed, v.trump)[:3]))
            return None
        if len(set(cards)) != len(cards):
            self.say(self.line("bury_twice"))
            return None
        if len(cards) > left:
            self.say(self.line("bury_too_many", named=len(cards), left=left))
            return None
        # Non-counters first: the order matters only where burying counters is restricted.
        order = sorted(cards, key=lambda c: (self.rules.deck.points[c], c))
        trial = self.match.hand.copy()
        for c in order:
            why = trial.refusal(A.BURY + c, seat)
            if why is not None:
                self.say(self.line("bury_refused", why=self.in_words(why)))
                return None
            trial.apply_unchecked(A.BURY + c)
        self.answered = True
        if not self.solo:
            self.say(self.line("buries", seat=seat, cards=order))
        return [A.BURY + c for c in order]

    def context(self, v: View) -> None:
        """The state of play the person needs before answering."""
        if v.phase == Phase.PLAY:
            if not v.trick:
                self.say(self.line("trick_lead", number=len(v.tricks) + 1, seat=v.seat))
            else:
                plays = plays_words(self.seating, trick_plays(self.rules, v.leader, v.trick))
                best = winning_so_far(v)
                if best:
                    self.say(self.line("on_table_winning", plays=plays, seat=best[0]))
                else:
                    self.say(self.line("on_table", plays=plays))
            self.say(self.line("your_hand", cards=hand_by_colour(self.rules, list(v.hand), v.trump)))
        elif v.phase == Phase.NEST and v.step == NestStep.BURY:
            self.say(self.line("your_hand", cards=hand_by_colour(self.rules, list(v.hand), v.trump)))

    # ------------------------------------------------------------------ saving
    def resume_command(self, path: Path) -> str:
        return resume_command(path, plain=True)

    def note_replaced_save(self) -> bool:
        """A new game where another game is saved: the saved one is kept under a name of its own
        once this game is first saved, never replaced; a person at a terminal is asked first.
        False: the person would rather carry on the saved game."""
        path = self.saves.other_game_at_target()
        if path is None:
            return True
        if self.interactive:
            self.write(saving("ask_replace", path=str(path)))
            answer = self.read().strip().lower()
            if command_of(answer) != "yes":
                self.say(saving("carry_on", command=self.resume_command(path)))
                return False
        self.say(saving("note_replace", path=str(path), command=self.resume_command(path)))
        return True

    def try_save(self) -> SaveWriteError | None:
        try:
            kept = self.saves.save()  # the game saved before this one there is set aside, never replaced
        except SaveWriteError as e:
            return e
        if kept is not None:
            self.say(saving("set_aside", path=str(kept), command=self.resume_command(kept)))
        return None

    def autosave(self) -> None:
        if self.saves.target is None:
            return
        error = self.try_save()
        if error is not None:
            self.say(saving("failed_goes_on_plain", path=str(error.path), why=why_told(error.code, error.params)))

    def save_elsewhere(self, where: str) -> None:
        where = where.removeprefix("to ").strip()
        if not where:
            self.say(saving("say_where"))
            return
        self.saves.move_to(where)
        error = self.try_save()
        if error is None:
            self.say(saving("saved_there_now", path=str(self.saves.target)))
        else:
            self.say(saving("failed_goes_on_plain", path=str(error.path), why=why_told(error.code, error.params)))

    def say_stopped(self) -> None:
        if self.stopping == OUTPUT_CLOSED:
            self.say(saving("stopped_output"))
        elif self.stopping:
            self.say(saving("stopped_by", signal=self.stopping))

    def leave(self) -> bool:
        """Save the unfinished game on the way out.  False: the save failed and the person
        chose to play on."""
        self.say_stopped()
        if self.saves.target is None:
            self.say(saving("left_unsaved_no_place"))
            return True
        other = self.saves.other_game_at_target()
        if other is not None and not self.answered:
            self.say(saving("not_played_kept", path=str(other)))
            return True
        while (error := self.try_save()) is not None:
            self.say(saving("failed", path=str(error.path), why=why_told(error.code, error.params)))
            if self.stopping or self.ended:
                self.say(saving("not_saved_next_time"))
                return True
            self.write(saving("ask_elsewhere"))
            answer = self.read().strip()
            if not self.interactive and answer:
                self.write(answer + "\n")
            if command_of(answer.lower()) == "play":
                return False
            if not answer:
                self.say(saving("left_unsaved"))
                return True
            self.saves.move_to(answer)
        path = self.saves.target
        assert path is not None
        self.say(saving("saved_resume", path=str(path), command=self.resume_command(path)))
        return True

    # ------------------------------------------------------------------ the end
    def finish(self) -> None:
        m = self.match
        assert m.winner is not None
        self.say("")
        self.say(winner_line(self.seating, m.winner, m.totals))
        if self.saves.keep_dir is None:
            return
        directory = self.saves.keep_dir
        while True:
            try:
                path = self.saves.keep_finished(directory)
                break
            except SaveWriteError as e:
                self.say(saving("keep_failed", path=str(e.path), why=why_told(e.code, e.params)))
                if self.saves.target is not None and self.try_save() is None:  # lose nothing: replayable there
                    self.say(saving("kept_as_save", path=str(self.saves.target)))
                    return
                if self.stopping or self.ended:
                    self.say(saving("not_kept"))
                    return
                self.write(saving("ask_keep_elsewhere"))
                answer = self.read().strip()
                if not self.interactive and answer:
                    self.write(answer + "\n")
                if not answer:
                    self.say(saving("not_kept"))
                    return
                directory = Path(answer).expanduser()
        self.say(saving("kept", path=str(path)))


def seats_of(rules: RuleSet, human_seat: int, bots: Sequence[str | Player | None]) -> list[Seat]:
    """The seats of a one-person game: the person at ``human_seat``, a bot name or player elsewhere."""
    if len(bots) != rules.players:
        raise ValueError(f"{rules.label} has {rules.players} seats; {len(bots)} players given")
    out: list[Seat] = []
    for s, b in enumerate(bots):
        if s == human_seat:
            out.append(Human(HUMAN))
        elif isinstance(b, str):
            out.append(Bot(b))
        elif b is None:
            raise ValueError(f"seat {s} has no player")
        else:
            out.append(Bot(getattr(b, "name", "bot"), player=b))
    return out


def play_plain(rules: RuleSet, human_seat: int, bots: Sequence[str | Player | None], seed: int | None = None,
               input_stream: LineSource | None = None, output_stream: TextIO | None = None, *,
               match: Match | None = None, saves_dir: str | Path | None = None,
               save_path: str | Path | None = None, handle_signals: bool = False) -> Match:
    """Play a one-person game in line mode and return the match (finished, or unfinished at the end of the input).

    ``bots`` gives a bot name or player per seat (the human seat's entry is ignored);
    ``seed`` decides the deal (a random one when None, printed so the game can be
    repeated).  ``match`` continues a resumed game.  With ``saves_dir`` an unfinished game
    is saved to ``save_path`` (default ``saves_dir/current.jsonl``) after every hand and
    at the end of the input, and a finished one is appended to ``saves_dir/finished.jsonl``.
    ``handle_signals`` (main thread only): SIGTERM and SIGHUP save the game and return."""
    if not 0 <= human_seat < rules.players:
        raise ValueError(f"seat {human_seat} does not exist: {rules.label} has seats 0 to {rules.players - 1}")
    return play_seats(rules, seats_of(rules, human_seat, bots), seed, input_stream, output_stream, match=match,
                      saves_dir=saves_dir, save_path=save_path, handle_signals=handle_signals)


def play_seats(rules: RuleSet, seats: Sequence[Seat], seed: int | None = None,
               input_stream: LineSource | None = None, output_stream: TextIO | None = None, *,
               match: Match | None = None, saves_dir: str | Path | None = None,
               save_path: str | Path | None = None, handle_signals: bool = False) -> Match:
    """Play a game in line mode with any seats: one person or several (pass and play) and bots."""
    resumed = match is not None
    if match is None:
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        match = Match(rules, seed)
    game: PlainGame | None = None

    def saved(table: Table, hand: Hand) -> None:
        if game is not None and not table.is_over:
            game.autosave()  # a crash or a kill loses at most the hand in play

    table = Table(rules, seats, match=match, on_hand_end=saved)
    saves = SaveSession(match, list(table.names), Path(saves_dir) if saves_dir is not None else None,
                        Path(save_path) if save_path is not None else None, resumed)
    game = PlainGame(table, input_stream or sys.stdin, output_stream or sys.stdout, saves, resumed)
    game.handle_signals = handle_signals
    return game.run()
