"""``rook serve``: the web app (FastAPI on uvicorn) where a family's phones and browsers share tables.

Pages (static files shipped in the package, no build step): ``/`` the lobby (create or join a
table), ``/t/CODE`` a table's play screen, ``/history`` finished games and players' statistics,
``/replay/CODE`` one game step by step.  The JSON API under ``/api`` creates tables and reads the
history; play goes over one WebSocket (``/ws``) per browser tab, in the protocol of
:mod:`rookgame.web.protocol` (docs/protocol.md).  Every table lives in the store (SQLite by default,
PostgreSQL by URL) and is rebuilt from its log when the server starts again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from ..rules import MAX_FILE_BYTES, PRESETS, RulesError, from_mapping, loads
from . import protocol as P
from .history import History
from .rooms import DEFAULT_FILL, LEVELS, RATE, Client, Hub, Refusal
from .store import Store, StoreError

log = logging.getLogger("rookgame.web")
STATIC = Path(str(resources.files("rookgame.web") / "static"))
MAX_WS_FRAME = 16 * 1024  # bytes; a longer frame closes the connection (a message is at most 4 KB)

# A page runs only the scripts it came with: a name or a table that holds a <script> stays text.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class CreateTable(BaseModel):
    """``POST /api/tables``: a new table."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=40)] = ""
    preset: Annotated[str, Field(max_length=40)] | None = "kentucky-discard"
    rules_file: Annotated[str, Field(max_length=MAX_FILE_BYTES)] | None = None  # a house-rules file's text
    goal: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    seats: list[Annotated[str, Field(max_length=20)]] | None = None  # per seat: "me", "open" or a bot level
    fill: Annotated[str, Field(max_length=20)] = DEFAULT_FILL
    your_name: Annotated[str, Field(max_length=20)] | None = None


def create_app(db: str | None = None, *, bot_delay: float = 0.6, allowed_origins: tuple[str, ...] = (),
               bot_workers: int = 2, rate: float = RATE) -> FastAPI:
    """The app, on the store at ``db`` (an SQLAlchemy URL; default ``~/.rook/rook.db``); ``rate``: the
    messages a second one connection may send (tests that play at machine speed raise it)."""
    store = Store(db)
    hub = Hub(store, bot_delay=bot_delay, bot_workers=bot_workers)
    history = History(store)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        restored = await hub.restore()
        if restored:
            log.info("restored %d table(s) from the store", restored)
        yield
        hub.close()

    app = FastAPI(title="rook", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.state.history = history

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        for k, v in SECURITY_HEADERS.items():
            response.headers.setdefault(k, v)
        return response

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "not understood"}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "the request"
        return JSONResponse({"error": f"{where}: {first.get('msg')}"}, status_code=400)

    # ------------------------------------------------------------------ pages
    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, media_type="text/html")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page("index.html")

    @app.get("/t/{code}", include_in_schema=False)
    async def table_page(code: str) -> FileResponse:
        return page("table.html")

    @app.get("/history", include_in_schema=False)
    async def history_page() -> FileResponse:
        return page("history.html")

    @app.get("/replay/{code}", include_in_schema=False)
    async def replay_page(code: str) -> FileResponse:
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------ the API
    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {"presets": [{"name": k, "label": r.label, "players": r.players, "mode": r.mode, "goal": r.goal}
                            for k, r in PRESETS.items()],
                "levels": list(LEVELS), "fill": DEFAULT_FILL, "protocol": P.VERSION}

    @app.post("/api/tables")
    async def create(body: CreateTable) -> JSONResponse:
        extra = {"goal": body.goal} if body.goal is not None else {}
        try:
            if body.rules_file is not None:
                rules = loads(body.rules_file, "the house-rules file", **extra)
            else:
                rules = from_mapping({"preset": body.preset or "kentucky-discard", **extra}, "the table's rules")
        except RulesError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        plan = body.seats if body.seats is not None else ["me"] + ["open"] * (rules.players - 1)
        try:
            code, token = await hub.create(rules, body.name, plan, body.fill, body.your_name)
        except Refusal as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        seat = plan.index("me") if "me" in plan else None
        return JSONResponse({"code": code, "token": token, "seat": seat, "url": f"/t/{code}"})

    @app.get("/api/tables/{code}")
    async def table_info(code: str) -> JSONResponse:
        try:
            room = await hub.room(code)
        except Refusal as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        return JSONResponse(room.lobby_message().model_dump())

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return await hub.db(history.games)

    @app.get("/api/games/{code}/record")
    async def record(code: str) -> Response:
        try:
            text = await hub.db(history.record, code)
        except StoreError as e:
            return JSONResponse({"error": str(e)}, status_code=404)
        return PlainTextResponse(text, media_type="application/jsonl", headers={
            "Content-Disposition": f'attachment; filename="rook-{code.strip().upper()[:16]}.jsonl"'})

    @app.get("/api/games/{code}/steps")
    async def steps(code: str) -> JSONResponse:
        try:
            return JSONResponse(await hub.db(history.steps, code))
        except StoreError as e:
            return JSONResponse({"error": str(e)}, status_code=404)

    @app.get("/api/stats")
    async def stats() -> list[dict[str, Any]]:
        return await hub.db(history.stats)

    @app.get("/api/schema")
    async def protocol_schema() -> dict[str, Any]:
        return P.schema()

    # ------------------------------------------------------------------ play
    @app.websocket("/ws")
    async def play(ws: WebSocket) -> None:
        if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), allowed_origins):
            await ws.close(code=1008, reason="this page's origin may not play here")
            return
        await ws.accept()
        client = Client(rate)
        writer = asyncio.create_task(_write(ws, client))
        try:
            while not client.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    data = message.get("bytes") or b""
                    text = data.decode("utf-8", "replace") if len(data) <= P.MAX_MESSAGE else "x" * (P.MAX_MESSAGE + 1)
                await hub.handle(client, text)
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(client)
            await writer

    return app


