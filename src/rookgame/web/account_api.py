"""Accounts over HTTP: sign up, sign in and out, the host adding people, profiles, ratings and leaderboards.

``/api/account`` ... are JSON (:mod:`.accounts` says what is kept and how); ``/account``, ``/leaderboard`` and
``/players/ID`` are their pages.  Every request that changes something is a POST carrying the CSRF token in the
``X-CSRF-Token`` header (:func:`csrf_checked`); a refusal is ``{"error", "code", "params"}`` with its status, its
sentence in the reader's language (``Accept-Language``, else English) and its code for the page.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from hmac import compare_digest
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from ..words import accounts as account_words
from ..words import web as web_words
from ..words.language import parse_language, speaking
from .accounts import (
    CSRF_COOKIE,
    CSRF_HEADER,
    MAX_PASSWORD,
    SESSION_COOKIE,
    SESSION_DAYS,
    AccountRefusal,
    Accounts,
    Player,
    Seated,
    Signed,
    check_handle,
    check_password,
    check_person_name,
    seated_of,
    token_hash,
)
from .pages import invite_base, page
from .rooms import Hub, Room
from .store import Finishing, Store

log = logging.getLogger("rookgame.web")
router = APIRouter()


def the_accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def the_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


AccountsDep = Annotated[Accounts, Depends(the_accounts)]
HubDep = Annotated[Hub, Depends(the_hub)]


def reader_language(request: Request) -> str:
    """The reader's language: ``?lang=``, else the first of ``Accept-Language`` that Rook speaks, else English."""
    asked = request.query_params.get("lang")
    if asked and parse_language(asked):
        return parse_language(asked) or "en"
    for part in request.headers.get("accept-language", "").split(","):
        code = parse_language(part.split(";")[0])
        if code:
            return code
    return "en"


# ---------------------------------------------------------------------- sessions and CSRF
async def signed_in(request: Request) -> tuple[Player, str] | None:
    """The profile this request's session cookie signs in (and its CSRF token's hash), or None."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    hub: Hub = request.app.state.hub
    accounts: Accounts = request.app.state.accounts
    return await hub.db(accounts.session, token)


async def csrf_checked(request: Request) -> tuple[Player, str] | None:
    """Every state-changing request: from this server's own pages (an Origin header, where the browser sends one,
    names this host), with the ``X-CSRF-Token`` header equal to the HTTP-only CSRF cookie, and, signed in, to the
    token bound to the session.  Else 403 ``csrf_refused``, and nothing is done.  The session, if any."""
    sent = request.headers.get(CSRF_HEADER) or ""
    cookie = request.cookies.get(CSRF_COOKIE) or ""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc.lower() != (request.headers.get("host") or "").lower():
        raise AccountRefusal("csrf_refused", status=403)
    if not sent or not cookie or not compare_digest(sent.encode(), cookie.encode()):
        raise AccountRefusal("csrf_refused", status=403)
    session = await signed_in(request)
    if session is not None and not compare_digest(token_hash(sent), session[1]):
        raise AccountRefusal("csrf_refused", status=403)
    return session


Checked = Annotated[tuple[Player, str] | None, Depends(csrf_checked)]


def _secure(request: Request) -> bool:
    """Cookies are Secure over HTTPS (a family server on the local network speaks plain HTTP, where a browser
    would drop a Secure cookie; its sessions then travel as its pages do)."""
    return request.url.scheme == "https" or request.headers.get("x-forwarded-proto", "") == "https"


def _set_csrf(response: Response, request: Request, csrf: str) -> None:
    response.set_cookie(CSRF_COOKIE, csrf, httponly=True, samesite="strict", secure=_secure(request), path="/")


def set_session(response: Response, request: Request, signed: Signed) -> None:
    """The session's cookies on ``response``: its token, and its CSRF token."""
    response.set_cookie(SESSION_COOKIE, signed.token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
                        secure=_secure(request), path="/")
    _set_csrf(response, request, signed.csrf)


