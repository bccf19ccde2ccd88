"""Table talk: what people say at a table, kept with its game.

Two channels: the **table** (everyone who sits or hosts there says it; everyone at the table, spectators included,
reads it) and the **spectators** (said and read by those watching only: nobody coaches a player from the rail).
A message is typed text (tidied: Unicode NFC, control and invisible characters removed, spaces folded, at most
:data:`MAX_TEXT` characters) or a quick phrase's code (:data:`rookgame.words.accounts.PHRASES`), which each
reader's page shows in their own language.  The wire and the store carry the text as data; a page shows it as
text, never as markup.

Each person may say :data:`BURST` things at once and one every :data:`EVERY` seconds after that (a bucket per
person, whatever their connections); more is refused (``talk_too_fast``).  The host may mute a person, or the
spectators as a whole; the mutes are kept in the lobby (so they outlive a restart).  Every message is appended to
``rook_talk`` under the game's code, numbered, in its own transaction, before anyone hears it; a joining client
hears the last :data:`HISTORY` messages of what it may read.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, Protocol, TypeVar

from sqlalchemy import DateTime, Integer, String, Text, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..words.accounts import PHRASES
from . import protocol as P
from .connections import Client
from .limits import Bucket
from .lobby import Lobby
from .protocol import Refusal
from .store import Base, Store, StoreError

T = TypeVar("T")


class _Hub(Protocol):
    """What the talk asks of a room's hub (:class:`.rooms.Hub`): the database, as every write of a table."""

    async def write(self, fn: Callable[..., T], *args: Any) -> T: ...

    async def db(self, fn: Callable[..., T], *args: Any) -> T: ...


class Room(Protocol):
    """What the talk reads and does at a table (:class:`.rooms.Room`, which imports this module: a protocol here
    instead of an import back keeps the modules without a cycle)."""

    code: str
    game: str
    lobby: Lobby
    clients: set[Client]
    db_away: bool

    @property
    def hub(self) -> _Hub: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    def _before(self) -> dict[str, Any]: ...

    async def _save_lobby(self, before: dict[str, Any]) -> None: ...

    def tell(self, word: Refusal) -> None: ...

MAX_TEXT = 200  # characters of one message
EVERY = 2.0  # seconds: one message per person this often, after a burst
BURST = 5
HISTORY = 50  # messages a joining client hears
JOIN_WAIT = 1.0  # seconds a join waits for the talk so far
SPECTATORS = "*spectators"  # the lobby's mute of the spectators as a whole

Channel = Literal["table", "spectators"]


class TalkRow(Base):
    __tablename__ = "rook_talk"
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel: Mapped[str] = mapped_column(String(12))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    profile_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str | None] = mapped_column(Text, nullable=True)
    phrase: Mapped[str | None] = mapped_column(String(24), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Said:
    n: int
    channel: Channel
    seat: int | None
    name: str
    profile: int | None
    text: str | None
    phrase: str | None
    at: datetime

    def message(self) -> P.Talk:
        at = self.at if self.at.tzinfo else self.at.replace(tzinfo=UTC)
        return P.Talk(n=self.n, channel=self.channel, seat=self.seat, name=self.name, profile=self.profile,
                      text=self.text, phrase=self.phrase, at=at.astimezone(UTC).isoformat(timespec="seconds"))


def tidy(text: str) -> str:
    """Typed text as it is kept and shown: NFC, no control or invisible characters, spaces folded; refused when
    nothing is left or it is too long."""
    kept = "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn") else " "
                   for ch in unicodedata.normalize("NFC", text))
    kept = " ".join(kept.split())
    if not any(ch.isalnum() or unicodedata.category(ch).startswith(("S", "P")) for ch in kept):
        raise Refusal("talk_empty")
    if len(kept) > MAX_TEXT:
        raise Refusal("talk_long", max=MAX_TEXT)
    return kept


