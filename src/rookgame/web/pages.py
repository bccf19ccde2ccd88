"""The pages: static files shipped in the package (no build step), one HTML file per page."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

STATIC = Path(str(resources.files("rookgame.web") / "static"))

router = APIRouter(include_in_schema=False)


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html")


@router.get("/")
async def index() -> FileResponse:
    return page("index.html")


@router.get("/t/{code}")
async def table_page(code: str) -> FileResponse:
    return page("table.html")


@router.get("/history")
async def history_page() -> FileResponse:
    return page("history.html")


@router.get("/replay/{code}")
async def replay_page(code: str) -> FileResponse:
    return page("replay.html")


LOOPBACK = ("localhost", "127.0.0.1", "::1", "[::1]")


def invite_base(request: Request) -> str:
    """Where other devices reach this server: as the page was opened, unless that was this computer's own name
    (localhost), which no phone can open; then the network address ``rook serve`` found (``lan_url``)."""
    own = str(request.base_url).rstrip("/")
    host = (request.url.hostname or "").lower()
    lan: str | None = request.app.state.lan_url
    if lan and (host in LOOPBACK or host.endswith(".localhost") or host.startswith("127.")):
        return lan.rstrip("/")
    return own
