"""What a running server measures, for Prometheus (``GET /metrics``), through its maintained client.

Every metric is named ``rook_...``. A server keeps its own registry (:class:`Metrics`), so that two
servers in one process (the tests) never mix their counts.  A site of several processes on one machine
(``rook serve --workers N``) is one page: the parent gives its processes a folder in
``PROMETHEUS_MULTIPROC_DIR`` (the client library's multiprocess mode), each process writes its values
there, and ``/metrics`` on the public address, whichever process answers, sums them all: counts and
histograms over every process that ever ran, the gauges over the live ones.
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

MULTIPROCESS_ENV = "PROMETHEUS_MULTIPROC_DIR"  # the client library's own name for it

# Seconds: from a person's move to the views it changes (act-to-view), and a bot's decision (its limit
# is 0.25 s for easy to 2 s for expert; the buckets reach past it, so that an overrun shows).
LATENCY = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
DECISION = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 2.2, 3.0, 5.0)


class Metrics:
    """A server's metrics (see the module's docstring); each method is what a room or the hub calls."""

    def __init__(self) -> None:
        # read when the library was imported: a process of a site has it from its parent's environment
        self.folder = os.environ.get(MULTIPROCESS_ENV) or None
        self.registry = CollectorRegistry()
        r = self.registry
        self.tables = Gauge("rook_tables", "Tables held, by state", ["state"], registry=r,
                            multiprocess_mode="livesum")
        self.sockets = Gauge("rook_sockets", "WebSocket connections open", registry=r, multiprocess_mode="livesum")
        self.moves = Counter("rook_moves", "Moves applied, by who made them", ["by"], registry=r)
        self.decision = Histogram("rook_decision_seconds", "A bot's decision, by level", ["level"],
                                  buckets=DECISION, registry=r)
        self.act_to_view = Histogram("rook_act_to_view_seconds", "From a move received to its views sent",
                                     buckets=LATENCY, registry=r)
        self.db_errors = Counter("rook_database_errors", "Database operations that failed (each retry counts)",
                                 registry=r)
        self.broker_errors = Counter("rook_broker_errors", "Messages between server processes that failed",
                                     registry=r)
        self.refused = Counter("rook_refused", "Intents refused, by code", ["code"], registry=r)

    def page(self) -> tuple[bytes, str]:
        """The metrics in Prometheus' text format, and its content type: this server's, or in a site every
        process's of this machine, summed."""
        if self.folder is None:
            return generate_latest(self.registry), CONTENT_TYPE_LATEST
        site = CollectorRegistry()
        multiprocess.MultiProcessCollector(site, path=self.folder)  # type: ignore[no-untyped-call]
        return generate_latest(site), CONTENT_TYPE_LATEST


def process_ended(pid: int) -> None:
    """A process of the site ended: its gauges leave the sum (its counts stay: they were done)."""
    folder = os.environ.get(MULTIPROCESS_ENV)
    if folder:
        multiprocess.mark_process_dead(pid, folder)  # type: ignore[no-untyped-call]
