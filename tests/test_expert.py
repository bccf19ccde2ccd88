"""The expert, its hints and the analysis of a game (issue 5)."""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import itertools
import os
import pty
import random
import re
import struct
import subprocess
import sys
import termios
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from rookgame import actions as A
from rookgame.analysis import analyze
from rookgame.bots import ismcts
from rookgame.bots.expert import LEVELS, Clock, ExpertPlayer, Ranking, _contested, equivalent_runs, team_taken, utility
from rookgame.bots.heuristic import HeuristicPlayer, estimate
from rookgame.bots.hints import ranked
from rookgame.bots.playout import finish
from rookgame.cli import app
from rookgame.play import selfplay
from rookgame.record import write_jsonl
from rookgame.rules import RuleSet, load, preset
from rookgame.solver import solve
from rookgame.state import Hand, Phase
from rookgame.view import View, view_of

from .helpers import play_out
from .test_random_rules import SEEDS, house_rules


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "cutthroat", "call-partner-5", "individual-6",
                                  "red-one", "double-bird"])
def test_expert_plays_every_kind_of_game_to_the_end(name: str) -> None:
    rules = preset(name)
    rng = random.Random(1)
    bots = [ExpertPlayer(s, "easy", timed=False) for s in range(rules.players)]
    for d in range(2):
        hand = Hand(rules, d % rules.players)
        hand.deal_random(rng)
        play_out(hand, bots)
        assert hand.phase in (Phase.DONE, Phase.THROWN_IN)


def test_hints_rank_every_legal_card_best_first() -> None:
    rules = preset("kentucky-discard")
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(4))
    bot = ExpertPlayer(0, "easy", timed=False)
    while hand.phase != Phase.PLAY:
        hand.apply(bot.act(view_of(hand, hand.to_act)))
    view = view_of(hand, hand.to_act)
    hints = ranked(view, "easy")
    assert sorted(a for a, _ in hints) == sorted(view.legal)
    # Valued cards best first; a card not valued (none is, when a loaded machine leaves the time limit no
    # deal to score) comes after every valued one.
    values = [v for _, v in hints if v is not None]
    assert values == sorted(values, reverse=True)
    assert all(v is None for _, v in hints[len(values):])


@pytest.mark.slow
def test_expert_chooses_only_legal_actions_for_every_seat() -> None:
    rules = preset("kentucky-discard")
    for seed in range(5):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        bot = ExpertPlayer(0, "easy", timed=False)
        while not hand.is_over:
            view = view_of(hand, hand.to_act)
            choice = bot.act(view)
            assert choice in view.legal
            hand.apply(choice)


@pytest.mark.slow
def test_analysis_prices_the_random_players_mistakes_higher(tmp_path: Path) -> None:
    rules = preset("kentucky-discard")
    rec = selfplay(rules, ["heuristic", "random"], 1, 3)[0]
    progress: list[tuple[int, int]] = []
    # Untimed: a loaded machine would give the first looks fewer deals, and the sums their luck.
    decisions = analyze(rec, 1, "easy", progress=lambda done, total: progress.append((done, total)), timed=False)
    assert decisions
    assert progress[-1][0] == progress[-1][1] == len(progress)  # the bar ends full: every action counted once
    cost = {0: 0.0, 1: 0.0}
    for d in decisions:
        assert d.taken_value <= d.best_value + 1e-9
        cost[d.seat % 2] += d.cost
    assert cost[1] > cost[0]


