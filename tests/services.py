"""What the tests need from the system, started or installed by the tests themselves.

* :func:`ensure_apt` installs a Debian package with apt-get when the thing it provides is missing (the
  test command runs on a fresh Debian machine: nothing may depend on something installed by hand).
* :func:`postgres_bin` and :func:`chromium_path` find PostgreSQL's programs and chromium, installing
  Debian's ``postgresql`` / ``chromium`` when they are not there.
* :class:`PostgresServer` runs a throw-away PostgreSQL server: ``initdb`` into a temporary folder owned by
  an unprivileged user (PostgreSQL refuses to run as root), on a free port of 127.0.0.1, stopped and
  removed at the end.

A missing program that cannot be installed fails the test with a message saying what to do; it is never
skipped, so that CI runs every test.
"""

from __future__ import annotations

import atexit
import fcntl
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    import psycopg

_apt_updated = False
_TEST_USER = "rook-pg-test"  # made with useradd when running as root on a machine without a `postgres` user


def _tail(text: str, lines: int = 20) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def ensure_apt(package: str, binary_check: Callable[[], bool]) -> None:
    """Install Debian's ``package`` with apt-get unless ``binary_check()`` says what it provides is there.

    The test workers (pytest-xdist) may want a package at once: one installs it while the others wait on a
    lock file, then find it there."""
    if binary_check():
        return
    with open(APT_LOCK, "a") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            if not binary_check():
                _apt_install(package, binary_check)
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)


APT_LOCK = Path(tempfile.gettempdir()) / "rook-tests-apt.lock"


def _apt_install(package: str, binary_check: Callable[[], bool]) -> None:
    global _apt_updated
    apt = shutil.which("apt-get")
    if apt is None:
        pytest.fail(f"the tests need Debian's {package!r} package and there is no apt-get here to install it: "
                    f"install {package} by hand", pytrace=False)
    prefix: list[str] = []
    if os.geteuid() != 0:
        sudo = shutil.which("sudo")
        if sudo is None:
            pytest.fail(f"the tests need Debian's {package!r} package; installing it takes root: "
                        f"run `apt-get install {package}` as root, or the tests as root", pytrace=False)
        prefix = [sudo, "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    lock = ["-o", "DPkg::Lock::Timeout=300"]  # wait for another apt-get rather than fail at once
    steps = ([] if _apt_updated else [[apt, "update", "-q"]]) + [[apt, "install", "-y", "-q", *lock, package]]
    for step in steps:
        cmd = prefix + step
        try:
            run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1800)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the tests need Debian's {package!r} package; `{' '.join(cmd)}` did not finish in 30 "
                        "minutes", pytrace=False)
        if run.returncode != 0:
            pytest.fail(f"the tests need Debian's {package!r} package; `{' '.join(cmd)}` failed "
                        f"(exit {run.returncode}):\n{_tail(run.stdout + run.stderr)}", pytrace=False)
        if step[1] == "update":
            _apt_updated = True
    if not binary_check():
        pytest.fail(f"apt-get installed {package!r}, and what the tests need from it is still missing",
                    pytrace=False)


# ---------------------------------------------------------------------------------------------- programs
def _postgres_bins() -> list[Path]:
    found = [p for p in Path("/usr/lib/postgresql").glob("*/bin")
             if (p / "initdb").exists() and (p / "pg_ctl").exists()]

    def version(p: Path) -> tuple[int, ...]:
        return tuple(int(x) for x in re.findall(r"\d+", p.parent.name)) or (0,)

    return sorted(found, key=version, reverse=True)


