"""The batch simulator: arrays that replay through the engine, the same for any number of workers."""

from __future__ import annotations

import numpy as np
import pytest

from rookgame.research.batch import Batch, max_actions, simulate
from rookgame.rules import PRESETS
from rookgame.state import Hand


def replay(rules_name: str, b: Batch, row: int) -> Hand:
    rules = PRESETS[rules_name]
    hand = Hand(rules, int(b.dealer[row]))
    hand.set_deal([int(x) for x in b.dealt[row]], int(b.nest[row]))
    assert b.actions is not None
    for a in b.actions[row, :int(b.length[row])]:
        hand.apply(int(a))  # every action checked again by the engine
    assert hand.is_over
    return hand


@pytest.mark.parametrize("preset", ["kentucky-discard", "cutthroat", "call-partner-6", "double-bird"])
def test_every_row_replays_through_the_engine(preset: str) -> None:
    b = simulate(preset, 60, seed=3, record_actions=True)
    assert len(b) == 60
    assert b.actions is not None and b.actions.shape == (60, max_actions(PRESETS[preset]))
    for row in range(len(b)):
        hand = replay(preset, b, row)
        assert bool(b.thrown_in[row]) == (hand.result is None)
        if hand.result is None:
            assert not b.score[row].any()
            continue
        assert b.bidder[row] == hand.bidder and b.bid[row] == hand.bid and b.trump[row] == hand.trump
        assert b.made[row] == hand.result.made
        assert list(b.won[row]) == hand.won and list(b.taken[row]) == hand.taken


def test_results_depend_on_the_seed_not_the_workers() -> None:
    one = simulate("kentucky-discard", 300, seed=9, workers=1, chunk=100, record_actions=True)
    two = simulate("kentucky-discard", 300, seed=9, workers=2, chunk=100, record_actions=True)
    for name in ("dealer", "dealt", "nest", "score", "actions", "thrown_in"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    other = simulate("kentucky-discard", 300, seed=10, chunk=100)
    assert not np.array_equal(one.dealt, other.dealt)


def test_bots_through_their_views_and_bad_input() -> None:
    b = simulate("cutthroat", 12, seed=1, players=["heuristic", "random", "random"], record_actions=True)
    for row in range(len(b)):
        replay("cutthroat", b, row)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("cutthroat", 1, players="nobody")
    with pytest.raises(ValueError, match="3 players"):
        simulate("cutthroat", 1, players=["random", "random"])
    empty = simulate("cutthroat", 0)
    assert len(empty) == 0
