"""Load on ``rook serve``: many tables with a scripted person each, idle spectators, or bots flat out.

The real server (uvicorn in a subprocess, on a temporary SQLite store) and this process (asyncio and
the ``websockets`` client) share the machine: the figures include the client's own CPU on the same
cores.  Two modes:

``--mode human`` (default): ``--tables N`` tables of one scripted person (seat 0, who acts
``--human-delay`` seconds after its turn comes, a random legal action) and three heuristic bots
(the server's ``bot_delay``, ``--bot-delay``), plus ``--idle M`` spectator sockets spread over the
tables that read everything and send a ping every 20 s.  Measured over the steady-state window
(``--duration`` seconds after ``--warmup``): the time from a person's ``act`` send to its next
``view``, p50/p99/max; the server's CPU (process CPU seconds / wall) and RSS; refusals and errors.
A finished game is replaced by a new table.

``--mode flat``: ``--tables N`` tables of four heuristic bots at ``bot_delay`` 0 (the host watches
from a socket, to start the game and replace it when it is over); measured: moves a second in
total (the store's log rows over the window), the server's CPU and RSS.

    python benchmarks/web_load.py --tables 200 --idle 1000 --duration 60
    python benchmarks/web_load.py --mode flat --tables 10,50,200 --duration 30

``--workers N``: the server is ``rook serve --workers N`` on PostgreSQL (a server of its own, started as the
tests start it, or ``--db URL``), a site of N processes (docs/deploy.md); its CPU and memory are those of all
its processes together.

    python benchmarks/web_load.py --tables 200 --idle 1000 --duration 60 --workers 1,2,4
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from rookgame.web.collector import quiet_collections

ROOT = Path(__file__).resolve().parent.parent
SERVER = """
import cProfile, os, sys, uvicorn
from rookgame.web.app import MAX_WS_FRAME, create_app
from rookgame.web.collector import quiet_collections
app = create_app(sys.argv[1], bot_delay=float(sys.argv[3]), bot_workers=int(sys.argv[4]),
                 bot_processes=int(sys.argv[5]))
profile = os.environ.get("ROOK_LOAD_PROFILE")  # the event loop's thread under cProfile, written at exit
prof = cProfile.Profile() if profile else None
if prof:
    import signal
    def done(*_):
        prof.disable()
        prof.dump_stats(profile)
        os._exit(0)
    signal.signal(signal.SIGTERM, done)  # uvicorn re-raises the signal after its shutdown
    prof.enable()
if os.environ.get("ROOK_LOAD_GC") != "python":
    quiet_collections()  # as rook serve does
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws_max_size=MAX_WS_FRAME,
            ws_ping_interval=20, ws_ping_timeout=20, backlog=4096,
            ws_per_message_deflate=os.environ.get("ROOK_LOAD_DEFLATE") == "1")  # off, as in rook serve
"""
CLK = os.sysconf("SC_CLK_TCK")
IN_STEP = False  # --pings-in-step


def raise_nofile(n: int = 16384) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = n if hard == resource.RLIM_INFINITY else min(n, hard)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def family(pid: int) -> list[int]:
    """A process and its children's, recursively (a site's server processes under their parent)."""
    out = [pid]
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                out.extend(family(int(child)))
    return out


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process (and its threads) and of its children that are running."""
    total = 0.0
    for p in family(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / CLK
    return total


def proc_rss(pid: int) -> int:
    """Resident memory in KiB (VmRSS) of a process and its children."""
    total = 0
    for p in family(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


class Server:
    def __init__(self, bot_delay: float, bot_workers: int = 2, stderr: Any = None, profile: str | None = None,
                 bot_processes: int = 0, gc: str = "timer") -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="rook-load-")
        self.db_path = Path(self.dir.name) / "rook.db"
        self.url = f"sqlite:///{self.db_path}"
        self.port = free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
        if profile:
            env["ROOK_LOAD_PROFILE"] = profile
        env["ROOK_LOAD_GC"] = gc
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER, self.url, str(self.port), str(bot_delay),
                                      str(bot_workers), str(bot_processes)], env=env, stderr=stderr)
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"

    def wait_up(self, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server exited with {self.proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/options", timeout=1).status_code == 200:
                    return
            time.sleep(0.2)
        raise SystemExit("the server did not come up")

    def actions(self) -> int:
        """Rows in the store's log (read-only, beside the server's WAL writer)."""
        con = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=10)
        try:
            return int(con.execute("select count(*) from rook_actions").fetchone()[0])
        finally:
            con.close()

    def stop(self) -> int | None:
        self.proc.terminate()  # (a site's parent stops its processes, each giving its leases up)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.dir.cleanup()
        return self.proc.returncode


class Site(Server):
    """``rook serve --workers N`` on PostgreSQL: the same measurements, over every process of the site."""

    def __init__(self, bot_delay: float, workers: int, db: str, bot_processes: int = 0) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="rook-load-")
        self.url = db
        self.port = free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   HOME=self.dir.name)
        self.proc = subprocess.Popen([sys.executable, "-m", "rookgame.cli", "serve", "--host", "127.0.0.1", "--port",
                                      str(self.port), "--db", db, "--no-browser", "--pace", str(bot_delay),
                                      "--bot-processes", str(bot_processes), "--workers", str(workers)], env=env)
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"

    def actions(self) -> int:
        from sqlalchemy import create_engine, text

        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                return int(conn.execute(text("select count(*) from rook_actions")).scalar_one())
        finally:
            engine.dispose()


