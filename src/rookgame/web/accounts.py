"""Players who are known on a server: profiles, passwords, sessions, and the ratings and results kept by profile.

A **profile** has a sign-in name (its handle, unique without regard to case) and a display name, and is
secured by a password hashed with argon2 (argon2-cffi, the reference implementation's binding; the hash is
a PHC string holding its own parameters, so a stronger default later rehashes at the next sign-in) and/or
passkeys (:mod:`.passkeys`).  The first profile made on a server is its **host**, who may add the family's
people without email: a profile with a password the host gives them, or a one-time **set-up link** that lets
the person choose their own.

A **session** is a random token in a secure (over HTTPS), HTTP-only, SameSite=Lax cookie; the store keeps
only its SHA-256, so a copy of the database signs nobody in.  Every state-changing request carries a CSRF
token (the ``X-CSRF-Token`` header) that must equal the HTTP-only ``rook_csrf`` cookie, which a page learns
only from ``GET /api/account`` (same-origin: no CORS); with a session, it must also be the one bound to the
session (its hash in the session's row).  Signing out deletes the session's row: its cookie, replayed, signs
nobody in.  Passwords and tokens are never logged, and never stored in clear.

**Ratings** (:mod:`rookgame.ratings`, OpenSkill's Plackett-Luce) live in ``rook_ratings`` per ladder (a rule
set) and player: ``p:ID`` a profile, ``bot:LEVEL`` a bot; a guest is rated by nobody.  Each finished game is
recorded once (``rook_results``, keyed by the game's code, with its players by seat and profile) in the same
transaction as the ratings it changes; a game in which a person's seat was handed to a bot (or a seat changed
hands after the start) is recorded as not counted and changes no rating.  A counted game is rated in the same
transaction in the other pools it belongs to (:attr:`Accounts.pools`: the club whose table it was,
:mod:`.clubs`), by the same rules (:func:`rate_pool`).  All of it is written in the transaction that marks the
game finished in the store (:meth:`.store.Store.set_finished` runs :meth:`Accounts.record_in`, a hook the server
registers): a game is marked finished with its rating or not at all, and one over but not marked (its process
killed after the last move, or the rating's write failed) is marked and rated together by the next to load it.
The result's row is the game's mark of being rated: a game marked finished without one (finished before the mark
and the rating were one transaction) is found by :meth:`Accounts.unrated` and rated from the store
(:meth:`Accounts.record_stored`) by the next one to start or sweep; one already recorded is skipped in the
rating's own transaction, so no game is rated twice.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Integer, LargeBinary, String, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..ratings import Rating, Ratings, rules_key
from ..rules import RuleSet
from ..table import Bot
from ..words import accounts as account_words
from .lobby import Lobby
from .names import person_name
from .protocol import Refusal
from .store import Base, Store, TableRow

SESSION_COOKIE = "rook_session"
CSRF_COOKIE = "rook_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_DAYS = 30
LINK_DAYS = 7
MIN_PASSWORD = 8
MAX_PASSWORD = 256  # characters: a passphrase fits; argon2 takes any length, but a request stays small
HANDLE = re.compile(r"^[\w.-]{2,40}$")
MAX_TRIES = 10  # failed sign-ins of one handle in TRY_WINDOW seconds, then it waits
TRY_WINDOW = 15 * 60.0


class AccountRefusal(Refusal):
    """A refused account request, with its HTTP status (400 the request's fault, 401 not signed in, 403 not
    allowed or no CSRF token, 429 too many tries)."""

    def __init__(self, code: str, /, status: int = 400, **params: Any) -> None:
        super().__init__(code, **params)
        self.status = status

    def __str__(self) -> str:
        return account_words.text(self.code, self.params)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


# ---------------------------------------------------------------------- the rows
class PlayerRow(Base):
    __tablename__ = "rook_players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    handle: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(20))
    password: Mapped[str | None] = mapped_column(String(255), nullable=True)
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TokenColumns:
    """A row found by a token someone holds (a session's cookie, a link's): the token's SHA-256, never the token,
    and when it runs out (:func:`live_row`)."""

    token: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(TokenColumns, Base):
    __tablename__ = "rook_sessions"
    player_id: Mapped[int] = mapped_column(ForeignKey("rook_players.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LinkRow(TokenColumns, Base):
    __tablename__ = "rook_player_links"
    player_id: Mapped[int] = mapped_column(ForeignKey("rook_players.id", ondelete="CASCADE"))


class PasskeyRow(Base):
    __tablename__ = "rook_passkeys"
    id: Mapped[str] = mapped_column(String(255), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("rook_players.id", ondelete="CASCADE"), index=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingColumns:
    """A player's rating in a pool (:func:`rate_pool`): per ladder (a rule set) and player ("p:ID", "bot:LEVEL")."""

    ladder: Mapped[str] = mapped_column(String(40), primary_key=True)
    player: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatingRow(RatingColumns, Base):
    __tablename__ = "rook_ratings"


