"""Shared helpers for building chosen positions and driving random hands.

Positions are built the way a table would reach them: deal chosen hands with
``Hand.set_deal``, run the auction and the bidder's declarations with
``Hand.apply`` (checked), then play cards with ``Hand.apply``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from rookgame import actions as A
from rookgame.arena import ArenaResult
from rookgame.bots import Player
from rookgame.cards import BIRD, COLOURS, card_str, cards_of, colour_of, mask_of, parse_card, parse_cards
from rookgame.rules import RuleSet
from rookgame.state import Hand, Phase
from rookgame.view import view_of

# ---------------------------------------------------------------------- scoring deals (RULES.md §8)
# A tournament deal (41 cards) in which seat 0 bids, names black trump and leads.
# Counters: seat 0 holds 20, seat 1 15, seat 2 45, seat 3 25, the nest 15: 120 in all.
DEAL_105 = {
    0: "B7 B8 B9 B10 B11 B12 B13 B14 G6",
    1: "R5 R6 R7 R8 R9 R10 R11 R12 R13",
    2: "RK R14 Y5 Y6 Y7 Y8 Y9 Y10 Y11",
    3: "Y12 Y13 Y14 G5 G7 G8 G9 G10 G13",
}
NEST_105 = "B5 B6 G11 G12 G14"
PLAY_105 = [
    "G6 R5 Y6 G10",  # seat 3 wins green: 15 to the defenders
    "Y12 B7 R6 Y7",  # seat 0 trumps
    "B8 R7 RK Y13",  # trump led: seat 2's only trump is the Bird, it must play it and wins 20
    "Y8 Y14 B9 R8",  # seat 0 trumps the yellow 14
    "B10 R9 Y5 G5",
    "B11 R10 Y9 G7",
    "B12 R11 Y10 G8",
    "B13 R12 Y11 G9",
    "B14 R13 R14 G13",  # last trick to seat 0: the nest's 15 too
]

DEAL_75 = {
    0: "B8 B9 B10 B11 B12 B13 B14 G6 G7",
    1: "R5 R6 R7 R8 R9 R10 R11 R12 R13",
    2: "RK R14 Y5 Y6 Y7 Y8 Y9 Y10 Y11",
    3: "Y12 Y13 Y14 G5 G8 G9 G10 G11 G13",
}
NEST_75 = "B5 B6 B7 G12 G14"
PLAY_75 = [
    "B8 R5 RK G5",  # 30 to seat 2
    "R14 G8 B9 R6",  # 10 to seat 0
    "B10 R7 Y5 G9",  # 15
    "G6 R10 Y10 G10",  # seat 3 wins 30 for the defenders
    "Y12 B11 R8 Y6",
    "B12 R9 Y7 Y13",
    "B13 R11 Y8 Y14",  # 10
    "B14 R12 Y9 G11",  # 10
    "G7 R13 Y11 G13",  # seat 3 wins the last trick, and with it the nest's 15
]


def cards(text: str) -> int:
    """A mask from card text such as ``"Y14 G5 RK"``."""
    return mask_of(parse_cards(text))


def names(mask: int) -> set[str]:
    return {card_str(c) for c in cards_of(mask)}


def deal(
    rules: RuleSet,
    hands: dict[int, str] | None = None,
    nest: str = "",
    dealer: int = 0,
    voids: dict[int, str] | None = None,
) -> Hand:
    """A hand dealt with the given cards where stated; the rest of the deck fills up.

    ``voids`` maps a seat to colour letters (and/or ``K`` for Birds) that the filler must
    not give it.  Unnamed Birds and special trumps go to the nest first where it has room.
    """
    hands = hands or {}
    voids = voids or {}
    n = rules.players
    size = rules.deck.hand_size
    slots = [cards(hands.get(s, "")) for s in range(n)] + [cards(nest)]
    want = [size] * n + [rules.nest_size]
    placed = 0
    for m in slots:
        assert not m & placed, "a card is named twice"
        placed |= m
    assert not placed & ~rules.deck.mask, "a named card is not in the deck"
    special = set(rules.special_trumps)

    def forbidden(slot: int, c: int) -> bool:
        if slot == n:
            return False
        v = voids.get(slot, "").upper()
        if c >= BIRD:
            return "K" in v
        return COLOURS[colour_of(c)] in v

    pool = [c for c in rules.deck.cards if not placed >> c & 1]
    # The most constrained cards first (those that few seats may receive), Birds to the nest.
    pool.sort(key=lambda c: (c not in special, sum(not forbidden(slot, c) for slot in range(n)), c))
    for c in pool:
        order = [n, *range(n)] if c in special else [*range(n), n]
        for slot in order:
            if slots[slot].bit_count() < want[slot] and not forbidden(slot, c):
                slots[slot] |= 1 << c
                break
        else:  # pragma: no cover - a helper misuse
            raise AssertionError(f"no room for {card_str(c)}")
    hand = Hand(rules, dealer)
    hand.set_deal(slots[:n], slots[n])
    return hand


def win_bid(hand: Hand, seat: int, value: int | None = None) -> None:
    """Run the auction so that ``seat`` wins it at ``value`` (default: the minimum bid)."""
    value = hand.rules.min_bid if value is None else value
    while hand.phase == Phase.BID:
        seat_now = hand.to_act
        if seat_now == seat and hand.high_bidder != seat:
            hand.apply(A.BID + value, seat_now)
        else:
            hand.apply(A.PASS, seat_now)
    assert hand.bidder == seat and hand.bid == value


def declare(
    hand: Hand,
    trump: str | int,
    bury: str | None = None,
    bird_high: bool = True,
    partner: str | None = None,
    low: bool = False,
) -> None:
    """The bidder's declarations in the order of the rule set.

    ``bury`` defaults to the nest as dealt (the bidder lays the nest back aside);
    ``partner`` defaults to a card of the bidder's own hand (the bidder plays alone).
    """
    if isinstance(trump, str):
        colour = -1 if trump.lower() == "none" else COLOURS.index(trump.upper())
    else:
        colour = trump
    to_bury = parse_cards(bury) if bury is not None else cards_of(hand.nest)
    partners = parse_cards(partner) if partner is not None else []
    while hand.phase == Phase.NEST:
        kind = hand.step_kind
        b = hand.bidder
        if kind == "bury":
            hand.apply(A.BURY + to_bury.pop(0), b)
        elif kind == "trump":
            hand.apply(A.NO_TRUMP if colour < 0 else A.TRUMP + colour, b)
        elif kind == "bird":
            hand.apply(A.BIRD_HIGH if bird_high else A.BIRD_LOW, b)
        elif kind == "partner":
            own = [c for c in cards_of(hand.hands[b]) if c not in hand.partner_cards]
            card = partners.pop(0) if partners else own[0]
            hand.apply(A.PARTNER + card, b)
        elif kind == "direction":
            hand.apply(A.LOW if low else A.HIGH, b)
        else:  # pragma: no cover
            raise AssertionError(kind)


def setup(
    rules: RuleSet,
    hands: dict[int, str],
    trump: str,
    leader: int = 0,
    nest: str = "",
    voids: dict[int, str] | None = None,
    bid: int | None = None,
    bird_high: bool = True,
    partner: str | None = None,
    low: bool = False,
) -> Hand:
    """A hand in play with ``leader`` to lead: it deals left of it and wins the bid."""
    n = rules.players
    hand = deal(rules, hands, nest=nest, dealer=(leader - 1) % n, voids=voids)
    win_bid(hand, leader, bid)
    declare(hand, trump, bird_high=bird_high, partner=partner, low=low)
    assert hand.phase == Phase.PLAY and hand.to_act == leader
    return hand


def play(hand: Hand, text: str | Iterable[str]) -> None:
    """Play cards in turn order, each by the seat to act, checked."""
    tokens = text.split() if isinstance(text, str) else list(text)
    for t in tokens:
        hand.apply(parse_card(t), hand.to_act)


def last_winner(hand: Hand) -> int:
    return hand.tricks[-1][2]


def random_hand(rules: RuleSet, seed: int, dealer: int | None = None) -> tuple[Hand, list[Hand]]:
    """Play one hand with uniform random legal actions; returns the hand and a copy per step.

    The copies are taken before each action (the dealt position first), so a test can
    look at every intermediate state.
    """
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players) if dealer is None else dealer)
    hand.deal_random(rng)
    states = [hand.copy()]
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal, f"no legal action in phase {hand.phase.name}"
        hand.apply(rng.choice(legal), hand.to_act)
        states.append(hand.copy())
    return hand, states


def play_scripted(rules: RuleSet, hands: dict[int, str], nest: str, tricks: list[str], bid: int,
                  trump: str = "B") -> Hand:
    """Deal (dealer 3), seat 0 wins at ``bid``, lays the nest back, names ``trump``; play ``tricks``."""
    hand = deal(rules, hands, nest=nest, dealer=3)
    win_bid(hand, 0, bid)
    declare(hand, trump)
    for t in tricks:
        play(hand, t)
    assert hand.phase == Phase.DONE
    assert hand.result is not None
    return hand


def play_out(hand: Hand, players: Sequence[Player]) -> None:
    """Each seat's player chooses from its own view until the hand is over (checked)."""
    while not hand.is_over:
        s = hand.to_act
        hand.apply(players[s].act(view_of(hand, s)), s)


# ---------------------------------------------------------------------- arena results
def comparable(result: ArenaResult) -> dict[str, Any]:
    """The JSON summary less what depends on the machine: timings and the worker count."""
    js = result.to_json()
    for key in ("workers", "seconds"):
        js.pop(key)
    for bot in js["per_bot"]:
        bot.pop("decision_ms")
    return js
