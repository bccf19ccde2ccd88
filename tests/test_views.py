"""Hidden information: a seat's view holds its own cards and what the table has been shown.

The fairness check: for a seat at any point of a hand, deal the cards it cannot see
differently (same sizes, same cards played, same auction and declarations) and replay the
same actions; the seat's view must not change.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rookgame import actions as A
from rookgame.cards import cards_of, parse_card
from rookgame.rules import PRESETS, RuleSet
from rookgame.state import Hand, Phase
from rookgame.view import View, view_of

from .helpers import deal, declare, play, random_hand, setup, win_bid

FAIRNESS_PRESETS = ["kentucky-discard", "full-deck", "cutthroat", "call-partner", "call-partner-6",
                    "regular-partnership", "red-one", "double-bird", "individual-5"]


def played_by(hand: Hand) -> list[int]:
    """Cards played so far by each seat, as masks."""
    out = [0] * hand.n
    tricks = [(lead, cards) for lead, cards, _ in hand.tricks] + [(hand.leader, tuple(hand.trick))]
    for lead, cards in tricks:
        for i, c in enumerate(cards):
            out[(lead + i) % hand.n] |= 1 << c
    return out


def other_world(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same hand from ``seat``'s chair, with every card it cannot see dealt anew.

    Unseen: the other seats' cards still in hand, the nest until a bidder takes it (to
    everyone but the bidder after), and the buried cards (to everyone but the bidder).
    """
    rules = hand.rules
    n = hand.n
    played = played_by(hand)
    took_nest = hand.bidder >= 0 and hand.phase != Phase.THROWN_IN
    is_bidder = took_nest and seat == hand.bidder
    # Slots of unseen cards: the other seats' current hands, then the buried cards or the nest.
    slots = [hand.hands[s] if s != seat else 0 for s in range(n)]
    hidden_buried = took_nest and not is_bidder and not (rules.announce_nest_points and hand.nest_points is not None)
    if not took_nest:
        slots.append(hand.nest)
    elif hidden_buried:
        slots.append(sum(1 << c for c in hand.buried))
    else:
        slots.append(0)
    pool = [c for m in slots for c in cards_of(m)]
    rng.shuffle(pool)
    new = []
    for m in slots:
        k = m.bit_count()
        new.append(sum(1 << c for c in pool[:k]))
        pool = pool[k:]
    hands_now, extra = new[:n], new[n]
    hands_now[seat] = hand.hands[seat]
    buried = list(hand.buried)
    if took_nest and hidden_buried:
        buried = cards_of(extra)
        rng.shuffle(buried)
    # Rebuild the deal: a seat was dealt what it holds now plus what it played.
    dealt = [hands_now[s] | played[s] for s in range(n)]
    if not took_nest:
        nest = extra
    elif is_bidder:
        nest = hand.nest
        dealt[seat] = hand.dealt[seat]
    else:
        b = hand.bidder
        held = dealt[b] | sum(1 << c for c in buried)
        if hand.nest_taken():
            # The bidder's cards were its deal and the nest: any split of the unseen ones will do.
            if rules.nest_size:
                candidates = [c for c in cards_of(held) if not played[b] >> c & 1]
                nest = sum(1 << c for c in candidates[: rules.nest_size])
            else:
                nest = 0
            dealt[b] = held & ~nest
        else:  # pragma: no cover - only house rules keep the nest aside after the auction
            nest = hand.nest
    other = Hand(rules, hand.dealer)
    other.set_deal(dealt, nest)
    bury_iter = iter(buried)
    for action in hand.history:
        if other.phase == Phase.NEST and other.step_kind == "bury":
            action = A.BURY + next(bury_iter)
        other.apply_unchecked(action)
    return other


def assert_fair(hand: Hand, seat: int, rng: random.Random,
                view: Callable[[Hand, int], View] = view_of) -> None:
    mine = view(hand, seat)
    for _ in range(2):
        other = other_world(hand, seat, rng)
        assert other.hands[seat] == hand.hands[seat]
        assert len(other.history) == len(hand.history)
        assert all(a == b for a, b in zip(other.history, hand.history) if not A.BURY <= a < A.PARTNER)
        theirs = view(other, seat)
        if theirs != mine:
            diff = [f for f in View._fields if getattr(theirs, f) != getattr(mine, f)]
            raise AssertionError(f"seat {seat}'s view depends on unseen cards: {diff} "
                                 f"(phase {hand.phase.name}, step {len(hand.history)})")


@pytest.mark.parametrize("name", FAIRNESS_PRESETS)
def test_view_does_not_depend_on_unseen_cards(name: str) -> None:
    rules = PRESETS[name]
    rng = random.Random(name)
    for _ in range(2):
        _, states = random_hand(rules, seed=rng.randrange(10**9))
        for state in states:
            for seat in range(rules.players):
                assert_fair(state, seat, rng)


@pytest.mark.parametrize("leak", ["next hand", "nest", "partner holder"])
def test_fairness_check_catches_a_leak(leak: str) -> None:
    """The check itself: a view that let slip another seat's cards, the nest or the secret
    partner would be caught."""

    def leaky(hand: Hand, seat: int) -> View:
        v = view_of(hand, seat)
        if leak == "next hand":
            return v._replace(hand_sizes=(hand.hands[(seat + 1) % hand.n],))
        if leak == "nest":
            return v._replace(buried_count=hand.nest)
        return v._replace(known_partners=tuple(s for s in range(hand.n) if hand.partners >> s & 1))

    name = "call-partner" if leak == "partner holder" else "kentucky-discard"
    rng = random.Random(1)
    caught = False
    for seed in range(5):
        _, states = random_hand(PRESETS[name], seed=seed)
        for state in states[1:]:
            for seat in range(state.n):
                try:
                    assert_fair(state, seat, rng, leaky)
                except AssertionError:
                    caught = True
    assert caught


