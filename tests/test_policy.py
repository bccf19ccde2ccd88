"""The learned card-play policy (issue 28, item 3): its weights, its numpy inference, and the expert's options."""

from __future__ import annotations

import dataclasses
import random
from importlib import resources

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from rookgame.bots import policy as P
from rookgame.bots.expert import ExpertPlayer
from rookgame.bots.heuristic import HeuristicPlayer
from rookgame.bots.knowledge import know
from rookgame.bots.playout import finish, seat_knowledge
from rookgame.rules import RuleSet, preset
from rookgame.state import Hand, Phase
from rookgame.view import View, view_of

from .test_random_rules import SEEDS, house_rules

MODEL = P.shipped()
needs_model = pytest.mark.skipif(MODEL is None, reason="no policy weights ship")


def _positions(rules: RuleSet, seed: int, count: int) -> list[tuple[Hand, View]]:
    """Card decisions with a choice from heuristic hands: (the state, the view of the seat to play)."""
    bot = HeuristicPlayer()
    rng = random.Random(seed)
    out: list[tuple[Hand, View]] = []
    while len(out) < count:
        hand = Hand(rules, seed % rules.players)
        hand.deal_random(rng)
        while hand.phase < Phase.DONE:
            view = view_of(hand, hand.to_act)
            if hand.phase == Phase.PLAY and len(view.legal) > 1 and rng.random() < 0.3:
                out.append((hand.copy(), view))
            hand.apply(bot.act(view))
    return out[:count]


def test_the_weights_ship_small_and_name_the_features_they_were_trained_on() -> None:
    data = resources.files("rookgame").joinpath(P.WEIGHTS_FILE).read_bytes()
    assert len(data) < 1_000_000
    model = P.Model.from_bytes(data)
    assert tuple(model.info["features"]) == P.FEATURES  # type: ignore[arg-type]
    assert model.layers[0][0].shape[0] == len(P.FEATURES)
    assert model.layers[-1][0].shape[1] == 1


@needs_model
def test_numpy_inference_matches_a_torch_forward_on_the_same_features() -> None:
    torch = pytest.importorskip("torch")
    assert MODEL is not None
    _, view = _positions(preset("kentucky-discard"), 3, 1)[0]
    k = know(view)
    x = np.array(P.features(k, view.legal, HeuristicPlayer().play(k, view.legal)), np.float32)
    mods: list[object] = []
    for i, (w, b) in enumerate(MODEL.layers):
        lin = torch.nn.Linear(w.shape[0], w.shape[1])
        with torch.no_grad():
            lin.weight.copy_(torch.from_numpy(w.T.copy()))
            lin.bias.copy_(torch.from_numpy(b))
        mods.append(lin)
        if i < len(MODEL.layers) - 1:
            mods.append(torch.nn.ReLU())
    net = torch.nn.Sequential(*mods)
    with torch.no_grad():
        want = net(torch.from_numpy((x - MODEL.mean) * MODEL.scale))[:, 0].numpy()
    assert np.allclose(MODEL.scores(x), want, atol=1e-4)
    policy = P.Policy(MODEL)
    assert np.allclose(policy.logits(k, view.legal), want, atol=1e-4)  # the folded, float64 layers too
    probs = policy.probabilities(k, view.legal)
    assert probs.shape == (len(view.legal),) and abs(float(probs.sum()) - 1) < 1e-9


@needs_model
def test_the_features_of_a_simulated_seat_are_those_of_its_view() -> None:
    bot = HeuristicPlayer()
    for hand, view in _positions(preset("full-deck"), 5, 6):
        k1, k2 = know(view), seat_knowledge(hand, view.seat)
        c = bot.play(k1, view.legal)
        assert P.features(k1, view.legal, c) == P.features(k2, view.legal, c)


@needs_model
@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "cutthroat", "call-partner-5", "individual-6",
                                  "red-one", "double-bird"])
