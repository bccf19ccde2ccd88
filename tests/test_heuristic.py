"""The heuristic plays like a sound club partner (issue 3): each test pins one habit."""

from __future__ import annotations

import random

import pytest

from rookgame import actions as A
from rookgame.bots.colours import best_colour
from rookgame.bots.heuristic import HeuristicPlayer, bid_limit, estimate
from rookgame.cards import parse_card
from rookgame.rules import preset
from rookgame.state import Hand, Phase
from rookgame.view import view_of

from .helpers import cards, deal, play, play_out, setup

TOURNAMENT = preset("kentucky-discard")
FULL = preset("full-deck")


def decide(hand: Hand) -> str:
    return A.action_str(HeuristicPlayer().act(view_of(hand, hand.to_act)))


def test_feeds_a_5_not_a_13_under_partners_winning_14() -> None:
    # Green trump.  Seat 1 leads Y8, partner seat 2 wins with Y14, seat 3 follows; seat 0 is last.
    hand = setup(TOURNAMENT, {0: "Y13 Y5 Y9 G6 G7 B6 B7 R6 R7", 1: "Y8", 2: "Y14", 3: "Y6"}, "G", leader=1,
                 voids={0: "K"})
    play(hand, "Y8 Y14 Y6")
    assert decide(hand) == "Y5"


def test_throws_no_counter_under_an_opponents_sure_winner() -> None:
    # Seat 3 leads the Bird; seat 0 has no trump (green) and keeps its 10 and 5, discarding the B6.
    hand = setup(TOURNAMENT, {3: "RK G14", 0: "Y10 Y5 B6 B14 R14 R13 Y14 Y13 Y12"}, "G", leader=3,
                 voids={0: "G"})
    play(hand, "RK")
    assert decide(hand) == "B6"


def test_wins_a_counter_trick_cheaply_when_last() -> None:
    hand = setup(TOURNAMENT, {1: "Y10", 2: "Y9", 3: "Y8", 0: "Y14 Y12 Y11 B6 B7 B8 R6 R7 R8"}, "G", leader=1,
                 voids={0: "GK"})
    play(hand, "Y10 Y9 Y8")
    assert decide(hand) == "Y11"


def test_bidder_pulls_trump_while_holding_control() -> None:
    hand = setup(FULL, {0: "RK G14 G13 G12 G11 G10 B14 B13 Y2 Y3 R2 R3 R4"}, "G", leader=0)
    assert decide(hand) == "RK"


def test_bidder_stops_pulling_trump_when_opponents_are_out() -> None:
    # Both opponents show void in trump on the first trump lead: no more trump leads.
    hand = setup(FULL, {0: "RK G14 G13 G12 G11 G10 B14 B13 Y2 Y3 R2 R3 R4", 1: "B5", 3: "R5",
                        2: "G1 G2 G3 G4 G5 G6 G7 G8 G9"}, "G",
                 leader=0, voids={1: "GK", 3: "GK"})
    play(hand, "RK B5")
    play(hand, [A.action_str(c) for c in [min(view_of(hand, 2).legal)]])
    play(hand, "R5")
    assert hand.tricks[-1][2] == 0 and hand.to_act == 0
    choice = decide(hand)
    assert parse_card(choice) // 14 != 3, choice


def test_defender_does_not_lead_trump() -> None:
    hand = setup(FULL, {1: "G2 G3 B2 B3 B4 Y4 Y5 Y6 R9 R11 R12 B9 B11"}, "G", leader=0)
    play(hand, [A.action_str(min(view_of(hand, 0).legal))])
    hand2 = setup(FULL, {1: "G2 G3 B2 B3 B4 Y4 Y6 Y7 R9 R11 R12 B9 B11"}, "G", leader=1)
    choice = decide(hand2)
    assert parse_card(choice) // 14 != 3 and choice != "RK"


def test_names_its_longest_strongest_colour_and_never_buries_trump() -> None:
    rules = TOURNAMENT
    hand = deal(rules, {1: "R14 R13 R12 R10 R9 RK B5 Y6 G7"}, nest="R5 R6 B13 Y7 G8", dealer=0)
    hand.apply(A.BID + 70, 1)
    for s in (2, 3, 0):
        hand.apply(A.PASS, s)
    bot = HeuristicPlayer()
    while hand.phase == Phase.NEST:
        hand.apply(bot.act(view_of(hand, 1)), 1)
    assert hand.trump == 1  # red
    t = rules.play_tables(1)
    assert all(t.suit[c] != 1 for c in hand.buried)


def test_buries_exposed_counters_when_the_nest_counts_for_the_bidder() -> None:
    rules = FULL
    hand = deal(rules, {1: "R14 R13 R12 R11 R10 R9 R8 RK B14 Y5 G2 G3 G4"}, nest="Y3 Y4 B2 B3 G5", dealer=0)
    hand.apply(A.BID + 70, 1)
    for s in (2, 3, 0):
        hand.apply(A.PASS, s)
    bot = HeuristicPlayer()
    while hand.phase == Phase.NEST:
        hand.apply(bot.act(view_of(hand, 1)), 1)
    assert parse_card("Y5") in hand.buried  # a lone 5 would be lost; buried it counts for the bidder
    assert parse_card("B14") not in hand.buried  # a side winner is kept


def test_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = cards("RK R14 R13 R12 R10 R5 B14 Y14 G14")
    weak = cards("B6 B7 Y6 Y7 Y8 G6 G8 R6 R7")
    assert estimate(TOURNAMENT, strong) > 100
    # Played out by heuristic players the weak hand takes 74 on average (300 deals) and makes 70
    # three times in five: too few for a contract that costs 70 when set.
    assert estimate(TOURNAMENT, weak) < 80
    assert bid_limit(TOURNAMENT, strong) > 100 and bid_limit(TOURNAMENT, weak) < TOURNAMENT.min_bid
    assert best_colour(TOURNAMENT, strong) == 1


def test_calls_a_redeal_without_counters_in_tournament() -> None:
    hand = deal(TOURNAMENT, {1: "B6 B7 Y6 Y7 Y8 G6 G8 R6 R7"}, dealer=0)
    assert decide(hand) == "redeal"


def test_does_not_outbid_its_partner_on_an_ordinary_hand() -> None:
    hand = deal(TOURNAMENT, {1: "B6 B7 B8 Y6 Y14 G6 G8 R6 Y5", 3: "B12 B13 Y12 Y13 G12 G13 R5 R12 R13"}, dealer=0)
    hand.apply(A.BID + 70, 1)
    hand.apply(A.PASS, 2)
    assert decide(hand) == "pass"


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "cutthroat", "call-partner-5", "individual-6",
                                  "one-high", "red-one", "double-bird"])
def test_heuristic_plays_every_preset_to_the_end(name: str) -> None:
    rules = preset(name)
    rng = random.Random(5)
    bots = [HeuristicPlayer() for _ in range(rules.players)]
    for d in range(4):
        hand = Hand(rules, d % rules.players)
        hand.deal_random(rng)
        play_out(hand, bots)
        assert hand.phase in (Phase.DONE, Phase.THROWN_IN)
