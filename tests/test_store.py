"""The table store: tables and their action logs through SQLAlchemy, migrated by Alembic.

Every test runs twice through the ``db_url`` fixture (tests/conftest.py): on an SQLite file and on a
database of its own on a PostgreSQL server that the tests start.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Engine

from rookgame.rules import preset
from rookgame.table import Bot, Human, Seat, Table
from rookgame.web.store import Store, StoreError

RULES = preset("kentucky-discard")
SEATS: list[Seat] = [Human("Ann"), Bot("heuristic"), Human("Bo"), Bot("heuristic")]


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


# ---------------------------------------------------------------------- leases: one server plays a table
def test_a_table_is_played_by_the_one_server_holding_its_lease(db_url: str) -> None:
    """A second server is refused a table another one holds, may take it once the lease runs out or is given up,
    and a write by a server that lost its lease is refused (so two servers never both play one table)."""
    from rookgame.web.store import LeaseLost

    first, second = Store(db_url), Store(db_url)
    first.owner, second.owner = "elsewhere:1:a", "elsewhere:2:b"  # another machine's: never taken as dead
    code = first.create(RULES, SEATS, seed=3)
    assert first.take_lease(code, first.owner, 30) is None
    assert second.take_lease(code, second.owner, 30) == first.owner
    table = Table(RULES, SEATS, 3)
    play_logged(first, code, table, 2)  # the owner writes
    with pytest.raises(LeaseLost):
        second.append(code, 2, 0, 0)
    with pytest.raises(LeaseLost):
        second.set_lobby(code, {"started": True})
    assert first.count(code) == 2
    assert first.renew_leases(first.owner, 0.05) == {code}  # as if its heartbeat stopped: 50 ms left
    time.sleep(0.1)
    assert second.take_lease(code, second.owner, 30) is None  # ran out: taken over
    with pytest.raises(LeaseLost):
        play_logged(first, code, table, 1)  # the old owner's next move is refused, not logged
    assert first.count(code) == 2 and first.renew_leases(first.owner, 30) == set()
    second.release_leases(second.owner)
    assert first.take_lease(code, first.owner, 30) is None  # given up: free at once


def test_a_lease_of_a_server_killed_on_this_machine_is_taken_back_at_once(db_url: str) -> None:
    """A server killed and started again (a new process) takes its tables back without waiting for their leases
    to run out; a lease of a process still running on this machine is not taken."""
    store = Store(db_url)
    code = store.create(RULES, SEATS, seed=3)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = f"{socket.gethostname()[:60]}:{gone.stdout.strip()}:0000"
    assert store.take_lease(code, dead, 30) is None
    assert store.take_lease(code, Store.new_owner(), 30) is None  # the dead process's lease: taken at once
    mine = Store.new_owner()  # this process, another server in it: alive
    assert store.take_lease(code, mine, 30) is not None


def test_a_rematch_is_a_new_game_of_the_same_table_under_its_lease(db_url: str) -> None:
    """Play again: game CODE-2 is made and CODE's lobby points to it in one transaction; a server opening the
    table by its code finds the game it plays now; the table's lease covers every game of it."""
    from rookgame.web.store import LeaseLost

    store = Store(db_url)
    store.owner = "here:1:a"
    code = store.create(RULES, SEATS, seed=1, lobby={"started": True})
    assert store.take_lease(code, store.owner, 30) is None
    store.rematch(code, f"{code}-2", RULES, SEATS, 2, name="again", lobby={"started": True})
    assert store.current(code) == f"{code}-2" and store.current(f"{code}-2") == f"{code}-2"
    store.append(f"{code}-2", 0, 0, 100)  # fenced by the table's lease
    with pytest.raises(StoreError, match="already there"):
        store.rematch(code, f"{code}-2", RULES, SEATS, 3, name="again", lobby={})
    other = Store(db_url)
    other.owner = "there:2:b"
    with pytest.raises(LeaseLost):
        other.append(f"{code}-2", 1, 1, 100)
    assert Store(db_url).stored(code).lobby == {"started": True, "next": f"{code}-2"}
