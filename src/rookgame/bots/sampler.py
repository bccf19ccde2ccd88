"""Deals consistent with a seat's view, rebuilt as playable hands.

The hidden cards are dealt at random to the places the seat cannot see (the other
hands and, for anyone but the bidder, the buried cards), respecting what the table
has shown: the voids shown in play, the nest if it was turned up, the cards buried
face up, the bidder's "points in the nest" announcement.  Each sample is rebuilt by
replaying the public history with every check, so it is a legal position that the
seat cannot tell apart from the real one (in the card play, a view's later deals are
swapped into its first one's replay, with the checks a hidden card could fail: :class:`Template`).

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
from collections.abc import Callable
from dataclasses import dataclass

from .. import actions as A
from ..cards import cards_of, mask_of
from ..rules import NestStep, RuleSet
from ..state import Hand, IllegalAction, Phase, called_team
from ..view import View
from .belief import Array, Model, inputs, marginals
from .colours import colour_scores
from .constraints import Places, nest_taken, places
from .constraints import SampleError as SampleError  # raised by sample_hand: its callers catch it from here
from .heuristic import OVER_PARTNER, bid_limit, keep_values, partner_holds_bid

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
    return view.trump, (steps.index(NestStep.TRUMP) < steps.index(NestStep.BURY) if NestStep.BURY in steps
                        else True)


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
        self._awkward = [c for c in p.pool if barred >> c & 1]
        self._free = [c for c in p.pool if not barred >> c & 1]
        self.reset()

    def reset(self) -> None:
        """Back to the cards' first order: the draws of one :meth:`Draw.sample` are those of a fresh dealer."""
        self.awkward = list(self._awkward)
        self.free = list(self._free)

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


class BeliefDealer:
    """Dealing from beliefs: each card goes to a place in proportion to its probability there
    (:func:`.belief.marginals`), times the room left in the place over the cards still expected
    there, so that every place ends with exactly its count; the cards with the fewest places
    first.  A card may go only where the view allows: those probabilities are 0."""

    def __init__(self, p: Places, weights: Array, cols: list[int]) -> None:
        """``weights[i, j]``: the probability that card ``p.pool[i]`` is in place ``cols[j]``."""
        self.p = p
        view = p.view
        n = view.rules.players
        merged = p.extra and not p.want[n]  # the nest reading dealt the burial into the bidder's hand
        table: list[list[float]] = []
        for i in range(len(p.pool)):
            w = [0.0] * (n + 1)
            for j, s in enumerate(cols):
                w[view.bidder if merged and s == n else s] += float(weights[i, j])
            table.append(w)
        order = sorted(range(len(p.pool)), key=lambda i: sum(1 for x in table[i] if x > 0))
        self.cards = [p.pool[i] for i in order]
        rows = [table[i] for i in order]
        self.expected = [sum(w[s] for w in rows) for s in range(n + 1)]
        # each card's places that may hold it, with its probability there: the deal loops over these alone
        self.slots = [[(s, x) for s, x in enumerate(w) if x > 0] for w in rows]

    def reset(self) -> None:
        pass

    def deal(self, rng: random.Random) -> list[int] | None:
        """Each place's cards (masks, place ``n`` last), or None where a card found no place."""
        masks = [0] * len(self.expected)
        room = list(self.p.want)
        expected = list(self.expected)
        rand = rng.random
        for c, slots in zip(self.cards, self.slots):
            odds = [x * room[s] / max(expected[s], 1e-9) if room[s] else 0.0 for s, x in slots]
            total = sum(odds)
            if total <= 0:
                return None
            pick = rand() * total
            for i, o in enumerate(odds):  # noqa: B007 (i, the place picked, is read after the loop)
                pick -= o
                if pick < 0 and o > 0:
                    break
            else:
                i = max(range(len(odds)), key=odds.__getitem__)
            s = slots[i][0]
            masks[s] |= 1 << c
            room[s] -= 1
            for k, x in slots:
                expected[k] -= x
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