class ResultRow(Base):
    __tablename__ = "rook_results"
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    ladder: Mapped[str] = mapped_column(String(40), index=True)
    counted: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str | None] = mapped_column(String(40), nullable=True)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    finished: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ResultPlayerRow(Base):
    __tablename__ = "rook_result_players"
    game: Mapped[str] = mapped_column(ForeignKey("rook_results.game", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(40))
    profile_id: Mapped[int | None] = mapped_column(ForeignKey("rook_players.id", ondelete="SET NULL"),
                                                   nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(40))
    side: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma: Mapped[float | None] = mapped_column(Float, nullable=True)


# ---------------------------------------------------------------------- what the rest of the server sees
@dataclass(frozen=True)
class Player:
    """A profile: ``id``, sign-in ``handle``, display ``name``, whether it is the server's ``host``."""

    id: int
    handle: str
    name: str
    host: bool = False

    @property
    def key(self) -> str:
        """The profile as a rated player."""
        return f"p:{self.id}"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "handle": self.handle, "name": self.name, "host": self.host}


@dataclass(frozen=True)
class Signed:
    """A session just made: the player, the session's token (the cookie) and its CSRF token."""

    player: Player
    token: str
    csrf: str


@dataclass(frozen=True)
class Seated:
    """Who played a seat of a finished game: ``player`` ("p:ID", "bot:LEVEL", or "guest"), the profile's id, the
    name shown."""

    player: str
    profile: int | None
    name: str


def bot_key(level: str) -> str:
    return f"bot:{level}"


def seated_of(lobby: Lobby) -> list[Seated]:
    """Who plays each seat of a game by its lobby: a profile, a guest, or a bot by its level."""
    out = []
    for st in lobby.seats:
        person = lobby.people.get(st.person) if st.person else None
        if st.kind == "person" and person is not None:
            out.append(Seated("guest" if person.player is None else f"p:{person.player}", person.player, person.name))
        else:
            level = st.level or lobby.fill
            out.append(Seated(bot_key(level), None, level))
    return out


def _player(row: PlayerRow) -> Player:
    return Player(row.id, row.handle, row.name, bool(row.host))


def utc_now() -> datetime:
    return datetime.now(UTC)


def aware(when: datetime) -> datetime:
    return when if when.tzinfo else when.replace(tzinfo=UTC)  # SQLite keeps no zone


def add_token_row(s: Session, row_type: Callable[..., TokenColumns], days: int, **columns: Any) -> str:
    """A new link's random token (what the link carries); its row, with ``columns``, the token's hash and its end
    in ``days`` days, added to ``s``."""
    token = secrets.token_urlsafe(24)
    s.add(row_type(token=token_hash(token), expires=utc_now() + timedelta(days=days), **columns))
    return token


R = TypeVar("R", bound=TokenColumns)


def live_row(s: Session, row_type: type[R], token: str | None, *, lock: bool = False) -> R | None:
    """The row of ``token`` (found by its hash) while it has not run out; None for no token, one too long to be
    anyone's, an unknown one or one run out.  ``lock``: for update (a link used once)."""
    if not token or len(token) > 128:
        return None
    row = s.get(row_type, token_hash(token), with_for_update=lock)
    return None if row is None or aware(row.expires) <= utc_now() else row


def check_handle(handle: str) -> str:
    """A sign-in name, tidied and casefolded: letters, digits, '.', '_' and '-', 2 to 40 of them."""
    text = unicodedata.normalize("NFC", handle.strip()).casefold()
    if not HANDLE.match(text):
        raise AccountRefusal("handle_bad", min=2, max=40)
    return text


def check_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise AccountRefusal("password_short", min=MIN_PASSWORD)
    if len(password) > MAX_PASSWORD:
        raise AccountRefusal("password_long", max=MAX_PASSWORD)
    return password