@pytest.mark.slow
def test_rook_analyze_prints_costs_and_blunders(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    write_jsonl(path, selfplay(preset("tournament"), ["heuristic", "random"], 1, 2))
    result = CliRunner().invoke(app, ["analyze", str(path), "--game", "1", "--level", "easy"])
    assert result.exit_code == 0, result.output
    assert "blunder" in result.output and "points given away" in result.output
    bad = CliRunner().invoke(app, ["analyze", str(path), "--level", "grandmaster"])
    assert bad.exit_code == 2 and "levels: easy, medium, hard, expert" in bad.output


@pytest.mark.slow
@pytest.mark.parametrize("name", ["full-deck", "kentucky-discard"])
def test_expert_buries_no_trump_whether_trump_is_named_first_or_last(name: str) -> None:
    rules = preset(name)
    rng = random.Random(8)
    checked = 0
    for d in range(12):
        hand = Hand(rules, d % 4)
        hand.deal_random(rng)
        bots = [ExpertPlayer(s, "easy", timed=False) for s in range(4)]
        while hand.phase in (Phase.BID, Phase.NEST):
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
        if hand.phase != Phase.PLAY:
            continue
        trumps = hand.tables.suit_mask[hand.trump] if hand.tables else 0
        held = sum(1 for c in range(64) if (hand.hands[hand.bidder] | sum(1 << b for b in hand.buried)) >> c & 1
                   and trumps >> c & 1)
        if held <= rules.deck.hand_size:  # room to keep every trump
            assert not any(trumps >> c & 1 for c in hand.buried), [A.action_str(c) for c in hand.buried]
        checked += 1
    assert checked >= 6


def _auction_view(rules_name: str, seed: int) -> tuple[Hand, int]:
    """A deal where seat 1 bids high (whatever its hand) while the others pass; returns the hand
    at the first lead and the seat that bid."""
    rules = preset(rules_name)
    rng = random.Random(seed)
    hand = Hand(rules, 0)
    hand.deal_random(rng)
    while hand.phase == Phase.BID:
        s = hand.to_act
        legal = hand.legal_actions()
        bids = [a for a in legal if a >= A.BID]
        hand.apply(bids[min(len(bids) - 1, 8)] if s == 1 and bids else A.PASS if A.PASS in legal else legal[0], s)
    bot = HeuristicPlayer()
    while hand.phase == Phase.NEST:
        hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
    return hand, 1


def test_samples_read_the_auction_a_high_bidder_is_dealt_strong_hands() -> None:
    from rookgame.bots.constraints import played_by
    from rookgame.bots.heuristic import estimate
    from rookgame.bots.sampler import sample_hand

    hand, bidder = _auction_view("kentucky-discard", 3)
    assert hand.bidder == bidder and hand.bid >= 110
    view = view_of(hand, 0)  # a defender at the first lead
    rules = hand.rules

    def mean_value(weigh: bool) -> float:
        rng = random.Random(1)
        total = 0.0
        for _ in range(60):
            s = sample_hand(view, rng, weigh_auction=weigh)
            total += estimate(rules, s.hands[bidder] | played_by(view)[bidder])
        return total / 60

    uniform, weighed = mean_value(False), mean_value(True)
    assert weighed > uniform + 5, (uniform, weighed)

    def expert_value(weigh: bool) -> float:  # the expert's own deals, by its level's weigh_auction
        ex = ExpertPlayer(1, "easy", timed=False)
        ex.level = dataclasses.replace(ex.level, weigh_auction=weigh)
        deals = list(ex._deals(view, 60, Clock(None)))
        return sum(estimate(rules, s.hands[bidder] | played_by(view)[bidder]) for s in deals) / len(deals)

    assert expert_value(True) > expert_value(False) + 5


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck"])
def test_samples_read_the_nest_a_defender_deals_the_bidder_its_trumps_and_buries_as_a_bidder_would(name: str) -> None:
    """The trump named and the hidden burial are evidence: a bidder names its longest colour and buries
    what it least wants to keep.  A defender who reads them deals the bidder nearer its real number of
    trumps and the burial nearer the real one than one who deals them at random."""
    from rookgame.bots.sampler import sample_hand

    rules = preset(name)
    bot = HeuristicPlayer()
    rng = random.Random(6)
    error = {False: 0, True: 0}  # trumps the bidder holds, sampled against real, summed
    overlap = {False: 0, True: 0}  # cards of the real burial in the sampled one, summed
    positions = 0
    for d in range(30):
        hand = Hand(rules, d % 4)
        hand.deal_random(random.Random(d))
        while hand.phase < Phase.PLAY or len(hand.tricks) < 1:
            if hand.phase > Phase.PLAY:
                break
            hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.phase != Phase.PLAY:
            continue  # thrown in
        assert hand.tables is not None
        trumps = hand.tables.suit_mask[hand.trump]
        real = (hand.hands[hand.bidder] & trumps).bit_count()
        buried = sum(1 << c for c in hand.buried)
        view = view_of(hand, (hand.bidder + 1) % 4)  # a defender, a trick into the play
        positions += 1
        for read in (False, True):
            for _ in range(10):
                sample = sample_hand(view, rng, read_nest=read)
                error[read] += abs((sample.hands[hand.bidder] & trumps).bit_count() - real)
                overlap[read] += (sum(1 << c for c in sample.buried) & buried).bit_count()
    assert positions >= 20
    assert error[True] < 0.6 * error[False], error
    assert overlap[True] > 1.3 * overlap[False], overlap


@pytest.mark.slow
def test_where_counters_may_not_be_buried_a_defender_samples_no_counter_in_the_bidders_burial() -> None:
    from rookgame.bots.sampler import sample_hand
    from rookgame.rules import load

    rules = load(str(Path(__file__).parents[1] / "docs" / "examples" / "family.toml"))
    assert rules.bury_counters == "forbidden"
    bot = HeuristicPlayer()
    rng = random.Random(4)
    seen = 0
    for dealer in range(8):
        hand = Hand(rules, dealer % 4)
        hand.deal_random(rng)
        while hand.phase < Phase.PLAY:
            hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.phase != Phase.PLAY:
            continue  # thrown in
        assert not any(rules.deck.points[c] for c in hand.buried)  # the rule, at the real table
        defender = (hand.bidder + 1) % 4
        view = view_of(hand, defender)
        for _ in range(20):
            sample = sample_hand(view, rng)
            assert sample.hands[defender] == hand.hands[defender]
            # the burial holds no counter, as at the table
            assert len(sample.buried) == rules.nest_size
            assert not any(rules.deck.points[c] for c in sample.buried)
            seen += 1
    assert seen >= 100


@pytest.mark.parametrize("retake", [False, True])
def test_expert_values_its_hand_once_per_auction_or_with_retake_again_at_each_bid(
        retake: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int]] = []  # (seat, bids and passes before the valuation)
    original = ExpertPlayer._simulate_takes

    def counted(self: ExpertPlayer, view: View, clock: object, half: bool) -> list[float]:
        seen.append((view.seat, len(view.auction)))
        return original(self, view, clock, half)  # type: ignore[arg-type]

    monkeypatch.setattr(ExpertPlayer, "_simulate_takes", counted)
    rules = preset("kentucky-discard")
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(5))
    bots = [ExpertPlayer(s, "easy", timed=False) for s in range(4)]
    for bot in bots:
        bot.level = dataclasses.replace(bot.level, retake=retake)
    turns: list[tuple[int, int]] = []
    while hand.phase == Phase.BID:
        s = hand.to_act
        turns.append((s, len(hand.auction)))
        hand.apply(bots[s].act(view_of(hand, s)), s)
    seats = [s for s, _ in turns]
    assert len(set(seats)) < len(seats)  # someone bid more than once
    firsts = [t for k, t in enumerate(turns) if t[0] not in seats[:k]]
    # Once a seat, however often it bid; with retake, at every turn, on the auction as it then stood.
    assert seen == (turns if retake else firsts)


