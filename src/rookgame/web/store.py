"""The table store: every table's rules, seats and action log in a real database (SQLAlchemy 2).

An SQLite file by default, PostgreSQL by URL (``postgresql+psycopg://...``).  Alembic migrations
(``rookgame/web/migrations``) create and upgrade the schema when a store opens.  A table is kept
as its rule set, its seed and its seats, and every action taken at it is appended to its log in
its own transaction, numbered, so that two writers cannot both append action ``n``; a table is
rebuilt by replaying its log through a :class:`~rookgame.table.Table`, so a server killed at any
moment resumes every table where the last committed action left it.  A game over is marked finished in one
transaction with what the server writes at its end, its rating (:meth:`Store.set_finished`): both or neither.

One server process plays a table at a time: it holds the table's **lease**, a row of ``rook_leases``
(the table, the owner, when it expires), renewed by a heartbeat and by every write the owner makes
for that table, in the write's own transaction (a write by a server that lost the lease is refused:
:class:`LeaseLost`).  A lease is taken when it is free, expired, or held by a process of this
machine that is gone (a server killed and started again takes its tables back at once).  An SQLite
file is served by one ``rook serve`` at a time besides (:meth:`Store.claim`, a lock on a file beside
it).  A connection is checked before each use (``pool_pre_ping``), so the first request after the
database comes back gets a fresh one; :func:`is_fault` tells a database that is away (worth retrying)
from a refusal.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from ..files import rook_home
from ..rules import RulesError, RuleSet, from_json
from ..state import IllegalAction
from ..table import Bot, Human, Seat, Table
from ..words.catalog import Param
from ..words.web import say, text

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I/1 or O/0 to misread on a phone
LEASE_SECONDS = 30.0  # a table's lease lasts this long unrenewed; its owner renews it every third of that


# What a game's end writes beside its mark, in the mark's own transaction (:meth:`Store.set_finished`): a hook of
# the server's (the game's rating), given the transaction's session.
Finishing = Callable[[Session], object]


class StoreError(ValueError):
    """A table that is not in the store, a log that does not replay, an append out of turn; says why.

    ``code`` and ``params``: what a page tells in the reader's words (:data:`rookgame.words.web.SERVER` and the
    lobby's refusals); one raised with a sentence only is ``store_failed`` there."""

    def __init__(self, message: str, /, code: str = "store_failed", **params: Param) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Param] = params

    @classmethod
    def said(cls, code: str, /, **params: Param) -> StoreError:
        """An error by its code and params, its English from the catalog."""
        return cls(text(code, params), code, **params)


class LeaseLost(StoreError):
    """A write for a table whose lease this server no longer holds: another server plays it now."""


def is_fault(error: BaseException) -> bool:
    """Whether ``error`` is the database being away or failing (a lost connection, a server stopped, a file
    locked or full): worth retrying, unlike a refusal (:class:`StoreError`, a constraint)."""
    return isinstance(error, DBAPIError) and not isinstance(error, IntegrityError)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "rook_tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    rules: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name: Mapped[str] = mapped_column(String(40), default="", server_default="")
    lobby: Mapped[str] = mapped_column(Text, default="{}", server_default="{}")  # JSON: the lobby's state
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LeaseRow(Base):
    """Which server process plays a table, until when (milliseconds since the epoch, by the servers' clocks)."""

    __tablename__ = "rook_leases"
    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    owner: Mapped[str] = mapped_column(String(120))
    expires: Mapped[int] = mapped_column(BigInteger)


