"""Load on ``rook serve`` with a duplicate tournament in play beside the tables of ``web_load.py`` (issue 27).

The server and the load are ``benchmarks/web_load.py``'s (its human mode: ``--tables`` tables of one scripted person
and three bots, ``--idle`` spectator sockets); beside them, a tournament of ``--pairs`` pairs of people (``--pairs
32``: 64 people at 16 tables, no bot), every person a scripted client that joins their table with their token and
acts ``--human-delay`` seconds after their turn comes (a random legal action).  Measured over web_load's window:
each load's time from a person's ``act`` to their next ``view``, p50/p99/max, the tables' and the tournament's
apart; the tournament's boards played in the window; refusals and errors.

    python benchmarks/tournament_load.py --tables 200 --idle 1000 --pairs 32 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
import web_load as W  # noqa: E402


class Tournament:
    """The event, its people's latencies (time stamped, so that web_load's window picks them) and faults."""

    def __init__(self) -> None:
        self.latencies: list[tuple[float, float]] = []  # (when the view came, act -> view seconds)
        self.boards: list[float] = []  # when a table's board was over
        self.refused: dict[str, int] = {}
        self.errors: dict[str, int] = {}

    def count(self, into: dict[str, int], what: str) -> None:
        into[what[:60]] = into.get(what[:60], 0) + 1


async def setup(server: W.Server, pairs: int, boards: int) -> tuple[str, str, list[str]]:
    async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
        made = (await http.post("/api/tournaments", json={"name": "load", "rounds": 1, "boards": boards})).json()
        tokens: list[str] = []
        for i in range(pairs):
            got = (await http.post(f"/api/tournaments/{made['code']}/units",
                                   json={"members": [f"n{i}", f"s{i}"]})).json()
            tokens += got["tokens"]
        return made["code"], made["director"], tokens


async def player(server: W.Server, code: str, token: str, t: Tournament, delay: float, rng: random.Random,
                 stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
        table = None
        while table is None and not stop.is_set():
            me = (await http.get(f"/api/tournaments/{code}", headers={"X-Rook-Token": token})).json()["me"]
            table = me["table"]
            if table is None:
                await asyncio.sleep(0.5)
    while not stop.is_set():
        try:
            async with websockets.connect(server.ws_url, max_size=None, ping_interval=None, open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "join", "v": 2, "table": table, "token": token}))
                seat, sent_at, pending = None, None, None

                async def act_later(action: int) -> None:
                    nonlocal sent_at
                    await asyncio.sleep(delay)
                    sent_at = time.perf_counter()
                    with contextlib.suppress(websockets.ConnectionClosed):
                        await ws.send(json.dumps({"type": "act", "action": action}))

                async for raw in ws:
                    if stop.is_set():
                        return
                    msg = json.loads(raw)
                    kind = msg["type"]
                    if kind == "welcome":
                        seat = msg["seat"]
                    elif kind == "refused":
                        t.count(t.refused, msg["reason"])
                        sent_at = None
                    elif kind == "tournament" and msg["index"] > 1 and not msg["done"] and seat == 0:
                        t.boards.append(time.monotonic())  # one person a table counts its boards
                    elif kind == "view":
                        now = time.perf_counter()
                        if sent_at is not None:
                            t.latencies.append((time.monotonic(), now - sent_at))
                            sent_at = None
                        view = msg["view"]
                        if view["to_act"] == seat and view["legal"] and (pending is None or pending.done()):
                            pending = asyncio.create_task(act_later(rng.choice(view["legal"])["action"]))
                return
        except (TimeoutError, OSError, websockets.WebSocketException) as e:
            if not stop.is_set():
                t.count(t.errors, f"player socket: {type(e).__name__}")
                await asyncio.sleep(1)


async def run(server: W.Server, args: argparse.Namespace) -> dict[str, Any]:
    code, director, tokens = await setup(server, args.pairs, args.boards)
    t = Tournament()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
        r = await http.post(f"/api/tournaments/{code}/rounds", headers={"X-Rook-Director": director})
        assert r.status_code == 200, r.text
    players = [asyncio.create_task(player(server, code, tok, t, args.human_delay, random.Random(rng.random()), stop))
               for tok in tokens]
    tables = await W.run_human(server, args, args.tables, args.idle)
    end = time.monotonic()
    stop.set()
    for p in players:
        p.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    start = end - tables["window_s"]
    lat = [x * 1000 for when, x in t.latencies if start <= when <= end]
    return {"tables": tables, "tournament": {
        "people": len(tokens), "tables": len(tokens) // 4, "views": len(lat), "p50_ms": W.pct(lat, 0.5),
        "p99_ms": W.pct(lat, 0.99), "max_ms": max(lat) if lat else float("nan"),
        "boards_in_window": sum(1 for b in t.boards if start <= b <= end), "refused": t.refused, "errors": t.errors}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--idle", type=int, default=1000)
    ap.add_argument("--pairs", type=int, default=32, help="the tournament's pairs of people (32: 64 at 16 tables)")
    ap.add_argument("--boards", type=int, default=8, help="the round's boards (enough to last the window)")
    ap.add_argument("--duration", type=float, default=60.0)
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--bot-delay", type=float, default=0.5)
    ap.add_argument("--human-delay", type=float, default=0.5)
    ap.add_argument("--bot-workers", type=int, default=2)
    ap.add_argument("--ping-every", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--profile", help="run the server's event loop under cProfile and write its stats here")
    args = ap.parse_args()
    args.mode = "human"
    W.raise_nofile()
    server = W.Server(args.bot_delay, args.bot_workers, profile=args.profile)
    try:
        server.wait_up()
        out = asyncio.run(run(server, args))
    finally:
        server.stop()
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")


if __name__ == "__main__":
    main()
