"""The table store: every table's rules, seats and action log in a real database (SQLAlchemy 2).

An SQLite file by default, PostgreSQL by URL (``postgresql+psycopg://...``).  Alembic migrations
(``rookgame/web/migrations``) create and upgrade the schema when a store opens.  A table is kept
as its rule set, its seed and its seats, and every action taken at it is appended to its log in
its own transaction, numbered, so that two writers cannot both append action ``n``; a table is
rebuilt by replaying its log through a :class:`~rookgame.table.Table`, so a server killed at any
moment resumes every table where the last committed action left it.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import BigInteger, DateTime, ForeignKey, Integer, String, Text, create_engine, event, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from ..files import rook_home
from ..rules import RulesError, RuleSet, from_json
from ..state import IllegalAction
from ..table import Bot, Human, Seat, Table

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I/1 or O/0 to misread on a phone


class StoreError(ValueError):
    """A table that is not in the store, a log that does not replay, an append out of turn; says why."""


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
        if url.startswith("sqlite:///"):
            Path(url.removeprefix("sqlite:///")).expanduser().parent.mkdir(parents=True, exist_ok=True)
        self.url = url
        self.engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.upgrade()

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
        for _ in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
            try:
                with Session(self.engine) as s, s.begin():
                    s.add(TableRow(code=code, rules=json.dumps(rules.to_json()), seed=seed, seats=data,
                                   created=datetime.now(UTC), name=name[:40], lobby=json.dumps(lobby or {})))
                return code
            except IntegrityError:  # the code is taken: draw another
                continue
        raise StoreError("no free table code in 20 draws")  # pragma: no cover

    def append(self, code: str, n: int, seat: int, action: int) -> None:
        """Action number ``n`` (from 0) of table ``code``, in one transaction; refused if ``n`` is taken."""
        try:
            with Session(self.engine) as s, s.begin():
                row = self._row(s, code)
                s.add(ActionRow(table_id=row.id, n=n, seat=seat, action=action))
        except IntegrityError:
            raise StoreError(f"table {code}: action {n} is already in the log") from None

    def set_seats(self, code: str, seats: list[Seat], lobby: dict[str, Any] | None = None) -> None:
        """The table's seats (and its lobby's state) now, in one transaction."""
        with Session(self.engine) as s, s.begin():
            row = self._row(s, code)
            row.seats = json.dumps([_seat_json(x) for x in seats])
            if lobby is not None:
                row.lobby = json.dumps(lobby)

    def set_lobby(self, code: str, lobby: dict[str, Any]) -> None:
        with Session(self.engine) as s, s.begin():
            self._row(s, code).lobby = json.dumps(lobby)

    def set_finished(self, code: str) -> None:
        """Mark the table's game as finished (listed in the history from then on)."""
        with Session(self.engine) as s, s.begin():
            row = self._row(s, code)
            if row.finished is None:
                row.finished = datetime.now(UTC)

    @staticmethod
    def _row(s: Session, code: str) -> TableRow:
        row = s.scalars(select(TableRow).where(TableRow.code == code)).one_or_none()
        if row is None:
            raise StoreError(f"no table {code!r} in the store")
        return row

    # ------------------------------------------------------------------ reading
    def stored(self, code: str) -> Stored:
        with Session(self.engine) as s:
            row = self._row(s, code)
            actions = s.execute(select(ActionRow.seat, ActionRow.action).where(ActionRow.table_id == row.id)
                                .order_by(ActionRow.n)).all()
            try:
                rules = from_json(json.loads(row.rules))
            except (RulesError, ValueError) as e:
                raise StoreError(f"table {code}: its rules do not load: {e}") from None
            seats = [_seat_of(x) for x in json.loads(row.seats)]
            lobby = json.loads(row.lobby or "{}")
            return Stored(code, rules, row.seed, seats, [(a.seat, a.action) for a in actions], row.name,
                          lobby if isinstance(lobby, dict) else {}, row.created, row.finished)

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


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers do not block the writer; NORMAL: a commit survives the process being killed
    # (only a power cut may lose the last commits); a busy wait instead of "database is locked".
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _seat_json(seat: Seat) -> dict[str, Any]:
    if isinstance(seat, Human):
        return {"person": seat.name}
    return {"bot": seat.name, "seed": seat.seed}


def _seat_of(data: dict[str, Any]) -> Seat:
    if "person" in data:
        return Human(str(data["person"]))
    return Bot(str(data["bot"]), data.get("seed"))
