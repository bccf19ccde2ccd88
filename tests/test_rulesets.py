"""RULES.md §7: house-rules files, clear errors for unplayable rule sets, JSON round trips."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rookgame import actions as A
from rookgame.cards import BIRD, BIRD2, make, parse_card
from rookgame.match import game_winner
from rookgame.play import selfplay
from rookgame.record import replay_record
from rookgame.rules import PRESETS, RulesError, RuleSet, from_json, load
from rookgame.state import Phase

from .helpers import deal, declare, last_winner, play, setup, win_bid


def rules_file(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_text(tmp_path: Path, text: str) -> RuleSet:
    return load(rules_file(tmp_path, text))


def error_of(tmp_path: Path, text: str) -> str:
    path = rules_file(tmp_path, text)
    with pytest.raises(RulesError) as err:
        load(path)
    return str(err.value)


# ---------------------------------------------------------------------- files that change options
def test_a_file_starts_from_its_preset(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\ngoal = 500\n')
    assert r.preset == "full-deck"
    assert r.goal == 500
    assert r.deck == PRESETS["full-deck"].deck
    assert r.bird_play == "as_trump"  # everything else as the preset has it


def test_a_file_without_preset_starts_from_the_tournament_rules(tmp_path: Path) -> None:
    r = load_text(tmp_path, "goal = 400\n")
    assert r.preset == "kentucky-discard"
    assert r.deck.size == 41 and r.goal == 400


def test_a_preset_alias_in_a_file(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "tournament"\nmin_bid = 60\n')
    assert r.preset == "kentucky-discard" and r.min_bid == 60


@pytest.mark.parametrize("ranks", ['"1,5-14"', "[1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]"])
def test_deck_ranks(tmp_path: Path, ranks: str) -> None:
    r = load_text(tmp_path, f'preset = "tournament"\nranks = {ranks}\n')
    assert r.deck.size == 45
    assert {c % 14 + 1 for c in r.deck.cards if c < BIRD} == {1, *range(5, 15)}


def test_birds(tmp_path: Path) -> None:
    none = load_text(tmp_path, 'preset = "full-deck"\nbirds = 0\nnest_size = 4\ncounters = { RK = 0 }\n')
    assert BIRD not in none.deck.cards and none.deck.size == 56
    assert none.total_points == 100
    two = load_text(tmp_path, 'preset = "full-deck"\nbirds = 2\nnest_size = 6\ncounters = { RK2 = 20 }\n')
    assert BIRD in two.deck.cards and BIRD2 in two.deck.cards
    assert two.total_points == 140


def test_counters_1_is_15(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\ncounters = { 1 = 15 }\n')
    assert all(r.deck.points[make(colour, 1)] == 15 for colour in range(4))
    assert r.deck.points[make(0, 5)] == 5  # the rest of the table stays
    assert r.total_points == 180
    assert r.effective_max_bid == 180  # the maximum bid follows the points in play


def test_counters_a_card_and_removing_one(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\ncounters = { 14 = 0, 13 = 10, Rook = 30 }\n')
    pts = r.deck.points
    assert pts[make(2, 14)] == 0 and pts[make(2, 13)] == 10
    assert pts[BIRD] == 30
    assert r.total_points == 130


def test_rank_order_1_high(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nrank_order = "1-high"\n')
    hand = setup(r, {0: "G14", 1: "G1", 2: "G2", 3: "G3"}, trump="B")
    play(hand, "G14 G1 G2 G3")
    assert last_winner(hand) == 1


def test_bird_rank_low(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nbird_rank = "low"\n')
    hand = setup(r, {0: "B2", 1: "RK", 2: "B3", 3: "B4"}, trump="B", voids={1: "B"})
    play(hand, "B2 RK B3 B4")
    assert last_winner(hand) == 3


@pytest.mark.parametrize(("bird_play", "may"), [("anytime", True), ("as_trump", False)])
def test_bird_play(tmp_path: Path, bird_play: str, may: bool) -> None:
    r = load_text(tmp_path, f'preset = "full-deck"\nbird_play = "{bird_play}"\n')
    hand = setup(r, {0: "Y8", 1: "RK Y6"}, trump="B")
    play(hand, "Y8")
    assert (BIRD in hand.legal_actions()) is may


def test_bonuses(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nmost_tricks_bonus = 20\nlast_trick_bonus = 10\n')
    assert r.total_points == 150
    rng = random.Random(2)
    for _ in range(10):
        hand = deal(r, dealer=rng.randrange(4))
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()), hand.to_act)
        if hand.result is None:
            continue
        won = [hand.won[0] + hand.won[2], hand.won[1] + hand.won[3]]
        expected = 120 + 10 + (20 if won[0] != won[1] else 0)
        assert sum(hand.result.points) == expected


def test_bids(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nmin_bid = 50\nmax_bid = 100\nbid_step = 10\n')
    hand = deal(r, dealer=0)
    assert [a - A.BID for a in hand.legal_actions() if a >= A.BID] == [50, 60, 70, 80, 90, 100]
    hand.apply(A.BID + 60, 1)
    assert [a - A.BID for a in hand.legal_actions() if a >= A.BID] == [70, 80, 90, 100]


def test_max_bid_total(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "tournament"\nmax_bid = "total"\ncounters = { 1 = 15 }\nranks = "1,5-14"\n')
    assert r.effective_max_bid == r.total_points == 180


def test_goal(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\ngoal = 500\n')
    assert game_winner(r, [490, 100]) is None
    assert game_winner(r, [500, 100]) == 0


def test_all_pass(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nall_pass = "dealer_takes_min"\nmin_bid = 65\n')
    hand = deal(r, dealer=1)
    for _ in range(4):
        hand.apply(A.PASS, hand.to_act)
    assert hand.phase == Phase.NEST and hand.bidder == 1 and hand.bid == 65


def test_first_lead_and_nest_to(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nfirst_lead = "left_of_dealer"\nnest_to = "last_trick"\n')
    assert r.first_lead == "left_of_dealer" and r.nest_to == "last_trick"
    hand = deal(r, dealer=0)
    win_bid(hand, 2)
    declare(hand, "Y")
    assert hand.to_act == 1


def test_nest_size_that_deals_evenly(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nnest_size = 9\n')
    assert r.deck.hand_size == 12


# ---------------------------------------------------------------------- trump calls and special trumps
def test_no_trump_call_makes_the_bird_the_red_10_5(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nno_trump = true\n')
    hand = deal(r, dealer=3)
    win_bid(hand, 0)
    assert A.NO_TRUMP in hand.legal_actions()
    hand = setup(r, {0: "R10", 1: "RK", 2: "R9", 3: "R8"}, trump="none")
    assert hand.trump == -1
    play(hand, "R10 RK R9 R8")
    assert last_winner(hand) == 1  # the Bird is above the red 10...
    hand = setup(r, {0: "R10", 1: "RK", 2: "R11", 3: "R8"}, trump="none")
    play(hand, "R10 RK R11 R8")
    assert last_winner(hand) == 2  # ...and below the red 11
    hand = setup(r, {0: "G2", 1: "RK", 2: "B14", 3: "Y14"}, trump="none", voids={1: "G", 2: "G", 3: "G"})
    play(hand, "G2 RK B14 Y14")
    assert last_winner(hand) == 0  # nothing trumps: the colour led wins


def test_no_trump_bird_follows_red(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nno_trump = true\n')
    hand = setup(r, {0: "R10", 1: "RK G5"}, trump="none", voids={1: "R"})
    play(hand, "R10")
    assert hand.legal_actions() == [BIRD]  # the Bird is a red card now


def test_low_call_reverses_the_ranks(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nlow = true\n')
    hand = setup(r, {0: "G6", 1: "G5", 2: "G14", 3: "G9"}, trump="B", low=True)
    assert hand.low
    play(hand, "G6 G5 G14 G9")
    assert last_winner(hand) == 1  # low: the lowest card of the colour wins
    hand = setup(r, {0: "G6", 1: "G5", 2: "G14", 3: "G9"}, trump="B", low=False)
    play(hand, "G6 G5 G14 G9")
    assert last_winner(hand) == 2
    # The Bird is the 10.5 of trump: under the low call it beats the 11 but not the 10.
    hand = setup(r, {0: "B11", 1: "RK", 2: "B12", 3: "B13"}, trump="B", low=True, voids={1: "B"})
    play(hand, "B11 RK B12 B13")
    assert last_winner(hand) == 1
    hand = setup(r, {0: "B11", 1: "RK", 2: "B10", 3: "B13"}, trump="B", low=True, voids={1: "B"})
    play(hand, "B11 RK B10 B13")
    assert last_winner(hand) == 2


def test_little_rook_red_2_is_the_second_highest_trump(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nlittle_rook = true\n')
    hand = setup(r, {0: "G14", 1: "R2", 2: "G13", 3: "G12"}, trump="G", voids={1: "GK"})
    play(hand, "G14 R2 G13 G12")
    assert last_winner(hand) == 1
    hand = setup(r, {0: "G14", 1: "R2", 2: "RK", 3: "G12"}, trump="G", voids={1: "GK", 2: "G"})
    play(hand, "G14 R2 RK G12")
    assert last_winner(hand) == 2


def test_black_two_beats_the_bird(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'preset = "full-deck"\nblack_two = true\n')
    hand = setup(r, {0: "G14", 1: "RK", 2: "B2", 3: "G12"}, trump="G", voids={1: "G", 2: "GK"})
    play(hand, "G14 RK B2 G12")
    assert last_winner(hand) == 2


# ---------------------------------------------------------------------- unplayable or malformed sets
def test_uneven_deal_is_refused_naming_nest_sizes_that_work(tmp_path: Path) -> None:
    msg = error_of(tmp_path, 'preset = "full-deck"\nnest_size = 4\n')
    assert "57" in msg and "4 players" in msg
    assert "do not deal evenly" in msg
    assert "1, 5, 9, 13" in msg
    assert str(rules_file(tmp_path, "")) in msg or "house.toml" in msg


def test_uneven_deal_for_other_player_counts() -> None:
    with pytest.raises(RulesError) as err:
        PRESETS["cutthroat"].replace(nest_size=5)
    assert "57 cards" in str(err.value) and "3 players" in str(err.value)
    assert "0, 3, 6, 9, 12" in str(err.value)


def test_unknown_option(tmp_path: Path) -> None:
    msg = error_of(tmp_path, 'preset = "full-deck"\nbird_colour = "red"\n')
    assert "'bird_colour'" in msg
    assert "bird_play" in msg  # the options that exist are listed


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [
        ("bird_play", "sometimes", ["'anytime'", "'as_trump'"]),
        ("bird_rank", "top", ["'high'", "'low'", "'mid'", "'called'"]),
        ("all_pass", "shuffle", ["'redeal'", "'dealer_takes_min'"]),
        ("nest_to", "dealer", ["'last_trick'", "'bidder'"]),
        ("first_lead", "dealer", ["'left_of_dealer'", "'bidder'"]),
        ("rank_order", "ace-high", ["'14-high'", "'1-high'"]),
        ("mode", "teams", ["'partners'", "'individual'", "'call-partner'"]),
    ],
)
def test_bad_enum_value_lists_allowed_values(tmp_path: Path, option: str, value: str, allowed: list[str]) -> None:
    msg = error_of(tmp_path, f'{option} = "{value}"\n')
    assert option in msg and repr(value) in msg
    for a in allowed:
        assert a in msg


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ('extra_cards = ["X1"]\n', "X1"),
        ('top_trumps = ["R15"]\n', "R15"),
        ("counters = { Q5 = 5 }\n", "Q5"),
    ],
)
def test_bad_card_names(tmp_path: Path, text: str, token: str) -> None:
    msg = error_of(tmp_path, text)
    assert token in msg


def test_min_bid_above_max_bid(tmp_path: Path) -> None:
    msg = error_of(tmp_path, 'preset = "tournament"\nmin_bid = 130\n')
    assert "min_bid = 130" in msg and "max_bid = 120" in msg


def test_min_bid_above_explicit_max_bid(tmp_path: Path) -> None:
    msg = error_of(tmp_path, 'preset = "full-deck"\nmin_bid = 100\nmax_bid = 90\n')
    assert "min_bid = 100" in msg and "max_bid = 90" in msg


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('goal = "lots"\n', "goal"),
        ("birds = 3\n", "birds"),
        ("players = 9\n", "players"),
        ('ranks = "a-b"\n', "ranks"),
        ("ranks = [0, 5]\n", "ranks"),
        ("bid_step = 0\n", "bid_step"),
        ("nest_size = -1\n", "nest_size"),
        ("counters = 5\n", "counters"),
        ('counters = { 5 = "five" }\n', "counters"),
        ('preset = "bridge"\n', "bridge"),
        ('preset = "full-deck"\nplayers = 5\n', "partners"),
        ("no_counter_redeal = 1\n", "true or false"),
    ],
)
def test_other_bad_values_are_refused(tmp_path: Path, text: str, fragment: str) -> None:
    assert fragment in error_of(tmp_path, text)


def test_not_toml(tmp_path: Path) -> None:
    assert "TOML" in error_of(tmp_path, "goal = = 3\n")


def test_missing_file_names_the_presets(tmp_path: Path) -> None:
    with pytest.raises(RulesError) as err:
        load(tmp_path / "nowhere.toml")
    assert "nowhere.toml" in str(err.value) and "kentucky-discard" in str(err.value)


def test_several_problems_are_all_listed() -> None:
    with pytest.raises(RulesError) as err:
        PRESETS["full-deck"].replace(nest_size=4, goal=0)
    assert "deal evenly" in str(err.value) and "goal" in str(err.value)


# ---------------------------------------------------------------------- JSON round trips
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_to_json_round_trips_for_every_preset(name: str) -> None:
    r = PRESETS[name]
    again = from_json(r.to_json())
    assert again.to_json() == r.to_json()
    assert again.deck == r.deck
    assert again.total_points == r.total_points
    assert again.effective_max_bid == r.effective_max_bid
    assert again.nest_steps == r.nest_steps
    assert again.special_trumps == r.special_trumps
    for trump in range(4):
        for bird_high in (True, False):
            assert again.play_tables(trump, False, bird_high) == r.play_tables(trump, False, bird_high)
    # Only the stored form of max_bid may differ: a number instead of "the points in play".
    assert again == r.replace(max_bid=r.effective_max_bid, counters=again.counters)
    assert dict(again.counters) == dict(r.counters)


def test_to_json_is_plain_json() -> None:
    import json

    for r in PRESETS.values():
        assert json.loads(json.dumps(r.to_json())) == r.to_json()


HOUSE_FILES = {
    "no-14-counters": 'preset = "full-deck"\ncounters = { 14 = 0, 13 = 10 }\n',
    "no-bird": 'preset = "full-deck"\nbirds = 0\nnest_size = 4\ncounters = { RK = 0 }\nmin_bid = 40\n',
    "ones": 'preset = "full-deck"\ncounters = { 1 = 15 }\nrank_order = "1-high"\n',
}


@pytest.mark.parametrize("name", sorted(HOUSE_FILES))
def test_house_rules_round_trip_through_json(tmp_path: Path, name: str) -> None:
    r = load_text(tmp_path, HOUSE_FILES[name])
    again = from_json(r.to_json())
    assert dict(again.counters) == dict(r.counters)
    assert again.total_points == r.total_points
    assert again.to_json() == r.to_json()


@pytest.mark.parametrize("name", sorted(HOUSE_FILES))
def test_house_rules_records_replay(tmp_path: Path, name: str) -> None:
    r = load_text(tmp_path, HOUSE_FILES[name])
    for n, rec in enumerate(selfplay(r, ["random"], 2, 5), 1):
        replay_record(rec, n)


def test_json_errors_name_the_record_rules() -> None:
    data = PRESETS["full-deck"].to_json()
    data["nest_size"] = 4
    with pytest.raises(RulesError) as err:
        from_json(data)
    assert "record rules" in str(err.value) and "deal evenly" in str(err.value)


def test_parse_card_in_top_trumps_is_normalised(tmp_path: Path) -> None:
    r = load_text(tmp_path, 'extra_cards = ["r1"]\ntop_trumps = ["r1"]\nnest_size = 6\n')
    assert r.extra_cards == ("R1",) and r.special_trumps[0] == parse_card("R1")


def test_a_misspelt_rule_option_in_the_engine_is_a_type_error(tmp_path: Path) -> None:
    """Rule options that take a word are Literal types: mypy (strict) refuses a typo such as "partner"."""
    import subprocess
    import sys

    probe = tmp_path / "probe.py"
    probe.write_text("from rookgame.rules import RuleSet\n\n\ndef f(r: RuleSet) -> bool:\n"
                     "    return r.mode == 'partner' or r.nest_to == 'bidder'\n")
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(probe)],
                         capture_output=True, text=True)
    assert run.returncode == 1 and "Non-overlapping equality check" in run.stdout, run.stdout
    assert run.stdout.count("error:") == 1  # the correct spelling passes


def test_the_bidders_declarations_come_in_the_order_the_seeds_give_as_typed_steps() -> None:
    # Seeds 000/001: trump is named, then the bidder buries; seeds 003/004: bury, then name trump.
    from rookgame.rules import NestStep
    from rookgame.state import Hand

    assert PRESETS["full-deck"].nest_steps == (NestStep.TRUMP,) + (NestStep.BURY,) * 5
    assert PRESETS["kentucky-discard"].nest_steps == (NestStep.BURY,) * 5 + (NestStep.TRUMP,)
    call = PRESETS["call-partner"].nest_steps
    assert set(call) == {NestStep.BURY, NestStep.PARTNER, NestStep.BIRD, NestStep.TRUMP}
    assert all(isinstance(step, NestStep) for step in call)
    bury: str = NestStep.BURY
    assert bury == "bury"  # a str too: records and the wire name it as before
    hand = Hand(PRESETS["kentucky-discard"])
    assert hand.step_kind is None  # outside the nest phase
