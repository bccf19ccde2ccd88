"""The server's metrics: Prometheus' text format, every name rook_..., one registry per server."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from rookgame.web.metrics import Metrics


def test_metrics_are_named_rook_and_read_back_as_prometheus_text() -> None:
    m = Metrics()
    m.tables.labels("playing").set(3)
    m.sockets.set(7)
    m.moves.labels("bot").inc(5)
    m.decision.labels("expert").observe(0.3)
    m.act_to_view.observe(0.004)
    m.db_errors.inc()
    m.refused.labels("not_your_turn").inc()
    body, kind = m.page()
    assert kind.startswith("text/plain")
    families = {f.name: f for f in text_string_to_metric_families(body.decode())}
    assert families and all(name.startswith("rook_") for name in families)
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value for f in families.values() for s in f.samples}
    assert samples[("rook_tables", (("state", "playing"),))] == 3
    assert samples[("rook_moves_total", (("by", "bot"),))] == 5
    assert samples[("rook_decision_seconds_count", (("level", "expert"),))] == 1
    assert Metrics().page()[0] != body  # each server its own registry


