"""Analysis of a played game: every decision of every seat against the expert's choice.

Judged: bids and passes, the trump call, and every card played.  The cards buried and
the partner and Bird calls follow the expert's plan for the whole nest and are not
priced one by one, so they are not judged.

Each decision is judged from the deciding seat's view only (what it could know then),
by the expert's sampling: the value of the action taken, the best action and its value,
and the points the choice cost.  A cost at or above the blunder threshold is flagged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .bots.expert import LEVELS, ExpertPlayer
from .record import replay_record
from .state import Hand, Phase
from .view import view_of


@dataclass(frozen=True)
class Decision:
    hand: int  # from 1
    trick: int | None  # from 1, for card play
    seat: int
    phase: str
    taken: int
    taken_value: float
    best: int
    best_value: float

    @property
    def cost(self) -> float:
        return max(0.0, self.best_value - self.taken_value)


def analyze(rec: dict[str, Any], game: int = 1, level: str = "medium", seed: int = 0,
            progress: Callable[[int, int], Any] | None = None) -> list[Decision]:
    """Every decision with a choice in one game record, judged as the record walker replays it."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    checked = replay_record(rec, game).match  # the whole record first: a bad one is refused before any work
    expert = ExpertPlayer(seed, level)
    out: list[Decision] = []
    # A finished game's last hand is also its current one: count it once.
    walked = checked.hands + ([] if checked.hand in checked.hands else [checked.hand])
    total_actions = sum(len(h.history) for h in walked)
    done = [0]

    def judge(number: int, hand: Hand, seat: int, action: int, trick: int | None, totals: list[int]) -> None:
        legal = hand.legal_actions()
        # Burying and the partner and Bird calls are played by the expert's plan, not priced
        # card by card: they are not judged.
        judged = hand.phase != Phase.NEST or hand.step_kind in ("trump", "direction")
        if len(legal) > 1 and judged:
            ranked = expert.rank(view_of(hand, seat, totals))
            values = dict(ranked)
            best, best_value = ranked[0]
            out.append(Decision(number, trick, seat, hand.phase.name.lower(), action,
                                values.get(action, best_value), best, best_value))
        done[0] += 1
        if progress is not None:
            progress(done[0], total_actions)

    replay_record(rec, game, before=judge)
    return out
