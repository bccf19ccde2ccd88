"""Deals consistent with a seat's view, rebuilt as playable hands.

The hidden cards are dealt at random to the places the seat cannot see (the other
hands and, for anyone but the bidder, the buried cards), respecting what the table
has shown: the voids shown in play, the nest if it was turned up, the cards buried
face up, the bidder's "points in the nest" announcement.  Each sample is rebuilt by
replaying the public history with every check, so it is a legal position that the
seat cannot tell apart from the real one.

The auction is evidence too: a seat that bid 120 rarely holds rubbish, and one that
passed at 75 rarely holds a powerhouse.  Deals are kept with a probability that falls
with how far each other seat's dealt hand is from its bids, as the heuristic values
hands (:func:`auction_limits`); a player who bids like that is read well, others are
still sampled, only less often.

So are the bidder's nest decisions.  A bidder buries what it least wants to keep with its trump
and names the colour it is longest and strongest in, so the hidden burial is dealt from the
bidder's whole hand (what it holds and what it buried, one place) and then chosen in it as the
heuristic chooses (:func:`~.heuristic.keep_value`, with some noise), and a deal where another
colour would have made the better trump is kept less often (:func:`nest_reading`).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from .. import actions as A
from ..cards import cards_of
from ..kernel import seat_of
from ..rules import RuleSet
from ..state import Hand, IllegalAction, Phase
from ..view import View
from .colours import colour_scores
from .heuristic import OVER_PARTNER, bid_limit, keep_values, partner_holds_bid


class SampleError(RuntimeError):
    """No deal consistent with the view was found in the tries allowed."""



def played_by(view: View) -> list[int]:
    """Mask of the cards each seat has played."""
    n = view.rules.players
    out = [0] * n
    for leader, cards, _ in view.tricks:
        for i, c in enumerate(cards):
            out[seat_of(leader, i, n)] |= 1 << c
    for i, c in enumerate(view.trick):
        out[seat_of(view.leader, i, n)] |= 1 << c
    return out


def voids_of(view: View) -> list[int]:
    """Per seat, the mask of cards it cannot hold, from the colours it failed to follow."""
    rules = view.rules
    out = [0] * rules.players
    if view.trump < -1 or not view.voids:
        return out
    t = rules.play_tables(view.trump, view.low, view.bird_high)
    for seat, colours in enumerate(view.voids):
        for k in range(4):
            if colours >> k & 1:
                out[seat] |= t.suit_mask[k]
    return out


def nest_taken(view: View) -> bool:
    """Whether the bidder has the nest in hand (or has buried it back)."""
    if view.bidder < 0 or view.phase == Phase.BID:
        return False
    if view.phase >= Phase.PLAY:
        return True
    steps = view.rules.nest_steps
    done = len(steps) - list(reversed(steps)).index(view.step) - 1 if view.step in steps else 0
    return view.rules.pickup_step == 0 or (view.buried_count > 0) or (
        view.step not in ("trump", "direction", "bird") and done >= view.rules.pickup_step)


# How many points a hand's value may miss its bid (or exceed its pass) for the deal to be kept
# with probability 1/e: the heuristic's fitted estimate misses real takes by about 20 points.
_AUCTION_SCALE = 10.0
_AUCTION_TRIES = 40  # deals tried for one that fits the auction before settling for a misfit


def auction_limits(view: View) -> list[tuple[int, float, float]]:
    """For each other seat that took part in the auction: (seat, at least, at most) what the
    heuristic's estimate of its dealt hand should be, read from its bids and passes."""
    rules = view.rules
    low = {s: float("-inf") for s in range(rules.players)}
    high = {s: float("inf") for s in range(rules.players)}
    top, top_seat = -1, -1
    for seat, action in view.auction:
        if action >= A.BID:
            top, top_seat = action - A.BID, seat
            low[seat] = max(low[seat], float(top))
        elif action == A.PASS:
            lowest = top + rules.bid_step if top_seat >= 0 else rules.min_bid
            spare = OVER_PARTNER if partner_holds_bid(rules, seat, top_seat) else 0
            high[seat] = min(high[seat], float(lowest + spare))
    return [(s, low[s], high[s]) for s in range(rules.players)
            if s != view.seat and (low[s] > float("-inf") or high[s] < float("inf"))]


# The burial is drawn card by card, each card in proportion to exp(-keep_value / this): a card worth
# this many keep-value points more (a card of length in its colour is 8, a rank 2) is e times rarer.
_BURY_NOISE = 4.0
# A deal is kept with probability exp(-gap / this) where another colour scores ``gap`` more as trump
# than the one named (colour_score: 10 a card of length).
_TRUMP_NOISE = 10.0


