"""Bidding that knows its risk (issue 28, item 2): the learned distribution of the take, and the
expert's bids from it."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rookgame import actions as A
from rookgame.bots import bidmodel as M
from rookgame.bots import valuation as V
from rookgame.bots.expert import LEVELS, ExpertPlayer
from rookgame.files import write_whole
from rookgame.rules import RuleSet, preset
from rookgame.state import Hand, Phase
from rookgame.view import view_of

from .test_random_rules import house_rules

pytestmark = pytest.mark.usefixtures("house_cache_in_tmp")


def _held_out_coverage(model: M.BidModel, rules: RuleSet, hands: int, seed: int) -> list[float]:
    xs, ys = M.played_rows(rules, hands, seed)
    for x in xs:
        shares = model.shares(x)
        assert shares == sorted(shares) and shares[0] >= 0.0 and shares[-1] <= 1.0
    return M.coverage(model, xs, ys)


@pytest.mark.slow
def test_a_model_fitted_on_a_few_hundred_hands_is_ordered_and_calibrated_on_others() -> None:
    rules = preset("full-deck")
    xs, ys = M.played_rows(rules, 600, 1)
    model = M.fit(xs, ys)
    cov = _held_out_coverage(model, rules, 300, 2)
    # Each quantile's share of real takes below it, on hands the fit never saw: within 0.1 of the
    # quantile (300 hands: a share's own spread is up to 0.03).  A mean with a fixed spread, or a
    # model blind to the hand, misses the tails by more.
    assert all(abs(c - q) <= 0.1 for c, q in zip(cov, M.QUANTILES)), list(zip(M.QUANTILES, cov))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck"])
def test_the_shipped_models_are_calibrated_on_fresh_hands(name: str) -> None:
    rules = preset(name)
    model = M.model_for(rules)
    assert model is not None and model.hands >= 300
    cov = _held_out_coverage(model, rules, 400, 987)
    assert all(abs(c - q) <= 0.08 for c, q in zip(cov, M.QUANTILES)), list(zip(M.QUANTILES, cov))


def test_every_preset_ships_a_model() -> None:
    from rookgame.rules import PRESETS

    assert set(M.shipped()["presets"]) == set(PRESETS)
    for name in PRESETS:
        assert M._shipped_model(preset(name)) is not None


def _model_bidder(seed: int, quantile: float) -> ExpertPlayer:
    p = ExpertPlayer(seed, "expert")
    p.level = dataclasses.replace(LEVELS["expert"], bidmodel=True, bid_quantile=quantile)
    return p


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["kentucky-discard", "full-deck", "cutthroat", "call-partner-5", "red-one"]),
       seed=st.integers(0, 10_000), quantile=st.sampled_from([0.05, 0.3, 0.5, 0.95]))
def test_the_bids_from_the_model_are_legal_within_the_rules_and_only_where_the_take_reaches_them(
        name: str, seed: int, quantile: float) -> None:
    rules = preset(name)
    hand = Hand(rules, seed % rules.players)
    hand.deal_random(random.Random(seed))
    bots = [_model_bidder(seed + s, quantile) for s in range(rules.players)]
    model = M.model_for(rules)
    assert model is not None
    while hand.phase == Phase.BID:
        seat = hand.to_act
        view = view_of(hand, seat)
        action = bots[seat].act(view)
        assert action in view.legal
        if action >= A.BID:
            bid = action - A.BID
            assert rules.min_bid <= bid <= rules.effective_max_bid
            assert bid == min(a for a in view.legal if a >= A.BID) - A.BID  # one step at a time
            if A.PASS in view.legal:  # a free choice: only a bid the take at the quantile reaches
                assert model.take_at(view, quantile) >= bid
        hand.apply(action)


def _house() -> RuleSet:
    return preset("kentucky-discard").replace(name="our table", min_bid=60)


def test_a_house_file_is_fitted_once_written_whole_and_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(M, "HOUSE_HANDS", 250)
    rules = _house()
    key = M.rules_key(rules)
    M._memory.pop(key, None)
    writes: list[Path] = []
    real_write = write_whole  # valuation's, from rookgame.files; the cache is written by valuation.cached, for both

    def spy(path: Path, data: bytes) -> None:
        if path.name.startswith("bidmodel"):  # the valuation's calibration goes through the same writer
            writes.append(path)
        real_write(path, data)

    monkeypatch.setattr(V, "write_whole", spy)
    first = M.model_for(rules)
    assert first is not None
    path = M.cache_path(rules)
    assert path is not None and writes == [path]  # through the whole-file writer, once
    assert [p.name for p in path.parent.iterdir() if p.name.startswith("bidmodel")] == [path.name]  # no temp left
    assert M.BidModel.from_json(json.loads(path.read_text("utf-8"))) == M.BidModel.from_json(first.to_json())

    # A new process (the memory emptied) reads the file and plays no hand.
    M._memory.pop(key, None)

    def no_fit(*args: object) -> None:
        raise AssertionError("fitted again instead of reading the cache")

    monkeypatch.setattr(M, "played_rows", no_fit)
    again = M.model_for(rules)
    assert again is not None and again.coef == M.BidModel.from_json(first.to_json()).coef
    assert writes == [path]
    M._memory.pop(key, None)


def test_a_cache_file_that_cannot_be_read_is_fitted_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(M, "HOUSE_HANDS", 250)
    rules = _house()
    key = M.rules_key(rules)
    M._memory.pop(key, None)
    path = M.cache_path(rules)
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"coef": [[1.0]], "hands"')  # cut short
    model = M.model_for(rules)
    assert model is not None
    assert M.BidModel.from_json(json.loads(path.read_text("utf-8"))).hands == model.hands
    M._memory.pop(key, None)


def test_interpolation_between_the_fitted_quantiles() -> None:
    values = [float(i) for i in range(len(M.QUANTILES))]
    i = M.QUANTILES.index(0.3)
    assert M.interpolate(values, 0.3) == values[i]
    assert M.interpolate(values, 0.35) == pytest.approx(values[i] + 0.5)
    assert M.interpolate(values, 0.0) == values[0] and M.interpolate(values, 1.0) == values[-1]


def test_with_the_model_a_weak_hand_passes_and_a_strong_one_opens_without_a_play_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = preset("kentucky-discard")
    bot = _model_bidder(1, 0.4)

    def no_play_out(*args: object, **kwargs: object) -> None:
        raise AssertionError("the model's auction played a hand out")

    monkeypatch.setattr(bot, "_finish", no_play_out)
    model = M.model_for(rules)
    assert model is not None
    rng = random.Random(3)
    seen = set()
    for _ in range(200):
        hand = Hand(rules, 0)
        hand.deal_random(rng)
        view = view_of(hand, hand.to_act)
        if A.REDEAL in view.legal:  # a hand without counters: thrown in, as the expert always does
            continue
        take = model.take_at(view, 0.4)
        ranking = bot.rank(view)
        action = ranking[0][0]
        assert action == (A.BID + rules.min_bid if take >= rules.min_bid else A.PASS)
        seen.add(action)
        # every bid is valued, and a dearer bid is worth less with the same hand
        values = {a: v for a, v in ranking if a >= A.BID}
        assert all(v is not None for v in values.values())
        bids = sorted(values)
        assert all(values[a] >= values[b] for a, b in zip(bids, bids[1:]))  # type: ignore[operator]
    assert seen == {A.PASS, A.BID + rules.min_bid}


# ---------------------------------------------------------------------- the nest's plans priced
def _nest_pricer(seed: int) -> ExpertPlayer:
    p = ExpertPlayer(seed, "expert")
    p.level = dataclasses.replace(LEVELS["expert"], nest_model=True)
    return p


def test_every_preset_ships_a_plan_model() -> None:
    from rookgame.rules import PRESETS

    assert set(M.shipped()["plans"]) == set(PRESETS)
    for name in PRESETS:
        assert M._shipped_model(preset(name), plans=True) is not None


@pytest.mark.slow
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner"])
def test_the_shipped_plan_models_are_calibrated_on_fresh_hands(name: str) -> None:
    rules = preset(name)
    model = M.plan_model_for(rules)
    assert model is not None and model.hands >= 300
    xs, ys = M.plan_rows(rules, 400, 4321)
    cov = M.coverage(model, xs, ys)
    assert all(abs(c - q) <= 0.08 for c, q in zip(cov, M.QUANTILES)), list(zip(M.QUANTILES, cov))


def _after_auction(rules: RuleSet, seed: int) -> Hand | None:
    """A heuristic auction on a random deal: the hand at the bidder's first nest step, or None."""
    from rookgame.bots.heuristic import HeuristicPlayer

    bot = HeuristicPlayer()
    hand = Hand(rules, seed % rules.players)
    hand.deal_random(random.Random(seed))
    while hand.phase == Phase.BID:
        hand.apply(bot.act(view_of(hand, hand.to_act)))
    while hand.phase == Phase.NEST and hand.to_act != hand.bidder:
        hand.apply(bot.act(view_of(hand, hand.to_act)))
    return hand if hand.phase == Phase.NEST else None


