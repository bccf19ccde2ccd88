"""RULES.md §8: every worked example of the seeds, as a test.

Positions are dealt with ``Hand.set_deal``; the auction, the nest and the play go
through the checked ``Hand.apply``.
"""

from __future__ import annotations

import pytest

from rookgame.cards import BIRD, parse_card
from rookgame.match import Match, game_winner
from rookgame.rules import preset
from rookgame.state import Hand, IllegalAction, Phase

from .helpers import (
    DEAL_75,
    DEAL_105,
    NEST_75,
    NEST_105,
    PLAY_75,
    PLAY_105,
    cards,
    declare,
    last_winner,
    play,
    play_scripted,
    setup,
    win_bid,
)

TOURNAMENT = preset("tournament")
FULL = preset("full-deck")


# ---------------------------------------------------------------------- winning a trick
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck"])
def test_yellow_14_wins_yellow_8_6_14_12(name: str) -> None:
    hand = setup(preset(name), {0: "Y8", 1: "Y6", 2: "Y14", 3: "Y12"}, trump="G")
    play(hand, "Y8 Y6 Y14 Y12")
    assert hand.tricks[-1] == (0, tuple(parse_card(c) for c in ["Y8", "Y6", "Y14", "Y12"]), 2)
    assert last_winner(hand) == 2
    assert hand.to_act == 2  # the winner leads the next trick


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck"])
def test_black_trump_10_beats_red_11_on_red_lead(name: str) -> None:
    # Seat 3 leads red, seat 0 plays the red 11; seat 1 has no red and trumps with the black 10.
    hand = setup(preset(name), {3: "R6", 0: "R11", 1: "B10", 2: "R7"}, trump="B", leader=3, voids={1: "RK"})
    play(hand, "R6 R11 B10 R7")
    assert last_winner(hand) == 1
    assert hand.to_act == 1


def test_red_11_wins_when_nobody_trumps() -> None:
    hand = setup(TOURNAMENT, {3: "R6", 0: "R11", 1: "G10", 2: "R7"}, trump="B", leader=3, voids={1: "RBK"})
    play(hand, "R6 R11 G10 R7")
    assert last_winner(hand) == 0  # a card of another colour that is not trump never wins


# ---------------------------------------------------------------------- scoring
def play_out(deal_: dict[int, str], nest: str, tricks: list[str], bid: int) -> Hand:
    return play_scripted(TOURNAMENT, deal_, nest, tricks, bid)


def test_scoring_deals_hold_120_points() -> None:
    for d, nest in ((DEAL_105, NEST_105), (DEAL_75, NEST_75)):
        total = sum(TOURNAMENT.deck.points[c] for c in range(64) if (cards(" ".join(d.values()) + " " + nest) >> c) & 1)
        assert total == 120


def test_bid_90_took_105_scores_105() -> None:
    hand = play_out(DEAL_105, NEST_105, PLAY_105, bid=90)
    res = hand.result
    assert res is not None
    assert res.points == (105, 15)
    assert res.bidding_points == 105
    assert res.made
    assert res.score == (105, 15)  # the bidders score all they took, more than the bid


def test_bid_95_took_75_scores_minus_95_defenders_45() -> None:
    hand = play_out(DEAL_75, NEST_75, PLAY_75, bid=95)
    res = hand.result
    assert res is not None
    assert res.points == (75, 45)
    assert not res.made
    assert res.score == (-95, 45)  # set: minus the bid, nothing for the cards; defenders 120 - 75


def test_bid_exactly_made_scores_what_was_taken() -> None:
    res = play_out(DEAL_75, NEST_75, PLAY_75, bid=75).result
    assert res is not None and res.made and res.score == (75, 45)


def test_bid_missed_by_five_is_set() -> None:
    res = play_out(DEAL_75, NEST_75, PLAY_75, bid=80).result
    assert res is not None and not res.made and res.score == (-80, 45)


