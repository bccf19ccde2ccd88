"""A server's garbage collector, so that collecting never stops the tables.

Python collects its oldest objects whenever they have grown by a quarter since the last time.  A
server's long-lived objects are mostly its sockets (each open WebSocket keeps about 300: the ASGI
stack's coroutines, closures and queues), so at 1,000 sockets a full collection walks 300,000
objects and stops every table for 0.2 to 0.3 s, two or three times a minute under load: the
slowest 1% of a person's moves were those pauses (docs/benchmarks.md, "The collector's pauses").
Those objects are freed by their counts, not by the collector: a full collection under load found
no garbage after the first.

So a serving process (:func:`quiet_collections`) freezes what exists before it serves (modules,
the app: never garbage), leaves the young generations to Python, and makes the full collection
one on a timer, every ``every`` seconds, instead of one whenever the heap grew.
"""

from __future__ import annotations

import gc
import logging
import threading
import time

__all__ = ["FULL_COLLECTION_SECONDS", "quiet_collections"]

log = logging.getLogger("rookgame.web")
FULL_COLLECTION_SECONDS = 600.0
_NEVER = 1 << 30  # young collections before Python would start a full one by itself


def quiet_collections(every: float = FULL_COLLECTION_SECONDS) -> threading.Thread:
    """Freeze what this process holds now, stop Python's own full collections, and start the timer's (a
    daemon thread: it ends with the process).  Call it once, in the process that serves, before it serves;
    not in a process that runs tests (its full collections would wait for the timer)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    thread = threading.Thread(target=_collect_every, args=(every,), name="rook-collector", daemon=True)
    thread.start()
    return thread


def _collect_every(every: float) -> None:
    while True:
        time.sleep(every)
        start = time.perf_counter()
        found = gc.collect()
        log.debug("full collection: %d unreachable, %.0f ms", found, (time.perf_counter() - start) * 1000)