def _nests(rules: RuleSet, seed: int, deals: int) -> Iterator[Hand]:
    """Seeded deals bid by the heuristic, each at its nest (a deal thrown in is skipped)."""
    rng = random.Random(seed)
    heuristic = HeuristicPlayer()
    for d in range(deals):
        hand = Hand(rules, d % rules.players)
        hand.deal_random(rng)
        while hand.phase == Phase.BID:
            hand.apply(heuristic.act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.phase == Phase.NEST:
            yield hand


@pytest.mark.parametrize("name", ["full-deck", "kentucky-discard"])
def test_expert_handles_the_nest_like_the_heuristic_unless_a_colour_is_clearly_better(name: str) -> None:
    compared = 0
    heuristic = HeuristicPlayer()
    for hand in _nests(preset(name), 21, 6):
        ex = ExpertPlayer(1, "easy", timed=False)
        ex.level = dataclasses.replace(ex.level, switch_margin=1e9)  # no colour can be clearly better
        while hand.phase == Phase.NEST:
            view = view_of(hand, hand.to_act)
            action = ex.act(view)
            assert action == heuristic.act(view), A.action_str(action)
            hand.apply(action, hand.to_act)
            compared += 1
    assert compared >= 12


def _burials(name: str, margin: float, deals: int) -> list[tuple[list[int], list[int]]]:
    """The easy expert searching the burial (``bury_search``, with ``margin``) and the same expert
    without it, each taking the nest of the same deals after the heuristic's auction: their burials."""
    rules = load(name)
    out = []
    for hand in _nests(rules, 31, deals):
        pair = []
        for search in (8, 0):
            ex = ExpertPlayer(1, "easy", timed=False)
            ex.level = dataclasses.replace(ex.level, bury_search=search, bury_margin=margin)
            h = hand.copy()
            while h.phase == Phase.NEST:
                view = view_of(h, h.to_act)
                ranking = ex.rank(view)
                assert sorted(a for a, _ in ranking) == sorted(view.legal)  # every choice ranked once
                h.apply(ranking[0][0], h.to_act)  # refused if the rules forbid it
            pair.append(sorted(h.buried))
        assert len(pair[0]) == len(pair[1]) == rules.nest_size
        out.append((pair[0], pair[1]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "docs/examples/family.toml"])
def test_an_expert_searching_the_burial_buries_what_the_rules_allow_and_the_heuristics_way_unless_beaten(
        name: str) -> None:
    """With a margin no set can beat, the searched burial is the heuristic's own; with any gain enough,
    the search picks other sets too, each a legal burial of the nest's size (counters kept where the
    family file forbids burying them, as the engine refuses otherwise)."""
    kept = _burials(name, 1e9, 6)
    assert len(kept) >= 3 and all(a == b for a, b in kept)
    moved = _burials(name, -1e9, 6)
    assert any(a != b for a, b in moved)


def test_a_decision_with_no_time_left_still_answers_with_a_legal_action() -> None:
    """The time limit is hard: with none at all, the expert falls back to the heuristic's choice in
    the auction, the nest and the card play instead of taking a few samples anyway."""
    import dataclasses

    from rookgame.bots.expert import LEVELS

    rules = preset("full-deck")
    expert = ExpertPlayer(1, "expert")
    expert.level = dataclasses.replace(LEVELS["expert"], seconds=0.0)
    heuristic = HeuristicPlayer()
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(8))
    phases = set()
    while hand.phase < Phase.DONE:
        view = view_of(hand, hand.to_act)
        action = expert.act(view)
        assert action in view.legal
        if len(view.legal) > 1:
            phases.add(view.phase)
            assert action == heuristic.act(view)
        hand.apply(action)
    assert {Phase.BID, Phase.NEST, Phase.PLAY} <= phases


@pytest.mark.parametrize("level", ["medium", "expert"])
def test_a_decision_on_a_slow_machine_stops_before_its_limit_not_one_play_out_past_it(
        monkeypatch: pytest.MonkeyPatch, level: str) -> None:
    """On a loaded machine every step of a decision takes longer by the wall clock; a decision that
    checks its limit only before each step overruns it by one slow step.  Here a clock of the test's
    own says a play-out takes a fifth of the limit (as a process waiting for a core sees it): every
    decision, in the auction, the nest and the card play, still ends within 1.1 times its limit."""
    import types

    from rookgame.bots import expert as E
    from rookgame.bots import sampler

    limit = E.LEVELS[level].seconds
    now = [0.0]
    clock = types.SimpleNamespace(perf_counter=lambda: now[0])
    monkeypatch.setattr(E, "time", clock)
    monkeypatch.setattr(sampler, "time", clock)
    real_finish = E.ExpertPlayer._finish

    def slow_finish(self: E.ExpertPlayer, h: Hand, seat: int, clock: Clock | None = None) -> int | None:
        now[0] += 0.3 * limit
        return real_finish(self, h, seat, clock)

    monkeypatch.setattr(E.ExpertPlayer, "_finish", slow_finish)
    rules = preset("kentucky-discard")
    bot = ExpertPlayer(3, level)
    seen = set()
    for deal in range(2):
        hand = Hand(rules, deal)
        hand.deal_random(random.Random(deal))
        while hand.phase < Phase.DONE:
            view = view_of(hand, hand.to_act)
            start = now[0]
            action = bot.act(view)
            assert now[0] - start <= 1.1 * limit, (view.phase, now[0] - start)
            if len(view.legal) > 1:
                seen.add(view.phase)
            hand.apply(action)
    assert {Phase.BID, Phase.PLAY} <= seen


