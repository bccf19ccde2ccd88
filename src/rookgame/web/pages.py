"""The pages: static files shipped in the package (no build step), one HTML file per page."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
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