# ---------------------------------------------------------------------- the Bird and the follow rule
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck"])
def test_bird_led_holder_of_trump_must_play_trump(name: str) -> None:
    rules = preset(name)
    # Black is trump; seat 0 leads the Bird; seat 1 holds one trump (B9) and other colours.
    hand = setup(rules, {0: "RK", 1: "B9 R12 Y12 G12"}, trump="B", voids={1: "B"})
    play(hand, "RK")
    assert hand.legal_actions() == [parse_card("B9")]
    before = list(hand.history)
    with pytest.raises(IllegalAction, match="renege"):
        hand.apply(parse_card("R12"), 1)
    assert hand.history == before
    play(hand, "B9")
    assert hand.trick == [BIRD, parse_card("B9")]


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck"])
def test_trump_led_only_trump_is_bird_must_play_bird(name: str) -> None:
    rules = preset(name)
    hand = setup(rules, {0: "B12", 1: "RK R12 Y12 G12"}, trump="B", voids={1: "B"})
    play(hand, "B12")
    assert hand.legal_actions() == [BIRD]
    with pytest.raises(IllegalAction, match="renege"):
        hand.apply(parse_card("Y12"), 1)
    play(hand, "RK")


def test_bird_led_counts_as_trump_led_and_wins() -> None:
    hand = setup(TOURNAMENT, {0: "RK", 1: "B14", 2: "B5", 3: "B13"}, trump="B")
    play(hand, "RK B14 B5 B13")
    assert last_winner(hand) == 0


def test_tournament_bird_may_be_played_on_yellow_lead_while_holding_yellow() -> None:
    hand = setup(TOURNAMENT, {0: "Y8", 1: "RK Y6"}, trump="B")
    play(hand, "Y8")
    legal = hand.legal_actions()
    assert BIRD in legal and parse_card("Y6") in legal
    assert all(c == BIRD or c // 14 == 2 for c in legal)  # yellow or the Bird, nothing else
    play(hand, "RK")
    while hand.trick:
        hand.apply(hand.legal_actions()[0], hand.to_act)
    assert last_winner(hand) == 1  # and the Bird, a trump, takes the trick


def test_full_deck_bird_may_not_be_played_while_holding_led_colour() -> None:
    hand = setup(FULL, {0: "Y8", 1: "RK Y6"}, trump="B")
    play(hand, "Y8")
    legal = hand.legal_actions()
    assert BIRD not in legal
    assert parse_card("Y6") in legal
    with pytest.raises(IllegalAction, match="renege") as err:
        hand.apply(BIRD, 1)
    assert "Bird" in str(err.value)
    assert hand.trick == [parse_card("Y8")]


def test_full_deck_bird_may_be_played_when_void_in_led_colour() -> None:
    hand = setup(FULL, {0: "Y8", 1: "RK"}, trump="B", voids={1: "Y"})
    play(hand, "Y8")
    assert BIRD in hand.legal_actions()
    play(hand, "RK")


# ---------------------------------------------------------------------- the end of the game
def test_both_past_300_higher_total_wins() -> None:
    assert game_winner(TOURNAMENT, [320, 310]) == 0
    assert game_winner(TOURNAMENT, [305, 340]) == 1
    assert game_winner(TOURNAMENT, [300, 295]) == 0  # reaching the goal is enough
    assert game_winner(TOURNAMENT, [295, 290]) is None
    assert game_winner(TOURNAMENT, [400, -100]) == 0


def test_310_v_310_plays_another_hand() -> None:
    assert game_winner(TOURNAMENT, [310, 310]) is None
    assert game_winner(TOURNAMENT, [300, 300]) is None
    # In a real match: the hand that leaves both sides on 310 does not end the game.
    match = Match(TOURNAMENT, seed=5)
    hand = match.hand
    win_bid(hand, hand.to_act)
    declare(hand, "B")
    while not (len(hand.tricks) == TOURNAMENT.num_tricks - 1 and len(hand.trick) == TOURNAMENT.players - 1):
        hand.apply(hand.legal_actions()[0], hand.to_act)
    probe = hand.copy()
    last = probe.legal_actions()[0]
    probe.apply(last, probe.to_act)
    assert probe.result is not None
    match.totals = [310 - probe.result.score[0], 310 - probe.result.score[1]]
    dealer = match.dealer
    match.apply(last, hand.to_act)
    assert match.totals == [310, 310]
    assert match.winner is None and not match.is_over
    assert match.hand is not hand and match.hand.phase == Phase.BID  # one more hand is dealt
    assert match.dealer == (dealer + 1) % 4


def test_individual_game_tie_for_the_lead_plays_on() -> None:
    rules = preset("cutthroat")
    assert game_winner(rules, [310, 310, 200]) is None
    assert game_winner(rules, [310, 300, 320]) == 2


def test_individual_5_game_ends_at_150() -> None:
    rules = preset("individual-5")
    assert game_winner(rules, [149, 0, 0, 0, 0]) is None
    assert game_winner(rules, [150, 0, 0, 0, 0]) == 0