def postgres_bin() -> Path:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest ``/usr/lib/postgresql/*/bin``), installing
    Debian's ``postgresql`` when there is none."""
    ensure_apt("postgresql", lambda: bool(_postgres_bins()))
    return _postgres_bins()[0]


CHROMIUM = "/usr/bin/chromium"


def chromium_path() -> str:
    """Debian's chromium (``/usr/bin/chromium``), installed when missing."""
    ensure_apt("chromium", lambda: os.access(CHROMIUM, os.X_OK))
    return CHROMIUM


# ------------------------------------------------------------------------------------------- PostgreSQL
def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server_user() -> pwd.struct_passwd:
    """Who runs the server: ourselves, or when we are root an unprivileged user (``postgres``, else one made)."""
    if os.geteuid() != 0:
        return pwd.getpwuid(os.geteuid())
    for name in ("postgres", _TEST_USER):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            pass
    useradd = shutil.which("useradd") or "/usr/sbin/useradd"
    run = subprocess.run([useradd, "--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin",
                          _TEST_USER], capture_output=True, text=True)
    if run.returncode != 0:
        pytest.fail(f"PostgreSQL refuses to run as root and there is no `postgres` user; `useradd {_TEST_USER}` "
                    f"failed:\n{_tail(run.stdout + run.stderr)}", pytrace=False)
    return pwd.getpwnam(_TEST_USER)


class PostgresServer:
    """A PostgreSQL server of its own in a temporary folder, for tests; a context manager.

    ``url`` is the SQLAlchemy URL of its database ``rook`` (``postgresql+psycopg://USER@127.0.0.1:PORT/rook``);
    :meth:`create_database` makes another.  The server trusts every local connection and does not fsync.
    """

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.user = _server_user()
        self.port = 0
        self.folder: Path | None = None
        self._running = False

    @property
    def data(self) -> Path:
        assert self.folder is not None
        return self.folder / "data"

    def url(self, database: str = "rook") -> str:
        return f"postgresql+psycopg://{self.user.pw_name}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env.update(LC_ALL="C", HOME=str(self.folder), USER=self.user.pw_name, LOGNAME=self.user.pw_name)
        root = os.geteuid() == 0  # as root, the server runs as its own user (None: subprocess's defaults)
        return subprocess.run([str(self.bin / args[0]), *args[1:]], env=env, cwd=self.folder, capture_output=True,
                              text=True, timeout=120, user=self.user.pw_uid if root else None,
                              group=self.user.pw_gid if root else None, extra_groups=[] if root else None)

    def _check(self, run: subprocess.CompletedProcess[str], what: str) -> None:
        if run.returncode != 0:
            log = self.folder / "server.log" if self.folder else None
            server_log = log.read_text(errors="replace") if log and log.exists() else ""
            raise RuntimeError(f"{what} failed (exit {run.returncode}):\n{_tail(run.stdout + run.stderr)}"
                               + (f"\nserver log:\n{_tail(server_log)}" if server_log else ""))

    def start(self) -> PostgresServer:
        # a folder every user can reach (pytest's own temporary folders are private to root)
        base = "/tmp" if os.geteuid() == 0 and Path("/tmp").is_dir() else None
        self.folder = Path(tempfile.mkdtemp(prefix="rook-pg-", dir=base))
        atexit.register(self.stop)  # should the fixture's finalizer never run
        try:
            if os.geteuid() == 0:
                os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)
            self._check(self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", self.user.pw_name,
                                  "-E", "UTF8", "--locale=C", "--no-sync"), "initdb")
            for attempt in range(3):  # the free port may be taken between looking and listening
                self.port = _free_port()
                run = self._pg_ctl_start()
                if run.returncode == 0:
                    self._running = True
                    break
                if attempt == 2:
                    self._check(run, "pg_ctl start")
            self.create_database("rook")
        except BaseException:
            self.stop()
            raise
        return self

    def _pg_ctl_start(self) -> subprocess.CompletedProcess[str]:
        assert self.folder is not None
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off")
        return self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-w", "-t", "60",
                         "-o", options, "start")

    def pause(self) -> None:
        """Stop the server as an administrator would (fast: open connections are cut), keeping its data."""
        self._check(self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "30", "stop"), "pg_ctl stop")
        self._running = False

    def resume(self) -> None:
        """Start the server again after :meth:`pause`, on the same port with the same data."""
        self._check(self._pg_ctl_start(), "pg_ctl start")
        self._running = True

    def connect(self, database: str = "postgres") -> psycopg.Connection[Any]:
        """A psycopg connection (autocommit) to ``database`` as the server's superuser."""
        import psycopg

        return psycopg.connect(host="127.0.0.1", port=self.port, user=self.user.pw_name, dbname=database,
                               autocommit=True)

    def create_database(self, name: str) -> str:
        """A new empty database ``name``; its SQLAlchemy URL."""
        with self.connect() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast shutdown: open connections are cut) and remove its folder; again does nothing."""
        if self._running:
            self._running = False
            run = self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "30", "stop")
            if run.returncode != 0:  # a server that will not stop in time is stopped at once
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "-t", "30", "stop")
                time.sleep(0.2)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()
