"""The tables a server holds: each a lobby, then a game, and the people and spectators connected to it.

A :class:`Room` is one table: its seat plan before the game (open, a person, a bot of a level),
its :class:`~rookgame.table.Table` once the host starts, and its clients.  Every intent a client
sends comes here as a method call and is checked first; a refusal (:class:`Refusal`) says why and
changes nothing.  An action is checked by the engine (``Table.check``), appended to the table's log
in the store (its own transaction), and only then applied, so what a client saw happen is on disk.
Then each client gets what its seat may know: its own view and events, or a spectator's.

Bots think off the event loop (a thread pool) at a table's pace (``bot_delay`` seconds a move), so
no table waits on another, and the server keeps answering while they think.  A :class:`Hub` holds
the rooms, the store and the pools; after a restart it rebuilds every unfinished table from its log
and its bots play on.

The database may go away (a PostgreSQL restarted, an SQLite file locked by another program): a write
is retried with backoff (:meth:`Hub.write`); a person's intent waits a moment, then is refused in
plain words (``db_down``) and changes nothing; the table is told once that the server lost its
database and again when it is back, and its bots wait and play on by themselves.  A table is played
by the server holding its lease (:mod:`.store`): a room is opened only with the lease, the hub's
heartbeat renews its leases, and a room whose lease another server took stops.

Tokens: a person who sits gets a random token (``secrets.token_urlsafe``) that brings them back to
that seat and no other; the store keeps only its SHA-256 (:mod:`.names`), so a copy of the database
cannot sit anyone anywhere.  The seat plan is :mod:`.lobby`, a connection :mod:`.connections`, its
rate :mod:`.limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from sqlalchemy.exc import IntegrityError

from .. import actions as A
from ..botpool import BotFailed, BotPool, fallback
from ..bots.hints import ranked
from ..cards import card_str
from ..match import score_pad
from ..rules import NestStep, RuleSet
from ..state import Hand, IllegalAction
from ..table import Bot, Human, Table, TableError
from ..view import spectator_view
from ..words import web as web_words
from . import protocol as P
from . import relay
from .chat import TableTalk
from .connections import MAX_QUEUE, Client
from .limits import BURST, MAX_DROPS, RATE, Bucket
from .lobby import Lobby, Person, SeatState
from .metrics import Metrics
from .names import DEFAULT_FILL, LEVELS, check_level, check_name, person_name, token_hash
from .protocol import Elsewhere, Refusal, Unavailable
from .store import LEASE_SECONDS, Finishing, LeaseLost, Store, StoreError, alive, is_fault, table_of

if TYPE_CHECKING:
    from .accounts import Player

__all__ = ["BURST", "DEFAULT_FILL", "LEVELS", "MAX_DROPS", "MAX_QUEUE", "RATE", "Bucket", "Client", "Hub", "Lobby",
           "Person", "Refusal", "Room", "SeatState", "check_level", "check_name", "person_name", "token_hash"]

log = logging.getLogger("rookgame.web")
T = TypeVar("T")

HINT_LEVEL = "medium"
PATIENCE = 2.0  # seconds a person's intent waits for a database that is away before it is refused
APPEND_BATCH = 256  # moves logged in one transaction at most
FINISH_TRIES = 3  # a game's end (its mark and rating) written, at most, when a first rating collides
MAX_BACKOFF = 1.0  # the longest wait between two tries of a write (so a table resumes soon after the database)


# ---------------------------------------------------------------------- a table
class Room:
    def __init__(self, hub: Hub, code: str, name: str, rules: RuleSet, seed: int, lobby: Lobby,
                 table: Table | None = None, logged: int = 0, finished: bool = False, game: str | None = None) -> None:
        self.hub, self.code, self.name, self.rules, self.seed = hub, code, name, rules, seed
        self.game = game or code  # the game played now, by its code in the store: "ABCDEF", then "ABCDEF-2" ...
        self.lobby = lobby
        self.table = table
        self.logged = logged  # actions in the store's log
        self.finished = finished
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self._bots: asyncio.Task[None] | None = None
        self.failed: Refusal | None = None  # a bot that broke, or a lease lost: the table stops here
        self.db_away = False  # the table has been told its server lost the database (and not yet that it is back)
        self._pad: tuple[int, list[P.PadRow]] = (-1, [])  # (hands finished, the score pad): public, one for all

    # ------------------------------------------------------------------ messages
    def lobby_message(self) -> P.Lobby:
        connected = {c.seat for c in self.clients if c.seat is not None}
        seats = []
        for s, st in enumerate(self.lobby.seats):
            person = self.lobby.people.get(st.person) if st.person else None
            if st.kind == "person" and person is not None:
                seats.append(P.SeatInfo(seat=s, kind="person", name=person.name, connected=s in connected,
                                        profile=person.player))
            elif st.kind == "bot":
                seats.append(P.SeatInfo(seat=s, kind="bot", name=st.level, connected=True,
                                        away=person.name if person is not None else None, free=st.free))
            else:
                seats.append(P.SeatInfo(seat=s, kind="open", name=None, connected=False))
        r = self.rules
        over = self.table is not None and self.table.is_over
        return P.Lobby(code=self.code, name=self.name, rules=r.label, preset=r.preset, players=r.players, goal=r.goal,
                       mode=r.mode, low_call=r.low, bird_call=r.bird_rank == "called", fill=self.lobby.fill,
                       seats=seats, spectators=sum(1 for c in self.clients if c.seat is None),
                       started=self.lobby.started, over=over,
                       winner=self.table.match.winner if self.table is not None and over else None,
                       counters={card_str(c): r.deck.points[c] for c in r.deck.cards if r.deck.points[c]},
                       game=self.game)

    def view_for(self, seat: int | None) -> P.ViewMessage:
        table = self.table
        assert table is not None
        m = table.match
        view = table.view(seat) if seat is not None else spectator_view(m.hand, m.totals)
        if self._pad[0] != len(m.hands):
            self._pad = (len(m.hands), [
                P.PadRow(hand=row.number, bidder=row.bidder, bid=row.bid,
                         trump=row.trump if row.bidder >= 0 else -2, made=row.made,
                         points=list(row.points), score=list(row.score), totals=list(row.totals))
                for row in score_pad(self.rules, m.hands)])
        return P.view_message(view, pad=self._pad[1], hand_number=len(m.hands) + (0 if m.is_over else 1),
                              over=m.is_over, winner=m.winner)

    def push(self, client: Client, memo: dict[int | None, tuple[list[dict[str, Any]], str, dict[int, str]]] | None
             = None) -> None:
        """Bring ``client`` up to date: its view and the events it has not heard.

        ``memo``: what one broadcast has already made per seat (the events, the view's text, each event's
        text), so the clients of one seat (all the spectators) share one computation of each."""
        table = self.table
        if table is None:
            return
        seat = client.seat
        if memo is None:
            memo = {}
        made = memo.get(seat)
        if made is None:
            made = memo[seat] = (table.events(seat), P.dump(P.ViewUpdate(view=self.view_for(seat))), {})
        events, view_text, texts = made
        replay = client.heard == 0  # a (re)join's stream from the start, which may be long
        for i in range(client.heard, len(events)):
            text = texts.get(i)
            if text is None:
                text = texts[i] = P.dump(P.Event(n=i, event=events[i]))
            client.send_text(text, replay=replay)
        client.heard = max(client.heard, len(events))
        client.send_text(view_text)

    def broadcast_lobby(self) -> None:
        msg = P.dump(self.lobby_message())
        for c in list(self.clients):
            c.send_text(msg)

    def broadcast_game(self) -> None:
        memo: dict[int | None, tuple[list[dict[str, Any]], str, dict[int, str]]] = {}
        for c in list(self.clients):
            self.push(c, memo)

    def seat_name(self, seat: int) -> str:
        """A seat as the page names it (words.js, seatLabel): the person's name, "Bot 2 (Basic)", "Bot 2 (Basic)
        for Bo", "open seat": a bot's level by its name (the ``level`` kind of :mod:`rookgame.words.catalog`)."""
        if not 0 <= seat < len(self.lobby.seats):
            return web_words.say("seat_number", {"place": seat + 1})
        st = self.lobby.seats[seat]
        person = self.lobby.people.get(st.person) if st.person else None
        if st.kind == "person" and person is not None:
            return person.name
        if st.kind == "bot":
            level = st.level or self.lobby.fill
            if person is not None:  # keeping a person's seat
                return web_words.say("seat_bot_for", {"place": seat + 1, "level": level, "name": person.name})
            return web_words.say("seat_bot", {"place": seat + 1, "level": level})
        return web_words.say("seat_open")

    def refused(self, client: Client, refusal: Refusal | IllegalAction) -> None:
        """Tell ``client`` its intent was refused, seats named as its page names them."""
        self.hub.metrics.refused.labels(refusal.code).inc()
        client.send(P.refused(refusal, you=client.seat, seat_name=self.seat_name))

    def tell(self, word: Refusal) -> None:
        """A word to everyone at the table that needs no answer (a bot that broke: the table stops)."""
        for c in list(self.clients):
            c.send(P.info(word, you=c.seat, seat_name=self.seat_name))

    def db_lost(self) -> None:
        """A write failed on a database that is away: the table is told once."""
        if not self.db_away:
            self.db_away = True
            self.tell(Refusal("db_lost"))

    def db_back(self) -> None:
        if self.db_away:
            self.db_away = False
            self.tell(Refusal("db_back"))

    def taken_over(self) -> None:
        """Another server holds this table's lease now: this one stops playing it and lets it go."""
        if self.failed is None or self.failed.code != "table_taken_over":
            self.failed = Refusal("table_taken_over")
            self.tell(self.failed)
        if self.hub.rooms.get(self.code) is self:
            del self.hub.rooms[self.code]

    def welcome(self, client: Client) -> None:
        p = client.person
        client.send(P.Welcome(table=self.code, seat=None if p is None else p.seat,
                              token=client.token if p is not None else None, host=p is not None and p.host))

    # ------------------------------------------------------------------ intents
    async def join(self, client: Client, token: str | None) -> None:
        if client.room is not None and client.room is not self:
            client.room.leave(client)
        client.room = self
        client.set_token(token if token is not None and token_hash(token) in self.lobby.people else None)
        self.clients.add(client)
        client.heard = 0  # a (re)join hears the game from the start: its screen is rebuilt from it
        self.welcome(client)
        if token is not None and client.token is None:
            self.refused(client, Refusal("token_not_here"))
        self.broadcast_lobby()
        self.push(client)
        await self.hub.talk.joined(self, client)  # the talk so far (rookgame.web.chat)

    def leave(self, client: Client) -> None:
        self.clients.discard(client)
        client.room = None
        self.broadcast_lobby()

    def _reseat(self, seat: int, who: Human | Bot) -> None:
        """``who`` plays ``seat`` of the game from now on; a seat that changes hands after the start (not a person
        renamed) marks the game as one that is not rated (:mod:`.accounts`)."""
        if self.table is None:
            return
        was = self.table.seats[seat]
        if not (isinstance(was, Human) and isinstance(who, Human)) and was != who:
            self.lobby.handed = True
        self.table.set_seat(seat, who)

    def _host(self, client: Client) -> Person:
        p = client.person
        if p is None or not p.host:
            raise Refusal("only_host")
        return p

    async def sit(self, client: Client, seat: int, name: str) -> None:
        async with self.lock:
            before = self._before()
            if not 0 <= seat < self.rules.players:
                raise Refusal("no_such_seat", place=seat, first_place=0, last_place=self.rules.players - 1)
            name = person_name(name)
            if client.player is not None:  # signed in: the profile sits under its own name (rookgame.web.accounts)
                name = client.player.name
            me = client.person
            for h, p in self.lobby.people.items():
                if p.name.casefold() == name.casefold() and h != client.key:
                    raise Refusal("name_taken", name=p.name)
            st = self.lobby.seats[seat]
            back = me is not None and me.seat == seat and st.kind == "bot"  # from the bot keeping it for them
            if me is not None and me.seat == seat:
                me.name = name
            elif self.lobby.started:
                if not (st.kind == "bot" and st.free):
                    raise Refusal("seat_taken_started", place=seat)
                if me is not None and me.seat is not None:
                    raise Refusal("already_playing")
            elif st.kind != "open":
                raise Refusal("seat_taken", place=seat)
            token, key = client.token, client.key
            if me is None:
                client.set_token(secrets.token_urlsafe(24))
                assert client.key is not None
                me = self.lobby.people[client.key] = Person(name)
            if me.seat is not None and me.seat != seat:  # moving: the old seat opens
                self.lobby.seats[me.seat] = SeatState()
            me.name = name
            me.seat = seat
            if client.player is not None:
                me.player = client.player.id
            self.lobby.seats[seat] = SeatState("person", person=client.key)
            self._reseat(seat, Human(name))
            try:
                await self._save_lobby(before)
            except Refusal:
                client.token, client.key = token, key  # not sat: a newcomer's token was never given
                raise
        client.heard = 0
        self.welcome(client)
        self.broadcast_lobby()
        self.push(client)
        if back:
            self.tell(Refusal("seat_back", name=name, place=seat))
        if self.table is not None:  # the seat's view is now this person's: re-send from the start
            self.kick()

    async def stand(self, client: Client) -> None:
        async with self.lock:
            before = self._before()
            me = client.person
            if me is None or me.seat is None:
                raise Refusal("not_sitting")
            seat = me.seat
            me.seat = None
            if self.lobby.started:
                level = self.lobby.fill
                self.lobby.seats[seat] = SeatState("bot", level=level, free=True)
                self._reseat(seat, Bot(level))
            else:
                self.lobby.seats[seat] = SeatState()
            await self._save_lobby(before)
        for c in list(self.clients):
            if c.person is me:
                c.heard = 0
                self.welcome(c)
                self.push(c)
        self.broadcast_lobby()
        self.kick()

    async def swap(self, client: Client, a: int, b: int) -> None:
        async with self.lock:
            self._host(client)
            if self.lobby.started:
                raise Refusal("swap_started")
            n = self.rules.players
            if not (0 <= a < n and 0 <= b < n):
                raise Refusal("seats_range", first_place=0, last_place=n - 1)
            before = self._before()
            seats = self.lobby.seats
            seats[a], seats[b] = seats[b], seats[a]
            for s in (a, b):
                if seats[s].person is not None:
                    self.lobby.people[seats[s].person or ""].seat = s
            await self._save_lobby(before)
        for c in list(self.clients):
            if c.seat in (a, b):
                self.welcome(c)
        self.broadcast_lobby()

    async def set_bot(self, client: Client, seat: int, level: str | None) -> None:
        async with self.lock:
            self._host(client)
            before = self._before()
            told: Refusal | None = None  # what the table is told: a seat kept by a bot, or given back
            n = self.rules.players
            if not 0 <= seat < n:
                raise Refusal("no_such_seat", place=seat, first_place=0, last_place=n - 1)
            st = self.lobby.seats[seat]
            person = self.lobby.people.get(st.person) if st.person else None
            if not self.lobby.started:
                if st.kind == "person":
                    raise Refusal("stand_first", name=person.name if person else "someone", place=seat)
                self.lobby.seats[seat] = SeatState("bot", level=check_level(level)) if level else SeatState()
            elif level is not None:
                level = check_level(level)
                if st.kind == "person":  # a missing player's seat goes to a bot until the host gives it back
                    self.lobby.seats[seat] = SeatState("bot", level=level, person=st.person)
                    told = Refusal("seat_kept", name=person.name if person else "", place=seat, level=level)
                elif st.kind == "bot":
                    st.level = level
                self._reseat(seat, Bot(level))
            else:
                if st.kind != "bot" or person is None:
                    raise Refusal("no_person_back", place=seat)
                self.lobby.seats[seat] = SeatState("person", person=st.person)
                self._reseat(seat, Human(person.name))
                told = Refusal("seat_back", name=person.name, place=seat)
            await self._save_lobby(before)
        self.broadcast_lobby()
        if told is not None:
            self.tell(told)
        self.kick()

    async def start(self, client: Client) -> None:
        async with self.lock:
            self._host(client)
            if self.lobby.started:
                raise Refusal("already_started")
            before = self._before()
            seats = self.lobby.table_seats()
            try:
                table = Table(self.rules, seats, self.seed)
            except TableError as e:
                raise Refusal(e.code, **e.params) from None  # its seats or bots: the same words
            for st in self.lobby.seats:
                if st.kind == "open":  # the fill bot keeps it for whoever comes
                    st.kind, st.level, st.free = "bot", self.lobby.fill, True
            self.lobby.started = True
            try:
                await self._write(self.hub.store.set_seats, self.game, seats, self.lobby.to_json())
            except Refusal:
                self._restore(before)
                raise
            self.table = table
        self.broadcast_lobby()
        self.broadcast_game()
        self.kick()

    def _acting_seat(self, client: Client) -> int:
        """The seat ``client`` may play for now: refused before the start, to a spectator, and for a bot's seat."""
        seat = client.seat
        if self.table is None:
            raise Refusal("not_started")
        if seat is None:
            raise Refusal("watching")
        if not self.table.is_human(seat):
            raise Refusal("bot_plays", place=seat)
        return seat

    async def act(self, client: Client, action: int) -> None:
        received = time.monotonic()
        async with self.lock:
            seat = self._acting_seat(client)
            await self._commit(seat, action, PATIENCE)
        self.broadcast_game()
        self.hub.metrics.act_to_view.observe(time.monotonic() - received)
        self.kick()

    async def bury(self, client: Client, actions: list[int]) -> None:
        """The bidder's cards to bury, chosen and confirmed at once: buried in an order the rules allow, or all
        refused (the engine's reason) with nothing buried."""
        async with self.lock:
            seat = self._acting_seat(client)
            assert self.table is not None
            for action in burial_order(self.table.hand, seat, actions):
                await self._commit(seat, action, PATIENCE)
        self.broadcast_game()
        self.kick()

    async def rematch(self, client: Client) -> None:
        """Play again: a new game at this table, its code, its people and their seats kept (the one over stays
        in the history under its code; the new one is "CODE-2", "CODE-3" ...)."""
        async with self.lock:
            me = client.person
            if me is None or (me.seat is None and not me.host):
                raise Refusal("rematch_who")
            if self.table is None or not self.table.is_over:
                raise Refusal("rematch_not_over")
            number = int(self.game.partition("-")[2] or 1) + 1
            game, seed = f"{self.code}-{number}", secrets.randbits(31)
            seats = self.lobby.table_seats()
            table = Table(self.rules, seats, seed)
            self.lobby.handed = False  # the new game starts with every seat's own player (the old one is rated)
            lobby, store = self.lobby.to_json(), self.hub.store
            await self._write(lambda: store.rematch(self.game, game, self.rules, seats, seed, name=self.name,
                                                    lobby=lobby))
            self.game, self.seed, self.table = game, seed, table
            self.logged, self.finished, self.failed, self._pad = 0, False, None, (-1, [])
        for c in list(self.clients):
            c.heard = 0  # the new game's stream, from its start
        self.broadcast_lobby()
        self.broadcast_game()
        self.tell(Refusal("rematch_started", name=me.name))
        self.kick()

    async def hint(self, client: Client) -> None:
        if self.table is None or client.seat is None:
            raise Refusal("hint_not_seated")
        seat = client.seat
        if self.table.to_act != seat:
            raise Refusal("hint_not_turn")
        if client.hinting:
            raise Refusal("hint_pending")
        view = self.table.view(seat)
        client.hinting = True
        try:
            choices = await self.hub.think(ranked, view, HINT_LEVEL)
        finally:
            client.hinting = False
        client.send(P.Hint(choices=[P.hint_choice(a, v) for a, v in choices]))

    # ------------------------------------------------------------------ the game
    async def _commit(self, seat: int, action: int, patience: float) -> None:
        """Check, log, then apply one action (the caller holds the lock).  A database that is away is tried
        again for ``patience`` seconds, then the action is refused (:class:`Unavailable`): it did not happen."""
        table = self.table
        assert table is not None
        if self.failed:
            raise Refusal(self.failed.code, **self.failed.params)
        refusal = table.refusal(seat, action)
        if refusal is not None:
            raise Refusal(refusal.code, **refusal.params)
        store, n = self.hub.store, self.logged
        # with the other tables' moves waiting meanwhile (one transaction for them all)
        written = await self.hub.append(self.game, n, seat, action)
        if written is False:
            self.taken_over()
            raise Refusal("table_taken_over")
        if written is None:  # alone, tried again while the database is away

            def append() -> None:  # the batch may have committed before its connection was lost
                store.append(self.game, n, seat, action, again=True)

            await self._write(append, patience=patience)
        else:
            self.db_back()
        self.logged += 1
        table.submit(seat, action)
        self.hub.metrics.moves.labels("person" if table.is_human(seat) else "bot").inc()
        if table.is_over and not self.finished:
            self.finished = True  # no second finish meanwhile (the bots' task); the game is kept even unmarked
            self.finished = await self._finish()

    async def _finish(self) -> bool:
        """The game is over: marked finished in the store and, in the same transaction, what the hooks write (its
        rating, :mod:`.account_api`): both or neither; whether it is marked.  One not marked (its process killed
        after the last move, the database away past the write's patience, the rating's write refused) is
        finished so by the next to load it, by the next kick of its bots (:meth:`Hub._heartbeat` gives one), and
        a mark is made once: a game is rated once however often this runs."""
        writes = [w for hook in self.hub.on_finished if (w := hook(self)) is not None]
        for attempt in range(1, FINISH_TRIES + 1):
            try:
                await self._write(self.hub.store.set_finished, self.game, writes, patience=PATIENCE)
                return True
            except IntegrityError as e:  # a first rating of a player written by another process at the same moment
                if attempt == FINISH_TRIES:  # (tried again, the rating reads it and builds on it)
                    log.warning("table %s: the game's end was not saved: %s", self.code, type(e).__name__)
            except Refusal as e:
                log.warning("table %s: could not mark the game finished: %s", self.code, e)
                break
            except Exception as e:  # a fault of a hook's: said, and the game left unmarked for another try
                log.warning("table %s: the game's end was not saved: %s", self.code, type(e).__name__)
                break
        return False

    async def _write(self, fn: Callable[..., T], *args: Any, patience: float = PATIENCE) -> T:
        """A write of this table's through :meth:`Hub.write`; refused in words when it cannot be made."""
        try:
            return await self.hub.write(fn, *args, patience=patience, room=self)
        except LeaseLost:
            self.taken_over()
            raise Refusal("table_taken_over") from None
        except StoreError as e:  # a refusal of the store's (an action already in the log): a bug to report
            log.error("table %s: %s", self.code, e)
            raise Refusal("not_saved") from None

    def kick(self) -> None:
        """Let the bots play if it is a bot's turn (one task per room)."""
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        chosen: tuple[int, int, int] | None = None  # (log length, seat, action): a move waiting for the database
        backoff = 0.05
        if self.table is not None and self.table.is_over and not self.finished:
            # over before its mark was saved (its server died between the last move and the mark, or the mark's
            # write failed): marked and rated now, so that the history lists it, the ladder counts it and a site's
            # failover stops taking it
            self.finished = True
            self.finished = await self._finish()
        while True:
            table = self.table
            if table is None or table.is_over or self.failed:
                return
            seat = table.to_act
            if seat is None or table.is_human(seat):
                return
            before = self.logged
            if chosen is not None and chosen[:2] == (before, seat):
                action = chosen[2]
            else:
                if self.hub.bot_delay:
                    await asyncio.sleep(self.hub.bot_delay)
                try:
                    action = await self.hub.bot_move(self.code, table, seat)
                except Exception as e:  # a bot that crashes stops this table, not the server
                    # the person is told that it failed; why (a bug's own words, English) is for the log
                    self.failed = Refusal("bot_failed", place=seat)
                    log.exception("table %s: the bot at seat %d failed: %s", self.code, seat, e)
                    self.tell(self.failed)
                    return
            async with self.lock:
                if self.table is not table or self.logged != before or table.to_act != seat or table.is_human(seat):
                    chosen = None
                    continue  # the seat changed hands while the bot thought
                try:
                    await self._commit(seat, action, 0)
                except Unavailable:  # the database is away: wait (not holding the table) and try the move again
                    chosen = (before, seat, action)
                except Refusal as e:
                    if self.failed is None:
                        log.error("table %s: the bot at seat %d could not move: %s", self.code, seat, e)
                        self.failed = Refusal("bot_stuck", place=seat)
                        self.tell(self.failed)
                    return
                else:
                    chosen, backoff = None, 0.05
            if chosen is not None:
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF)
                continue
            self.broadcast_game()

    # ------------------------------------------------------------------ saving the lobby
    def _before(self) -> dict[str, Any]:
        """The lobby as it is, to put back should the change about to be made not be saved."""
        return self.lobby.to_json()

    def _restore(self, before: dict[str, Any]) -> None:
        """Put the lobby (and the table's seats) back as they were: a change not saved did not happen."""
        self.lobby = Lobby.from_json(before, self.rules.players)
        if self.table is not None:
            for s, seat in enumerate(self.lobby.table_seats()):
                if seat != self.table.seats[s]:
                    self.table.set_seat(s, seat)

    async def _save_lobby(self, before: dict[str, Any]) -> None:
        """Save the lobby as it is now; not saved, it is put back as it was ``before`` and the change refused."""
        try:
            await self._write(self.hub.store.set_lobby, self.game, self.lobby.to_json())
        except Refusal:
            self._restore(before)
            raise


