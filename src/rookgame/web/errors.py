"""The API's errors as JSON: ``{"error": "..."}`` with the status that says whose fault it was.

A request that does not fit its model, a rules file that does not load and an intent refused are the
client's to fix (400); a control asked by someone it is not theirs to ask (a tournament's, not its
director) is 403; a table that is not there is 404; one that another server plays, 409; the
database away is 503 with a plain sentence (never the driver's words or SQL).  Never a traceback.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError

from ..rules import RulesError
from .protocol import Elsewhere, Forbidden, NoTable, Refusal, Unavailable, wire_params

log = logging.getLogger("rookgame.web")


async def bad_request(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "not understood"}
    where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "the request"
    return JSONResponse({"error": f"{where}: {first.get('msg')}"}, status_code=400)


def _body(exc: Exception) -> dict[str, object]:
    """``error``, the sentence; and for a refusal its ``code`` and ``params``, which a page tells in its words."""
    if isinstance(exc, Refusal):
        return {"error": str(exc), "code": exc.code, "params": wire_params(exc.params)}
    return {"error": str(exc)}


async def refused(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(_body(exc), status_code=400)


async def not_found(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(_body(exc), status_code=404)


async def forbidden(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(_body(exc), status_code=403)


async def elsewhere(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(_body(exc), status_code=409)


async def unavailable(_: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(_body(exc), status_code=503, headers={"Retry-After": "2"})


async def database_away(_: Request, exc: Exception) -> JSONResponse:
    """A read that met the database away (a write is retried first, :meth:`~rookgame.web.rooms.Hub.write`)."""
    log.warning("a request met the database away: %s", type(exc).__name__)
    return await unavailable(_, Unavailable("db_down"))


def install(app: FastAPI) -> None:
    """The handlers on ``app`` (a router cannot hold them): the most specific class of an error wins."""
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(RulesError, refused)
    app.add_exception_handler(Refusal, refused)
    app.add_exception_handler(NoTable, not_found)
    app.add_exception_handler(Forbidden, forbidden)
    app.add_exception_handler(Elsewhere, elsewhere)
    app.add_exception_handler(Unavailable, unavailable)
    app.add_exception_handler(DBAPIError, database_away)
