"""Clubs: people who play together week after week, with a page of their tables, their leaderboard and events.

A club is made by a signed-in profile, its first **host**.  The host invites members by link (a random token,
kept as its SHA-256, good for :data:`INVITE_DAYS` days and for everyone who opens it then: a family group chat
gets one link); a signed-in person who opens it joins.  A member adds a table to the club (its code: the club's
page lists it and its games); the host schedules the club's events.  A club has a **pool of ratings** of its own
(``rook_club_ratings``): a game counted at one of its tables is rated there as well as on the server's ladder
(:mod:`.accounts`: the same library and rules, a ladder per rule set, a seat handed to a bot not counted), in the
same transaction; the club's leaderboard is its members' ratings in that pool, beside the bots'.  Every change is a
POST with the CSRF token (:func:`rookgame.web.account_api.csrf_checked`).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, func, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from .account_api import AccountsDep, Checked, HubDep
from .accounts import (
    AccountRefusal,
    Player,
    PlayerRow,
    Rated,
    RatePool,
    RatingColumns,
    ResultRow,
    TokenColumns,
    add_token_row,
    aware,
    live_row,
    utc_now,
)
from .names import check_name
from .pages import invite_base, page
from .store import Base, Store, TableRow, table_of, with_new_code

INVITE_DAYS = 14
MAX_EVENTS = 50  # the upcoming events a page lists

router = APIRouter()


class ClubRow(Base):
    __tablename__ = "rook_clubs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MemberRow(Base):
    __tablename__ = "rook_club_members"
    club_id: Mapped[int] = mapped_column(ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("rook_players.id", ondelete="CASCADE"), primary_key=True)
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    joined: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class InviteRow(TokenColumns, Base):
    __tablename__ = "rook_club_invites"
    club_id: Mapped[int] = mapped_column(ForeignKey("rook_clubs.id", ondelete="CASCADE"))


class ClubTableRow(Base):
    __tablename__ = "rook_club_tables"
    club_id: Mapped[int] = mapped_column(ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    added: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    __tablename__ = "rook_club_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("rook_clubs.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    note: Mapped[str] = mapped_column(String(400), default="")


class ClubRatingRow(RatingColumns, Base):
    """A player's rating in a club's pool: from the games at the club's tables only."""

    __tablename__ = "rook_club_ratings"
    club_id: Mapped[int] = mapped_column(ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True)


