"""The duplicate tournaments a server runs: each a director whose every change is saved before it is told, and
the tables of its round in play, each a room that plays the round's boards in order, one hand each.

An :class:`Event` holds a :class:`~rookgame.tournament.Director` (the event's state machine) and changes it only
through :meth:`Event._change`: the director does the change (or refuses it, changing nothing), its new events
are written to the store in one transaction with the tokens they bring, and only then is anyone told; a change
that is not saved is undone (the director rebuilt from the saved log).  Reading the event takes the same lock,
so nobody sees a change before it is on disk.

A :class:`TableRoom` is one table of one round (code ``EVENT-ROUND-TABLE``): a :class:`~.rooms.Room` whose game
is the board in play, dealt from the board's seed with the table turned so that the board's dealer is seat 0
of its game (:meth:`~rookgame.tournament.Director.frame`), the event's people at their seats and bots at the
others.  Each move is saved (its own row) before it is applied; when the board's hand is over its result goes
to the director (saved), and only then is the next board dealt.  So a table is never sent a board's cards
before it has played the boards before it, and nobody but the table's own players and the director may open
it while its round is played: another table's player would see a board they have yet to play.  People sit
where the director's seating puts them, by the token they got when they registered; a board's seats change
as the deal moves round the table, and each person is told their seat again.

A :class:`Hall` holds the server's events; after a restart it rebuilds each unfinished event from its log, and
each table of its round from the moves of its board in play, and the bots play on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..record import game_record
from ..rules import RuleSet
from ..state import IllegalAction
from ..table import Table
from ..tournament import (
    Board,
    Director,
    Movement,
    Scoring,
    Seating,
    TournamentError,
    board_score,
    board_table,
    is_person,
)
from . import protocol as P
from .connections import Client
from .lobby import Lobby, Person, SeatState
from .names import DEFAULT_FILL, LEVELS, check_name, person_name, token_hash
from .protocol import Elsewhere, Refusal, Unavailable
from .rooms import PATIENCE, Hub, Room, restore_each
from .store import LeaseLost, StoreError
from .tournament_store import Member, TournamentStore, lease_name

log = logging.getLogger("rookgame.web")
T = TypeVar("T")

BOARD_PAUSE = 4  # bot delays between a board's last trick and the next board's deal: a moment to look at it
RETRY = 1.0  # seconds between tries of a board's result while the database is away


def table_code(event: str, round: int, table: int) -> str:
    return f"{event}-{round}-{table}"


class DirectorRefused(Refusal):
    """A director's refusal on the wire: its code after ``event_`` (the lobby has a ``no_table`` of its own), its
    facts; each has its sentence in :data:`rookgame.words.tournament.EVENT`, made from the director's every code."""

    def __init__(self, error: TournamentError) -> None:
        super().__init__("event_" + error.code, **error.params)


def member_name(given: str) -> str:
    """A unit's player as registered on a server: a bot's level, or a person's name (checked as a seat's is)."""
    level = given.strip().lower()
    return level if level in LEVELS else person_name(given)


