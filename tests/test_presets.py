"""RULES.md §7: every preset is a complete rule set with the sizes and rules of its seed."""

from __future__ import annotations

import random

import pytest

from rookgame import actions as A
from rookgame.cards import BIRD, BIRD2, card_str, make, parse_card
from rookgame.match import Match
from rookgame.rules import PRESETS, RulesError, load, preset
from rookgame.state import Hand, IllegalAction, Phase

from .helpers import DEAL_75, NEST_75, PLAY_75, deal, declare, last_winner, play, play_scripted, setup, win_bid

# preset: players, deck, hand, nest, points in play (counters + bonuses)
TABLE = {
    "kentucky-discard": (4, 41, 9, 5, 120),
    "full-deck": (4, 57, 13, 5, 120),
    "cutthroat": (3, 57, 17, 6, 120),
    "individual-5": (5, 56, 10, 6, 100),
    "individual-6": (6, 56, 9, 2, 100),
    "call-partner": (4, 57, 13, 5, 200),
    "call-partner-5": (5, 57, 10, 7, 200),
    "call-partner-6": (6, 57, 9, 3, 200),
    "regular-partnership": (4, 56, 14, 0, 120),
    "dixie": (4, 56, 13, 4, 120),
    "one-high": (4, 57, 13, 5, 200),
    "buckeye": (4, 45, 10, 5, 180),
    "red-one": (4, 42, 9, 6, 150),
    "kentucky-original": (4, 40, 9, 4, 100),
    "double-bird": (4, 58, 13, 6, 140),
}
ONE_HIGH = ["call-partner", "call-partner-5", "call-partner-6", "one-high", "buckeye"]
FOURTEEN_HIGH_WITH_ONES = ["full-deck", "cutthroat", "individual-5", "individual-6", "regular-partnership", "dixie",
                           "double-bird"]