class TalkStore:
    """The talk of every game, in the table store's database."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    def append(self, game: str, channel: Channel, seat: int | None, name: str, profile: int | None,
               text: str | None, phrase: str | None) -> Said:
        """One message, numbered after the game's last, in its own transaction (two servers cannot both write
        message ``n``: the later is numbered again)."""
        for _ in range(5):
            try:
                at = datetime.now(UTC)
                with Session(self.engine) as s, s.begin():
                    n = int(s.scalar(select(func.coalesce(func.max(TalkRow.n) + 1, 0))
                                     .where(TalkRow.game == game)) or 0)
                    s.add(TalkRow(game=game, n=n, channel=channel, seat=seat, name=name[:40], profile_id=profile,
                                  text=text, phrase=phrase, at=at))
                return Said(n, channel, seat, name, profile, text, phrase, at)
            except IntegrityError:
                continue
        raise StoreError(f"game {game}: the talk could not be numbered")  # pragma: no cover

    def recent(self, game: str, channels: tuple[Channel, ...], limit: int = HISTORY) -> list[Said]:
        with Session(self.engine) as s:
            rows = list(s.scalars(select(TalkRow).where(TalkRow.game == game, TalkRow.channel.in_(channels))
                                  .order_by(TalkRow.n.desc()).limit(limit)))
        return [Said(r.n, "spectators" if r.channel == "spectators" else "table", r.seat, r.name, r.profile_id,
                     r.text, r.phrase, r.at) for r in reversed(rows)]

    def all(self, game: str) -> list[dict[str, Any]]:
        """A game's whole talk, both channels, in order (kept with the game)."""
        return [s.message().model_dump() for s in self.recent(game, ("table", "spectators"), limit=1_000_000)]


def channel_of(client: Client) -> Channel:
    """A person at the table (seated, or its host) talks at the table; anyone else watching, among spectators."""
    return "table" if client.person is not None else "spectators"


def hears(client: Client, channel: Channel) -> bool:
    return channel == "table" or channel_of(client) == "spectators"


class TableTalk:
    """The talk of a hub's tables: the rate per person, the mutes, the store."""

    def __init__(self, store: Store) -> None:
        self.store = TalkStore(store)
        self._buckets: dict[tuple[str, str], Bucket] = {}

    def _bucket(self, room: Room, client: Client) -> Bucket:
        who = client.key or f"conn:{id(client)}"
        key = (room.code, who)
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) > 10_000:  # a long-running server forgets the oldest
                self._buckets.clear()
            bucket = self._buckets[key] = Bucket(1 / EVERY, BURST)
        return bucket

    async def talk(self, room: Room, client: Client, text: str | None, phrase: str | None) -> None:
        if (text is None) == (phrase is None):
            raise Refusal("talk_one")
        if phrase is not None and phrase not in PHRASES:
            raise Refusal("talk_phrase", phrase=phrase[:24], phrases=", ".join(PHRASES))
        kept = tidy(text) if text is not None else None
        channel = channel_of(client)
        person = client.person
        muted = room.lobby.muted
        if (person is not None and client.key in muted) or (person is None and SPECTATORS in muted):
            raise Refusal("talk_muted")
        if not self._bucket(room, client).take():
            raise Refusal("talk_too_fast", seconds=int(EVERY))
        name = person.name if person is not None else (client.player.name if client.player is not None else "")
        profile = person.player if person is not None else (client.player.id if client.player is not None else None)
        seat = person.seat if person is not None else None
        said = await room.hub.write(self.store.append, room.game, channel, seat, name, profile, kept, phrase)
        text_out = P.dump(said.message())
        for c in list(room.clients):
            if hears(c, channel):
                c.send_text(text_out)

    async def mute(self, room: Room, client: Client, seat: int | None, on: bool) -> None:
        """The host mutes (or lets talk again) the person at ``seat``, or with ``seat`` None the spectators."""
        host = client.person
        if host is None or not host.host:
            raise Refusal("only_host")
        if seat is None:
            key, name = SPECTATORS, None
        else:
            if not 0 <= seat < len(room.lobby.seats):
                raise Refusal("no_such_seat", place=seat, first_place=0, last_place=len(room.lobby.seats) - 1)
            st = room.lobby.seats[seat]
            person = room.lobby.people.get(st.person) if st.person else None
            if person is None or st.person is None:
                raise Refusal("mute_nobody", place=seat)
            if person is host:
                raise Refusal("mute_self")
            key, name = st.person, person.name
        async with room.lock:
            before = room._before()
            muted = set(room.lobby.muted)
            if on:
                muted.add(key)
            else:
                muted.discard(key)
            room.lobby.muted = sorted(muted)
            await room._save_lobby(before)
        if name is None:
            room.tell(Refusal("spectators_muted" if on else "spectators_unmuted"))
        else:
            place = seat if seat is not None else 0
            room.tell(Refusal("talk_muted_seat" if on else "talk_unmuted_seat", name=name, place=place))

    async def joined(self, room: Room, client: Client) -> None:
        """A client that joins hears the last messages of what it may read."""
        channels: tuple[Channel, ...] = ("table",) if channel_of(client) == "table" else ("table", "spectators")
        if room.db_away:  # the database away: a join is answered without the talk so far
            return
        try:
            said = await asyncio.wait_for(room.hub.db(self.store.recent, room.game, channels), JOIN_WAIT)
        except Exception:  # the database away or slow: the talk so far is not worth holding the join for
            return
        for s in said:
            client.send(s.message())
