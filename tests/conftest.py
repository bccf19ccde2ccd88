"""Fixtures for what the tests need from outside Python: databases (SQLite, PostgreSQL) and chromium.

See docs/testing.md.  ``db_url`` runs a test once on SQLite and once on PostgreSQL, on a database of its
own; the PostgreSQL server is started once per session, and only when a test asks for it.  Set
``ROOK_TEST_POSTGRES_URL`` (an SQLAlchemy URL whose user may ``CREATE DATABASE``) to use a server of your
own instead of starting one.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .services import PostgresServer, chromium_path

if TYPE_CHECKING:
    import psycopg
    from fastapi.testclient import TestClient

POSTGRES_URL_ENV = "ROOK_TEST_POSTGRES_URL"
# The tests read English: a command line run in them speaks it whatever the machine's locale (tests that
# try other languages ask for them by name: tests/test_languages.py).
os.environ["ROOK_LANG"] = "en"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A test that starts a database server or a browser is marked so, and is slow (the quick tier skips it).
    for item in items:
        names = getattr(item, "fixturenames", ())
        if "postgres_url" in names or item.get_closest_marker("postgresql"):
            item.add_marker(pytest.mark.postgresql)
            item.add_marker(pytest.mark.slow)
        if "chromium" in names:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A web server on a fresh SQLite database, bots flat out and no rate limit to speak of; every tab closed
    at the end."""
    from rookgame.web.app import create_app

    from .wire import serving

    with serving(create_app(f"sqlite:///{tmp_path / 'rook.db'}", bot_delay=0, rate=1000)) as c:
        yield c


@pytest.fixture
def house_cache_in_tmp(tmp_path: Path) -> Iterator[None]:
    """House rules' calibrations and bidding models go to a temporary folder, never the home directory."""
    from rookgame.bots import valuation

    saved = valuation._cache_dir, valuation._cache_dir_set
    valuation.set_cache_dir(tmp_path / "cache")
    yield
    valuation._cache_dir, valuation._cache_dir_set = saved


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The SQLAlchemy URL of a PostgreSQL database on the session's server (started on first use, stopped at
    the end of the session); on it the user may ``CREATE DATABASE``."""
    given = os.environ.get(POSTGRES_URL_ENV)
    if given:
        yield given
        return
    with PostgresServer() as server:
        yield server.url()


def _admin(url: str) -> psycopg.Connection[Any]:
    """An autocommit psycopg connection to the database of ``url``."""
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url)
    return psycopg.connect(host=u.host, port=u.port, user=u.username, password=u.password, dbname=u.database,
                           autocommit=True)


@pytest.fixture
def fresh_postgres_url(postgres_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database for one test (dropped after it)."""
    from sqlalchemy.engine import make_url

    name = f"rook_test_{uuid.uuid4().hex[:12]}"
    with _admin(postgres_url) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield make_url(postgres_url).set(database=name).render_as_string(hide_password=False)
    with _admin(postgres_url) as conn:  # WITH (FORCE): the test's engines may still hold pooled connections
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database for one test, once on SQLite (a file in ``tmp_path``) and once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rook.db'}"
    return str(request.getfixturevalue("fresh_postgres_url"))


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of Debian's chromium, installed with apt-get when missing."""
    return chromium_path()