def test_every_preset_is_in_the_table() -> None:
    assert set(PRESETS) == set(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_sizes_and_points(name: str) -> None:
    players, deck, hand_size, nest, total = TABLE[name]
    r = PRESETS[name]
    assert r.players == players
    assert r.deck.size == deck
    assert r.deck.hand_size == hand_size
    assert r.num_tricks == hand_size
    assert r.nest_size == nest
    assert r.total_points == total
    assert deck - nest == players * hand_size


@pytest.mark.parametrize("name", sorted(TABLE))
def test_a_real_deal_has_those_sizes(name: str) -> None:
    r = PRESETS[name]
    hand = Hand(r, 0)
    hand.deal_random(random.Random(1))
    assert [h.bit_count() for h in hand.hands] == [r.deck.hand_size] * r.players
    assert hand.nest.bit_count() == r.nest_size
    assert sum(r.deck.points[c] for c in r.deck.cards) == r.deck.counter_points


@pytest.mark.parametrize(
    ("name", "counters", "bonus"),
    [
        ("kentucky-discard", 120, 0),
        ("full-deck", 120, 0),
        ("regular-partnership", 100, 20),  # 100 in counters, 20 for most tricks
        ("dixie", 100, 20),
        ("one-high", 180, 20),
        ("call-partner", 180, 20),  # last trick
        ("buckeye", 180, 0),
        ("red-one", 150, 0),
        ("kentucky-original", 100, 0),
        ("double-bird", 140, 0),
        ("individual-5", 100, 0),
    ],
)
def test_counters_and_bonuses(name: str, counters: int, bonus: int) -> None:
    r = PRESETS[name]
    assert r.deck.counter_points == counters
    assert r.most_tricks_bonus + r.last_trick_bonus == bonus


def test_deck_contents() -> None:
    def ranks(name: str) -> set[int]:
        return {c % 14 + 1 for c in PRESETS[name].deck.cards if c < BIRD}

    assert ranks("kentucky-discard") == set(range(5, 15))
    assert ranks("full-deck") == set(range(1, 15))
    assert ranks("buckeye") == {1, *range(5, 15)}
    assert ranks("kentucky-original") == set(range(5, 15))
    assert BIRD in PRESETS["kentucky-discard"].deck.cards
    assert BIRD not in PRESETS["kentucky-original"].deck.cards
    assert BIRD not in PRESETS["regular-partnership"].deck.cards
    assert BIRD not in PRESETS["individual-5"].deck.cards
    assert BIRD2 in PRESETS["double-bird"].deck.cards
    assert BIRD2 not in PRESETS["full-deck"].deck.cards
    red_one = {card_str(c) for c in PRESETS["red-one"].deck.cards if c < BIRD and c % 14 == 0}
    assert red_one == {"R1"}


def test_dixie_13_is_the_ten_point_card_not_14() -> None:
    pts = PRESETS["dixie"].deck.points
    for colour in range(4):
        assert pts[make(colour, 13)] == 10
        assert pts[make(colour, 14)] == 0
        assert pts[make(colour, 5)] == 5 and pts[make(colour, 10)] == 10


@pytest.mark.parametrize("name", ["one-high", "buckeye", "call-partner"])
def test_ones_are_worth_15(name: str) -> None:
    pts = PRESETS[name].deck.points
    assert all(pts[make(colour, 1)] == 15 for colour in range(4))


def test_red_one_r1_is_worth_30_and_the_bird_20() -> None:
    pts = PRESETS["red-one"].deck.points
    assert pts[parse_card("R1")] == 30
    assert pts[BIRD] == 20


def test_double_bird_rk2_is_worth_20() -> None:
    assert PRESETS["double-bird"].deck.points[BIRD2] == 20


@pytest.mark.parametrize(
    ("name", "min_bid", "max_bid", "goal"),
    [
        ("kentucky-discard", 70, 120, 300),
        ("full-deck", 70, 120, 300),
        ("individual-5", 30, 100, 150),
        ("individual-6", 30, 100, 150),
        ("call-partner", 70, 200, 300),
    ],
)
def test_bidding_limits_and_goal(name: str, min_bid: int, max_bid: int, goal: int) -> None:
    r = PRESETS[name]
    hand = deal(r)
    bids = [a - A.BID for a in hand.legal_actions() if a >= A.BID]
    assert bids[0] == min_bid and bids[-1] == max_bid
    assert bids == list(range(min_bid, max_bid + 1, 5))
    assert r.goal == goal


# ---------------------------------------------------------------------- aliases
@pytest.mark.parametrize(
    ("alias", "name"),
    [("tournament", "kentucky-discard"), ("Tournament", "kentucky-discard"), (" TOURNAMENT ", "kentucky-discard"),
     ("kentucky-discard", "kentucky-discard"), ("call-partner-4", "call-partner")],
)
def test_aliases(alias: str, name: str) -> None:
    assert preset(alias) is PRESETS[name]
    assert load(alias) is PRESETS[name]


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(RulesError) as err:
        preset("bridge")
    assert "'bridge'" in str(err.value)
    for name in PRESETS:
        assert name in str(err.value)


# ---------------------------------------------------------------------- rank order
def greens(rules_name: str, exclude: set[str], k: int) -> list[str]:
    r = PRESETS[rules_name]
    out = [card_str(c) for c in r.deck.cards if c < BIRD and c // 14 == 3 and card_str(c) not in exclude]
    return out[:k]


@pytest.mark.parametrize("name", ONE_HIGH)
def test_one_high_1_beats_14_of_same_colour(name: str) -> None:
    r = PRESETS[name]
    n = r.players
    for first, second in (("G14", "G1"), ("G1", "G14")):
        rest = greens(name, {"G1", "G14"}, n - 2)
        trick = [first, second, *rest]
        hand = setup(r, {s: c for s, c in enumerate(trick)}, trump="B")
        play(hand, trick)
        assert card_str(hand.tricks[-1][1][last_winner(hand)]) == "G1"


@pytest.mark.parametrize("name", FOURTEEN_HIGH_WITH_ONES)
def test_fourteen_high_1_is_the_lowest_card(name: str) -> None:
    r = PRESETS[name]
    n = r.players
    rest = greens(name, {"G1", "G2", "G14"}, n - 2)
    trick = ["G1", "G2", *rest]
    hand = setup(r, {s: c for s, c in enumerate(trick)}, trump="B")
    play(hand, trick)
    assert last_winner(hand) != 0  # the 1 loses to everything of its colour
    hand2 = setup(r, {0: "G14", 1: "G1", **{s + 2: c for s, c in enumerate(rest)}}, trump="B")
    play(hand2, ["G14", "G1", *rest])
    assert last_winner(hand2) == 0


# ---------------------------------------------------------------------- special trumps
def test_one_high_bird_is_the_lowest_trump() -> None:
    r = PRESETS["one-high"]
    # Black trump led by seat 0 (the 2!); seat 1 holds only the Bird as trump and must play it.
    hand = setup(r, {0: "B2", 1: "RK"}, trump="B", voids={1: "B", 2: "B", 3: "B"}, nest="B3 B4 B5 B6 B7")
    play(hand, "B2")
    assert hand.legal_actions() == [BIRD]
    play(hand, "RK")
    while hand.trick:
        hand.apply(hand.legal_actions()[0], hand.to_act)
    assert last_winner(hand) == 0  # B2 beats the Bird
    # ...but the Bird is still a trump: it takes a trick of another colour.
    hand = setup(r, {0: "G14", 1: "RK"}, trump="B", voids={1: "G", 2: "B", 3: "B"})
    play(hand, "G14 RK")
    while hand.trick:
        hand.apply(hand.legal_actions()[0], hand.to_act)
    assert last_winner(hand) == 1


def test_red_one_r1_is_the_highest_trump_above_the_bird() -> None:
    r = PRESETS["red-one"]
    # Green trump: the 14 of trump, the Bird and the red 1 all fall on one trick.
    hand = setup(r, {0: "G14", 1: "RK", 2: "R1", 3: "G13"}, trump="G", voids={1: "G", 2: "G"})
    play(hand, "G14 RK R1 G13")
    assert last_winner(hand) == 2


def test_red_one_r1_is_always_trump() -> None:
    r = PRESETS["red-one"]
    # Green trump, red led: R1 is not a red card, so a player holding other reds must play red...
    hand = setup(r, {0: "R14", 1: "R1 R5"}, trump="G")
    play(hand, "R14")
    legal = hand.legal_actions()
    assert parse_card("R5") in legal and parse_card("R1") not in legal
    with pytest.raises(IllegalAction, match="renege"):
        hand.apply(parse_card("R1"), 1)
    # ...and a player void in red trumps with it.
    hand = setup(r, {0: "R14", 1: "R1", 2: "R13", 3: "R12"}, trump="G", voids={1: "R"})
    play(hand, "R14 R1 R13 R12")
    assert last_winner(hand) == 1
    # With red trump it is still the highest card.
    hand = setup(r, {0: "R14", 1: "R1", 2: "RK", 3: "R13"}, trump="R", voids={1: "R", 2: "R"})
    play(hand, "R14 R1 RK R13")
    assert last_winner(hand) == 1


def test_red_one_r1_follows_a_trump_lead() -> None:
    r = PRESETS["red-one"]
    hand = setup(r, {0: "G14", 1: "R1"}, trump="G", voids={1: "GK"})
    play(hand, "G14")
    assert hand.legal_actions() == [parse_card("R1")]


def test_double_bird_rk2_ranks_just_below_rk() -> None:
    r = PRESETS["double-bird"]
    hand = setup(r, {0: "G14", 1: "RK2", 2: "RK", 3: "G13"}, trump="G", voids={1: "GK", 2: "G"})
    play(hand, "G14 RK2 RK G13")
    assert last_winner(hand) == 2  # RK beats RK2
    hand = setup(r, {0: "G14", 1: "RK2", 2: "G12", 3: "G13"}, trump="G", voids={1: "GK"}, nest="RK B2 B3 B4 B5 B6")
    play(hand, "G14 RK2 G12 G13")
    assert last_winner(hand) == 1  # RK2 beats the 14 of trump
    hand = setup(r, {0: "Y14", 1: "RK2", 2: "Y12", 3: "Y13"}, trump="G", voids={1: "YK"}, nest="RK B2 B3 B4 B5 B6")
    play(hand, "Y14 RK2 Y12 Y13")
    assert last_winner(hand) == 1  # and it is a trump on a side-colour lead


@pytest.mark.parametrize(("bird_high", "winner"), [(True, 1), (False, 3)])
def test_call_partner_bird_high_or_low_call_changes_who_wins(bird_high: bool, winner: int) -> None:
    r = PRESETS["call-partner"]
    hand = setup(r, {0: "G5", 1: "RK", 2: "G6", 3: "G7"}, trump="G", voids={1: "G"}, bird_high=bird_high)
    assert hand.bird_high is bird_high
    play(hand, "G5 RK G6 G7")
    assert last_winner(hand) == winner


@pytest.mark.parametrize("bird_high", [True, False])
def test_call_partner_bird_called_low_is_still_a_trump(bird_high: bool) -> None:
    r = PRESETS["call-partner"]
    hand = setup(r, {0: "R1", 1: "RK", 2: "R6", 3: "R7"}, trump="G", voids={1: "R"}, bird_high=bird_high)
    play(hand, "R1 RK R6 R7")
    assert last_winner(hand) == 1


def test_call_partner_bird_high_beats_the_1_of_trump() -> None:
    r = PRESETS["call-partner"]
    hand = setup(r, {0: "G1", 1: "RK", 2: "G6", 3: "G7"}, trump="G", voids={1: "G"}, bird_high=True)
    play(hand, "G1 RK G6 G7")
    assert last_winner(hand) == 1


def test_call_partner_bird_may_not_be_played_while_able_to_follow() -> None:
    r = PRESETS["call-partner"]
    hand = setup(r, {0: "R9", 1: "RK R6"}, trump="G")
    play(hand, "R9")
    assert BIRD not in hand.legal_actions()


# ---------------------------------------------------------------------- the auction
NO_COUNTERS = "B6 B7 B8 B9 B11 B12 B13 R6 R7"


def test_kentucky_discard_redeal_legal_only_without_counters() -> None:
    r = PRESETS["kentucky-discard"]
    hand = deal(r, {0: "B5", 1: NO_COUNTERS}, dealer=3)
    assert A.REDEAL not in hand.legal_actions()  # seat 0 holds the B5
    with pytest.raises(IllegalAction, match="counters"):
        hand.apply(A.REDEAL, 0)
    hand.apply(A.BID + 70, 0)  # at any time during the bidding
    assert A.REDEAL in hand.legal_actions()
    hand.apply(A.REDEAL, 1)
    assert hand.phase == Phase.THROWN_IN
    assert hand.is_over and hand.legal_actions() == []
    assert hand.bidder == -1


@pytest.mark.parametrize("name", ["full-deck", "one-high", "call-partner", "regular-partnership"])
def test_no_redeal_call_outside_the_tournament_rules(name: str) -> None:
    r = PRESETS[name]
    no_counters = "B2 B3 B4 B6 B7 B8 B9 B11 B12 B13 R2 R3 R4 R6".split()[: r.deck.hand_size]  # noqa: SIM905
    hand = deal(r, {1: " ".join(no_counters)}, dealer=0)
    assert A.REDEAL not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="no redeal"):
        hand.apply(A.REDEAL, 1)


def test_redeal_call_in_a_match_redeals_by_the_same_dealer() -> None:
    r = PRESETS["kentucky-discard"]
    match = Match(r, seed=3, deal=False)
    match.hand = deal(r, {1: NO_COUNTERS}, dealer=0)
    match.hand.apply(A.REDEAL, 1)
    match.finish_hand()
    assert match.hand.dealer == 0 and match.dealer == 0
    assert match.totals == [0, 0]
    assert match.hand.phase == Phase.BID


def test_all_pass_redeal_throws_the_hand_in() -> None:
    r = PRESETS["full-deck"]
    assert r.all_pass == "redeal"
    hand = deal(r, dealer=2)
    for _ in range(4):
        hand.apply(A.PASS, hand.to_act)
    assert hand.phase == Phase.THROWN_IN
    assert hand.bidder == -1 and hand.result is None
    assert hand.legal_actions() == []


def test_all_pass_dealer_takes_min() -> None:
    r = PRESETS["full-deck"].replace(all_pass="dealer_takes_min")
    hand = deal(r, dealer=2)
    nest = hand.nest
    for _ in range(4):
        hand.apply(A.PASS, hand.to_act)
    assert hand.phase == Phase.NEST
    assert hand.bidder == 2 and hand.bid == r.min_bid
    assert hand.to_act == 2
    assert hand.hands[2] & nest == nest  # the dealer took up the nest


def test_all_pass_in_a_match_keeps_the_dealer() -> None:
    r = PRESETS["kentucky-discard"]
    match = Match(r, seed=11)
    first = match.hand
    while match.hand is first:
        hand = match.hand
        action = A.PASS if A.PASS in hand.legal_actions() else hand.legal_actions()[0]
        match.apply(action, hand.to_act)
    assert first.phase == Phase.THROWN_IN
    assert match.hand.dealer == first.dealer
    assert match.totals == [0, 0]


def test_auction_goes_round_until_one_bidder_is_left() -> None:
    r = PRESETS["kentucky-discard"]
    hand = deal(r, dealer=0)
    hand.apply(A.BID + 70, 1)
    hand.apply(A.BID + 75, 2)
    hand.apply(A.PASS, 3)
    hand.apply(A.BID + 80, 0)
    assert hand.to_act == 1
    hand.apply(A.PASS, 1)
    assert hand.to_act == 2  # seat 3 passed: skipped for the rest of the hand
    hand.apply(A.BID + 90, 2)
    assert hand.to_act == 0
    hand.apply(A.PASS, 0)
    assert hand.bidder == 2 and hand.bid == 90
    assert hand.phase == Phase.NEST


# ---------------------------------------------------------------------- nest and first lead
def test_kentucky_discard_buries_then_names_trump() -> None:
    hand = deal(PRESETS["kentucky-discard"], dealer=0)
    win_bid(hand, 1)
    assert all(A.BURY <= a < A.PARTNER for a in hand.legal_actions())
    assert len(hand.legal_actions()) == 9 + 5


def test_full_deck_names_trump_then_buries() -> None:
    hand = deal(PRESETS["full-deck"], dealer=0)
    win_bid(hand, 1)
    assert hand.legal_actions() == [A.TRUMP + k for k in range(4)]
    hand.apply(A.TRUMP + 2, 1)
    assert all(A.BURY <= a < A.PARTNER for a in hand.legal_actions())


@pytest.mark.parametrize(
    ("name", "changes", "leader"),
    [
        ("kentucky-discard", {}, 1),  # left of dealer 0
        ("full-deck", {}, 2),  # the bidder
        ("kentucky-discard", {"first_lead": "bidder"}, 2),
        ("full-deck", {"first_lead": "left_of_dealer"}, 1),
    ],
)
def test_first_lead(name: str, changes: dict[str, str], leader: int) -> None:
    r = PRESETS[name].replace(**changes)
    hand = deal(r, dealer=0)
    win_bid(hand, 2)
    declare(hand, "Y")
    assert hand.phase == Phase.PLAY
    assert hand.to_act == leader
    before = list(hand.history)
    other = (leader + 1) % 4
    with pytest.raises(IllegalAction, match="turn"):
        hand.apply(_cards_of(hand, other)[0], other)
    assert hand.history == before


def _cards_of(hand: Hand, seat: int) -> list[int]:
    return [c for c in range(64) if hand.hands[seat] >> c & 1]


def test_nest_to_last_trick_gives_the_nest_to_the_last_trick() -> None:
    # RULES.md §8 example 4's deal: the defenders win the last trick and with it the nest's 15.
    hand = play_scripted(PRESETS["kentucky-discard"], DEAL_75, NEST_75, PLAY_75, bid=95)
    assert hand.result is not None and hand.result.points == (75, 45)


def test_nest_to_bidder_counts_buried_counters_for_the_bidding_side() -> None:
    r = PRESETS["kentucky-discard"].replace(nest_to="bidder")
    hand = play_scripted(r, DEAL_75, NEST_75, PLAY_75, bid=90)
    res = hand.result
    assert res is not None
    assert res.points == (90, 30)
    assert res.made and res.score == (90, 30)


def test_buried_cards_score_for_bidder_in_full_deck() -> None:
    r = PRESETS["full-deck"]
    assert r.nest_to == "bidder"
    rng = random.Random(4)
    for _ in range(20):
        hand = Hand(r, 0)
        hand.deal_random(rng)
        win_bid(hand, 1)
        hand.apply(A.TRUMP + 0, 1)
        # Bury the counters first.
        for _ in range(r.nest_size):
            held = sorted(_cards_of(hand, 1), key=lambda c: -r.deck.points[c])
            hand.apply(A.BURY + held[0], 1)
        buried_pts = sum(r.deck.points[c] for c in hand.buried)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()), hand.to_act)
        res = hand.result
        assert res is not None
        taken = [0, 0]
        for _leader, trick, winner in hand.tricks:
            taken[winner % 2] += sum(r.deck.points[c] for c in trick)
        assert res.points == (taken[0], taken[1] + buried_pts)


