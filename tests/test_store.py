"""The table store: tables and their action logs through SQLAlchemy, migrated by Alembic.

Every test runs twice through the ``db_url`` fixture (tests/conftest.py): on an SQLite file and on a
database of its own on a PostgreSQL server that the tests start.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Engine

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


def test_a_table_is_rebuilt_from_its_log_where_it_was(db_url: str) -> None:
    url = db_url
    store = Store(url)
    code = store.create(RULES, SEATS, seed=11)
    assert len(code) == 6 and store.codes() == [code]
    table = Table(RULES, SEATS, 11)
    play_logged(store, code, table, 70)
    again = Store(url).load(code)  # a fresh process: the same database
    assert again.names == table.names and again.match.hand.history == table.match.hand.history
    assert [h.history for h in again.match.hands] == [h.history for h in table.match.hands]
    assert again.events(0) == table.events(0)


def test_an_action_is_appended_once(db_url: str) -> None:
    store = Store(db_url)
    code = store.create(RULES, SEATS, seed=3)
    table = Table(RULES, SEATS, 3)
    play_logged(store, code, table, 3)
    with pytest.raises(StoreError, match="action 1 is already in the log"):
        store.append(code, 1, 0, 192)
    assert store.count(code) == 3
    with pytest.raises(StoreError, match="no table 'NOPE'"):
        store.load("NOPE")


def test_a_server_killed_mid_trick_resumes_the_table(db_url: str) -> None:
    script = """
import sys
from rookgame.rules import preset
from rookgame.table import Bot, Table
from rookgame.web.store import Store
store = Store(sys.argv[1])
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
    run = subprocess.run([sys.executable, "-c", script, db_url], capture_output=True, text=True, timeout=120)
    assert run.returncode == -9, run.stderr
    code = run.stdout.split()[0]
    store = Store(db_url)
    table = store.load(code)
    assert table.match.hand.trick, "killed with a trick on the table"
    expected = Table(RULES, [Bot("heuristic")] * 4, 5)
    for _ in range(store.count(code)):
        expected.bot_step()
    assert table.match.hand.history == expected.match.hand.history


def race(stores: list[Store], code: str, n: int, seat: int, action: int) -> list[str]:
    """Each store appends the same action ``n`` at once, from a thread of its own; what each got."""
    barrier = threading.Barrier(len(stores))
    outcomes: list[str] = ["unfinished"] * len(stores)

    def write(i: int) -> None:
        barrier.wait()
        try:
            stores[i].append(code, n, seat, action)
            outcomes[i] = "appended"
        except StoreError as e:
            outcomes[i] = str(e)
        except Exception as e:  # anything else is the failure to report
            outcomes[i] = repr(e)

    threads = [threading.Thread(target=write, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


def test_two_stores_appending_the_same_action_one_wins(db_url: str) -> None:
    """Two servers (two Store objects: two connections, two server processes on PostgreSQL) append action ``n``
    of one table at the same moment: one is in the log, the other is told it is taken, and the log replays."""
    first, second = Store(db_url), Store(db_url)
    code = first.create(RULES, SEATS, seed=7)
    table = Table(RULES, SEATS, 7)
    moves = 12
    for n in range(moves):
        seat = table.to_act
        assert seat is not None
        action = table.think(seat) if not table.is_human(seat) else table.legal(seat)[0]
        table.submit(seat, action)
        results = sorted(race([first, second], code, n, seat, action))
        assert results[0] == "appended" and results[1] == f"table {code}: action {n} is already in the log", results
    with pytest.raises(StoreError, match=f"action {moves - 1} is already in the log"):
        second.append(code, moves - 1, 0, 0)  # and one after the other, the later one is refused
    assert first.count(code) == second.count(code) == moves
    assert Store(db_url).load(code).match.hand.history == table.match.hand.history


def test_a_seed_beyond_32_bits_is_kept(db_url: str) -> None:
    """Seeds are 64-bit numbers (a PostgreSQL INTEGER column would refuse them where SQLite does not)."""
    store = Store(db_url)
    seed = 2**63 - 1
    code = store.create(RULES, SEATS, seed=seed)
    assert Store(db_url).stored(code).seed == seed


def _schema(engine: Engine) -> dict[str, Any]:
    """What an upgrade could change: every table's columns, keys, indexes, and the migration it is at."""
    insp = inspect(engine)  # a new inspector: they cache what they read
    tables: dict[str, Any] = {}
    for name in sorted(insp.get_table_names()):
        tables[name] = {
            "columns": [(c["name"], str(c["type"]), c["nullable"], str(c.get("default")))
                        for c in insp.get_columns(name)],
            "primary key": insp.get_pk_constraint(name)["constrained_columns"],
            "foreign keys": sorted(str(sorted(fk.items())) for fk in insp.get_foreign_keys(name)),
            "unique": sorted(str(sorted(u["column_names"])) for u in insp.get_unique_constraints(name)),
            "indexes": sorted(str((i["name"], i["column_names"], i["unique"])) for i in insp.get_indexes(name)),
        }
    if "alembic_version" in tables:
        with engine.connect() as conn:
            tables["alembic_version"]["rows"] = sorted(conn.scalars(text("SELECT version_num FROM alembic_version")))
    return tables


def test_the_schema_is_made_by_the_migrations_and_upgrading_again_changes_nothing(db_url: str) -> None:
    from alembic.script import ScriptDirectory

    import rookgame.web.store as store_module

    empty = create_engine(db_url)
    assert _schema(empty) == {}, "each test gets an empty database"
    store = Store(db_url)
    made = _schema(store.engine)
    assert {"rook_tables", "rook_actions", "alembic_version"} <= set(made)
    heads = ScriptDirectory(str(Path(store_module.__file__).parent / "migrations")).get_heads()
    assert made["alembic_version"]["rows"] == sorted(heads), "the schema is at the newest migration"
    code = store.create(RULES, SEATS, seed=1)
    store.append(code, 0, 0, 100)
    store.upgrade()
    again = Store(db_url)  # a store opening an up-to-date database upgrades it too
    assert _schema(again.engine) == made
    assert again.codes() == [code] and again.count(code) == 1
    empty.dispose()


def test_the_server_keeps_its_tables_under_rook_home_like_the_terminal_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rookgame.saves import saves_dir
    from rookgame.web.store import default_url

    monkeypatch.setenv("ROOK_HOME", str(tmp_path / "home"))
    assert default_url() == f"sqlite:///{tmp_path / 'home' / 'rook.db'}"
    assert saves_dir() == tmp_path / "home" / "games"
    monkeypatch.delenv("ROOK_HOME")
    assert default_url() == f"sqlite:///{Path.home() / '.rook' / 'rook.db'}"
