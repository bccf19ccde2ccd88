"""A sound club player, following the strategy advice of the seeds.

- Bidding: values the hand for its best trump colour with :mod:`.valuation` (what the
  bidding side expects to take in these rules, and the spread) and bids while the
  contract is a little under that expectation, since a set costs the bid; does not
  outbid its partner without a much stronger hand; calls a redeal with no counters.
- Nest: names its longest, strongest colour; buries weak, exposed counters and
  cards that leave a colour void, never its trump control.
- Play: pulls trump while it holds control and the opponents may still hold
  trump; cashes sure winners; feeds counters to a partner who is surely winning;
  never wastes a counter or a high card under a sure winner; remembers the cards
  played and the voids shown; as a defender it counts points, not tricks.

Everything comes from the seat's view (through :mod:`.knowledge`), so it plays fair.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .. import actions as A
from .. import kernel
from ..cards import BIRD, cards_of
from ..rules import NestStep, PlayTables, RuleSet
from ..state import Hand, Phase
from ..view import View, view_of
from . import valuation
from .colours import best_colour, colour_scores, colours, natural
from .knowledge import Knowledge, know

# How far below the expected take the heuristic stops bidding, in spreads of the take
# (bots/valuation.py): a set costs the bid, so a contract is taken only while it is made
# about four times in five.  Measured in benchmarks/bidding_arena.py (docs/bench-notes/valuation.md).
BID_CAUTION = 0.3


def nest_colour(view: View) -> int:
    """The trump the heuristic handles the nest for: the one named, else its best colour."""
    return view.trump if view.trump >= 0 else best_colour(view.rules, int(view.hand))


def value(rules: RuleSet, hand: int, trump: int | None = None) -> valuation.Value:
    """What the bidding side expects to take with ``hand`` (before the nest), and the spread: the
    valuation of :mod:`.valuation`, calibrated to the rule set on hands this player plays out
    (:func:`played_out`)."""
    return valuation.value(rules, hand, played_out, trump)


def estimate(rules: RuleSet, hand: int) -> float:
    """Points the bidding side can expect with this hand (before the nest), best colour as trump."""
    return value(rules, hand, best_colour(rules, hand)).mean


def bid_limit(rules: RuleSet, hand: int) -> float:
    """The highest contract the heuristic takes with this hand: the expected take less
    ``BID_CAUTION`` spreads of it."""
    v = value(rules, hand, best_colour(rules, hand))
    return v.mean - BID_CAUTION * v.sd


def played_out(rules: RuleSet, rng: random.Random, deal: int) -> tuple[int, int, float] | None:
    """One hand played out by heuristic players, the contract taken at the minimum bid by one seat
    (half the time the strongest hand, half the time a seat at random): (the bidder's dealt hand,
    the trump it was valued for, the bidding side's share of the points in play).  What the
    valuation is calibrated on (:func:`~.valuation.fit_calibration`)."""
    hand = Hand(rules, deal % rules.players)
    hand.deal_random(rng)
    n = rules.players
    first = hand.to_act
    if rng.random() < 0.5:
        bidder = max(range(n), key=lambda s: (max(colour_scores(rules, hand.hands[s]))
                                              + sum(rules.deck.points[c] for c in cards_of(hand.hands[s]))))
    else:
        bidder = rng.randrange(n)
    dealt = hand.hands[bidder]
    for k in range(n):
        if hand.phase != Phase.BID or hand.to_act != (first + k) % n:
            return None
        action = A.BID + rules.min_bid if (first + k) % n == bidder else A.PASS
        if action not in hand.legal_actions():
            return None
        hand.apply(action)
    if hand.phase == Phase.BID or hand.bidder != bidder:
        return None
    players = [HeuristicPlayer() for _ in range(n)]
    while not hand.is_over:
        s = hand.to_act
        hand.apply(players[s].act(view_of(hand, s)))
    if hand.result is None or not rules.total_points:
        return None
    return dealt, best_colour(rules, dealt), hand.result.bidding_points / rules.total_points


OVER_PARTNER = 15  # points to spare before overbidding a partner who holds the bid


def partner_holds_bid(rules: RuleSet, seat: int, high_bidder: int) -> bool:
    """Whether ``high_bidder`` is ``seat``'s partner (partnership games)."""
    return rules.mode == "partners" and high_bidder >= 0 and high_bidder != seat and high_bidder % 2 == seat % 2


def raises(view: View, limit: float) -> bool:
    """The auction rule: take the lowest bid while the hand is worth it (``limit``: the points
    it expects to take as bidder); over a partner who holds the bid, only with
    ``OVER_PARTNER`` points to spare."""
    bids = [a for a in view.legal if a >= A.BID]
    if not bids:
        return False
    lowest = bids[0] - A.BID
    over_partner = partner_holds_bid(view.rules, view.seat, view.high_bidder)
    return lowest <= limit and not (over_partner and limit < lowest + OVER_PARTNER)


# Points over the bid the bidder's own hand must be worth to decline an optional partner.  Measured on
# 5,000 call-partner-6 deals played out both ways by heuristic players: declining loses on average
# below a 40-point margin, breaks even at 40-50 and gains from 50 (+17 against the other seats' mean).
ALONE_MARGIN = 50.0


def enough_partners(view: View) -> bool:
    """At an optional partner call: whether the bidder stops calling.  Every partner scores the
    team's result, as the bidder does, so an extra partner helps make the bid but shares the score
    with one more player; only a hand that makes the bid with ``ALONE_MARGIN`` to spare goes without."""
    return estimate(view.rules, int(view.hand)) >= view.bid + ALONE_MARGIN


def keep_value(rules: RuleSet, hand: int, colour: int, card: int) -> float:
    """How much the bidder wants to keep ``card`` with ``colour`` as trump (lowest is buried first).

    Trumps and side winners are kept; exposed counters go into the nest (more readily where
    the nest's counters go to the bidder), then cards that leave a short colour void.
    """
    return keep_values(rules, hand, colour, (card,))[0]


def burying_order(rules: RuleSet, hand: int, colour: int, cards: Sequence[int]) -> list[int]:
    """``cards`` of ``hand``, the one least worth keeping with ``colour`` as trump first (ties: the lower card)."""
    return [c for _, c in sorted(zip(keep_values(rules, hand, colour, cards), cards))]


def keep_values(rules: RuleSet, hand: int, colour: int, cards: Iterable[int]) -> list[float]:
    """:func:`keep_value` of each of ``cards`` (one call for a whole hand: the sampler reads burials)."""
    t = natural(rules, colour)
    pts = rules.deck.points
    above_of = colours(rules).above[colour]
    counter_weight = 2.0 if rules.nest_to == "bidder" else 1.0  # exposed counters go into the nest
    out = []
    for card in cards:
        s = t.suit[card]
        if s == colour:
            out.append(1000.0 + t.strength[card] / 100)
            continue
        above = above_of[card]
        if hand & above == above:  # a top card in sequence: a side winner
            out.append(500.0 + pts[card])
            continue
        out.append(50.0 + (hand & t.suit_mask[s]).bit_count() * 8 - above.bit_count() * 2 - pts[card] * counter_weight)
    return out


T = TypeVar("T")
PerContract = dict[tuple[int, int], tuple[PlayTables, tuple[int, ...], T]]
_DISCARD: PerContract[tuple[int, ...]] = {}


def per_contract(cache: PerContract[T], t: PlayTables, points: tuple[int, ...],
                 make: Callable[[PlayTables, tuple[int, ...]], T]) -> T:
    """``make(t, points)``, worked out once per contract (its play tables and the deck's points) and kept in
    ``cache``: the play-outs ask it on nearly every card."""
    got = cache.get((id(t), id(points)))
    if got is not None and got[0] is t and got[1] is points:
        return got[2]
    value = make(t, points)
    if len(cache) > 4096:  # rule sets made on the fly (random house rules): keep the cache bounded
        cache.clear()
    cache[(id(t), id(points))] = (t, points, value)
    return value


def discard_ranks(t: PlayTables, points: tuple[int, ...]) -> tuple[int, ...]:
    """Per card, its place in the order the heuristic discards by, before the length of its colour: no
    counter first, then no trump, no Bird, the fewest points, the lowest.  Cards equal on all of these
    share a place; the colour's length and the card then decide, so that one int orders a discard."""
    return per_contract(_DISCARD, t, points, _discard_ranks)


def _discard_ranks(t: PlayTables, points: tuple[int, ...]) -> tuple[int, ...]:
    order = {c: (points[c] > 0, t.suit[c] == t.trump, c >= BIRD, points[c], t.strength[c]) for c in range(64)}
    places = {v: i for i, v in enumerate(sorted(set(order.values())))}
    return tuple(places[order[c]] for c in range(64))


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int | None = None, margin: float = 0.0) -> None:
        self.margin = margin

    # ------------------------------------------------------------------ dispatch
    def act(self, view: View) -> int:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.BID:
            return self.bid(view)
        if view.phase == Phase.NEST:
            return self.declare(view)
        return self.play(know(view), view.legal)

    # ------------------------------------------------------------------ auction
    def bid(self, view: View) -> int:
        legal = view.legal
        if A.REDEAL in legal:
            return A.REDEAL
        bids = [a for a in legal if a >= A.BID]
        if A.PASS not in legal:
            return bids[0]
        if not bids:
            return A.PASS
        return bids[0] if raises(view, self.limit(view)) else A.PASS

    def limit(self, view: View) -> float:
        """The most this seat bids with its hand (the auction's rule in :func:`raises` applies it)."""
        return bid_limit(view.rules, int(view.hand)) - self.margin

    # ------------------------------------------------------------------ nest and declarations
    def declare(self, view: View) -> int:
        legal = view.legal
        colour = nest_colour(view)
        step = view.step
        if step == NestStep.TRUMP:
            return A.TRUMP + colour if A.TRUMP + colour in legal else legal[0]
        if step == NestStep.DIRECTION:
            return A.HIGH
        if step == NestStep.BIRD:
            return A.BIRD_HIGH
        if step == NestStep.PARTNER:
            return self.call_partner(view, colour)
        return self.bury(view, colour)

    def bury(self, view: View, colour: int) -> int:
        return self.bury_order(view, colour)[0]

    def bury_order(self, view: View, colour: int) -> list[int]:
        """The bury actions of ``view``, the card least worth keeping with ``colour`` as trump first."""
        cards = burying_order(view.rules, int(view.hand), colour, [a - A.BURY for a in view.legal])
        return [A.BURY + c for c in cards]

    def call_partner(self, view: View, colour: int) -> int:
        if A.NO_MORE_PARTNERS in view.legal and enough_partners(view):
            return A.NO_MORE_PARTNERS
        rules = view.rules
        t = natural(rules, colour)
        hand = int(view.hand)
        legal = set(view.legal)
        order = sorted(rules.deck.cards, key=lambda c: (t.suit[c] != colour, -t.strength[c]))
        for c in order:
            if not hand >> c & 1 and A.PARTNER + c in legal and not (view.buried and int(view.buried) >> c & 1):
                return A.PARTNER + c
        return view.legal[0]

    # ------------------------------------------------------------------ card play
    def play(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> int:
        """The card to play from ``legal``, from what the seat knows (a view's knowledge, or a
        simulated seat's in the expert's play-outs).  Its C twin (``_cplayout.c``) plays the same cards in the
        play-outs: a change to :meth:`lead`, :meth:`follow` or :meth:`discard` goes there too
        (tests/test_playout.py plays both)."""
        if len(legal) == 1:
            return legal[0]
        if not k.trick:
            return self.lead(k, legal)
        return self.follow(k, legal)

    def lead(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> int:
        t = k.tables
        assert t is not None
        trump = t.trump
        pts = k.rules.deck.points
        opponents = [s for s in range(k.rules.players) if s not in k.team]
        my_trumps = [c for c in legal if t.suit[c] == trump] if trump >= 0 else []
        unseen_trumps = k.unseen & t.suit_mask[trump] if trump >= 0 else 0
        opp_may_trump = bool(unseen_trumps) and any(not k.voids[s] >> trump & 1 for s in opponents)
        if my_trumps and opp_may_trump and k.bidder in k.team:
            top = max(my_trumps, key=lambda c: t.strength[c])
            if k.is_top(top):
                return top  # pull trump while holding control
            if len(my_trumps) * 2 > unseen_trumps.bit_count() + len(my_trumps):
                return min(my_trumps, key=lambda c: (pts[c], t.strength[c]))  # long trump: draw with a low one
        # Cash a sure side winner the opponents cannot trump.
        winners = []
        for c in legal:
            s = t.suit[c]
            if s == trump or not k.is_top(c):
                continue
            if trump >= 0 and unseen_trumps and any(k.voids[o] >> s & 1 and not k.voids[o] >> trump & 1
                                                    for o in opponents):
                continue
            winners.append(c)
        if winners:
            return max(winners, key=lambda c: (pts[c], t.strength[c]))
        # Otherwise lead low from a side colour, keeping counters and trump back.
        side = [c for c in legal if t.suit[c] != trump] or legal
        return min(side, key=lambda c: (pts[c] > 0, t.strength[c], c))

    def follow(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> int:
        t = k.tables
        assert t is not None
        rules = k.rules
        n = rules.players
        pts = rules.deck.points
        trump = t.trump
        trick = k.trick
        led = t.suit[trick[0]]
        key = t.key

        best_i = kernel.winning_index(t, trick)
        best = trick[best_i]
        winner_seat = (k.leader + best_i) % n
        later = [kernel.seat_of(k.leader, i, n) for i in range(len(trick) + 1, n)]
        later_opp = [s for s in later if s not in k.team]
        trick_pts = sum(pts[c] for c in trick)

        def safe(card: int) -> bool:
            """Would ``card`` still win once the later opponents have played?"""
            if not later_opp:
                return True
            s = t.suit[card]
            if k.unseen & t.above[card]:  # an unseen card of its colour beats it
                return False
            if s != trump and trump >= 0 and k.unseen & t.suit_mask[trump]:
                # an opponent void in the led colour may trump it
                return not any(k.voids[o] >> led & 1 for o in later_opp)
            return True

        if winner_seat in k.team and safe(best):
            # Partner is surely winning: feed counters, never trump.
            feed = [c for c in legal if t.suit[c] != trump or all(t.suit[x] == trump for x in legal)]
            return max(feed, key=lambda c: (pts[c], -t.strength[c]))
        # What beats the best card so far (of the colour led, or a trump): a higher card of its colour, and
        # every trump where it is not one (kernel.beats, as one mask)
        beaters = t.above[best] | (t.suit_mask[trump] if trump >= 0 and t.suit[best] != trump else 0)
        winners = [c for c in legal if beaters >> c & 1]
        if winners and winner_seat not in k.team:
            sure = [c for c in winners if safe(c)]
            if sure:
                # The cheapest sure winner; but a counter that could be lost later wins its own points now.
                return min(sure, key=lambda c: (-(0 if k.is_top(c) else pts[c]), key[c]))
            if trick_pts >= 10:
                return max(winners, key=lambda c: key[c])
        return self.discard(k, legal)

    def discard(self, k: Knowledge, legal: tuple[int, ...] | list[int]) -> int:
        """The cheapest card: no counter, no trump, low, from a short colour."""
        t = k.tables
        assert t is not None
        rank = discard_ranks(t, k.rules.deck.points)
        hand = k.hand
        masks = t.suit_mask
        lengths = ((hand & masks[0]).bit_count(), (hand & masks[1]).bit_count(), (hand & masks[2]).bit_count(),
                   (hand & masks[3]).bit_count())
        suit = t.suit
        return min(legal, key=lambda c: (rank[c] * 128 + lengths[suit[c]]) * 64 + c)