class ClubResultRow(Base):
    """A game rated in a club's pool."""

    __tablename__ = "rook_club_results"
    club_id: Mapped[int] = mapped_column(ForeignKey("rook_clubs.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(ForeignKey("rook_results.game", ondelete="CASCADE"), primary_key=True)


def rate_in_clubs(s: Session, game: str, rate: RatePool) -> None:
    """A counted game, rated in the pool of every club its table belongs to (:attr:`.accounts.Accounts.pools`)."""
    for club_id in list(s.scalars(select(ClubTableRow.club_id).where(ClubTableRow.code == table_of(game)))):
        rate(ClubRatingRow, {"club_id": club_id})
        s.add(ClubResultRow(club_id=club_id, game=game))


class Clubs:
    """A server's clubs, in its store's database (each method one short transaction, on the database thread)."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    @staticmethod
    def _club(s: Session, code: str) -> ClubRow:
        row = s.scalars(select(ClubRow).where(ClubRow.code == code.strip().upper()[:16])).one_or_none()
        if row is None:
            raise AccountRefusal("no_club", status=404, club=code[:16])
        return row

    @staticmethod
    def _host(s: Session, club: ClubRow, player: Player) -> None:
        member = s.get(MemberRow, (club.id, player.id))
        if member is None or not member.host:
            raise AccountRefusal("only_club_host", status=403)

    def create(self, name: str, host: Player) -> str:
        def write(s: Session, code: str) -> None:
            club = ClubRow(code=code, name=name, created=utc_now())
            s.add(club)
            s.flush()
            s.add(MemberRow(club_id=club.id, player_id=host.id, host=True, joined=utc_now()))

        return with_new_code(self.engine, write, "club")

    def invite(self, code: str, host: Player) -> str:
        with Session(self.engine) as s, s.begin():
            club = self._club(s, code)
            self._host(s, club, host)
            return add_token_row(s, InviteRow, INVITE_DAYS, club_id=club.id)

    def join(self, code: str, token: str, player: Player) -> bool:
        """``player`` joins with an invite's token; False when already a member."""
        with Session(self.engine) as s, s.begin():
            club = self._club(s, code)
            invite = live_row(s, InviteRow, token)
            if invite is None or invite.club_id != club.id:
                raise AccountRefusal("club_invite_bad", status=403)
            if s.get(MemberRow, (club.id, player.id)) is not None:
                return False
            s.add(MemberRow(club_id=club.id, player_id=player.id, host=False, joined=utc_now()))
            return True

    def add_table(self, code: str, table: str, player: Player) -> None:
        with Session(self.engine) as s, s.begin():
            club = self._club(s, code)
            if s.get(MemberRow, (club.id, player.id)) is None:
                raise AccountRefusal("only_members", status=403)
            table = table_of(table.strip().upper()[:16])
            if s.scalars(select(TableRow.id).where(TableRow.code == table)).first() is None:
                raise AccountRefusal("club_no_table", status=404, table=table)
            if s.get(ClubTableRow, (club.id, table)) is None:
                s.add(ClubTableRow(club_id=club.id, code=table, added=utc_now()))

    def add_event(self, code: str, title: str, at: datetime, note: str, host: Player) -> int:
        with Session(self.engine) as s, s.begin():
            club = self._club(s, code)
            self._host(s, club, host)
            row = EventRow(club_id=club.id, title=title, at=at, note=note)
            s.add(row)
            s.flush()
            return row.id

    def ratings(self, code: str, ladder: str) -> tuple[list[Rated], set[str]]:
        """The club's pool on a ladder (every player rated at its tables), and its members' keys."""
        with Session(self.engine) as s:
            club = self._club(s, code)
            rows = [Rated(r.player, r.mu, r.sigma, r.games) for r in s.scalars(
                select(ClubRatingRow).where(ClubRatingRow.club_id == club.id, ClubRatingRow.ladder == ladder))]
            members = {f"p:{m}" for m in s.scalars(select(MemberRow.player_id).where(MemberRow.club_id == club.id))}
        return rows, members

    def ladders(self, code: str) -> list[dict[str, Any]]:
        """The club's ladders with rated players, with how many of its games each counted."""
        with Session(self.engine) as s:
            club = self._club(s, code)
            counts = {row.ladder: row.n for row in s.execute(
                select(ResultRow.ladder, func.count().label("n"))
                .join(ClubResultRow, ClubResultRow.game == ResultRow.game)
                .where(ClubResultRow.club_id == club.id).group_by(ResultRow.ladder))}
            ladders = sorted(set(s.scalars(select(ClubRatingRow.ladder).where(ClubRatingRow.club_id == club.id))))
        return [{"ladder": lad, "games": counts.get(lad, 0)} for lad in ladders]

    def page(self, code: str, viewer: Player | None) -> dict[str, Any]:
        """The club's page: its members, its tables (each game's code, name, whether it is over), its events."""
        with Session(self.engine) as s:
            club = self._club(s, code)
            members = s.execute(select(PlayerRow.id, PlayerRow.name, MemberRow.host)
                                .join(MemberRow, MemberRow.player_id == PlayerRow.id)
                                .where(MemberRow.club_id == club.id).order_by(PlayerRow.name)).all()
            codes = list(s.scalars(select(ClubTableRow.code).where(ClubTableRow.club_id == club.id)
                                   .order_by(ClubTableRow.added.desc())))
            tables = []
            for c in codes:
                games = s.execute(select(TableRow.code, TableRow.name, TableRow.finished, TableRow.lobby)
                                  .where((TableRow.code == c) | TableRow.code.like(f"{c}-%"))
                                  .order_by(TableRow.id)).all()
                for g in games:
                    lobby = json.loads(g.lobby or "{}")
                    tables.append({"table": c, "game": g.code, "name": g.name, "over": g.finished is not None,
                                   "started": bool(isinstance(lobby, dict) and lobby.get("started"))})
            events = s.scalars(select(EventRow).where(EventRow.club_id == club.id).order_by(EventRow.at)
                               .limit(MAX_EVENTS)).all()
            me = None if viewer is None else s.get(MemberRow, (club.id, viewer.id))
            return {"code": club.code, "name": club.name,
                    "members": [{"id": m.id, "name": m.name, "host": bool(m.host)} for m in members],
                    "tables": tables,
                    "events": [{"id": e.id, "title": e.title, "at": aware(e.at).isoformat(timespec="minutes"),
                                "note": e.note} for e in events],
                    "member": me is not None, "host": bool(me is not None and me.host)}

    def of(self, player: int) -> list[dict[str, Any]]:
        """The clubs a profile belongs to."""
        with Session(self.engine) as s:
            rows = s.execute(select(ClubRow.code, ClubRow.name, MemberRow.host)
                             .join(MemberRow, MemberRow.club_id == ClubRow.id)
                             .where(MemberRow.player_id == player).order_by(ClubRow.name)).all()
            return [{"code": r.code, "name": r.name, "host": bool(r.host)} for r in rows]


def the_clubs(request: Request) -> Clubs:
    clubs: Clubs | None = getattr(request.app.state, "clubs", None)
    if clubs is None:
        clubs = request.app.state.clubs = Clubs(request.app.state.hub.store)
    return clubs


class NewClub(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=40)]


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, Field(max_length=128)]


class AddTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    table: Annotated[str, Field(max_length=16)]


class NewEvent(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: Annotated[str, Field(max_length=80)]
    at: datetime
    note: Annotated[str, Field(max_length=400)] = ""


def _signed(session: tuple[Player, str] | None) -> Player:
    if session is None:
        raise AccountRefusal("not_signed_in", status=401)
    return session[0]


@router.post("/api/clubs")
async def create(body: NewClub, request: Request, hub: HubDep, session: Checked) -> JSONResponse:
    """A new club; whoever makes it is its host."""
    player = _signed(session)
    name = check_name(body.name)[:40]  # refused as a person's name is (name_empty ...): in the pages' words
    code = await hub.write(the_clubs(request).create, name, player)
    return JSONResponse({"code": code, "url": f"/club/{code}"})


@router.get("/api/clubs/{code}")
async def club(code: str, request: Request, hub: HubDep) -> JSONResponse:
    from .account_api import signed_in

    session = await signed_in(request)
    return JSONResponse(await hub.db(the_clubs(request).page, code, None if session is None else session[0]))


@router.post("/api/clubs/{code}/invite")
async def invite(code: str, request: Request, hub: HubDep, session: Checked) -> JSONResponse:
    """The host's invite link: anyone signed in who opens it in the next two weeks joins."""
    token = await hub.write(the_clubs(request).invite, code, _signed(session))
    link = f"{invite_base(request)}/club/{code.strip().upper()}?invite={token}"  # as a phone opens it
    return JSONResponse({"link": link, "days": INVITE_DAYS})


@router.post("/api/clubs/{code}/join")
async def join(code: str, body: Join, request: Request, hub: HubDep, session: Checked) -> JSONResponse:
    joined = await hub.write(the_clubs(request).join, code, body.token, _signed(session))
    return JSONResponse({"joined": joined})


@router.post("/api/clubs/{code}/tables")
async def add_table(code: str, body: AddTable, request: Request, hub: HubDep, session: Checked) -> JSONResponse:
    """A member puts a table (by its code) on the club's page."""
    await hub.write(the_clubs(request).add_table, code, body.table, _signed(session))
    return JSONResponse({"added": True})


@router.post("/api/clubs/{code}/events")
async def add_event(code: str, body: NewEvent, request: Request, hub: HubDep, session: Checked) -> JSONResponse:
    """The host schedules an event (an evening of tables, a tournament): its title, when, a note."""
    title = check_name(body.title)
    at = body.at if body.at.tzinfo else body.at.replace(tzinfo=UTC)
    event = await hub.write(the_clubs(request).add_event, code, title, at, body.note.strip(), _signed(session))
    return JSONResponse({"id": event})


@router.get("/api/clubs/{code}/ratings")
async def ladders(code: str, request: Request, hub: HubDep) -> list[dict[str, Any]]:
    """The club's ladders (a rule set each) with players rated at its tables, with the games each counted."""
    return await hub.db(the_clubs(request).ladders, code)


@router.get("/api/clubs/{code}/ratings/{ladder}")
async def leaderboard(code: str, ladder: str, request: Request, hub: HubDep,
                      accounts: AccountsDep) -> list[dict[str, Any]]:
    """The club's leaderboard of a ladder: its members' ratings from the games at its tables (its own pool, apart
    from the server's), best first, each with its uncertainty, beside the bots'."""
    clubs = the_clubs(request)

    def board() -> list[dict[str, Any]]:
        rows, members = clubs.ratings(code, ladder[:40])
        return accounts.board(rows, members)

    return await hub.db(board)


@router.get("/api/account/clubs")
async def my_clubs(request: Request, hub: HubDep) -> list[dict[str, Any]]:
    from .account_api import signed_in

    session = await signed_in(request)
    return [] if session is None else await hub.db(the_clubs(request).of, session[0].id)


@router.get("/club/{code}", include_in_schema=False)
async def club_page(code: str) -> FileResponse:
    return page("club.html")