@pytest.mark.slow
def test_deals_weighed_by_the_cards_played_explain_the_play_better() -> None:
    """With ``weigh_play`` the deals the expert scores on are drawn toward those in which the other
    seats' cards are the ones a sound player would have chosen; the real deal, played by such
    players, explains every card."""
    import dataclasses

    from rookgame.bots.expert import LEVELS

    rules = preset("kentucky-discard")
    bot = HeuristicPlayer()
    weighed: list[float] = []
    plain: list[float] = []
    for seed in range(12):
        hand = Hand(rules, seed % 4)
        hand.deal_random(random.Random(seed))
        while hand.phase < Phase.DONE and not (hand.phase == Phase.PLAY and len(hand.tricks) == 4):
            hand.apply(bot.act(view_of(hand, hand.to_act)))
        if hand.phase != Phase.PLAY:
            continue
        view = view_of(hand, hand.to_act)
        expert = ExpertPlayer(seed, "expert", timed=False)
        assert expert._play_fit(hand, view.seat) == 1.0
        for weigh, into in ((True, weighed), (False, plain)):
            expert = ExpertPlayer(seed, "expert", timed=False)
            expert.level = dataclasses.replace(LEVELS["expert"], weigh_play=weigh)
            deals = expert._play_samples(view, expert._clock())
            assert isinstance(deals, list)  # drawn whole: not lazy
            into.append(sum(expert._play_fit(d, view.seat) for d in deals) / len(deals))
    assert len(weighed) >= 8
    assert sum(weighed) > 1.5 * sum(plain)


@pytest.mark.slow
def test_a_flagged_blunder_is_clear_of_the_noise_of_its_estimate() -> None:
    """`rook analyze` flags a decision only when its cost, less twice its standard error over the
    deals judged, still reaches the threshold; bids are priced by playing them out, not by a
    placeholder value (an opening bid once showed as a 48-point blunder)."""
    from rookgame.analysis import NOISE_Z

    rules = preset("kentucky-discard")
    rec = selfplay(rules, ["heuristic", "random"], 1, 5)[0]
    decisions = analyze(rec, 1, "easy", blunder=10.0)
    bids = [d for d in decisions if d.phase == "bid"]
    assert bids
    for d in bids:
        assert d.deals > 0 or d.taken == d.best
        assert abs(d.taken_value) <= 2 * rules.total_points + 200 and abs(d.best_value) <= 2 * rules.total_points + 200
    for d in decisions:
        if d.flagged(10.0):
            assert d.cost - NOISE_Z * d.noise >= 10.0 and d.deals >= 2
        if d.deals < 2:
            assert not d.flagged(0.0)


def test_rook_bots_lists_every_bot_and_each_levels_time_limit() -> None:
    from rookgame.bots import REGISTRY
    from rookgame.bots.expert import LEVELS

    result = CliRunner().invoke(app, ["bots"])
    assert result.exit_code == 0, result.output
    for name in REGISTRY:
        assert name in result.output
    for lv in LEVELS.values():
        assert f"{lv.seconds:g} s" in result.output and f"{lv.solve_tricks} tricks left" in result.output
        if lv.early_samples:  # more deals in the first tricks: both counts shown
            assert f"{lv.early_samples}, then {lv.samples}" in result.output


def _facing_a_bid(rules_name: str, seed: int, partner: bool = False) -> Hand | None:
    """An auction stopped where the seat to act may bid over an opponent's bid (or a partner's)."""
    hand = Hand(preset(rules_name), seed % 4)
    hand.deal_random(random.Random(seed))
    heuristic = HeuristicPlayer()
    while hand.phase == Phase.BID:
        if hand.high_bidder >= 0 and (hand.high_bidder % 2 == hand.to_act % 2) == partner and \
                hand.high_bidder != hand.to_act and \
                A.PASS in hand.legal_actions() and any(a >= A.BID for a in hand.legal_actions()):
            return hand
        hand.apply(heuristic.act(view_of(hand, hand.to_act)), hand.to_act)
    return None


