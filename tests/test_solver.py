"""The exact solver: the same values as plain minimax, for every legal card, in every preset."""

from __future__ import annotations

import random

import pytest

from rookgame.bots import make_player
from rookgame.rules import PRESETS, preset
from rookgame.solver import HAVE_C, BudgetExceeded, Position, minimax, solve, solve_position
from rookgame.state import Hand, Phase
from rookgame.view import view_of


def endgames(name: str, count: int, max_left: int, seed: int) -> list[Hand]:
    """Positions with at most ``max_left`` tricks to play, mid-trick ones included, from heuristic games."""
    rules = preset(name)
    rng = random.Random(seed)
    bots = [make_player("heuristic", s) for s in range(rules.players)]
    out: list[Hand] = []
    while len(out) < count:
        hand = Hand(rules, len(out) % rules.players)
        hand.deal_random(rng)
        stop = rng.randint(1, max_left)
        while not hand.is_over:
            left = rules.deck.hand_size - len(hand.tricks)
            if hand.phase == Phase.PLAY and left <= stop and rng.random() < 0.4:
                out.append(hand.copy())
                break
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
    return out


def test_the_c_solver_is_built() -> None:
    assert HAVE_C, "pip install builds rookgame.solver._csolver; a C compiler was missing"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_c_solver_matches_minimax_on_small_endgames(name: str) -> None:
    # Thousands in all: 150 endgames in each of the 15 presets, every legal card compared.
    for hand in endgames(name, 150, 3, seed=len(name)):
        value, cards = minimax(Position.of(hand))
        sol = solve(hand, engine="c")
        assert (sol.value, sol.cards) == (value, cards)


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner-5", "regular-partnership",
                                  "one-high", "double-bird"])
def test_python_solver_matches_minimax(name: str) -> None:
    for hand in endgames(name, 25, 3, seed=7):
        value, cards = minimax(Position.of(hand))
        sol = solve(hand, engine="python")
        assert (sol.value, sol.cards) == (value, cards)


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "cutthroat", "call-partner-6"])
def test_c_and_python_solvers_agree_deeper(name: str) -> None:
    for hand in endgames(name, 6, 5, seed=3):
        c = solve(hand, engine="c")
        py = solve(hand, engine="python")
        assert (c.value, c.cards) == (py.value, py.cards)


def test_house_rule_bonuses_are_solved_exactly() -> None:
    rules = preset("kentucky-discard").replace(trick_bonus=(20, 5), max_bid=None)
    rng = random.Random(2)
    bots = [make_player("heuristic", s) for s in range(4)]
    for _ in range(20):
        hand = Hand(rules, 0)
        hand.deal_random(rng)
        while not hand.is_over and not (hand.phase == Phase.PLAY and len(hand.tricks) >= 6):
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
        if hand.phase != Phase.PLAY:
            continue
        value, cards = minimax(Position.of(hand))
        assert solve(hand).cards == cards


def test_solved_value_is_what_best_play_takes() -> None:
    # Everyone playing the solver's best card reaches exactly the solved value (full deck: no nest
    # or bonus goes with the last trick, so the value is the counters of the team's tricks).
    rules = preset("full-deck")
    pts = rules.deck.points
    for hand in endgames("full-deck", 20, 4, seed=11):
        team = Position.of(hand).team
        done = len(hand.tricks)
        target = solve(hand).value
        h = hand.copy()
        while h.phase == Phase.PLAY:
            sol = solve(h)
            pick = (max if team >> h.to_act & 1 else min)(sol.cards, key=lambda c: (sol.cards[c], -c))
            assert sol.cards[pick] == sol.value
            h.apply(pick)
        got = sum(sum(pts[c] for c in cards) for _, cards, w in h.tricks[done:] if team >> w & 1)
        assert got == target


def test_solver_budget_gives_up_cleanly() -> None:
    rules = preset("full-deck")
    hand = Hand(rules, 0)
    hand.deal_random(random.Random(5))
    bots = [make_player("heuristic", s) for s in range(4)]
    while hand.phase != Phase.PLAY:
        hand.apply(bots[hand.to_act].act(view_of(hand, hand.to_act)))
    with pytest.raises(BudgetExceeded):
        solve_position(Position.of(hand), max_nodes=10)


def test_only_a_hand_in_play_is_solved() -> None:
    hand = Hand(preset("tournament"), 0)
    hand.deal_random(random.Random(1))
    with pytest.raises(ValueError, match="card play"):
        solve(hand)


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner-6", "cutthroat"])
def test_c_solver_is_exact_with_a_tiny_table(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A table of 1024 entries is overwritten all the time: the bounds kept in it, the best moves
    # tried first and the entries reused across solves must still give minimax's values.
    import rookgame.solver as solver

    monkeypatch.setattr(solver, "TT_BITS", 10)
    for hand in endgames(name, 60, 3, seed=5):
        value, cards = minimax(Position.of(hand))
        sol = solve(hand, engine="c")
        assert (sol.value, sol.cards) == (value, cards)
    # Deeper, where the tiny table is full: the same values as with the full-size table.
    deeper = endgames(name, 8, 6, seed=9)
    tiny = [solve(hand, engine="c") for hand in deeper]
    monkeypatch.setattr(solver, "TT_BITS", 20)
    for hand, small in zip(deeper, tiny):
        sol = solve(hand, engine="c")
        assert (small.value, small.cards) == (sol.value, sol.cards)


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner-5", "cutthroat", "double-bird"])
def test_c_solver_is_exact_in_mid_trick(name: str) -> None:
    # The counters on the table count as sure for a side whose card the others still to play
    # cannot beat: mid-trick positions, every legal card compared with minimax.
    rng = random.Random(13)
    rules = preset(name)
    bots = [make_player("heuristic", s) for s in range(rules.players)]
    checked = 0
    while checked < 60:
        hand = Hand(rules, checked % rules.players)
        hand.deal_random(rng)
        stop = rng.randint(1, 3)
        while not hand.is_over:
            left = rules.deck.hand_size - len(hand.tricks)
            if hand.phase == Phase.PLAY and left <= stop and hand.trick:
                value, cards = minimax(Position.of(hand))
                sol = solve(hand, engine="c")
                assert (sol.value, sol.cards) == (value, cards)
                checked += 1
            s = hand.to_act
            hand.apply(bots[s].act(view_of(hand, s)), s)
