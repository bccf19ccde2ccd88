"""Ratings: OpenSkill's figures, who is rated by a game and who is not, a ladder per rule set."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from rookgame.bots import make_player
from rookgame.play import play_match
from rookgame.ratings import MU, SIGMA, Rating, Ratings, rules_key, teams_of
from rookgame.rules import preset

KD = preset("kentucky-discard")


def test_a_partnership_game_rates_two_teams_of_two_as_openskill_does() -> None:
    ratings = Ratings()
    changed = ratings.rate_game(KD, ["Ann", "Bo", "Cy", "Di"], [310, 250], winner=0)
    # The library's own figures for two new teams of two, the first winning.
    won, lost = PlackettLuce(mu=MU, sigma=SIGMA).rate([[PlackettLuce().rating(), PlackettLuce().rating()],
                                                      [PlackettLuce().rating(), PlackettLuce().rating()]],
                                                     ranks=[0, 1])
    assert ratings.get("Ann", "kentucky-discard") == Rating(won[0].mu, won[0].sigma, 1)
    assert ratings.get("Bo", "kentucky-discard") == Rating(lost[0].mu, lost[0].sigma, 1)
    assert round(won[0].mu, 6) == 26.964295 and round(won[0].sigma, 6) == 8.177963
    assert changed["Ann"][0] == Rating() and changed["Cy"][1].mu > MU > changed["Di"][1].mu
    assert ratings.get("Ann", "kentucky-discard").shown < 3  # one game: still most uncertain


def test_a_game_with_a_seat_handed_to_a_bot_is_not_rated() -> None:
    ratings = Ratings()
    assert ratings.rate_game(KD, ["Ann", "Bo", "Cy", "Di"], [310, 250], winner=0, counted=False) == {}
    assert ratings.table == {}


def test_a_bot_on_both_sides_is_not_rated_by_that_game_but_the_others_are() -> None:
    ratings = Ratings()
    changed = ratings.rate_game(KD, ["heuristic", "Bo", "Cy", "heuristic"], [100, 305], winner=1)
    assert "heuristic" not in changed and set(changed) == {"Bo", "Cy"}
    assert ratings.get("Cy", "kentucky-discard").mu < MU < ratings.get("Bo", "kentucky-discard").mu
    twice = ratings.rate_game(KD, ["Ann", "medium", "Cy", "medium"], [100, 305], winner=1)
    assert twice["medium"][1].games == 1  # twice on one team: rated once


def test_a_game_without_partners_ranks_each_player_by_their_total_ties_sharing() -> None:
    cut = preset("cutthroat")
    assert teams_of(cut, ["a", "b", "c"]) == [[0], [1], [2]]
    ratings = Ratings()
    ratings.rate_game(cut, ["a", "b", "c"], [150, 600, 150], winner=1)
    b, a, c = (ratings.get(p, "cutthroat") for p in "bac")
    assert b.mu > MU > a.mu and a == c  # a and c tied behind the winner


def test_each_rule_set_has_its_own_ladder() -> None:
    house = KD.replace(goal=500)
    assert rules_key(KD) == "kentucky-discard" and rules_key(house).startswith("house-")
    assert rules_key(house) == rules_key(KD.replace(goal=500)) != rules_key(KD.replace(goal=400))
    ratings = Ratings()
    ratings.rate_game(house, ["Ann", "Bo", "Cy", "Di"], [510, 250], winner=0)
    assert ratings.leaderboard("kentucky-discard") == []
    board = ratings.leaderboard(rules_key(house))
    assert [p for p, _ in board][:2] == ["Ann", "Cy"] and len(board) == 4
    assert Ratings.from_json(ratings.to_json()).table == ratings.table


def test_a_winner_must_be_named_and_the_players_counted() -> None:
    ratings = Ratings()
    assert ratings.rate_game(KD, ["a", "b", "c", "d"], [0, 0], winner=None) == {}
    with pytest.raises(ValueError, match="4 players and 2 totals"):
        ratings.rate_game(KD, ["a", "b", "c"], [0, 0], winner=0)


@pytest.mark.slow
def test_the_heuristic_ends_rated_above_random_after_whole_games() -> None:
    ratings = Ratings()
    for seed in range(24):
        names = ["heuristic", "random", "heuristic", "random"] if seed % 2 else ["random", "heuristic"] * 2
        match = play_match(KD, [make_player(n, seed * 8 + s) for s, n in enumerate(names)], seed, max_hands=60)
        if match.winner is not None:
            ratings.rate_game(KD, names, match.totals, match.winner)
    top = ratings.leaderboard("kentucky-discard")
    assert [p for p, _ in top] == ["heuristic", "random"]
    assert top[0][1].shown > top[1][1].mu  # clear of the other's mean, uncertainty and all
