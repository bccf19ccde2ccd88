"""A Rook table: a match with named seats, people and bots, and the one loop that drives it.

Every interface stands on a :class:`Table` (``rook play`` full screen and line by line,
the arena, self-play, and the web server's rooms): it asks whose turn it is
(:attr:`Table.to_act`), gives that seat's person or bot the seat's view
(:meth:`Table.view`), and submits the answer (:meth:`Table.submit`), which the engine
checks.  Nothing else applies an action.

A bot's thinking is split from applying its answer: :meth:`Table.think` only reads
(the seat's view, and the whole state for the arena's sees-all ceiling alone), so a
caller may run it in a thread or a worker and then :meth:`Table.submit` the action on
its own loop.  :meth:`Table.run_bots` does both in turn for callers that may wait.

Each seat has a stream of events (:meth:`Table.events`): the operation log of every
hand as that seat may know it (:func:`rookgame.log.public_operations`), JSON-ready;
a spectator's stream (``seat=None``) shows only what the whole table sees.  Hooks run at
the end of each hand and of the game (autosave, keeping the finished game).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from . import log as L
from .bots import LegalChooser, Player, UnknownBot, bot_name, make_player
from .match import Match
from .rules import RuleSet
from .state import Hand, IllegalAction, Phase
from .view import View, view_of
from .words.errors import WordsError
from .words.refusals import TABLE

if TYPE_CHECKING:
    from .bots.seesall import SeesAllPlayer

MAX_HANDS = 10_000  # a guard against players whose games never end (every bid set, every hand)


class TableError(WordsError):
    """A table that cannot be set (wrong number of seats, unknown bot) or played on: a code of
    :data:`rookgame.words.refusals.TABLE` and its facts."""

    TEMPLATES = TABLE


class NoEnd(TableError, RuntimeError):
    """A game that went past its limit of hands (:data:`MAX_HANDS`) without a winner."""


@dataclass(frozen=True)
class Human:
    """A person's seat, by name."""

    name: str = "human"


@dataclass(frozen=True)
class Bot:
    """A computer seat: a registered bot by name (``heuristic``, ``expert`` ...), or a player object.

    ``seed`` fixes its random choices; by default it follows from the match seed and the seat
    (:func:`bot_seed`), so the same seed plays the same game."""

    name: str
    seed: int | None = None
    player: Player | None = None


Seat = Human | Bot


def bot_seed(match_seed: int | None, seat: int) -> int | None:
    """The seed of the bot at ``seat`` in a match dealt from ``match_seed``: the one place it is chosen."""
    return None if match_seed is None else match_seed * 16 + seat


def seat_from_name(name: str) -> Seat:
    """A seat from a record's player name: a registered bot (``heuristic`` or ``heuristic-1``), else a person."""
    try:
        return Bot(bot_name(name))
    except KeyError:
        return Human(name)


HandHook = Callable[["Table", Hand], Any]
GameHook = Callable[["Table"], Any]


