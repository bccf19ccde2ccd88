"""Golden records: fixed games of the main presets, replayed card by card against the rules.

Random bots played them once (tests/golden/make_golden.py); what they pin is the rules, not the
bots' random stream: replaying re-checks every action (legal for its seat, following, the nest and
the calls), every trick's winner and every hand's points, score and totals, and the game's winner.
A change to a rule shows here as a record that no longer replays; a change to how the bots draw
their random choices changes nothing here.
"""

from __future__ import annotations

import pytest

from rookgame.play import selfplay
from rookgame.record import replay_file
from rookgame.rules import preset

from .golden.make_golden import GOLDEN, path_of


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_records_replay_under_todays_rules(name: str) -> None:
    games = replay_file(path_of(name))
    assert len(games) == GOLDEN[name][0]
    assert all(g.finished for g in games)


@pytest.mark.parametrize("name", ["kentucky-discard", "call-partner-5"])
def test_a_seed_plays_the_same_games_again(name: str) -> None:
    # Reproducible from the seed, whatever the stream: the same seed twice, the same records.
    assert selfplay(preset(name), ["random"], 2, 7) == selfplay(preset(name), ["random"], 2, 7)
