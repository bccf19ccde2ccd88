"""A site of several server processes on one PostgreSQL (`rook serve --workers 2`): a connection to a process
that does not play its table is relayed to the one that does, and when that process is killed (SIGKILL) the
other takes its table over from the log and the person's page plays on, nothing lost or played twice."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from rookgame.web.store import Store

from .test_serve import free_port, serve_logged, server_said


@contextmanager
def site(db: str, port: int, home: Path, workers: int = 2) -> Iterator[subprocess.Popen[str]]:
    env = {**os.environ, "HOME": str(home), "PYTHONUNBUFFERED": "1"}
    proc = serve_logged(["--host", "127.0.0.1", "--port", str(port), "--db", db, "--no-browser", "--pace", "0",
                         "--bot-processes", "0", "--workers", str(workers)], env, home)
    try:
        owners: set[str] = set()
        deadline = time.monotonic() + 60
        while len(owners) < workers:  # every process up (the kernel hands connections to each in turn)
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1, headers={"Connection": "close"})
                if r.status_code == 200:
                    owners.add(r.json()["owner"])
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the site did not start: {owners} {server_said(home)}")
            time.sleep(0.05)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def process_owners(port: int, n: int) -> set[str]:
    owners: set[str] = set()
    deadline = time.monotonic() + 30
    while len(owners) < n and time.monotonic() < deadline:
        r = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2, headers={"Connection": "close"})
        owners.add(r.json()["owner"])
    return owners


@contextmanager
def join(address: str, code: str, token: str) -> Iterator[ClientConnection]:
    """Ann's page joins ``code`` at ``address``: her seat, 0, is hers again by her token."""
    with connect(f"ws://{address}/ws") as ws:
        ws.send(json.dumps({"type": "join", "v": 2, "table": code, "token": token}))
        while True:
            msg = json.loads(ws.recv(timeout=20))
            assert msg["type"] != "refused", msg
            if msg["type"] == "welcome":
                assert msg["seat"] == 0
                break
        yield ws


def next_view(ws: ClientConnection) -> dict[str, Any]:
    while True:
        msg = json.loads(ws.recv(timeout=20))
        assert msg["type"] != "refused", msg
        if msg["type"] == "view":
            return dict(msg["view"])


def act_until(ws: ClientConnection, view: dict[str, Any], moves: int) -> dict[str, Any]:
    """Ann plays her first legal choice ``moves`` times (the bots in between), then the view."""
    while moves > 0:
        if view["legal"]:
            ws.send(json.dumps({"type": "act", "action": view["legal"][0]["action"]}))
            moves -= 1
        view = next_view(ws)
    return view


@pytest.mark.slow
def test_a_site_relays_a_connection_to_the_tables_process_and_takes_its_tables_over_when_it_dies(
        fresh_postgres_url: str, tmp_path: Path) -> None:
    port = free_port()
    with site(fresh_postgres_url, port, tmp_path) as parent:
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "name": "Club", "your_name": "Ann", "seats": ["me", "heuristic", "heuristic", "heuristic"]}).json()
        code, token = made["code"], made["token"]
        store = Store(fresh_postgres_url)
        lease = store.lease_of(code)
        assert lease is not None
        owner = lease[0]
        others = process_owners(port, 2) - {owner}
        assert len(others) == 1
        other = others.pop()
        # Ann's page reaches the process that does not play her table: it relays her to the one that does
        with join(other.partition("@")[2], code, token) as ws:
            ws.send(json.dumps({"type": "start"}))
            view = act_until(ws, next_view(ws), 6)
            held = store.lease_of(code)
            assert held is not None and held[0] == owner  # the table stayed with its process
            logged = store.count(code)
            assert logged >= 6
            killed = time.monotonic()
            os.kill(int(owner.split(":")[1]), signal.SIGKILL)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012  # "service restart": connect again
        while (now := store.lease_of(code)) is None or now[0] == owner:  # the other process takes the table over
            assert time.monotonic() - killed < 15, "the table was not taken over"
            time.sleep(0.05)
        moved = time.monotonic() - killed
        assert now[0] == other and moved < 5
        at_death = store.count(code)  # every move the dead process made was saved before it was told
        assert at_death >= logged
        with join(f"127.0.0.1:{port}", code, token) as ws:
            back = next_view(ws)
            assert back["hand"] == view["hand"] and back["hand_number"] == view["hand_number"]  # Ann has not acted
            assert store.count(code) >= at_death  # nothing lost
            back = act_until(ws, back, 3)
        assert parent.poll() is None
        count = store.count(code)
        assert count >= at_death + 3
        table = store.load(code)  # the whole log replays through the engine: no move lost, none played twice
        assert sum(len(h.history) for h in table.match.hands) + len(table.hand.history) >= count
        store.close()