class Table:
    """One game at one table.  See the module's text."""

    def __init__(self, rules: RuleSet, seats: Sequence[Seat], seed: int | None = None, *,
                 match: Match | None = None, on_hand_end: HandHook | None = None,
                 on_game_end: GameHook | None = None, max_hands: int | None = None) -> None:
        if len(seats) != rules.players:
            raise TableError("seats_count", rules=rules.label, players=rules.players, given=len(seats))
        self.rules = rules
        self.match = match if match is not None else Match(rules, seed)
        self.seats: list[Seat] = list(seats)
        self.players: list[Player | None] = [self._make(s, seat) for s, seat in enumerate(self.seats)]
        self.on_hand_end = on_hand_end
        self.on_game_end = on_game_end
        self._game_hooked = self.match.is_over
        self.max_hands = MAX_HANDS if max_hands is None else max_hands
        self._heard: dict[int | None, list[dict[str, Any]]] = {}  # each seat's events of the finished hands
        # the hand in play's log (one per action) and each seat's events of it, extended as the hand goes on
        # (every seat of a table is told every action: rebuilding them all each time cost a server a fifth of
        # its time, benchmarks/web_load.py)
        self._ops: tuple[tuple[int, ...], list[L.Operation]] = ((), [])
        self._ops_of: tuple[Hand | None, int] = (None, -1)  # the hand self._ops was made of, and its phase then
        self._live: dict[int | None, tuple[tuple[int, ...], L.Mask, list[int], list[L.Operation],
                                           list[dict[str, Any]]]] = {}

    def _make(self, s: int, seat: Seat) -> Player | None:
        if isinstance(seat, Human):
            return None
        if seat.player is not None:
            return seat.player
        try:
            return make_player(seat.name, self.bot_seed(s))
        except UnknownBot as e:
            raise TableError("unknown_bot", name=e.name, bots=", ".join(e.bots)) from None

    def bot_seed(self, seat: int) -> int | None:
        """The seed of the bot at ``seat``: its own, or the one that follows from the match's seed (a pool of
        worker processes makes the same bot from its name and this seed: :mod:`rookgame.botpool`)."""
        bot = self.seats[seat]
        if isinstance(bot, Bot) and bot.seed is not None:
            return bot.seed
        return bot_seed(self.match.seed, seat)

    # ------------------------------------------------------------------ who is where
    @property
    def names(self) -> list[str]:
        """A name per seat, as records keep them: the person's name, or the bot's."""
        return [seat.name for seat in self.seats]

    @property
    def humans(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if isinstance(seat, Human)]

    def is_human(self, seat: int) -> bool:
        return isinstance(self.seats[seat], Human)

    def set_seat(self, seat: int, who: Seat) -> None:
        """Sit someone else at ``seat``: a bot takes over a missing person's seat, or gives it back."""
        if not 0 <= seat < self.rules.players:
            raise TableError("no_seat", place=seat, first_place=0, last_place=self.rules.players - 1)
        self.seats[seat] = who
        self.players[seat] = self._make(seat, who)

    # ------------------------------------------------------------------ the game
    @property
    def hand(self) -> Hand:
        return self.match.hand

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return None if self.match.is_over else self.match.hand.to_act

    def view(self, seat: int) -> View:
        """What ``seat`` may see now, and nothing else."""
        return view_of(self.match.hand, seat, self.match.totals)

    def legal(self, seat: int) -> tuple[int, ...]:
        return self.view(seat).legal

    def check(self, seat: int, action: int) -> str | None:
        """Why ``seat`` may not take ``action`` now, in the engine's words (None if it may)."""
        refusal = self.refusal(seat, action)
        return None if refusal is None else str(refusal)

    def refusal(self, seat: int, action: int) -> IllegalAction | None:
        """Why ``seat`` may not take ``action`` now, with its code and facts (None if it may)."""
        if self.match.is_over:
            return IllegalAction("game_over")
        return self.match.hand.refusal(action, seat)

    def submit(self, seat: int, action: int) -> None:
        """Apply ``seat``'s action; :class:`IllegalAction` with the reason, and nothing changed, if refused."""
        if self.match.is_over:
            raise IllegalAction("game_over")
        self._apply(seat, action)

    def _apply(self, seat: int, action: int) -> None:
        match = self.match
        before = len(match.hands)
        match.apply(action, seat)
        if len(match.hands) > before:
            self._hand_over()

    def submit_bot(self, seat: int, action: int) -> None:
        """A bot's answer applied; one that breaks the rules raises :class:`TableError`."""
        try:
            self._apply(seat, action)
        except IllegalAction as e:
            raise TableError("bot_illegal", cause=e, name=self.seats[seat].name, seat=seat, action=action) from None

    def _hand_over(self) -> None:
        match = self.match
        if self.on_hand_end is not None:
            self.on_hand_end(self, match.hands[-1])
        if match.is_over and not self._game_hooked:
            self._game_hooked = True
            if self.on_game_end is not None:
                self.on_game_end(self)
        elif len(match.hands) >= self.max_hands:
            raise NoEnd("no_end", hands=self.max_hands, rules=self.rules.label,
                        names=", ".join(sorted(set(self.names))), totals=list(match.totals))

    # ------------------------------------------------------------------ bots
    def think(self, seat: int | None = None) -> int:
        """The bot's choice for the seat to act, without applying it (safe to run off the caller's loop)."""
        seat = self.to_act if seat is None else seat
        if seat is None:
            raise TableError("game_over")
        player = self.players[seat]
        if player is None:
            raise TableError("person_seat", seat=seat, name=self.seats[seat].name)
        return self._answer(player, seat)

    def _answer(self, player: Player, seat: int) -> int:
        hand = self.match.hand
        if type(player).act is _ACT_FROM_LEGAL:  # it reads only these two of its view: none to build
            return cast(LegalChooser, player).act_legal(hand.phase, hand.legal_tuple())
        ceiling = _ceiling()
        if ceiling is not None and type(player) is ceiling:  # the arena's measurement ceiling: the only one
            return player.act_state(hand, seat)              # given the state
        return player.act(view_of(hand, seat, self.match.totals))

    def bot_step(self) -> tuple[int, int]:
        """One bot move: (seat, action).  A bot that breaks the rules raises :class:`TableError`."""
        seat = self.to_act
        if seat is None:
            raise TableError("game_over")
        action = self.think(seat)
        self.submit_bot(seat, action)
        return seat, action

    def run_bots(self, stop: Callable[[Table], bool] | None = None) -> None:
        """Play the bots' turns until a person must act, the game is over, or ``stop(table)`` says so.

        The loop of every game of bots (self-play, the arena's matches): :meth:`bot_step` with its
        lookups done once."""
        match = self.match
        players = self.players
        while not match.is_over:
            seat = match.hand.to_act
            player = players[seat]
            if player is None or (stop is not None and stop(self)):
                return
            self.submit_bot(seat, self._answer(player, seat))

    def play(self) -> Match:
        """Play a game of bots only to its end."""
        if self.humans:
            raise TableError("bots_only", seats=self.humans)
        self.run_bots()
        return self.match

    # ------------------------------------------------------------------ events
    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The game so far as ``seat`` may know it (None: a spectator), from event number ``since`` on."""
        done = self.match.hands
        kept = self._heard.setdefault(seat, [])
        if kept and kept[-1]["hand"] > len(done):
            kept.clear()  # the match was replaced under the table: hear it again
        numbered = {e["hand"] for e in kept[-1:]}
        start = max(numbered) if numbered else 0
        for number in range(start + 1, len(done) + 1):  # a finished hand's events never change: keep them
            kept.extend(event_json(number, op) for op in L.public_operations(done[number - 1], seat))
        out = kept
        m = self.match
        if not m.is_over and m.hand.dealt:
            out = kept + self._live_events(seat)
        return out[since:]

    def _live_events(self, seat: int | None) -> list[dict[str, Any]]:
        """The hand in play's events as ``seat`` may know them: those told before, and the new ones.  A seat's
        masked log only grows while its mask stays (each operation is masked alone); when the mask changes (the
        nest or a burial shown) or the log does not start as before, it is made again."""
        m = self.match
        hand = m.hand
        number = len(m.hands) + 1
        this = (id(m), id(hand), number)
        now = (*this, *hand.history)  # (an action taken back, another made: the history, not its length)
        was = self._ops[0]
        if was != now:
            # in the card play, the log grows by its end: made from the last one's while this hand's history
            # only grew since (else made whole)
            grew = (self._ops_of[0] is hand and self._ops_of[1] == _PLAY and len(was) <= len(now)
                    and now[:len(was)] == was)
            self._ops = (now, L.operations_after(hand, self._ops[1]) if grew else L.operations(hand))
            self._ops_of = (hand, int(hand.phase))  # the hand itself kept: its id is not another's meanwhile
        ops = self._ops[1]
        mask = L.mask_of(hand, seat)
        live = self._live.get(seat)
        if (live is None or live[0] != this or live[1] != mask  # another hand, or more shown
                or hand.history[:len(live[2])] != live[2]  # actions taken back (Hand.pop) and others made
                or len(live[3]) > len(ops) or (live[3] and ops[len(live[3]) - 1] != live[3][-1])):
            live = self._live[seat] = (this, mask, [], [], [])
        history, raw, events = live[2], live[3], live[4]
        history[len(history):] = hand.history[len(history):]
        new = ops[len(raw):]
        raw.extend(new)
        events.extend(event_json(number, op) for op in L.masked(new, mask))
        return events


_PLAY = int(Phase.PLAY)
_ACT_FROM_LEGAL: object = LegalChooser.act  # the act of a player that reads only its legal actions
_SEESALL = f"{__name__.rpartition('.')[0]}.bots.seesall"


def _ceiling() -> type[SeesAllPlayer] | None:
    """The sees-all ceiling's class, or None while its module was never imported: then no player is one
    (importing it here would bring the solver, the expert and numpy to every table of bots)."""
    module = sys.modules.get(_SEESALL)
    return None if module is None else cast("type[SeesAllPlayer]", module.SeesAllPlayer)


def event_json(hand_number: int, op: L.Operation) -> dict[str, Any]:
    """An operation as a JSON-ready event: ``{"hand": 1, "op": "Play", "seat": 2, "card": "Y14"}``."""
    return {"hand": hand_number, **L.operation_json(op)}
