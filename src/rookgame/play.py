"""Whole games of bots on a :class:`~rookgame.table.Table`: one game, or many written as they finish."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any, Literal, get_args

from .bots import Player, make_player
from .match import Match
from .record import game_record
from .rules import RuleSet
from .table import MAX_HANDS as TABLE_MAX_HANDS
from .table import Bot, NoEnd, Seat, Table, bot_seed
from .words.catalog import english
from .words.transcript import stopped_at_cap

Backend = Literal["local", "ray"]  # where games of bots run: here (or worker processes), or on a Ray cluster
BACKENDS: tuple[Backend, ...] = get_args(Backend)

MAX_HANDS = TABLE_MAX_HANDS  # a guard against a rule set whose games never end
NoWinner = NoEnd  # a game that found no winner in MAX_HANDS hands


def play_match(rules: RuleSet, players: Sequence[Player], seed: int | None = None, *,
               max_hands: int | None = None, stop_at_cap: bool = False) -> Match:
    """Play one whole game on a :class:`~rookgame.table.Table`; each player sees only its own seat's view.

    A game with no winner after ``max_hands`` hands (default :data:`MAX_HANDS`) raises :class:`NoWinner`,
    or with ``stop_at_cap`` stops there: the match comes back unfinished (``winner`` None)."""
    if len(players) != rules.players:
        raise ValueError(f"{rules.label} needs {rules.players} players, not {len(players)}")
    seats: list[Seat] = [Bot(getattr(p, "name", "bot"), player=p) for p in players]
    table = Table(rules, seats, seed, max_hands=MAX_HANDS if max_hands is None else max_hands)
    try:
        return table.play()
    except NoEnd:
        if not stop_at_cap:
            raise
        return table.match


def stopped_words(hands: int) -> str:
    """Why a game of bots was stopped unfinished after ``hands`` hands, in the reader's language; the record's
    ``stopped`` is its English (records are language-neutral: ``english(stopped_words, hands)``)."""
    return stopped_at_cap(hands)


def _seed_stream(seed: int) -> Iterator[int]:
    rng = random.Random(seed)
    while True:
        yield rng.getrandbits(48)


def game_seeds(seed: int, games: int) -> list[int]:
    """One deal seed per game, all drawn from ``seed``: the same seed gives the same games."""
    return list(islice(_seed_stream(seed), games))


def selfplay_games(rules: RuleSet, bots: Sequence[str], games: int, seed: int, *,
                   max_hands: int | None = None) -> Iterator[dict[str, Any]]:
    """Play ``games`` whole games one by one and yield each record as it finishes; bot names are cycled
    over the seats.  A game with no winner after ``max_hands`` hands (default :data:`MAX_HANDS`) is
    stopped there and recorded unfinished: ``winner`` null, and ``stopped`` says why."""
    names = seat_bots(rules, bots)
    # Seeds drawn as the games go: a count of a billion games must not build a list first.
    for game_seed in islice(_seed_stream(seed), games):
        yield one_game(rules, names, game_seed, max_hands)


def seat_bots(rules: RuleSet, bots: Sequence[str]) -> list[str]:
    """The bot of each seat: the names cycled over the seats."""
    return [bots[s % len(bots)] for s in range(rules.players)]


def one_game(rules: RuleSet, names: Sequence[str], game_seed: int, max_hands: int | None = None) -> dict[str, Any]:
    """The record of one self-play game, ``names[s]`` at seat ``s`` (stopped unfinished at the cap)."""
    cap = MAX_HANDS if max_hands is None else max_hands
    players = [make_player(name, bot_seed(game_seed, s)) for s, name in enumerate(names)]
    match = play_match(rules, players, game_seed, max_hands=cap, stop_at_cap=True)
    rec = game_record(match, [f"{name}-{s}" for s, name in enumerate(names)])
    if match.winner is None:
        rec["stopped"] = english(stopped_words, len(match.hands))
    return rec


def selfplay(rules: RuleSet, bots: Sequence[str], games: int, seed: int,
             progress: Callable[[int], Any] | None = None, *, max_hands: int | None = None) -> list[dict[str, Any]]:
    """The records of ``games`` whole games (one stopped at the cap of hands is unfinished, with ``stopped``)."""
    records = []
    for g, item in enumerate(selfplay_games(rules, bots, games, seed, max_hands=max_hands), 1):
        records.append(item)
        if progress is not None:
            progress(g)
    return records
