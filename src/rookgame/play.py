"""Driving games: players decide from views, the match applies their actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .bots import Player, make_player
from .match import Match
from .record import game_record
from .rules import RuleSet
from .view import view_of

MAX_HANDS = 10_000  # a guard against a rule set whose games never end


def play_match(rules: RuleSet, players: Sequence[Player], seed: int | None = None) -> Match:
    """Play one whole game; each player sees only its own seat's view."""
    if len(players) != rules.players:
        raise ValueError(f"{rules.label} needs {rules.players} players, not {len(players)}")
    match = Match(rules, seed)
    while not match.is_over:
        if len(match.hands) > MAX_HANDS:
            names = ", ".join(sorted({getattr(p, "name", "?") for p in players}))
            raise RuntimeError(
                f"no winner after {MAX_HANDS} hands of {rules.label} ({names}): totals {match.totals}; "
                "players who overbid are set every hand and never reach the goal (try the heuristic bot)"
            )
        hand = match.hand
        seat = hand.to_act
        action = players[seat].act(view_of(hand, seat, match.totals))
        match.apply(action, seat)
    return match


def game_seeds(seed: int, games: int) -> list[int]:
    """One deal seed per game, all drawn from ``seed``: the same seed gives the same games."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def selfplay(rules: RuleSet, bots: Sequence[str], games: int, seed: int,
             progress: Callable[[int], Any] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` whole games; bot names are cycled over the seats."""
    names = [bots[s % len(bots)] for s in range(rules.players)]
    records = []
    for g, game_seed in enumerate(game_seeds(seed, games)):
        players = [make_player(name, game_seed * 16 + s) for s, name in enumerate(names)]
        match = play_match(rules, players, game_seed)
        records.append(game_record(match, [f"{name}-{s}" for s, name in enumerate(names)]))
        if progress is not None:
            progress(g + 1)
    return records