def burial_order(hand: Hand, seat: int, actions: list[int]) -> list[int]:
    """``actions`` (a burial of each card chosen) in an order the rules allow, each buried after the ones before
    (with ``bury_counters = "forbidden"`` a counter may go only once too few other cards remain); else the
    engine's refusal met last, so that nothing is buried."""
    first = hand.refusal(actions[0], seat)
    if first is not None:
        raise Refusal(first.code, **first.params)
    left = hand.rules.nest_size - len(hand.buried)
    if hand.step_kind != NestStep.BURY or any(not A.BURY <= a < A.PARTNER for a in actions):
        raise Refusal("bury_not_cards")
    if len(set(actions)) != len(actions) or len(actions) != left:
        raise Refusal("bury_count", want=left, given=len(set(actions)))
    met: list[IllegalAction] = []
    dead: set[frozenset[int]] = set()  # the same cards left: the same position whatever the order so far

    def search(at: Hand, rest: frozenset[int]) -> list[int] | None:
        if not rest:
            return []
        if rest in dead:
            return None
        for action in sorted(rest):
            why = at.refusal(action, seat)
            if why is not None:
                met.append(why)
                continue
            after = at.copy()
            after.apply(action, seat)
            found = search(after, rest - {action})
            if found is not None:
                return [action, *found]
        dead.add(rest)
        return None

    order = search(hand.copy(), frozenset(actions))
    if order is None:
        why = met[-1]
        raise Refusal(why.code, **why.params)
    return order