class Draw:
    """Deals for one view, prepared once (the constraints, the nest reading, the beliefs) and drawn
    as many times as asked (:meth:`sample`): a decision draws dozens from one view."""

    def __init__(self, view: View, weigh_auction: bool = True, read_nest: bool = True,
                 belief: Model | None = None) -> None:
        self.view = view
        self.places = p = places(view)
        self.limits = auction_limits(view) if weigh_auction else []
        inp = inputs(view, p) if belief is not None else None  # on the places before the nest reading merges two
        self.reading = read_nest_places(p) if read_nest else None
        self.dealer: Dealer | BeliefDealer = (
            Dealer(p) if belief is None or inp is None else BeliefDealer(p, marginals(belief, inp), inp.places))
        # In the card play, the first deal's replay is kept and the next deals swap their hidden cards into it.
        self.template: Template | None = None

    def _hand(self, masks: list[int]) -> Hand | None:
        """The deal ``masks`` as a playable hand in the view's position (None where it breaks a rule)."""
        p = self.places
        if self.template is not None:
            return self.template.swap(masks[:-1], masks[-1])
        hand = _rebuild(self.view, masks[:-1], p.played, masks[-1], p.taken, p.nest_seen, p.buried_seen)
        if hand is not None and self.view.phase == Phase.PLAY:
            self.template = Template(p, hand)
        return hand

    def sample(self, rng: random.Random, tries: int = 200, deadline: float | None = None,
               stop: Callable[[], bool] | None = None) -> Hand:
        """One deal (see :func:`sample_hand`); ``stop``, asked before each try, gives up as a deadline does
        (a decision's clock: :meth:`.expert.Clock.over`)."""
        view, p, reading, limits = self.view, self.places, self.reading, self.limits
        dealer = self.dealer
        dealer.reset()
        # The last deal the auction made unlikely, kept in case nothing fits better.  Once there is one, a
        # deal that misses is turned down at once with the chance it misses by; the first one, only
        # after it was rebuilt as a legal hand.
        fallback: Hand | None = None
        for attempt in range(tries):
            if fallback is not None and attempt >= _AUCTION_TRIES:
                return fallback
            if (deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop()):
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
            hand = self._hand(masks)
            if hand is None:
                continue
            if miss and fallback is None and not _kept(rng, miss):
                fallback = hand
                continue
            return hand
        if fallback is not None:
            return fallback
        raise SampleError(f"no deal consistent with seat {view.seat}'s view in {tries} tries")


def sample_hand(view: View, rng: random.Random, tries: int = 200, weigh_auction: bool = True,
                deadline: float | None = None, read_nest: bool = True, belief: Model | None = None) -> Hand:
    """One playable :class:`Hand` in the same public position as ``view``, hidden cards dealt at
    random; with ``weigh_auction``, deals that fit the auction are more likely, with ``read_nest``
    the hidden burial and the trump named are read as a bidder's (see above), and with ``belief``
    each card goes to a place as likely as that model says (:mod:`.belief`).
    Past ``deadline`` (a ``time.perf_counter()`` reading) it gives up with :class:`SampleError`.

    In stages: the constraints from the view (:func:`places`), the nest reading
    (:func:`read_nest_places`), dealing (:class:`Dealer`, or :class:`BeliefDealer`), then
    acceptance: the burial read in the deal (:func:`read_burial`), the deal weighed by the auction,
    replayed over the public history (:func:`_rebuild`).  To draw many deals for one view, prepare
    them once: ``Draw(view, ...).sample(rng)``."""
    return Draw(view, weigh_auction, read_nest, belief).sample(rng, tries, deadline)


def _deal_of(bidder: int, hands: list[int], played: list[int], extra: int, taken: bool, nest_seen: int,
             buried_seen: int) -> tuple[list[int], int, int]:
    """The deal that ends in ``hands`` (each seat's cards and those it played), the nest as dealt, and
    the cards buried (``extra``, the hidden nest or burial, with the burial seen), as a mask."""
    dealt = [h | played[s] for s, h in enumerate(hands)]
    buried = extra | buried_seen
    if not taken:
        nest = nest_seen or extra
    else:
        nest = nest_seen or buried
        dealt[bidder] = (dealt[bidder] | buried) & ~nest
    return dealt, nest, buried


