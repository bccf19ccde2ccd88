"""What one client may send: a token bucket per connection, the size and nesting of a request, and from where.

:class:`Requests` is ASGI middleware in front of the whole app.  A request's body is at most
:data:`MAX_BODY` bytes: one that says it is longer (``Content-Length``) is refused at once, before a
byte of it is read; one that does not say (chunked) is read up to the limit and refused as soon as
it passes it, so a 200 MB upload never costs the server more than the limit.  A JSON body nested
deeper than :data:`MAX_NESTING` is refused before it is parsed.  With ``this_network`` (``rook
serve``'s default) only this computer and the local network may connect (an address that is not
global: 192.168.x.y, 10.x.y.z, a phone on the Wi-Fi); a server meant for the internet is started
with ``--host 0.0.0.0``.  Each refusal is JSON in words (:mod:`rookgame.words.web`), as the API's are.
"""

from __future__ import annotations

import ipaddress
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from ..words import web as web_words

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 256 * 1024  # bytes in a request's body: a table's settings with a house-rules file are a few KB
MAX_NESTING = 16  # JSON arrays and objects inside each other in a request's body (a table's settings: 2)

RATE = 10.0  # messages a second a client may send, on average
BURST = 30.0  # and at once
MAX_DROPS = 200  # messages over the rate before the connection is closed


class Bucket:
    """A token bucket: ``RATE`` messages a second on average, ``BURST`` at once."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def nesting(body: bytes) -> int:
    """How deep the arrays and objects of a JSON text go (brackets inside strings not counted), without parsing
    it: a text too deep for the parser is refused before it is parsed."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def this_network(host: str | None) -> bool:
    """Whether a client's address is this computer's or the local network's (not a global, internet address)."""
    try:
        return host is not None and not ipaddress.ip_address(host.split("%")[0]).is_global
    except ValueError:
        return False


class Requests:
    """ASGI middleware: a request's size and nesting checked before the app reads it; with ``this_network`` only
    clients of this computer and the local network served."""

    def __init__(self, app: ASGIApp, *, max_body: int = MAX_BODY, this_network_only: bool = False) -> None:
        self.app, self.max_body, self.this_network_only = app, max_body, this_network_only

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if self.this_network_only and not this_network((scope.get("client") or (None, 0))[0]):
            if kind == "websocket":
                # the reason a code, as the 403's (the page never shows a close's reason: docs/protocol.md)
                await send({"type": "websocket.close", "code": 1008, "reason": "not_this_network"})
            else:
                await refuse(send, 403, "not_this_network")
            return
        if kind == "websocket":  # its frames are bounded by the server (ws_max_size) and each message by the protocol
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                await refuse(send, 400, "bad_length")
                return
            if int(length) > self.max_body:  # refused before a byte of the body is read
                await refuse(send, 413, "too_large", max=self.max_body, size=int(length))
                return
        elif headers.get(b"transfer-encoding") is None:  # no body
            await self.app(scope, receive, send)
            return
        # Read the body (at most max_body bytes: past that, refused at once), then hand it to the app.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await refuse(send, 413, "too_large_sent", max=self.max_body)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if b"json" in headers.get(b"content-type", b"") and nesting(body) > MAX_NESTING:
            await refuse(send, 400, "too_nested", max=MAX_NESTING)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def refuse(send: Send, status: int, code: str, **params: int) -> None:
    """A refusal as the API's errors are: ``{"error", "code", "params"}``; the connection is closed after it (a
    body left unread is never read)."""
    data = json.dumps({"error": web_words.text(code, params), "code": code, "params": params}).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
        (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": data})
