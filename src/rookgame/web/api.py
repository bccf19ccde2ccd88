"""The JSON API under ``/api``: the options a new table may have, tables, finished games, statistics."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ..rules import MAX_FILE_BYTES, PRESETS, from_mapping, loads
from ..words import web as web_words
from ..words.catalog import KINDS, Param
from ..words.language import LANGUAGES, LanguageError, accepted, parse_language, speaking
from ..words.rules import how_to_play, preset_description, preset_name, rules_rows, rules_title
from . import protocol as P
from .accounts import Player
from .history import History
from .names import DEFAULT_FILL, LEVELS
from .pages import invite_base
from .rooms import Hub
from .store import StoreError

router = APIRouter(prefix="/api")


def the_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def the_history(request: Request) -> History:
    history: History = request.app.state.history
    return history


HubDep = Annotated[Hub, Depends(the_hub)]
HistoryDep = Annotated[History, Depends(the_history)]


class CreateTable(BaseModel):
    """``POST /api/tables``: a new table."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=40)] = ""
    preset: Annotated[str, Field(max_length=40)] | None = "kentucky-discard"
    rules_file: Annotated[str, Field(max_length=MAX_FILE_BYTES)] | None = None  # a house-rules file's text
    goal: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    seats: Annotated[list[Annotated[str, Field(max_length=20)]], Field(max_length=8)] | None = None  # per seat: "me",
    # "open" or a bot level (a table has at most 8 seats)
    fill: Annotated[str, Field(max_length=20)] = DEFAULT_FILL
    your_name: Annotated[str, Field(max_length=20)] | None = None


@router.get("/options")
async def options(request: Request, lang: str | None = None) -> Any:
    """What a new table may have; each preset's name and one-paragraph description in the reader's language; the bots'
    levels, ``fill`` the one that fills a new table's open seats."""
    try:
        said = reader(request, lang)
    except LanguageError as e:
        return unknown_language(e)
    with speaking(said):
        return {"presets": [{"name": k, "label": r.label, "players": r.players, "mode": r.mode, "goal": r.goal,
                             "title": preset_name(k), "about": preset_description(k)} for k, r in PRESETS.items()],
                "levels": list(LEVELS), "fill": DEFAULT_FILL, "protocol": P.VERSION}


@router.post("/tables")
async def create(body: CreateTable, request: Request, hub: HubDep) -> JSONResponse:
    """A new table (a bad rules file or plan is a 400 with the reason: :mod:`.errors`)."""
    extra = {"goal": body.goal} if body.goal is not None else {}
    if body.rules_file is not None:
        rules = loads(body.rules_file, "the house-rules file", **extra)
    else:
        rules = from_mapping({"preset": body.preset or "kentucky-discard", **extra}, "the table's rules")
    plan = body.seats if body.seats is not None else ["me"] + ["open"] * (rules.players - 1)
    code, token = await hub.create(rules, body.name, plan, body.fill, body.your_name, await host_profile(request))
    seat = plan.index("me") if "me" in plan else None
    return JSONResponse({"code": code, "token": token, "seat": seat, "url": f"/t/{code}"})


async def host_profile(request: Request) -> Player | None:
    """The profile signed in here (:mod:`.account_api`), who hosts the new table as itself; None: a guest."""
    from .account_api import signed_in

    session = await signed_in(request) if getattr(request.app.state, "accounts", None) is not None else None
    return None if session is None else session[0]


@router.get("/tables/{code}")
async def table_info(code: str, hub: HubDep) -> JSONResponse:
    room = await hub.room(code)  # no such table: 404
    return JSONResponse(room.lobby_message().model_dump())


@router.get("/tables/{code}/invite")
async def invite(code: str, request: Request, hub: HubDep) -> JSONResponse:
    """The table's invite: ``url``, the link other devices can open (this computer's network address when the
    page was opened as localhost), and ``qr``, a QR code of it (an SVG data URI) for a phone's camera."""
    import segno

    room = await hub.room(code)
    url = f"{invite_base(request)}/t/{room.code}"
    return JSONResponse({"url": url, "qr": segno.make(url, error="m").svg_data_uri(scale=5, border=2)})


@router.get("/games")
async def games(hub: HubDep, history: HistoryDep) -> list[dict[str, Any]]:
    return await hub.db(history.games)


@router.get("/games/{code}/record")
async def record(code: str, hub: HubDep, history: HistoryDep) -> Response:
    try:
        text = await hub.db(history.record, code)
    except StoreError as e:  # no finished game by that code
        return stored_not_found(e)
    return PlainTextResponse(text, media_type="application/jsonl", headers={
        "Content-Disposition": f'attachment; filename="rook-{code.strip().upper()[:16]}.jsonl"'})


@router.get("/games/{code}/steps")
async def steps(code: str, hub: HubDep, history: HistoryDep) -> JSONResponse:
    try:
        return JSONResponse(await hub.db(history.steps, code))
    except StoreError as e:
        return stored_not_found(e)


def stored_not_found(e: StoreError) -> JSONResponse:
    """No finished game by that code (or none that can be read), as the API's errors are (:mod:`.errors`)."""
    return JSONResponse({"error": str(e), "code": e.code, "params": e.params}, status_code=404)


@router.get("/stats")
async def stats(hub: HubDep, history: HistoryDep) -> list[dict[str, Any]]:
    return await hub.db(history.stats)


def reader(request: Request, lang: str | None) -> str:
    """The language a page reads (issue 26): ``lang`` (its switch, remembered by the browser), else the first of
    the browser's ``Accept-Language`` that is one of ours, else English.  An unknown ``lang``: LanguageError."""
    if lang:
        found = parse_language(lang)
        if found is None:
            raise LanguageError(lang, "lang")
        return found
    return accepted(request.headers.get("accept-language"))


def unknown_language(e: LanguageError) -> JSONResponse:
    params: dict[str, Param] = {"asked": f"{e.where} {e.asked}", "languages": ", ".join(LANGUAGES)}
    return JSONResponse({"error": str(e), "code": "unknown_language", "params": params}, status_code=400)


@router.get("/words")
async def words(request: Request, lang: str | None = None) -> JSONResponse:
    """The sentences a page fills from codes and parameters (a refusal's, an info's, the page's own) in the reader's
    language (:func:`reader`), with the kinds of the parameters, the language chosen and the languages there are."""
    try:
        code = reader(request, lang)
    except LanguageError as e:
        return unknown_language(e)
    with speaking(code):
        said = web_words.as_data()
    return JSONResponse({**said, "kinds": {k: list(v) for k, v in KINDS.items()}, "lang": code,
                         "languages": LANGUAGES}, headers={"Vary": "Accept-Language"})


@router.get("/tables/{code}/rules")
async def table_rules(code: str, request: Request, hub: HubDep, lang: str | None = None) -> JSONResponse:
    """The rules of a table in the reader's language: its title, how it is played in words (the panel) and every
    option with its meaning."""
    try:
        said = reader(request, lang)
    except LanguageError as e:
        return unknown_language(e)
    rules = await hub.rules(code)  # no such table: 404; the table's lease is not taken
    with speaking(said):
        return JSONResponse({"title": rules_title(rules), "how": how_to_play(rules),
                             "options": [{"option": a, "value": b, "meaning": c} for a, b, c in rules_rows(rules)]},
                            headers={"Vary": "Accept-Language"})


@router.get("/schema")
async def protocol_schema() -> dict[str, Any]:
    return P.schema()