class ActionRow(Base):
    __tablename__ = "rook_actions"
    table_id: Mapped[int] = mapped_column(ForeignKey("rook_tables.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)


@dataclass(frozen=True)
class Stored:
    """A table as the store keeps it."""

    code: str
    rules: RuleSet
    seed: int
    seats: list[Seat]
    actions: list[tuple[int, int]]  # (seat, action), in order
    name: str = ""
    lobby: dict[str, Any] = field(default_factory=dict)
    created: datetime | None = None
    finished: datetime | None = None


def default_url() -> str:
    """The SQLite file ``rook.db`` in :func:`rookgame.files.rook_home` (``$ROOK_HOME``, else ``~/.rook``)."""
    return f"sqlite:///{rook_home() / 'rook.db'}"


class Store:
    """A database of tables.  ``url``: an SQLAlchemy URL (default the SQLite file ``$ROOK_HOME/rook.db``,
    ``~/.rook/rook.db`` without ``ROOK_HOME``)."""

    def __init__(self, url: str | None = None) -> None:
        url = url or default_url()
        self.file: Path | None = None  # an SQLite database's file
        if url.startswith("sqlite:///"):
            self.file = Path(url.removeprefix("sqlite:///")).expanduser()
            self.file.parent.mkdir(parents=True, exist_ok=True)
        self.url = url
        self.owner: str | None = None  # the lease owner this store writes for (a server's): see take_lease
        self.lease_seconds = LEASE_SECONDS
        self._claim: IO[str] | None = None
        # pre-ping: a connection is checked before use, so the first request after the database comes back
        # does not fail on a connection it killed; a server that does not answer is given up on in 5 seconds
        options: dict[str, Any] = {"pool_pre_ping": True}
        if make_url(url).get_backend_name() == "postgresql":
            options["connect_args"] = {"connect_timeout": 5}
        self.engine = create_engine(url, **options)
        # a move's append, the hot path, without the pre-ping's round trip: a connection the database killed
        # fails the append, which the hub tries again (``again``) on a fresh one
        self._writes = create_engine(url, **{**options, "pool_pre_ping": False})
        self._table_ids: dict[str, int] = {}  # a table's row id, which never changes
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self._writes, "connect", _sqlite_pragmas)
        try:
            self.upgrade()
        except DBAPIError as e:
            self.engine.dispose()
            raise StoreError(say("db_unreachable", {"url": self.where, "detail": str(e.orig).strip()})) from None

    @property
    def where(self) -> str:
        """The database's URL without its password, to be shown."""
        return make_url(self.url).render_as_string(hide_password=True)

    # ------------------------------------------------------------------ one server per SQLite file
    def claim(self) -> None:
        """This process serves the SQLite file: a lock on ``FILE.lock`` beside it (held until :meth:`close`);
        another process already serving it is refused with its process number.  Nothing to do on PostgreSQL,
        where several servers may share the database, each table played by the holder of its lease."""
        if self.file is None or self._claim is not None:
            return
        import fcntl

        handle = open(self.file.with_name(self.file.name + ".lock"), "a+", encoding="utf-8")  # noqa: SIM115
        try:
            # A POSIX lock: another process's is refused; this process's own apps (tests) share it.
            fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            pid = handle.read().strip() or "?"
            handle.close()
            raise StoreError(say("db_in_use", {"pid": pid, "path": str(self.file)})) from None
        handle.truncate(0)
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._claim = handle

    def close(self) -> None:
        """Let the file go (:meth:`claim`) and close the connections."""
        if self._claim is not None:
            self._claim.close()
            self._claim = None
        self.engine.dispose()
        self._writes.dispose()

    # ------------------------------------------------------------------ leases: one server plays a table
    @staticmethod
    def new_owner() -> str:
        """A lease owner's name for this process: its machine, its process number, a random part."""
        return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(4)}"

    def take_lease(self, code: str, owner: str, seconds: float) -> str | None:
        """Take (or renew) table ``code``'s lease for ``owner``; None when taken, else the owner holding it."""
        now = _now_ms()
        with Session(self.engine) as s, s.begin():
            row = s.get(LeaseRow, code, with_for_update=True)
            if row is None:
                s.add(LeaseRow(code=code, owner=owner, expires=now + int(seconds * 1000)))
                try:
                    s.flush()
                except IntegrityError:  # another server inserted it first
                    return "another server"
                return None
            if row.owner != owner and row.expires > now and alive(row.owner):
                return row.owner
            row.owner, row.expires = owner, now + int(seconds * 1000)
            return None

    def renew_leases(self, owner: str, seconds: float) -> set[str]:
        """Renew every lease ``owner`` holds; the tables it still holds."""
        with Session(self.engine) as s, s.begin():
            s.execute(update(LeaseRow).where(LeaseRow.owner == owner).values(expires=_now_ms() + int(seconds * 1000)))
            return set(s.scalars(select(LeaseRow.code).where(LeaseRow.owner == owner)))

    def release_leases(self, owner: str, codes: list[str] | None = None) -> None:
        """Give ``owner``'s leases up (all, or those of ``codes``): another server may take the tables at once."""
        query = delete(LeaseRow).where(LeaseRow.owner == owner)
        if codes is not None:
            query = query.where(LeaseRow.code.in_(codes))
        with Session(self.engine) as s, s.begin():
            s.execute(query)

    def take_leases(self, codes: list[str], owner: str, seconds: float) -> list[str]:
        """Take, in one transaction, the leases of ``codes`` that are free (none, run out, or of a process of this
        machine that is gone): those taken, for ``owner``.  A site's failover takes a dead process's tables so."""
        now = _now_ms()
        taken: list[str] = []
        with Session(self.engine) as s, s.begin():
            rows = {row.code: row for row in s.scalars(select(LeaseRow).where(LeaseRow.code.in_(codes))
                                                           .with_for_update(skip_locked=True))}
            for code in codes:
                row = rows.get(code)
                if row is None:
                    if s.get(LeaseRow, code) is not None:
                        continue  # locked by another process taking it now
                    s.add(LeaseRow(code=code, owner=owner, expires=now + int(seconds * 1000)))
                elif row.owner != owner and row.expires > now and alive(row.owner):
                    continue
                else:
                    row.owner, row.expires = owner, now + int(seconds * 1000)
                taken.append(code)
            try:
                s.flush()
            except IntegrityError:  # another process inserted one of them first: take none this time
                s.rollback()
                return []
        return taken

    def orphans(self) -> list[str]:
        """The tables (by table code) whose game is not over and that no live process plays: no lease, an expired
        one, or one held by a process of this machine that is gone.  A site's processes take them over."""
        now = _now_ms()
        with Session(self.engine) as s:
            codes = list(s.scalars(select(TableRow.code).where(TableRow.finished.is_(None)).order_by(TableRow.id)))
            leases = {row.code: row for row in s.scalars(select(LeaseRow))}
        out: list[str] = []
        for code in dict.fromkeys(table_of(c) for c in codes):
            lease = leases.get(code)
            if lease is None or lease.expires <= now or not alive(lease.owner):
                out.append(code)
        return out

    def lease_of(self, code: str) -> tuple[str, int] | None:
        """(owner, expiry in ms) of table ``code``'s lease, or None."""
        with Session(self.engine) as s:
            row = s.get(LeaseRow, code)
            return None if row is None else (row.owner, row.expires)

    def _fence(self, s: Session | Connection, code: str) -> None:
        """Inside a write's transaction: this store's owner still holds ``code``'s lease (and it is renewed);
        else :class:`LeaseLost`.  A store with no owner (a script, a test) writes unfenced."""
        self.fence_lease(s, table_of(code))  # a table's games after its first ("ABCDEF-2") are under the table's lease

    @property
    def _fenced(self) -> bool:
        """Whether a write checks (and renews) its table's lease in its transaction: not for a store with no owner
        (a script, a test), nor for a server that holds its SQLite file (:meth:`claim`), the only process that can
        write there, whose heartbeat renews the leases (the fence was a third of the database thread's time
        under benchmarks/web_load.py)."""
        return self.owner is not None and self._claim is None

    def fence_lease(self, s: Session | Connection, code: str) -> None:
        """:meth:`_fence` on the lease named ``code`` as it is (a tournament's, "T-ABCDEF")."""
        if not self._fenced:
            return
        done = s.execute(update(LeaseRow).where(LeaseRow.code == code, LeaseRow.owner == self.owner)
                         .values(expires=_now_ms() + int(self.lease_seconds * 1000)))
        if done.rowcount != 1:  # type: ignore[attr-defined]
            raise LeaseLost(f"table {code}: another server holds its lease")

    def upgrade(self) -> None:
        """Bring the schema to the newest migration (nothing to do when it is there)."""
        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    # ------------------------------------------------------------------ writing
    def create(self, rules: RuleSet, seats: list[Seat], seed: int, *, name: str = "",
               lobby: dict[str, Any] | None = None) -> str:
        """A new table; its short code (the invite)."""
        data = json.dumps([_seat_json(s) for s in seats])

        def write(s: Session, code: str) -> None:
            s.add(TableRow(code=code, rules=json.dumps(rules.to_json()), seed=seed, seats=data,
                           created=datetime.now(UTC), name=name[:40], lobby=json.dumps(lobby or {})))

        return with_new_code(self.engine, write, "table")

    def append(self, code: str, n: int, seat: int, action: int, *, again: bool = False) -> None:
        """Action number ``n`` (from 0) of table ``code``, in one transaction; refused if ``n`` is taken.

        ``again``: a retry of an append whose commit may have happened before the connection was lost; the
        same action already at ``n`` is then this one, done."""
        try:
            with self._writes.begin() as conn:  # Core statements, two round trips and the commit: every move
                table_id = self._ids(conn, {code})[code]
                self._fence(conn, code)
                conn.execute(insert(ActionRow).values(table_id=table_id, n=n, seat=seat, action=action))
        except IntegrityError:
            if again and self._logged(code, n) == (seat, action):
                return
            raise StoreError(f"table {code}: action {n} is already in the log") from None

    def append_many(self, moves: list[tuple[str, int, int, int]]) -> list[bool]:
        """Several tables' next actions (code, n, seat, action) in one transaction: their leases renewed in one
        statement, their rows in one insert, one commit, instead of a transaction each (the database thread is
        a site's limit).  For each, whether it was written: False where this store's owner does not hold the
        table's lease (:class:`LeaseLost` for it).  Any other fault, an ``n`` already taken included, writes
        none and raises: the caller then appends them one by one (:meth:`append`, which says what was wrong)."""
        with self._writes.begin() as conn:
            ids = self._ids(conn, {code for code, *_ in moves})
            leases = {table_of(code) for code, *_ in moves}
            if not self._fenced:
                held = leases
            else:
                held = set(conn.execute(update(LeaseRow)
                                        .where(LeaseRow.code.in_(leases), LeaseRow.owner == self.owner)
                                        .values(expires=_now_ms() + int(self.lease_seconds * 1000))
                                        .returning(LeaseRow.code)).scalars())
            rows = [{"table_id": ids[code], "n": n, "seat": seat, "action": action}
                    for code, n, seat, action in moves if table_of(code) in held]
            if rows:
                conn.execute(insert(ActionRow), rows)
        return [table_of(code) in held for code, *_ in moves]

    def _logged(self, code: str, n: int) -> tuple[int, int] | None:
        with Session(self.engine) as s:
            row = self._row(s, code)
            got = s.execute(select(ActionRow.seat, ActionRow.action)
                            .where(ActionRow.table_id == row.id, ActionRow.n == n)).one_or_none()
            return None if got is None else (got.seat, got.action)

    def set_seats(self, code: str, seats: list[Seat], lobby: dict[str, Any] | None = None) -> None:
        """The table's seats (and its lobby's state) now, in one transaction."""
        with Session(self.engine) as s, s.begin():
            row = self._row(s, code)
            self._fence(s, code)
            row.seats = json.dumps([_seat_json(x) for x in seats])
            if lobby is not None:
                row.lobby = json.dumps(lobby)

    def rematch(self, code: str, new: str, rules: RuleSet, seats: list[Seat], seed: int, *, name: str,
                lobby: dict[str, Any]) -> None:
        """Game ``new`` at the table whose game ``code`` is over, in one transaction: made, with the lobby it
        starts with, and ``code``'s lobby saying where the table went on (``next``: :meth:`current`)."""
        try:
            with Session(self.engine) as s, s.begin():
                row = self._row(s, code)
                self._fence(s, code)
                old = json.loads(row.lobby or "{}")
                row.lobby = json.dumps({**(old if isinstance(old, dict) else {}), "next": new})
                s.add(TableRow(code=new, rules=json.dumps(rules.to_json()), seed=seed,
                               seats=json.dumps([_seat_json(x) for x in seats]), created=datetime.now(UTC),
                               name=name[:40], lobby=json.dumps(lobby)))
        except IntegrityError:
            raise StoreError(f"table {code}: game {new} is already there") from None

    def current(self, code: str) -> str:
        """The game table ``code`` plays now: ``code``, or the game after it again and again (:meth:`rematch`)."""
        with Session(self.engine) as s:
            seen = {code}
            while True:
                lobby = json.loads(self._row(s, code).lobby or "{}")
                following = lobby.get("next") if isinstance(lobby, dict) else None
                if not isinstance(following, str) or following in seen:
                    return code
                seen.add(following)
                code = following

    def set_lobby(self, code: str, lobby: dict[str, Any]) -> None:
        with Session(self.engine) as s, s.begin():
            row = self._row(s, code)
            self._fence(s, code)
            row.lobby = json.dumps(lobby)

    def set_finished(self, code: str, writes: Sequence[Finishing] = ()) -> bool:
        """Mark game ``code`` as finished (listed in the history from then on) and, in the same transaction, make
        ``writes`` (the server's hooks: its rating, :mod:`.accounts`): the mark and what they write are committed
        together or not at all.  Whether it was marked now: False, and nothing written, when it was already
        marked (by another process too: the mark is a conditional update, which waits for one being made)."""
        with Session(self.engine) as s, s.begin():
            marked = s.execute(update(TableRow).where(TableRow.code == code, TableRow.finished.is_(None))
                               .values(finished=datetime.now(UTC)))
            if marked.rowcount != 1:  # type: ignore[attr-defined]
                self._row(s, code)  # no such table: StoreError
                return False
            for write in writes:
                write(s)
        return True

    def _ids(self, conn: Connection, codes: set[str]) -> dict[str, int]:
        """The row ids of the tables ``codes`` (kept: a table's never changes), those not yet known in one query."""
        missing = codes - self._table_ids.keys()
        if missing:
            found = dict(conn.execute(select(TableRow.code, TableRow.id).where(TableRow.code.in_(missing))).all())
            if missing - found.keys():
                raise StoreError.said("no_table", table=repr(sorted(missing - found.keys())[0]))
            self._table_ids.update(found)
        return {code: self._table_ids[code] for code in codes}

    @staticmethod
    def _row(s: Session, code: str) -> TableRow:
        row = s.scalars(select(TableRow).where(TableRow.code == code)).one_or_none()
        if row is None:
            raise StoreError.said("no_table", table=repr(code))
        return row

    # ------------------------------------------------------------------ reading
    def stored(self, code: str) -> Stored:
        with Session(self.engine) as s:
            row = self._row(s, code)
            actions = s.execute(select(ActionRow.seat, ActionRow.action).where(ActionRow.table_id == row.id)
                                .order_by(ActionRow.n)).all()
            rules = _rules_of(code, row.rules)
            seats = [_seat_of(x) for x in json.loads(row.seats)]
            lobby = json.loads(row.lobby or "{}")
            return Stored(code, rules, row.seed, seats, [(a.seat, a.action) for a in actions], row.name,
                          lobby if isinstance(lobby, dict) else {}, row.created, row.finished)

    def rules_of(self, code: str) -> RuleSet:
        """Table ``code``'s rules (those of each of its games), read alone."""
        with Session(self.engine) as s:
            text = s.scalars(select(TableRow.rules).where(TableRow.code == code)).one_or_none()
        if text is None:
            raise StoreError.said("no_table", table=repr(code))
        return _rules_of(code, text)

    def load(self, code: str, seats: list[Seat] | None = None, **table_options: Any) -> Table:
        """Table ``code`` rebuilt by replaying its log: where the last committed action left it.  ``seats``:
        who sits there now (a server's lobby knows), where it differs from the seats the game started with."""
        st = self.stored(code)
        table = Table(st.rules, seats if seats is not None else st.seats, st.seed, **table_options)
        for n, (seat, action) in enumerate(st.actions):
            try:
                table.submit(seat, action)
            except IllegalAction as e:
                raise StoreError(f"table {code}: action {n} (seat {seat}, {action}) does not replay: {e}") from None
        return table

    def codes(self, *, finished: bool | None = None) -> list[str]:
        """Every table's code, oldest first; ``finished`` True or False: only the games over, or not."""
        query = select(TableRow.code).order_by(TableRow.id)
        if finished is not None:
            query = query.where(TableRow.finished.is_not(None) if finished else TableRow.finished.is_(None))
        with Session(self.engine) as s:
            return list(s.scalars(query))

    def count(self, code: str) -> int:
        with Session(self.engine) as s:
            row = self._row(s, code)
            return int(s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.table_id == row.id)) or 0)


