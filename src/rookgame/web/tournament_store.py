"""Tournaments in the table store: each event's director log, its people's tokens, and the moves of its boards.

A tournament is kept as the director's append-only event log (:class:`rookgame.tournament.Director`), one row
per event, numbered, so that two writers cannot both append event ``n``; its people as the hashes of their
tokens (a copy of the database seats nobody); and every move made at a table of a round, numbered per board,
so that a board in play is rebuilt by replaying its moves.  A server killed at any moment rebuilds every
event from its log, and every table of the round in play from its moves, where the last commit left them.

One server plays a tournament at a time: it holds the tournament's lease (:mod:`.store`, the lease named
:func:`lease_name`), and every write it makes for the tournament is fenced by it in the write's own
transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .store import Base, Store, StoreError, with_new_code

PREFIX = "T-"  # a tournament's lease: its code after this (a table's code never holds "-")


class TournamentRow(Base):
    __tablename__ = "rook_tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    name: Mapped[str] = mapped_column(String(40), default="")
    director: Mapped[str] = mapped_column(String(64))  # the SHA-256 of the director's token
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class TournamentEventRow(Base):
    __tablename__ = "rook_tournament_events"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("rook_tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    event: Mapped[str] = mapped_column(Text)  # JSON: one event of the director's log


class TournamentPersonRow(Base):
    __tablename__ = "rook_tournament_people"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("rook_tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    token: Mapped[str] = mapped_column(String(64), primary_key=True)  # the SHA-256 of the person's token
    unit: Mapped[int] = mapped_column(Integer)
    member: Mapped[int] = mapped_column(Integer)


class TournamentMoveRow(Base):
    __tablename__ = "rook_tournament_moves"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("rook_tournaments.id", ondelete="CASCADE"),
                                               primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)  # the seat of the board's game (seat 0 dealt)
    action: Mapped[int] = mapped_column(Integer)


Member = tuple[int, int]  # (unit, member): a person's place in the event


@dataclass
class StoredTournament:
    code: str
    name: str
    director: str  # the director token's hash
    events: list[dict[str, Any]]
    people: dict[str, Member]  # token hash -> (unit, member)
    moves: dict[tuple[int, int, int], list[tuple[int, int]]] = field(default_factory=dict)  # (round, table, board)
    finished: datetime | None = None


def lease_name(code: str) -> str:
    return PREFIX + code


class TournamentStore:
    """The tournaments of a :class:`~rookgame.web.store.Store`'s database (its engine, its leases)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ writing
    def create(self, name: str, director: str, events: list[dict[str, Any]]) -> str:
        """A new tournament with its first events; its code.  Its lease is this store's owner's (a new code:
        nobody else holds it)."""
        def write(s: Session, code: str) -> None:
            row = TournamentRow(code=code, name=name[:40], director=director, created=datetime.now(UTC))
            s.add(row)
            s.flush()
            for n, event in enumerate(events):
                s.add(TournamentEventRow(tournament_id=row.id, n=n, event=json.dumps(event)))

        code = with_new_code(self.store.engine, write, "tournament")
        if self.store.owner is not None:
            self.store.take_lease(lease_name(code), self.store.owner, self.store.lease_seconds)
        return code

    def append(self, code: str, first: int, events: list[dict[str, Any]], *, people: dict[str, Member] | None = None,
               drop: list[Member] | None = None, finished: bool = False) -> None:
        """The director's events ``first``, ``first + 1`` ... in one transaction, with the people they bring
        (``people``, by token hash) and take away (``drop``: every token of those places); ``finished``: the
        event is over.  Refused (:class:`StoreError`) if event ``first`` is taken: nothing is written."""
        try:
            with Session(self.store.engine) as s, s.begin():
                row = self._row(s, code)
                self._fence(s, code)
                for i, event in enumerate(events):
                    s.add(TournamentEventRow(tournament_id=row.id, n=first + i, event=json.dumps(event)))
                for unit, member in drop or []:
                    s.execute(delete(TournamentPersonRow).where(TournamentPersonRow.tournament_id == row.id,
                                                                TournamentPersonRow.unit == unit,
                                                                TournamentPersonRow.member == member))
                for token, (unit, member) in (people or {}).items():
                    s.add(TournamentPersonRow(tournament_id=row.id, token=token, unit=unit, member=member))
                if finished and row.finished is None:
                    row.finished = datetime.now(UTC)
        except IntegrityError:
            raise StoreError(f"tournament {code}: event {first} is already in the log") from None

    def move(self, code: str, round: int, table: int, board: int, n: int, seat: int, action: int, *,
             again: bool = False) -> None:
        """Move ``n`` (from 0) of ``board`` at ``table`` of ``round``, in one transaction; refused if ``n`` is taken
        (``again``: a retry of a write whose commit may have happened before the connection was lost: the same
        move already there is this one, done)."""
        try:
            with Session(self.store.engine) as s, s.begin():
                row = self._row(s, code)
                self._fence(s, code)
                s.add(TournamentMoveRow(tournament_id=row.id, round=round, table_number=table, board=board, n=n,
                                        seat=seat, action=action))
        except IntegrityError:
            if again and self._move(code, round, table, board, n) == (seat, action):
                return
            raise StoreError(f"tournament {code}: move {n} of board {board} at table {table} is already in the log"
                             ) from None

    def _move(self, code: str, round: int, table: int, board: int, n: int) -> tuple[int, int] | None:
        with Session(self.store.engine) as s:
            row = self._row(s, code)
            got = s.execute(select(TournamentMoveRow.seat, TournamentMoveRow.action).where(
                TournamentMoveRow.tournament_id == row.id, TournamentMoveRow.round == round,
                TournamentMoveRow.table_number == table, TournamentMoveRow.board == board,
                TournamentMoveRow.n == n)).one_or_none()
            return None if got is None else (got.seat, got.action)

    def _fence(self, s: Session, code: str) -> None:
        self.store.fence_lease(s, lease_name(code))  # the table store's one fence, on the tournament's lease

    @staticmethod
    def _row(s: Session, code: str) -> TournamentRow:
        row = s.scalars(select(TournamentRow).where(TournamentRow.code == code)).one_or_none()
        if row is None:
            raise StoreError(f"no tournament {code!r} in the store")
        return row

    # ------------------------------------------------------------------ reading
    def load(self, code: str, *, moves_of: int | None = None) -> StoredTournament:
        """Tournament ``code``: its log, its people, and the moves of round ``moves_of`` (none by default)."""
        with Session(self.store.engine) as s:
            row = self._row(s, code)
            events = [json.loads(e) for e in s.scalars(select(TournamentEventRow.event).where(
                TournamentEventRow.tournament_id == row.id).order_by(TournamentEventRow.n))]
            people = {p.token: (p.unit, p.member) for p in s.scalars(select(TournamentPersonRow).where(
                TournamentPersonRow.tournament_id == row.id))}
            moves: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
            if moves_of is not None:
                for m in s.scalars(select(TournamentMoveRow).where(
                        TournamentMoveRow.tournament_id == row.id, TournamentMoveRow.round == moves_of)
                        .order_by(TournamentMoveRow.table_number, TournamentMoveRow.board, TournamentMoveRow.n)):
                    moves.setdefault((m.round, m.table_number, m.board), []).append((m.seat, m.action))
            return StoredTournament(row.code, row.name, row.director, events, people, moves, row.finished)

    def codes(self, *, finished: bool | None = None) -> list[str]:
        """Every tournament's code, oldest first; ``finished`` True or False: only those over, or not."""
        query = select(TournamentRow.code).order_by(TournamentRow.id)
        if finished is not None:
            query = query.where(TournamentRow.finished.is_not(None) if finished else TournamentRow.finished.is_(None))
        with Session(self.store.engine) as s:
            return list(s.scalars(query))

    def listing(self) -> list[dict[str, Any]]:
        """Every tournament, newest first: its code, name, when it was made and finished."""
        with Session(self.store.engine) as s:
            return [{"code": r.code, "name": r.name, "created": r.created.isoformat(),
                     "finished": r.finished.isoformat() if r.finished else None}
                    for r in s.scalars(select(TournamentRow).order_by(TournamentRow.id.desc()).limit(200))]