# ---------------------------------------------------------------------- one table of a round
class TableRoom(Room):
    """One table of one round of an :class:`Event` (see the module's text)."""

    def __init__(self, event: Event, seating: Seating) -> None:
        d = event.director
        lobby = Lobby([SeatState() for _ in range(d.rules.players)], {}, d.fill or DEFAULT_FILL, True)
        super().__init__(event.hall.hub, table_code(event.code, seating.round, seating.table), event.name, d.rules, 0,
                         lobby)
        self.event = event
        self.seating = seating
        self.finished = True  # no game of the history to mark finished: the boards' hands go to the director
        self.board: Board | None = None  # the board in play, or the last played once the table is done
        self.done = False  # every board of the round played here
        self.visitors: dict[Client, str] = {}  # those watching with a token of the event: who they are
        self._finishing: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ the board in play
    def set_board(self, board: Board, moves: Sequence[tuple[int, int]] = (), *, done: bool = False,
                  play: bool = True) -> None:
        """Deal ``board`` here (its seats as the director has them now) and replay its saved ``moves``; ``done``:
        it is the last board the table played; ``play`` False: only its seats, no game (a past round's table)."""
        self.board, self.done = board, done
        self.game = f"{self.code}-B{board.number}"  # a new game for a page at each board (table.js: newGame)
        self.lobby = self._lobby(board)
        self._pad = (-1, [])
        if not play:
            self.table, self.logged = None, 0
            return
        table = board_table(self.rules, board, self.lobby.table_seats())
        for n, (seat, action) in enumerate(moves):
            try:
                table.submit(seat, action)
            except IllegalAction as e:
                raise StoreError(f"table {self.code}: move {n} of board {board.number} does not replay: {e}") from None
        self.table, self.logged = table, len(moves)

    def _lobby(self, board: Board) -> Lobby:
        """Who sits at each seat of ``board``'s game: the event's people by their tokens' hashes, bots by level."""
        d = self.event.director
        seats: list[SeatState] = []
        people: dict[str, Person] = {}
        for j, seat in enumerate(d.frame(board)):
            position, member = d.place_of(seat)
            unit = self.seating.units[position]
            name = d.unit(unit).members[member]
            if is_person(name):
                key = self.event.key_of(unit, member) or f"nobody:{unit}:{member}"  # no token: the director replaces
                seats.append(SeatState("person", person=key))
                people[key] = Person(name, seat=j)
            else:
                seats.append(SeatState("bot", level=name))
        return Lobby(seats, people, d.fill or DEFAULT_FILL, True)

    def reseat(self) -> None:
        """The seats as the director has them now (a player replaced), for the board in play."""
        if self.board is None:
            return
        self.lobby = self._lobby(self.board)
        if self.table is not None:
            for s, seat in enumerate(self.lobby.table_seats()):
                if seat != self.table.seats[s]:
                    self.table.set_seat(s, seat)

    def banner(self, key: str | None) -> P.TournamentTable:
        """Where this table is in the event, told to a client (``key``: its person's token hash, for ``next``)."""
        d = self.event.director
        r = self.seating.round
        boards = d.boards(r)
        board = self.board
        here = self.event.table_of(key) if key is not None else None
        return P.TournamentTable(event=self.event.code, name=self.event.name, round=r, rounds=d.rounds,
                                 table=self.seating.table, board=None if board is None else board.number,
                                 index=boards.index(board) + 1 if board in boards else 0, boards=len(boards),
                                 done=self.done, round_over=d.round_over(r), paused=d.paused,
                                 next=here if here is not None and here != self.code else None)

    def key(self, client: Client) -> str | None:
        return client.key if client.person is not None else self.visitors.get(client)

    def tell_banner(self) -> None:
        for c in list(self.clients):
            c.send(self.banner(self.key(c)))

    def rebroadcast(self) -> None:
        """Everyone hears the table again from the start: a new board, or new seats (each person's seat anew)."""
        self.tell_banner()  # first: what follows is of the board it names
        for c in list(self.clients):
            c.heard = 0
            self.welcome(c)
        self.broadcast_lobby()
        self.broadcast_game()

    # ------------------------------------------------------------------ who may come
    async def join(self, client: Client, token: str | None) -> None:
        key = token_hash(token) if token else None
        d = self.event.director
        if key is not None and key in self.lobby.people:
            self.visitors.pop(client, None)
            client.send(self.banner(key))  # first: what follows is of the board it names
            await super().join(client, token)
        elif key == self.event.director_key or d.round_over(self.seating.round):
            if key is not None:
                self.visitors[client] = key
            client.send(self.banner(key))
            await super().join(client, None)
        else:  # a board's play told to someone who may yet play that board: never
            raise Refusal("tournament_private")

    def leave(self, client: Client) -> None:
        self.visitors.pop(client, None)
        super().leave(client)

    async def sit(self, client: Client, seat: int, name: str) -> None:
        raise Refusal("tournament_seats")

    async def stand(self, client: Client) -> None:
        raise Refusal("tournament_seats")

    async def swap(self, client: Client, a: int, b: int) -> None:
        raise Refusal("tournament_seats")

    async def set_bot(self, client: Client, seat: int, level: str | None) -> None:
        raise Refusal("tournament_seats")

    async def start(self, client: Client) -> None:
        raise Refusal("tournament_seats")

    async def rematch(self, client: Client) -> None:
        raise Refusal("tournament_seats")

    async def hint(self, client: Client) -> None:
        raise Refusal("tournament_hint")

    def taken_over(self) -> None:
        self.event.taken_over()

    def kick(self) -> None:
        if not self.event.director.paused and not self.done:
            super().kick()

    # ------------------------------------------------------------------ playing
    async def _commit(self, seat: int, action: int, patience: float) -> None:
        """Check, save, then apply one move (the caller holds the lock); the board's end goes to the director."""
        table, board = self.table, self.board
        if table is None or board is None:
            raise Refusal("not_started")
        if self.failed:
            raise Refusal(self.failed.code, **self.failed.params)
        if self.event.director.paused:  # a person is told; a bot waits and tries again (rooms: Unavailable)
            raise Unavailable("tournament_paused")
        refused = table.refusal(seat, action)
        if refused is not None:
            raise Refusal(refused.code, **refused.params)
        store, code, n, tries = self.event.hall.store, self.event.code, self.logged, [0]
        r, t, b = self.seating.round, self.seating.table, board.number

        def move() -> None:  # a retry may find its own first try committed: ``again``
            tries[0] += 1
            store.move(code, r, t, b, n, seat, action, again=tries[0] > 1)

        await self._write(move, patience=patience)
        self.logged += 1
        table.submit(seat, action)
        if table.is_over:
            self.finish_board(table)

    def finish_board(self, table: Table) -> None:
        if self._finishing is None or self._finishing.done():
            self._finishing = asyncio.get_running_loop().create_task(self._finish_board(table))

    async def _finish_board(self, table: Table) -> None:
        """The board's result to the director (saved), then the next board dealt, or the table done."""
        if self.hub.bot_delay:
            await asyncio.sleep(self.hub.bot_delay * BOARD_PAUSE)
        async with self.lock:
            if self.table is not table or self.board is None or self.done:
                return
            try:
                await self.event.board_played(self, self.board, table)
            except Refusal as e:
                if self.failed is None:
                    self.failed = e
                    self.tell(e)
                return
        self.rebroadcast()
        self.kick()