class Accounts:
    """The profiles, sessions and ratings of one server, in its store's database.  Every method is a short
    transaction (run it on the server's database thread); :meth:`hash` and :meth:`verify` are argon2's slow work
    (run them off it: a sign-in must not hold up the tables' writes)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        self.hasher = PasswordHasher()  # RFC 9106's second recommended parameters: 64 MiB, 3 passes
        self._dummy: str | None = None  # a hash verified for an unknown handle: the same time as a known one
        self._tries: dict[str, list[float]] = {}
        self.pools: list[Pool] = []  # where a counted game is rated besides the server's ladder (its club's)

    # ------------------------------------------------------------------ argon2 (slow: off the database thread)
    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` hashes; an unknown handle (``stored`` None) costs the same."""
        if stored is None:
            if self._dummy is None:
                self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
            stored = self._dummy
            known = False
        else:
            known = True
        try:
            return self.hasher.verify(stored, password) and known
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        return self.hasher.check_needs_rehash(stored)

    # ------------------------------------------------------------------ failed tries
    def check_tries(self, handle: str) -> None:
        """A handle that failed :data:`MAX_TRIES` times in :data:`TRY_WINDOW` seconds waits (429)."""
        now = time.monotonic()
        tries = [t for t in self._tries.get(handle, []) if now - t < TRY_WINDOW]
        self._tries[handle] = tries
        if len(tries) >= MAX_TRIES:
            raise AccountRefusal("too_many_tries", status=429, minutes=int((TRY_WINDOW - (now - tries[0])) // 60) + 1)

    def failed(self, handle: str) -> None:
        self._tries.setdefault(handle, []).append(time.monotonic())

    # ------------------------------------------------------------------ profiles
    def create(self, handle: str, name: str, hashed: str | None, *, by: int | None = None) -> Player:
        """A new profile (``handle`` and ``name`` checked by the caller, ``hashed`` the password's argon2 hash).
        The first on the server is its host; ``by``: the host adding it (refused unless the host)."""
        with Session(self.engine) as s, s.begin():
            if by is not None:
                adder = s.get(PlayerRow, by)
                if adder is None or not adder.host:
                    raise AccountRefusal("only_server_host", status=403)
            first = s.scalar(select(PlayerRow.id).limit(1)) is None
            row = PlayerRow(handle=handle, name=name, password=hashed, host=first, created=utc_now())
            s.add(row)
            try:
                s.flush()
            except IntegrityError:
                raise AccountRefusal("handle_taken", handle=handle) from None
            return _player(row)

    def credentials(self, handle: str) -> tuple[Player, str | None] | None:
        """The profile signed in as ``handle`` and its password's hash, or None."""
        with Session(self.engine) as s:
            row = s.scalars(select(PlayerRow).where(PlayerRow.handle == handle)).one_or_none()
            return None if row is None else (_player(row), row.password)

    def set_password(self, player: int, hashed: str) -> None:
        with Session(self.engine) as s, s.begin():
            row = s.get(PlayerRow, player)
            if row is not None:
                row.password = hashed

    def player(self, player: int) -> Player | None:
        with Session(self.engine) as s:
            row = s.get(PlayerRow, player)
            return None if row is None else _player(row)

    def players(self) -> list[Player]:
        with Session(self.engine) as s:
            return [_player(r) for r in s.scalars(select(PlayerRow).order_by(PlayerRow.name, PlayerRow.id))]

    def names(self, keys: Sequence[str]) -> dict[str, str]:
        """The display names of rated players ("p:ID"); a bot's is its level."""
        ids = [int(k[2:]) for k in keys if k.startswith("p:") and k[2:].isdigit()]
        out = {k: k[4:] for k in keys if k.startswith("bot:")}
        if ids:
            with Session(self.engine) as s:
                for row in s.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids))):
                    out[f"p:{row.id}"] = row.name
        return out

    # ------------------------------------------------------------------ sessions
    def open_session(self, player: Player) -> Signed:
        """A new session for ``player``: its token and CSRF token (only their hashes are kept)."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        now = utc_now()
        with Session(self.engine) as s, s.begin():
            s.add(SessionRow(token=token_hash(token), player_id=player.id, csrf=token_hash(csrf), created=now,
                             expires=now + timedelta(days=SESSION_DAYS)))
        return Signed(player, token, csrf)

    def session(self, token: str | None) -> tuple[Player, str] | None:
        """The profile a session cookie signs in, and the hash of the session's CSRF token; None for no cookie,
        a session signed out or expired."""
        with Session(self.engine) as s:
            row = live_row(s, SessionRow, token)
            if row is None:
                return None
            player = s.get(PlayerRow, row.player_id)
            return None if player is None else (_player(player), row.csrf)

    def rebind_csrf(self, token: str, csrf: str) -> None:
        """The session's CSRF token is now ``csrf`` (its cookie was lost)."""
        with Session(self.engine) as s, s.begin():
            row = s.get(SessionRow, token_hash(token))
            if row is not None:
                row.csrf = token_hash(csrf)

    def close_session(self, token: str) -> None:
        """Sign out: the session is gone, and its cookie signs nobody in again."""
        with Session(self.engine) as s, s.begin():
            s.execute(delete(SessionRow).where(SessionRow.token == token_hash(token)))

    # ------------------------------------------------------------------ set-up links (the host adds people)
    def make_link(self, player: int) -> str:
        with Session(self.engine) as s, s.begin():
            return add_token_row(s, LinkRow, LINK_DAYS, player_id=player)

    def use_link(self, token: str, hashed: str) -> Player:
        """A set-up link used: the profile's password is set, the link gone (used once)."""
        with Session(self.engine) as s, s.begin():
            row = live_row(s, LinkRow, token, lock=True)
            if row is None:
                raise AccountRefusal("link_bad")
            player = s.get(PlayerRow, row.player_id)
            s.delete(row)
            if player is None:
                raise AccountRefusal("link_bad")
            player.password = hashed
            return _player(player)

    # ------------------------------------------------------------------ passkeys
    def add_passkey(self, player: int, credential: str, public_key: bytes, sign_count: int) -> None:
        with Session(self.engine) as s, s.begin():
            s.add(PasskeyRow(id=credential, player_id=player, public_key=public_key, sign_count=sign_count,
                             created=utc_now()))

    def passkey(self, credential: str) -> tuple[int, bytes, int] | None:
        with Session(self.engine) as s:
            row = s.get(PasskeyRow, credential)
            return None if row is None else (row.player_id, row.public_key, row.sign_count)

    def passkeys_of(self, player: int) -> list[str]:
        with Session(self.engine) as s:
            return list(s.scalars(select(PasskeyRow.id).where(PasskeyRow.player_id == player)))

    def passkey_used(self, credential: str, sign_count: int) -> None:
        with Session(self.engine) as s, s.begin():
            row = s.get(PasskeyRow, credential)
            if row is not None:
                row.sign_count = sign_count

    # ------------------------------------------------------------------ results and ratings
    def record_game(self, game: str, rules: RuleSet, seats: Sequence[Seated], totals: Sequence[int],
                    winner: int | None, *, handed: bool, finished: datetime | None = None) -> bool:
        """A finished game, once, in a transaction of its own (:meth:`record_in`).  False when it was already
        recorded.  ``finished``: when the game ended (a game rated late), else now."""
        try:
            with Session(self.engine) as s, s.begin():
                return self.record_in(s, game, rules, seats, totals, winner, handed=handed, finished=finished)
        except IntegrityError:  # another server recorded it (or a first rating) at the same moment
            with Session(self.engine) as s:
                if s.get(ResultRow, game) is not None:
                    return False
            raise

    def record_in(self, s: Session, game: str, rules: RuleSet, seats: Sequence[Seated], totals: Sequence[int],
                  winner: int | None, *, handed: bool, finished: datetime | None = None) -> bool:
        """A finished game, once, inside the caller's transaction ``s`` (the store's mark of the game finished:
        :meth:`Store.set_finished`): its players by seat, and (unless ``handed``: a seat changed hands after the
        start) the ratings it changes, the server's and its pools'.  False when it was already recorded."""
        ladder = rules_key(rules)
        # each guest is nobody anyone can be rated against: a name of their own that is never stored
        keys = [st.player if st.player != "guest" else f"guest:{n}" for n, st in enumerate(seats)]
        reason = "handed_over" if handed else "no_winner" if winner is None else None
        if s.get(ResultRow, game) is not None:
            return False
        result = ResultRow(game=game, ladder=ladder, counted=False, reason=reason, winner=winner,
                           finished=finished or utc_now())
        s.add(result)
        s.flush()  # another recorder of this game waits here (PostgreSQL), then finds it recorded

        def rate(row_type: type[Any], where: Mapping[str, Any]) -> dict[str, tuple[Rating, Rating]]:
            return rate_pool(s, row_type, where, rules, keys, totals, winner)

        changed = rate(RatingRow, {}) if reason is None else {}
        if reason is None and not changed:
            reason = "one_side"  # every player on both sides (a bot against itself): nobody learned
        result.counted, result.reason = reason is None, reason
        for n, (st, key) in enumerate(zip(seats, keys, strict=True)):
            after = changed.get(key, (None, None))[1] if not key.startswith("guest:") else None
            side = rules.side_of(n)
            s.add(ResultPlayerRow(game=game, seat=n, player=st.player, profile_id=st.profile,
                                  name=st.name[:40], side=side, total=totals[side],
                                  mu=None if after is None else after.mu,
                                  sigma=None if after is None else after.sigma))
        if reason is None:
            for pool in self.pools:  # the club whose table it was (rookgame.web.clubs) ...
                pool(s, game, rate)
        s.flush()  # a refusal of the database's (a first rating written at the same moment) is raised here
        return True

    def unrated(self) -> list[str]:
        """The games marked finished in the store whose result was never recorded (finished before the mark and the
        rating were one transaction: their process died between the two), in the order they finished."""
        with Session(self.engine) as s:
            return list(s.scalars(select(TableRow.code).outerjoin(ResultRow, ResultRow.game == TableRow.code)
                                  .where(TableRow.finished.is_not(None), ResultRow.game.is_(None))
                                  .order_by(TableRow.finished, TableRow.id)))

    def record_stored(self, game: str) -> bool:
        """:meth:`record_game` for a game over in the store, as the store keeps it: its log replayed with the
        seats its lobby says, its players by that lobby.  False when already recorded or not over."""
        st = self.store.stored(game)
        lobby = Lobby.from_json(st.lobby, st.rules.players)
        if lobby.started:
            seats, table = seated_of(lobby), self.store.load(game, lobby.table_seats())
        else:  # a game from before its lobby was kept: its players as its seats say, a person as a guest
            seats = [Seated(bot_key(x.name), None, x.name) if isinstance(x, Bot) else Seated("guest", None, x.name)
                     for x in st.seats]
            table = self.store.load(game)
        if not table.is_over:
            return False
        m = table.match
        return self.record_game(game, st.rules, seats, list(m.totals), m.winner, handed=lobby.handed,
                                finished=st.finished)

    def result(self, game: str) -> dict[str, Any] | None:
        """A recorded game: whether it counted (and why not), its players and their ratings after it."""
        with Session(self.engine) as s:
            row = s.get(ResultRow, game)
            if row is None:
                return None
            seats = s.scalars(select(ResultPlayerRow).where(ResultPlayerRow.game == game)
                              .order_by(ResultPlayerRow.seat)).all()
            return {"game": row.game, "ladder": row.ladder, "counted": row.counted, "reason": row.reason,
                    "winner": row.winner,
                    "seats": [{"seat": p.seat, "player": p.player, "profile": p.profile_id, "name": p.name,
                               "side": p.side, "total": p.total,
                               "rating": None if p.mu is None or p.sigma is None else _rating_json(p.mu, p.sigma)}
                              for p in seats]}

    def ladders(self) -> list[dict[str, Any]]:
        """Every ladder with a rated player, with how many games were counted on it."""
        with Session(self.engine) as s:
            counts: dict[str, int] = {}
            for row in s.execute(select(ResultRow.ladder, ResultRow.counted)):
                if row.counted:
                    counts[row.ladder] = counts.get(row.ladder, 0) + 1
            ladders = sorted(set(s.scalars(select(RatingRow.ladder))))
        return [{"ladder": lad, "games": counts.get(lad, 0)} for lad in ladders]

    def leaderboard(self, ladder: str, only: set[str] | None = None, limit: int = 200) -> list[dict[str, Any]]:
        """The server's ladder, its rated players best first (the rating shown, mu - 3 sigma), profiles and bots;
        ``only``: these players' keys and the bots."""
        with Session(self.engine) as s:
            rows = [Rated(r.player, r.mu, r.sigma, r.games)
                    for r in s.scalars(select(RatingRow).where(RatingRow.ladder == ladder))]
        return self.board(rows, only, limit)

    def board(self, rows: Sequence[Rated], only: set[str] | None = None, limit: int = 200) -> list[dict[str, Any]]:
        """A pool's ratings as a leaderboard, best first, with their names; ``only``: these players' keys (a club's
        members) and the bots."""
        if only is not None:
            rows = [r for r in rows if r.player in only or r.player.startswith("bot:")]
        names = self.names([r.player for r in rows])
        out: list[dict[str, Any]] = [{"player": r.player, "kind": "bot" if r.player.startswith("bot:") else "person",
                "profile": int(r.player[2:]) if r.player.startswith("p:") else None,
                "name": names.get(r.player, r.player), "games": r.games, **_rating_json(r.mu, r.sigma)}
               for r in rows if r.player in names]
        out.sort(key=lambda d: (-d["shown"], d["name"]))
        return out[:limit]

    def profile(self, player: int) -> dict[str, Any] | None:
        """A profile's page: its ratings per ladder, and its games (newest first) with what each did."""
        who = self.player(player)
        if who is None:
            return None
        with Session(self.engine) as s:
            ratings = [{"ladder": r.ladder, "games": r.games, **_rating_json(r.mu, r.sigma)}
                       for r in s.scalars(select(RatingRow).where(RatingRow.player == who.key)
                                          .order_by(RatingRow.ladder))]
            played = s.execute(select(ResultPlayerRow, ResultRow)
                               .join(ResultRow, ResultRow.game == ResultPlayerRow.game)
                               .where(ResultPlayerRow.profile_id == player)
                               .order_by(ResultRow.finished.desc(), ResultRow.game)).all()
            games = []
            for seat, result in played:
                games.append({"game": result.game, "ladder": result.ladder, "seat": seat.seat, "side": seat.side,
                              "won": result.winner == seat.side, "total": seat.total, "counted": result.counted,
                              "reason": result.reason,
                              "finished": aware(result.finished).isoformat(timespec="seconds")})
        won = sum(1 for g in games if g["won"])
        return {**who.to_json(), "ratings": ratings, "games": games,
                "stats": {"games": len(games), "won": won, "counted": sum(1 for g in games if g["counted"])}}