@pytest.mark.slow
def site_tables(port: int) -> float:
    """The tables of the machine's whole site, by ``/metrics`` on the public address (any process answers)."""
    page = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5, headers={"Connection": "close"}).text
    return sum(float(line.rsplit(" ", 1)[1]) for line in page.splitlines() if line.startswith("rook_tables{"))


@pytest.mark.slow
def test_a_sites_metrics_page_counts_every_process_whichever_answers(fresh_postgres_url: str,
                                                                     tmp_path: Path) -> None:
    port = free_port()
    with site(fresh_postgres_url, port, tmp_path):
        store = Store(fresh_postgres_url)
        codes: list[str] = []
        owners: set[str] = set()
        # The kernel spreads new connections over the processes at random (SO_REUSEPORT), and a process still
        # starting takes none: tables are made until both hold some (8 at least; 8 alone all went to one, 1 in 128)
        while len(codes) < 8 or len(owners) < 2:
            assert len(codes) < 60, f"every table went to one process: {owners}"
            codes.append(httpx.post(f"http://127.0.0.1:{port}/api/tables", headers={"Connection": "close"}, json={
                "your_name": "Ann", "seats": ["me", "heuristic", "heuristic", "heuristic"]}).json()["code"])
            owners = {lease[0] for code in codes if (lease := store.lease_of(code)) is not None}
        made = float(len(codes))
        deadline = time.monotonic() + 10
        while (counted := [site_tables(port) for _ in range(6)]) != [made] * 6:  # each process measures every second
            assert time.monotonic() < deadline, counted
            time.sleep(0.3)
        os.kill(int(sorted(owners)[0].split(":")[1]), signal.SIGKILL)  # its tables move; its gauges leave the sum
        deadline = time.monotonic() + 20
        while (counted := [site_tables(port) for _ in range(6)]) != [made] * 6:
            assert time.monotonic() < deadline, counted
            time.sleep(0.3)
        store.close()


def test_a_site_needs_postgresql_and_says_so() -> None:
    out = subprocess.run([sys.executable, "-m", "rookgame.cli", "serve", "--workers", "2", "--no-browser"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "PostgreSQL" in out.stderr and "Traceback" not in out.stderr


def test_only_the_sites_own_secret_makes_a_connection_relayed(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    """A page of another site that forges the relay header is still refused by its origin."""
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from rookgame.web import relay
    from rookgame.web.app import create_app

    monkeypatch.setenv(relay.SECRET_ENV, "s3cret")
    app = create_app(f"sqlite:///{tmp_path / 'rook.db'}", bot_delay=0, address="127.0.0.1:1")
    assert relay.address_of(app.state.hub.owner) == "127.0.0.1:1"
    with TestClient(app) as client:
        for forged in ({}, {relay.HEADER: "guess"}):
            with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
                    "/ws", headers={"origin": "https://evil.example", **forged}) as ws:
                ws.receive_text()
            assert refused.value.code == 1008
        with client.websocket_connect("/ws", headers={"origin": "https://evil.example",
                                                      relay.HEADER: "s3cret"}) as ws:
            ws.send_text(json.dumps({"type": "ping"}))
            assert json.loads(ws.receive_text())["type"] in ("pong", "refused")
