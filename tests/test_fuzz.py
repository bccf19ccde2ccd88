"""Fuzzing `rook rules`, `rook replay` and `rook analyze` with mutated real files (issue 15):
byte flips, truncation, numbers of thousands of digits, nesting thousands deep, invalid
UTF-8, out-of-range sizes.  Whatever the file, the command never shows a traceback, keeps
its memory bounded, and exits 0 (fine), 1 (a record that fails its checks) or 2 (a bad
rules file or argument), the one the case calls for."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from rookgame.cli import app
from rookgame.record import RecordError, read_jsonl, replay_record
from rookgame.rules import RulesError, load

ROOT = Path(__file__).resolve().parents[1]
RECORDS = [p.read_bytes().splitlines()[0] for p in sorted((ROOT / "tests" / "golden").glob("*.jsonl"))]
RULES = [p.read_bytes() for p in sorted((ROOT / "docs" / "examples").glob("*.toml"))]
SIZES = ["players", "ranks", "birds", "nest_size", "partner_calls", "min_bid", "max_bid", "bid_step", "goal",
         "lose_at", "most_tricks_bonus", "last_trick_bonus"]
VALUES = ["0", "-1", "9", "1000000000000", "9" * 4000, "-" + "9" * 4000, '"1-1000000000"', '"0-14"', "[]",
          "{ 5 = 0, 10 = 0, 14 = 0, RK = 0 }", "[" * 2000 + "]" * 2000]
INVALID_UTF8 = [b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\xe9"]
FUZZ = settings(max_examples=120, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
runner = CliRunner()


@st.composite
def mutated(draw: st.DrawFn, sources: list[bytes], rules: bool) -> bytes:
    data = bytearray(draw(st.sampled_from(sources)))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["flip", "truncate", "huge", "deep", "utf8"] + (["assign"] if rules else [])))
        if op == "flip" and data:
            data[min(at, len(data) - 1)] ^= draw(st.integers(1, 255))
        elif op == "truncate":
            del data[at:]
        elif op == "huge":  # a number int() refuses (over 4,300 digits), or one just under
            data[at:at] = b"9" * draw(st.sampled_from([20, 4000, 5000]))
        elif op == "deep":
            depth = draw(st.sampled_from([50, 3000]))
            data[at:at] = b"[" * depth + b"]" * depth
        elif op == "utf8":
            data[at:at] = draw(st.sampled_from(INVALID_UTF8))
        elif op == "assign":  # a size set to something out of range, as the first line
            key, value = draw(st.sampled_from(SIZES)), draw(st.sampled_from(VALUES))
            kept = [ln for ln in bytes(data).splitlines() if not ln.strip().startswith(key.encode())]
            data = bytearray(f"{key} = {value}\n".encode() + b"\n".join(kept))
    return bytes(data)


def utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def invoke(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2)
    event(f"{args[0]} exit {result.exit_code}")  # pytest --hypothesis-show-statistics shows the mix
    return result


def records_fail(path: Path) -> bool:
    """The oracle: whether some game of the file fails its checks (read in-process; a torn line,
    a record cut short as a crash leaves it, is skipped with a warning, as `rook replay` does)."""
    try:
        for n, rec in read_jsonl(path, on_torn=lambda why: None):
            replay_record(rec, n)
    except RecordError:
        return True
    return False


@pytest.mark.slow
@FUZZ
@given(mutated(RULES, rules=True))
def test_fuzz_rook_rules(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    f = tmp_path_factory.mktemp("rules") / "house.toml"
    f.write_bytes(data)
    tracemalloc.start()
    try:
        result = invoke("rules", str(f))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50_000_000  # a billion ranks once took 24 GB
    try:
        load(f)
        expected = 0
    except RulesError:
        expected = 2  # a bad rules file is a bad argument
    assert result.exit_code == expected, result.output
    if expected:
        assert result.output.startswith("error: ") and len(result.output) < 4000
    if not utf8(data):
        assert "not UTF-8 text" in result.output


@pytest.mark.slow
@FUZZ
@given(mutated(RECORDS, rules=False))
def test_fuzz_rook_replay(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    f = tmp_path_factory.mktemp("records") / "games.jsonl"
    f.write_bytes(data + b"\n")
    result = invoke("replay", str(f))
    # A broken line is a record that fails its checks (1); a file left with no game at all, its only
    # line torn, is refused as holding no game (2).
    bad = records_fail(f)
    games = 0 if bad else sum(1 for _ in read_jsonl(f, on_torn=lambda why: None))
    assert result.exit_code == (1 if bad else 0 if games else 2), result.output
    if not utf8(data):
        assert result.exit_code == 1 and "is not UTF-8 text" in result.output


@pytest.mark.slow
@settings(FUZZ, max_examples=25)
@given(mutated(RECORDS, rules=False))
def test_fuzz_rook_analyze(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    f = tmp_path_factory.mktemp("records") / "games.jsonl"
    f.write_bytes(data + b"\n")
    games = 0
    try:
        games = sum(1 for _ in read_jsonl(f))
    except RecordError:
        games = 1  # line 1 is broken: analyze reports it
    assume(games == 0 or records_fail(f))  # a record that still replays takes seconds to analyse
    result = invoke("analyze", str(f), "--level", "easy")
    assert result.exit_code == (2 if games == 0 else 1), result.output  # 2: the file has no game 1