def nest_reading(view: View) -> tuple[int, bool] | None:
    """Whether the bidder's nest decisions are evidence for this seat: (the colour the hidden burial
    was made for, whether trump was named before the burial), or None where they are not (no
    hidden burial, or the seat is the bidder, or trump was named before the nest was seen)."""
    rules = view.rules
    if view.seat == view.bidder or view.bidder < 0 or view.buried is not None or not nest_taken(view):
        return None
    if view.phase == Phase.NEST or rules.trump_before_nest or not 0 <= view.trump < 4:
        return None
    steps = rules.nest_steps
    return view.trump, steps.index("trump") < steps.index("bury") if "bury" in steps else True


def _trump_gap(rules: RuleSet, hand: int, colour: int) -> float:
    """How far ``colour`` falls short of the hand's best colour as trump, as an auction miss."""
    scores = colour_scores(rules, hand)
    return (max(scores) - scores[colour]) * _AUCTION_SCALE / _TRUMP_NOISE


def _burial(rules: RuleSet, rng: random.Random, hand: int, free: int, count: int, colour: int) -> int:
    """``count`` cards of ``free`` (cards of ``hand``) that a bidder holding ``hand`` buries with
    ``colour`` as trump: one at a time, the cards least worth keeping the likeliest."""
    out = 0
    for _ in range(count):
        cards = cards_of(free & ~out)
        values = keep_values(rules, hand, colour, cards)
        low = min(values)
        pick = rng.choices(cards, [math.exp((low - v) / _BURY_NOISE) for v in values])[0]
        out |= 1 << pick
        hand &= ~(1 << pick)
    return out


@dataclass
class Places:
    """What a seat's view fixes about the cards it has not seen, the first stage of a draw: the places
    they go to (each other seat's hand, then the hidden nest or burial as place ``n``), how many
    each takes, and the cards each may not take."""

    view: View
    played: list[int]  # per seat, the cards it has played
    taken: bool  # the bidder has the nest in hand (or has buried it back)
    nest_seen: int  # the nest as dealt, where this seat saw it
    buried_seen: int  # the burial this seat saw (its own), and the trumps buried face up
    extra: int  # cards in place n: the face-down nest, or the burial this seat did not see
    want: list[int]  # cards each place takes (this seat's own: none, it keeps its hand)
    cant: list[int]  # per place, the cards it may not take
    only_bidder: int  # cards seen in the nest that are not played: the bidder holds or buried them
    pool: list[int]  # the cards to deal


def places(view: View) -> Places:
    """The constraints a deal must meet to show ``view``'s seat exactly what it sees, read from the
    view: the cards played, the voids shown, the nest and the burial as far as seen, the "points in
    the nest" announcement; :class:`SampleError` where the view is one no deal is drawn for."""
    rules = view.rules
    n = rules.players
    me = view.seat
    played = played_by(view)
    all_played = 0
    for m in played:
        all_played |= m
    cant = voids_of(view)
    taken = nest_taken(view)
    nest_seen = int(view.nest) if view.nest is not None else 0
    buried_seen = int(view.buried) if view.buried is not None else 0
    shown = int(view.shown_buried)
    if not taken:
        extra = 0 if nest_seen else rules.nest_size  # the face-down nest
    elif buried_seen or me == view.bidder:
        extra = 0
    else:
        if view.buried_count < rules.nest_size:
            raise SampleError("the bidder is still burying; only the bidder decides now")
        extra = view.buried_count - shown.bit_count()
    known = int(view.hand) | all_played | buried_seen | shown | (nest_seen if not taken else 0)
    pool = cards_of(rules.deck.mask & ~known)
    want = list(view.hand_sizes) + [extra]
    want[me] = 0
    if not taken and nest_seen:
        want[n] = 0
    if sum(want) != len(pool):
        raise SampleError(f"the view does not add up: {len(pool)} hidden cards for {sum(want)} places")
    # "No points in the nest": the hidden buried cards hold no counter.  Nor where counters may not be
    # buried: a bidder may bury one only when it holds fewer other cards than it has to bury, which
    # takes nearly every counter in one hand; such deals are left out, and the deals drawn no longer
    # fail on the burial one time in a few (family.toml: 7 of 8 did).
    no_counters = view.nest_points is False or rules.bury_counters == "forbidden"
    cant.append(rules.deck.counter_mask if taken and no_counters else 0)
    if rules.show_buried_trump and view.phase >= Phase.PLAY and 0 <= view.trump < 4:
        # Buried trumps are shown to the table: the burial this seat has not seen holds none.
        cant[n] |= rules.play_tables(view.trump, view.low, view.bird_high).suit_mask[view.trump]
    # A card seen in the nest (nest_shown) is with the bidder or buried.
    only_bidder = nest_seen & ~all_played & ~known if taken else 0
    return Places(view, played, taken, nest_seen, buried_seen | shown, extra, want, cant, only_bidder, pool)


