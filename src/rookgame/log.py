"""The operation log: a hand told as frozen, typed operations, each with its seat.

A hand keeps the actions applied to it (:attr:`Hand.history`, plain ints, so that search
stays fast); :func:`operations` reads that history back as the operations a person would
name: the deal (chance), each bid, pass and redeal call, the bidder taking the nest, each
buried card, trump and the calls, each card played, each trick won, the hand scored or
thrown in.  :func:`public_operations` is the same log as one seat may know it: another
seat's cards and burials are masked (``Bury(seat=2, card=None)``).  Records, replay,
saves, analysis and narration read a hand through these functions, and :func:`actions_of`
gives back the actions that rebuild it, so there is one walker of a game.

Every operation's repr pastes back as code (``Play(seat=1, card=Card('Y14'))``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, NamedTuple, get_args

from . import actions as A
from .cards import Card, CardSet
from .kernel import seat_of
from .state import Hand, Phase
from .visible import SPECTATOR, shown_buried, table_sees_nest, visible

CHANCE = -1  # the seat of the deal: nobody chooses it


class Action(int):
    """One action of the fixed action space as a typed value: ``Action('bid 85')`` or ``Action(341)``.

    Its repr pastes back as code, like ``chess.Move``; it is an int, so it goes wherever
    a legal action does."""

    def __new__(cls, value: int | str) -> Action:
        number = A.parse_action(value) if isinstance(value, str) else int(value)
        if isinstance(value, bool) or not A.is_action(number):
            raise A.ActionError(f"{value!r} is not an action number")
        return super().__new__(cls, number)

    def __str__(self) -> str:
        return A.action_str(self)

    def __repr__(self) -> str:
        return f"Action({A.action_str(self)!r})"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance deals the cards.  ``hands[s]`` is None and ``nest`` None where a seat may not see them."""

    dealer: int
    hands: tuple[CardSet | None, ...]
    nest: CardSet | None
    seat: int = CHANCE


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int


@dataclass(frozen=True, slots=True)
class Redeal:
    """A player with no counter calls for a redeal: the hand is thrown in."""

    seat: int


@dataclass(frozen=True, slots=True)
class WinBid:
    """The auction is over: ``seat`` plays for ``value`` (also when the dealer is stuck with the minimum)."""

    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class TakeNest:
    """The bidder takes the nest into hand; ``cards`` None for a seat that does not see it."""

    seat: int
    cards: CardSet | None


@dataclass(frozen=True, slots=True)
class Bury:
    """The bidder lays one card aside; ``card`` None for a seat that does not see it."""

    seat: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Trump is named: a colour 0..3, or -1 for no trump."""

    seat: int
    trump: int


@dataclass(frozen=True, slots=True)
class CallDirection:
    """The bidder calls the hand high or low (the ``low`` option)."""

    seat: int
    low: bool


@dataclass(frozen=True, slots=True)
class CallBird:
    """The bidder calls the Bird high or low (``bird_rank = "called"``)."""

    seat: int
    high: bool


@dataclass(frozen=True, slots=True)
class CallPartner:
    """The bidder calls a card; whoever holds it is the bidder's secret partner this hand."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class NoMorePartners:
    """The bidder calls no more cards (``partner_calls_min`` below ``partner_calls``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AnnounceNest:
    """Call-partner: the bidder says whether the buried cards hold points (the engine says it truly)."""

    seat: int
    points: bool


@dataclass(frozen=True, slots=True)
class ShowBuried:
    """The buried trumps are turned face up to the table as the card play starts (``show_buried_trump``);
    ``cards`` may be empty: then the table knows no trump was buried."""

    seat: int
    cards: CardSet


@dataclass(frozen=True, slots=True)
class StartPlay:
    """The declarations are made: the card play starts with ``trump`` (-1 none), ``seat`` to lead."""

    seat: int
    trump: int


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    """A trick is complete: ``seat`` won it with ``cards`` led by ``leader``, worth ``points``."""

    seat: int
    leader: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Scored:
    """The hand is scored: per side, the points taken and what they add to the totals."""

    points: tuple[int, ...]
    score: tuple[int, ...]
    made: bool
    seat: int = CHANCE


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Nobody bid, or a redeal was called: the hand scores nothing and is dealt again."""

    dealer: int
    seat: int = CHANCE


Operation = (Deal | Bid | Pass | Redeal | WinBid | TakeNest | Bury | NameTrump | CallDirection | CallBird | CallPartner
             | NoMorePartners | AnnounceNest | ShowBuried | StartPlay | Play | TrickWon | Scored | ThrownIn)