def _refused(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, AccountRefusal)
    with speaking(reader_language(request)):
        error = str(exc)
    return JSONResponse({"error": error, "code": exc.code, "params": exc.params}, status_code=exc.status)


async def account_refused(request: Request, exc: Exception) -> JSONResponse:
    return _refused(request, exc)


def install(app: FastAPI, store: Store) -> Accounts:
    """Accounts on ``app`` (whose hub plays on ``store``): the profiles (``app.state.accounts``), this router, its
    refusals' handler, and the ratings of every game finished at the hub, written in the transaction that marks it
    finished.  The clubs and the passkeys, which stand on this module, are installed beside it by
    :func:`.app.create_app`."""
    accounts = Accounts(store)
    app.state.accounts = accounts
    app.add_exception_handler(AccountRefusal, account_refused)
    app.include_router(router)
    hub: Hub = app.state.hub

    def finished(room: Room) -> Finishing | None:
        return rating_of(accounts, room)

    async def catch_up() -> None:
        await record_unrated(accounts, hub)

    hub.on_finished.append(finished)
    hub.catch_up.append(catch_up)
    return accounts


def seated(room: Room) -> list[Seated]:
    """Who plays each seat of a room's game now: a profile, a guest, or a bot by its level."""
    return seated_of(room.lobby)


def rating_of(accounts: Accounts, room: Room) -> Finishing | None:
    """The rating of the game just over at ``room``, to be written in the transaction that marks it finished
    (:meth:`.store.Store.set_finished`): its result by profile, and the ratings it changes (not when a seat changed
    hands after the start).  Who sat where is read now, on the event loop; the write runs on the database
    thread.  None when the room's game is not over."""
    table = room.table
    if table is None or not table.is_over:
        return None
    m = table.match
    game, rules, seats, totals, winner, handed = (room.game, room.rules, seated(room), list(m.totals), m.winner,
                                                  room.lobby.handed)
    return lambda s: accounts.record_in(s, game, rules, seats, totals, winner, handed=handed)


async def record_unrated(accounts: Accounts, hub: Hub) -> int:
    """Rate every game the store holds as finished but unrated (finished before the mark and the rating were one
    transaction, by a process killed between the two); how many were rated.  Each is skipped in its own
    transaction if rated meanwhile (by another process sweeping), so none is rated twice; one that does not load
    is logged and left."""
    try:
        games = await hub.db(accounts.unrated)
    except Exception as e:  # the database is away: the next start or sweep tries again
        log.warning("could not look for finished games to rate: %s", type(e).__name__)
        return 0
    rated = 0
    for game in games:
        try:
            rated += await hub.write(accounts.record_stored, game)
        except Exception as e:
            log.warning("game %s: its result was not rated: %s", game, e)
    if rated:
        log.info("rated %d finished game(s) whose rating was not saved", rated)
    return rated


# ---------------------------------------------------------------------- requests
class SignUp(BaseModel):
    model_config = ConfigDict(extra="forbid")
    handle: Annotated[str, Field(max_length=40)]
    name: Annotated[str, Field(max_length=40)]
    password: Annotated[str, Field(max_length=MAX_PASSWORD)]


class SignIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    handle: Annotated[str, Field(max_length=40)]
    password: Annotated[str, Field(max_length=MAX_PASSWORD)]


class AddPerson(BaseModel):
    """The host adds a person: with a password to give them, or none (a set-up link instead)."""

    model_config = ConfigDict(extra="forbid")
    handle: Annotated[str, Field(max_length=40)]
    name: Annotated[str, Field(max_length=40)]
    password: Annotated[str, Field(max_length=MAX_PASSWORD)] | None = None


class SetUp(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, Field(max_length=128)]
    password: Annotated[str, Field(max_length=MAX_PASSWORD)]


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid")
    old: Annotated[str, Field(max_length=MAX_PASSWORD)]
    new: Annotated[str, Field(max_length=MAX_PASSWORD)]


