"""Play over one WebSocket (``/ws``) per browser tab, in the protocol of :mod:`rookgame.web.protocol`.

A browser page may connect only from this server's own origin (or one allowed by name); each message
off the wire goes to the hub, and a writer task sends each client its messages in order.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from . import protocol as P
from .connections import Client
from .rooms import Hub

router = APIRouter()


@router.websocket("/ws")
async def play(ws: WebSocket) -> None:
    state = ws.app.state
    hub: Hub = state.hub
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), state.allowed_origins):
        await ws.close(code=1008, reason="this page's origin may not play here")
        return
    await ws.accept()
    client = Client(state.rate)
    writer = asyncio.create_task(_write(ws, client))
    try:
        while not client.closed:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace") if len(data) <= P.MAX_MESSAGE else "x" * (P.MAX_MESSAGE + 1)
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
