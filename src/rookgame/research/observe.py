"""A seat's :class:`~rookgame.view.View` as a fixed-shape array, and as text.

The observers of OpenSpiel, PettingZoo and Gymnasium all stand on this module; it reads a
``View`` and nothing else, so it can show a learner only what the seat may see.  It knows no
rule: who may play what is the engine's (the action masks come from ``view.legal``).

Seats are written *relative to the observer* (0 = me, 1 = my left, ...), so that one policy
serves every seat; the absolute seat is one piece of its own.  A card is one of 58 slots, its
index in :mod:`rookgame.cards` (slots of cards not in the deck stay 0).

The observation (``perfect_recall=False``), piece by piece (name: shape):

===================  ==========  ===================================================================
seat                 (n,)        one-hot absolute seat
dealer               (n,)        relative seat of the dealer
phase                (6,)        deal, bid, nest, play, done, thrown in
step                 (5,)        the bidder's declaration now: bury, trump, direction, bird, partner
to_act               (n,)        relative seat to act
hand                 (58,)       own cards
played               (n, 58)     cards each seat has played this hand (the trick in progress included)
trick                (n, 58)     the trick in progress, by the seat that played each card
nest                 (58,)       the nest as dealt, where this seat has seen it
buried               (58,)       own burials (the bidder), and trumps buried face up (everyone)
auction              (n, 3)      per seat: its last bid / max bid, passed, called a redeal
high_bid             (1,)        high bid so far / max bid
high_bidder          (n,)        relative seat of the high bidder
bidder               (n,)        relative seat of the bidder (once the auction is won)
bid                  (1,)        the contract / max bid
trump                (6,)        not named, no trump, B, R, Y, G
low, bird_high       (1,), (1,)  the low call; the Bird high
partner_cards        (58,)       called partner cards
known_partners       (n,)        seats known to be on the bidder's side
nest_points          (3,)        no announcement, points in the nest, none
hand_sizes           (n,)        cards held per seat / (hand size + nest size)
won                  (n,)        tricks won per seat / tricks in a hand
taken                (n,)        counter points in the tricks each seat won / points in play
totals               (n,)        the game's totals before this hand per side (padded) / goal
voids                (n, 4)      colours each seat has shown void in
===================  ==========  ===================================================================

The information state (``perfect_recall=True``) adds the order of what happened:

===================  ==========  ===================================================================
auction_seq          (L, n+3)    each call in turn: relative seat, pass, redeal, bid / max bid
buried_seq           (k, 58)     own burials in order (the bidder only)
called_seq           (c, 58)     partner calls in order
tricks_seq           (t, n, 58)  every finished trick, card by relative seat
===================  ==========  ===================================================================

with ``L`` the longest auction the rules allow, ``k`` the nest size, ``c`` the partner calls and
``t`` the tricks in a hand.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from .. import actions as A
from ..cards import NUM_CARDS, card_str, cards_of, display_order
from ..kernel import seat_of
from ..rules import NestStep, RuleSet
from ..view import View

STEPS = tuple(NestStep)  # one slot per step, in the order of their declaration

Array = npt.NDArray[np.float32]


def max_auction(rules: RuleSet) -> int:
    """The most calls an auction can have: every bid value once, each seat's pass, a redeal."""
    bids = (rules.effective_max_bid - rules.min_bid) // rules.bid_step + 1
    return max(bids, 0) + rules.players + 1


@cache
def pieces(rules: RuleSet, perfect_recall: bool = False) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The observation's pieces in order: (name, shape)."""
    n = rules.players
    c = NUM_CARDS
    out: list[tuple[str, tuple[int, ...]]] = [
        ("seat", (n,)), ("dealer", (n,)), ("phase", (6,)), ("step", (len(STEPS),)), ("to_act", (n,)),
        ("hand", (c,)), ("played", (n, c)), ("trick", (n, c)), ("nest", (c,)), ("buried", (c,)),
        ("auction", (n, 3)), ("high_bid", (1,)), ("high_bidder", (n,)), ("bidder", (n,)), ("bid", (1,)),
        ("trump", (6,)), ("low", (1,)), ("bird_high", (1,)), ("partner_cards", (c,)), ("known_partners", (n,)),
        ("nest_points", (3,)), ("hand_sizes", (n,)), ("won", (n,)), ("taken", (n,)), ("totals", (n,)),
        ("voids", (n, 4)),
    ]
    if perfect_recall:
        out += [
            ("auction_seq", (max_auction(rules), n + 3)),
            ("buried_seq", (max(rules.nest_size, 1), c)),
            ("called_seq", (max(rules.partner_calls, 1), c)),
            ("tricks_seq", (rules.num_tricks, n, c)),
        ]
    return tuple(out)