def test_a_trump_the_hand_is_long_in_is_priced_above_one_it_lacks() -> None:
    rules = preset("kentucky-discard")
    model = M.plan_model_for(rules)
    assert model is not None
    from rookgame.bots.colours import colours

    masks = colours(rules).suit_mask
    above = tried = 0
    for seed in range(60):
        hand = _after_auction(rules, seed)
        if hand is None:
            continue
        kept = hand.hands[hand.bidder]
        lengths = [(kept & masks[c][c]).bit_count() for c in range(4)]
        long, short = lengths.index(max(lengths)), lengths.index(min(lengths))
        if lengths[long] - lengths[short] < 3:
            continue

        def price(trump: int, kept: int, contract: int) -> float:
            x = M.plan_features(rules, kept, trump, 0, contract, ())
            return M.expected_score([q * rules.total_points for q in model.shares(x)], contract, rules.total_points)

        tried += 1
        above += price(long, kept, hand.high_bid) > price(short, kept, hand.high_bid)
    assert tried >= 30 and above >= 0.9 * tried, (above, tried)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["kentucky-discard", "full-deck", "call-partner", "red-one", "dixie", "cutthroat"]),
       seed=st.integers(0, 10_000))
def test_a_bidder_pricing_its_nest_buries_and_names_the_plan_it_priced_without_a_play_out(
        name: str, seed: int) -> None:
    rules = preset(name)
    hand = _after_auction(rules, seed)
    if hand is None:
        return
    bot = _nest_pricer(seed)

    def no_play_out(*args: object, **kwargs: object) -> None:
        raise AssertionError("the priced nest played a hand out")

    bot._finish = no_play_out  # type: ignore[method-assign]
    bidder = hand.bidder
    held = hand.hands[bidder]
    steps = 0
    while hand.phase == Phase.NEST and hand.to_act == bidder:
        view = view_of(hand, bidder)
        ranking = bot.rank(view)
        action = ranking[0][0]
        assert action in view.legal and sorted(a for a, _ in ranking) == sorted(view.legal)
        if view.step == "partner" and A.PARTNER <= action < A.PARTNER + 64:
            card = action - A.PARTNER
            assert not (held >> card & 1)  # a partner, not a card of its own
            assert not any(c == card for c in hand.buried)
        hand.apply(action)
        steps += 1
    assert steps
    if bot._priced is not None and not rules.trump_before_nest:
        _, colour, burial, _ = bot._priced
        assert set(hand.buried) == set(burial)  # the burial priced is the one made
        if any(step == "trump" for step in rules.nest_steps):
            assert hand.trump == colour  # and the trump priced the one named