def _nest_operation(seat: int, action: int) -> Operation:
    if A.BURY <= action < A.PARTNER:
        return Bury(seat, Card(action - A.BURY))
    if A.PARTNER <= action < A.PASS:
        return CallPartner(seat, Card(action - A.PARTNER))
    if A.TRUMP <= action < A.NO_TRUMP:
        return NameTrump(seat, action - A.TRUMP)
    if action == A.NO_TRUMP:
        return NameTrump(seat, -1)
    if action in (A.HIGH, A.LOW):
        return CallDirection(seat, action == A.LOW)
    if action == A.NO_MORE_PARTNERS:
        return NoMorePartners(seat)
    return CallBird(seat, action == A.BIRD_HIGH)


def operations(hand: Hand) -> list[Operation]:
    """The whole log of ``hand`` so far, nothing masked (the record's view of it)."""
    ops: list[Operation] = []
    if hand.phase == Phase.DEAL:
        return ops
    r = hand.rules
    ops.append(Deal(hand.dealer, tuple(CardSet(h) for h in hand.dealt), CardSet(hand.nest)))
    for seat, action in hand.auction:
        if action == A.PASS:
            ops.append(Pass(seat))
        elif action == A.REDEAL:
            ops.append(Redeal(seat))
        else:
            ops.append(Bid(seat, action - A.BID))
    if hand.phase == Phase.THROWN_IN:
        ops.append(ThrownIn(hand.dealer))
        return ops
    if hand.bidder < 0:
        return ops
    bidder = hand.bidder
    ops.append(WinBid(bidder, hand.bid))
    played = sum(len(cards) for _, cards, _ in hand.tricks) + len(hand.trick)
    nest_actions = hand.history[len(hand.auction):len(hand.history) - played]
    pickup = r.pickup_step if r.nest_size else -1  # no nest, nothing to take
    for i, action in enumerate(nest_actions):
        if i == pickup:
            ops.append(TakeNest(bidder, CardSet(hand.nest)))
        ops.append(_nest_operation(bidder, action))
    if len(nest_actions) == pickup:  # the nest is taken right after the last declaration made so far
        ops.append(TakeNest(bidder, CardSet(hand.nest)))
    if hand.phase < Phase.PLAY:
        return ops
    if hand.nest_points is not None:
        ops.append(AnnounceNest(bidder, hand.nest_points))
    if r.show_buried_trump and hand.trump >= 0 and hand.buried:
        ops.append(ShowBuried(bidder, CardSet(shown_buried(hand))))
    first = hand.tricks[0][0] if hand.tricks else hand.leader
    ops.append(StartPlay(first, hand.trump))
    _card_play(hand, ops, 0)
    return ops


def operations_after(hand: Hand, before: list[Operation]) -> list[Operation]:
    """:func:`operations` of ``hand``, made from ``before``: its operations at an earlier point of its card play
    (the same hand, its history then a beginning of its history now).  The log of a hand in play only grows by
    its end (plays, tricks won, the score), so only the new end is made; ``before`` is left as it was."""
    if hand.phase < Phase.PLAY:
        return operations(hand)
    end = len(before) - 1 if before and isinstance(before[-1], Scored) else len(before)
    told = 0
    for i in range(end - 1, -1, -1):
        op = before[i]
        if isinstance(op, StartPlay):
            break
        told += isinstance(op, Play)
    else:
        return operations(hand)  # not yet in the card play then
    ops = before[:end]
    _card_play(hand, ops, told)
    return ops


def _card_play(hand: Hand, ops: list[Operation], told: int) -> None:
    """Append to ``ops`` the card play's operations from the ``told``-th card played on, and the score."""
    n = hand.n
    points = hand.points
    played = 0
    for leader, cards, winner in hand.tricks:
        if played + len(cards) > told:
            for i in range(max(0, told - played), len(cards)):
                ops.append(Play(seat_of(leader, i, n), Card(cards[i])))
            ops.append(TrickWon(winner, leader, tuple(Card(c) for c in cards), sum(points[c] for c in cards)))
        played += len(cards)
    for i in range(max(0, told - played), len(hand.trick)):
        ops.append(Play(seat_of(hand.leader, i, n), Card(hand.trick[i])))
    if hand.result is not None:
        ops.append(Scored(hand.result.points, hand.result.score, hand.result.made))


class Mask(NamedTuple):
    """How ``seat``'s log hides what it may not see now: the only things its public operations depend on, so
    that a log masked with an unchanged mask only grows (:meth:`rookgame.table.Table.events` keeps it)."""

    seat: int  # SPECTATOR for someone watching: no hand is shown in the deal
    table_nest: int | None  # the nest as the whole table learns it with the deal, or None
    sees_nest: bool  # the nest taken is shown
    sees_burial: bool  # the cards buried are shown