# ---------------------------------------------------------------------- the server's tables
async def restore_each(codes: list[str], load: Callable[[str], Awaitable[object]], what: str) -> int:
    """Load each of ``codes`` (the tables, or the tournaments, not over) by ``load`` after a start; how many were.
    One refused (its log does not replay, another server has it) is logged and left."""
    restored = 0
    for code in codes:
        try:
            await load(code)
        except Refusal as e:
            log.warning("%s %s was not restored: %s", what, code, e.__cause__ or e)
        else:
            restored += 1
    return restored


class Events(Protocol):
    """The tournaments a hub serves beside its tables (:class:`rookgame.web.tournaments.Hall`): the rooms of their
    tables by code (``EVENT-ROUND-TABLE``), restored on a start, stopped when their lease is gone."""

    def is_table(self, code: str) -> bool: ...

    async def room(self, code: str) -> Room: ...

    async def rules(self, code: str) -> RuleSet: ...

    async def restore(self) -> int: ...

    def held(self, leases: set[str]) -> None: ...


class Hub:
    """Every room of one server, its store, and the pools that keep slow work off the event loop."""

    def __init__(self, store: Store, *, bot_delay: float = 0.6, bot_workers: int = 2,
                 lease_seconds: float = LEASE_SECONDS, bot_processes: int = 0, address: str | None = None,
                 sweep_seconds: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        # this server's name on the leases of the tables it plays, and where the site's other processes relay
        # connections for them (:mod:`.relay`)
        self.owner = store.new_owner() + (f"@{address}" if address else "")
        self.relay_secret = relay.secret() if address else None
        self.sweep_seconds = sweep_seconds  # > 0: take over, this often, the tables no live process plays
        self._sweeper: asyncio.Task[None] | None = None
        self.lease_seconds = lease_seconds
        store.owner, store.lease_seconds = self.owner, lease_seconds  # every write of a table is fenced by its lease
        self._db_pool = ThreadPoolExecutor(1, thread_name_prefix="rook-db")  # one writer: the log's order
        self._bot_pool = ThreadPoolExecutor(bot_workers, thread_name_prefix="rook-bot")
        # bot_processes > 0: the bots think in that many worker processes (rook serve); 0: on the threads (tests)
        self.bots = BotPool(bot_processes) if bot_processes > 0 else None
        self._bot_keys: dict[str, set[tuple[str, int, str, int]]] = {}
        self._appends: list[tuple[tuple[str, int, int, int], asyncio.Future[bool | None]]] = []  # moves to log
        self._appending: asyncio.Task[None] | None = None
        self.metrics = Metrics()
        self.stopping = False  # shutting down: /healthz says so, and the proxy sends no one new here
        self._beat: asyncio.Task[None] | None = None
        # called once a game is over, on the event loop: what each writes in the transaction that marks it finished
        # (the rating, rookgame.web.account_api), or None
        self.on_finished: list[Callable[[Room], Finishing | None]] = []
        # called at the start and at every sweep: what the process of a game finished before the mark and the
        # rating were one transaction died before doing (its rating)
        self.catch_up: list[Callable[[], Awaitable[None]]] = []
        self.talk = TableTalk(store)  # the tables' talk (rookgame.web.chat)
        self.events: Events | None = None  # the tournaments (rook serve sets them)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db_pool, fn, *args)

    async def append(self, code: str, n: int, seat: int, action: int) -> bool | None:
        """Log action ``n`` of ``code`` together with the other tables' moves waiting meanwhile, in one
        transaction (:meth:`Store.append_many`; one database thread is a site's limit, and a transaction a
        move held 200 tables to about 170 moves a second on PostgreSQL; on SQLite it was a fifth of the
        server's time).  True: written; False: another process holds the
        table's lease; None: not written (a fault, or a move of the batch refused): the caller appends it
        alone, which retries and says why."""
        future: asyncio.Future[bool | None] = asyncio.get_running_loop().create_future()
        self._appends.append(((code, n, seat, action), future))
        if self._appending is None or self._appending.done():
            self._appending = asyncio.get_running_loop().create_task(self._append_batches())
        return await future

    async def _append_batches(self) -> None:
        while self._appends:
            batch, self._appends = self._appends[:APPEND_BATCH], self._appends[APPEND_BATCH:]
            try:
                done: list[bool | None] = list(await self.db(self.store.append_many, [m for m, _ in batch]))
            except Exception:  # each move is then appended alone, which retries and tells the fault
                done = [None] * len(batch)
            for (_, future), ok in zip(batch, done, strict=True):
                if not future.done():
                    future.set_result(ok)

    async def write(self, fn: Callable[..., T], *args: Any, patience: float = PATIENCE, room: Room | None = None) -> T:
        """``fn(*args)`` on the database thread, tried again with backoff while the database is away, for
        ``patience`` seconds at most; then :class:`Unavailable` (``db_down``), in plain words: never the
        driver's.  ``room``'s table is told the database was lost, and again when a write of its succeeds."""
        deadline = time.monotonic() + patience
        delay = 0.05
        while True:
            try:
                result = await self.db(fn, *args)
            except Exception as e:
                if not is_fault(e):
                    raise
                self.metrics.db_errors.inc()
                log.warning("the database is away (%s); %s", type(e).__name__, "retrying" if patience else "waiting")
                if room is not None:
                    room.db_lost()
                if time.monotonic() + delay > deadline:
                    raise Unavailable("db_down") from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_BACKOFF)
                continue
            if room is not None:
                room.db_back()
            return result

    async def think(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._bot_pool, fn, *args)

    async def bot_move(self, code: str, table: Table, seat: int) -> int:
        """The move of the bot at ``seat`` of ``code``'s table: in the bot processes where the server has them
        (:mod:`rookgame.botpool`: a table of experts never holds this process's interpreter lock), else on a
        thread.  A bot whose process failed or overran its limit is answered for by the heuristic."""
        bot = table.seats[seat]
        if self.bots is None or not isinstance(bot, Bot) or bot.player is not None:
            return await self.think(table.think, seat)
        view = table.view(seat)
        key = (code, seat, bot.name, id(table))  # one bot per game, seat and level: its memory is the game's
        keys = self._bot_keys.setdefault(code, set())
        for old in [k for k in keys if k[3] != id(table)]:  # the table's game before this one (a rematch)
            keys.discard(old)
            self.bots.forget(old)
        keys.add(key)
        started = time.monotonic()
        try:
            action = await asyncio.wrap_future(self.bots.think(key, bot.name, table.bot_seed(seat), view))
        except BotFailed as e:
            log.warning("table %s: the bot at seat %d failed (%s); the heuristic answers for it", code, seat, e)
            action = await self.think(fallback, view)
        self.metrics.decision.labels(bot.name).observe(time.monotonic() - started)
        return action

    def measure(self) -> None:
        """The gauges of :mod:`.metrics` as they stand: this process's tables by state, its open sockets."""
        states = {"lobby": 0, "playing": 0, "over": 0, "stopped": 0}
        sockets = 0
        for room in self.rooms.values():
            sockets += len(room.clients)
            state = ("stopped" if room.failed is not None else "lobby" if room.table is None
                     else "over" if room.table.is_over else "playing")
            states[state] += 1
        for state, n in states.items():
            self.metrics.tables.labels(state).set(n)
        self.metrics.sockets.set(sockets)

    async def start(self) -> int:
        """Serve: the store's file is this process's (:meth:`Store.claim`), every unfinished table whose
        lease it takes is restored, and the heartbeat renews the leases; how many tables were restored."""
        self.store.claim()
        restored = await self.restore()
        if self.events is not None:
            restored += await self.events.restore()
        await self._catch_up()
        self._beat = asyncio.get_running_loop().create_task(self._heartbeat())
        if self.sweep_seconds > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return restored

    async def _catch_up(self) -> None:
        for hook in self.catch_up:  # each says its own faults
            await hook()

    async def _sweep(self) -> None:
        """A site's failover: the tables whose process died (or whose lease ran out) are taken over from their log
        by whichever process gets their lease first, and their bots play on; the games such a process finished
        but did not rate are rated (:attr:`catch_up`)."""
        caught_up = 0.0
        while True:
            await asyncio.sleep(self.sweep_seconds)
            if self.metrics.folder is not None:  # a site's page sums every process's gauges: keep ours current
                self.measure()
            if not self.stopping and time.monotonic() >= caught_up:  # once a lease's time: a look at every game
                caught_up = time.monotonic() + self.lease_seconds
                await self._catch_up()
            try:
                orphans = await self.db(self.store.orphans)
            except Exception as e:  # the database is away: the next sweep tries again
                log.warning("could not look for tables to take over: %s", type(e).__name__)
                continue
            if not orphans or self.stopping:
                continue
            try:  # their leases in one transaction: a dead process's tables are many at once
                taken = await self.db(self.store.take_leases, orphans, self.owner, self.lease_seconds)
            except Exception as e:
                log.warning("could not take tables over: %s", type(e).__name__)
                continue
            for code in taken:
                if self.stopping:
                    return
                self.rooms.pop(code, None)  # a room of ours whose lease ran out is loaded again from the log
                try:
                    loaded = await self.db(self._load, code)
                except Exception as e:  # its log does not load: said, and its lease given up for another try
                    log.warning("table %s could not be taken over: %s", code, e)
                    with contextlib.suppress(Exception):
                        await self.db(self.store.release_leases, self.owner, [code])
                    continue
                self.rooms.setdefault(code, loaded).kick()
                log.info("took table %s over", code)

    async def relay_target(self, text: str) -> str | None:
        """Where to relay a connection whose first message is ``text``: the address of the live process of this
        site that plays the table it joins, or None (not a join, no relaying here, or the table is ours or
        free: this process serves it)."""
        if self.relay_secret is None:
            return None
        try:
            msg = P.parse_client(text)
        except P.ProtocolError:
            return None
        if not isinstance(msg, P.Join) or (self.events is not None and self.events.is_table(msg.table)):
            return None
        code = table_of(msg.table.strip().upper())
        if code in self.rooms:
            return None
        try:
            lease = await self.db(self.store.lease_of, code)
        except Exception:  # the database is away: serving it here says so in words
            return None
        if lease is None or lease[0] == self.owner or lease[1] <= time.time() * 1000 or not alive(lease[0]):
            return None
        return relay.address_of(lease[0])

    async def _heartbeat(self) -> None:
        """Renew this server's leases every third of their time; a room whose lease is gone stops."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                held = await self.db(self.store.renew_leases, self.owner, self.lease_seconds)
            except Exception as e:  # the database is away: the leases are renewed when it is back
                log.warning("could not renew the tables' leases: %s", type(e).__name__)
                continue
            for code, room in list(self.rooms.items()):
                if code not in held:
                    room.taken_over()
                elif room.table is not None and room.table.is_over and not room.finished and room.failed is None:
                    room.kick()  # a game over whose end was not saved (the database away then): marked and rated now
            if self.events is not None:
                self.events.held(held)

    def close(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():  # no bot starts a move on pools about to close (a move logged is replayed)
            if room._bots is not None:
                room._bots.cancel()
        try:  # another server may take the tables at once, not after their leases run out
            self._db_pool.submit(self.store.release_leases, self.owner).result(timeout=5)
        except Exception as e:
            log.warning("could not give the tables' leases up: %s", type(e).__name__)
        self._db_pool.shutdown(wait=True, cancel_futures=False)
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        if self.bots is not None:
            self.bots.close()
        self.store.close()

    async def create(self, rules: RuleSet, name: str, plan: list[str], fill: str,
                     host_name: str | None, player: Player | None = None) -> tuple[str, str]:
        """A new table; (its code, the host's token).  ``plan``: per seat "open", "me" or a bot level; ``player``:
        the host's profile, signed in (its name is theirs at the table)."""
        name = check_name(name or rules.label, table=True)[:40]
        fill = check_level(fill)
        if len(plan) != rules.players:
            raise Refusal("seats_count", rules=rules.label, players=rules.players, given=len(plan))
        if plan.count("me") > 1:
            raise Refusal("host_one_seat")
        token = secrets.token_urlsafe(24)
        key = token_hash(token)
        if player is not None:
            host_name = player.name
        host = Person(person_name(host_name) if host_name else "host", host=True,
                      player=None if player is None else player.id)
        if "me" in plan and not host_name:
            raise Refusal("host_needs_name")
        seats = []
        for s, kind in enumerate(plan):
            if kind == "me":
                host.seat = s
                seats.append(SeatState("person", person=key))
            elif kind == "open":
                seats.append(SeatState())
            else:
                seats.append(SeatState("bot", level=check_level(kind)))
        lobby = Lobby(seats, {key: host}, fill)
        seed = secrets.randbits(31)
        table_seats = lobby.table_seats()

        def made() -> str:
            code = self.store.create(rules, table_seats, seed, name=name, lobby=lobby.to_json())
            self.store.take_lease(code, self.owner, self.lease_seconds)  # a new code: nobody else holds it
            return code

        code = await self.write(made)
        self.rooms[code] = Room(self, code, name, rules, seed, lobby)
        return code, token

    async def room(self, code: str) -> Room:
        """Table ``code``'s room: this server's, or loaded from the store once its lease is taken (another
        server holding it: :class:`Elsewhere`; the database away: :class:`Unavailable`).  A game's code after the
        table's first ("ABCDEF-2") is the table's; a tournament's table ("ABCDEF-1-2") is its event's."""
        if self.events is not None and self.events.is_table(code):
            return await self.events.room(code)
        code = table_of(code.strip().upper())
        known = self.rooms.get(code)
        if known is not None:
            return known
        try:
            holder = await self.write(self.store.take_lease, code, self.owner, self.lease_seconds)
            if holder is not None:
                raise Elsewhere("table_elsewhere", table=code[:16])
            loaded = await self.write(self._load, code)
        except StoreError as e:
            raise P.NoTable("no_table", table=repr(code[:16])) from e
        room = self.rooms.setdefault(code, loaded)
        room.kick()
        return room

    async def rules(self, code: str) -> RuleSet:
        """Table ``code``'s rules, read without taking its lease (a page asking for them must not move a table to
        this process): its room's where this process plays it, else the store's.  No such table: NoTable."""
        if self.events is not None and self.events.is_table(code):
            return await self.events.rules(code)
        code = table_of(code.strip().upper())
        known = self.rooms.get(code)
        if known is not None:
            return known.rules
        try:
            return await self.write(self.store.rules_of, code)
        except StoreError as e:
            raise P.NoTable("no_table", table=repr(code[:16])) from e

    def _load(self, code: str) -> Room:
        game = self.store.current(code)  # the game the table plays now (a rematch's)
        st = self.store.stored(game)
        lobby = Lobby.from_json(st.lobby, st.rules.players)
        table = None
        if lobby.started:  # who sits now is the lobby's word: a seat handed to a bot since the start is a bot's
            table = self.store.load(game, lobby.table_seats())
        return Room(self, code, st.name, st.rules, st.seed, lobby, table, len(st.actions), st.finished is not None,
                    game)

    async def restore(self) -> int:
        """Load every table whose game is not over, and let its bots play on; how many."""
        codes = list(dict.fromkeys(table_of(c) for c in await self.write(lambda: self.store.codes(finished=False))))
        return await restore_each(codes, self.room, "table")

    async def handle(self, client: Client, text: str) -> None:
        """One message off the wire: parsed, checked, carried out, or refused with the reason."""
        if not client.bucket.take():
            client.drops += 1
            self.metrics.refused.labels("too_many").inc()
            if client.drops > MAX_DROPS:
                client.send(P.refused(Refusal("too_many_closed")))
                client.close()
            else:
                client.send(P.refused(Refusal("too_many", rate=round(client.bucket.rate))))
            return
        try:
            msg = P.parse_client(text)
        except P.ProtocolError as e:
            self.metrics.refused.labels(e.code).inc()
            client.send(P.refused(e))
            return
        try:
            await self._dispatch(client, msg)
        except Refusal as e:
            room = client.room
            if isinstance(room, Room):
                room.refused(client, e)
            else:
                self.metrics.refused.labels(e.code).inc()
                client.send(P.refused(e))

    async def _dispatch(self, client: Client, msg: P.Intent) -> None:
        if isinstance(msg, P.Ping):
            client.send(P.Pong())
            return
        if isinstance(msg, P.Join):
            await (await self.room(msg.table)).join(client, msg.token)
            return
        room = client.room
        if not isinstance(room, Room):
            raise Refusal("join_first", v=P.VERSION)
        if isinstance(msg, P.Sit):
            await room.sit(client, msg.seat, msg.name)
        elif isinstance(msg, P.Stand):
            await room.stand(client)
        elif isinstance(msg, P.Swap):
            await room.swap(client, msg.a, msg.b)
        elif isinstance(msg, P.Start):
            await room.start(client)
        elif isinstance(msg, P.SeatBot):
            await room.set_bot(client, msg.seat, msg.level)
        elif isinstance(msg, P.Act):
            await room.act(client, msg.action)
        elif isinstance(msg, P.Bury):
            await room.bury(client, list(msg.actions))
        elif isinstance(msg, P.Rematch):
            await room.rematch(client)
        elif isinstance(msg, P.AskHint):
            await room.hint(client)
        elif isinstance(msg, P.Say):
            await self.talk.talk(room, client, msg.text, msg.phrase)
        elif isinstance(msg, P.Mute):
            await self.talk.mute(room, client, msg.seat, msg.on)

    def disconnect(self, client: Client) -> None:
        room = client.room
        if room is not None:
            room.leave(client)
        client.close()