# ---------------------------------------------------------------------- one event
class Event:
    """A tournament on this server: its director, its people, the rooms of its tables (see the module's text)."""

    def __init__(self, hall: Hall, code: str, name: str, director: Director, director_key: str,
                 people: dict[str, Member]) -> None:
        self.hall, self.code, self.name = hall, code, name
        self.director = director
        self.director_key = director_key
        self.people = people  # token hash -> (unit, member)
        self.rooms: dict[tuple[int, int], TableRoom] = {}  # (round, table)
        self.lock = asyncio.Lock()
        self.stopped = False  # another server took the event over

    # ------------------------------------------------------------------ who is who
    def key_of(self, unit: int, member: int) -> str | None:
        return next((k for k, place in self.people.items() if place == (unit, member)), None)

    def place(self, key: str | None) -> Member | None:
        return None if key is None else self.people.get(key)

    def table_of(self, key: str) -> str | None:
        """The code of the table where the person of token hash ``key`` plays in the round in play (None: none)."""
        place = self.people.get(key)
        d = self.director
        if place is None or not d.round:
            return None
        found = d.seating_of(place[0])
        return None if found is None else table_code(self.code, d.round, found[0].table)

    # ------------------------------------------------------------------ changing the director
    async def _change(self, op: Callable[[Director], T], *, people: dict[str, Member] | None = None,
                      drop: list[Member] | None = None, patience: float = PATIENCE) -> T:
        """``op`` done on the director, its events saved (with the people they bring and take away), then kept;
        refused or not saved, the director is as it was (the caller holds :attr:`lock`)."""
        if self.stopped:
            raise Elsewhere("tournament_elsewhere", event=self.code)
        d = self.director
        n = len(d.events)
        try:
            result = op(d)
        except TournamentError as e:
            if len(d.events) != n:  # a change half made (fillers registered before a refusal): undone
                self.director = Director.from_events(d.events[:n])
            raise DirectorRefused(e) from None
        try:
            await self.hall.write(self, self.hall.store.append, self.code, n, d.events[n:], people=people,
                                  drop=drop, finished=d.finished, patience=patience)
        except BaseException:
            self.director = Director.from_events(d.events[:n])
            raise
        for place in drop or []:
            for k in [k for k, p in self.people.items() if p == place]:
                del self.people[k]
        self.people.update(people or {})
        return result

    async def register(self, name: str, members: list[str]) -> tuple[int, list[str | None]]:
        """A pair or a player enters: (its unit's number, a token per member: a person's, None for a bot)."""
        name = check_name(name, table=True)[:40] if name.strip() else ""
        names = [member_name(m) for m in members]
        tokens = [secrets.token_urlsafe(24) if is_person(m) else None for m in names]
        people: dict[str, Member] = {}

        def enter(d: Director) -> int:
            unit = d.register(name, names)
            people.update({token_hash(t): (unit.number, i) for i, t in enumerate(tokens) if t is not None})
            return unit.number

        async with self.lock:
            unit = await self._change(enter, people=people)
        return unit, tokens

    async def start_round(self) -> int:
        """The next round: its tables' rooms, each dealt its first board; whoever is at a table of the last round
        is told where they play now."""
        async with self.lock:
            await self._change(lambda d: d.start_round())
            d = self.director
            before = [room for (r, _), room in self.rooms.items() if r == d.round - 1]
            for s in d.seatings():
                room = TableRoom(self, s)
                room.set_board(d.boards()[0])
                self.rooms[(s.round, s.table)] = room
            fresh = [room for (r, _), room in self.rooms.items() if r == d.round]
        for room in before:
            room.tell_banner()
        for room in fresh:
            room.kick()
        return d.round

    async def board_played(self, room: TableRoom, board: Board, table: Table) -> None:
        """A board's hand is over at ``room`` (its lock held): its result recorded (tried again while the database
        is away: the table has nothing else to do), the next board dealt there, and the event finished after
        its last."""
        s = room.seating
        score = room.event.director.position_scores(board, board_score(table))
        record = game_record(table.match, table.names)
        async with self.lock:
            while (s.round, s.table, board.number) not in self.director.results:
                try:
                    await self._change(lambda d: d.record(s.round, s.table, board.number, score, record))
                except Unavailable:
                    await asyncio.sleep(RETRY)
            d = self.director
            following = d.next_board(s.round, s.table)
            if following is not None:
                room.set_board(following)
            else:
                room.done = True
            over = d.round_over(s.round)
            if over and d.round == d.rounds and not d.finished:
                await self._change(lambda d: d.finish())
        if over:
            for other in self.round_rooms():
                if other is not room:
                    other.tell_banner()

    async def pause(self) -> None:
        async with self.lock:
            await self._change(lambda d: d.pause())
        for room in self.round_rooms():
            room.tell(Refusal("tournament_paused"))
            room.tell_banner()

    async def resume(self) -> None:
        async with self.lock:
            await self._change(lambda d: d.resume())
        for room in self.round_rooms():
            room.tell(Refusal("tournament_resumed"))
            room.tell_banner()
            room.kick()

    async def replace(self, unit: int, member: int, by: str) -> str | None:
        """A unit's player replaced by a person (their new token returned) or a bot; the old token seats nobody.
        A table playing now seats the new player at once, from the move the board is at."""
        who = member_name(by)
        token = secrets.token_urlsafe(24) if is_person(who) else None
        async with self.lock:
            await self._change(lambda d: d.replace(unit, member, who),
                               people={token_hash(token): (unit, member)} if token is not None else None,
                               drop=[(unit, member)])
            d = self.director
            found = d.seating_of(unit) if d.round else None
            room = self.rooms.get((d.round, found[0].table)) if found is not None else None
        if room is not None and not room.done:
            async with room.lock:
                gone = {c for c in room.clients if c.person is not None}
                room.reseat()
                for c in gone:
                    if c.person is None:
                        c.send(P.info(Refusal("token_replaced")))
            room.rebroadcast()
            room.kick()
        return token

    async def correct(self, round: int, table: int, board: int, scores: list[int], reason: str) -> None:
        async with self.lock:
            await self._change(lambda d: d.correct(round, table, board, scores, reason))

    def round_rooms(self) -> list[TableRoom]:
        r = self.director.round
        return [room for (rn, _), room in self.rooms.items() if rn == r]

    def taken_over(self) -> None:
        """Another server runs this event now: every table here stops, and the event is let go."""
        if self.stopped:
            return
        self.stopped = True
        stop = Refusal("tournament_elsewhere", event=self.code)
        for room in self.rooms.values():
            if room.failed is None:
                room.failed = stop
                room.tell(stop)
        if self.hall.events.get(self.code) is self:
            del self.hall.events[self.code]

    # ------------------------------------------------------------------ reading
    async def view(self, person: str | None, director: str | None) -> dict[str, Any]:
        """The event as the holder of these tokens may see it (:meth:`Director.view`), with who they are in it and
        where they play now."""
        async with self.lock:
            d = self.director
            is_director = director is not None and token_hash(director) == self.director_key
            key = token_hash(person) if person else None
            place = self.place(key)
            out = d.view(place[0] if place else None, director=is_director)
            me = None
            if place is not None and key is not None:
                unit, member = place
                found = d.seating_of(unit) if d.round else None
                me = {"unit": unit, "member": member, "name": d.unit(unit).members[member],
                      "table": self.table_of(key), "sitting_out": bool(d.round) and found is None}
            return {"code": self.code, **out, "me": me, "director": is_director}

    async def room(self, round: int, table: int) -> TableRoom:
        """A table's room: the round in play's, or a past round's (its seats only: its boards are played)."""
        async with self.lock:
            d = self.director
            known = self.rooms.get((round, table))
            if known is not None:
                return known
            _check_table(d, self.code, round, table)
            room = TableRoom(self, d.seating(round, table))
            room.set_board(d.boards(round)[-1], done=True, play=False)
            self.rooms[(round, table)] = room
            return room

    def export(self) -> Director:
        """The director, for the whole event's export: only once the event is over (every deal is in it)."""
        if not self.director.finished:
            raise Refusal("tournament_not_over")
        return self.director


