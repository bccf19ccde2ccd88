"""What one seat may see: its own cards and what has been shown to the table.

A :class:`View` is the only thing a decision-maker (bot, screen, network client)
receives.  It is built from the state by :func:`view_of` and holds no reference
to the state, so nothing hidden can leak through it: not the other hands, not
the nest (except to the bidder who took it), not the buried cards (except to the
bidder who buried them), not who holds a called partner card until it is played.
"""

from __future__ import annotations

from typing import NamedTuple

from . import actions as A
from .cards import CardSet
from .kernel import seat_of, trick_points, winning_index
from .rules import NestStep, RuleSet
from .state import Hand, Phase
from .visible import SPECTATOR, Sight, reviewable, visible


class View(NamedTuple):
    """A tuple of plain values (built in about a microsecond: bots take one per decision)."""

    seat: int
    rules: RuleSet
    dealer: int
    phase: Phase
    to_act: int
    legal: tuple[int, ...]  # this seat's legal actions; empty when it is not its turn
    hand: CardSet
    hand_sizes: tuple[int, ...]  # cards left in each seat's hand
    auction: tuple[tuple[int, int], ...]  # (seat, action)
    high_bid: int
    high_bidder: int
    bidder: int
    bid: int
    step: NestStep | None  # the bidder's declaration now due, None outside the nest phase
    nest: CardSet | None  # the nest as dealt: the bidder once taken, everyone where the nest is shown
    buried: CardSet | None  # the bidder only
    buried_count: int
    shown_buried: CardSet  # buried trumps turned face up (show_buried_trump)
    trump: int  # -2 not named yet, -1 no trump, 0..3
    low: bool
    bird_high: bool
    partner_cards: tuple[int, ...]
    known_partners: tuple[int, ...]  # seats this seat knows are on the bidder's side
    nest_points: bool | None  # the bidder's announcement, where the rules have it
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner)
    trick: tuple[int, ...]
    leader: int
    won: tuple[int, ...]  # tricks won per seat
    totals: tuple[int, ...]  # the game's running totals per side before this hand
    played: CardSet = CardSet(0)  # every card played so far, the trick in progress included
    voids: tuple[int, ...] = ()  # per seat, the colours (bit k: colour k) it has shown void in
    history: tuple[int, ...] = ()  # every action of the hand so far; another seat's burials as HIDDEN_BURY

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat and bool(self.legal)

    @property
    def reviewable(self) -> tuple[tuple[int, tuple[int, ...], int], ...]:
        """The taken tricks a person at this seat may look back at (``rules.review``).

        ``tricks`` is what the seat saw fall, which a bot may remember; this is what a
        screen may show again once a trick is turned face down: nothing (seed 003), the
        last one, or all of them."""
        return reviewable(self.rules, self.tricks)


def winning_so_far(view: View) -> tuple[int, int] | None:
    """(seat, card) winning the trick on the table so far, or None with no card played (the engine's
    own resolution, on the rule set's play tables)."""
    if not view.trick or view.trump == -2:
        return None
    t = view.rules.play_tables(view.trump, view.low, view.bird_high)
    best = winning_index(t, view.trick)
    return seat_of(view.leader, best, view.rules.players), view.trick[best]


def points_taken(view: View) -> list[int]:
    """The counter points each side has taken in the tricks of this hand so far (the nest and the bonuses
    come at the end); public: every seat sees the tricks fall."""
    r = view.rules
    taken = [0] * r.num_sides
    for _, cards, winner in view.tricks:
        taken[r.side_of(winner)] += trick_points(r, cards)
    return taken


_cards = int.__new__  # CardSet(mask) without its parsing: the masks here are always ints
_bit_count = int.bit_count


def view_of(hand: Hand, seat: int, totals: tuple[int, ...] | list[int] = ()) -> View:
    """What ``seat`` may see of ``hand`` (:data:`~rookgame.visible.SPECTATOR`: someone watching), as
    :func:`rookgame.visible.visible` decides it."""
    sight = visible(hand, seat)
    return View._make((
        sight.seat, hand.rules, hand.dealer, hand.phase, hand.to_act,
        hand.legal_tuple() if seat == hand.to_act and seat >= 0 else (),
        _cards(CardSet, sight.hand),
        tuple(map(_bit_count, hand.hands)),
        tuple(hand.auction), hand.high_bid, hand.high_bidder, hand.bidder, hand.bid, hand.step_kind,
        None if sight.nest is None else _cards(CardSet, sight.nest),
        None if sight.buried is None else _cards(CardSet, sight.buried),
        len(hand.buried), _cards(CardSet, sight.shown_buried), hand.trump, hand.low, hand.bird_high,
        tuple(hand.partner_cards), sight.partners, hand.nest_points,
        tuple(hand.tricks), tuple(hand.trick), hand.leader, tuple(hand.won), tuple(totals),
        _cards(CardSet, hand.played), tuple(hand.voids),
        public_history(hand, sight),
    ))


def spectator_view(hand: Hand, totals: tuple[int, ...] | list[int] = ()) -> View:
    """What someone watching the table may see (``seat`` -1): no hand, no nest unless the rules
    show it, no burials, and a called partner only once the called card is played."""
    return view_of(hand, SPECTATOR, totals)


def public_history(hand: Hand, sight: Sight) -> tuple[int, ...]:
    """The hand's actions as the seat of ``sight`` saw them: burials it may not see masked."""
    history = tuple(hand.history)
    k = len(hand.buried)
    if not k or sight.buried is not None:
        return history
    # The burials are one run of the declarations, after the auction and the steps before them
    # (the partner calls, which may be cut short, always come after the burials).
    start = len(hand.auction) + hand.steps.index(NestStep.BURY)
    return history[:start] + _HIDDEN[k] + history[start + k:]


_HIDDEN = [(A.HIDDEN_BURY,) * k for k in range(64)]
