"""`rook serve` as a family runs it: a real server process, killed with SIGKILL in the middle of a
trick and started again on the same database (SQLite and PostgreSQL): the hand goes on from the
same trick, and the player's token brings them back to their seat."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from rookgame.web.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(db: str, port: int, home: Path, host: str | None = "127.0.0.1") -> Iterator[subprocess.Popen[str]]:
    """``rook serve`` in a process, once it answers (``host`` None: the README's way, no --host)."""
    env = {**os.environ, "HOME": str(home), "PYTHONUNBUFFERED": "1", "ROOK_LANG": "en"}  # its lines read in English
    where = ["--host", host] if host is not None else []
    proc = serve_logged(["--port", str(port), "--db", db, "--no-browser", "--pace", "0", *where], env, home)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/options", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"the server did not start: {server_said(home)}")
            time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def serve_logged(options: list[str], env: dict[str, str], home: Path) -> subprocess.Popen[str]:
    """``rook serve`` with ``options``, its lines to ``home``'s serve.log (:func:`server_said`): a file, not a pipe
    nobody reads, which once full would stop the server mid-test."""
    with (home / "serve.log").open("a") as said:
        return subprocess.Popen([sys.executable, "-m", "rookgame.cli", "serve", *options], env=env, stdout=said,
                                stderr=subprocess.STDOUT, text=True)


def server_said(home: Path, tail: int = 6000) -> str:
    """The end of what the servers of :func:`server` with ``home`` printed (for a failure's message)."""
    log = home / "serve.log"
    return log.read_text(errors="replace")[-tail:] if log.is_file() else ""


def view_after(ws: ClientConnection, want: Any = None) -> dict[str, Any]:
    """Read until a view (that satisfies ``want``) arrives."""
    while True:
        msg = json.loads(ws.recv(timeout=20))
        assert msg["type"] != "refused", msg
        if msg["type"] == "view" and (want is None or want(msg["view"])):
            return dict(msg["view"])


@pytest.mark.slow
def test_a_server_killed_mid_trick_resumes_the_hand_from_the_same_trick(db_url: str, tmp_path: Path) -> None:
    """Killed with an away seat too (issue 25): Bo's seat, handed to a bot when his phone died, is a bot's
    again after the restart, and the hand goes on past it (it was restored as Bo's, and waited for ever)."""
    port = free_port()
    with server(db_url, port, tmp_path) as proc:
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "name": "Sunday", "your_name": "Ann", "seats": ["me", "open", "heuristic", "heuristic"]}).json()
        code, token = made["code"], made["token"]
        with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            ws.send(json.dumps({"type": "join", "v": 2, "table": code, "token": token}))
            with connect(f"ws://127.0.0.1:{port}/ws") as bo:
                bo.send(json.dumps({"type": "join", "v": 2, "table": code}))
                bo.send(json.dumps({"type": "sit", "seat": 1, "name": "Bo"}))
                while (msg := json.loads(bo.recv(timeout=20)))["type"] != "welcome" or msg["seat"] != 1:
                    pass
            ws.send(json.dumps({"type": "start"}))
            ws.send(json.dumps({"type": "bot", "seat": 1, "level": "heuristic"}))  # Bo is away: a bot keeps it
            view = view_after(ws)
            while not (view["phase"] == "play" and view["trick"] and view["legal"] and view["trick_count"] >= 1):
                if view["legal"]:
                    ws.send(json.dumps({"type": "act", "action": view["legal"][0]["action"]}))
                view = view_after(ws)
        logged = Store(db_url).count(code)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    with server(db_url, port, tmp_path) as again, connect(f"ws://127.0.0.1:{port}/ws") as ws:
        ws.send(json.dumps({"type": "join", "v": 2, "table": code, "token": token}))
        welcome = json.loads(ws.recv(timeout=20))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        back = view_after(ws)
        for key in ("hand", "trick", "leader", "auction", "bid", "bidder", "trump", "trick_count", "legal", "won",
                    "hand_number"):
            assert back[key] == view[key], key
        assert Store(db_url).count(code) == logged
        ws.send(json.dumps({"type": "act", "action": back["legal"][0]["action"]}))
        # every other seat plays, Bo's bot too, until Ann's turn comes round again in a later trick
        after = view_after(ws, lambda v: bool(v["legal"]) and (v["trick_count"] > back["trick_count"]
                                                              or v["hand_number"] > back["hand_number"]))
        assert back["legal"][0]["card"] not in after["hand"] or after["hand_number"] > back["hand_number"]
        assert again.poll() is None