@dataclass
class NestReading:
    """The bidder's nest decisions as evidence (:func:`nest_reading`), the second stage: the bidder's
    held cards and the hidden burial are dealt as one place, the bidder's whole hand, and the burial
    is chosen in it (:func:`read_burial`)."""

    colour: int  # the trump named, which the burial was made for
    trump_first: bool  # trump was named from the whole hand, before the burial
    hold_only: int  # cards the bidder may hold but not bury
    bury_only: int  # cards the bidder may bury but not hold (a colour it has shown void in)


def read_nest_places(p: Places) -> NestReading | None:
    """Where the bidder's nest decisions are evidence, deal its whole hand as one place (changing
    ``p``: a card may go there if it may be held or buried); None where they are not."""
    got = nest_reading(p.view) if p.extra else None
    if got is None:
        return None
    bidder, n = p.view.bidder, p.view.rules.players
    p.want[bidder] += p.want[n]
    p.want[n] = 0
    cant = p.cant
    reading = NestReading(got[0], got[1], cant[n] & ~cant[bidder], cant[bidder] & ~cant[n])
    cant[bidder] &= cant[n]
    return reading


class Dealer:
    """The third stage: the pool dealt to the places at random, every hard constraint kept.

    Cards some place may not take are dealt first, one at a time, each to a place that may take it
    (in proportion to the room left there); the rest, which any place may take, are then shuffled
    and dealt in one go."""

    def __init__(self, p: Places) -> None:
        self.p = p
        barred = p.only_bidder
        for s, count in enumerate(p.want):
            if count:
                barred |= p.cant[s]
        self.awkward = [c for c in p.pool if barred >> c & 1]
        self.free = [c for c in p.pool if not barred >> c & 1]

    def deal(self, rng: random.Random) -> list[int] | None:
        """Each place's cards (masks, place ``n`` last), or None where a card found no place."""
        p = self.p
        n = len(p.want) - 1
        bidder = p.view.bidder
        only_bidder, cant = p.only_bidder, p.cant
        masks = [0] * (n + 1)
        room = list(p.want)
        awkward = self.awkward
        rng.shuffle(awkward)
        awkward.sort(key=lambda c: not only_bidder >> c & 1)  # the nest's cards first: they have two places
        for c in awkward:
            places = [s for s in range(n + 1) if room[s] and not (cant[s] >> c & 1)
                      and not (only_bidder >> c & 1 and s not in (bidder, n))]
            if not places:
                return None
            pick = rng.randrange(sum(room[s] for s in places))
            for s in places:
                pick -= room[s]
                if pick < 0:
                    break
            masks[s] |= 1 << c
            room[s] -= 1
        free = self.free
        rng.shuffle(free)
        at = 0
        for s in range(n + 1):
            for c in free[at:at + room[s]]:
                masks[s] |= 1 << c
            at += room[s]
        return masks


def read_burial(p: Places, reading: NestReading, masks: list[int], rng: random.Random, weigh_now: bool) -> float | None:
    """Choose the hidden burial in the bidder's whole hand of a deal (changing ``masks``) as the
    heuristic buries; the deal's miss against the trump named (how much better another colour
    was) still to be weighed, or None where the deal is dropped (no burial fits, or, with
    ``weigh_now``, the trump named from the whole hand misfits and the deal was turned down)."""
    view = p.view
    rules = view.rules
    bidder, n, extra = view.bidder, rules.players, p.extra
    whole = masks[bidder]
    forced = whole & reading.bury_only  # a colour the bidder has shown void in: buried
    if forced.bit_count() > extra or (whole & ~reading.hold_only).bit_count() < extra:
        return None
    colour = reading.colour
    full = whole | p.played[bidder]  # the bidder's hand when it buried the hidden cards
    miss = 0.0
    shown = int(view.shown_buried)
    if reading.trump_first:  # named from the whole hand: a deal that misfits goes before its burial is drawn
        miss = _trump_gap(rules, full | shown, colour)
        if miss and weigh_now:
            if not _kept(rng, miss):
                return None
            miss = 0.0  # weighed
    masks[n] = forced | _burial(rules, rng, full & ~forced, whole & ~reading.hold_only & ~forced,
                                extra - forced.bit_count(), colour)
    masks[bidder] = whole & ~masks[n]
    if not reading.trump_first:
        miss = _trump_gap(rules, masks[bidder] | p.played[bidder], colour)
    return miss


