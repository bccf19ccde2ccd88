"""The bidding valuation (issue 12, item 4): a hand's worth in any rule set, and the bids made from it."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import threading
import time
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rookgame import actions as A
from rookgame.bots import valuation as V
from rookgame.bots.colours import colour_scores, colours
from rookgame.bots.heuristic import HeuristicPlayer, bid_limit, estimate, played_out, value
from rookgame.cards import BIRD, cards_of, parse_card
from rookgame.rules import RuleSet, load, preset
from rookgame.view import view_of

from .helpers import cards, deal
from .test_random_rules import house_rules

ROOT = Path(__file__).resolve().parent.parent
FAMILY = load(ROOT / "docs" / "examples" / "family.toml")
TOURNAMENT = preset("kentucky-discard")
RANDOM_RULES = sorted((ROOT / "benchmarks" / "random-rules").glob("r*.toml"))


def _random_rules_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("random_rules", ROOT / "benchmarks" / "random_rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("random_rules", module)
    spec.loader.exec_module(module)
    return module


pytestmark = pytest.mark.usefixtures("house_cache_in_tmp")


def test_family_hand_without_counters_and_short_colours_passes_at_the_minimum_bid() -> None:
    # 13 cards, no counter, no colour longer than four, no top card: nowhere near 100 of 180.
    hand = deal(FAMILY, {1: "B2 B3 B4 R2 R3 R4 Y2 Y3 Y6 G2 G3 G4 G6"}, dealer=0)
    view = view_of(hand, 1)
    assert A.BID + 100 in view.legal
    assert HeuristicPlayer().act(view) == A.PASS


def test_family_strong_hand_opens_at_the_minimum_bid() -> None:
    hand = deal(FAMILY, {1: "RK R14 R13 R12 R11 R10 R1 R5 B14 B1 Y14 Y10 G14"}, dealer=0)
    assert HeuristicPlayer().act(view_of(hand, 1)) == A.BID + 100


@pytest.mark.slow
def test_adding_the_bird_never_lowers_the_value() -> None:
    for rules in (TOURNAMENT, FAMILY, preset("full-deck"), *map(load, RANDOM_RULES)):
        if not rules.birds:
            continue
        for text in ("B6 B7 Y6 Y7 Y8 G6 G8 R6 R7", "R14 R13 R10 R9 R8 B14 Y5 G7 G8"):
            hand = cards(text) & rules.deck.mask
            for trump in range(4):
                t = rules.play_tables(trump)
                # The Bird for the lowest plain card of a side colour.
                low = min((c for c in cards_of(hand) if t.suit[c] != trump and not rules.deck.points[c]),
                          key=lambda c: t.strength[c])
                with_bird = hand & ~(1 << low) | 1 << BIRD
                assert value(rules, with_bird, trump).mean >= value(rules, hand, trump).mean, rules.label


def test_a_top_trump_never_lowers_the_value() -> None:
    rules = TOURNAMENT
    hand = cards("R9 R8 R7 B6 B7 Y6 Y7 G6 G8")
    better = hand & ~cards("G6") | cards("R14")
    assert value(rules, better, 1).mean >= value(rules, hand, 1).mean
    assert estimate(rules, better) >= estimate(rules, hand)


def test_more_counters_and_trumps_are_worth_more() -> None:
    strong = cards("RK R14 R13 R12 R10 R5 B14 Y14 G14")
    weak = cards("B6 B7 Y6 Y7 Y8 G6 G8 R6 R7")
    assert estimate(TOURNAMENT, strong) > estimate(TOURNAMENT, weak) + 30
    assert bid_limit(TOURNAMENT, strong) > 70 > bid_limit(TOURNAMENT, weak)


@pytest.mark.slow
def test_the_valuation_is_a_share_of_the_points_in_play_in_every_random_file() -> None:
    for path in RANDOM_RULES:
        rules = load(path)
        total = rules.total_points
        for hand in (rules.deck.mask & ((1 << 64) - 1) >> (64 - rules.deck.hand_size),):
            v = value(rules, hand)
            assert 0 <= v.mean <= total and 0 < v.sd <= total


def test_the_weights_file_loads_and_is_small() -> None:
    text = resources.files("rookgame").joinpath(V.WEIGHTS_FILE).read_text("utf-8")
    assert len(text.encode()) < 4000
    data = json.loads(text)
    assert set(data["mean"]) == set(V.FEATURES) and set(data["spread"]) == set(V.SPREAD_FEATURES)
    w = V.weights()
    assert len(w.mean) == len(V.FEATURES)
    for name in ("own", "own_trump", "top_trumps", "sure"):
        assert data["mean"][name] >= 0, name


def test_presets_ship_their_calibration_and_play_without_simulating(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kw: object) -> V.Calibration:
        raise AssertionError("a preset was calibrated at play time")

    monkeypatch.setattr(V, "fit_calibration", refuse)
    V._memory.clear()
    for name in ("kentucky-discard", "full-deck", "cutthroat", "call-partner-6"):
        rules = preset(name)
        assert V.calibration(rules, played_out) is not None
        estimate(rules, rules.deck.mask & ((1 << 64) - 1) >> (64 - rules.deck.hand_size))


@pytest.mark.slow
def test_house_rules_are_calibrated_once_and_cached_in_the_given_folder(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "valuation-cache"
    V.set_cache_dir(folder)
    V._memory.clear()
    first = V.calibration(FAMILY, played_out)
    assert first is not None and first.hands >= 100
    files = list(folder.glob("valuation-*.json"))
    assert len(files) == 1
    assert list(folder.iterdir()) == files  # written whole and renamed: no temporary file left
    V._memory.clear()
    monkeypatch.setattr(V, "fit_calibration", lambda *a, **k: pytest.fail("calibrated twice"))
    again = V.calibration(FAMILY, played_out)
    assert again is not None and again.to_json() == first.to_json()


@pytest.mark.slow
def test_no_cache_folder_means_memory_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    V.set_cache_dir(None)
    monkeypatch.setenv("HOME", str(tmp_path))
    V._memory.clear()
    assert V.calibration(FAMILY, played_out) is not None
    assert not any(tmp_path.rglob("*"))


def test_two_bots_asking_at_once_calibrate_a_rule_set_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def slow(rules: object, play_out: object) -> V.Calibration:
        calls.append(1)
        time.sleep(0.2)
        return V.Calibration(0.0, 1.0, 0.15, 400)

    monkeypatch.setattr(V, "fit_calibration", slow)
    V.set_cache_dir(None)
    rules = FAMILY.replace(goal=600)
    threads = [threading.Thread(target=V.calibration, args=(rules, played_out)) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1


def test_the_calibration_does_not_depend_on_the_table_name() -> None:
    assert V.rules_key(FAMILY) == V.rules_key(FAMILY.replace(name="another name"))
    assert V.rules_key(FAMILY) != V.rules_key(FAMILY.replace(min_bid=90))


def test_the_random_rules_script_is_deterministic_for_a_seed_and_every_file_loads(tmp_path: Path) -> None:
    rr = _random_rules_module()
    assert rr.generate(12, 10) == rr.generate(12, 10)
    assert rr.generate(12, 3) != rr.generate(13, 3)
    paths = rr.write(12, 10, tmp_path)
    assert [p.name for p in paths] == [f"r{i:02d}.toml" for i in range(1, 11)]
    for p, committed in zip(paths, RANDOM_RULES):
        assert p.read_text() == committed.read_text(), committed.name  # the committed files are seed 12's
        rules = load(p)
        assert rules.deck.hand_size >= 5 and rules.min_bid <= rules.effective_max_bid


def test_bidder_names_trump_the_hand_was_valued_for() -> None:
    rules = TOURNAMENT
    hand = cards("RK R14 R13 R12 R10 R5 B14 Y14 G14")
    assert value(rules, hand).trump == parse_card("R5") // 14


def _counted_card_by_card(rules: RuleSet, hand: int, trump: int) -> tuple[float, ...]:
    """A hand's own features and its colours' scores as trump, counted card by card from the deck's points and
    the colour tables (the counters, the trump counters, the top three trumps, the voids; each colour's score)."""
    t = colours(rules)
    pts = rules.deck.points
    total = rules.total_points or 1

    def points(mask: int) -> int:
        return sum(pts[c] for c in rules.deck.cards if (hand & mask) >> c & 1)

    scores = []
    for k in range(4):
        score = 10.0 * (hand & t.suit_mask[k][k]).bit_count()
        for c, height in t.top[k]:
            if hand >> c & 1:
                score += height
        scores.append(score + points(t.suit_mask[k][k]) * 0.1)
    return (points(rules.deck.mask) / total, points(t.suit_mask[trump][trump]) / total,
            sum(1 for c in t.order[trump][trump][:3] if hand >> c & 1) / 3,
            sum(1 for k in range(4) if k != trump and not hand & t.suit_mask[trump][k]) / 3, *scores)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_rules(modelled=False), seed=st.integers(0, 2**32))
def test_a_hands_value_counts_each_counter_it_holds_once_in_any_house_rules(rules: RuleSet, seed: int) -> None:
    """The valuation counts a hand's points by the counters' masks: the same features and the same colour
    scores (to the last bit) as counting the hand's cards one by one, in any rule set."""
    rng = random.Random(seed)
    deck = list(rules.deck.cards)
    for size in (rules.deck.hand_size, rules.deck.hand_size + rules.nest_size, 3):
        hand = sum(1 << c for c in rng.sample(deck, min(size, len(deck))))
        for trump in range(4):
            got = V.features(rules, hand, trump)
            assert (got[7], got[8], got[11], got[13], *colour_scores(rules, hand)) == _counted_card_by_card(
                rules, hand, trump)
