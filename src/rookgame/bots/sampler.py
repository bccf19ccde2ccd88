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


def sample_hand(view: View, rng: random.Random, tries: int = 200, weigh_auction: bool = True,
                deadline: float | None = None, read_nest: bool = True) -> Hand:
    """One playable :class:`Hand` in the same public position as ``view``, hidden cards dealt at
    random; with ``weigh_auction``, deals that fit the auction are more likely, and with
    ``read_nest`` the hidden burial and the trump named are read as a bidder's (see above).
    Past ``deadline`` (a ``time.perf_counter()`` reading) it gives up with :class:`SampleError`."""
    rules = view.rules
    n = rules.players
    me = view.seat
    bidder = view.bidder
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
    elif buried_seen or me == bidder:
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
    limits = auction_limits(view) if weigh_auction else []
    reading = nest_reading(view) if read_nest and extra else None
    if reading is not None:
        # The bidder's held cards and the hidden burial are dealt as one place, the bidder's whole
        # hand; a card may go there if it may be held or buried.  The burial is chosen in it below.
        want[bidder] += want[n]
        want[n] = 0
        hold_only, bury_only = cant[n] & ~cant[bidder], cant[bidder] & ~cant[n]
        cant[bidder] &= cant[n]
    # Cards some place may not take are dealt first, one at a time, each to a place that may take it
    # (in proportion to the room left there); the rest, which any place may take, are then shuffled
    # and dealt in one go.
    barred = only_bidder
    for s in range(n + 1):
        if want[s]:
            barred |= cant[s]
    awkward = [c for c in pool if barred >> c & 1]
    free = [c for c in pool if not barred >> c & 1]
    fallback: Hand | None = None  # the last deal the auction made unlikely, if nothing fits better
    for attempt in range(tries):
        if fallback is not None and attempt >= _AUCTION_TRIES:
            return fallback
        if deadline is not None and time.perf_counter() > deadline:
            raise SampleError("out of time")
        masks = [0] * (n + 1)
        room = list(want)
        ok = True
        rng.shuffle(awkward)
        awkward.sort(key=lambda c: not only_bidder >> c & 1)  # the nest's cards first: they have two places
        for c in awkward:
            places = [s for s in range(n + 1) if room[s] and not (cant[s] >> c & 1)
                      and not (only_bidder >> c & 1 and s not in (bidder, n))]
            if not places:
                ok = False
                break
            pick = rng.randrange(sum(room[s] for s in places))
            for s in places:
                pick -= room[s]
                if pick < 0:
                    break
            masks[s] |= 1 << c
            room[s] -= 1
        if not ok:
            continue
        rng.shuffle(free)
        at = 0
        for s in range(n + 1):
            for c in free[at:at + room[s]]:
                masks[s] |= 1 << c
            at += room[s]
        miss = 0.0
        if reading is not None:
            whole = masks[bidder]
            forced = whole & bury_only  # a colour the bidder has shown void in: buried
            if forced.bit_count() > extra or (whole & ~hold_only).bit_count() < extra:
                continue
            colour, trump_first = reading
            full = whole | played[bidder]  # the bidder's hand when it buried the hidden cards
            if trump_first:  # named from the whole hand: a deal that misfits goes before its burial is drawn
                miss = _trump_gap(rules, full | shown, colour)
                if miss and fallback is not None:
                    if rng.random() >= math.exp(-miss / _AUCTION_SCALE):
                        continue
                    miss = 0.0  # weighed
            masks[n] = forced | _burial(rules, rng, full & ~forced, whole & ~hold_only & ~forced,
                                        extra - forced.bit_count(), colour)
            masks[bidder] = whole & ~masks[n]
            if not trump_first:
                miss = _trump_gap(rules, masks[bidder] | played[bidder], colour)
        masks[me] = int(view.hand)
        for s, lo, hi in limits:
            # The bidder's dealt hand is taken as what it holds after the nest (close enough).
            value = bid_limit(rules, masks[s] | played[s])
            miss += max(0.0, lo - value, value - hi)
        if miss and fallback is not None and rng.random() >= math.exp(-miss / _AUCTION_SCALE):
            continue
        hand = _rebuild(view, masks[:n], played, masks[n], taken, nest_seen, buried_seen | shown)
        if hand is None:
            continue
        if miss and fallback is None and rng.random() >= math.exp(-miss / _AUCTION_SCALE):
            fallback = hand
            continue
        return hand
    if fallback is not None:
        return fallback
    raise SampleError(f"no deal consistent with seat {me}'s view in {tries} tries")


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


