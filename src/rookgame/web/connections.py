"""One open connection (a seat's or a spectator's): its queue of messages out, its rate, whom it is.

A client that leaves ``MAX_QUEUE`` messages unread is let go rather than hold its table; the replay a
(re)join hears from the start of the game does not count against it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol

from . import protocol as P
from .limits import BURST, RATE, Bucket
from .lobby import Lobby, Person
from .names import token_hash

if TYPE_CHECKING:
    from .accounts import Player

MAX_QUEUE = 512  # messages waiting for one slow client before it is dropped (past a (re)join's replay)


class Place(Protocol):
    """Where a client is: a room (:class:`rookgame.web.rooms.Room`), seen only for its lobby and leaving it."""

    @property
    def lobby(self) -> Lobby: ...

    def leave(self, client: Client) -> None: ...


class Client:
    """One open connection (a seat's or a spectator's) and what it has been told."""

    def __init__(self, rate: float = RATE) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()  # bounded by send_text, not by the queue
        self.replaying = 0  # messages of a (re)join's replay still in the queue
        self.room: Place | None = None
        self.token: str | None = None
        self.key: str | None = None  # token_hash(token): the person's key in the lobby
        self.player: Player | None = None  # the profile this connection's session cookie signed in (None: a guest)
        self.heard = 0  # events sent, in this client's stream
        self.bucket = Bucket(rate, max(BURST, rate * 3))
        self.drops = 0
        self.hinting = False
        self.closed = False

    def send(self, message: P._Message) -> None:
        self.send_text(P.dump(message))

    def set_token(self, token: str | None) -> None:
        self.token = token
        self.key = None if token is None else token_hash(token)

    def send_text(self, text: str, *, replay: bool = False) -> None:
        """Queue ``text``; a client that has ``MAX_QUEUE`` messages unread is let go rather than hold
        the table.  ``replay``: part of the game's stream heard again on a (re)join, which may be long."""
        if self.closed:
            return
        if replay:
            self.replaying += 1
        elif self.queue.qsize() - self.replaying >= MAX_QUEUE:
            self.close()
            return
        self.queue.put_nowait(text)

    def taken(self) -> None:
        """The writer took one message off the queue (counted against the replay first: a close bound is enough)."""
        if self.replaying:
            self.replaying -= 1

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)  # after what is queued: the last word ("too many messages") goes out

    @property
    def person(self) -> Person | None:
        if self.room is None or self.key is None:
            return None
        return self.room.lobby.people.get(self.key)

    @property
    def seat(self) -> int | None:
        p = self.person
        return None if p is None else p.seat
