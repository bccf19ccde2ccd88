"""A site of several server processes: a connection for a table that another process plays is relayed to it.

Each table is played by one process, the holder of its lease (:mod:`.store`); the lease's owner names the
process and, after ``@``, the private address where it takes relayed connections (``host:port``).  A page's
socket may reach any process (the kernel spreads the connections of ``rook serve --workers N`` over its
processes; a proxy spreads them over machines).  The process it reaches reads the join, and when the table
is another live process's, opens a socket of its own to that process, sends the join on, and copies every
frame both ways, untouched: the owner checks, plays and tells as for any connection, so one rule stays in one
place, and the person notices nothing.  The two processes share a secret (``ROOK_RELAY_SECRET``: the parent
of ``--workers`` makes one; the machines of a site are given the same), which the owner asks of a relayed
connection instead of the page's origin, checked already by the process the page reached.  When the owner
dies, the relayed socket closes with 1012 (service restart): the page connects again, and the process it
reaches takes the table over from the log (its lease is free once its holder is gone).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import os

from fastapi import WebSocket
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from . import protocol as P

HEADER = "x-rook-relay"  # the shared secret, on a relayed connection's opening request
SECRET_ENV = "ROOK_RELAY_SECRET"
RESTART = 1012  # WebSocket close code "service restart": the page connects again


def secret() -> str | None:
    """The site's relay secret, or None: this process relays nothing and takes no relayed connection."""
    return os.environ.get(SECRET_ENV) or None


def address_of(owner: str) -> str | None:
    """The relay address in a lease owner's name (``host:pid:random@10.0.0.5:41234``), or None."""
    address = owner.partition("@")[2]
    return address or None


def is_relayed(ws: WebSocket, shared: str | None) -> bool:
    """Whether ``ws`` was opened by another process of this site (it carries the shared secret)."""
    given = ws.headers.get(HEADER)
    return bool(shared and given and hmac.compare_digest(given.encode(), shared.encode()))


async def relay(ws: WebSocket, address: str, join: str, shared: str) -> bool:
    """Copy ``ws`` (accepted, its join read as ``join``) to and from the process at ``address`` until either side
    closes; False if that process could not be reached (the caller serves the join itself)."""
    headers = {HEADER: shared}
    if cookie := ws.headers.get("cookie"):
        headers["cookie"] = cookie  # a signed-in person stays signed in at the owner
    try:
        upstream = await connect(f"ws://{address}/ws", additional_headers=headers, max_size=P.MAX_MESSAGE * 64,
                                 open_timeout=2, ping_interval=None, compression=None)
    except (OSError, WebSocketException, TimeoutError):
        return False

    async def down() -> None:
        async for message in upstream:
            await ws.send_text(message if isinstance(message, str) else message.decode("utf-8", "replace"))

    async def up() -> None:
        await upstream.send(join)
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            await upstream.send(text)

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        with contextlib.suppress(Exception):
            await upstream.close()
    page_left = tasks[1] in done and tasks[1].exception() is None
    if not page_left:  # the owner went away (or closed it): the page connects again, to whoever plays it next
        with contextlib.suppress(Exception):
            await ws.close(code=RESTART)
    return True
