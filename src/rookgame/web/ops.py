"""What a site's operators and their tools read: ``GET /healthz`` and ``GET /metrics``.

``/healthz`` answers 200 while this process serves and reaches its database, 503 (with the reason's code)
when the database is away or the process is shutting down, so that a proxy or an orchestrator sends no
one to it; ``/metrics`` is the process's Prometheus page (:mod:`.metrics`).  Neither says anything about
a table's cards or its people: counts only.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy import text

from .rooms import Hub

router = APIRouter()


def _database_ok(hub: Hub) -> bool:
    try:
        with hub.store.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception:  # any fault of the driver: the database is away, which is what this says
        return False
    return True


@router.get("/healthz", include_in_schema=False)
async def healthz(request: Request) -> JSONResponse:
    hub: Hub = request.app.state.hub
    database = await hub.db(_database_ok, hub)
    body: dict[str, Any] = {
        "status": "ok" if database and not hub.stopping else ("stopping" if hub.stopping else "db_down"),
        "database": "ok" if database else "down",
        "owner": hub.owner,
        "tables": len(hub.rooms),
    }
    return JSONResponse(body, status_code=200 if body["status"] == "ok" else 503,
                        headers={"Cache-Control": "no-store"})


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    hub.measure()
    body, content_type = hub.metrics.page()
    return Response(body, media_type=content_type, headers={"Cache-Control": "no-store"})