def auction_miss(p: Places, limits: list[tuple[int, float, float]], masks: list[int]) -> float:
    """How far each other seat's dealt hand is from its bids and passes, summed (:func:`auction_limits`)."""
    rules = p.view.rules
    miss = 0.0
    for s, lo, hi in limits:
        # The bidder's dealt hand is taken as what it holds after the nest (close enough).
        value = bid_limit(rules, masks[s] | p.played[s])
        miss += max(0.0, lo - value, value - hi)
    return miss


def _kept(rng: random.Random, miss: float) -> bool:
    """Whether a deal that misses the auction (or the trump named) by ``miss`` is kept: exp(-miss / scale)."""
    return rng.random() < math.exp(-miss / _AUCTION_SCALE)


def sample_hand(view: View, rng: random.Random, tries: int = 200, weigh_auction: bool = True,
                deadline: float | None = None, read_nest: bool = True) -> Hand:
    """One playable :class:`Hand` in the same public position as ``view``, hidden cards dealt at
    random; with ``weigh_auction``, deals that fit the auction are more likely, and with
    ``read_nest`` the hidden burial and the trump named are read as a bidder's (see above).
    Past ``deadline`` (a ``time.perf_counter()`` reading) it gives up with :class:`SampleError`.

    In stages: the constraints from the view (:func:`places`), the nest reading
    (:func:`read_nest_places`), dealing (:class:`Dealer`), then acceptance: the burial read in the
    deal (:func:`read_burial`), the deal weighed by the auction, replayed over the public history
    (:func:`_rebuild`)."""
    p = places(view)
    limits = auction_limits(view) if weigh_auction else []
    reading = read_nest_places(p) if read_nest else None
    dealer = Dealer(p)
    # The last deal the auction made unlikely, kept in case nothing fits better.  Once there is one, a
    # deal that misses is turned down at once with the chance it misses by; the first one, only
    # after it was rebuilt as a legal hand.
    fallback: Hand | None = None
    for attempt in range(tries):
        if fallback is not None and attempt >= _AUCTION_TRIES:
            return fallback
        if deadline is not None and time.perf_counter() > deadline:
            raise SampleError("out of time")
        masks = dealer.deal(rng)
        if masks is None:
            continue
        miss = 0.0
        if reading is not None:
            got = read_burial(p, reading, masks, rng, fallback is not None)
            if got is None:
                continue
            miss = got
        masks[view.seat] = int(view.hand)
        miss += auction_miss(p, limits, masks)
        if miss and fallback is not None and not _kept(rng, miss):
            continue
        hand = _rebuild(view, masks[:-1], p.played, masks[-1], p.taken, p.nest_seen, p.buried_seen)
        if hand is None:
            continue
        if miss and fallback is None and not _kept(rng, miss):
            fallback = hand
            continue
        return hand
    if fallback is not None:
        return fallback
    raise SampleError(f"no deal consistent with seat {view.seat}'s view in {tries} tries")


def _rebuild(view: View, hands: list[int], played: list[int], extra: int, taken: bool, nest_seen: int,
             buried_seen: int) -> Hand | None:
    """Replay the public history over a deal that ends in ``hands``; None if it breaks a rule."""
    rules = view.rules
    n = rules.players
    bidder = view.bidder
    dealt = [hands[s] | played[s] for s in range(n)]
    buried = extra | buried_seen
    if not taken:
        nest = nest_seen or extra
    else:
        nest = nest_seen or buried
        dealt[bidder] = (dealt[bidder] | buried) & ~nest
    hand = Hand(rules, view.dealer)
    unseen = iter(cards_of(buried))  # the sampled burials stand for the ones this seat did not see
    try:
        hand.set_deal(dealt, nest)
        for action in view.history:
            hand.apply(A.BURY + next(unseen) if action == A.HIDDEN_BURY else action)
    except (IllegalAction, StopIteration):
        return None
    if hand.phase != view.phase or hand.to_act != view.to_act or hand.nest_points != view.nest_points:
        return None
    return hand