@dataclass
class Stats:
    measuring: bool = False
    latencies: list[float] = field(default_factory=list)  # seconds, act send -> next view, in the window
    sent: list[float] = field(default_factory=list)  # when each of those acts was sent (perf_counter)
    acts: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    games: int = 0
    spectator_messages: int = 0
    tables_created: int = 0

    def refuse(self, reason: str) -> None:
        key = reason[:60]
        self.refused[key] = self.refused.get(key, 0) + 1

    def error(self, what: str) -> None:
        key = what[:80]
        self.errors[key] = self.errors.get(key, 0) + 1


async def create_table(http: httpx.AsyncClient, seats: list[str], name: str, stats: Stats) -> tuple[str, str]:
    for attempt in range(5):
        try:
            r = await http.post("/api/tables", json={"name": name, "seats": seats, "your_name": name})
            if r.status_code == 200:
                d = r.json()
                stats.tables_created += 1
                return str(d["code"]), str(d["token"])
            stats.error(f"POST /api/tables {r.status_code}: {r.text[:40]}")
        except httpx.HTTPError as e:
            stats.error(f"POST /api/tables: {type(e).__name__}")
        await asyncio.sleep(0.5 * (attempt + 1))
    raise RuntimeError("could not create a table")


async def person(server: Server, http: httpx.AsyncClient, i: int, stats: Stats, human_delay: float,
                 codes: list[str], ready: asyncio.Event, rng: random.Random, stop: asyncio.Event,
                 flat: bool) -> None:
    """One table's person (or, flat, its watching host): start the game, play it, then take a new table."""
    seats = ["heuristic"] * 4 if flat else ["me", "heuristic", "heuristic", "heuristic"]
    first = True
    while not stop.is_set():
        code, token = await create_table(http, seats, f"p{i}", stats)
        if first:
            codes[i] = code
            first = False
        try:
            async with websockets.connect(server.ws_url, max_size=None, ping_interval=None,
                                          open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "join", "v": 2, "table": code, "token": token}))
                await ws.send(json.dumps({"type": "start"}))
                ready.set()
                sent_at: float | None = None
                seat = None if flat else 0
                pending: asyncio.Task[None] | None = None

                async def act_later(action: int) -> None:
                    nonlocal sent_at
                    await asyncio.sleep(human_delay)
                    sent_at = time.perf_counter()
                    with contextlib.suppress(websockets.ConnectionClosed):
                        await ws.send(json.dumps({"type": "act", "action": action}))
                    if stats.measuring:
                        stats.acts += 1

                async for raw in ws:
                    if stop.is_set():
                        break
                    msg = json.loads(raw)
                    kind = msg["type"]
                    if kind == "refused":
                        if stats.measuring:
                            stats.refuse(msg["reason"])
                        sent_at = None
                        continue
                    if kind != "view":
                        continue
                    view = msg["view"]
                    if sent_at is not None:
                        if stats.measuring:
                            stats.latencies.append(time.perf_counter() - sent_at)
                            stats.sent.append(sent_at)
                        sent_at = None
                    if view["over"]:
                        stats.games += 1
                        break
                    if (seat is not None and view["to_act"] == seat and view["legal"]
                            and (pending is None or pending.done())):
                        pending = asyncio.create_task(act_later(rng.choice(view["legal"])["action"]))
                if pending is not None:
                    pending.cancel()
        except (TimeoutError, OSError, websockets.WebSocketException) as e:
            if not stop.is_set():
                stats.error(f"person socket: {type(e).__name__}: {e}"[:80])
                await asyncio.sleep(1)


