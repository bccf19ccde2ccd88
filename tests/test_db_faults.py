"""The web tables when the database goes away (issue 25): an SQLite file locked by another program, a PostgreSQL
server stopped and started under a running table, and two servers on one database.

A table waiting on the database goes on by itself when it is back; people are told in plain words (never the
driver's, never SQL) and an intent made meanwhile is refused and changes nothing; no request fails with a 500 once
the database is back; a table is played by one server at a time.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rookgame.web.app import create_app

from .services import PostgresServer
from .wire import Wire, create, room_of, serving

pytestmark = pytest.mark.slow

RAW = re.compile(r"sqlite|psycopg|SELECT|INSERT|UPDATE|OperationalError|connection|Traceback|\[SQL", re.I)


@contextmanager
def served(url: str, **options: Any) -> Iterator[TestClient]:
    """The app on ``url`` in-process; the sockets opened meanwhile are closed before it stops."""
    with serving(create_app(url, rate=1000, **options)) as client:
        yield client


def plain(msg: dict[str, Any]) -> str:
    """The sentence of a refusal or an info, checked to say nothing of the database's own words."""
    text = str(msg.get("reason") or msg.get("text"))
    assert not RAW.search(text), text
    return text


def heard(wire: Wire, kind: str, code: str) -> list[dict[str, Any]]:
    return [m for m in wire.heard if m["type"] == kind and m.get("code") == code]


def until_my_turn(wire: Wire) -> dict[str, Any]:
    view = wire.view()
    while not view["legal"]:
        view = wire.view()
    return view


def outage(client: TestClient, ann: Wire, code: str, cut: Any, restore: Any, reads_fail: bool) -> tuple[float, int]:
    """Ann plays; while the bots are due the database is cut; Ann's intent meanwhile is refused in plain words and
    changes nothing; the database comes back and the table goes on by itself to Ann's next turn.  (Seconds from
    the database's return to the next move in the log, moves made before the cut.)"""
    room = room_of(client, code)
    view = until_my_turn(ann)
    logged = room.logged
    ann.send({"type": "act", "action": view["legal"][0]["action"]})
    while room.logged == logged:  # Ann's move is in the log
        time.sleep(0.005)
    cut()  # within the bots' pace: the next bot's move meets the database away
    logged = room.logged
    lost = ann.until("info")
    assert lost["code"] == "db_lost" and plain(lost) == "the server lost its database; retrying"
    ann.send({"type": "stand"})  # a write the database cannot take now
    refused = ann.until("refused")
    assert refused["code"] == "db_down" and "try again" in plain(refused)
    assert ann.seat == 0 and room.lobby.seats[0].kind == "person" and room.table is not None
    assert room.table.is_human(0), "a refused stand changed nothing"
    games = client.get("/api/games")  # a read: SQLite's readers go on beside a writer (WAL); a stopped server not
    assert games.status_code == (503 if reads_fail else 200) and not RAW.search(games.text), games.text
    assert room.logged == logged
    back = restore()
    while room.logged == logged:  # nobody touches the table: it goes on by itself
        assert time.monotonic() - back < 30, "the table did not resume"
        time.sleep(0.01)
    resumed = time.monotonic() - back
    assert client.get("/api/games").status_code == 200  # the first request after the return: no 500
    assert client.get(f"/api/tables/{code}").status_code == 200
    until_my_turn(ann)
    assert heard(ann, "info", "db_back") and len(heard(ann, "info", "db_lost")) == 1
    return resumed, logged


def test_a_table_waits_for_an_sqlite_file_locked_by_another_program_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "rook.db"
    holder: list[sqlite3.Connection] = []

    def cut() -> None:  # another program (a backup, the sqlite3 shell) holds the write lock
        conn = sqlite3.connect(path, isolation_level=None, timeout=10)
        conn.execute("BEGIN EXCLUSIVE")
        holder.append(conn)

    def restore() -> float:  # (held past the store's busy wait, 1 s: the bots' write and Ann's failed)
        holder.pop().execute("ROLLBACK")
        return time.monotonic()

    with served(f"sqlite:///{path}", bot_delay=0.5) as client:
        made = create(client, your_name="Ann", seats=["me", "heuristic", "heuristic", "heuristic"])
        ann = Wire(client, made["code"], made["token"])
        ann.send({"type": "start"})
        resumed, _ = outage(client, ann, made["code"], cut, restore, reads_fail=False)
    assert resumed < 3


def test_a_table_waits_while_postgresql_is_stopped_and_goes_on_when_it_is_started_again() -> None:
    with PostgresServer() as pg, served(pg.url(), bot_delay=0.5) as client:
        made = create(client, your_name="Ann", seats=["me", "heuristic", "heuristic", "heuristic"])
        ann = Wire(client, made["code"], made["token"])
        ann.send({"type": "start"})

        def restore() -> float:
            time.sleep(1)
            pg.resume()
            return time.monotonic()

        resumed, _ = outage(client, ann, made["code"], pg.pause, restore, reads_fail=True)
    print(f"resumed {resumed:.2f} s after PostgreSQL was back")
    assert resumed < 3


def test_two_servers_on_one_postgresql_never_play_the_same_table(fresh_postgres_url: str) -> None:
    """The second server does not play (nor load) a table the first holds, and says so; once the first stops, the
    second takes the table over and plays on from the log."""
    with served(fresh_postgres_url, bot_delay=0.02) as second_client, ExitStack() as stack:
        first = stack.enter_context(TestClient(create_app(fresh_postgres_url, bot_delay=0.02, rate=1000)))
        made = create(first, seats=["heuristic"] * 4, goal=300)
        code = made["code"]
        host = Wire(first, code, made["token"])
        host.send({"type": "start"})
        room = room_of(first, code)
        while room.logged < 10:
            host.view()
        second = second_client
        r = second.get(f"/api/tables/{code}")
        assert r.status_code == 409 and r.json()["code"] == "table_elsewhere"
        with second.websocket_connect("/ws") as other:  # the host's page, opened on the second server
            other.send_text(json.dumps({"type": "join", "v": 2, "table": code, "token": made["token"]}))
            refused = json.loads(other.receive_text())
        assert refused["code"] == "table_elsewhere" and code in plain(refused)
        while room.logged < 30:
            host.view()
        assert code not in second.app.state.hub.rooms  # type: ignore[attr-defined]
        host.close()
        stack.close()  # the first server stops: its leases are given up
        store = second.app.state.hub.store  # type: ignore[attr-defined]
        logged = store.count(code)
        watcher = Wire(second, code)  # the second takes the table over, from its log
        taken = room_of(second, code)
        assert taken.logged == logged
        while taken.logged < logged + 10 and not (taken.table and taken.table.is_over):
            watcher.view()
        assert store.count(code) == taken.logged
