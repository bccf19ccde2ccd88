"""A fuzzer of malformed and hostile messages against a live ``rook serve``.

The real server (uvicorn in a subprocess, a temporary SQLite store, as ``benchmarks/web_load.py``)
holds three tables: the fuzzed one (two people, Ann the host at seat 0 and Bo at seat 1, two
bots; the game waits at one person's turn), a legitimate one where a scripted person plays every
turn (the first legal action) while the fuzz runs, and a third whose host token is a foreign
token for the fuzzed table.  ``--connections`` sockets (the two seated people, spectators, and
sockets that never joined) each send hostile messages one at a time, paced under the rate limit,
and wait for each one's ``refused``; flood sockets send hundreds of messages (junk and valid
joins) at once and must be closed; huge-frame sockets send one frame over 16 KB and must be
closed.  Checked at the end: the server is alive (``/api/options``) and logged no traceback, the
legitimate game went on past the end of a hand, the fuzzed table's log count
(``Store(url).count(code)``) and its lobby are unchanged, every paced message was refused.

    PYTHONPATH=src python benchmarks/web_fuzz.py --messages 10000 --connections 24
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import Server, raise_nofile  # noqa: E402

NUM_ACTIONS = 1257  # rookgame.actions.NUM_ACTIONS
LEVELS = ("random", "heuristic", "easy", "medium", "hard", "expert")
HOSTILE_NAMES = ["", " ", "\t\n", "\u200b", "a\u0000b", "\u202eevil", "x" * 21, "heuristic", "Expert", "\x1b[2J",
                 "\ufeffBOM", "\u0007bell", " \u00a0 ", "\U000e0041tag", "a\u200db", "\ue000private"]


def hostile(rng: random.Random, role: str, legal: set[int] | None, table: str = "ZZZZZ0",
            tokens: tuple[str, ...] = ()) -> tuple[str, str | bytes]:
    """(kind, frame): a message the server must refuse, sent by a socket of ``role``.

    ``role``: "spectator" (joined the fuzzed table, no seat), "nojoin" (never joined), "host" (Ann,
    seat 0, the host) or "seat" (Bo, seat 1).  ``legal``: the legal actions when this seat is to act,
    None when it is not.  ``table``: the fuzzed table's code; ``tokens``: tokens that are not for a
    seat of it (another table's).  No message here may be carried out: a seated person never stands, renames,
    hands a seat to a real bot level, asks a hint at its turn or re-joins; no act is a legal one."""
    seated = role in ("host", "seat")
    kinds = ["bytes", "junk", "not_object", "deep", "long", "unknown", "version", "types", "extra", "missing",
             "act", "act", "act", "sit", "start", "swap", "bot", "join_bogus", "binary_json"]
    if not (seated and legal is not None):
        kinds.append("hint")
    if not seated:
        kinds += ["stand", "join_token"]
    kind = rng.choice(kinds)
    j = json.dumps
    if kind == "bytes":
        return kind, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
    if kind == "junk":
        alphabet = "{}[]\":,0123456789.eE-+ tnuflrasx\\/\u00e9\u4e2d\U0001f0cf"
        return kind, "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 200)))
    if kind == "not_object":
        return kind, j(rng.choice([[], [1, 2], 3, -1.5, "act", None, True, [{"type": "ping"}], "{}"]))
    if kind == "deep":
        d = rng.choice([9, 10, 50, 500, 1500, 2000])
        return kind, rng.choice(['{"type": "act", "action": ' + "[" * d + "]" * d + "}",
                                 "[" * d + "]" * d, '{"a":' * d + "1" + "}" * d])
    if kind == "long":
        n = rng.randrange(4097, 16000)
        return kind, rng.choice([j({"type": "sit", "seat": 2, "name": "x" * n}), " " * n + '{"type": "ping"}',
                                 j({"type": "join", "v": 2, "table": "A" * n})])
    if kind == "unknown":
        return kind, j({"type": rng.choice(["pong", "view", "welcome", "ACT", "act ", "", 7, None, ["act"],
                                            {"t": 1}, "refused", "eval", "__class__"])})
    if kind == "version":
        return kind, j({"type": "join", "v": rng.choice([0, 1, 3, -1, "2", 2.0, True, None, 10 ** 20]),
                        "table": "ZZZZZ0"})
    if kind == "types":
        return kind, j(rng.choice([
            {"type": "act", "action": rng.choice(["3", 3.0, True, False, None, [1], {"a": 1}, -1, NUM_ACTIONS,
                                                  10 ** 30, 1e300, ""])},
            {"type": "sit", "seat": rng.choice(["0", 2.0, True, None, -1, 8, 99]), "name": "Cy"},
            {"type": "sit", "seat": 2, "name": rng.choice([5, None, ["a"], {"n": 1}, True])},
            {"type": "swap", "a": "0", "b": 1}, {"type": "swap", "a": 0, "b": 9},
            {"type": "bot", "seat": rng.choice(["2", 2.5, None, -3]), "level": "heuristic"},
            {"type": "bot", "seat": 2, "level": rng.choice([3, True, ["heuristic"], ""])},
            {"type": "join", "table": rng.choice([5, None, "", ["ABC"]])},
            {"type": "join", "table": "ZZZZZ0", "token": rng.choice([5, "", True])}]))
    if kind == "extra":
        base = rng.choice([{"type": "ping"}, {"type": "stand"}, {"type": "start"}, {"type": "hint"},
                           {"type": "act", "action": 0}, {"type": "join", "v": 2, "table": "ZZZZZ0"},
                           {"type": "sit", "seat": 1, "name": "Cy"}])
        return kind, j({**base, rng.choice(["x", "admin", "seat", "token", "__proto__", "v"]): rng.choice([1, "y"])})
    if kind == "missing":
        return kind, j(rng.choice([{"type": "act"}, {"type": "sit", "seat": 1}, {"type": "sit", "name": "Cy"},
                                   {"type": "join"}, {"type": "swap", "a": 1}, {"type": "bot"},
                                   {"type": "join", "v": 1}, {}, {"action": 3}]))
    if kind == "act":
        if seated and legal is not None:
            action = rng.choice([a for a in range(NUM_ACTIONS) if a not in legal])  # other seats' cards, ...
        else:
            action = rng.randrange(NUM_ACTIONS)  # out of turn, or a spectator's
        return kind, j({"type": "act", "action": action})
    if kind == "sit":
        own = {"host": 0, "seat": 1}.get(role)
        seat = rng.choice([s for s in range(8) if s != own])  # a taken seat, or one that does not exist
        name = rng.choice(HOSTILE_NAMES + ["<script>alert(1)</script>", "Ann", "Bo", "Cy"])
        return kind, j({"type": "sit", "seat": seat, "name": name})
    if kind == "start":
        return kind, j({"type": "start"})
    if kind == "swap":
        return kind, j({"type": "swap", "a": rng.randrange(8), "b": rng.randrange(8)})
    if kind == "bot":
        if role == "host":  # the host may hand seats to bots: only levels that do not exist, or seats that cannot
            return kind, j(rng.choice([{"type": "bot", "seat": rng.randrange(4), "level": rng.choice(
                ["grandmaster", "HEURISTIC!", "../expert", "rm -rf", "<b>"])},
                {"type": "bot", "seat": rng.randrange(4, 8), "level": "heuristic"},
                {"type": "bot", "seat": rng.randrange(4), "level": None}]))
        return kind, j({"type": "bot", "seat": rng.randrange(8), "level": rng.choice([*LEVELS, None])})
    if kind == "hint":
        return kind, j({"type": "hint"})
    if kind == "stand":
        return kind, j({"type": "stand"})
    if kind == "join_bogus":
        code = "".join(rng.choice("ABC01O!?") for _ in range(rng.randrange(1, 32)))
        return kind, j({"type": "join", "v": 2, "table": code + "0"})
    if kind == "join_token":  # a spectator comes back with a token that is not this table's: it stays a spectator
        return kind, j({"type": "join", "v": 2, "table": table, "token": rng.choice([*tokens, "x" * 40, "t"])})
    if kind == "binary_json":
        return kind, j({"type": "act", "action": rng.choice([-5, "x", 1.5])}).encode()
    raise AssertionError(kind)


@dataclass
class Tally:
    tried: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    unanswered: list[str] = field(default_factory=list)  # messages that got no refusal (carried out?)
    closed_expected: int = 0  # floods and huge frames the server closed, as it should
    closed_unexpected: list[str] = field(default_factory=list)
    flood_sent: int = 0
    flood_refused: int = 0
    reasons: Counter[str] = field(default_factory=Counter)


async def recv_until_refused(ws: Any, timeout: float) -> str | None:
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        try:
            raw = await asyncio.wait_for(ws.recv(), left)
        except TimeoutError:
            return None
        if isinstance(raw, str) and raw.startswith('{"type":"refused"'):
            return str(json.loads(raw)["reason"])


async def paced(server: Server, role: str, code: str, token: str | None, legal: set[int] | None,
                budget: list[int], tally: Tally, rng: random.Random, foreign: str, pace: float) -> None:
    """Send hostile messages one at a time (under the rate limit), each answered by ``refused``."""
    async with websockets.connect(server.ws_url, max_size=None, ping_interval=None) as ws:
        if role != "nojoin":
            await ws.send(json.dumps({"type": "join", "v": 2, "table": code, **({"token": token} if token else {})}))
        while budget[0] > 0:
            budget[0] -= 1
            kind, frame = hostile(rng, role, legal, code, (foreign,))
            tally.tried[kind] += 1
            t0 = time.monotonic()
            try:
                await ws.send(frame)
                reason = await recv_until_refused(ws, 10.0)
            except websockets.ConnectionClosed as e:
                tally.closed_unexpected.append(f"{role} {kind}: {e}")
                return
            if reason is None:
                tally.unanswered.append(f"{role} {kind}: {frame[:120]!r}")
            else:
                tally.refused[kind] += 1
                tally.reasons[reason.split(":")[0][:50]] += 1
            await asyncio.sleep(max(0.0, pace - (time.monotonic() - t0)))


async def flood(server: Server, code: str, n: int, tally: Tally, rng: random.Random) -> None:
    """Hundreds of messages at once (valid joins and junk): refused past the rate, then closed."""
    async with websockets.connect(server.ws_url, max_size=None, ping_interval=None) as ws:
        for i in range(n):
            frame = (json.dumps({"type": "join", "v": 2, "table": code}) if i % 2
                     else hostile(rng, "spectator", None, code)[1])
            try:
                await ws.send(frame)
            except websockets.ConnectionClosed:
                break
            tally.flood_sent += 1
        try:
            async for raw in ws:
                if isinstance(raw, str) and raw.startswith('{"type":"refused"'):
                    tally.flood_refused += 1
        except websockets.ConnectionClosed:
            pass
    tally.closed_expected += 1  # the loop above ends only when the server closes the connection


async def huge(server: Server, size: int, tally: Tally) -> None:
    async with websockets.connect(server.ws_url, max_size=None, ping_interval=None, max_queue=None) as ws:
        tally.tried["huge_frame"] += 1
        try:
            await ws.send("x" * size)
            await asyncio.wait_for(ws.recv(), 10)
            tally.closed_unexpected.append(f"huge frame of {size} bytes: answered, not closed")
        except websockets.ConnectionClosed:
            tally.closed_expected += 1
        except TimeoutError:
            tally.closed_unexpected.append(f"huge frame of {size} bytes: neither answered nor closed")


async def legit(server: Server, code: str, token: str, stop: asyncio.Event, out: dict[str, Any]) -> None:
    """A person who plays every turn (the first legal action) until told to stop after a finished hand."""
    out.update(acts=0, refused=0, hands=0)
    async with websockets.connect(server.ws_url, max_size=None, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "join", "v": 2, "table": code, "token": token}))
        await ws.send(json.dumps({"type": "start"}))
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "refused":
                out["refused"] += 1
            if msg["type"] != "view":
                continue
            view = msg["view"]
            out["hands"] = len(view["pad"])
            if view["over"] or (stop.is_set() and out["hands"] >= 1):
                return
            if view["to_act"] == 0 and view["legal"]:
                await ws.send(json.dumps({"type": "act", "action": view["legal"][0]["action"]}))
                out["acts"] += 1


async def settle(server: Server, code: str, token: str, timeout: float = 60) -> dict[str, Any]:
    """The fuzzed table's view once the bots have played up to a person's turn."""
    async with websockets.connect(server.ws_url, max_size=None, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "join", "v": 2, "table": code, "token": token}))
        end = time.monotonic() + timeout
        last: dict[str, Any] | None = None
        while time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                if last is not None and last["to_act"] in (0, 1):
                    return last
                continue
            msg = json.loads(raw)
            if msg["type"] == "view":
                last = msg["view"]
    raise SystemExit("the fuzzed table did not settle at a person's turn")


def lobby_state(d: dict[str, Any]) -> dict[str, Any]:
    """A lobby message without what connections change (who is connected, how many watch)."""
    return {**d, "spectators": None, "seats": [{**s, "connected": None} for s in d["seats"]]}


async def fuzz(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    from rookgame.web.store import Store

    rng = random.Random(args.seed)
    tally = Tally()
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        async def table(seats: list[str], name: str) -> tuple[str, str]:
            r = await http.post("/api/tables", json={"name": name, "seats": seats, "your_name": name})
            r.raise_for_status()
            return r.json()["code"], r.json()["token"]

        fcode, ftoken = await table(["me", "open", "heuristic", "heuristic"], "Ann")
        lcode, ltoken = await table(["me", "heuristic", "heuristic", "heuristic"], "Lee")
        _, foreign = await table(["me", "open", "open", "open"], "Flo")
        async with websockets.connect(server.ws_url, ping_interval=None) as bo:  # Bo sits at seat 1, Ann starts
            await bo.send(json.dumps({"type": "join", "v": 2, "table": fcode}))
            await bo.send(json.dumps({"type": "sit", "seat": 1, "name": "Bo"}))
            btoken = None
            while btoken is None:
                msg = json.loads(await bo.recv())
                if msg["type"] == "welcome" and msg["seat"] == 1:
                    btoken = msg["token"]
        async with websockets.connect(server.ws_url, ping_interval=None) as ann:
            await ann.send(json.dumps({"type": "join", "v": 2, "table": fcode, "token": ftoken}))
            await ann.send(json.dumps({"type": "start"}))
            await asyncio.sleep(0.5)
        view = await settle(server, fcode, ftoken)
        store = Store(server.url)
        count0 = store.count(fcode)
        lobby0 = lobby_state((await http.get(f"/api/tables/{fcode}")).json())
        legal = {c["action"] for c in view["legal"]} if view["legal"] else None
        if legal is None:  # it is Bo's turn: his legal actions, from his own view
            bview = await settle(server, fcode, btoken)
            legal_bo, legal_ann = {c["action"] for c in bview["legal"]}, None
        else:
            legal_bo, legal_ann = None, legal

        stop = asyncio.Event()
        legit_out: dict[str, Any] = {}
        legit_task = asyncio.create_task(legit(server, lcode, ltoken, stop, legit_out))
        budget = [args.messages]
        roles = ["host", "seat"] + ["nojoin"] * max(1, args.connections // 6)
        roles += ["spectator"] * max(1, args.connections - len(roles))
        t0 = time.monotonic()
        tasks = [paced(server, role, fcode, {"host": ftoken, "seat": btoken}.get(role),
                       {"host": legal_ann, "seat": legal_bo}.get(role), budget, tally, random.Random(rng.random()),
                       foreign, args.pace) for role in roles]
        tasks += [flood(server, fcode, args.flood, tally, random.Random(rng.random())) for _ in range(args.floods)]
        tasks += [huge(server, size, tally) for size in (16 * 1024 + 1, 20_000, 100_000, 1_000_000, 8_000_000)]
        results = await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - t0
        for r in results:
            if isinstance(r, BaseException):
                tally.closed_unexpected.append(f"a fuzzing socket failed: {type(r).__name__}: {r}")
        stop.set()
        try:
            await asyncio.wait_for(legit_task, 120)
        except TimeoutError:
            legit_out["timeout"] = True
        await asyncio.sleep(1.0)
        alive = (await http.get("/api/options")).status_code == 200
        count1 = store.count(fcode)
        lobby1 = lobby_state((await http.get(f"/api/tables/{fcode}")).json())
        after = await settle(server, fcode, ftoken)
        store.engine.dispose()
    paced_tried = sum(tally.tried.values()) - tally.tried["huge_frame"]
    state_changes = int(count1 != count0) + int(lobby1 != lobby0) + int(after["to_act"] != view["to_act"])
    return {"tried": paced_tried + tally.flood_sent + tally.tried["huge_frame"], "paced": paced_tried,
            "refused": sum(tally.refused.values()), "unanswered": len(tally.unanswered),
            "flood_sent": tally.flood_sent, "flood_refused": tally.flood_refused,
            "closed": tally.closed_expected, "closed_unexpected": len(tally.closed_unexpected),
            "crashes": int(not alive or server.proc.poll() is not None), "state_changes": state_changes,
            "log_count": [count0, count1], "legit": legit_out, "seconds": round(elapsed, 1),
            "by_kind": {k: [tally.tried[k], tally.refused[k]] for k in sorted(tally.tried)},
            "reasons": dict(tally.reasons.most_common(25)), "unanswered_examples": tally.unanswered[:10],
            "closed_unexpected_examples": tally.closed_unexpected[:10]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--messages", type=int, default=10_000, help="paced hostile messages in all")
    ap.add_argument("--connections", type=int, default=24, help="paced sockets")
    ap.add_argument("--pace", type=float, default=0.11, help="seconds between one socket's messages (rate: 10/s)")
    ap.add_argument("--floods", type=int, default=6, help="sockets that flood")
    ap.add_argument("--flood", type=int, default=400, help="messages each flood socket sends at once")
    ap.add_argument("--bot-delay", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    raise_nofile()
    with tempfile.TemporaryFile("w+") as err:
        server = Server(args.bot_delay, stderr=err)
        try:
            server.wait_up()
            r = asyncio.run(fuzz(server, args))
        finally:
            rc = server.proc.poll()
            server.stop()
        err.seek(0)
        log = err.read()
    r["server_tracebacks"] = log.count("Traceback")
    r["crashes"] += int(rc is not None) + r["server_tracebacks"]
    print(json.dumps(r, indent=1))
    if r["server_tracebacks"]:
        print(log[-3000:], file=sys.stderr)
    print(f"\ntried {r['tried']}  refused {r['refused'] + r['flood_refused']} (paced {r['refused']}/{r['paced']}, "
          f"flood {r['flood_refused']}/{r['flood_sent']})  unanswered {r['unanswered']}  closed {r['closed']} "
          f"(unexpected {r['closed_unexpected']})  crashes {r['crashes']}  state changes {r['state_changes']}  "
          f"legit hands {r['legit'].get('hands')}  in {r['seconds']} s")
    ok = (r["crashes"] == 0 and r["state_changes"] == 0 and r["unanswered"] == 0 and r["closed_unexpected"] == 0
          and r["legit"].get("hands", 0) >= 1 and r["refused"] == r["paced"])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
