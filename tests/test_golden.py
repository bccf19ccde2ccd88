"""Golden records: fixed-seed games of the main presets, replayed and compared byte for byte."""

from __future__ import annotations

import json

import pytest

from rookgame.play import selfplay
from rookgame.record import replay_file
from rookgame.rules import preset

from .golden.make_golden import GOLDEN, path_of


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_records_replay(name: str) -> None:
    games = replay_file(path_of(name))
    assert len(games) == GOLDEN[name][0]
    assert all(g.finished for g in games)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_same_seed_plays_the_golden_games_again(name: str) -> None:
    games, seed = GOLDEN[name]
    expected = [json.loads(line) for line in path_of(name).read_text().splitlines()]
    assert selfplay(preset(name), ["random"], games, seed) == expected