@pytest.mark.slow
def test_rook_serve_refuses_a_folder_as_its_database(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "rookgame.cli", "serve", "--db", str(tmp_path), "--no-browser"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "is a folder" in out.stderr + out.stdout


@pytest.mark.slow
def test_rook_serve_says_where_the_tables_are(tmp_path: Path) -> None:
    port = free_port()
    with server(f"sqlite:///{tmp_path / 'rook.db'}", port, tmp_path) as proc:
        proc.terminate()
        proc.wait(20)
    text = server_said(tmp_path)
    assert f"tables at http://localhost:{port}/" in text and "rook.db" in text


@pytest.mark.slow
def test_a_second_rook_serve_on_the_same_sqlite_file_is_refused_and_an_unreachable_database_said(
        tmp_path: Path) -> None:
    """Two servers on one SQLite file would both play its tables (issue 25: a table diverged, one copy frozen): the
    second is refused in words, naming the first; a database that cannot be reached is said, not a traceback."""
    db = f"sqlite:///{tmp_path / 'rook.db'}"
    with server(db, free_port(), tmp_path) as first:
        second = subprocess.run([sys.executable, "-m", "rookgame.cli", "serve", "--port", str(free_port()), "--db", db,
                                 "--no-browser"], capture_output=True, text=True, timeout=60)
        assert first.poll() is None
    said = second.stdout + second.stderr
    assert second.returncode == 2 and f"another rook serve (process {first.pid})" in said, said
    assert "Traceback" not in said
    down = subprocess.run([sys.executable, "-m", "rookgame.cli", "serve", "--no-browser", "--db",
                           f"postgresql+psycopg://nobody:secret@127.0.0.1:{free_port()}/rook"],
                          capture_output=True, text=True, timeout=60)
    said = down.stdout + down.stderr
    assert down.returncode == 2 and "cannot be reached" in said and "Traceback" not in said, said
    assert "secret" not in said  # the password is not shown


@pytest.mark.slow
def test_rook_serve_finds_this_computers_network_address_and_the_invite_link_is_that_address(tmp_path: Path) -> None:
    """Issue 25: the invite was the host's own address (localhost), which no phone can open.  Served the README's
    way (no --host), the server says the address other devices use, and a table's invite asked on localhost is
    that address: one of this computer's own (a socket binds to it), not a loopback one, and it answers."""
    port = free_port()
    with server(f"sqlite:///{tmp_path / 'rook.db'}", port, tmp_path, host=None):
        said = server_said(tmp_path)  # its start-up lines, all said before it answers
        lines = said.splitlines()
        assert "stop with Ctrl+C" in said and len(lines) < 40, said
        joins = [line for line in lines if "phones join at http://" in line]
        assert joins, f"no network address said (a machine without a network?): {said}"
        lan = joins[0].split("http://", 1)[1].split(":", 1)[0]
        assert not lan.startswith("127.")
        with socket.socket() as s:
            s.bind((lan, 0))  # an address of this computer
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(f"{base}/api/tables", json={"seats": ["me", "open", "open", "open"], "your_name": "Ann"})
        assert made.status_code == 200, made.text
        code = made.json()["code"]
        for opened_as in (f"http://localhost:{port}", base):
            invite = httpx.get(f"{opened_as}/api/tables/{code}/invite").json()
            assert invite["url"] == f"http://{lan}:{port}/t/{code}"
            assert invite["qr"].startswith("data:image/svg+xml")
        assert httpx.get(invite["url"], timeout=10).status_code == 200  # the link answers on that address


def peak_memory_kb(pid: int) -> int:
    """The process's peak resident memory (VmHWM), in kB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


def response_head(sock: socket.socket) -> tuple[int, bytes]:
    """The status and the rest of an HTTP response read off ``sock`` (until the server closes it)."""
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    return int(data.split(b" ", 2)[1]), data


@pytest.mark.slow
def test_a_200_mb_request_is_refused_at_once_and_costs_the_server_no_memory(tmp_path: Path) -> None:
    """Issue 25: one 200 MB request took the server from 115 to 719 MB and froze every table for 5.4 s.  Said
    with its length, it is refused before its body is sent; sent without one (chunked), it is refused as soon
    as it passes the limit; the server's peak memory does not move, and it answers others all along."""
    port = free_port()
    size = 200 * 2**20
    with server(f"sqlite:///{tmp_path / 'rook.db'}", port, tmp_path) as proc:
        base = f"http://127.0.0.1:{port}"
        for _ in range(3):  # the server's usual work first, so that its peak is that of serving
            assert httpx.post(f"{base}/api/tables", json={"your_name": "Ann"}).status_code == 200
            httpx.get(f"{base}/api/words")
        before = peak_memory_kb(proc.pid)
        head = (f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {size}\r\n\r\n").encode()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            started = time.monotonic()
            sock.sendall(head)
            status, said = response_head(sock)
            answered = time.monotonic() - started
        assert status == 413 and b"too_large" in said and answered < 2, (status, said, answered)

        slowest = [0.0]
        done = threading.Event()

        def others() -> None:  # someone else asks the server something all the while
            while not done.is_set():
                t = time.monotonic()
                assert httpx.get(f"{base}/api/options", timeout=10).status_code == 200
                slowest[0] = max(slowest[0], time.monotonic() - t)

        asker = threading.Thread(target=others)
        asker.start()
        sent = 0
        chunk = b"4000\r\n" + b" " * 0x4000 + b"\r\n"
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                         "Transfer-Encoding: chunked\r\n\r\n".encode())
            try:
                while sent < size:
                    sock.sendall(chunk)
                    sent += 0x4000
            except (BrokenPipeError, ConnectionResetError):  # refused and closed: the rest is never read
                pass
            status, said = response_head(sock)
        done.set()
        asker.join(20)
        after = peak_memory_kb(proc.pid)
    print(f"peak memory {before / 1024:.1f} MB before, {after / 1024:.1f} MB after; {sent / 2**20:.1f} MB sent "
          f"before the chunked request was refused; the slowest other request took {slowest[0] * 1000:.0f} ms")
    assert status == 413 and b"too_large_sent" in said and sent < 20 * 2**20, (status, said, sent)
    assert after - before < 20 * 1024, (before, after)
    assert slowest[0] < 1.0


def test_rook_serve_says_where_the_tables_are_in_the_readers_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """rook serve's lines as it starts come from the catalogs: in Spanish at `--lang es` (uvicorn not started)."""
    import uvicorn

    from rookgame.web import app as web
    from rookgame.web import logs
    from rookgame.words.language import speaking

    served: list[Any] = []

    def run(app: Any, **options: Any) -> None:
        served.append(app)
        app.state.hub.close()

    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(web, "_lan_address", lambda: "192.168.1.20")
    monkeypatch.setattr(web, "quiet_collections", lambda: None)  # a serving process's, never a test's
    monkeypatch.setattr(logs, "configure", lambda form: None)  # the test run's logging left as it is
    with speaking("es"):
        web.serve(None, 8123, f"sqlite:///{tmp_path / 'rook.db'}", open_browser=False, bot_processes=0)
    text = capsys.readouterr().out
    assert len(served) == 1
    assert "rook: mesas en http://localhost:8123/  (base de datos" in text and "rook.db" in text
    assert "rook: en esta red, los teléfonos se unen en http://192.168.1.20:8123/" in text
    assert "rook: sirviendo solo a este ordenador y a su red local" in text
    assert "rook: detenlo con Ctrl+C" in text