def mask_of(hand: Hand, seat: int | None) -> Mask:
    """What ``seat`` (None: a spectator) may see of ``hand``'s log now (:func:`rookgame.visible.visible`)."""
    sight = visible(hand, SPECTATOR if seat is None else seat)
    return Mask(sight.seat, hand.nest if table_sees_nest(hand) else None, sight.nest is not None,
                sight.buried is not None)


def masked(ops: Iterable[Operation], mask: Mask) -> list[Operation]:
    """``ops`` as the seat of ``mask`` may know them."""
    table_nest = None if mask.table_nest is None else CardSet(mask.table_nest)
    out: list[Operation] = []
    for op in ops:
        if isinstance(op, Deal):
            out.append(Deal(op.dealer, tuple(h if s == mask.seat else None for s, h in enumerate(op.hands)),
                            table_nest))
        elif isinstance(op, TakeNest) and not mask.sees_nest:
            out.append(TakeNest(op.seat, None))
        elif isinstance(op, Bury) and not mask.sees_burial:
            out.append(Bury(op.seat, None))
        else:
            out.append(op)
    return out


def public_operations(hand: Hand, seat: int | None) -> list[Operation]:
    """The log as ``seat`` may know it (:func:`rookgame.visible.visible`): its own cards, the nest if it took
    it or the table is shown it, its own burials.  ``seat=None`` is a spectator: what the whole table sees."""
    return masked(operations(hand), mask_of(hand, seat))


def action_of(op: Operation) -> int | None:
    """The action that makes ``op`` happen, or None for what follows by itself (the deal, a trick won)."""
    if isinstance(op, Bid):
        return A.BID + op.value
    if isinstance(op, Pass):
        return A.PASS
    if isinstance(op, Redeal):
        return A.REDEAL
    if isinstance(op, Bury):
        if op.card is None:
            raise ValueError(f"{op!r}: a masked burial cannot be applied")
        return A.BURY + op.card
    if isinstance(op, CallPartner):
        return A.PARTNER + op.card
    if isinstance(op, NameTrump):
        return A.NO_TRUMP if op.trump < 0 else A.TRUMP + op.trump
    if isinstance(op, CallDirection):
        return A.LOW if op.low else A.HIGH
    if isinstance(op, CallBird):
        return A.BIRD_HIGH if op.high else A.BIRD_LOW
    if isinstance(op, NoMorePartners):
        return A.NO_MORE_PARTNERS
    if isinstance(op, Play):
        return int(op.card)
    return None


def actions_of(ops: list[Operation]) -> list[tuple[int, int]]:
    """(seat, action) of every operation a seat chose, in order: what rebuilds the hand after its deal."""
    out = []
    for op in ops:
        action = action_of(op)
        if action is not None:
            out.append((op.seat, action))
    return out


# ---------------------------------------------------------------------- JSON
_KINDS: dict[str, type] = {k.__name__: k for k in get_args(Operation)}  # read off the one list of kinds


def operation_json(op: Operation) -> dict[str, Any]:
    """An operation as JSON: ``{"op": "Play", "seat": 2, "card": "Y14"}`` (cards as text, sets as lists)."""
    out: dict[str, Any] = {"op": type(op).__name__}
    for f in fields(op):
        out[f.name] = _json_value(getattr(op, f.name))
    return out


def _json_value(v: Any) -> Any:
    if isinstance(v, Card):
        return str(v)
    if isinstance(v, CardSet):
        return [str(c) for c in v]
    if isinstance(v, tuple):
        return [_json_value(x) for x in v]
    return v


def operation_from_json(data: dict[str, Any]) -> Operation:
    """The inverse of :func:`operation_json` (extra keys such as ``hand`` are ignored)."""
    kind = _KINDS.get(str(data.get("op")))
    if kind is None:
        raise ValueError(f"{data.get('op')!r} is not an operation; operations: {', '.join(_KINDS)}")
    values: dict[str, Any] = {}
    for f in fields(kind):
        if f.name not in data:
            continue
        v = data[f.name]
        if f.name == "card":
            v = None if v is None else Card(v)
        elif f.name in ("cards", "nest") and kind is not TrickWon:
            v = None if v is None else CardSet(" ".join(v))
        elif f.name == "cards":
            v = tuple(Card(c) for c in v)
        elif f.name == "hands":
            v = tuple(None if h is None else CardSet(" ".join(h)) for h in v)
        elif isinstance(v, list):
            v = tuple(v)
        values[f.name] = v
    op: Operation = kind(**values)
    return op
