"""Bot decisions in worker processes, off the web server's GIL.

A server that thinks for its bots in threads shares one interpreter lock with every person's move:
a busy table of experts slows a person's move at another table. :class:`BotPool` thinks in worker
processes instead. Each bot (a table's seat, by its ``key``) lives in one worker, always the same, so
that it keeps what it remembers between decisions (its random stream, the expert's plan for the nest)
and plays exactly as it would in the server's own process. A worker that crashes, or a decision that
overruns its level's time limit by more than :data:`GRACE` (a bot stuck), is killed and started
again; the caller gets :class:`BotFailed` at once and chooses for the bot itself (the heuristic, in a
few milliseconds: :func:`fallback`), so a table never waits on a lost process.

A bot's level is a registered name (``heuristic``, ``expert`` ...) or ``"module:factory"``, a
callable taking a seed (tests use it to make bots that misbehave).
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from multiprocessing.connection import Connection
from typing import Any

from .bots import Player, make_player
from .view import View

GRACE = 1.0  # seconds past a level's limit before a decision counts as stuck
DEFAULT_LIMIT = 1.0  # seconds a bot with no time limit of its own (random, heuristic) may take
_CONTEXT = multiprocessing.get_context("spawn")  # never fork a process that has threads (a web server's)


class BotFailed(RuntimeError):
    """A decision the pool could not make: its worker died or the bot overran its time limit."""


def limit_of(level: str) -> float:
    """The time limit of a bot level's decision (seconds)."""
    from .bots.expert import LEVELS

    lv = LEVELS.get(level)
    return lv.seconds if lv is not None else DEFAULT_LIMIT


def build_player(level: str, seed: int | None) -> Player:
    """A bot of ``level``: a registered name, or ``module:factory`` (a callable taking the seed)."""
    if ":" in level:
        module, _, name = level.partition(":")
        factory: Callable[[int | None], Player] = getattr(importlib.import_module(module), name)
        return factory(seed)
    return make_player(level, seed)


def fallback(view: View) -> int:
    """The heuristic's choice, for a seat whose bot could not answer in time."""
    return make_player("heuristic", 0).act(view)


def _serve(conn: Connection) -> None:
    """A worker: keeps each bot it is given, answers each decision with its action or its error."""
    players: dict[Hashable, Player] = {}
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        kind = msg[0]
        if kind == "stop":
            return
        if kind == "forget":
            players.pop(msg[1], None)
            continue
        _, request, key, level, seed, view = msg
        try:
            player = players.get(key)
            if player is None:
                player = players[key] = build_player(level, seed)
            reply: tuple[Any, ...] = (request, player.act(view), None)
        except Exception as e:  # a bot's fault is the caller's to handle, not the worker's end
            reply = (request, None, f"{type(e).__name__}: {e}")
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return


class _Worker:
    """One worker process, its pipe, and the decisions waiting on it."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.lock = threading.Lock()  # the pipe and the pending decisions
        self.restarting = threading.Lock()  # one restart at a time (the watchdog, a failed send)
        self.pending: dict[int, tuple[Future[int], float]] = {}  # request -> (future, deadline)
        self.start()

    def start(self) -> None:
        parent, child = _CONTEXT.Pipe()
        self.conn = parent
        self.process = _CONTEXT.Process(target=_serve, args=(child,), name=f"rook-bot-{self.index}", daemon=True)
        self.process.start()
        child.close()
        self.reader = threading.Thread(target=self._read, args=(parent,), name=f"rook-bot-reader-{self.index}",
                                       daemon=True)
        self.reader.start()

    def _read(self, conn: Connection) -> None:
        while True:
            try:
                request, action, error = conn.recv()
            except (EOFError, OSError):
                return  # the worker is gone: the watchdog fails what was waiting
            with self.lock:
                waiting = self.pending.pop(request, None)
            if waiting is not None and not waiting[0].done():
                if error is None:
                    waiting[0].set_result(action)
                else:
                    waiting[0].set_exception(BotFailed(error))

    def send(self, message: tuple[Any, ...]) -> None:
        with self.lock:
            self.conn.send(message)

    def restart(self, why: str, again: bool = True) -> None:
        """Kill the process, fail every decision waiting on it, and (``again``) start a fresh one (its bots
        start anew)."""
        with self.restarting:
            with self.lock:
                waiting = list(self.pending.values())
                self.pending.clear()
            if self.process.is_alive():
                self.process.kill()
            self.process.join(5)
            self.conn.close()
            for future, _ in waiting:
                if not future.done():
                    future.set_exception(BotFailed(why))
            if again:
                self.start()


class BotPool:
    """Bot decisions in ``workers`` processes (default: one per core); see the module's docstring."""

    def __init__(self, workers: int | None = None, grace: float = GRACE) -> None:
        self.grace = grace
        self.workers = [_Worker(i) for i in range(max(1, workers or os.cpu_count() or 1))]
        self._requests = itertools.count()
        self._closed = threading.Event()
        self.restarts = 0
        self._watchdog = threading.Thread(target=self._watch, name="rook-bot-watchdog", daemon=True)
        self._watchdog.start()

    def _worker(self, key: Hashable) -> _Worker:
        return self.workers[hash(key) % len(self.workers)]

    def think(self, key: Hashable, level: str, seed: int | None, view: View) -> Future[int]:
        """The action the bot ``key`` (made from ``level`` and ``seed`` at its first decision) chooses for
        ``view``, as a future: :class:`BotFailed` if its worker dies or it overruns its limit."""
        if self._closed.is_set():
            raise BotFailed("the bot pool is closed")
        worker = self._worker(key)
        request = next(self._requests)
        future: Future[int] = Future()
        deadline = time.monotonic() + limit_of(level.partition(":")[0]) + self.grace
        with worker.lock:
            worker.pending[request] = (future, deadline)
        try:
            worker.send(("think", request, key, level, seed, view))
        except (OSError, ValueError):
            self.restarts += 1
            worker.restart("the bot's worker was gone", again=not self._closed.is_set())
        return future

    def decide(self, key: Hashable, level: str, seed: int | None, view: View) -> int:
        """The bot's action, or the heuristic's where the bot could not answer: never waits past the limit."""
        try:
            return self.think(key, level, seed, view).result()
        except BotFailed:
            return fallback(view)

    def forget(self, key: Hashable) -> None:
        """The bot ``key`` is done (its table over, its seat given to a person): its worker lets it go."""
        with contextlib.suppress(OSError, ValueError):
            self._worker(key).send(("forget", key))

    def _watch(self) -> None:
        while not self._closed.wait(0.05):
            now = time.monotonic()
            for worker in self.workers:
                with worker.lock:
                    late = any(deadline < now for _, deadline in worker.pending.values())
                dead = not worker.process.is_alive()
                if (late or dead) and not self._closed.is_set():
                    self.restarts += 1
                    worker.restart("the bot's worker stopped" if dead else "the bot overran its time limit")

    def close(self) -> None:
        """Stop every worker (the watchdog first, so that none is started again meanwhile)."""
        self._closed.set()
        self._watchdog.join()
        for worker in self.workers:
            with contextlib.suppress(OSError, ValueError):
                worker.send(("stop",))
            worker.process.join(2)
            worker.restart("the bot pool is closed", again=False)

    def __enter__(self) -> BotPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
