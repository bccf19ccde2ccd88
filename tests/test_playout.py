"""Play-outs on the state: the expert's simulated seats know exactly what a view would tell them.

The expert's play-outs skip the view and build each simulated seat's knowledge from the sampled
deal (bots/playout.py).  These tests pin that this is the same knowledge, seat by seat and card by
card, as the fair route (``know(view_of(hand, seat))``), in every preset and in random house rules,
and that the cards played and the voids the table keeps as cards fall are what a rescan of the
tricks finds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rookgame.bots import playout
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.knowledge import Knowledge, know
from rookgame.bots.playout import finish, seat_knowledge
from rookgame.kernel import seat_of
from rookgame.rules import PRESETS, RuleSet
from rookgame.state import Hand, Phase
from rookgame.view import view_of

from .test_random_rules import house_rules

C_PLAYOUT = vars(playout)["_c_playout"]  # the module's C play-out, None where it is not built


def fields(k: Knowledge) -> tuple[object, ...]:
    return (k.rules, k.seat, k.tables, k.hand, tuple(k.trick), k.leader, k.bidder, k.played, k.unseen,
            tuple(k.voids), k.team)


def rescanned_voids(hand: Hand) -> list[int]:
    """The voids shown, found the slow way: every card that did not follow the colour led."""
    t = hand.tables
    assert t is not None
    out = [0] * hand.n
    for leader, cards in [(ld, c) for ld, c, _ in hand.tricks] + [(hand.leader, tuple(hand.trick))]:
        if not cards:
            continue
        led = t.suit[cards[0]]
        for i, c in enumerate(cards[1:], 1):
            if t.suit[c] != led and not t.anytime >> c & 1:
                out[seat_of(leader, i, hand.n)] |= 1 << led
    return out


def check_hand(rules: RuleSet, seed: int) -> int:
    """Play a hand with heuristic players; at every card, compare both routes for every seat."""
    rng = random.Random(seed)
    bot = HeuristicPlayer()
    hand = Hand(rules, seed % rules.players)
    hand.deal_random(rng)
    checked = 0
    while hand.phase < Phase.DONE:
        if hand.phase == Phase.PLAY:
            played = 0
            for _, cards, _ in hand.tricks:
                for c in cards:
                    played |= 1 << c
            for c in hand.trick:
                played |= 1 << c
            assert hand.played == played
            assert hand.voids == rescanned_voids(hand)
            for seat in range(hand.n):
                assert fields(seat_knowledge(hand, seat)) == fields(know(view_of(hand, seat)))
            view = view_of(hand, hand.to_act)
            assert bot.play(seat_knowledge(hand, hand.to_act), hand.legal_tuple()) == bot.act(view)
            checked += 1
        hand.apply_unchecked(bot.act(view_of(hand, hand.to_act)))
    return checked


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_simulated_seat_knows_what_its_view_would_tell_it(name: str) -> None:
    assert sum(check_hand(PRESETS[name], seed) for seed in range(6)) > 0


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(house_rules(modelled=False), st.integers(0, 2**32))
def test_a_simulated_seat_knows_what_its_view_would_tell_it_in_any_house_rules(rules: RuleSet, seed: int) -> None:
    check_hand(rules, seed)


def test_a_play_out_plays_the_cards_the_views_would_have_chosen() -> None:
    rules = PRESETS["full-deck"]
    bot = HeuristicPlayer()
    for seed in range(10):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        fast, slow = hand.copy(), hand.copy()
        finish(fast, bot)
        while slow.phase < Phase.DONE:
            slow.apply_unchecked(bot.act(view_of(slow, slow.to_act)))
        assert fast.history == slow.history and fast.result == slow.result


def test_undo_restores_the_cards_played_and_the_voids() -> None:
    rules = PRESETS["kentucky-discard"]
    bot = HeuristicPlayer()
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(4))
    while hand.phase < Phase.PLAY:
        hand.apply_unchecked(bot.act(view_of(hand, hand.to_act)))
    marks = []
    while hand.phase == Phase.PLAY:
        marks.append((hand.played, list(hand.voids)))
        hand.push(bot.act(view_of(hand, hand.to_act)))
    while marks:
        hand.pop()
        assert (hand.played, hand.voids) == marks.pop()


def test_a_play_out_can_stop_with_tricks_left_for_the_solver() -> None:
    rules = PRESETS["kentucky-discard"]
    bot = HeuristicPlayer()
    seed = 2
    while True:  # a deal that is played (not thrown in)
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        finish(hand, bot, stop_at=4)
        if hand.phase != Phase.THROWN_IN:
            break
        seed += 1
    assert hand.phase == Phase.PLAY and len(hand.tricks) == rules.deck.hand_size - 4 and not hand.trick


def python_and_c(hand: Hand, stop_at: int, monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[int]]:
    """The cards ``finish`` plays from ``hand`` with the heuristic in Python, and in C (the history added)."""
    bot = HeuristicPlayer()
    slow, fast = hand.copy(), hand.copy()
    with monkeypatch.context() as m:
        m.setattr(playout, "_c_playout", None)
        finish(slow, bot, stop_at)
    finish(fast, bot, stop_at)
    start = len(hand.history)
    return slow.history[start:], fast.history[start:]


def random_play_position(rules: RuleSet, seed: int) -> Hand | None:
    """A hand of ``rules`` in its card play at a random card, reached by random players (odd positions too)."""
    rng = random.Random(seed)
    hand = Hand(rules, seed % rules.players)
    hand.deal_random(rng)
    bot = HeuristicPlayer()
    while hand.phase < Phase.PLAY:
        hand.apply_unchecked(bot.act(view_of(hand, hand.to_act)))
    if hand.phase != Phase.PLAY:
        return None
    for _ in range(rng.randrange(rules.deck.hand_size * rules.players)):
        hand.apply_unchecked(rng.choice(hand.legal_tuple()))
    return hand


@pytest.mark.skipif(C_PLAYOUT is None, reason="the C play-outs are not built here")
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_c_play_out_plays_the_heuristics_cards(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = PRESETS[name]
    played = 0
    for seed in range(40):
        hand = random_play_position(rules, seed)
        if hand is None:
            continue
        for stop_at in (0, 3):
            slow, fast = python_and_c(hand, stop_at, monkeypatch)
            assert slow == fast
            played += len(fast)
    assert played > 0


@pytest.mark.slow
@pytest.mark.skipif(C_PLAYOUT is None, reason="the C play-outs are not built here")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                                  HealthCheck.function_scoped_fixture])
@given(rules=house_rules(modelled=False), seed=st.integers(0, 2**32), stop_at=st.integers(0, 4))
def test_the_c_play_out_plays_the_heuristics_cards_in_any_house_rules(rules: RuleSet, seed: int, stop_at: int,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    hand = random_play_position(rules, seed)
    if hand is not None:
        slow, fast = python_and_c(hand, stop_at, monkeypatch)
        assert slow == fast