def test_the_policy_plays_every_kind_of_game_to_the_end_with_legal_cards(name: str) -> None:
    rules = preset(name)
    bot = P.PolicyPlayer()
    rng = random.Random(2)
    for d in range(3):
        hand = Hand(rules, d % rules.players)
        hand.deal_random(rng)
        while hand.phase < Phase.DONE:
            view = view_of(hand, hand.to_act)
            a = bot.act(view)
            assert a in view.legal
            hand.apply(a)  # checked
        assert hand.phase in (Phase.DONE, Phase.THROWN_IN)


@pytest.mark.slow
@needs_model
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_rules(modelled=False), SEEDS)
def test_the_policy_plays_out_random_house_rules_with_legal_cards(rules: RuleSet, seed: int) -> None:
    bot = P.PolicyPlayer()
    hand = Hand(rules, seed % rules.players)
    hand.deal_random(random.Random(seed))
    while hand.phase < Phase.PLAY:
        hand.apply(bot.act(view_of(hand, hand.to_act)))
    while hand.phase == Phase.PLAY:
        legal = hand.legal_tuple()
        a = bot.play(seat_knowledge(hand, hand.to_act), legal)
        assert a in legal
        hand.apply_unchecked(a)
    finish(hand, bot)
    assert hand.phase in (Phase.DONE, Phase.THROWN_IN)


@needs_model
def test_the_policy_is_not_the_heuristic() -> None:
    bot = P.PolicyPlayer()
    heur = HeuristicPlayer()
    picks = [(bot.play(know(v), v.legal), heur.play(know(v), v.legal)) for _, v in
             _positions(preset("kentucky-discard"), 7, 60)]
    differ = sum(a != b for a, b in picks)
    assert 0 < differ < len(picks)


def _expert(**changes: object) -> ExpertPlayer:
    p = ExpertPlayer(11, "easy", timed=False)
    p.level = dataclasses.replace(p.level, **changes)  # type: ignore[arg-type]
    return p


@needs_model
def test_policy_play_outs_change_the_experts_cards_and_keep_them_legal() -> None:
    positions = _positions(preset("kentucky-discard"), 9, 30)
    plain = [_expert().act(v) for _, v in positions]
    learned = [_expert(playout=True).act(v) for _, v in positions]
    assert all(a in v.legal for a, (_, v) in zip(learned, positions))
    assert plain != learned
    assert plain == [_expert().act(v) for _, v in positions]  # the same seed, the same cards


@needs_model
def test_the_prior_scores_only_the_likely_cards_and_ranks_the_rest_unvalued() -> None:
    pruned = 0
    for _, view in _positions(preset("full-deck"), 4, 20):
        ranking = _expert(prior=0.5).rank(view)
        assert sorted(a for a, _ in ranking) == sorted(view.legal)
        valued = [a for a, v in ranking if v is not None]
        assert valued and ranking[0][1] is not None  # the choice is a card it scored
        kept = _expert(prior=0.5)._prior_cards(view)
        assert sorted(valued) == sorted(kept)
        pruned += len(view.legal) - len(kept)
    assert pruned > 0


@needs_model
def test_with_playout_tricks_the_policy_plays_only_the_next_tricks_of_a_play_out() -> None:
    from rookgame.bots.expert import utility

    bot = P.PolicyPlayer()
    heur = HeuristicPlayer()
    checked = 0
    for hand, view in _positions(preset("kentucky-discard"), 12, 8):
        a = view.legal[0]
        for lead in (1, 2):
            h = hand.copy()
            h.apply_unchecked(a)
            done = len(h.tricks)
            finish(h, bot, stop_at=max(1, h.deck.hand_size - done - lead))
            assert h.phase != Phase.PLAY or len(h.tricks) == done + lead or h.deck.hand_size - len(h.tricks) == 1
            finish(h, heur)
            want = utility(h, view.seat)
            got = _expert(playout=True, playout_tricks=lead)._rollout(hand, a, view.seat)
            assert got == want
            checked += 1
        whole = hand.copy()
        whole.apply_unchecked(a)
        finish(whole, bot)
        assert _expert(playout=True)._rollout(hand, a, view.seat) == utility(whole, view.seat)
    assert checked
