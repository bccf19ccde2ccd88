"""The API's errors as JSON: ``{"error", "code", "params"}`` with the status that says whose fault it was.

``code`` and ``params`` are what a page tells in the reader's words (``GET /api/words``, static/words.js
``errorWords``); ``error`` is the English, for logs and scripts.  A rules error's code is one of
:data:`rookgame.words.errors.RULES` (``catalog: "rules"``), with ``where`` the rules came from and its
``problems`` (each a code and its params); a request that does not fit its model is one of the ``request_``
codes of :data:`rookgame.words.web.SERVER`, with the field (as the API spells it) and what it allows.

A request that does not fit its model, a rules file that does not load and an intent refused are the
client's to fix (400); a control asked by someone it is not theirs to ask (a tournament's, not its
director) is 403; a table that is not there is 404; one that another server plays, 409; the
database away is 503 with a plain sentence (never the driver's words or SQL).  Never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError

from ..rules import RulesError
from ..words import web as web_words
from ..words.catalog import Param
from .protocol import Elsewhere, Forbidden, NoTable, Refusal, Unavailable, wire_params

log = logging.getLogger("rookgame.web")


# pydantic's error types: a bound (its ``ctx`` key and the parameter that says it), a type asked for
_BOUNDS = {"greater_than_equal": ("request_at_least", "ge", "min"), "greater_than": ("request_above", "gt", "min"),
           "less_than_equal": ("request_at_most", "le", "max"), "less_than": ("request_below", "lt", "max"),
           "string_too_long": ("request_too_long", "max_length", "max"),
           "string_too_short": ("request_too_short", "min_length", "min"),
           "too_long": ("request_too_many", "max_length", "max"), "too_short": ("request_too_few", "min_length", "min")}
_KINDS = {"int_type": "request_whole", "int_parsing": "request_whole", "int_from_float": "request_whole",
          "float_type": "request_number", "float_parsing": "request_number", "string_type": "request_text",
          "bool_type": "request_yes_no", "bool_parsing": "request_yes_no", "list_type": "request_list",
          "model_type": "request_object", "model_attributes_type": "request_object", "dict_type": "request_object",
          "missing": "request_missing", "extra_forbidden": "request_unknown_field", "json_invalid": "request_json",
          "json_type": "request_json"}


def _bound(value: object) -> Param:
    """A bound as a parameter: a whole number as it is, any other as its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return str(value)


def validation(error: Mapping[str, object]) -> tuple[str, dict[str, Param]]:
    """One of pydantic's errors as a code and its params: the field as the API spells it ("goal", "seats.2"; the
    request itself: "body") and what it allows."""
    loc = error.get("loc", ())
    parts = [str(p) for p in loc] if isinstance(loc, (list, tuple)) else []
    field = ".".join(parts[1:]) or (parts[0] if parts else "body")
    kind = str(error.get("type", ""))
    params: dict[str, Param] = {"field": field}
    if kind in _BOUNDS:
        code, key, name = _BOUNDS[kind]
        ctx = error.get("ctx")
        if isinstance(ctx, dict) and key in ctx:
            params[name] = _bound(ctx[key])
            return code, params
    return _KINDS.get(kind, "request_bad"), params


async def bad_request(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    code, params = validation(errors[0]) if errors else ("request_bad", {"field": "body"})
    return JSONResponse({"error": web_words.text(code, params), "code": code, "params": params}, status_code=400)


def _body(exc: Exception) -> dict[str, object]:
    """``error``, the English; ``code`` and ``params``, which a page tells in its words; for a rules error also
    where the rules came from and its problems (``catalog``: "rules", whose codes they are)."""
    if isinstance(exc, RulesError):
        return {"error": str(exc), "code": exc.code, "params": exc.params, "catalog": "rules", "where": exc.where,
                "problems": [{"code": c, "params": dict(p)} for c, p in exc.problems]}
    assert isinstance(exc, Refusal)
    return {"error": str(exc), "code": exc.code, "params": wire_params(exc.params)}


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
