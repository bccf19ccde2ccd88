"""Hostile and careless rules files and actions (issue 15): every size a rules file sets is
bounded, with its range, before anything is built from it; what cannot end is refused; an
action or a seat that is not an int is refused."""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from rookgame import actions as A
from rookgame.match import Match
from rookgame.rules import PRESETS, RulesError, RuleSet, load, preset
from rookgame.state import Hand, IllegalAction, Phase

ROOT = Path(__file__).resolve().parents[1]
HUGE = "9" * 4000  # TOML reads it (int() refuses only over 4,300 digits); str() of it is slow and long
TOO_HUGE = "9" * 5000


def rules_error(tmp_path: Path, text: str) -> str:
    f = tmp_path / "house.toml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        load(f)
    return str(e.value)


# ---------------------------------------------------------------------- sizes
def test_rules_file_with_a_billion_ranks_is_refused_with_the_range(tmp_path: Path) -> None:
    # Before: range(1, 10**9 + 1) was expanded and `rook rules` grew past 24 GB.  Run the real
    # command with its address space capped: it must refuse at once, well inside 1 GB.
    f = tmp_path / "billion.toml"
    f.write_text('ranks = "1-1000000000"\n', encoding="utf-8")
    cap = 1 << 30

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", "from rookgame.cli import main; main()", "rules", str(f)],
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
                         preexec_fn=limit, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2, run.stderr
    assert "ranks are 1 to 14, not 1000000000" in run.stderr
    assert "Traceback" not in run.stderr and "MemoryError" not in run.stderr
    assert time.perf_counter() - start < 30


def test_a_rank_range_is_checked_before_it_is_expanded(tmp_path: Path) -> None:
    f = tmp_path / "ranks.toml"
    f.write_text(f'ranks = "5-{TOO_HUGE}"\n', encoding="utf-8")
    tracemalloc.start()
    try:
        with pytest.raises(RulesError, match="ranks are 1 to 14, not 999999999...") as e:
            load(f)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000
    assert len(str(e.value)) < 300  # the 5,000 digits are not repeated back
    assert "14-5 runs backwards; write 5-14" in rules_error(tmp_path, 'ranks = "14-5"\n')
    assert "ranks are 1 to 14, not 0" in rules_error(tmp_path, 'ranks = "0-3"\n')


@pytest.mark.parametrize(("text", "fragment"), [
    (f"players = {HUGE}", "players = a number of about 4,000 digits: Rook is played by 2 to 8 players"),
    (f"birds = {HUGE}", "a deck has 0, 1 or 2 Birds"),
    (f"nest_size = {HUGE}", "a nest holds 0 to 56 cards"),
    (f"nest_size = -{HUGE}", "nest_size = -a number of about 4,000 digits: a nest holds 0 to 56 cards"),
    (f"ranks = [5, {HUGE}]", "ranks are 1 to 14, at least one"),
    (f'preset = "call-partner"\npartner_calls = {HUGE}', "the bidder calls 0 to 6 cards"),
    (f"min_bid = {HUGE}", "min_bid = a number of about 4,000 digits: bids are 0 to 1000"),
    (f"max_bid = {HUGE}", "bids are 0 to 1000"),
    (f"bid_step = {HUGE}", "bids go up by 1 to 1000"),
    (f"goal = {HUGE}", "the goal is a score from 1 to 6000"),
    (f"lose_at = -{HUGE}", "the losing floor is a negative total such as -250, from -1 to -6000"),
    (f"counters = {{ 5 = {HUGE} }}", "points are whole numbers from 0 to 1000"),
    (f"most_tricks_bonus = {HUGE}", "a bonus is 0 to 1000"),
    (f"last_trick_bonus = {HUGE}", "a bonus is 0 to 1000"),
    (f"trick_bonus = {{ points = 20, tricks = {HUGE} }}", "points are 0 to 1000, tricks 0 to 9"),
])
def test_every_size_a_rules_file_sets_is_bounded_with_its_range(tmp_path: Path, text: str, fragment: str) -> None:
    start = time.perf_counter()
    msg = rules_error(tmp_path, text + "\n")
    assert fragment in msg
    assert len(msg) < 400  # a number of thousands of digits is told by its length
    assert time.perf_counter() - start < 1


def test_an_integer_too_long_to_read_is_refused(tmp_path: Path) -> None:
    msg = rules_error(tmp_path, f"players = {TOO_HUGE}\n")
    assert "a number is thousands of digits long" in msg and len(msg) < 300


