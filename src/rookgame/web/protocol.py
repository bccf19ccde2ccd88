"""The wire protocol of a Rook table, version 1: typed messages, their JSON Schema, a checked parser.

A client sends intents (``join``, ``sit``, ``act`` ...); the server checks them with the engine
through the :class:`~rookgame.table.Table` and answers with what that seat may know: its view,
the table's events as that seat may know them, and a refusal with the engine's reason.  Every
message is one JSON object with a ``type``; the client's first, ``join``, carries the protocol
version ``v``.  docs/protocol.md describes each message; :func:`schema` is the JSON Schema the
tests validate every message against.

:func:`parse_client` turns text off the wire into a message or raises :class:`ProtocolError`
saying what was wrong and what is allowed: too long, not JSON, nested too deep, not an
object, an unknown type, a missing or mistyped field, an extra field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .. import actions as A
from ..cards import card_str
from ..rules import NestStep
from ..state import IllegalAction
from ..view import View, points_taken, winning_so_far
from ..words import web as web_words
from ..words.catalog import Param as Fact
from ..words.catalog import kind_of, show

VERSION = 2  # 2: choices, calls and refusals typed (kind, card, value; code, params); the pad's trump a number
MAX_MESSAGE = 4096  # bytes: the longest intent is a join with a name and a token
MAX_DEPTH = 8  # nesting of a client message: its fields are flat


class Refusal(Exception):
    """An intent that is not carried out, and why: a ``code`` and its ``params`` (it goes to the client as
    ``refused``); ``str()`` is its sentence (:mod:`rookgame.words.refusals`)."""

    def __init__(self, code: str, /, **params: Fact) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Fact] = params

    def __str__(self) -> str:
        return web_words.text(self.code, self.params)


class NoTable(Refusal):
    """No table by that code on this server."""


class Unavailable(Refusal):
    """Not done because the server cannot do it now (its database is away): the same intent may work later."""


class Elsewhere(Refusal):
    """A table that another server process plays (it holds the table's lease)."""


class Forbidden(Refusal):
    """Refused because of who asks: a tournament director's control asked by anyone else (HTTP 403)."""


class ProtocolError(Refusal, ValueError):
    """A message from the wire that is not one of the protocol's; the text says why."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# ---------------------------------------------------------------------- client -> server: intents
class Join(_Message):
    """Come to a table: as a spectator, or back to one's seat with its token."""

    type: Literal["join"] = "join"
    v: int = VERSION
    table: Annotated[str, Field(min_length=1, max_length=32)]
    token: Annotated[str, Field(min_length=1, max_length=128)] | None = None


class Sit(_Message):
    """Take an open seat under a name."""

    type: Literal["sit"] = "sit"
    seat: Annotated[int, Field(ge=0, le=7)]
    name: Annotated[str, Field(min_length=1, max_length=20)]


class Stand(_Message):
    type: Literal["stand"] = "stand"


class Swap(_Message):
    """The host swaps two seats (their people or bots) before the game starts."""

    type: Literal["swap"] = "swap"
    a: Annotated[int, Field(ge=0, le=7)]
    b: Annotated[int, Field(ge=0, le=7)]


class Start(_Message):
    """The host starts the game; empty seats are filled by bots."""

    type: Literal["start"] = "start"


class SeatBot(_Message):
    """The host hands ``seat`` to a bot of ``level``, or gives it back to its person (``level`` null)."""

    type: Literal["bot"] = "bot"
    seat: Annotated[int, Field(ge=0, le=7)]
    level: Annotated[str, Field(min_length=1, max_length=20)] | None = None


class Act(_Message):
    """Take an action of the fixed action space (a bid, a card, trump ...); the server checks it."""

    type: Literal["act"] = "act"
    action: Annotated[int, Field(ge=0, lt=A.NUM_ACTIONS)]


class Bury(_Message):
    """The bidder buries the cards chosen, all at once (``actions``: a burial of each, ``bury`` choices); the
    server buries them in an order the rules allow, or refuses them all, changing nothing."""

    type: Literal["bury"] = "bury"
    actions: Annotated[list[Annotated[int, Field(ge=0, lt=A.NUM_ACTIONS)]], Field(min_length=1, max_length=16)]


class Rematch(_Message):
    """At the game's end: play again at the same table, its code, its people and their seats kept."""

    type: Literal["rematch"] = "rematch"


class AskHint(_Message):
    type: Literal["hint"] = "hint"


class Ping(_Message):
    type: Literal["ping"] = "ping"


class Say(_Message):
    """Say something at the table (:mod:`.chat`): typed ``text``, or a quick ``phrase`` by its code (each reader
    reads it in their own language); one of the two."""

    type: Literal["say"] = "say"
    text: Annotated[str, Field(min_length=1, max_length=400)] | None = None
    phrase: Annotated[str, Field(min_length=1, max_length=24)] | None = None


class Mute(_Message):
    """The host mutes the person at ``seat`` (or with ``seat`` null, the spectators), or lets them talk again."""

    type: Literal["mute"] = "mute"
    seat: Annotated[int, Field(ge=0, le=7)] | None = None
    on: bool = True


Intent = Join | Sit | Stand | Swap | Start | SeatBot | Act | Bury | Rematch | AskHint | Ping | Say | Mute
ClientMessage = Annotated[Intent, Field(discriminator="type")]


# ---------------------------------------------------------------------- server -> client
class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    v: int = VERSION
    table: str
    seat: int | None  # None: a spectator
    token: str | None  # the seat's token, for this player alone: it brings them back to the seat
    host: bool


class SeatInfo(_Message):
    seat: int
    kind: Literal["open", "person", "bot"]
    name: str | None  # the person's name, or the bot's level
    connected: bool  # a person with a connection open now (a bot: always)
    away: str | None = None  # the person whose seat a bot holds for now (the host gave it back later)
    free: bool = False  # a bot seat a newcomer may take once the game has started
    profile: int | None = None  # the person's profile on this server (/players/ID), signed in; None: a guest


class Lobby(_Message):
    """Who sits where, and the table's rules; sent to everyone at the table after every change."""

    type: Literal["lobby"] = "lobby"
    code: str
    name: str
    rules: str  # the rule set's label
    preset: str
    players: int
    goal: int
    mode: str  # partners / individual / call-partner
    low_call: bool  # the bidder calls high or low (rules option low)
    bird_call: bool  # the bidder calls the Bird high or low (bird_rank "called")
    fill: str  # the bot that takes the seats still open at the start, and those left
    seats: list[SeatInfo]
    spectators: int
    started: bool
    over: bool
    winner: int | None  # the winning side once the game is over
    counters: dict[str, int] = {}  # the deck's cards that count, and their points (the burial's warning)
    game: str = ""  # the game being played here: its code in the history ("ABCDEF", then "ABCDEF-2" ...)


Kind = Literal["play", "bury", "partner", "pass", "redeal", "trump", "no_trump", "high", "low", "bird_high",
               "bird_low", "no_more_partners", "bid"]
Param = int | str | list[str] | list[int]  # a refusal's facts: seats, colours, counts as ints, cards as text


class Choice(_Message):
    """An action as data: its ``kind``, the ``card`` it plays, buries or calls, the ``value`` it bids or the
    colour it names (0-3 of ``BRYG``); ``label`` is its notation ("bid 85"), for scripts and logs."""

    action: int
    kind: Kind
    card: str | None
    value: int | None
    label: str


class Call(_Message):
    """A call of the auction: who, and what (``value``: the bid)."""

    seat: int
    kind: Literal["bid", "pass", "redeal"]
    value: int | None


class PadRow(_Message):
    """One finished hand on the score pad: public once the hand is over."""

    hand: int
    bidder: int  # -1: thrown in
    bid: int
    trump: int  # -2 thrown in (none named), -1 no trump, 0-3 the colour of BRYG
    made: bool
    points: list[int]  # taken per side, nest and bonuses included
    score: list[int]  # what the hand added per side
    totals: list[int]  # after the hand


class ViewMessage(_Message):
    """A seat's :class:`~rookgame.view.View` on the wire: cards as text, actions with their names.

    ``seat`` is -1 for a spectator, whose view holds only what the whole table sees."""

    seat: int
    phase: str
    dealer: int
    to_act: int
    legal: list[Choice]
    hand: list[str]
    hand_sizes: list[int]
    auction: list[Call]
    bidder: int
    bid: int
    step: str
    nest: list[str] | None
    buried: list[str] | None
    shown_buried: list[str]  # buried trumps shown to the table (show_buried_trump), once the play starts
    to_bury: int  # cards the bidder has still to lay aside (0 outside the burial)
    trump: int
    low: bool  # the bidder called low (ranks run backwards), where the rules have the call
    bird_high: bool  # the Bird called high, where the rules have the call
    nest_points: bool | None  # the bidder's word whether the buried cards hold points, where the rules have it
    partner_cards: list[str]
    known_partners: list[int]
    tricks: list[tuple[int, list[str], int]]  # the taken tricks this seat may look back at (rules.review)
    last: tuple[int, list[str], int] | None  # the trick just taken, still on the table until the next lead
    trick_count: int  # tricks taken so far this hand
    trick: list[str]
    leader: int
    winning: int  # the seat winning the trick on the table so far, -1 with no card played
    won: list[int]
    taken: list[int]  # counter points in the tricks each side has taken this hand (public)
    totals: list[int]
    sides: list[list[int]]  # the seats of each side (a call-partner side: as this seat knows it)
    hand_number: int
    pad: list[PadRow]
    over: bool
    winner: int | None


class ViewUpdate(_Message):
    type: Literal["view"] = "view"
    view: ViewMessage


class Event(_Message):
    """One event of the table's log as this seat may know it (``rookgame.log.operation_json``)."""

    type: Literal["event"] = "event"
    n: int  # the event's number in this seat's stream, from 0
    event: dict[str, Any]


class Refused(_Message):
    """An intent the server did not carry out, and why; nothing changed.  A page tells ``code`` and ``params``
    to its person in its words (``/api/words``); ``reason`` is the sentence as the server tells it to this
    client's person (seats by the page's names, "you" for their own, places counted from 1), for logs and
    scripts."""

    type: Literal["refused"] = "refused"
    code: str
    params: dict[str, Param]
    reason: str


class HintChoice(Choice):
    points: float | None  # expected points for the seat's side; None: ranked, not valued (the heuristic's way)


class Hint(_Message):
    type: Literal["hint"] = "hint"
    choices: list[HintChoice]


class Pong(_Message):
    type: Literal["pong"] = "pong"


class Talk(_Message):
    """Something said at the table (:mod:`.chat`), numbered per game: on the ``table`` channel (the players',
    read by everyone there) or the ``spectators``' (read by them only).  ``text`` is as typed (show it as text,
    never as markup); a ``phrase`` is a code the page says in its reader's language."""

    type: Literal["talk"] = "talk"
    n: int
    channel: Literal["table", "spectators"]
    seat: int | None
    name: str
    profile: int | None
    text: str | None
    phrase: str | None
    at: str


class Info(_Message):
    """A word from the server that needs no answer: a bot took a seat, the table was restored ..."""

    type: Literal["info"] = "info"
    code: str
    params: dict[str, Param]
    text: str


class TournamentTable(_Message):
    """At a tournament's table (code ``EVENT-ROUND-TABLE``): where it is in the event, sent on joining and whenever
    that changes (a board dealt, the table done, the round over, a pause).  ``board``: the board in play (or the
    last played once ``done``), ``index`` of ``boards`` this round; ``next``: the table where this client's person
    plays now, when a new round has sent them elsewhere."""

    type: Literal["tournament"] = "tournament"
    event: str
    name: str
    round: int
    rounds: int
    table: int
    board: int | None
    index: int
    boards: int
    done: bool
    round_over: bool
    paused: bool
    next: str | None = None


ServerMessage = Annotated[Welcome | Lobby | ViewUpdate | Event | Refused | Hint | Pong | Info | TournamentTable
                          | Talk, Field(discriminator="type")]

_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_SERVER: TypeAdapter[Any] = TypeAdapter(ServerMessage)
_INTENTS = ("join", "sit", "stand", "swap", "start", "bot", "act", "bury", "rematch", "hint", "ping", "say", "mute")


# ---------------------------------------------------------------------- reading and writing
def parse_client(text: str | bytes) -> Intent:
    """One client message from the wire, checked; :class:`ProtocolError` says what was wrong."""
    size = len(text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text)
    if size > MAX_MESSAGE:
        raise ProtocolError("bad_size", max=MAX_MESSAGE, size=size)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:  # also text that is not UTF-8, and numbers of thousands of digits
        raise ProtocolError("not_json", error=type(e).__name__) from None
    if not isinstance(data, dict):
        raise ProtocolError("not_object")
    if _depth(data) > MAX_DEPTH:
        raise ProtocolError("too_deep")
    kind = data.get("type")
    if kind not in _INTENTS:
        raise ProtocolError("unknown_type", type=repr(str(kind)[:20]), allowed=", ".join(_INTENTS))
    if kind == "join" and data.get("v", VERSION) != VERSION:
        raise ProtocolError("bad_version", v=str(data.get("v"))[:10], served=VERSION)
    try:
        message: Intent = _CLIENT.validate_python(data)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "the message"
        raise ProtocolError("bad_field", type=kind, field=where, problem=str(first["msg"])) from None
    return message


def choice(action: int) -> Choice:
    """An action as a choice on the wire (:func:`rookgame.actions.kind_of`)."""
    kind, card, value = A.kind_of(action)
    return Choice(action=action, kind=cast(Kind, kind), card=None if card is None else card_str(card), value=value,
                  label=A.action_str(action))


def hint_choice(action: int, points: float | None) -> HintChoice:
    return HintChoice(**choice(action).model_dump(), points=None if points is None else round(points, 2))


def call(seat: int, action: int) -> Call:
    if action in (A.PASS, A.REDEAL):
        return Call(seat=seat, kind="pass" if action == A.PASS else "redeal", value=None)
    return Call(seat=seat, kind="bid", value=action - A.BID)


def refused(refusal: Refusal | IllegalAction, *, you: int | None = None,
            seat_name: Callable[[int], str] | None = None) -> Refused:
    """A refusal (the server's or the engine's) as the message that tells it; with ``seat_name`` its ``reason``
    is told as the page tells it to the person at ``you`` (their seat "you", places counted from 1), else it
    is the engine's sentence."""
    return Refused(code=refusal.code, params=wire_params(refusal.params), reason=said(refusal, you, seat_name))


def info(word: Refusal, *, you: int | None = None, seat_name: Callable[[int], str] | None = None) -> Info:
    """A word to a client that needs no answer (:func:`refused`'s ``you`` and ``seat_name``)."""
    return Info(code=word.code, params=wire_params(word.params), text=said(word, you, seat_name))


def said(refusal: Refusal | IllegalAction, you: int | None, seat_name: Callable[[int], str] | None) -> str:
    if seat_name is None:
        return str(refusal)
    return web_words.told(refusal.code, refusal.params, you=you, seat_name=seat_name)


def wire_params(params: dict[str, Fact]) -> dict[str, Param]:
    """A refusal's facts on the wire: a card as its text ("R14"), as everywhere in the protocol, an action as its
    notation ("bid 85")."""
    out: dict[str, Param] = {}
    for k, v in params.items():
        kind = kind_of(k)
        if kind == "card" and isinstance(v, int):
            out[k] = card_str(v)
        elif kind == "cards" and isinstance(v, (list, tuple)):
            out[k] = [card_str(c) for c in v]
        elif kind == "action" and isinstance(v, int):
            out[k] = show(k, v)
        else:
            out[k] = list(v) if isinstance(v, tuple) else v
    return out


def dump(message: _Message) -> str:
    """A message as the JSON text that goes on the wire."""
    return message.model_dump_json()


def schema() -> dict[str, Any]:
    """The JSON Schema of every message, client's and server's (docs/protocol.md)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"rook-table protocol, version {VERSION}",
        "oneOf": [{"$ref": "#/$defs/client"}, {"$ref": "#/$defs/server"}],
        "$defs": {"client": _CLIENT.json_schema(ref_template="#/$defs/client/$defs/{model}"),
                  "server": _SERVER.json_schema(ref_template="#/$defs/server/$defs/{model}")},
    }


def view_message(view: View, *, pad: Sequence[PadRow] = (), hand_number: int = 1, over: bool = False,
                 winner: int | None = None) -> ViewMessage:
    """A seat's view as a message: what that seat may see, and nothing else (``pad`` and the rest are public)."""
    rules = view.rules
    sides = [[s for s in range(rules.players) if rules.side_of(s) == side] for side in range(rules.num_sides)]
    taken = points_taken(view)
    leading = winning_so_far(view)
    last = None
    if view.tricks and not view.trick:
        lead, cards, w = view.tricks[-1]
        last = (lead, [card_str(c) for c in cards], w)
    return ViewMessage(
        seat=view.seat, phase=view.phase.name.lower(), dealer=view.dealer, to_act=view.to_act,
        legal=[choice(a) for a in view.legal],
        hand=[str(c) for c in view.hand], hand_sizes=list(view.hand_sizes),
        auction=[call(s, a) for s, a in view.auction], bidder=view.bidder, bid=view.bid,
        step=view.step or "", nest=None if view.nest is None else [str(c) for c in view.nest],
        buried=None if view.buried is None else [str(c) for c in view.buried],
        shown_buried=[card_str(c) for c in view.shown_buried],
        to_bury=rules.nest_size - view.buried_count if view.step == NestStep.BURY else 0, trump=view.trump,
        low=view.low, bird_high=view.bird_high, nest_points=view.nest_points,
        partner_cards=[card_str(c) for c in view.partner_cards], known_partners=list(view.known_partners),
        tricks=[(lead, [card_str(c) for c in cards], w) for lead, cards, w in view.reviewable], last=last,
        trick_count=len(view.tricks), trick=[card_str(c) for c in view.trick], leader=view.leader,
        winning=-1 if leading is None else leading[0], won=list(view.won), taken=taken, totals=list(view.totals),
        sides=sides, hand_number=hand_number, pad=list(pad), over=over, winner=winner,
    )


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level
