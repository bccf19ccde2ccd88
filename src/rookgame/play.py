"""Driving games: players decide from views, the match applies their actions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from .bots import Player, make_player
from .match import Match
from .record import game_record
from .rules import RuleSet
from .view import view_of

MAX_HANDS = 10_000  # a guard against a rule set whose games never end


class NoWinner(RuntimeError):
    """A game that found no winner in :data:`MAX_HANDS` hands."""


def play_match(rules: RuleSet, players: Sequence[Player], seed: int | None = None) -> Match:
    """Play one whole game; each player sees only its own seat's view."""
    if len(players) != rules.players:
        raise ValueError(f"{rules.label} needs {rules.players} players, not {len(players)}")
    match = Match(rules, seed)
    while not match.is_over:
        if len(match.hands) > MAX_HANDS:
            names = ", ".join(sorted({getattr(p, "name", "?") for p in players}))
            raise NoWinner(
                f"no winner after {MAX_HANDS} hands of {rules.label} ({names}): totals {match.totals}; "
                "players who overbid are set every hand and never reach the goal (try the heuristic bot)"
            )
        hand = match.hand
        seat = hand.to_act
        action = players[seat].act(view_of(hand, seat, match.totals))
        match.apply(action, seat)
    return match


def _seed_stream(seed: int) -> Iterator[int]:
    rng = random.Random(seed)
    while True:
        yield rng.getrandbits(48)


def game_seeds(seed: int, games: int) -> list[int]:
    """One deal seed per game, all drawn from ``seed``: the same seed gives the same games."""
    return list(islice(_seed_stream(seed), games))


@dataclass(frozen=True)
class Skipped:
    """A game of :func:`selfplay_games` that found no winner in :data:`MAX_HANDS` hands."""

    game: int  # from 1
    seed: int
    reason: str


def selfplay_games(rules: RuleSet, bots: Sequence[str], games: int,
                   seed: int) -> Iterator[dict[str, Any] | Skipped]:
    """Play ``games`` whole games one by one and yield each record as it finishes, or
    :class:`Skipped` for a game that never ends; bot names are cycled over the seats."""
    names = [bots[s % len(bots)] for s in range(rules.players)]
    # Seeds drawn as the games go: a count of a billion games must not build a list first.
    for g, game_seed in enumerate(islice(_seed_stream(seed), games), 1):
        players = [make_player(name, game_seed * 16 + s) for s, name in enumerate(names)]
        try:
            match = play_match(rules, players, game_seed)
        except NoWinner as e:
            yield Skipped(g, game_seed, str(e))
            continue
        yield game_record(match, [f"{name}-{s}" for s, name in enumerate(names)])


def selfplay(rules: RuleSet, bots: Sequence[str], games: int, seed: int,
             progress: Callable[[int], Any] | None = None) -> list[dict[str, Any]]:
    """The records of ``games`` whole games; :class:`NoWinner` if one never ends."""
    records = []
    for g, item in enumerate(selfplay_games(rules, bots, games, seed), 1):
        if isinstance(item, Skipped):
            raise NoWinner(f"game {g}: {item.reason}")
        records.append(item)
        if progress is not None:
            progress(g)
    return records