def _rebuild(view: View, hands: list[int], played: list[int], extra: int, taken: bool, nest_seen: int,
             buried_seen: int) -> Hand | None:
    """Replay the public history over a deal that ends in ``hands``; None if it breaks a rule."""
    rules = view.rules
    dealt, nest, buried = _deal_of(view.bidder, hands, played, extra, taken, nest_seen, buried_seen)
    hand = Hand(rules, view.dealer)
    unseen = iter(cards_of(buried))  # the sampled burials stand for the ones this seat did not see
    history = view.history
    try:
        hand.set_deal(dealt, nest)
        i = 0
        while hand.phase != Phase.PLAY and i < len(history):  # the auction and the nest, each action checked
            action = history[i]
            hand.apply(A.BURY + next(unseen) if action == A.HIDDEN_BURY else action)
            i += 1
    except (IllegalAction, StopIteration):
        return None
    play = hand.apply_unchecked
    for action in history[i:]:  # the cards played: the hot part of a deal drawn late in a hand
        if hand.phase != Phase.PLAY or not hand.legal_mask() >> action & 1:
            return None
        play(action)
    if hand.phase != view.phase or hand.to_act != view.to_act or hand.nest_points != view.nest_points:
        return None
    return hand


class Template:
    """A deal of a view in the card play, replayed over the public history, standing for the view's
    other deals: they differ from it only in the hidden cards (the hands, the nest and the hidden
    burial, the burials in the history, the partners called, the "points in the nest"), so each
    is this hand with its own cards swapped in, for a fraction of a replay.  Of the replay's checks,
    the ones a deal drawn for the view could fail are made here; where the burial's legality hangs
    on the bidder's hidden cards (counters that may not be buried), the deal is replayed."""

    def __init__(self, p: Places, hand: Hand) -> None:
        self.places = p
        self.hand = hand.copy()  # the replayed hand goes to the caller, who plays on it
        view = p.view
        rules = view.rules
        # Where the replay put cards it drew for the hidden burials: in the history and in the burial.
        self.hidden_at = [i for i, a in enumerate(view.history) if a == A.HIDDEN_BURY]
        buries = [a for a in view.history if A.BURY <= a < A.PARTNER or a == A.HIDDEN_BURY]
        self.hidden_slots = [j for j, a in enumerate(buries) if a == A.HIDDEN_BURY]
        self.counters = rules.deck.counter_mask
        self.check_counters = rules.bury_counters != "allowed" and view.seat != view.bidder
        self.full = rules.deck.mask
        self.sizes = [rules.deck.hand_size] * rules.players + [rules.nest_size]

    def swap(self, hands: list[int], extra: int) -> Hand | None:
        """The hand of the deal whose seats hold ``hands`` and whose hidden nest or burial is ``extra``
        (as :func:`_rebuild` would replay it, or None where the replay would refuse it)."""
        p = self.places
        view = p.view
        played = p.played
        dealt, nest, buried_mask = _deal_of(view.bidder, hands, played, extra, p.taken, p.nest_seen, p.buried_seen)
        if self.check_counters and buried_mask & self.counters:
            return _rebuild(view, hands, played, extra, p.taken, p.nest_seen, p.buried_seen)
        union = 0
        for m, want in zip([*dealt, nest], self.sizes):  # the deal's checks (Hand.set_deal)
            if m.bit_count() != want or m & union:
                return None
            union |= m
        if union != self.full:
            return None
        hand = self.hand.copy()
        if self.hidden_slots:
            unseen = cards_of(buried_mask)
            if len(unseen) < len(self.hidden_slots):
                return None
            for j, i, c in zip(self.hidden_slots, self.hidden_at, unseen):
                hand.buried[j] = c
                hand.history[i] = A.BURY + c
        if hand.nest_points is not None and hand.nest_points != bool(mask_of(hand.buried) & self.counters):
            return None  # the replay's last check: the bidder's "points in the nest" call
        hand.hands = list(hands)
        hand.dealt = tuple(dealt)
        hand.nest = nest
        if hand.partner_cards:  # call-partner: the seats that held the cards called when the play began
            hand.partners = called_team(view.bidder, hand.partner_cards, [h | played[s] for s, h in enumerate(hands)])
        return hand
