"""A short, derandomized run of benchmarks/web_fuzz.py in-process: hostile messages are refused and change nothing."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from rookgame.web import rooms
from rookgame.web.app import create_app
from rookgame.web.store import Store

_spec = importlib.util.spec_from_file_location("web_fuzz", Path(__file__).parent.parent / "benchmarks" / "web_fuzz.py")
assert _spec is not None and _spec.loader is not None
web_fuzz = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("web_fuzz", web_fuzz)  # its dataclasses look their module up
_spec.loader.exec_module(web_fuzz)


def until(ws: Any, pred: Any, limit: int = 5000) -> dict[str, Any]:
    for _ in range(limit):
        msg: dict[str, Any] = json.loads(ws.receive_text())
        if pred(msg):
            return msg
    raise AssertionError("no such message")


def answer(ws: Any, frame: str | bytes) -> list[dict[str, Any]]:
    """Send ``frame`` and then a ping; what came back before the pong (a ping is always answered)."""
    if isinstance(frame, bytes):
        ws.send_bytes(frame)
    else:
        ws.send_text(frame)
    ws.send_text('{"type": "ping"}')
    out: list[dict[str, Any]] = []
    while True:
        msg = json.loads(ws.receive_text())
        if msg["type"] == "pong":
            return out
        out.append(msg)


def settled(ws: Any) -> dict[str, Any]:
    """The last view once it is a person's turn (the bots play at once: bot_delay 0)."""
    view: dict[str, Any] = until(ws, lambda m: m["type"] == "view" and m["view"]["to_act"] in (0, 1))["view"]
    return view


def lobby(client: TestClient, code: str) -> dict[str, Any]:
    d = client.get(f"/api/tables/{code}").json()
    return {**d, "spectators": None, "seats": [{**s, "connected": None} for s in d["seats"]]}


@pytest.mark.slow
def test_hostile_messages_are_refused_and_change_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fuzz.db'}"
    rng = random.Random(11)
    # the paced part: no rate limit in the way
    with TestClient(create_app(url, bot_delay=0, rate=1e9)) as client:
        def table(seats: list[str], name: str) -> tuple[str, str]:
            d = client.post("/api/tables", json={"name": name, "seats": seats, "your_name": name}).json()
            return str(d["code"]), str(d["token"])

        code, ann_token = table(["me", "open", "heuristic", "heuristic"], "Ann")
        lcode, ltoken = table(["me", "heuristic", "heuristic", "heuristic"], "Lee")
        _, foreign = table(["me", "open", "open", "open"], "Flo")
        with client.websocket_connect("/ws") as bo, client.websocket_connect("/ws") as ann, \
                client.websocket_connect("/ws") as watcher, client.websocket_connect("/ws") as stranger, \
                client.websocket_connect("/ws") as lee:
            bo.send_json({"type": "join", "v": 2, "table": code})
            bo.send_json({"type": "sit", "seat": 1, "name": "Bo"})
            until(bo, lambda m: m["type"] == "welcome" and m["seat"] == 1)
            ann.send_json({"type": "join", "v": 2, "table": code, "token": ann_token})
            ann.send_json({"type": "start"})
            view = settled(ann)
            watcher.send_json({"type": "join", "v": 2, "table": code})
            until(watcher, lambda m: m["type"] == "view")
            bview = until(bo, lambda m: m["type"] == "view" and m["view"]["to_act"] == view["to_act"])["view"]
            legal = {c["action"] for c in (view["legal"] or bview["legal"])}
            to_act = view["to_act"]
            count0, lobby0 = Store(url).count(code), lobby(client, code)

            lee.send_json({"type": "join", "v": 2, "table": lcode, "token": ltoken})
            lee.send_json({"type": "start"})

            def lee_plays() -> int:
                """Lee plays his turns until a bot is to act or the first hand is over; hands done."""
                while True:
                    v = until(lee, lambda m: m["type"] == "view")["view"]
                    if v["pad"]:
                        return len(v["pad"])
                    if v["to_act"] == 0 and v["legal"]:
                        lee.send_json({"type": "act", "action": v["legal"][0]["action"]})

            sockets = [(ann, "host", 0), (bo, "seat", 1), (watcher, "spectator", None),
                       (stranger, "nojoin", None)]
            tried = refused = 0
            for i in range(320):
                ws, role, seat = sockets[i % len(sockets)]
                kind, frame = web_fuzz.hostile(rng, role, legal if seat == to_act else None, code, (foreign,))
                got = answer(ws, frame)
                tried += 1
                reasons = [g["reason"] for g in got if g["type"] == "refused"]
                assert len(reasons) == 1, (role, kind, frame, got)
                assert not any(g["type"] == "hint" for g in got)
                refused += 1
                if i % 40 == 0:  # the legitimate game goes on between the fuzz
                    lee.send_json({"type": "ping"})
            assert tried == refused == 320
            assert Store(url).count(code) == count0
            assert lobby(client, code) == lobby0
            # the fuzzed table still waits at the same turn; the legitimate one plays a whole hand
            ann.send_json({"type": "join", "v": 2, "table": code, "token": ann_token})
            again = until(ann, lambda m: m["type"] == "view")["view"]
            assert (again["to_act"], again["legal"], again["hand"]) == (to_act, view["legal"], view["hand"])
            assert lee_plays() >= 1

    # with the real rate limit: a flood is refused past the burst and then closed
    with TestClient(create_app(url, bot_delay=0)) as client, client.websocket_connect("/ws") as flood:
        for _ in range(rooms.MAX_DROPS + int(rooms.BURST) + 30):
            flood.send_text('{"type": "nonsense"}')
        seen: list[str] = []
        with pytest.raises(WebSocketDisconnect):
            while True:
                seen.append(json.loads(flood.receive_text())["reason"])
        assert sum("too many messages" in r for r in seen) == rooms.MAX_DROPS + 1
        assert seen[-1] == "too many messages: the connection is closed"
        assert Store(url).count(code) == count0
