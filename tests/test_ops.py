"""What a site's operators read: /healthz, /metrics from a server that plays, the bots in worker processes,
structured logs, and the serve command's choices for them."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine
from typer.testing import CliRunner

from rookgame.cli import app as cli
from rookgame.web import logs
from rookgame.web.app import create_app

from .wire import Wire, create, serving


def samples(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    families = list(text_string_to_metric_families(r.text))
    assert families and all(f.name.startswith("rook_") for f in families)
    return {(s.name, tuple(sorted(s.labels.items()))): s.value for f in families for s in f.samples}


def play_a_hand(client: TestClient) -> None:
    """Ann and three bots: Ann acts until the first hand is over."""
    made = create(client, your_name="Ann", seats=["me", "heuristic", "medium", "heuristic"])
    ann = Wire(client, made["code"], made["token"])
    ann.send({"type": "start"})
    view = ann.view()
    while not any(row["bidder"] >= 0 for row in view["pad"]):
        if view["legal"]:
            ann.send({"type": "act", "action": view["legal"][-1]["action"]})
        view = ann.view()
    ann.send({"type": "act", "action": -5})  # refused: not an action
    ann.until("refused")


def test_health_says_ok_while_the_database_answers_and_503_when_it_does_not(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'rook.db'}", bot_delay=0)) as client:
        r = client.get("/healthz")
        assert r.status_code == 200 and r.json()["status"] == "ok" and r.json()["database"] == "ok"
        hub = client.app.state.hub  # type: ignore[attr-defined]
        good, hub.store.engine = hub.store.engine, create_engine("postgresql+psycopg://nobody@127.0.0.1:1/rook",
                                                                 connect_args={"connect_timeout": 1})
        try:
            r = client.get("/healthz")
            assert r.status_code == 503 and r.json() == {**r.json(), "status": "db_down", "database": "down"}
            assert "nobody" not in r.text  # never the driver's words or the URL
        finally:
            hub.store.engine = good


@pytest.mark.slow
def test_metrics_count_what_a_playing_server_did(tmp_path: Path) -> None:
    with serving(create_app(f"sqlite:///{tmp_path / 'rook.db'}", bot_delay=0, rate=1000)) as client:
        play_a_hand(client)
        got = samples(client)
    assert got[("rook_moves_total", (("by", "person"),))] >= 10
    assert got[("rook_moves_total", (("by", "bot"),))] >= 30
    assert got[("rook_tables", (("state", "playing"),))] == 1
    assert got[("rook_sockets", ())] == 1
    assert got[("rook_act_to_view_seconds_count", ())] >= 10
    assert sum(v for (name, _), v in got.items() if name == "rook_refused_total") >= 1, got


@pytest.mark.slow
def test_the_bots_think_in_worker_processes_and_their_decisions_are_measured(tmp_path: Path) -> None:
    with serving(create_app(f"sqlite:///{tmp_path / 'rook.db'}", bot_delay=0, rate=1000,
                            bot_processes=1)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.bots is not None
        workers = [w.process.pid for w in hub.bots.workers]
        play_a_hand(client)
        got = samples(client)
        assert [w.process.pid for w in hub.bots.workers] == workers and hub.bots.restarts == 0
    assert got[("rook_decision_seconds_count", (("level", "heuristic"),))] >= 20
    assert got[("rook_decision_seconds_count", (("level", "medium"),))] >= 8
    assert hub.bots._closed.is_set()  # the server's end closed its workers


def test_json_logs_are_one_object_a_line_with_the_fields_a_collector_reads() -> None:
    logs.configure("json")
    stream = io.StringIO()
    handler = logging.getLogger().handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(stream)
    try:
        logging.getLogger("rookgame.web").warning("table %s: the database is away", "ABCDEF")
        logging.getLogger("uvicorn.error").warning("uvicorn's own")
    finally:
        logging.getLogger().handlers[:] = []
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert lines[0]["message"] == "table ABCDEF: the database is away"
    assert {"time", "level", "logger", "pid"} <= set(lines[0]) and lines[0]["level"] == "WARNING"
    assert lines[1]["logger"] == "uvicorn.error"


def test_serve_refuses_an_unknown_log_form_or_a_count_of_bot_processes_out_of_range() -> None:
    runner = CliRunner()
    r = runner.invoke(cli, ["serve", "--log-format", "xml", "--no-browser"])
    assert r.exit_code == 2 and "xml" in r.output
    r = runner.invoke(cli, ["serve", "--bot-processes", "65", "--no-browser"])
    assert r.exit_code == 2 and "64" in r.output
