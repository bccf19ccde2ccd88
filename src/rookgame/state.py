"""One hand of Rook as a state machine.

Phases: DEAL (chance) -> BID -> NEST (bury, trump, calls) -> PLAY -> DONE, or
THROWN_IN when the hand is redealt.  Every state lists its legal actions as a
sorted list of ints (see :mod:`rookgame.actions`); :meth:`Hand.apply` refuses
an illegal one with a reason and changes nothing; :meth:`Hand.apply_unchecked`
is the fast path; :meth:`Hand.push` / :meth:`Hand.pop` give undo for search.
"""

from __future__ import annotations

import random
from enum import IntEnum
from functools import cache
from typing import Any

from . import actions as A
from .cards import BIRD, cards_of, display_order, mask_of
from .kernel import HandResult as HandResult  # re-exported: the result of a hand
from .kernel import score_hand, winning_index
from .rules import NestStep, PlayTables, RuleSet
from .shown import shown
from .words.catalog import Param
from .words.refusals import refusal_text


class Phase(IntEnum):
    DEAL = 0
    BID = 1
    NEST = 2
    PLAY = 3
    DONE = 4
    THROWN_IN = 5


_BID = int(Phase.BID)  # plain ints for the hot comparisons
_PLAY = int(Phase.PLAY)


