"""Players: anything that turns a seat's :class:`~rookgame.view.View` into an action.

Bots are registered by name so every command can use them (``--bots random``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .. import actions as A
from ..state import Phase
from ..view import View

_BID = int(Phase.BID)


class Player(Protocol):
    name: str

    def act(self, view: View) -> int:
        """Choose one of ``view.legal``."""
        ...


class LegalChooser:
    """A player that decides from its legal actions and the phase alone, a part of its seat's view: it
    defines :meth:`act_legal`, and :meth:`act` is that on the view.

    The :class:`~rookgame.table.Table` calls :meth:`act_legal` straight away, with no view built, for
    a player whose ``act`` is this one (self-play of random bots then spends its time on the game, not on
    views it would not read); a subclass that overrides ``act`` is given its view as any player."""

    def act(self, view: View) -> int:
        return self.act_legal(view.phase, view.legal)

    def act_legal(self, phase: Phase, legal: tuple[int, ...]) -> int:
        """Choose one of ``legal`` (the seat's legal actions) in ``phase``."""
        raise NotImplementedError


class RandomPlayer(LegalChooser):
    """Uniform over the legal actions, except in the auction.

    In the auction it chooses with equal chance among passing, the lowest bid and
    (where it may) a redeal call: a uniform choice among all bids pushes every
    contract to the maximum, every bid is set, and a game never reaches its goal.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act_legal(self, phase: Phase, legal: tuple[int, ...]) -> int:
        if phase == _BID:
            bids = [a for a in legal if a >= A.BID]
            return self.rng.choice([a for a in legal if a < A.BID] + bids[:1])
        return self.rng.choice(legal)


def _heuristic(seed: int | None) -> Player:
    from .heuristic import HeuristicPlayer

    return HeuristicPlayer(seed)


def _expert(level: str) -> Callable[[int | None], Player]:
    def make(seed: int | None) -> Player:
        from .expert import ExpertPlayer

        return ExpertPlayer(seed, level)

    return make


REGISTRY: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "heuristic": _heuristic,
    "easy": _expert("easy"),
    "medium": _expert("medium"),
    "hard": _expert("hard"),
    "expert": _expert("expert"),
}


def bot_name(player: str) -> str:
    """The registered bot of a record's player name: "heuristic", or "heuristic-1" as selfplay writes it;
    :class:`KeyError` for any other name (a person's)."""
    key = player.strip().lower()
    if key in REGISTRY:
        return key
    base, _, suffix = key.rpartition("-")
    if suffix.isdigit() and base in REGISTRY:
        return base
    raise KeyError(player)


class UnknownBot(ValueError):
    """A bot's name that is not registered: the ``name`` given and the ``bots`` there are (a table says it in
    the reader's words: :class:`rookgame.table.TableError`); ``str()`` is English, for a program's log."""

    def __init__(self, name: str) -> None:
        self.name, self.bots = name, tuple(REGISTRY)
        super().__init__(f"unknown bot {name!r}; bots: {', '.join(self.bots)}")


def make_player(name: str, seed: int | None = None) -> Player:
    try:
        factory = REGISTRY[name.strip().lower()]
    except KeyError:
        raise UnknownBot(name) from None
    return factory(seed)