async def _hash(accounts: Accounts, password: str) -> str:
    return await asyncio.to_thread(accounts.hash, password)


# ---------------------------------------------------------------------- the account
@router.get("/api/account")
async def account(request: Request, hub: HubDep, accounts: AccountsDep) -> JSONResponse:
    """Who is signed in here (``player``: null for a guest) and the CSRF token the page sends with each change
    (made now when the page has none)."""
    session = await signed_in(request)
    csrf = request.cookies.get(CSRF_COOKIE) or ""
    fresh = not csrf or (session is not None and not compare_digest(token_hash(csrf), session[1]))
    if fresh:
        csrf = secrets.token_urlsafe(32)
        if session is not None:
            await hub.write(accounts.rebind_csrf, request.cookies.get(SESSION_COOKIE) or "", csrf)
    response = JSONResponse({"player": None if session is None else session[0].to_json(), "csrf": csrf})
    if fresh:
        _set_csrf(response, request, csrf)
    response.headers["Cache-Control"] = "no-store"
    return response


@router.post("/api/account/signup")
async def sign_up(body: SignUp, request: Request, hub: HubDep, accounts: AccountsDep, _: Checked) -> JSONResponse:
    """A new profile, signed in at once (the server's first is its host)."""
    handle = check_handle(body.handle)
    name = check_person_name(body.name)
    password = check_password(body.password)
    hashed = await _hash(accounts, password)
    player = await hub.write(accounts.create, handle, name, hashed)
    signed = await hub.write(accounts.open_session, player)
    log.info("profile %d signed up", player.id)
    response = JSONResponse({"player": player.to_json(), "csrf": signed.csrf})
    set_session(response, request, signed)
    return response


@router.post("/api/account/signin")
async def sign_in(body: SignIn, request: Request, hub: HubDep, accounts: AccountsDep, _: Checked) -> JSONResponse:
    """Signed in with the profile's password; a wrong handle or password is one refusal, the same either way."""
    try:
        handle = check_handle(body.handle)
    except AccountRefusal:
        raise AccountRefusal("wrong_password", status=401) from None
    accounts.check_tries(handle)
    found = await hub.db(accounts.credentials, handle)
    stored = found[1] if found is not None else None
    if not await asyncio.to_thread(accounts.verify, stored, body.password) or found is None or stored is None:
        accounts.failed(handle)
        log.info("a sign-in was refused")
        raise AccountRefusal("wrong_password", status=401)
    player = found[0]
    if accounts.needs_rehash(stored):  # argon2's parameters were raised since: keep the stronger hash
        await hub.write(accounts.set_password, player.id, await _hash(accounts, body.password))
    signed = await hub.write(accounts.open_session, player)
    log.info("profile %d signed in", player.id)
    response = JSONResponse({"player": player.to_json(), "csrf": signed.csrf})
    set_session(response, request, signed)
    return response


@router.post("/api/account/signout")
async def sign_out(request: Request, hub: HubDep, accounts: AccountsDep, session: Checked) -> JSONResponse:
    """The session ends: its cookie signs nobody in again, even replayed."""
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await hub.write(accounts.close_session, token)
    response = JSONResponse({"player": None})
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")
    if session is not None:
        log.info("profile %d signed out", session[0].id)
    return response


@router.post("/api/account/password")
async def change_password(body: NewPassword, hub: HubDep, accounts: AccountsDep, session: Checked) -> JSONResponse:
    player = _me(session)
    found = await hub.db(accounts.credentials, player.handle)
    stored = found[1] if found is not None else None
    if not await asyncio.to_thread(accounts.verify, stored, body.old):
        raise AccountRefusal("wrong_password", status=401)
    await hub.write(accounts.set_password, player.id, await _hash(accounts, check_password(body.new)))
    return JSONResponse({"changed": True})


def _me(session: tuple[Player, str] | None) -> Player:
    if session is None:
        raise AccountRefusal("not_signed_in", status=401)
    return session[0]


