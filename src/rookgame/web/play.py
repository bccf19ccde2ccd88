"""Play over one WebSocket (``/ws``) per browser tab, in the protocol of :mod:`rookgame.web.protocol`.

A browser page may connect only from this server's own origin (or one allowed by name); each message
off the wire goes to the hub, and a writer task sends each client its messages in order.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from . import protocol as P
from . import relay
from .accounts import SESSION_COOKIE
from .connections import Client
from .rooms import Hub

if TYPE_CHECKING:
    from .accounts import Accounts, Player

router = APIRouter()


@router.websocket("/ws")
async def play(ws: WebSocket) -> None:
    state = ws.app.state
    hub: Hub = state.hub
    relayed = relay.is_relayed(ws, hub.relay_secret)  # from another process of this site, which checked the origin
    if not relayed and not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), state.allowed_origins):
        await ws.close(code=1008, reason="origin_refused")  # a code: no page of that origin shows it
        return
    await ws.accept()
    client = Client(state.rate)
    client.player = await signed_in_player(ws)  # a profile sits as itself; without a session, a guest
    writer = asyncio.create_task(_write(ws, client))
    first = not relayed  # a relayed connection is never relayed again: its process serves or refuses it
    try:
        while not client.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace") if len(data) <= P.MAX_MESSAGE else "x" * (P.MAX_MESSAGE + 1)
            if first:
                first = False
                target = await hub.relay_target(text)
                if target is not None and hub.relay_secret is not None \
                        and await relay.relay(ws, target, text, hub.relay_secret):
                    break  # the table's process served it, to the end of the connection
            await hub.handle(client, text)
    except WebSocketDisconnect:
        pass
    finally:
        hub.disconnect(client)
        await writer


async def _write(ws: WebSocket, client: Client) -> None:
    """Send a client's messages in order; a slow one only waits for itself."""
    with contextlib.suppress(Exception):
        while True:
            text = await client.queue.get()
            client.taken()
            if text is None:
                await ws.close()
                return
            await ws.send_text(text)


async def signed_in_player(ws: WebSocket) -> Player | None:
    """The profile the socket's session cookie signs in (:mod:`.accounts`), or None: a guest.  The socket's origin
    was checked first, so a page of another site cannot sit as someone with their cookie."""
    accounts: Accounts | None = getattr(ws.app.state, "accounts", None)
    token = ws.cookies.get(SESSION_COOKIE)
    if accounts is None or not token:
        return None
    hub: Hub = ws.app.state.hub
    try:
        found = await hub.db(accounts.session, token)
    except Exception:  # the database away: a guest for now
        return None
    return None if found is None else found[0]


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...] = ()) -> bool:
    """A browser's WebSocket may come only from this server's own pages (or an origin allowed by name);
    a client with no Origin (not a browser) may connect."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    try:
        return urlsplit(origin).netloc.lower() == (host or "").lower()
    except ValueError:
        return False
