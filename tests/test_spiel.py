"""Rook in OpenSpiel: conformance (random_sim_test in every preset), a truthful GameType, hidden
information kept hidden, resampling from an information state, OpenSpiel's own algorithms."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from rookgame import actions as A  # noqa: E402
from rookgame.research import observe  # noqa: E402
from rookgame.research.spiel import RookState, load_game  # noqa: E402
from rookgame.rules import PRESETS, load  # noqa: E402

TINY = """\
name = "tiny"
preset = "cutthroat"
ranks = "11-14"
birds = 0
nest_size = 1
counters = { "14" = 10, "11" = 5, "5" = 0, "10" = 0, "RK" = 0 }
min_bid = 5
bid_step = 5
max_bid = 60
"""


def deal(state: Any, rng: random.Random) -> None:
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))


def play_random(state: Any, rng: random.Random) -> None:
    while not state.is_terminal():
        if state.is_chance_node():
            deal(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_sim_test_every_preset(preset: str) -> None:
    game = load_game(preset)
    pyspiel.random_sim_test(game, num_sims=4, serialize=preset == "cutthroat", verbose=False)


def test_house_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    game = pyspiel.load_game("rook", {"rules": str(path)})
    assert game.num_players() == 3
    assert game.get_parameters()["rules"] == str(path)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_bad_parameters_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="unknown preset 'nosuch'"):
        pyspiel.load_game("rook", {"preset": "nosuch"})
    bad = tmp_path / "bad.toml"
    bad.write_text('players = 7\nmode = "partners"\n')
    with pytest.raises(Exception, match="even number of players"):
        pyspiel.load_game("rook", {"rules": str(bad)})
    with pytest.raises(Exception, match="dealer = 9"):
        pyspiel.load_game("rook", {"dealer": 9})


def test_game_type_and_info_are_truthful() -> None:
    rng = random.Random(3)
    for preset in ("kentucky-discard", "cutthroat", "call-partner-6"):
        game = load_game(preset)
        t = game.get_type()
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
        rules = PRESETS[preset]
        assert game.num_players() == rules.players
        assert game.num_distinct_actions() == A.BID + rules.effective_max_bid + 1
        assert game.max_chance_outcomes() == 58
        sums, lengths = set(), []
        for _ in range(30):
            s = game.new_initial_state()
            play_random(s, rng)
            r = s.returns()
            assert game.min_utility() <= min(r) <= max(r) <= game.max_utility()
            sums.add(sum(r))
            lengths.append(len(s.history()))
        assert len(sums) > 1  # not zero-sum, not constant-sum: GENERAL_SUM is the truth
        assert max(lengths) <= game.max_game_length()


def test_returns_are_the_hands_score_and_a_thrown_in_hand_is_zero() -> None:
    game = load_game("kentucky-discard")
    rng = random.Random(5)
    s = game.new_initial_state()
    deal(s, rng)
    while not s.is_terminal():
        s.apply_action(A.PASS)  # everyone passes: the hand is thrown in
    assert s.returns() == [0.0] * 4
    s = game.new_initial_state()
    play_random(s, rng)
    h = s.hand
    assert h.result is not None
    assert s.returns() == [float(h.result.score[seat % 2]) for seat in range(4)]
    cp = load_game("call-partner")
    s = cp.new_initial_state()
    play_random(s, rng)
    assert s.returns() == [float(x) for x in s.hand.result.score]


def _swap_hidden(state: RookState, seat: int, rng: random.Random) -> RookState:
    """The same hand with the other seats' cards dealt differently among them (the nest kept: a
    seat may come to see it)."""
    game = state.get_game()
    order = state.order
    hidden = [i for i, place in enumerate(order) if place not in (seat, -1)]
    cards = [state.dealt[i] for i in hidden]
    rng.shuffle(cards)
    dealt = list(state.dealt)
    for i, c in zip(hidden, cards):
        dealt[i] = c
    out: RookState = game.new_initial_state()
    for c in dealt:
        out.apply_action(c)
    return out


def test_hidden_cards_do_not_show_in_a_seats_observation() -> None:
    rng = random.Random(11)
    for preset in ("kentucky-discard", "cutthroat"):
        game = load_game(preset)
        for _ in range(10):
            a = game.new_initial_state()
            deal(a, rng)
            seat = a.current_player()
            b = _swap_hidden(a, seat, rng)
            assert b.hand.hands != a.hand.hands
            for other in range(game.num_players()):
                if other == seat:
                    continue
                assert a.information_state_string(other) != b.information_state_string(other) or (
                    a.hand.hands[other] == b.hand.hands[other])
            assert a.information_state_string(seat) == b.information_state_string(seat)
            assert a.observation_string(seat) == b.observation_string(seat)
            assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
            assert a.observation_tensor(seat) == b.observation_tensor(seat)
            # the same actions on both deals, as long as they are legal in both: the seat cannot tell them apart
            while not a.is_terminal():
                legal = [x for x in a.legal_actions() if x in b.legal_actions()]
                if not legal:
                    break
                x = rng.choice(legal)
                a.apply_action(x)
                b.apply_action(x)
                assert a.information_state_string(seat) == b.information_state_string(seat)
                assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
                assert a.observation_tensor(seat) == b.observation_tensor(seat)


def test_resample_from_infostate_keeps_what_the_seat_knows() -> None:
    rng = random.Random(2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for preset in ("kentucky-discard", "call-partner", "full-deck"):
        game = load_game(preset)
        for _ in range(5):
            s = game.new_initial_state()
            steps = rng.randrange(1, 90)
            for _ in range(steps):
                if s.is_terminal():
                    break
                if s.is_chance_node():
                    s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
                    continue
                p = s.current_player()
                r = s.resample_from_infostate(p, sampler)
                assert r.information_state_string(p) == s.information_state_string(p)
                assert r.information_state_tensor(p) == s.information_state_tensor(p)
                assert r.legal_actions() == s.legal_actions()
                s.apply_action(rng.choice(s.legal_actions()))
            if s.is_chance_node():  # resampling mid-deal: only the seat's own cards stay
                r = s.resample_from_infostate(0, sampler)
                assert r.information_state_string(0) == s.information_state_string(0)


def test_observer_pieces_are_documented_shapes() -> None:
    game = load_game("kentucky-discard")
    rules = PRESETS["kentucky-discard"]
    assert game.observation_tensor_size() == observe.size(rules)
    assert game.information_state_tensor_size() == observe.size(rules, perfect_recall=True)
    s = game.new_initial_state()
    deal(s, random.Random(1))
    obs = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    obs.set_from(s, 1)
    assert obs.dict["hand"].sum() == rules.deck.hand_size
    assert obs.dict["seat"][1] == 1
    assert np.array_equal(obs.tensor, np.array(s.observation_tensor(1), np.float32))


def test_information_set_mcts_runs() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load_game("cutthroat")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game=game, evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), uct_c=2.0,
        max_simulations=20, max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES, random_state=rng,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, use_observation_string=False,
        allow_inconsistent_action_sets=False, child_selection_policy=ismcts.ChildSelectionPolicy.PUCT)
    s = game.new_initial_state()
    deal(s, random.Random(4))
    for _ in range(3):
        action = bot.step(s)
        assert action in s.legal_actions()
        s.apply_action(action)


@pytest.mark.slow
def test_outcome_sampling_cfr_runs_on_a_tiny_house_rules_file(tmp_path: Path) -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    example = Path(__file__).resolve().parents[1] / "examples" / "tiny.toml"
    assert load(str(path)).replace(name="") == load(str(example)).replace(name="")  # the example's file
    game = pyspiel.load_game("rook", {"rules": str(path)})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(0)
    for _ in range(200):
        solver.iteration()
    policy = solver.average_policy()
    s = game.new_initial_state()
    deal(s, random.Random(0))
    probs = policy.action_probabilities(s)
    assert set(probs) == set(s.legal_actions())
    assert abs(sum(probs.values()) - 1.0) < 1e-6
