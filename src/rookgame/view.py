"""What one seat may see: its own cards and what has been shown to the table.

A :class:`View` is the only thing a decision-maker (bot, screen, network client)
receives.  It is built from the state by :func:`view_of` and holds no reference
to the state, so nothing hidden can leak through it: not the other hands, not
the nest (except to the bidder who took it), not the buried cards (except to the
bidder who buried them), not who holds a called partner card until it is played.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from . import actions as A
from .cards import CardSet, mask_of
from .kernel import seat_of
from .rules import RuleSet
from .state import Hand, Phase


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
    step: str  # the bidder's current declaration ("bury", "trump", ...), "" outside the nest phase
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
        review = self.rules.review
        if review == "all":
            return self.tricks
        return self.tricks[-1:] if review == "last" else ()


_cards = int.__new__  # CardSet(mask) without its parsing: the masks here are always ints
_bit_count = int.bit_count


def view_of(hand: Hand, seat: int, totals: tuple[int, ...] | list[int] = ()) -> View:
    phase = hand.phase
    bidder = hand.bidder
    is_bidder = seat == bidder and phase >= Phase.NEST and phase != Phase.THROWN_IN
    rules = hand.rules
    if phase == Phase.PLAY:
        nest_seen = is_bidder or rules.nest_shown
    else:
        nest_seen = (is_bidder and hand.nest_taken()) or (
            rules.nest_shown and bidder >= 0 and phase != Phase.THROWN_IN)
    buried = hand.buried
    shown = 0
    if rules.show_buried_trump and phase >= Phase.PLAY and hand.tables is not None and hand.trump >= 0:
        shown = mask_of(buried) & hand.tables.suit_mask[hand.trump]
    return View._make((
        seat, rules, hand.dealer, phase, hand.to_act,
        hand.legal_tuple() if seat == hand.to_act else (),
        _cards(CardSet, hand.hands[seat]),
        tuple(map(_bit_count, hand.hands)),
        tuple(hand.auction), hand.high_bid, hand.high_bidder, bidder, hand.bid, hand.step_kind,
        _cards(CardSet, hand.nest) if nest_seen else None,
        _cards(CardSet, mask_of(buried)) if is_bidder else None,
        len(buried), _cards(CardSet, shown), hand.trump, hand.low, hand.bird_high,
        tuple(hand.partner_cards), known_partners(hand, seat), hand.nest_points,
        tuple(hand.tricks), tuple(hand.trick), hand.leader, tuple(hand.won), tuple(totals),
        _cards(CardSet, hand.played), tuple(hand.voids),
        public_history(hand, seat),
    ))


def spectator_view(hand: Hand, totals: tuple[int, ...] | list[int] = ()) -> View:
    """What someone watching the table may see (``seat`` -1): no hand, no nest unless the rules
    show it, no burials, and a called partner only once the called card is played."""
    seen = view_of(hand, hand.bidder if hand.bidder >= 0 else 0, totals)
    rules = hand.rules
    nest_shown = rules.nest_shown and hand.bidder >= 0 and hand.phase != Phase.THROWN_IN
    return seen._replace(seat=-1, legal=(), hand=CardSet(0), nest=seen.nest if nest_shown else None, buried=None,
                   known_partners=known_partners(hand, -1), history=public_history(hand, -1))


def public_history(hand: Hand, seat: int) -> tuple[int, ...]:
    """The hand's actions as ``seat`` saw them: the bidder's buried cards masked for everyone else."""
    history = tuple(hand.history)
    k = len(hand.buried)
    if not k or seat == hand.bidder:
        return history
    # The burials are one run of the declarations, after the auction and the steps before them
    # (the partner calls, which may be cut short, always come after the burials).
    start = len(hand.auction) + hand.steps.index("bury")
    return history[:start] + _HIDDEN[k] + history[start + k:]


_HIDDEN = [(A.HIDDEN_BURY,) * k for k in range(64)]


def known_partners(hand: Hand, seat: int) -> tuple[int, ...]:
    """Seats that ``seat`` knows to be on the bidder's side."""
    if hand.bidder < 0 or hand.phase == Phase.THROWN_IN:
        return ()
    mode = hand.rules.mode
    if mode == "partners":
        return _side(hand.n, hand.bidder % 2)
    if mode == "individual" or hand.phase < Phase.PLAY:
        return (hand.bidder,)
    # Call-partner: a holder of a called card knows; everyone learns when it is played.
    known = {hand.bidder}
    if seat >= 0 and hand.partners >> seat & 1:
        known.add(seat)
    called = set(hand.partner_cards)
    plays = [(leader, cards) for leader, cards, _ in hand.tricks]
    plays.append((hand.leader, tuple(hand.trick)))
    for leader, cards in plays:
        for i, c in enumerate(cards):
            if c in called:
                known.add(seat_of(leader, i, hand.n))
    return tuple(sorted(known))


@cache
def _side(n: int, parity: int) -> tuple[int, ...]:
    return tuple(s for s in range(n) if s % 2 == parity)