# ---------------------------------------------------------------------- what a view holds
def own_view_checks(rules: RuleSet, hand: Hand) -> None:
    for seat in range(rules.players):
        v = view_of(hand, seat)
        assert v.seat == seat
        assert int(v.hand) == hand.hands[seat]
        assert v.hand_sizes == tuple(h.bit_count() for h in hand.hands)
        if seat == hand.to_act:
            assert list(v.legal) == hand.legal_actions()
            assert v.my_turn
        else:
            assert v.legal == () and not v.my_turn


@pytest.mark.parametrize("name", ["kentucky-discard", "call-partner", "regular-partnership"])
def test_view_shows_own_hand_and_legal_actions(name: str) -> None:
    rules = PRESETS[name]
    _, states = random_hand(rules, seed=9)
    for state in states:
        own_view_checks(rules, state)


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "double-bird"])
def test_nest_and_buried_cards_only_to_the_bidder(name: str) -> None:
    rules = PRESETS[name]
    hand = deal(rules, dealer=0)
    nest = hand.nest
    for seat in range(4):
        assert view_of(hand, seat).nest is None  # nobody sees the nest during the auction
    win_bid(hand, 2)
    declare(hand, "G")
    assert hand.phase == Phase.PLAY
    for seat in range(4):
        v = view_of(hand, seat)
        assert v.buried_count == rules.nest_size
        assert v.trump == 3  # everyone learns trump (G)
        if seat == 2:
            assert v.nest is not None and int(v.nest) == nest
            assert v.buried is not None and set(v.buried) == set(hand.buried)
        else:
            assert v.nest is None and v.buried is None
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0], hand.to_act)
    for seat in (0, 1, 3):
        v = view_of(hand, seat)
        assert v.nest is None and v.buried is None  # not even after the hand


def test_thrown_in_nest_stays_hidden() -> None:
    rules = PRESETS["full-deck"]
    hand = deal(rules, dealer=0)
    for _ in range(4):
        hand.apply(A.PASS, hand.to_act)
    assert hand.phase == Phase.THROWN_IN
    for seat in range(4):
        v = view_of(hand, seat)
        assert v.nest is None and v.buried is None


def test_call_partner_holder_not_revealed_until_the_card_is_played() -> None:
    rules = PRESETS["call-partner"]
    # Seat 0 bids and calls the B1, held by seat 2; seat 0 leads.
    hand = setup(rules, {0: "G5", 2: "B1"}, trump="G", partner="B1", voids={2: "G"})
    assert hand.team_mask() == 0b101
    for seat in (1, 3):
        assert view_of(hand, seat).known_partners == (0,)  # only the bidder is known
    assert view_of(hand, 2).known_partners == (0, 2)  # the holder knows
    assert view_of(hand, 0).known_partners == (0,)  # not even the bidder knows who holds it
    assert all(view_of(hand, s).partner_cards == (parse_card("B1"),) for s in range(4))  # the call is public
    # Play until seat 2 plays the B1.
    play(hand, "G5")
    hand.apply(hand.legal_actions()[0], 1)
    assert all(2 not in view_of(hand, s).known_partners for s in (0, 1, 3))
    play(hand, "B1")
    for seat in range(4):
        assert view_of(hand, seat).known_partners == (0, 2)


def test_call_partner_alone_when_the_called_card_is_the_bidders_own() -> None:
    rules = PRESETS["call-partner"]
    hand = setup(rules, {0: "G5 B1"}, trump="G", partner="B1")
    assert hand.team_mask() == 0b1
    for seat in range(1, 4):
        assert view_of(hand, seat).known_partners == (0,)


def test_partnership_partners_are_public() -> None:
    hand = setup(PRESETS["kentucky-discard"], {}, trump="G", leader=1)
    for seat in range(4):
        assert view_of(hand, seat).known_partners == (1, 3)


def test_view_holds_no_reference_to_the_state() -> None:
    rules = PRESETS["kentucky-discard"]
    hand = deal(rules, dealer=0)
    v = view_of(hand, 1)
    before = v
    hand.apply(A.BID + 70, 1)
    assert v == before and v.auction == () and v.to_act == 1
    assert all(not isinstance(getattr(v, f), Hand | list) for f in View._fields)


def test_a_seats_history_hides_another_seats_burials() -> None:
    import random as _random

    from rookgame import actions as A
    from rookgame.rules import preset as _preset
    from rookgame.state import Hand as _Hand
    from rookgame.state import Phase as _Phase
    from rookgame.view import view_of as _view_of

    rng = _random.Random(7)
    hand = _Hand(_preset("kentucky-discard"))
    hand.deal_random(rng)
    while hand.phase in (_Phase.BID, _Phase.NEST):
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.phase == _Phase.PLAY, "seed 7 deals a hand that is played"
    buried = [A.BURY + c for c in hand.buried]
    for seat in range(4):
        history = _view_of(hand, seat).history
        if seat == hand.bidder:
            assert history == tuple(hand.history)
        else:
            assert history.count(A.HIDDEN_BURY) == 5 and not set(buried) & set(history)
            assert [a for a in history if a != A.HIDDEN_BURY] == [a for a in hand.history if a not in buried]