def _table_parts(code: str) -> tuple[str, int, int]:
    """A tournament table's code (``EVENT-ROUND-TABLE``) as (event, round, table); else NoTable."""
    parts = code.strip().upper().split("-")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        raise P.NoTable("no_table", table=repr(code[:16]))
    return parts[0], int(parts[1]), int(parts[2])


def _check_table(d: Director, event: str, round: int, table: int) -> None:
    """Table ``table`` of round ``round`` is one the director has seated (a round in play or past); else NoTable."""
    if not 1 <= round <= d.round or not any(s.table == table for s in d.seatings(round)):
        raise P.NoTable("no_table", table=repr(table_code(event, round, table)))


# ---------------------------------------------------------------------- the server's events
class Hall:
    """Every tournament of one server (on the hub's store, its database thread and its bots)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = TournamentStore(hub.store)
        self.events: dict[str, Event] = {}

    async def write(self, event: Event | None, fn: Callable[..., T], *args: Any, patience: float = PATIENCE,
                    **kwargs: Any) -> T:
        """A write of an event's (:meth:`Hub.write`: tried again while the database is away); a lease another
        server holds now stops the event here."""
        try:
            return await self.hub.write(lambda: fn(*args, **kwargs), patience=patience)
        except LeaseLost:
            if event is not None:
                event.taken_over()
            raise Elsewhere("tournament_elsewhere", event=event.code if event else "") from None

    async def create(self, rules: RuleSet, name: str, rounds: int, boards: int, scoring: Scoring,
                     movement: Movement, fill: str | None) -> tuple[str, str]:
        """A new event; (its code, the director's token)."""
        name = check_name(name or rules.label, table=True)[:40]
        try:
            director = Director(rules, rounds, boards, secrets.randbits(31), scoring, movement, fill, name)
        except TournamentError as e:
            raise DirectorRefused(e) from None
        token = secrets.token_urlsafe(24)
        key = token_hash(token)
        code = await self.write(None, self.store.create, name, key, director.events)
        self.events[code] = Event(self, code, name, director, key, {})
        return code, token

    async def event(self, code: str) -> Event:
        """Event ``code``: this server's, or loaded from the store (its lease taken while it is played)."""
        code = code.strip().upper()
        known = self.events.get(code)
        if known is not None:
            return known
        try:
            loaded = await self.hub.write(self._load, code)
        except StoreError as e:
            raise P.NoTable("no_tournament", event=repr(code[:16])) from e
        if loaded is None:
            raise Elsewhere("tournament_elsewhere", event=code)
        event = self.events.setdefault(code, loaded[0])
        if event is loaded[0]:
            self._resume(event, loaded[1])
        return event

    def _load(self, code: str) -> tuple[Event, dict[tuple[int, int, int], list[tuple[int, int]]]] | None:
        """(On the database thread.)  The event as its log left it, and the moves of its round in play; None when
        another server runs it."""
        st = self.store.load(code)
        director = Director.from_events(st.events)
        if not director.finished:
            holder = self.hub.store.take_lease(lease_name(code), self.hub.owner, self.hub.lease_seconds)
            if holder is not None:
                return None
        moves = self.store.load(code, moves_of=director.round).moves if director.round else {}
        return Event(self, st.code, st.name, director, st.director, st.people), moves

    def _resume(self, event: Event, moves: dict[tuple[int, int, int], list[tuple[int, int]]]) -> None:
        """Every table of the round in play where its moves left it; a board whose hand was over before its
        result was saved is recorded now."""
        d = event.director
        if not d.round or d.finished:
            return
        for s in d.seatings():
            room = TableRoom(event, s)
            following = d.next_board(s.round, s.table)
            try:
                if following is None:
                    last = d.boards()[-1]
                    room.set_board(last, moves.get((s.round, s.table, last.number), []), done=True)
                else:
                    room.set_board(following, moves.get((s.round, s.table, following.number), []))
            except StoreError as e:
                log.error("%s", e)
                room.failed = Refusal("not_saved")
            event.rooms[(s.round, s.table)] = room
            if room.table is not None and room.table.is_over and not room.done:
                room.finish_board(room.table)
            room.kick()

    @staticmethod
    def is_table(code: str) -> bool:
        """``code`` names a tournament's table (``EVENT-ROUND-TABLE``), not a table of the lobby's."""
        return code.count("-") == 2

    async def room(self, code: str) -> TableRoom:
        """A tournament table's room by its code (``EVENT-ROUND-TABLE``)."""
        event, round, table = _table_parts(code)
        return await (await self.event(event)).room(round, table)

    async def rules(self, code: str) -> RuleSet:
        """A tournament table's rules, read without taking its event's lease: from the event this server runs, else
        from its log in the store."""
        event, round, table = _table_parts(code)
        known = self.events.get(event)
        if known is not None:
            d = known.director
        else:
            try:
                d = await self.hub.write(lambda: Director.from_events(self.store.load(event).events))
            except StoreError as e:
                raise P.NoTable("no_tournament", event=repr(event[:16])) from e
        _check_table(d, event, round, table)
        return d.rules

    def held(self, leases: set[str]) -> None:
        """The leases this server still holds (the hub's heartbeat): an event not over whose lease is gone stops."""
        for code, event in list(self.events.items()):
            if not event.director.finished and lease_name(code) not in leases:
                event.taken_over()

    async def restore(self) -> int:
        """Load every event not over, and let its tables play on; how many."""
        codes = await self.hub.write(lambda: self.store.codes(finished=False))
        return await restore_each(codes, self.event, "tournament")


__all__ = ["Event", "Hall", "TableRoom", "member_name", "table_code"]
