"""Whole games of bots on a :class:`~rookgame.table.Table`: one game, or many written as they finish."""

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
from .table import MAX_HANDS as TABLE_MAX_HANDS
from .table import Bot, NoEnd, Seat, Table, bot_seed

MAX_HANDS = TABLE_MAX_HANDS  # a guard against a rule set whose games never end
NoWinner = NoEnd  # a game that found no winner in MAX_HANDS hands


def play_match(rules: RuleSet, players: Sequence[Player], seed: int | None = None) -> Match:
    """Play one whole game on a :class:`~rookgame.table.Table`; each player sees only its own seat's view."""
    if len(players) != rules.players:
        raise ValueError(f"{rules.label} needs {rules.players} players, not {len(players)}")
    seats: list[Seat] = [Bot(getattr(p, "name", "bot"), player=p) for p in players]
    return Table(rules, seats, seed, max_hands=MAX_HANDS).play()


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
        players = [make_player(name, bot_seed(game_seed, s)) for s, name in enumerate(names)]
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