def size(rules: RuleSet, perfect_recall: bool = False) -> int:
    """Length of the flat observation."""
    return sum(int(np.prod(shape)) for _, shape in pieces(rules, perfect_recall))


class Encoder:
    """One flat float32 array and named views into it, refilled from a View by :meth:`encode`."""

    def __init__(self, rules: RuleSet, perfect_recall: bool = False) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        self.tensor: Array = np.zeros(size(rules, perfect_recall), np.float32)
        self.dict: dict[str, Array] = {}
        at = 0
        for name, shape in pieces(rules, perfect_recall):
            k = int(np.prod(shape))
            self.dict[name] = self.tensor[at:at + k].reshape(shape)
            at += k

    def encode(self, view: View) -> Array:
        """Fill :attr:`tensor` from ``view`` (and return it; it is reused by the next call)."""
        self.tensor.fill(0.0)
        d = self.dict
        rules = self.rules
        n = rules.players
        me = view.seat

        def rel(seat: int) -> int:
            return (seat - me) % n

        top = float(max(rules.effective_max_bid, 1))
        d["seat"][me] = 1
        d["dealer"][rel(view.dealer)] = 1
        d["phase"][int(view.phase)] = 1
        if view.step:
            d["step"][STEPS.index(view.step)] = 1
        if view.to_act >= 0:
            d["to_act"][rel(view.to_act)] = 1
        _set_cards(d["hand"], int(view.hand))
        by_seat = [0] * n  # cards played, by relative seat, as masks
        taken = [0] * n  # counter points won, by relative seat
        points = rules.deck.points
        for leader, cards, winner in view.tricks:
            for i, card in enumerate(cards):
                by_seat[rel(seat_of(leader, i, n))] |= 1 << card
            taken[rel(winner)] += sum([points[c] for c in cards])
        for i, card in enumerate(view.trick):
            s = rel(seat_of(view.leader, i, n))
            by_seat[s] |= 1 << card
            d["trick"][s, card] = 1
        for s, mask in enumerate(by_seat):
            _set_cards(d["played"][s], mask)
        if view.nest is not None:
            _set_cards(d["nest"], int(view.nest))
        _set_cards(d["buried"], int(view.shown_buried) | (int(view.buried) if view.buried is not None else 0))
        auction = d["auction"]
        for seat, action in view.auction:
            if action >= A.BID:
                auction[rel(seat), 0] = (action - A.BID) / top
            elif action == A.PASS:
                auction[rel(seat), 1] = 1
            elif action == A.REDEAL:
                auction[rel(seat), 2] = 1
        if view.high_bidder >= 0:
            d["high_bid"][0] = view.high_bid / top
            d["high_bidder"][rel(view.high_bidder)] = 1
        if view.bidder >= 0:
            d["bidder"][rel(view.bidder)] = 1
            d["bid"][0] = view.bid / top
        d["trump"][view.trump + 2] = 1
        d["low"][0] = float(view.low)
        d["bird_high"][0] = float(view.bird_high)
        for card in view.partner_cards:
            d["partner_cards"][card] = 1
        for seat in view.known_partners:
            d["known_partners"][rel(seat)] = 1
        d["nest_points"][0 if view.nest_points is None else (1 if view.nest_points else 2)] = 1
        size_ = float(max(rules.deck.hand_size + rules.nest_size, 1))
        tricks = float(max(rules.num_tricks, 1))
        in_play = float(max(rules.total_points, 1))
        for seat in range(n):
            r = rel(seat)
            d["hand_sizes"][r] = view.hand_sizes[seat] / size_ if view.hand_sizes else 0.0
            d["won"][r] = view.won[seat] / tricks if view.won else 0.0
            d["taken"][r] = taken[r] / in_play
        goal = float(max(rules.goal, 1))
        for k, total in enumerate(view.totals[:n]):
            d["totals"][k] = total / goal
        for seat, colours in enumerate(view.voids):
            for k in range(4):
                if colours >> k & 1:
                    d["voids"][rel(seat), k] = 1
        if self.perfect_recall:
            self._encode_sequences(view, top)
        return self.tensor

    def _encode_sequences(self, view: View, top: float) -> None:
        d = self.dict
        n = self.rules.players
        me = view.seat
        seq = d["auction_seq"]
        for i, (seat, action) in enumerate(view.auction):
            seq[i, (seat - me) % n] = 1
            if action == A.PASS:
                seq[i, n] = 1
            elif action == A.REDEAL:
                seq[i, n + 1] = 1
            else:
                seq[i, n + 2] = (action - A.BID) / top
        start = len(view.auction)
        buried = [a - A.BURY for a in view.history[start:] if A.BURY <= a < A.BURY + NUM_CARDS]
        for i, card in enumerate(buried):
            d["buried_seq"][i, card] = 1
        for i, card in enumerate(view.partner_cards):
            d["called_seq"][i, card] = 1
        for t, (leader, cards, _) in enumerate(view.tricks):
            for i, card in enumerate(cards):
                d["tricks_seq"][t, (seat_of(leader, i, n) - me) % n, card] = 1