@router.post("/api/account/people")
async def add_person(body: AddPerson, request: Request, hub: HubDep, accounts: AccountsDep,
                     session: Checked) -> JSONResponse:
    """The server's host adds a person, no email needed: with a password to hand them, or without one, when the
    answer holds a set-up link (used once, for a week) with which they choose their own."""
    host = _me(session)
    if not host.host:
        raise AccountRefusal("only_server_host", status=403)
    handle = check_handle(body.handle)
    name = check_person_name(body.name)
    hashed = None if body.password is None else await _hash(accounts, check_password(body.password))
    player = await hub.write(lambda: accounts.create(handle, name, hashed, by=host.id))
    link = None if hashed is not None else await hub.write(accounts.make_link, player.id)
    log.info("profile %d added by the host", player.id)
    # the link as other devices open it (this computer's network address when the page was opened as localhost)
    url = None if link is None else f"{invite_base(request)}/account?setup={link}"
    return JSONResponse({"player": player.to_json(), "link": url})


@router.post("/api/account/setup")
async def set_up(body: SetUp, request: Request, hub: HubDep, accounts: AccountsDep, _: Checked) -> JSONResponse:
    """A person the host added chooses their password with their set-up link, and is signed in."""
    hashed = await _hash(accounts, check_password(body.password))
    player = await hub.write(accounts.use_link, body.token, hashed)
    signed = await hub.write(accounts.open_session, player)
    response = JSONResponse({"player": player.to_json(), "csrf": signed.csrf})
    set_session(response, request, signed)
    return response


@router.get("/api/account/people")
async def people(hub: HubDep, accounts: AccountsDep) -> list[dict[str, Any]]:
    """The server's profiles by display name (no handles: those sign in)."""
    return [{"id": p.id, "name": p.name, "host": p.host} for p in await hub.db(accounts.players)]


# ---------------------------------------------------------------------- profiles, ratings, leaderboards
@router.get("/api/players/{player}")
async def profile(player: int, hub: HubDep, accounts: AccountsDep) -> JSONResponse:
    """A profile's ratings (each with its uncertainty) and its games; no handle (it signs in)."""
    data = await hub.db(accounts.profile, player)
    if data is None:
        raise AccountRefusal("no_player", status=404, player=player)
    data.pop("handle", None)
    return JSONResponse(data)


@router.get("/api/ratings")
async def ladders(hub: HubDep, accounts: AccountsDep) -> list[dict[str, Any]]:
    """The ladders (a rule set each) with rated players."""
    return await hub.db(accounts.ladders)


@router.get("/api/ratings/{ladder}")
async def leaderboard(ladder: str, hub: HubDep, accounts: AccountsDep) -> list[dict[str, Any]]:
    """The server's leaderboard of a ladder, best first: people and bots, each rating with its uncertainty."""
    return await hub.db(accounts.leaderboard, ladder[:40])


@router.get("/api/results/{game}")
async def result(game: str, hub: HubDep, accounts: AccountsDep) -> JSONResponse:
    """How a finished game was rated: counted or not (and why), its players by seat and profile."""
    data = await hub.db(accounts.result, game.strip().upper()[:16])
    if data is None:
        raise AccountRefusal("no_result", status=404, game=game[:16])
    return JSONResponse(data)


@router.get("/api/account/words")
async def words(request: Request) -> JSONResponse:
    """The account pages' sentences in the reader's language."""
    with speaking(reader_language(request)):  # (the database away is the tables' word: a write is not done)
        return JSONResponse(account_words.as_data({"db_down": web_words.SERVER["db_down"]}))


# ---------------------------------------------------------------------- the pages
@router.get("/account", include_in_schema=False)
async def account_page() -> FileResponse:
    return page("account.html")


@router.get("/leaderboard", include_in_schema=False)
async def leaderboard_page() -> FileResponse:
    return page("leaderboard.html")


@router.get("/players/{player}", include_in_schema=False)
async def profile_page(player: int) -> FileResponse:
    return page("account.html")
