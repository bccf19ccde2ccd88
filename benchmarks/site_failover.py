"""Failover of a site (`rook serve --workers N` on PostgreSQL): processes killed with SIGKILL under load.

``--tables`` tables of four heuristic bots play on their own (``--pace`` seconds a move; each game to the
preset's goal, and a new table in its place once it is over) on a site of ``--workers`` processes; then
``--kills`` times, the process playing the most tables is killed with SIGKILL.  For each kill: the seconds
until every one of its tables has a live process's lease again (taken over), and until each has made a
move again (moving); the parent starts the killed process again meanwhile.  At the end, every table's log
is replayed through the engine (the referee: a move lost or played twice would not replay, and the log's
numbering refuses a second row for a move).  Without ``--db``, a PostgreSQL server of its own is started
(Debian's package, as the tests do).

    python benchmarks/site_failover.py --workers 2 --tables 20 --kills 20
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rookgame.web.store import Store  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def leases(store: Store, codes: list[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for code in codes:
        lease = store.lease_of(code)
        out[code] = None if lease is None or lease[1] <= time.time() * 1000 else lease[0]
    return out


def pid_of(owner: str) -> int:
    return int(owner.split(":")[1])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def start_site(stack: ExitStack, workers: int, db: str | None, *options: str) -> tuple[str, str, set[str]]:
    """``rook serve --workers N`` (``options`` added) on ``db``, or on a PostgreSQL server of its own (Debian's
    package, as the tests start it), stopped with ``stack``; once every process answers: the database's URL,
    the site's address and its processes' owner names (each with its private address)."""
    if db is None:
        from tests.services import PostgresServer

        db = stack.enter_context(PostgresServer()).url()
    port = free_port()
    site = subprocess.Popen([sys.executable, "-m", "rookgame.cli", "serve", "--host", "127.0.0.1", "--port",
                             str(port), "--db", db, "--no-browser", "--bot-processes", "0", "--workers", str(workers),
                             *options], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stack.callback(lambda: (site.terminate(), site.wait(30)))
    base = f"http://127.0.0.1:{port}"
    owners: set[str] = set()
    deadline = time.monotonic() + 180  # a loaded machine starts processes slowly
    while len(owners) < workers:  # every process up: each names itself and its private address
        with contextlib.suppress(httpx.HTTPError):
            r = httpx.get(f"{base}/healthz", timeout=1, headers={"Connection": "close"})
            if r.status_code == 200:
                owners.add(r.json()["owner"])
        assert time.monotonic() < deadline and site.poll() is None, "the site did not start"
        time.sleep(0.05)
    return db, base, owners


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--pace", type=float, default=0.3, help="seconds between a table's bot moves")
    ap.add_argument("--settle", type=float, default=3.0, help="seconds of play between kills")
    ap.add_argument("--db", help="a PostgreSQL URL (default: a server of its own)")
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: the site and the database are stopped too

    with ExitStack() as stack:
        db, base, _ = start_site(stack, args.workers, args.db, "--pace", str(args.pace))
        port = int(base.rsplit(":", 1)[1])
        store = Store(db)
        stack.callback(store.close)
        def new_table() -> str:
            """A table of four bots, started by its host's socket, then left to its bots."""
            r = httpx.post(f"{base}/api/tables", json={"name": "bots", "seats": ["heuristic"] * 4})
            assert r.status_code == 200, r.text
            made = r.json()
            with connect(f"ws://127.0.0.1:{port}/ws") as ws:
                ws.send(json.dumps({"type": "join", "v": 2, "table": made["code"], "token": made["token"]}))
                ws.send(json.dumps({"type": "start"}))
                while json.loads(ws.recv(timeout=20))["type"] != "view":
                    pass
            return str(made["code"])

        codes = [new_table() for _ in range(args.tables)]
        every = list(codes)
        time.sleep(args.settle)
        kills: list[dict[str, Any]] = []
        for k in range(args.kills):
            over = set(store.codes(finished=True))
            codes = [c for c in codes if c not in over]
            while len(codes) < args.tables:
                codes.append(new_table())
                every.append(codes[-1])
            owners = leases(store, codes)
            by_owner: dict[str, list[str]] = {}
            for code, owner in owners.items():
                if owner is not None:
                    by_owner.setdefault(owner, []).append(code)
            victim, tables = max(by_owner.items(), key=lambda kv: len(kv[1]))
            counts = {code: store.count(code) for code in tables}
            pid = pid_of(victim)
            killed = time.monotonic()
            os.kill(pid, signal.SIGKILL)
            taken: dict[str, float] = {}
            moving: dict[str, float] = {}
            last = {code: store.count(code) for code in tables}  # after the kill: what it had saved
            assert all(last[c] >= counts[c] for c in tables)
            finished: set[str] = set()
            while len(moving) + len(finished) < len(tables):
                now = time.monotonic() - killed
                if now > 60:
                    stuck = {c: (store.lease_of(c), store.count(c), store.stored(c).finished, store.load(c).is_over)
                             for c in set(tables) - set(moving) - finished}
                    raise SystemExit(f"kill {k + 1}: tables not moving again after 60 s (lease, moves, finished, "
                                     f"over): {stuck}")
                for code, owner in leases(store, tables).items():
                    if code not in taken and code not in finished and store.stored(code).finished is not None:
                        finished.add(code)  # over before the kill or just after it: nothing to take over
                        continue
                    if code not in taken and owner is not None and owner != victim and alive(pid_of(owner)):
                        taken[code] = now
                    if code in taken and code not in moving and store.count(code) > last[code]:
                        moving[code] = time.monotonic() - killed
                    if code in taken and code not in moving and store.stored(code).finished is not None:
                        finished.add(code)  # its last move was the dead process's: nothing left to play
                time.sleep(0.02)
            kills.append({"tables": len(tables), "taken_s": max(taken.values(), default=0.0),
                          "moving_s": max(moving.values(), default=0.0)})
            print(f"kill {k + 1}: pid {pid}, {len(tables)} tables: all taken over in {kills[-1]['taken_s']:.2f} s, "
                  f"all moving in {kills[-1]['moving_s']:.2f} s", flush=True)
            time.sleep(args.settle)
            up: set[str] = set()  # the next kill once the parent has started the killed process again
            deadline = time.monotonic() + 60
            while len(up - {victim}) < args.workers and time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    r = httpx.get(f"{base}/healthz", timeout=1, headers={"Connection": "close"})
                    if r.status_code == 200:
                        up.add(r.json()["owner"])
                time.sleep(0.05)
        replayed = 0
        moves = 0
        for code in every:  # the referee: every log replays through the engine
            table = store.load(code)
            n = store.count(code)
            assert sum(len(h.history) for h in table.match.hands) + len(table.hand.history) >= 0
            moves += n
            replayed += 1
        taken_s = [k["taken_s"] for k in kills]
        moving_s = [k["moving_s"] for k in kills]
        summary = {"workers": args.workers, "tables": args.tables, "kills": len(kills), "moves_logged": moves,
                   "tables_replayed": replayed,
                   "taken_s": {"median": statistics.median(taken_s), "max": max(taken_s)},
                   "moving_s": {"median": statistics.median(moving_s), "max": max(moving_s)}, "per_kill": kills}
        print(json.dumps({k: v for k, v in summary.items() if k != "per_kill"}))
        if args.json:
            Path(args.json).write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
