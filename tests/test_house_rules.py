"""House rules players ask for (issue 6): each option changes the game as a table expects."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rookgame import actions as A
from rookgame.cards import mask_of, parse_card, parse_cards
from rookgame.match import game_winner
from rookgame.play import selfplay
from rookgame.record import replay_record
from rookgame.rules import RulesError, RuleSet, load, preset
from rookgame.state import Hand, IllegalAction, Phase
from rookgame.view import view_of

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "docs" / "examples").glob("*.toml"))

# A tiny deck (13s and 14s, no Bird, no nest) makes every hand short enough to script.
TINY = preset("full-deck").replace(ranks=(13, 14), birds=0, nest_size=0, counters=(("14", 10),),
                                   min_bid=10, max_bid=None)


def dealt(rules: RuleSet, hands: list[str], nest: str = "", dealer: int = 0) -> Hand:
    hand = Hand(rules, dealer)
    hand.set_deal([mask_of(parse_cards(h)) for h in hands], mask_of(parse_cards(nest)))
    return hand


def play(hand: Hand, *moves: str) -> None:
    for m in moves:
        hand.apply(A.parse_action(m))


def tiny_moon_hand(rules: RuleSet) -> Hand:
    """Seat 2 bids 20, names yellow and takes both tricks: every point for seats 0 and 2."""
    hand = dealt(rules, ["B14 R14", "B13 R13", "Y14 G14", "Y13 G13"])
    play(hand, "pass", "bid 20", "pass", "pass", "trump Y", "Y14", "Y13", "B14", "B13", "G14", "G13", "R14", "R13")
    assert hand.phase == Phase.DONE
    return hand


def test_without_moon_taking_every_point_scores_the_points() -> None:
    hand = tiny_moon_hand(TINY)
    assert hand.result is not None
    assert hand.result.points == (40, 0)
    assert hand.result.score == (40, 0)


def test_shooting_the_moon_doubles_the_hand_total() -> None:
    hand = tiny_moon_hand(TINY.replace(moon="double"))
    assert hand.result is not None
    assert hand.result.score == (80, 0)


def test_shooting_the_moon_180_taken_scores_360() -> None:
    rules = load(EXAMPLES[[p.name for p in EXAMPLES].index("family.toml")])
    assert rules.total_points == 180
    assert rules.moon == "double"


def test_trick_bonus_goes_to_the_side_taking_enough_tricks() -> None:
    hand = tiny_moon_hand(TINY.replace(trick_bonus=(20, 2)))
    assert hand.result is not None
    assert hand.result.points == (60, 0)
    assert TINY.replace(trick_bonus=(20, 2)).total_points == 60


def test_trick_bonus_needs_a_majority_of_tricks() -> None:
    with pytest.raises(RulesError, match="majority of the 9 tricks.*from 5 to 9, not 4"):
        preset("tournament").replace(trick_bonus=(20, 4))


def test_last_player_must_bid_when_everyone_else_passed() -> None:
    hand = dealt(TINY.replace(all_pass="last_must_bid"), ["B14 R14", "B13 R13", "Y14 G14", "Y13 G13"])
    play(hand, "pass", "pass", "pass")
    assert hand.to_act == 0
    assert A.PASS not in hand.legal_actions()
    before = list(hand.history)
    with pytest.raises(IllegalAction, match="may not pass.*must bid at least 10"):
        hand.apply(A.PASS)
    assert hand.history == before
    play(hand, "bid 10")
    assert hand.bidder == 0 and hand.bid == 10


def test_last_player_may_pass_once_someone_has_bid() -> None:
    hand = dealt(TINY.replace(all_pass="last_must_bid"), ["B14 R14", "B13 R13", "Y14 G14", "Y13 G13"])
    play(hand, "bid 10", "pass", "pass")
    assert A.PASS in hand.legal_actions()


def counters_heavy() -> RuleSet:
    # Every rank but 2 and 3 counts, so a bidder can hold fewer plain cards than the nest.
    table = {str(r): 1 for r in range(1, 15) if r not in (2, 3)}
    return preset("full-deck").replace(counters=tuple(table.items()), bury_counters="forbidden", max_bid=None,
                                        min_bid=20)


def test_counters_may_not_be_buried_while_plain_cards_remain() -> None:
    rules = preset("full-deck").replace(bury_counters="forbidden")
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(3))
    play(hand, "bid 70", "pass", "pass", "pass", "trump B")
    buryable = {a - A.BURY for a in hand.legal_actions()}
    counters = rules.deck.counter_mask
    assert buryable and all(not counters >> c & 1 for c in buryable)
    held_counter = next(c for c in range(64) if hand.hands[hand.bidder] >> c & 1 and counters >> c & 1)
    with pytest.raises(IllegalAction, match="forbid burying counters"):
        hand.apply(A.BURY + held_counter)


def test_counters_of_trump_are_buried_first_when_too_few_plain_cards() -> None:
    rules = counters_heavy()
    # Seat 1 holds only B2 and B3 as plain cards, plus the nest's yellow counters.
    seat1 = "B2 B3 B14 B13 B12 B11 B10 R14 R13 R12 R11 R10 R9"
    nest = "Y14 Y13 Y12 Y11 Y10"
    rest = [c for c in rules.deck.cards if not mask_of(parse_cards(seat1 + " " + nest)) >> c & 1]
    others = [" ".join(A.action_str(c) for c in rest[i * 13:(i + 1) * 13]) for i in range(3)]
    hand = dealt(rules, [others[0], seat1, others[1], others[2]], nest)
    play(hand, "bid 20", "pass", "pass", "pass", "trump Y")
    assert hand.bidder == 1
    allowed = {A.action_str(a - A.BURY) for a in hand.legal_actions()}
    assert allowed == {"B2", "B3", "Y14", "Y13", "Y12", "Y11", "Y10"}
    with pytest.raises(IllegalAction, match="forbid burying counters"):
        hand.apply(A.BURY + parse_card("R14"))
    play(hand, "bury B2", "bury B3", "bury Y14", "bury Y13", "bury Y12")
    assert hand.phase == Phase.PLAY


def test_trump_before_nest_names_trump_before_the_bidder_sees_the_nest() -> None:
    rules = preset("tournament").replace(trump_before_nest=True)
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(8))
    play(hand, "bid 70", "pass", "pass", "pass")
    assert hand.step_kind == "trump"
    assert hand.hands[1].bit_count() == 9
    assert view_of(hand, 1).nest is None
    play(hand, "trump G")
    assert hand.hands[1].bit_count() == 14
    assert view_of(hand, 1).nest == hand.nest
    assert hand.step_kind == "bury"


def test_nest_shown_to_everyone_after_the_auction() -> None:
    for shown in (False, True):
        hand = Hand(preset("tournament").replace(nest_shown=shown), 0)
        hand.deal_random(random.Random(2))
        assert all(view_of(hand, s).nest is None for s in range(4))
        play(hand, "bid 70", "pass", "pass", "pass")
        seen = [view_of(hand, s).nest is not None for s in range(4)]
        assert seen == ([True] * 4 if shown else [False, True, False, False])


def test_buried_trump_is_shown_to_the_table() -> None:
    rules = preset("full-deck").replace(show_buried_trump=True)
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(4))
    play(hand, "bid 70", "pass", "pass", "pass", "trump R")
    mine = hand.hands[1]
    reds = [c for c in range(56) if mine >> c & 1 and c // 14 == 1][:2]
    plain = [c for c in range(56) if mine >> c & 1 and c // 14 != 1][:3]
    for c in reds + plain:
        hand.apply(A.BURY + c)
    assert hand.phase == Phase.PLAY
    for seat in (0, 2, 3):
        assert set(view_of(hand, seat).shown_buried) == set(reds)
        assert view_of(hand, seat).buried is None
    assert set(view_of(hand, 1).buried or ()) == set(reds + plain)


def test_buried_trump_stays_hidden_without_the_option() -> None:
    hand = Hand(preset("full-deck"), 0)
    hand.deal_random(random.Random(4))
    play(hand, "bid 70", "pass", "pass", "pass", "trump R")
    for c in [c for c in range(56) if hand.hands[1] >> c & 1][:5]:
        hand.apply(A.BURY + c)
    assert all(not view_of(hand, s).shown_buried for s in range(4))


def test_must_win_by_bid_only_the_bidding_side_can_go_out() -> None:
    rules = TINY.replace(must_win_by_bid=True, goal=300)
    hand = tiny_moon_hand(rules)  # seats 0+2 bid and made
    assert game_winner(rules, [310, 320], hand) == 0
    defenders_hand = tiny_moon_hand(rules)
    defenders_hand.bidder = 1  # as if seats 1+3 had bid 20 and been set
    assert game_winner(rules, [310, 200], defenders_hand) is None
    assert game_winner(TINY, [310, 200], defenders_hand) == 0


def test_losing_floor_ends_the_game_at_once() -> None:
    rules = TINY.replace(lose_at=-250)
    assert game_winner(rules, [-250, 40]) == 1
    assert game_winner(rules, [-240, 40]) is None
    assert game_winner(TINY, [-250, 40]) is None


def test_losing_floor_must_be_negative() -> None:
    with pytest.raises(RulesError, match="lose_at = 0"):
        TINY.replace(lose_at=0)


def test_one_low_but_counting_15_with_bird_lowest_trump() -> None:
    rules = load(EXAMPLES[[p.name for p in EXAMPLES].index("family.toml")])
    assert rules.rank_order == "14-high" and rules.deck.points[parse_card("R1")] == 15
    t = rules.play_tables(trump=2)  # yellow trump
    assert t.strength[parse_card("R1")] < t.strength[parse_card("R2")]  # still the lowest red
    trumps = [c for c in rules.deck.cards if t.suit[c] == 2]
    assert min(trumps, key=lambda c: t.strength[c]) == parse_card("RK")  # the Bird, lowest trump


def test_house_rule_options_are_read_from_toml(tmp_path: Path) -> None:
    f = tmp_path / "house.toml"
    f.write_text('preset = "tournament"\nbury_counters = "forbidden"\nmoon = "double"\ntrump_before_nest = true\n'
                 'nest_shown = true\nshow_buried_trump = true\nmust_win_by_bid = true\nlose_at = -300\n'
                 'trick_bonus = { points = 20, tricks = 5 }\nall_pass = "last_must_bid"\n')
    r = load(f)
    assert (r.bury_counters, r.moon, r.trump_before_nest, r.nest_shown, r.show_buried_trump, r.must_win_by_bid,
            r.lose_at, r.trick_bonus, r.all_pass) == ("forbidden", "double", True, True, True, True, -300, (20, 5),
                                                     "last_must_bid")


@pytest.mark.parametrize("bad, message", [
    ('moon = "triple"', "moon = 'triple': allowed values are 'off', 'double'"),
    ('bury_counters = "never"', "allowed values are 'allowed', 'forbidden'"),
    ('trick_bonus = 20', "trick_bonus = 20: write a table such as"),
    ('lose_at = "deep"', "lose_at = 'deep': give a negative total"),
    ('all_pass = "shrug"', "'redeal', 'dealer_takes_min', 'last_must_bid'"),
])
def test_bad_house_rule_values_are_refused_with_what_is_allowed(tmp_path: Path, bad: str, message: str) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(f'preset = "tournament"\n{bad}\n')
    with pytest.raises(RulesError) as e:
        load(f)
    assert message in str(e.value)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_house_rules_play_and_replay(path: Path) -> None:
    rules = load(path)
    records = selfplay(rules, ["random"], 4, 11)
    for n, rec in enumerate(records, 1):
        assert rec["rules"]["name"] == rules.name
        replayed = replay_record(rec, n)
        assert replayed.finished
        assert replayed.match.rules.to_json() == rules.to_json()


def test_three_example_house_rules_files_ship() -> None:
    assert [p.name for p in EXAMPLES] == ["church-hall.toml", "family.toml", "kitchen-table.toml"]