def test_the_plan_priced_is_worth_at_least_the_heuristics_own_by_the_model() -> None:
    from rookgame.bots.heuristic import HeuristicPlayer

    rules = preset("kentucky-discard")
    model = M.plan_model_for(rules)
    assert model is not None
    total = rules.total_points
    checked = 0
    for seed in range(40):
        hand = _after_auction(rules, seed)
        if hand is None:
            continue
        ours, theirs = hand.copy(), hand.copy()
        bot, heuristic = _nest_pricer(seed), HeuristicPlayer()
        for h, p in ((ours, bot), (theirs, heuristic)):
            while h.phase == Phase.NEST and h.to_act == hand.bidder:
                h.apply(p.act(view_of(h, hand.bidder)))

        def price(h: Hand) -> float:
            x = M.plan_features(rules, h.hands[h.bidder], h.trump, sum(1 << c for c in h.buried), h.bid,
                                h.partner_cards)
            return M.expected_score([q * total for q in model.shares(x)], h.bid, total)

        assert price(ours) >= price(theirs) - 1e-9
        checked += 1
    assert checked >= 20


def test_a_house_files_plan_model_is_fitted_once_and_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(M, "HOUSE_HANDS", 250)
    rules = _house()
    key = "plan-" + M.plan_key(rules)
    M._memory.pop(key, None)
    first = M.plan_model_for(rules)
    assert first is not None and first.hands >= M.MIN_ROWS
    path = M.cache_path(rules, plans=True)
    assert path is not None and path.exists() and path != M.cache_path(rules)
    M._memory.pop(key, None)

    def no_fit(*args: object) -> None:
        raise AssertionError("fitted again instead of reading the cache")

    monkeypatch.setattr(M, "plan_rows", no_fit)
    again = M.plan_model_for(rules)
    assert again is not None and again.coef == M.BidModel.from_json(first.to_json(), M.PLAN_FEATURES).coef
    M._memory.pop(key, None)


