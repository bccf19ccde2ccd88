"""``rook serve``: the web app (FastAPI on uvicorn) where a family's phones and browsers share tables.

Pages (static files shipped in the package, no build step): ``/`` the lobby (create or join a
table), ``/t/CODE`` a table's play screen, ``/history`` finished games and players' statistics,
``/replay/CODE`` one game step by step (:mod:`.pages`), ``/tournaments`` duplicate tournaments
(:mod:`.tournament_api`, :mod:`.tournaments`).  The JSON API under ``/api`` creates tables
and reads the history (:mod:`.api`, its errors :mod:`.errors`); play goes over one WebSocket
(``/ws``, :mod:`.play`) per browser tab, in the protocol of :mod:`rookgame.web.protocol`
(docs/protocol.md).  Every table lives in the store (SQLite by default, PostgreSQL by URL) and is
rebuilt from its log when the server starts again.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.engine import make_url

from ..words.catalog import Param
from ..words.web import say
from . import api, clubs, errors, logs, ops, pages, passkeys, play, tournament_api
from .collector import quiet_collections
from .history import History
from .limits import RATE, Requests
from .logs import LogFormat
from .pages import STATIC
from .rooms import Hub
from .store import LEASE_SECONDS, Store
from .tournaments import Hall

__all__ = ["MAX_WS_FRAME", "SECURITY_HEADERS", "STATIC", "create_app", "serve"]

log = logging.getLogger("rookgame.web")
MAX_WS_FRAME = 16 * 1024  # bytes; a longer frame closes the connection (a message is at most 4 KB)
# uvicorn as every rook server runs it.  No per-message deflate: a view is a few hundred bytes, and compressing
# each cost the loop 14% under load.
UVICORN: dict[str, Any] = {"log_level": "warning", "log_config": None, "ws_max_size": MAX_WS_FRAME,
                           "ws_ping_interval": 20, "ws_ping_timeout": 20, "ws_per_message_deflate": False}

# A page runs only the scripts it came with: a name or a table that holds a <script> stays text.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def create_app(db: str | None = None, *, bot_delay: float = 0.6, allowed_origins: tuple[str, ...] = (),
               bot_workers: int = 2, rate: float = RATE, lease_seconds: float = LEASE_SECONDS,
               this_network_only: bool = False, lan_url: str | None = None, bot_processes: int = 0,
               address: str | None = None, sweep_seconds: float = 0.0) -> FastAPI:
    """The app, on the store at ``db`` (an SQLAlchemy URL; default ``~/.rook/rook.db``); ``rate``: the
    messages a second one connection may send (tests that play at machine speed raise it); ``lease_seconds``:
    how long a table stays this server's without a heartbeat (:mod:`.store`); ``this_network_only``: serve
    this computer and the local network only (:mod:`.limits`); ``lan_url``: where other devices reach this
    server (``http://192.168.1.5:8000``), the invite link of a page opened as localhost; ``bot_processes``: the
    bots think in that many worker processes (:mod:`rookgame.botpool`), or on threads when 0; ``address``: this
    process's private address in a site of several (:mod:`.site`), where the others relay connections for the
    tables it plays; ``sweep_seconds``: how often it takes over the tables no live process plays."""
    store = Store(db)
    hub = Hub(store, bot_delay=bot_delay, bot_workers=bot_workers, lease_seconds=lease_seconds,
              bot_processes=bot_processes, address=address, sweep_seconds=sweep_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        restored = await hub.start()
        if restored:
            log.info("restored %d table(s) from the store", restored)
        yield
        hub.stopping = True  # /healthz says so while the tables' leases are given up
        hub.close()

    app = FastAPI(title="rook", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.state.tournaments = hub.events = Hall(hub)
    app.state.history = History(store)
    app.state.allowed_origins = allowed_origins
    app.state.rate = rate
    app.state.lan_url = lan_url

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        for k, v in SECURITY_HEADERS.items():
            response.headers.setdefault(k, v)
        return response

    app.add_middleware(Requests, this_network_only=this_network_only)  # outermost: before anything reads the body
    errors.install(app)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(api.router)
    app.include_router(ops.router)
    app.include_router(tournament_api.router)
    app.include_router(tournament_api.pages)
    from .account_api import install as accounts

    known = accounts(app, store)  # players who are known, their sessions and ratings (issue 27)
    app.state.clubs = clubs.Clubs(store)
    known.pools.append(clubs.rate_in_clubs)  # a game at a club's table is rated in the club's pool too
    app.include_router(clubs.router)
    app.include_router(passkeys.router)
    app.include_router(play.router)
    return app


def serve(host: str | None, port: int, db: str | None, *, open_browser: bool = True, bot_delay: float = 0.6,
          allowed_origins: tuple[str, ...] = (), bot_processes: int | None = None,
          log_format: LogFormat = "text", workers: int = 1, relay_host: str = "127.0.0.1") -> None:
    """Run the server until interrupted (``rook serve``).  ``host`` None: every interface, answering this computer
    and the local network only (phones on the Wi-Fi join; an address of the internet is refused).
    ``bot_processes``: the bots' worker processes (default: one per core, at most 4; 0: threads); ``workers``:
    server processes sharing the tables through PostgreSQL (:mod:`.site`)."""
    import os

    import uvicorn

    logs.configure(log_format)
    if bot_processes is None:
        bot_processes = min(4, os.cpu_count() or 1)

    local = host is None
    host = "0.0.0.0" if host is None else host
    lan = _lan_address() if host in ("0.0.0.0", "::") else None
    if workers > 1:
        from .site import check_database, serve_workers

        check_database(db)
        assert db is not None
        Store(db).close()  # reached, and its tables made or migrated once, before the processes start (StoreError)
        shown = make_url(db).render_as_string(hide_password=True)
        _tell("serving_workers", workers=workers, url=f"http://{host}:{port}/", database=shown)
        serve_workers(workers, host, port, db, create_app, UVICORN, relay_host=relay_host, log_format=log_format,
                      bot_delay=bot_delay,
                      allowed_origins=allowed_origins, this_network_only=local,
                      lan_url=f"http://{lan}:{port}" if lan else None,
                      bot_processes=max(1, bot_processes // workers) if bot_processes else 0)
        return
    app = create_app(db, bot_delay=bot_delay, allowed_origins=allowed_origins, this_network_only=local,
                     lan_url=f"http://{lan}:{port}" if lan else None, bot_processes=bot_processes)
    app.state.hub.store.claim()  # a second server on this SQLite file is refused here, in words (StoreError)
    url = f"http://{'localhost' if host in ('0.0.0.0', '::', '127.0.0.1') else host}:{port}/"
    _tell("serving_at", url=url, database=app.state.hub.store.where)
    if host in ("0.0.0.0", "::"):
        if lan:
            _tell("serving_lan", url=f"http://{lan}:{port}/")
        if local:
            _tell("serving_local")
    _tell("serving_stop")
    if open_browser:
        _open_browser(url)
    quiet_collections()
    uvicorn.run(app, host=host, port=port, **UVICORN)


def _tell(code: str, **params: Param) -> None:
    """One line of what ``rook serve`` says as it starts, in the terminal's language
    (:data:`rookgame.words.web.TERMINAL`)."""
    print(f"rook: {say(code, params)}", flush=True)


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