@dataclass(frozen=True)
class Rated:
    """One player's rating in a pool (the server's, a club's), as a leaderboard reads it."""

    player: str
    mu: float
    sigma: float
    games: int


# A pool besides the server's that a counted game is rated in, in the game's own transaction: called with the
# session, the game's code, and ``rate(row_type, where)``, which rates the game in the pool of ``row_type`` rows
# (columns ladder, player, mu, sigma, games, and ``where``'s) and says who changed (rookgame.web.clubs).
RatePool = Callable[[type[Any], Mapping[str, Any]], dict[str, tuple[Rating, Rating]]]
Pool = Callable[[Session, str, RatePool], None]


def rate_pool(s: Session, row_type: type[Any], where: Mapping[str, Any], rules: RuleSet, keys: Sequence[str],
              totals: Sequence[int], winner: int | None) -> dict[str, tuple[Rating, Rating]]:
    """A counted game rated in one pool, inside the caller's transaction: the pool's rows of its players (locked)
    read, rated as :meth:`rookgame.ratings.Ratings.rate_game` does, and written back; each changed player's
    rating before and after.  ``keys``: the players by seat ("guest:N" a guest, rated as a newcomer, not kept)."""
    ladder = rules_key(rules)
    stored = {k for k in keys if not k.startswith("guest:")}
    rows = {r.player: r for r in s.scalars(select(row_type).filter_by(ladder=ladder, **where)
                                           .where(row_type.player.in_(stored)).with_for_update())}
    model = Ratings()
    for key, row in rows.items():
        model.table[(ladder, key)] = Rating(row.mu, row.sigma, row.games)
    changed = model.rate_game(rules, keys, totals, winner)
    for key, (_, after) in changed.items():
        if key not in stored:
            continue
        had = rows.get(key)
        if had is None:
            s.add(row_type(ladder=ladder, player=key, mu=after.mu, sigma=after.sigma, games=after.games, **where))
        else:
            had.mu, had.sigma, had.games = after.mu, after.sigma, after.games
    return changed


def _rating_json(mu: float, sigma: float) -> dict[str, float]:
    """A rating as the pages show it: ``shown`` (mu - 3 sigma, what the player is at least, almost surely), the
    mean and the uncertainty, rounded for people."""
    return {"mu": round(mu, 2), "sigma": round(sigma, 2), "shown": round(mu - 3 * sigma, 2)}


def check_person_name(name: str) -> str:
    """A display name: as a person's name at a table (:func:`rookgame.web.names.person_name`)."""
    return person_name(name)