class IllegalAction(ValueError):
    """An action refused by the rules; the state is unchanged.

    ``code`` says which rule refused it ("not_your_turn", "must_follow", "bid_too_low" ...) and
    ``params`` the facts of the case (seats, cards and colours as ints, counts), so that each front end
    can tell it to its person in their words (:func:`rookgame.words.refusals.told`); ``str()`` is the
    engine's own sentence ("renege: R5 was led and seat 0 holds red (R7); it must follow red")."""

    def __init__(self, code: str, **params: Param) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Param] = params

    def __str__(self) -> str:
        return refusal_text(self.code, self.params)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled whole (a worker process's refusal), params included
        return (_rebuild, (self.code, self.params))


def _rebuild(code: str, params: dict[str, Param]) -> IllegalAction:
    return IllegalAction(code, **params)


_Snapshot = tuple[
    tuple[Phase, int, int, int, int, int, int, int, int, bool, bool, int, int, int, int],
    tuple[bool | None, PlayTables | None, HandResult | None],
    tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    tuple[int, int, int, int],
]


@cache
def deal_order(rules: RuleSet, dealer: int) -> tuple[int, ...]:
    """Seat (or -1 for the nest) that receives each position of a shuffled deck.

    Cards go one at a time clockwise from the dealer's left; with ``nest_dealt =
    "first_rounds"`` one card goes to the nest after each of the first rounds.
    """
    n = rules.players
    order: list[int] = []
    nest_left = rules.nest_size
    for _ in range(rules.deck.hand_size):
        order.extend((dealer + 1 + i) % n for i in range(n))
        if rules.nest_dealt == "first_rounds" and nest_left:
            order.append(-1)
            nest_left -= 1
    order.extend([-1] * nest_left)
    return tuple(order)


_BITS_CACHE: dict[int, tuple[int, ...]] = {}
_BITS_CACHE_LIMIT = 1 << 16  # masks repeat (a colour's cards, a hand as it shrinks); bound the memory


@cache
def _bid_list(lowest: int, highest: int, step: int, may_pass: bool, may_redeal: bool) -> tuple[int, ...]:
    out = [A.BID + v for v in range(lowest, highest + 1, step)]
    if may_pass:
        out.append(A.PASS)
    if may_redeal:
        out.append(A.REDEAL)
    return tuple(sorted(out))


def _bit_tuple(mask: int) -> tuple[int, ...]:
    """The set bits of a mask, ascending: the hot path of legal-action generation."""
    t = _BITS_CACHE.get(mask)
    if t is None:
        out = []
        m = mask
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        t = tuple(out)
        if len(_BITS_CACHE) < _BITS_CACHE_LIMIT:
            _BITS_CACHE[mask] = t
    return t


def _bits(mask: int) -> list[int]:
    return list(_bit_tuple(mask))


class Hand:
    """A single hand from the deal to the score."""

    __slots__ = (
        "rules", "n", "deck", "points", "dealer", "phase", "hands", "dealt", "nest", "auction",
        "passed", "high_bid", "high_bidder", "to_act", "bidder", "bid", "step", "steps", "buried",
        "trump", "low", "bird_high", "partner_cards", "partners", "tables", "trick", "leader",
        "led", "tricks", "taken", "won", "history", "result", "_stack", "nest_points", "played", "voids",
    )

    def __init__(self, rules: RuleSet, dealer: int = 0) -> None:
        self.rules = rules
        self.n = rules.players
        self.deck = rules.deck
        self.points = rules.deck.points
        self.dealer = dealer
        self.phase = Phase.DEAL
        self.hands = [0] * self.n
        self.dealt: tuple[int, ...] = ()
        self.nest = 0
        self.auction: list[tuple[int, int]] = []  # (seat, action) with action PASS, REDEAL or BID+v
        self.passed = 0
        self.high_bid = 0
        self.high_bidder = -1
        self.to_act = -1
        self.bidder = -1
        self.bid = 0
        self.step = 0
        self.steps = rules.nest_steps
        self.buried: list[int] = []
        self.trump = -2  # -2 not named yet, -1 no trump, 0..3 a colour
        self.low = False
        self.bird_high = True
        self.partner_cards: list[int] = []
        self.partners = 0  # seat mask of the bidder's side in call-partner games
        self.nest_points: bool | None = None
        self.tables: PlayTables | None = None
        self.trick: list[int] = []
        self.leader = -1
        self.led = -1
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.taken = [0] * self.n
        self.won = [0] * self.n
        self.history: list[int] = []
        self.result: HandResult | None = None
        self._stack: list[_Snapshot] = []
        # What the table has seen, kept as cards fall so that no view or bot rescans the tricks:
        # every card played (the trick in progress included), and per seat the colours (bit k:
        # effective colour k) it has shown void in by not following.
        self.played = 0
        self.voids = [0] * self.n

    # ------------------------------------------------------------------ chance: the deal
    def deal_random(self, rng: random.Random) -> None:
        # A uniform shuffle: sorting by independent random keys (twice as fast as rng.shuffle here).
        rand = rng.random
        cards = sorted(self.deck.cards, key=lambda _: rand())
        masks = [0] * (self.n + 1)  # the nest last, at index -1
        for seat, c in zip(deal_order(self.rules, self.dealer), cards):
            masks[seat] |= 1 << c
        nest = masks.pop()
        self._start(masks, nest)

    def set_deal(self, hands: list[int], nest: int) -> None:
        """Deal given hands (masks); checked: every card of the deck exactly once, the right sizes."""
        if self.phase != Phase.DEAL:
            raise IllegalAction("already_dealt")
        size = self.deck.hand_size
        if len(hands) != self.n:
            raise IllegalAction("deal_hands", hands=self.n, given=len(hands))
        seen = 0
        for seat, h in enumerate(list(hands) + [nest]):
            nest_too = seat == self.n
            want = self.rules.nest_size if nest_too else size
            if h.bit_count() != want:
                raise IllegalAction("nest_deal_size" if nest_too else "deal_size", seat=seat, count=h.bit_count(),
                                    want=want)
            if h & ~self.deck.mask:
                raise IllegalAction("nest_deal_foreign" if nest_too else "deal_foreign", seat=seat,
                                    cards=cards_of(h & ~self.deck.mask), rules=self.rules.label)
            if h & seen:
                raise IllegalAction("nest_deal_twice" if nest_too else "deal_twice", seat=seat,
                                    cards=cards_of(h & seen))
            seen |= h
        self._start(list(hands), nest)

    def _start(self, hands: list[int], nest: int) -> None:
        self.hands = hands
        self.dealt = tuple(hands)
        self.nest = nest
        self.phase = Phase.BID
        self.to_act = (self.dealer + 1) % self.n

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase >= Phase.DONE

    @property
    def step_kind(self) -> NestStep | None:
        """The bidder's declaration now due, None outside the nest phase."""
        return self.steps[self.step] if self.phase == Phase.NEST else None

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == _PLAY:
            hand = self.hands[self.to_act]
            if self.trick:
                t = self.tables
                assert t is not None
                follow = hand & t.suit_mask[self.led]
                if follow:
                    hand = follow | (hand & t.anytime)
            bits = _BITS_CACHE.get(hand)
            return list(bits) if bits is not None else _bits(hand)
        if phase == Phase.BID:
            return self._bid_actions(self.to_act)
        if phase == Phase.NEST:
            return self._nest_actions()
        return []

    def legal_tuple(self) -> tuple[int, ...]:
        """:meth:`legal_actions` as a tuple, shared rather than copied in the card play (views, play-outs)."""
        if self.phase == _PLAY:
            return _bit_tuple(self.legal_mask())
        return tuple(self.legal_actions())

    def legal_mask(self) -> int:
        """Legal cards to play as a mask (PLAY phase only), for search code."""
        hand = self.hands[self.to_act]
        if self.trick:
            t = self.tables
            assert t is not None
            follow = hand & t.suit_mask[self.led]
            if follow:
                return follow | (hand & t.anytime)
        return hand

    def _lowest_bid(self) -> int:
        r = self.rules
        return r.min_bid if self.high_bidder < 0 else self.high_bid + r.bid_step

    def _must_bid(self) -> bool:
        """all_pass = "last_must_bid": the last player left after the others passed without a bid."""
        return (self.rules.all_pass == "last_must_bid" and self.high_bidder < 0
                and self.passed.bit_count() == self.n - 1)

    def _bid_actions(self, seat: int) -> list[int]:
        return list(self._bid_choices(seat))

    def _bid_choices(self, seat: int) -> tuple[int, ...]:
        r = self.rules
        may_pass = not self._must_bid()
        may_redeal = r.no_counter_redeal and not self.hands[seat] & self.deck.counter_mask
        return _bid_list(self._lowest_bid(), r.effective_max_bid, r.bid_step, may_pass, bool(may_redeal))

    def _buryable(self) -> int:
        """Cards the bidder may bury now (all of them unless ``bury_counters = "forbidden"``).

        Forbidden: non-counters first; counters only when too few non-counters remain for
        the cards still to bury, and then counters of the trump colour first (when trump is
        already named; a bidder who buries before naming trump cannot be held to it).
        """
        hand = self.hands[self.bidder]
        if self.rules.bury_counters == "allowed":
            return hand
        left = self.rules.nest_size - len(self.buried)
        counters = self.deck.counter_mask
        plain = hand & ~counters
        if plain.bit_count() >= left:
            return plain
        if self.trump >= 0:
            t = self.rules.play_tables(self.trump, self.low, self.bird_high)
            trump_counters = hand & counters & t.suit_mask[self.trump]
            if plain.bit_count() + trump_counters.bit_count() >= left:
                return plain | trump_counters
        return hand

    def _nest_actions(self) -> list[int]:
        kind = self.steps[self.step]
        if kind == NestStep.BURY:
            return [c + 64 for c in _bits(self._buryable())]  # 64 = actions.BURY
        if kind == NestStep.TRUMP:
            out = [A.TRUMP + k for k in range(4)]
            if self.rules.no_trump:
                out.append(A.NO_TRUMP)
            return out
        if kind == NestStep.DIRECTION:
            return [A.HIGH, A.LOW]
        if kind == NestStep.BIRD:
            return [A.BIRD_HIGH, A.BIRD_LOW]
        called = mask_of(self.partner_cards)
        out = [A.PARTNER + c for c in _bits(self.deck.mask & ~called)]
        if self.partner_optional():
            out.append(A.NO_MORE_PARTNERS)
        return out

    def partner_optional(self) -> bool:
        """Whether the bidder, at a partner step, may say "no more partners" (its required calls are made)."""
        return (self.phase == Phase.NEST and self.steps[self.step] == NestStep.PARTNER
                and len(self.partner_cards) >= self.rules.min_partner_calls)

    @property
    def no_more_partners(self) -> bool:
        """Whether the bidder declined its optional partner calls."""
        return A.NO_MORE_PARTNERS in self.history

    # ------------------------------------------------------------------ checking
    def check(self, action: int, seat: int | None = None) -> str | None:
        """Why ``action`` is illegal now, in the engine's words (None if it is legal)."""
        refusal = self.refusal(action, seat)
        return None if refusal is None else str(refusal)

    def refusal(self, action: int, seat: int | None = None) -> IllegalAction | None:
        """Why ``action`` is illegal now, as a refusal with its code and facts (None if it is legal)."""
        if (self.phase == _PLAY and type(action) is int and 0 <= action < A.BURY
                and (seat is None or (type(seat) is int and seat == self.to_act))
                and self.legal_mask() >> action & 1):
            return None  # the common case first: a legal card played in turn; anything else is judged below
        # bool is an int subclass: without this, False would play card 0 and a seat 0.0 would pass.
        if isinstance(action, bool) or not isinstance(action, int):
            return IllegalAction("not_an_int", value=shown(action), type=type(action).__name__)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            return IllegalAction("seat_not_an_int", value=shown(seat), type=type(seat).__name__)
        phase = self.phase
        if phase == Phase.DEAL:
            return IllegalAction("not_dealt")
        if phase >= Phase.DONE:
            return IllegalAction("hand_over")
        if seat is not None and seat != self.to_act:
            return IllegalAction("not_your_turn", turn=self.to_act, seat=seat if seat.bit_length() <= 64
                                 else shown(seat))
        if action >= A.NUM_ACTIONS and phase == Phase.BID:
            return IllegalAction("bid_above_max", bid=shown(action - A.BID), max=self.rules.effective_max_bid)
        if not A.is_action(action):
            return IllegalAction("not_an_action", value=shown(action))
        if phase == Phase.PLAY:
            if action < A.BURY and self.legal_mask() >> action & 1:
                return None
            return self._refuse_play(action)
        if self._allows(action):
            return None
        if phase == Phase.BID:
            return self._refuse_bid(action)
        return self._refuse_nest(action)

    def _allows(self, action: int) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions` in the auction or the nest, without
        building the list (a sampled deal replays its auction and nest through these checks)."""
        if self.phase == Phase.BID:
            return action in self._bid_choices(self.to_act)
        if self.steps[self.step] == NestStep.BURY:
            return A.BURY <= action < A.PARTNER and bool(self._buryable() >> (action - A.BURY) & 1)
        return action in self._nest_actions()

    def _refuse_bid(self, action: int) -> IllegalAction:
        """Why an action that is not one of the auction's choices is refused."""
        r = self.rules
        seat = self.to_act
        if action == A.REDEAL:
            if not r.no_counter_redeal:
                return IllegalAction("no_redeal", rules=r.label)
            return IllegalAction("holds_counters", seat=seat, cards=cards_of(self.hands[seat] & self.deck.counter_mask))
        lowest = self._lowest_bid()
        if action >= A.BID:
            v = action - A.BID
            if v > r.effective_max_bid:
                return IllegalAction("bid_above_max", bid=v, max=r.effective_max_bid)
            if self.high_bidder >= 0 and v <= self.high_bid:
                return IllegalAction("bid_too_low", bid=v, high=self.high_bid, lowest=lowest)
            if v < lowest:
                return IllegalAction("bid_below_min", bid=v, lowest=lowest)
            return IllegalAction("bid_off_step", bid=v, step=r.bid_step, min=r.min_bid)
        if action == A.PASS and self._must_bid():
            return IllegalAction("must_bid", seat=seat, min=r.min_bid)
        return IllegalAction("not_a_bid", action=action, seat=seat, lowest=lowest)

    def _refuse_nest(self, action: int) -> IllegalAction:
        """Why an action that is not one of the bidder's choices at this step of the nest is refused."""
        r = self.rules
        kind = self.steps[self.step]
        bidder = self.bidder
        if kind == NestStep.BURY:
            done = len(self.buried)
            if A.BURY <= action < A.PARTNER:
                card = action - A.BURY
                if self.hands[bidder] >> card & 1:
                    return IllegalAction("bury_counter", card=card, bidder=bidder,
                                         allowed=display_order(cards_of(self._buryable())))
                return IllegalAction("bury_not_held", card=card, bidder=bidder)
            return IllegalAction("must_bury", bidder=bidder, left=r.nest_size - done, done=done, size=r.nest_size)
        if kind == NestStep.PARTNER and A.PARTNER <= action < A.PASS:
            return IllegalAction("partner_not_callable", card=action - A.PARTNER)
        if action == A.NO_MORE_PARTNERS:
            if not r.partner_calls:
                return IllegalAction("no_partner_calls", rules=r.label)
            if r.min_partner_calls == r.partner_calls:
                return IllegalAction("exact_partner_calls", bidder=bidder, calls=r.partner_calls)
            if kind == NestStep.PARTNER:
                return IllegalAction("partner_calls_needed", bidder=bidder, min=r.min_partner_calls,
                                     called=len(self.partner_cards))
        if kind == NestStep.TRUMP:
            return IllegalAction("must_name_trump_or_none" if r.no_trump else "must_name_trump", action=action,
                                 bidder=bidder)
        if kind == NestStep.PARTNER:
            return IllegalAction("must_call_partner_or_stop" if self.partner_optional() else "must_call_partner",
                                 action=action, bidder=bidder)
        return IllegalAction("must_call_direction" if kind == NestStep.DIRECTION else "must_call_bird", action=action,
                             bidder=bidder)

    def _refuse_play(self, action: int) -> IllegalAction:
        """Why an action that is not a card this seat may play now is refused."""
        if action >= A.BURY:
            return IllegalAction("not_a_card", action=action)
        seat = self.to_act
        hand = self.hands[seat]
        if not hand >> action & 1:
            return IllegalAction("card_not_held", seat=seat, card=action)
        t = self.tables
        assert t is not None
        held = display_order(cards_of(hand & t.suit_mask[self.led]))
        lead = self.trick[0]
        if action >= BIRD and t.suit[action] == t.trump:
            return IllegalAction("bird_renege", seat=seat, lead=lead, colour=self.led, held=held)
        if self.led == t.trump:
            return IllegalAction("must_follow_trump", seat=seat, lead=lead, held=held)
        return IllegalAction("must_follow", seat=seat, lead=lead, colour=self.led, held=held)

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply a legal action; raise :class:`IllegalAction` with the reason otherwise."""
        refusal = self.refusal(action, seat)
        if refusal is not None:
            raise refusal
        self.apply_unchecked(action)

    # ------------------------------------------------------------------ transitions
    def apply_unchecked(self, action: int) -> None:
        self.history.append(action)
        if self.phase != _PLAY:
            if self.phase == _BID:
                self._bid(action)
            else:
                self._nest(action)
            return
        # Playing a card: the hot path, kept in one function.
        seat = self.to_act
        bit = 1 << action
        self.hands[seat] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(action)
        n = len(trick)
        t = self.tables
        assert t is not None
        if n == 1:
            self.led = t.suit[action]
            self.leader = seat
        elif t.suit[action] != self.led and not t.anytime & bit:
            self.voids[seat] |= 1 << self.led
        if n < self.n:
            self.to_act = (seat + 1) % self.n
            return
        self._end_trick()

    def _end_trick(self) -> None:
        trick = self.trick
        t = self.tables
        assert t is not None
        best = winning_index(t, trick)
        winner = (self.leader + best) % self.n
        pts = self.points
        self.taken[winner] += sum([pts[c] for c in trick])
        self.won[winner] += 1
        self.tricks.append((self.leader, tuple(trick), winner))
        self.trick = []
        self.to_act = winner
        if len(self.tricks) == self.deck.hand_size:
            self._score()

    def _bid(self, action: int) -> None:
        seat = self.to_act
        n = self.n
        self.auction.append((seat, action))
        if action == A.REDEAL:
            self.phase = Phase.THROWN_IN
            self.to_act = -1
            return
        if action == A.PASS:
            self.passed |= 1 << seat
        else:
            self.high_bid = action - A.BID
            self.high_bidder = seat
        npassed = self.passed.bit_count()
        r = self.rules
        if self.high_bidder >= 0 and (npassed == n - 1 or self.high_bid + r.bid_step > r.effective_max_bid):
            self._won_auction(self.high_bidder, self.high_bid)
            return
        if npassed == n:
            if self.rules.all_pass == "dealer_takes_min":
                self._won_auction(self.dealer, self.rules.min_bid)
            else:
                self.phase = Phase.THROWN_IN
                self.to_act = -1
            return
        nxt = (seat + 1) % n
        while self.passed >> nxt & 1:
            nxt = (nxt + 1) % n
        self.to_act = nxt

    def _won_auction(self, seat: int, value: int) -> None:
        self.bidder = seat
        self.bid = value
        if self.rules.pickup_step == 0:
            self.hands[seat] |= self.nest
        self.to_act = seat
        self.step = 0
        if self.steps:
            self.phase = Phase.NEST
        else:
            self._start_play()

    def _nest(self, action: int) -> None:
        if action < A.PARTNER:
            card = action - A.BURY
            self.hands[self.bidder] ^= 1 << card
            self.buried.append(card)
        elif action < A.PASS:
            self.partner_cards.append(action - A.PARTNER)
        elif action < A.NO_TRUMP:
            self.trump = action - A.TRUMP
        elif action == A.NO_TRUMP:
            self.trump = -1
        elif action == A.NO_MORE_PARTNERS:
            # Declining ends the partner calls: skip the optional ones left.
            while self.step + 1 < len(self.steps) and self.steps[self.step + 1] == NestStep.PARTNER:
                self.step += 1
        elif action in (A.HIGH, A.LOW):
            self.low = action == A.LOW
        else:
            self.bird_high = action == A.BIRD_HIGH
        self.step += 1
        if self.step == self.rules.pickup_step:
            self.hands[self.bidder] |= self.nest  # trump_before_nest: trump is named, now take the nest
        if self.step == len(self.steps):
            self._start_play()

    def nest_taken(self) -> bool:
        """Whether the bidder has taken the nest into hand."""
        if self.bidder < 0 or self.phase == Phase.THROWN_IN:
            return False
        return self.phase > Phase.NEST or self.step >= self.rules.pickup_step

    def _start_play(self) -> None:
        r = self.rules
        if self.trump == -2:  # a rule set whose steps name no trump cannot happen; keep a sane default
            self.trump = -1
        self.tables = r.play_tables(self.trump, self.low, self.bird_high)
        if r.announce_nest_points:
            self.nest_points = bool(mask_of(self.buried) & self.deck.counter_mask)
        if r.mode == "call-partner":
            self.partners = called_team(self.bidder, self.partner_cards, self.hands)
        self.phase = Phase.PLAY
        self.leader = self.bidder if r.first_lead == "bidder" else (self.dealer + 1) % self.n
        self.to_act = self.leader

    # ------------------------------------------------------------------ scoring
    def team_mask(self) -> int:
        """Seats on the bidder's side (the bidder alone in individual games)."""
        r = self.rules
        if r.mode == "partners":
            return sum(1 << s for s in range(self.n) if s % 2 == self.bidder % 2)
        if r.mode == "call-partner":
            return self.partners
        return 1 << self.bidder

    def _score(self) -> None:
        self.result = score_hand(self.rules, self.taken, self.won, self.tricks[-1][2],
                                 sum(self.points[c] for c in self.buried), self.bidder, self.bid, self.team_mask())
        self.phase = Phase.DONE
        self.to_act = -1

    # ------------------------------------------------------------------ undo for search
    def push(self, action: int) -> None:
        """Apply without checks, remembering how to :meth:`pop` it."""
        self._stack.append((
            (self.phase, self.passed, self.high_bid, self.high_bidder, self.to_act, self.bidder, self.bid,
             self.step, self.trump, self.low, self.bird_high, self.partners, self.leader, self.led, self.played),
            (self.nest_points, self.tables, self.result),
            (tuple(self.hands), tuple(self.trick), tuple(self.taken), tuple(self.won), tuple(self.voids)),
            (len(self.auction), len(self.buried), len(self.partner_cards), len(self.tricks)),
        ))
        self.apply_unchecked(action)

    def pop(self) -> int:
        """Undo the last :meth:`push`; returns its action."""
        ints, objs, lists, lengths = self._stack.pop()
        (self.phase, self.passed, self.high_bid, self.high_bidder, self.to_act, self.bidder, self.bid,
         self.step, self.trump, self.low, self.bird_high, self.partners, self.leader, self.led, self.played) = ints
        self.nest_points, self.tables, self.result = objs
        hands, trick, taken, won, voids = lists
        self.hands, self.trick, self.taken, self.won = list(hands), list(trick), list(taken), list(won)
        self.voids = list(voids)
        na, nb, npc, nt = lengths
        del self.auction[na:]
        del self.buried[nb:]
        del self.partner_cards[npc:]
        del self.tricks[nt:]
        return self.history.pop()

    def copy(self) -> Hand:
        """An independent copy (the undo stack is not copied)."""
        h = Hand.__new__(Hand)
        for k in self.__slots__:
            v = getattr(self, k)
            setattr(h, k, list(v) if isinstance(v, list) else v)
        h._stack = []
        return h

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        return (f"<Hand {self.rules.label} dealer={self.dealer} phase={self.phase.name} "
                f"to_act={self.to_act} actions={len(self.history)}>")


def called_team(bidder: int, called: list[int], hands: list[int]) -> int:
    """Call-partner: the bidder's side as a seat mask, the bidder and every seat holding a card called
    (``hands`` as they are when the card play starts)."""
    team = 1 << bidder
    for c in called:
        for seat, h in enumerate(hands):
            if h >> c & 1:
                team |= 1 << seat
    return team


def trump_name(trump: int) -> str:
    return "none" if trump == -1 else ("?" if trump == -2 else "BRYG"[trump])