async def _write(ws: WebSocket, client: Client) -> None:
    """Send a client's messages in order; a slow one only waits for itself."""
    with contextlib.suppress(Exception):
        while True:
            text = await client.queue.get()
            client.taken()
            if text is None:
                await ws.close()
                return
            await ws.send_text(text)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...] = ()) -> bool:
    """A browser's WebSocket may come only from this server's own pages (or an origin allowed by name);
    a client with no Origin (not a browser) may connect."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    try:
        return urlsplit(origin).netloc.lower() == (host or "").lower()
    except ValueError:
        return False


def serve(host: str, port: int, db: str | None, *, open_browser: bool = True, bot_delay: float = 0.6,
          allowed_origins: tuple[str, ...] = ()) -> None:
    """Run the server until interrupted (``rook serve``)."""
    import uvicorn

    app = create_app(db, bot_delay=bot_delay, allowed_origins=allowed_origins)
    url = f"http://{'localhost' if host in ('0.0.0.0', '::', '127.0.0.1') else host}:{port}/"
    print(f"rook: tables at {url}  (database {app.state.hub.store.url})", flush=True)
    if host in ("0.0.0.0", "::"):
        lan = _lan_address()
        if lan:
            print(f"rook: on this network, phones join at http://{lan}:{port}/", flush=True)
    print("rook: stop with Ctrl+C; every table is kept and resumes when you serve again", flush=True)
    if open_browser:
        _open_browser(url)
    # No per-message deflate: a view is a few hundred bytes, and compressing each cost the loop 14% under load.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=MAX_WS_FRAME, ws_ping_interval=20,
                ws_per_message_deflate=False,
                ws_ping_timeout=20)


def _lan_address() -> str | None:
    import socket

    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
        addr: str = s.getsockname()[0]
        return None if addr.startswith("127.") else addr
    return None


def _open_browser(url: str) -> None:
    import os
    import sys
    import threading
    import webbrowser

    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return  # no screen: a terminal browser would take over this terminal
    threading.Timer(1.0, lambda: webbrowser.open(url)).start()
