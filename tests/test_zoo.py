"""Rook in PettingZoo (AEC: api_test and seed_test in every preset) and Gymnasium (one seat
against our bots: check_env), with hidden information kept hidden."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from rookgame import actions as A  # noqa: E402
from rookgame.research import observe  # noqa: E402
from rookgame.research.gym import RookSoloEnv  # noqa: E402
from rookgame.research.zoo import env, raw_env  # noqa: E402
from rookgame.rules import PRESETS, RulesError  # noqa: E402
from rookgame.state import Hand, IllegalAction  # noqa: E402
from rookgame.view import view_of  # noqa: E402


# PettingZoo's api_test warns about every env with an action mask (a dict observation), its own classic games too.
@pytest.mark.filterwarnings("ignore:Observation space for each agent", "ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("preset", list(PRESETS))
def test_api_test_and_seed_test_every_preset(preset: str) -> None:
    api_test(env(preset), num_cycles=200)
    seed_test(lambda: env(preset), num_cycles=200)


def test_observation_is_in_its_space_and_masks_match_the_rules() -> None:
    rng = random.Random(0)
    for preset in ("kentucky-discard", "call-partner-6", "double-bird", "individual-6"):
        e = raw_env(preset)
        for k in range(5):
            e.reset(seed=k)
            while not e.hand.is_over:
                for agent in e.possible_agents:
                    obs = e.observe(agent)
                    assert e.observation_space(agent).contains(obs)
                    legal = np.flatnonzero(obs["action_mask"]).tolist()
                    assert legal == (e.hand.legal_actions() if agent == e.agent_selection else [])
                e.step(rng.choice(e.hand.legal_actions()))


def test_rewards_are_the_hands_score_and_a_thrown_in_hand_gives_zero() -> None:
    e = raw_env("kentucky-discard")
    e.reset(seed=4)
    while not e.hand.is_over:
        e.step(A.PASS)
    assert all(v == 0 for v in e._cumulative_rewards.values())
    assert all(e.terminations.values())
    rng = random.Random(1)
    e.reset(seed=5)
    while not e.hand.is_over:
        e.step(rng.choice(e.hand.legal_actions()))
    result = e.hand.result
    assert result is not None
    assert [e._cumulative_rewards[f"seat_{s}"] for s in range(4)] == [float(result.score[s % 2]) for s in range(4)]


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env("cutthroat")
    e.reset(seed=1)
    before = list(e.hand.history)
    with pytest.raises(IllegalAction):
        e.step(A.BID + 5)  # below the minimum bid
    assert e.hand.history == before


def test_a_seats_observation_does_not_depend_on_cards_it_cannot_see() -> None:
    rng = random.Random(7)
    rules = PRESETS["kentucky-discard"]
    enc = observe.Encoder(rules)
    enc_pr = observe.Encoder(rules, perfect_recall=True)
    for _ in range(20):
        a = Hand(rules, 0)
        a.deal_random(rng)
        seat = rng.randrange(4)
        others = [s for s in range(4) if s != seat]
        pool = [c for s in others for c in range(64) if a.hands[s] >> c & 1]
        rng.shuffle(pool)
        hands = list(a.hands)
        size = rules.deck.hand_size
        for i, s in enumerate(others):
            hands[s] = sum(1 << c for c in pool[i * size:(i + 1) * size])
        b = Hand(rules, 0)
        b.set_deal(hands, a.nest)
        assert np.array_equal(enc.encode(view_of(a, seat)).copy(), enc.encode(view_of(b, seat)))
        assert np.array_equal(enc_pr.encode(view_of(a, seat)).copy(), enc_pr.encode(view_of(b, seat)))
        assert observe.information_state_string(view_of(a, seat)) == observe.information_state_string(
            view_of(b, seat))
    # and it does depend on the seat's own cards
    c = Hand(rules, 0)
    c.deal_random(random.Random(99))
    assert not np.array_equal(enc.encode(view_of(a, 0)).copy(), enc.encode(view_of(c, 0)))


def test_bad_rules_say_what_is_wrong() -> None:
    with pytest.raises(RulesError, match="neither a preset nor a file"):
        raw_env("nosuch")
    with pytest.raises(ValueError, match="unknown bot"):
        RookSoloEnv("cutthroat", opponents="grandmaster")


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_gymnasium_check_env_against_bots(opponents: str) -> None:
    check_env(RookSoloEnv("kentucky-discard", opponents=opponents), skip_render_check=True)


@pytest.mark.slow
def test_gymnasium_episode_is_a_hand_against_bots() -> None:
    e = gymnasium.make("Rook-v0", rules="cutthroat", opponents="heuristic", seat=1)
    rng = np.random.default_rng(0)
    rewards = []
    for k in range(10):
        obs, info = e.reset(seed=k)
        assert obs.shape == e.observation_space.shape
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, done, truncated, info = e.step(action)
            assert not truncated
        rewards.append(reward)
    assert len(set(rewards)) > 1
    # an illegal action ends the episode with the worst score
    solo = RookSoloEnv("cutthroat")
    obs, info = solo.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = solo.step(illegal)
    assert done and info["illegal"] and reward == -PRESETS["cutthroat"].effective_max_bid
    # the same seed, the same hand
    a, _ = solo.reset(seed=12)
    b, _ = solo.reset(seed=12)
    assert np.array_equal(a, b)