def _set_cards(row: Array, mask: int) -> None:
    if mask:
        row[cards_of(mask)] = 1


def _cards(mask: int) -> str:
    return " ".join(card_str(c) for c in display_order(cards_of(mask))) or "-"


def _action(action: int) -> str:
    return "bury ?" if action == A.HIDDEN_BURY else A.action_str(action)


def observation_string(view: View) -> str:
    """What the seat sees now, in words (one line)."""
    parts = [f"seat {view.seat}", f"phase {view.phase.name.lower()}", f"hand {_cards(int(view.hand))}"]
    if view.auction:
        parts.append("auction " + ", ".join(f"{s}:{_action(a)}" for s, a in view.auction))
    if view.nest is not None:
        parts.append(f"nest {_cards(int(view.nest))}")
    if view.buried is not None:
        parts.append(f"buried {_cards(int(view.buried))}")
    if int(view.shown_buried):
        parts.append(f"shown {_cards(int(view.shown_buried))}")
    if view.bidder >= 0:
        parts.append(f"bidder {view.bidder} bid {view.bid}")
    if view.trump != -2:
        parts.append("trump " + ("none" if view.trump == -1 else "BRYG"[view.trump])
                     + (" low" if view.low else "") + ("" if view.bird_high else " bird low"))
    if view.partner_cards:
        parts.append("called " + " ".join(card_str(c) for c in view.partner_cards))
    if view.step:
        parts.append(f"step {view.step}")
    if view.nest_points is not None:
        parts.append(f"nest points {'yes' if view.nest_points else 'no'}")
    if int(view.played):
        parts.append(f"played {_cards(int(view.played))}")
    if view.trick:
        parts.append(f"trick {view.leader}:" + " ".join(card_str(c) for c in view.trick))
    if view.won:
        parts.append("won " + " ".join(map(str, view.won)))
    if view.totals:
        parts.append("totals " + " ".join(map(str, view.totals)))
    if view.to_act >= 0:
        parts.append(f"to act {view.to_act}")
    return "; ".join(parts)


def information_state_string(view: View) -> str:
    """Everything the seat has seen, in order (perfect recall): its hand and what it saw of the
    nest and burials, then the hand's actions with other seats' burials hidden."""
    parts = [f"seat {view.seat}", f"dealer {view.dealer}", f"hand {_cards(int(view.hand))}"]
    if view.nest is not None:
        parts.append(f"nest {_cards(int(view.nest))}")
    if int(view.shown_buried):
        parts.append(f"shown {_cards(int(view.shown_buried))}")
    if view.nest_points is not None:
        parts.append(f"nest points {'yes' if view.nest_points else 'no'}")
    if view.totals:
        parts.append("totals " + " ".join(map(str, view.totals)))
    parts.append("history " + (", ".join(_action(a) for a in view.history) or "-"))
    return "; ".join(parts)