def _rules_of(code: str, text: str) -> RuleSet:
    try:
        return from_json(json.loads(text))
    except (RulesError, ValueError) as e:
        raise StoreError(f"table {code}: its rules do not load: {e}") from None


def with_new_code(engine: Engine, write: Callable[[Session, str], None], what: str) -> str:
    """A new row under a fresh short code (six of :data:`CODE_LETTERS`: a table's, a club's, a tournament's), made
    by ``write(session, code)`` in one transaction; a code already taken is drawn again, 20 times at most."""
    for _ in range(20):
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        try:
            with Session(engine) as s, s.begin():
                write(s, code)
            return code
        except IntegrityError:  # the code is taken: draw another
            continue
    raise StoreError(f"no free {what} code in 20 draws")  # pragma: no cover


def table_of(code: str) -> str:
    """The table a game's code belongs to: "ABCDEF" for "ABCDEF" and for its later games "ABCDEF-2" ..."""
    return code.partition("-")[0]


def _now_ms() -> int:
    return int(time.time() * 1000)


def alive(owner: str) -> bool:
    """Whether the process that owns a lease may still be running: one of another machine may; one of this
    machine is looked for by its process number (a server killed and started again takes its tables back)."""
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname()[:60] or not pid.isdigit():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except OSError:  # there, but not ours to signal
        return True
    return True


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers do not block the writer; NORMAL: a commit survives the process being killed
    # (only a power cut may lose the last commits); a short busy wait for a brief lock (a checkpoint, another
    # program's quick write): longer ones are retried by the server (Hub.write), whose one database thread
    # serves every table and must not sit in SQLite's wait for long.
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=1000")
    cur.close()


def _seat_json(seat: Seat) -> dict[str, Any]:
    if isinstance(seat, Human):
        return {"person": seat.name}
    return {"bot": seat.name, "seed": seat.seed}


def _seat_of(data: dict[str, Any]) -> Seat:
    if "person" in data:
        return Human(str(data["person"]))
    return Bot(str(data["bot"]), data.get("seed"))