def test_call_partner_announces_whether_the_nest_holds_points() -> None:
    r = PRESETS["call-partner"]
    for bury, has_points in (("B2 B3 B4 B6 B7", False), ("B2 B3 B4 B6 B5", True)):
        hand = deal(r, {0: "B2 B3 B4 B6 B7 B5"}, dealer=3)
        win_bid(hand, 0)
        declare(hand, "G", bury=bury)
        assert hand.nest_points is has_points


def test_call_partner_called_card_holder_is_the_partner() -> None:
    r = PRESETS["call-partner"]
    hand = deal(r, {0: "G1", 2: "B1"}, dealer=3)
    win_bid(hand, 0)
    declare(hand, "G", partner="B1")
    assert hand.team_mask() == 0b101
    hand2 = deal(r, {0: "G1 B1"}, dealer=3)
    win_bid(hand2, 0)
    declare(hand2, "G", partner="B1")
    assert hand2.team_mask() == 0b1  # called own card: plays alone


def test_call_partner_6_calls_two_partners() -> None:
    r = PRESETS["call-partner-6"]
    hand = deal(r, {0: "G1", 2: "B1", 4: "Y1"}, dealer=5)
    win_bid(hand, 0)
    declare(hand, "G", partner="B1 Y1")
    assert hand.partner_cards == [parse_card("B1"), parse_card("Y1")]
    assert hand.team_mask() == 0b10101