def test_broken_rules_files_are_refused_with_a_reason(tmp_path: Path) -> None:
    bad_utf8 = tmp_path / "latin1.toml"
    bad_utf8.write_bytes('name = "caf\u00e9"\n'.encode("latin-1"))
    with pytest.raises(RulesError, match="not UTF-8 text"):
        load(bad_utf8)
    assert "nested too deep" in rules_error(tmp_path, "ranks = " + "[" * 3000 + "]" * 3000 + "\n")
    with pytest.raises(RulesError, match="is a folder"):
        load(tmp_path)
    assert "is not 1 to 14" in rules_error(tmp_path, f"counters = {{ {TOO_HUGE} = 5 }}\n")
    assert "not a card" in rules_error(tmp_path, f'extra_cards = ["R{TOO_HUGE}"]\n')
    assert "write numbers and ranges" in rules_error(tmp_path, 'ranks = "\u00b2"\n')  # "²".isdigit() is true


# ---------------------------------------------------------------------- games that cannot end
def test_rules_with_no_points_in_play_are_refused(tmp_path: Path) -> None:
    # Before: accepted, then 10,000 thrown-in hands and a traceback.
    msg = rules_error(tmp_path, "counters = { 5 = 0, 10 = 0, 14 = 0, RK = 0 }\n")
    assert "no points in play" in msg and "a hand can never score" in msg
    with pytest.raises(RulesError, match="no points in play"):
        preset("full-deck").replace(counters=())


def test_a_redeal_call_with_no_counter_in_the_deck_is_refused(tmp_path: Path) -> None:
    msg = rules_error(tmp_path, "counters = { 5 = 0, 10 = 0, 14 = 0, RK = 0 }\nmost_tricks_bonus = 20\n")
    assert "no_counter_redeal = true with no counter in the deck" in msg


def test_a_goal_too_far_to_reach_is_refused_with_the_bound(tmp_path: Path) -> None:
    msg = rules_error(tmp_path, "goal = 1000000000000\n")
    assert "goal = 1000000000000: the goal is a score from 1 to 6000" in msg
    assert "50 hands' worth of the 120 points in play" in msg
    assert load_text(tmp_path, "goal = 6000\n").goal == 6000


def load_text(tmp_path: Path, text: str) -> RuleSet:
    f = tmp_path / "ok.toml"
    f.write_text(text, encoding="utf-8")
    return load(f)


def test_every_preset_and_example_is_within_the_bounds() -> None:
    for rs in PRESETS.values():
        assert rs.replace() == rs
    for f in sorted((ROOT / "docs" / "examples").glob("*.toml")):
        load(f)


# ---------------------------------------------------------------------- actions that are not ints
def _hand_where_card_0_is_legal() -> Hand:
    rules = preset("full-deck")  # card 0 is B1, in this deck
    rng = random.Random(1)
    for _ in range(200):
        hand = Hand(rules, 0)
        hand.deal_random(rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            if hand.phase == Phase.PLAY and 0 in legal:
                return hand
            hand.apply(rng.choice(legal), hand.to_act)
    raise AssertionError("no position found")


def test_apply_refuses_a_bool_action_and_a_float_seat() -> None:
    hand = _hand_where_card_0_is_legal()
    seat = hand.to_act
    before = list(hand.history)
    with pytest.raises(IllegalAction, match="False is not an action number"):
        hand.apply(False, seat)  # an int subclass: it used to play B1
    with pytest.raises(IllegalAction, match="is not an action number"):
        hand.apply(0.0, seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match=r"seat 0\.0 is not a seat number|seat \d\.0 is not a seat number"):
        hand.apply(0, float(seat))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="seat True is not a seat number"):
        hand.apply(0, True)
    assert hand.history == before  # nothing changed
    hand.apply(0, seat)  # the real card 0 still plays

    match = Match(preset("tournament"), 5)
    seat = match.to_act
    with pytest.raises(IllegalAction, match="True is not an action number"):
        match.apply(True, seat)
    with pytest.raises(IllegalAction, match="is not a seat number"):
        match.apply(A.PASS, float(seat))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="bid a number of about 5,000 digits is above the maximum bid 120"):
        match.apply(10**5000, seat)  # too long to print: told without converting it
    assert match.hand.history == []
    match.apply(A.PASS, seat)
    assert match.hand.history == [A.PASS]


def test_a_rules_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b'\xef\xbb\xbfpreset = "full-deck"\ngoal = 500\n')  # as Notepad saves "UTF-8"
    rules = load(str(path))
    assert rules.preset == "full-deck" and rules.goal == 500


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_a_rules_file_that_sets_nothing_is_refused_with_what_a_rules_file_holds(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.toml"
    path.write_text(text)
    with pytest.raises(RulesError, match=r"empty\.toml: sets nothing; a house-rules file names a preset"):
        load(str(path))
