"""The tournaments' JSON API under ``/api/tournaments`` and their page (``/tournaments``, ``/tournament/CODE``).

Whoever makes an event gets the director's token; whoever registers gets a token per person of their unit.
A request says who it comes from in a header: ``X-Rook-Token`` (a player's token), ``X-Rook-Director`` (the
director's); a page keeps them in its browser's storage.  What a request may see is the director's to decide
(:meth:`rookgame.tournament.Director.view`): a player sees the other tables' results of a round once it is
over, and nobody sees a board's deal before the event is over (:meth:`~.tournaments.Event.export`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ..rules import MAX_FILE_BYTES, RuleSet, from_mapping, loads
from ..tournament import MAX_BOARDS, MAX_ROUNDS
from .names import DEFAULT_FILL, MAX_NAME, token_hash
from .pages import page
from .protocol import Forbidden
from .tournaments import Event, Hall

router = APIRouter(prefix="/api/tournaments")
pages = APIRouter(include_in_schema=False)


def the_hall(request: Request) -> Hall:
    hall: Hall = request.app.state.tournaments
    return hall


HallDep = Annotated[Hall, Depends(the_hall)]
PlayerToken = Annotated[str | None, Header(alias="X-Rook-Token", max_length=128)]
DirectorToken = Annotated[str | None, Header(alias="X-Rook-Director", max_length=128)]
Name = Annotated[str, Field(max_length=MAX_NAME)]


class CreateTournament(BaseModel):
    """``POST /api/tournaments``: a new event."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=40)] = ""
    preset: Annotated[str, Field(max_length=40)] | None = "kentucky-discard"
    rules_file: Annotated[str, Field(max_length=MAX_FILE_BYTES)] | None = None  # a house-rules file's text
    goal: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] = 3
    boards: Annotated[int, Field(ge=1, le=MAX_BOARDS)] = 4
    scoring: Literal["matchpoints", "imps"] = "matchpoints"
    movement: Literal["auto", "swiss", "round-robin"] = "auto"
    fill: Annotated[str, Field(max_length=20)] | None = DEFAULT_FILL  # None: units sit out in turn


class Register(BaseModel):
    """``POST /api/tournaments/CODE/units``: a pair (two names) or a player; a member may be a bot's level."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=40)] = ""
    members: Annotated[list[Name], Field(min_length=1, max_length=4)]


class Replace(BaseModel):
    model_config = ConfigDict(extra="forbid")
    unit: Annotated[int, Field(ge=1, le=100_000)]
    member: Annotated[int, Field(ge=0, le=3)]
    by: Name


class Correct(BaseModel):
    model_config = ConfigDict(extra="forbid")
    round: Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
    table: Annotated[int, Field(ge=1, le=100_000)]
    board: Annotated[int, Field(ge=1, le=MAX_ROUNDS * MAX_BOARDS)]
    scores: Annotated[list[Annotated[int, Field(ge=-100_000, le=100_000)]], Field(min_length=1, max_length=8)]
    reason: Annotated[str, Field(max_length=200)]


def rules_of(preset: str | None, rules_file: str | None, goal: int | None) -> RuleSet:
    """The rules a new table or event asks for: a house-rules file's text, else a preset (with its goal)."""
    extra = {"goal": goal} if goal is not None else {}
    if rules_file is not None:
        return loads(rules_file, "the house-rules file", **extra)
    return from_mapping({"preset": preset or "kentucky-discard", **extra}, "the table's rules")


async def directed(hall: Hall, code: str, token: str | None) -> Event:
    """Event ``code``, for its director alone."""
    event = await hall.event(code)
    if token is None or token_hash(token) != event.director_key:
        raise Forbidden("not_director")
    return event


# ---------------------------------------------------------------------- the events
@router.post("")
async def create(body: CreateTournament, hall: HallDep) -> JSONResponse:
    rules = rules_of(body.preset, body.rules_file, body.goal)
    code, token = await hall.create(rules, body.name, body.rounds, body.boards, body.scoring, body.movement,
                                    body.fill.strip().lower() if body.fill else None)
    return JSONResponse({"code": code, "director": token, "url": f"/tournament/{code}"})


@router.get("")
async def listing(hall: HallDep) -> list[dict[str, Any]]:
    return await hall.hub.db(hall.store.listing)


@router.get("/{code}")
async def event_view(code: str, hall: HallDep, token: PlayerToken = None,
                     director: DirectorToken = None) -> dict[str, Any]:
    """The event as the sender may see it: settings, units, tables, the standings of the rounds over, the
    results they may see, and who they are in it (``me``) and whether they direct it."""
    return await (await hall.event(code)).view(token, director)


@router.post("/{code}/units")
async def register(code: str, body: Register, hall: HallDep) -> JSONResponse:
    unit, tokens = await (await hall.event(code)).register(body.name, body.members)
    return JSONResponse({"unit": unit, "tokens": tokens})


# ---------------------------------------------------------------------- the director's
@router.post("/{code}/rounds")
async def start_round(code: str, hall: HallDep, director: DirectorToken = None) -> JSONResponse:
    event = await directed(hall, code, director)
    return JSONResponse({"round": await event.start_round()})


@router.post("/{code}/pause")
async def pause(code: str, hall: HallDep, director: DirectorToken = None) -> JSONResponse:
    await (await directed(hall, code, director)).pause()
    return JSONResponse({"paused": True})


@router.post("/{code}/resume")
async def resume(code: str, hall: HallDep, director: DirectorToken = None) -> JSONResponse:
    await (await directed(hall, code, director)).resume()
    return JSONResponse({"paused": False})


@router.post("/{code}/replace")
async def replace(code: str, body: Replace, hall: HallDep, director: DirectorToken = None) -> JSONResponse:
    token = await (await directed(hall, code, director)).replace(body.unit, body.member, body.by)
    return JSONResponse({"token": token})


@router.post("/{code}/corrections")
async def correct(code: str, body: Correct, hall: HallDep, director: DirectorToken = None) -> JSONResponse:
    event = await directed(hall, code, director)
    await event.correct(body.round, body.table, body.board, body.scores, body.reason)
    return JSONResponse({"corrected": True})


# ---------------------------------------------------------------------- exports
@router.get("/{code}/event.json")
async def export(code: str, hall: HallDep) -> JSONResponse:
    """The whole event (rook-tournament/1: every board's record, the log), once it is over."""
    event = await hall.event(code)
    return JSONResponse(event.export().to_json(), headers=_attachment(f"rook-tournament-{event.code}.json"))


@router.get("/{code}/standings.csv")
async def standings_csv(code: str, hall: HallDep) -> Response:
    """The standings as everyone sees them (the rounds that are over), at any time."""
    event = await hall.event(code)
    async with event.lock:
        text = event.director.standings_csv()
    return PlainTextResponse(text, media_type="text/csv", headers=_attachment(f"rook-standings-{event.code}.csv"))


@router.get("/{code}/boards.csv")
async def boards_csv(code: str, hall: HallDep) -> Response:
    """Every board at every table, once the event is over."""
    event = await hall.event(code)
    return PlainTextResponse(event.export().boards_csv(), media_type="text/csv",
                             headers=_attachment(f"rook-boards-{event.code}.csv"))


def _attachment(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


# ---------------------------------------------------------------------- the page
@pages.get("/tournaments")
async def tournaments_page() -> FileResponse:
    return page("tournament.html")


@pages.get("/tournament/{code}")
async def tournament_page(code: str) -> FileResponse:
    return page("tournament.html")
