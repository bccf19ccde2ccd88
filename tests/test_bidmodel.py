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
from rookgame.rules import RuleSet, preset
from rookgame.state import Hand, Phase
from rookgame.view import view_of

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
    real_write = V.write_whole  # the cache is written by valuation.cached, for both

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
