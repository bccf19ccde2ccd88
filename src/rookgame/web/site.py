"""``rook serve --workers N``: a site of N server processes on one machine, sharing one PostgreSQL database.

The parent binds the public address once and starts N processes (spawned, never forked: a server has
threads) that all accept on it, so the kernel spreads the connections over them; each also listens on a
private address of its own (``--relay-host``, a port the system picks), named in the leases it holds, where
the others relay connections for its tables (:mod:`.relay`).  Any process serves the lobby, the history,
the accounts and the API, all read from the database; a table is played by the process holding its lease.
The parent starts a process again when one dies; meanwhile the others take its tables over from the log
(:meth:`.rooms.Hub._sweep`: a lease of a process of this machine that is gone is free at once, one of another
machine once it runs out), and its pages reconnect.  SIGTERM or Ctrl+C stops every process cleanly: each
gives its leases up.  Other machines run the same command on the same database with the same
``ROOK_RELAY_SECRET`` and a ``--relay-host`` the others reach.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import secrets
import shutil
import signal
import socket
import tempfile
import time
from collections.abc import Callable
from typing import Any

from . import logs, metrics, relay
from .collector import quiet_collections
from .logs import LogFormat

log = logging.getLogger("rookgame.web")
_CONTEXT = multiprocessing.get_context("spawn")
SWEEP_SECONDS = 1.0  # how often each process looks for tables to take over
LEASE_SECONDS = 10.0  # a site's leases: a machine lost is noticed within this, the heartbeat a third of it


def check_database(db: str | None) -> None:
    """Several processes share the tables through a database server: PostgreSQL, not an SQLite file."""
    if db is None or not db.startswith("postgresql"):
        raise ValueError("several server processes (--workers) share their tables through PostgreSQL: "
                         "give --db postgresql+psycopg://user@host/db")


def public_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _worker(index: int, sock: socket.socket, relay_host: str, db: str, options: dict[str, Any],
            log_format: LogFormat, create_app: Callable[..., Any], server: dict[str, Any]) -> None:
    """One process of the site: its private relay address, its app (``create_app``, :func:`.app.create_app`),
    uvicorn (with the settings ``server``) on both sockets."""
    import uvicorn

    logs.configure(log_format)
    private = public_socket(relay_host, 0)
    address = f"{relay_host}:{private.getsockname()[1]}"
    app = create_app(db, address=address, sweep_seconds=SWEEP_SECONDS, lease_seconds=LEASE_SECONDS, **options)
    log.info("process %d of the site serves, relaying at %s", index, address)
    quiet_collections()
    uvicorn.Server(uvicorn.Config(app, **server)).run(sockets=[sock, private])


def serve_workers(workers: int, host: str, port: int, db: str, create_app: Callable[..., Any], server: dict[str, Any],
                  *, relay_host: str = "127.0.0.1", log_format: LogFormat = "text", ready: Any = None,
                  **options: Any) -> None:
    """Run ``workers`` processes until SIGTERM or SIGINT (see the module's text), each serving
    ``create_app(db, **options)`` (:func:`.app.create_app`) under uvicorn with the settings ``server``.
    ``ready``: called once every process is started (with their process ids)."""
    check_database(db)
    os.environ.setdefault(relay.SECRET_ENV, secrets.token_hex(16))  # inherited by the processes started below
    # one /metrics page for the machine: each process writes its values here, any of them sums them all
    folder = tempfile.mkdtemp(prefix="rook-metrics-")
    os.environ[metrics.MULTIPROCESS_ENV] = folder
    sock = public_socket(host, port)
    stop = False

    def stopping(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, stopping)
    signal.signal(signal.SIGINT, stopping)

    def start(index: int) -> multiprocessing.process.BaseProcess:
        p = _CONTEXT.Process(target=_worker, args=(index, sock, relay_host, db, options, log_format, create_app,
                                                   server),
                             name=f"rook-serve-{index}")
        p.start()
        return p

    procs = [start(i) for i in range(workers)]
    started = [time.monotonic()] * workers
    wait = [0.0] * workers  # a process that keeps ending at once is started again less and less often
    if ready is not None:
        ready([p.pid for p in procs])
    try:
        while not stop:
            time.sleep(0.2)
            for i, p in enumerate(procs):
                if not p.is_alive() and not stop:
                    if p.pid is not None:
                        metrics.process_ended(p.pid)
                    quick = time.monotonic() - started[i] < 10
                    wait[i] = min(30.0, max(1.0, 2 * wait[i])) if quick else 0.0
                    log.warning("server process %d (pid %s) ended with %s; starting it again in %.0f s", i, p.pid,
                                p.exitcode, wait[i])
                    end = time.monotonic() + wait[i]
                    while not stop and time.monotonic() < end:
                        time.sleep(0.1)
                    if not stop:
                        procs[i], started[i] = start(i), time.monotonic()
    finally:
        for p in procs:  # SIGTERM: each closes cleanly, giving its tables' leases up to the others
            if p.is_alive() and p.pid is not None:
                os.kill(p.pid, signal.SIGTERM)
        deadline = time.monotonic() + 20
        for p in procs:
            p.join(max(0.0, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
        sock.close()
        os.environ.pop(metrics.MULTIPROCESS_ENV, None)
        shutil.rmtree(folder, ignore_errors=True)
