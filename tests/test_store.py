"""The table store: tables and their action logs in SQLite through SQLAlchemy, migrated by Alembic."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rookgame.rules import preset
from rookgame.table import Bot, Human, Table
from rookgame.web.store import Store, StoreError

RULES = preset("kentucky-discard")
SEATS = [Human("Ann"), Bot("heuristic"), Human("Bo"), Bot("heuristic")]


def play_logged(store: Store, code: str, table: Table, moves: int) -> None:
    """Play ``moves`` actions at ``table``, people taking their first legal choice, each appended to the log."""
    n = store.count(code)
    for _ in range(moves):
        seat = table.to_act
        if seat is None:
            return
        action = table.think(seat) if not table.is_human(seat) else table.legal(seat)[0]
        table.submit(seat, action)
        store.append(code, n, seat, action)
        n += 1


def test_a_table_is_rebuilt_from_its_log_where_it_was(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rook.db'}"
    store = Store(url)
    code = store.create(RULES, SEATS, seed=11)
    assert len(code) == 6 and store.codes() == [code]
    table = Table(RULES, SEATS, 11)
    play_logged(store, code, table, 70)
    again = Store(url).load(code)  # a fresh process: the same database
    assert again.names == table.names and again.match.hand.history == table.match.hand.history
    assert [h.history for h in again.match.hands] == [h.history for h in table.match.hands]
    assert again.events(0) == table.events(0)


def test_an_action_is_appended_once(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'rook.db'}")
    code = store.create(RULES, SEATS, seed=3)
    table = Table(RULES, SEATS, 3)
    play_logged(store, code, table, 3)
    with pytest.raises(StoreError, match="action 1 is already in the log"):
        store.append(code, 1, 0, 192)
    assert store.count(code) == 3
    with pytest.raises(StoreError, match="no table 'NOPE'"):
        store.load("NOPE")


def test_a_server_killed_mid_trick_resumes_the_table(tmp_path: Path) -> None:
    db = tmp_path / "rook.db"
    script = f"""
import sys
from rookgame.rules import preset
from rookgame.table import Bot, Table
from rookgame.web.store import Store
store = Store("sqlite:///{db}")
code = store.create(preset("kentucky-discard"), [Bot("heuristic")] * 4, 5)
print(code, flush=True)
table = Table(preset("kentucky-discard"), [Bot("heuristic")] * 4, 5)
n = 0
while True:
    seat = table.to_act
    action = table.think(seat)
    table.submit(seat, action)
    store.append(code, n, seat, action)
    n += 1
    if n >= 40 and table.match.hand.trick:  # in the middle of a trick
        import os, signal
        os.kill(os.getpid(), signal.SIGKILL)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == -9, run.stderr
    code = run.stdout.split()[0]
    store = Store(f"sqlite:///{db}")
    table = store.load(code)
    assert table.match.hand.trick, "killed with a trick on the table"
    expected = Table(RULES, [Bot("heuristic")] * 4, 5)
    for _ in range(store.count(code)):
        expected.bot_step()
    assert table.match.hand.history == expected.match.hand.history


def test_the_schema_is_made_by_the_migrations_and_upgrading_again_changes_nothing(tmp_path: Path) -> None:
    from sqlalchemy import inspect

    store = Store(f"sqlite:///{tmp_path / 'rook.db'}")
    store.upgrade()
    names = set(inspect(store.engine).get_table_names())
    assert {"rook_tables", "rook_actions", "alembic_version"} <= names