def test_over_an_opponents_bid_the_expert_bids_only_when_taking_the_contract_beats_defending(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand = next(h for h in (_facing_a_bid("kentucky-discard", s) for s in range(50)) if h is not None)
    view = view_of(hand, hand.to_act)
    lowest = min(a for a in view.legal if a >= A.BID)
    for gain, expected in ((3.0, lowest), (-3.0, A.PASS)):
        monkeypatch.setattr(ExpertPlayer, "_bid_gain", lambda self, v, b, c=None, g=gain: g)
        assert ExpertPlayer(1, "easy", timed=False).act(view) == expected


def valued(ranking: Ranking) -> dict[int, float]:
    """A ranking as a dict, every choice in it valued."""
    values: dict[int, float] = {}
    for action, value in ranking:
        assert value is not None
        values[action] = value
    return values


def test_a_hint_in_the_auction_prices_passing_by_the_comparison_that_chose_between_bid_and_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand = next(h for h in (_facing_a_bid("kentucky-discard", s) for s in range(50)) if h is not None)
    view = view_of(hand, hand.to_act)
    lowest = min(a for a in view.legal if a >= A.BID)
    for gain in (3.0, -3.0):
        monkeypatch.setattr(ExpertPlayer, "_bid_gain", lambda self, v, b, c=None, g=gain: g)
        ranking = ExpertPlayer(1, "easy", timed=False).rank(view)
        values = valued(ranking)
        assert sorted(values) == sorted(view.legal)
        assert values[A.PASS] == pytest.approx(values[lowest] - gain)  # no stand-in value for passing
        assert [v for _, v in ranking] == sorted(values.values(), reverse=True)  # best first


def test_with_compete_partner_over_a_partners_bid_the_expert_takes_the_contract_only_when_it_gains(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand = next(h for h in (_facing_a_bid("full-deck", s, partner=True) for s in range(200))
                if h is not None)
    view = view_of(hand, hand.to_act)
    assert view.high_bidder == (view.seat + 2) % 4
    lowest = min(a for a in view.legal if a >= A.BID)
    for gain, expected in ((3.0, lowest), (-3.0, A.PASS)):
        monkeypatch.setattr(ExpertPlayer, "_bid_gain", lambda self, v, b, c=None, g=gain: g)
        player = ExpertPlayer(1, "easy", timed=False)
        player.level = dataclasses.replace(player.level, compete_partner=True)
        assert player.act(view) == expected


def test_the_simulated_gain_of_bidding_falls_as_the_bid_rises_past_what_the_hand_is_worth() -> None:
    gains = []
    for seed in range(40):
        hand = _facing_a_bid("kentucky-discard", seed)
        if hand is None:
            continue
        view = view_of(hand, hand.to_act)
        bids = [a for a in view.legal if a >= A.BID]
        player = ExpertPlayer(seed, "medium", timed=False)
        low, high = player._bid_gain(view, bids[0]), player._bid_gain(view, bids[-1])
        assert low is not None and high is not None
        gains.append((low, high))
        if len(gains) == 12:
            break
    # These hands are worth more than the lowest bid (the heuristic would bid on), and no hand
    # takes every point: the lowest bid gains on average, the highest loses, hand by hand.  (The
    # auction's deals drawn from the beliefs read the bid faced as strength: +4.8 a hand, +11.6 without.)
    assert sum(lo for lo, _ in gains) / len(gains) > 0, gains
    assert sum(hi for _, hi in gains) / len(gains) < -30, gains
    assert sum(lo > hi for lo, hi in gains) >= 11, gains


def _finished_individual_hand(predicate: object) -> Hand:
    """A cutthroat hand played out by the heuristic for which ``predicate(hand)`` holds."""
    assert callable(predicate)
    rules = preset("cutthroat")
    bot = HeuristicPlayer()
    for seed in range(200):
        hand = Hand(rules, seed % rules.players)
        hand.deal_random(random.Random(seed))
        while hand.phase < Phase.DONE:
            hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.result is not None and predicate(hand):
            return hand
    raise AssertionError("no such hand in 200 deals")


def test_in_a_game_each_for_themselves_a_defender_scores_against_the_best_other_seat_not_the_bidder_alone() -> None:
    from rookgame.bots.expert import utility

    def another_defender_outscores_the_bidder(h: Hand) -> bool:
        assert h.result is not None
        return any(h.result.score[s] > h.result.score[h.bidder] for s in range(h.n) if s != h.bidder)

    hand = _finished_individual_hand(another_defender_outscores_the_bidder)
    assert hand.result is not None
    score = hand.result.score
    for seat in range(hand.n):
        best_other = max(score[s] for s in range(hand.n) if s != seat)
        assert utility(hand, seat, own=True) == score[seat] - best_other
    defender = next(s for s in range(hand.n) if s != hand.bidder)
    # Pooled, the defenders are one side against the bidder: the other defender's points look like its own.
    assert utility(hand, defender) == score[defender] - score[hand.bidder]
    assert utility(hand, defender, own=True) < utility(hand, defender)


def test_with_own_points_a_defender_plays_out_where_the_solver_would_pool_the_defenders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import rookgame.bots.expert as expert_module

    rules = preset("cutthroat")
    bot = HeuristicPlayer()
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(3))
    while not (hand.phase == Phase.PLAY and rules.deck.hand_size - len(hand.tricks) <= 3):
        hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
    while len(hand.legal_actions()) == 1 or hand.to_act == hand.bidder:
        hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
        assert hand.phase == Phase.PLAY, "no defender's choice late in this hand"
    view = view_of(hand, hand.to_act)
    calls: list[int] = []
    real_solve = solve  # the expert's own (imported there from rookgame.solver)

    def counting_solve(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real_solve(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module, "solve", counting_solve)
    pooled = ExpertPlayer(1, "easy", timed=False)
    pooled.level = dataclasses.replace(pooled.level, own_points=False)
    assert pooled.act(view) in view.legal and calls  # the solver, for the defenders together
    calls.clear()
    alone = ExpertPlayer(1, "easy", timed=False)
    assert alone.level.own_points  # every level's default
    assert alone.act(view) in view.legal and not calls  # play-outs, each seat for itself


def test_the_hands_take_leaves_half_the_time_to_the_comparison_only_when_one_follows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    halves: list[bool] = []
    original = ExpertPlayer._simulate_takes

    def recorded(self: ExpertPlayer, view: object, clock: object, half: bool) -> list[float]:
        halves.append(half)
        return original(self, view, clock, half)  # type: ignore[arg-type]

    monkeypatch.setattr(ExpertPlayer, "_simulate_takes", recorded)
    over_opponent = next(h for h in (_facing_a_bid("full-deck", s) for s in range(200)) if h is not None)
    over_partner = next(h for h in (_facing_a_bid("full-deck", s, partner=True) for s in range(200)) if h is not None)
    for hand in (over_opponent, over_partner):
        ExpertPlayer(1, "easy").act(view_of(hand, hand.to_act))
    # Over an opponent the expert compares bidding with passing; over a partner the take alone decides.
    assert halves == [True, False]


def test_the_simulated_takes_lean_toward_the_hands_estimate_by_the_deals_it_is_worth(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hand = next(h for h in (_facing_a_bid("kentucky-discard", s) for s in range(50)) if h is not None)
    view = view_of(hand, hand.to_act)
    simulated = [60.0, 80.0, 100.0, 120.0]  # four deals, mean 90
    monkeypatch.setattr(ExpertPlayer, "_simulate_takes", lambda self, v, c, h: list(simulated))
    prior = estimate(view.rules, int(view.hand))
    takes = ExpertPlayer(1, "easy", timed=False)._takes(view, Clock(None))
    shift = 8 / (4 + 8) * (prior - 90.0)  # the estimate is worth 8 deals
    assert takes == pytest.approx([t + shift for t in simulated])  # the spread kept, the mean moved


def test_a_hint_for_the_burial_ranks_every_card_and_makes_up_no_points() -> None:
    rules = preset("kentucky-discard")
    bot = HeuristicPlayer()
    for seed in range(20):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        while hand.phase == Phase.BID:
            hand.apply(bot.act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.phase == Phase.NEST and view_of(hand, hand.to_act).step == "bury":
            break
    view = view_of(hand, hand.to_act)
    assert view.step == "bury"
    player = ExpertPlayer(1, "easy", timed=False)
    ranking = player.rank(view)
    assert sorted(a for a, _ in ranking) == sorted(view.legal)
    assert all(v is None for _, v in ranking)  # the plan was valued as a whole, not card by card
    assert ranking[0][0] == player.act(view)  # the card it buries first heads the list
    # then the cards least worth keeping, as the heuristic weighs them for the plan's trump
    from rookgame.bots.colours import best_colour

    plan, _ = player._nest_plan(view)
    colour = plan if plan is not None else view.trump if view.trump >= 0 else best_colour(rules, int(view.hand))
    rest = [a for a in player.heuristic.bury_order(view, colour) if a != ranking[0][0]]
    assert [a for a, _ in ranking[1:]] == rest


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(house_rules(modelled=False), st.integers(0, 2**32))
def test_equivalent_cards_are_worth_the_same_so_the_expert_plays_out_one_of_each_run(rules: RuleSet, seed: int) -> None:
    """Cards the expert plays out as one (one colour, the same points, nothing another seat may hold
    between them) are worth exactly the same, played to the end with every card known; and every legal
    card is in one run."""
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players))
    hand.deal_random(rng)
    bot = HeuristicPlayer()
    finish(hand, bot, stop_at=min(4, rules.deck.hand_size))
    merged = 0
    while hand.phase == Phase.PLAY:
        view = view_of(hand, hand.to_act)
        runs = equivalent_runs(view, view.legal)
        assert sorted(c for run in runs.values() for c in run) == sorted(view.legal)
        assert all(run[0] == rep for rep, run in runs.items())
        for run in runs.values():
            if len(run) > 1:
                merged += 1
                worth = set()
                for c in run:
                    h = hand.copy()
                    h.apply_unchecked(c)
                    worth.add(solve(h, cards=False).value if h.phase == Phase.PLAY else 0)
                assert len(worth) == 1, (run, worth)
        hand.apply(bot.act(view), hand.to_act)
    note(f"runs merged: {merged}")


def test_the_expert_plays_out_a_run_of_touching_trumps_once_and_scores_them_alike() -> None:
    rules = preset("kentucky-discard")
    for seed in range(200):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        finish(hand, HeuristicPlayer(), stop_at=rules.deck.hand_size)
        if hand.phase != Phase.PLAY or hand.to_act != hand.leader:
            continue
        view = view_of(hand, hand.to_act)
        runs = equivalent_runs(view, view.legal)
        if any(len(run) > 1 for run in runs.values()):
            break
    else:
        pytest.fail("no lead with two touching cards of equal points in 200 deals")
    played: list[int] = []
    expert = ExpertPlayer(1, "easy", timed=False)
    original = expert._rollout

    def counted(hand: Hand, action: int, seat: int, clock: Clock | None = None) -> float:
        played.append(action)
        return original(hand, action, seat, clock)

    expert._rollout = counted  # type: ignore[method-assign]
    ranking = dict(expert.rank(view))
    assert set(played) == set(runs)  # one card of each run played out
    for run in runs.values():
        assert len({ranking[c] for c in run}) == 1


@pytest.mark.slow
def test_information_set_search_on_a_known_deal_finds_a_card_the_solver_calls_best() -> None:
    """With the real deal as its only deal and iterations enough for the last three tricks, the search's
    card is worth what the solver's best card is worth, at positions where the cards are not all alike."""
    rules = preset("kentucky-discard")
    checked = 0
    for seed in range(200):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        finish(hand, HeuristicPlayer(), stop_at=3)
        while hand.phase == Phase.PLAY:
            sol = solve(hand, cards=True)
            if len(set(sol.cards.values())) > 1:
                break
            hand.apply(HeuristicPlayer().act(view_of(hand, hand.to_act)), hand.to_act)
        if hand.phase != Phase.PLAY:
            continue
        seat = hand.to_act
        found = ismcts.search(itertools.repeat(hand), 1500, HeuristicPlayer(), lambda h, s: utility(h, s),
                              lambda: False, random.Random(seed), scale=float(rules.total_points))
        card = max(found, key=lambda a: found[a][0])
        mine = (max if hand.team_mask() >> seat & 1 else min)(sol.cards.values())
        assert sol.cards[card] == mine, (seed, card, sol.cards, found)
        checked += 1
        if checked == 12:
            break
    assert checked == 12


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(house_rules(modelled=False), st.integers(0, 2**32))
def test_the_expert_with_information_set_search_plays_legal_cards_in_any_house_rules(
        rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand(rules, rng.randrange(rules.players))
    hand.deal_random(rng)
    finish(hand, HeuristicPlayer(), stop_at=rules.deck.hand_size)
    expert = ExpertPlayer(seed, "easy", timed=False)
    expert.level = dataclasses.replace(expert.level, ismcts=2)
    for _ in range(2 * rules.players):
        if hand.phase != Phase.PLAY:
            break
        view = view_of(hand, hand.to_act)
        ranking = expert.rank(view)
        assert sorted(a for a, _ in ranking) == sorted(view.legal)
        hand.apply(ranking[0][0], hand.to_act)


def test_rook_analyze_speaks_the_readers_language(tmp_path: Path) -> None:
    """The table of decisions, the blunder's rule and each seat's account in Spanish: no English left."""
    path = tmp_path / "game.jsonl"
    write_jsonl(path, selfplay(preset("tournament"), ["heuristic", "random"], 1, 2, max_hands=1))
    result = CliRunner().invoke(app, ["--lang", "es", "analyze", str(path), "--level", "easy", "--all",
                                      "--blunder", "2.5"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for spanish in ("decisiones juzgadas por el nivel Fácil", "baza", "asiento", "fase", "elegida", "mejor",
                    "coste", "Un error grave cuesta al menos 2,5 puntos", "puntos regalados en total (estimados)",
                    "asiento 0:", "decisiones,"):
        assert spanish in out, spanish
    assert "puja" in out  # the phase by its name, not its identifier
    for english in ("judged by", " trick ┃", " phase ┃", " taken ┃", " best ┃", " cost ┃", "blunder", "given away",
                    "decisions", "bid ", "pass"):
        assert english not in out, english


def test_a_close_call_is_a_card_within_z_standard_errors_of_the_best_not_one_equal_on_every_deal() -> None:
    close = [{1: 10.0 + d, 2: 9.0 + 2 * d} for d in (-3, 4, -2, 5, -4, 3)]  # 2 behind by a little, noisily
    assert _contested(close, 2.0)
    far = [{1: 30.0 + d, 2: 0.0 + d} for d in (-3, 4, -2, 5, -4, 3)]  # 2 behind by 30 on every deal
    assert not _contested(far, 2.0)
    equal = [{1: 10.0 + d, 2: 10.0 + d, 3: -20.0} for d in (-3, 4, -2, 5)]  # 1 and 2 alike on every deal
    assert not _contested(equal, 2.0)


def test_where_the_solver_scores_the_expert_takes_more_deals_only_for_a_close_call() -> None:
    rules = preset("kentucky-discard")
    level = dataclasses.replace(LEVELS["expert"], samples=12, early_samples=0, extend_samples=36, belief=False)
    counts: dict[bool, int] = {True: 0, False: 0}
    for seed in range(40):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        finish(hand, HeuristicPlayer(), stop_at=level.solve_tricks - 1)
        if hand.phase != Phase.PLAY or len(hand.legal_tuple()) < 2:
            continue
        expert = ExpertPlayer(seed, "expert", timed=False)
        expert.level = level
        scored = expert.play_values(view_of(hand, hand.to_act))
        close = _contested(scored[:12], level.extend_z)
        assert len(scored) == (36 if close else 12)
        counts[close] += 1
    assert counts[True] and counts[False], counts  # both kinds of decision met


def test_the_expert_takes_its_early_deals_in_the_solvers_first_tricks_only_while_more_than_early_left_remain() -> None:
    rules = preset("kentucky-discard")
    level = dataclasses.replace(LEVELS["expert"], samples=6, early_samples=14, early_left=5, belief=False)
    seen: dict[int, int] = {}
    for seed in range(30):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        left = level.solve_tricks - seed % 4  # 7, 6, 5 or 4 tricks left: the solver scores each
        finish(hand, HeuristicPlayer(), stop_at=left)
        if hand.phase != Phase.PLAY or len(hand.legal_tuple()) < 2:
            continue
        expert = ExpertPlayer(seed, "expert", timed=False)
        expert.level = level
        seen[left] = len(expert.play_values(view_of(hand, hand.to_act)))
    assert seen == {7: 14, 6: 14, 5: 6, 4: 6}, seen


def test_rook_bots_in_an_80_column_terminal_keeps_every_line_within_80_columns() -> None:
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")} | {"TERM": "xterm"}
    run = subprocess.Popen([sys.executable, "-c", "from rookgame.cli import main; main()", "bots"],
                           stdin=follower, stdout=follower, stderr=subprocess.DEVNULL, env=env)
    os.close(follower)  # the child holds the only copy: its exit ends the reads below
    out = b""
    with contextlib.suppress(OSError):  # read as it writes (a pseudo-terminal's buffer is small), to its end
        while chunk := os.read(leader, 65536):
            out += chunk
    os.close(leader)
    assert run.wait(timeout=60) == 0, out
    lines = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.decode()).splitlines()
    assert any("expert" in line for line in lines)
    assert max(len(line.rstrip()) for line in lines) <= 80, lines


@pytest.mark.parametrize("auction", [False, True])
def test_the_beliefs_draw_the_auctions_deals_only_where_the_level_asks(auction: bool,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import rookgame.bots.expert as E
    from rookgame.bots.belief import Model
    from rookgame.bots.sampler import Draw

    drawn: list[tuple[Phase, bool]] = []

    def spy(view: View, weigh_auction: bool = True, read_nest: bool = True, belief: Model | None = None) -> Draw:
        drawn.append((view.phase, belief is not None))
        return Draw(view, weigh_auction, read_nest, belief)

    monkeypatch.setattr(E, "Draw", spy)
    hand = Hand(preset("kentucky-discard"), 0)
    hand.deal_random(random.Random(3))
    expert = ExpertPlayer(3, "medium", timed=False)
    expert.level = dataclasses.replace(LEVELS["medium"], belief=True, belief_auction=auction)
    while hand.phase in (Phase.BID, Phase.NEST) or (hand.phase == Phase.PLAY and len(hand.tricks) < 1):
        hand.apply(expert.act(view_of(hand, hand.to_act)))
    assert {phase for phase, _ in drawn} >= {Phase.BID, Phase.PLAY}
    assert all(belief for phase, belief in drawn if phase == Phase.PLAY)
    assert all(belief == auction for phase, belief in drawn if phase != Phase.PLAY)


def test_an_expert_given_belief_weights_draws_its_card_plays_deals_from_them_not_the_shipped_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """How new weights are tried head to head (benchmarks/expert_variants.py --beliefs-a)."""
    import rookgame.bots.expert as E
    from rookgame.bots.belief import WEIGHTS_FILE, Model, read_shipped
    from rookgame.bots.sampler import Draw

    trial = read_shipped(Model, WEIGHTS_FILE)  # the same weights, read again: another object
    assert trial is not None
    drawn: list[Model | None] = []

    def spy(view: View, weigh_auction: bool = True, read_nest: bool = True, belief: Model | None = None) -> Draw:
        if view.phase == Phase.PLAY:
            drawn.append(belief)
        return Draw(view, weigh_auction, read_nest, belief)

    def no_shipped() -> Model | None:
        raise AssertionError("the shipped weights were read")

    hand = Hand(preset("kentucky-discard"), 0)
    hand.deal_random(random.Random(5))
    expert = ExpertPlayer(5, "medium", timed=False)
    expert.beliefs = trial
    monkeypatch.setattr(E, "Draw", spy)
    monkeypatch.setattr(E, "shipped", no_shipped)
    while hand.phase in (Phase.BID, Phase.NEST) or (hand.phase == Phase.PLAY and len(hand.tricks) < 1):
        hand.apply(expert.act(view_of(hand, hand.to_act)))
    assert drawn and all(belief is trial for belief in drawn)


def test_medium_plays_out_a_deal_to_its_last_tricks_and_the_solver_takes_them_exactly() -> None:
    from rookgame.bots.expert import _final_utility
    from rookgame.solver import BudgetExceeded

    level = LEVELS["medium"]
    assert level.tail_tricks == level.solve_tricks
    rules = preset("full-deck")  # 13 tricks: play-outs from the first trick run 7 tricks before the tail
    rng = random.Random(8)
    differs = 0
    for d in range(4):
        hand = Hand(rules, d)
        hand.deal_random(rng)
        heuristic = HeuristicPlayer(0)
        while hand.phase in (Phase.BID, Phase.NEST):
            hand.apply(heuristic.act(view_of(hand, hand.to_act)))
        if hand.phase != Phase.PLAY:
            continue
        seat = hand.to_act
        expert = ExpertPlayer(seat, "medium", timed=False)
        for action in hand.legal_actions():
            h = hand.copy()
            h.apply_unchecked(action)
            plain = h.copy()
            finish(plain, expert.heuristic)
            finish(h, expert.heuristic, stop_at=level.tail_tricks)
            assert h.phase == Phase.PLAY and rules.deck.hand_size - len(h.tricks) == level.tail_tricks
            try:
                exact = _final_utility(h, seat, solve(h, cards=False, max_nodes=level.max_nodes).value)
            except BudgetExceeded:
                continue
            assert expert._rollout(hand, action, seat) == exact
            differs += exact != utility(plain, seat)
    assert differs  # the solver's tail is not the heuristic's play-out under another name


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_rules(), SEEDS)
def test_what_the_bidders_team_has_taken_and_the_solvers_last_trick_make_the_take_the_hand_records(
        rules: RuleSet, seed: int) -> None:
    hand = Hand(rules, seed % rules.players)
    hand.deal_random(random.Random(seed))
    heuristic = HeuristicPlayer(seed)
    finish(hand, heuristic, stop_at=1)  # the last trick: every card forced, the solver's value is the play's
    if hand.phase != Phase.PLAY:
        return  # no contract (everyone passed)
    before = team_taken(hand)
    value = solve(hand, cards=False).value
    finish(hand, heuristic)
    assert hand.result is not None and hand.result.bidding_points == before + value


@pytest.mark.parametrize(("name", "tail"), [("kentucky-discard", 7), ("cutthroat", 7), ("individual-5", 5),
                                           ("call-partner-6", 4)])
def test_the_auctions_solved_tail_holds_at_most_seven_tricks_of_four_players_cards(
        name: str, tail: int, monkeypatch: pytest.MonkeyPatch) -> None:
    tails: list[int] = []
    original = ExpertPlayer._solved_tail

    def recorded(self: ExpertPlayer, h: Hand, player: HeuristicPlayer, t: int,
                 clock: Clock | None = None) -> int | None:
        tails.append(t)
        return original(self, h, player, t, clock)

    monkeypatch.setattr(ExpertPlayer, "_solved_tail", recorded)
    rules = preset(name)
    expert = ExpertPlayer(1, "expert", timed=False)
    expert.level = dataclasses.replace(expert.level, bid_samples=2, compete=False)
    for seed in range(6):
        hand = Hand(rules, 0)
        hand.deal_random(random.Random(seed))
        expert.act(view_of(hand, hand.to_act))
        if tails:
            break
    assert tails and set(tails) == {tail}  # six players: 4 tricks (24 cards in the hands), not 7 (42)


def test_the_experts_simulated_hands_end_in_the_solver_from_sim_tail_tricks_left() -> None:
    from rookgame.bots.expert import _final_utility

    level = LEVELS["expert"]
    assert level.sim_tail == level.solve_tricks  # as its own card play: the solver from 7 tricks left
    rules = preset("full-deck")
    differs = 0
    for d in range(6):
        hand = Hand(rules, d)
        hand.deal_random(random.Random(d))
        heuristic = HeuristicPlayer(0)
        while hand.phase == Phase.BID:
            hand.apply(heuristic.act(view_of(hand, hand.to_act)))
        if hand.phase != Phase.NEST:
            continue
        for seat in (hand.bidder, (hand.bidder + 1) % rules.players):
            expert = ExpertPlayer(seat, "expert", timed=False)
            expert.level = level
            plain, tailed, h = hand.copy(), hand.copy(), hand.copy()
            finish(plain, expert.heuristic)
            finish(h, expert.heuristic, stop_at=level.sim_tail)
            assert h.phase == Phase.PLAY and rules.deck.hand_size - len(h.tricks) == level.sim_tail
            exact = _final_utility(h, seat, solve(h, cards=False, max_nodes=level.max_nodes).value)
            assert expert._finished_utility(tailed, seat) == exact
            differs += exact != utility(plain, seat)
    assert differs  # the solver's tail is not the heuristic's play-out under another name