@pytest.mark.parametrize("name", ["call-partner", "call-partner-5"])
def test_a_bidder_pricing_its_calls_calls_the_best_priced_card_of_another_seat(name: str) -> None:
    from rookgame.bots.heuristic import HeuristicPlayer, nest_colour

    rules = preset(name)
    model = M.plan_model_for(rules)
    assert model is not None
    heuristic = HeuristicPlayer()
    calls = 0
    for seed in range(30):
        hand = _after_auction(rules, seed)
        if hand is None:
            continue
        while hand.phase == Phase.NEST and hand.step_kind != "partner":  # the rest of the nest the heuristic's way
            hand.apply(heuristic.act(view_of(hand, hand.to_act)))
        if hand.phase != Phase.NEST:
            continue
        bot = ExpertPlayer(seed, "expert")
        bot.level = dataclasses.replace(LEVELS["expert"], call_model=True)
        view = view_of(hand, hand.bidder)
        ranking = bot.rank(view)
        action, value = ranking[0]
        card = action - A.PARTNER
        assert A.PARTNER <= action < A.PARTNER + 64 and not int(view.hand) >> card & 1
        trump = view.trump if view.trump >= 0 else nest_colour(view)
        x = M.plan_features(rules, int(view.hand), trump, int(view.buried or 0), view.bid, (card,))
        assert value == pytest.approx(M.expected_score([q * rules.total_points for q in model.shares(x)],
                                                       view.bid, rules.total_points))
        priced = [v for _, v in ranking if v is not None]
        assert priced == sorted(priced, reverse=True) and len(priced) >= 2
        calls += 1
    assert calls >= 10


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=house_rules(), seed=st.integers(0, 2**32))
def test_in_any_house_rules_a_bidder_pricing_its_nest_and_calls_makes_only_legal_choices(
        rules: RuleSet, seed: int) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(M, "HOUSE_HANDS", 300)  # a small fit on first use: the choices, not their strength
        hand = _after_auction(rules, seed % 10_000)
        if hand is None:
            return
        bot = ExpertPlayer(seed, "expert")
        bot.level = dataclasses.replace(LEVELS["expert"], nest_model=True, call_model=True, bid_samples=4)
        while hand.phase == Phase.NEST:
            view = view_of(hand, hand.to_act)
            ranking = bot.rank(view)
            assert sorted(a for a, _ in ranking) == sorted(view.legal)  # every legal choice ranked, once
            hand.apply(ranking[0][0])  # apply() checks it with the engine
        assert hand.phase in (Phase.PLAY, Phase.DONE) or hand.is_over