async def spectator(server: Server, code: str, stats: Stats, stop: asyncio.Event, ping_every: float) -> None:
    while not stop.is_set():
        try:
            async with websockets.connect(server.ws_url, max_size=None, ping_interval=None,
                                          open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "join", "v": 2, "table": code}))

                async def pinger() -> None:
                    if not IN_STEP:
                        await asyncio.sleep(random.uniform(0, ping_every))  # real tabs do not ping in step
                    while True:
                        await asyncio.sleep(ping_every)
                        await ws.send('{"type": "ping"}')

                ping = asyncio.create_task(pinger())
                try:
                    async for raw in ws:
                        if stop.is_set():
                            break
                        if stats.measuring:
                            stats.spectator_messages += 1
                            if '"refused"' in raw[:30]:
                                stats.refuse(json.loads(raw)["reason"])
                finally:
                    ping.cancel()
                if stop.is_set():
                    return
                stats.error("spectator: closed by the server")
        except (TimeoutError, OSError, websockets.WebSocketException) as e:
            if not stop.is_set():
                stats.error(f"spectator socket: {type(e).__name__}: {e}"[:80])
                await asyncio.sleep(1)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


async def run_human(server: Server, args: argparse.Namespace, tables: int, idle: int) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(args.seed)
    codes = [""] * tables
    t_start = time.monotonic()
    rss_base = proc_rss(server.proc.pid)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=server.base, timeout=60, limits=limits) as http:
        tasks = []
        for i in range(tables):
            ready = asyncio.Event()
            tasks.append(asyncio.create_task(person(server, http, i, stats, args.human_delay, codes, ready,
                                                    random.Random(rng.random()), stop, args.mode == "flat")))
            await ready.wait()
        for j in range(idle):
            tasks.append(asyncio.create_task(spectator(server, codes[j % tables], stats, stop, args.ping_every)))
            if j % 50 == 49:
                await asyncio.sleep(0.05)
        t_setup = time.monotonic() - t_start
        # this client holds as many sockets as the server: its own full collections (0.1-0.3 s) would stop its
        # reading and count as the server's time; collected as the server is (rookgame.web.collector)
        quiet_collections(every=3600)
        await asyncio.sleep(args.warmup)
        pid = server.proc.pid
        cpu0, wall0, rss0, rows0 = proc_cpu(pid), time.monotonic(), proc_rss(pid), server.actions()
        cli0 = time.process_time()
        stats.measuring = True
        rss_max = rss0
        end = wall0 + args.duration
        while time.monotonic() < end:
            await asyncio.sleep(min(5.0, end - time.monotonic()))
            rss_max = max(rss_max, proc_rss(pid))
            if server.proc.poll() is not None:
                stats.error("the server exited")
                break
        stats.measuring = False
        cpu1, wall1, rows1 = proc_cpu(pid), time.monotonic(), server.actions()
        client_cpu = (time.process_time() - cli0) / (wall1 - wall0)
        alive = (await http.get("/api/options")).status_code == 200
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    lat = [x * 1000 for x in stats.latencies]
    wall = wall1 - wall0
    # the slow acts (over 100 ms) by the second they were sent in: many in a few seconds is a stall of the whole
    # server (a collection, a disk's flush), a few in many seconds is the queue of a busy loop
    first = min(stats.sent, default=0.0)
    slow: dict[int, int] = {}
    for t, ms in zip(stats.sent, lat, strict=True):
        if ms > 100:
            slow[int(t - first)] = slow.get(int(t - first), 0) + 1
    return {"mode": args.mode, "tables": tables, "idle": idle, "window_s": round(wall, 1),
            "setup_s": round(t_setup, 1), "acts": stats.acts, "views": len(lat),
            "p50_ms": pct(lat, 0.50), "p99_ms": pct(lat, 0.99), "max_ms": max(lat) if lat else float("nan"),
            "mean_ms": statistics.fmean(lat) if lat else float("nan"),
            "moves_s": (rows1 - rows0) / wall, "server_cpu": (cpu1 - cpu0) / wall,
            "rss_mib": rss_max / 1024, "rss_base_mib": rss_base / 1024,
            "rss_per_table_kib": (rss_max - rss_base) / max(1, tables),
            "client_cpu": client_cpu, "spectator_msgs": stats.spectator_messages, "games": stats.games,
            "tables_created": stats.tables_created, "refused": dict(stats.refused), "errors": dict(stats.errors),
            "server_alive": alive, "slow_acts": sum(slow.values()), "slow_seconds": len(slow),
            "slowest_seconds": sorted(slow.items(), key=lambda kv: -kv[1])[:5]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=("human", "flat"), default="human")
    ap.add_argument("--tables", default="200", help="tables, or a comma list (one server per figure)")
    ap.add_argument("--idle", type=int, default=1000, help="idle spectator sockets (human mode)")
    ap.add_argument("--duration", type=float, default=60.0, help="steady-state window, seconds")
    ap.add_argument("--warmup", type=float, default=10.0, help="seconds after setup before the window")
    ap.add_argument("--bot-delay", type=float, default=None, help="server bot_delay (human 0.5, flat 0)")
    ap.add_argument("--human-delay", type=float, default=0.5)
    ap.add_argument("--bot-workers", type=int, default=2)
    ap.add_argument("--server-gc", choices=("timer", "python"), default="timer",
                    help="the one-process server's full collections: on a timer, as rook serve's (timer), or Python's "
                         "own, whenever the heap grew by a quarter (python: the server before the collector)")
    ap.add_argument("--bot-processes", type=int, default=0,
                    help="the bots think in this many worker processes (rook serve: one a core, at most 4); 0: threads")
    ap.add_argument("--ping-every", type=float, default=20.0)
    ap.add_argument("--pings-in-step", action="store_true", help="the worst case: every idle socket pings at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--profile", help="run the server's event loop under cProfile and write its stats here")
    ap.add_argument("--workers", help="server processes of a site on PostgreSQL, or a comma list (see above)")
    ap.add_argument("--db", help="with --workers: a PostgreSQL URL (default: a server of its own, emptied per run)")
    args = ap.parse_args()
    global IN_STEP
    IN_STEP = args.pings_in_step
    raise_nofile()
    bot_delay = args.bot_delay if args.bot_delay is not None else (0.5 if args.mode == "human" else 0.0)
    results = []
    runs = [(int(n), None) for n in args.tables.split(",")]
    if args.workers:
        runs = [(n, int(w)) for n, _ in runs for w in args.workers.split(",")]
    postgres: Any = None
    for n, workers in runs:
        idle = args.idle if args.mode == "human" else 0
        if workers is None:
            server: Server = Server(bot_delay, args.bot_workers, profile=args.profile,
                                    bot_processes=args.bot_processes, gc=args.server_gc)
        else:
            if args.db is None and postgres is None:
                sys.path.insert(0, str(ROOT))
                from tests.services import PostgresServer

                postgres = PostgresServer().start()
            db = args.db or postgres.create_database(f"load{len(results)}")
            server = Site(bot_delay, workers, db, args.bot_processes)
        try:
            server.wait_up()
            r = asyncio.run(run_human(server, args, n, idle))
            r["server_rc"] = server.proc.poll()
        finally:
            server.stop()
        r["bot_delay"] = bot_delay
        r["workers"] = workers
        results.append(r)
        print(json.dumps(r), flush=True)
    if postgres is not None:
        postgres.stop()
    print(f"\nmachine: {os.cpu_count()} CPUs, shared by the server and this client process; "
          f"python {sys.version.split()[0]}")
    print(f"{'procs':5} {'mode':5} {'tables':>6} "
          f"{'idle':>5} {'window':>6} {'acts':>5} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
          f"{'moves/s':>8} {'srv CPU':>7} {'RSS MiB':>7} {'KiB/tbl':>7} {'cli CPU':>7} {'refused':>7} {'errors':>6}")
    for r in results:
        print(f"{str(r['workers'] or 1):5} {r['mode']:5} {r['tables']:>6} "
              f"{r['idle']:>5} {r['window_s']:>6} {r['acts']:>5} {r['p50_ms']:>7.1f} "
              f"{r['p99_ms']:>7.1f} {r['max_ms']:>7.1f} {r['moves_s']:>8.1f} {r['server_cpu']:>7.2f} "
              f"{r['rss_mib']:>7.1f} {r['rss_per_table_kib']:>7.0f} {r['client_cpu']:>7.2f} "
              f"{sum(r['refused'].values()):>7} {sum(r['errors'].values()):>6}")
    print("(srv CPU and cli CPU: CPU seconds per wall second over the window)")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
