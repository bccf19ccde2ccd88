"""A browser tab over the test client's WebSocket, and a server that closes every tab before it stops.

Every message a :class:`Wire` receives is checked against the protocol's JSON Schema and kept.  A tab left
open keeps the app's loop waiting on it, so the test client's end would hang and hide the test's failure:
:func:`serving` closes them all first, whatever the test did.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jsonschema
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from rookgame.web import protocol as P
from rookgame.web.rooms import Room

VALIDATOR = jsonschema.Draft202012Validator(P.schema())


class Tab:
    """A WebSocket of the test client, as a browser tab: closed by :func:`serving` whatever the test did."""

    def __init__(self, client: TestClient) -> None:
        self.cm = client.websocket_connect("/ws")
        self.ws: WebSocketTestSession = self.cm.__enter__()
        self.open = True
        OPEN.append(self)

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def close(self) -> None:
        if self.open:
            self.open = False
            if self in OPEN:
                OPEN.remove(self)
            self.cm.__exit__(None, None, None)


OPEN: list[Tab] = []  # every tab open now


class Wire(Tab):
    """A tab that joins table ``code``: every message it receives is checked against the schema and kept."""

    def __init__(self, client: TestClient, code: str, token: str | None = None) -> None:
        super().__init__(client)
        self.heard: list[dict[str, Any]] = []
        self.token = token
        self.seat: int | None = None
        self.send({"type": "join", "v": 2, "table": code, **({"token": token} if token else {})})
        self.until("welcome")

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.receive_text())
        VALIDATOR.validate(msg)
        self.heard.append(msg)
        if msg["type"] == "welcome":
            self.seat = msg["seat"]
            self.token = msg["token"] or self.token
        return msg

    def until(self, kind: str) -> dict[str, Any]:
        while True:
            msg = self.recv()
            if msg["type"] == kind:
                return msg

    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.until("view")["view"]
        return view


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def seated(client: TestClient, code: str, seat: int, name: str) -> Wire:
    """A newcomer who opens the invite and sits at ``seat``."""
    w = Wire(client, code)
    w.send({"type": "sit", "seat": seat, "name": name})
    assert w.until("welcome")["seat"] == seat
    return w


def room_of(client: TestClient, code: str) -> Room:
    room: Room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
    return room


def close_all() -> None:
    """Close every tab still open (a test that failed half-way leaves some)."""
    while OPEN:
        OPEN.pop().close()


@contextmanager
def serving(app: FastAPI) -> Iterator[TestClient]:
    """The test client of ``app``, its tabs all closed before it stops."""
    with TestClient(app) as client:
        try:
            yield client
        finally:
            close_all()
