"""Analysis of a played game: every decision of every seat against the expert's choice.

Judged: bids and passes, the trump call, and every card played.  The cards buried and
the partner and Bird calls follow the expert's plan for the whole nest and are not
priced one by one, so they are not judged.

Each decision is judged from the deciding seat's view only (what it could know then),
by the expert's sampling: the value of the action taken, the best action and its value,
and the points the choice cost.  A cost at or above the blunder threshold is flagged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from . import actions as A
from .bots.expert import LEVELS, ExpertPlayer
from .cards import parse_card
from .record import declarations, replay_record
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


def _actions(hand: Hand, hrec: dict[str, Any]) -> Iterator[tuple[int, int, int | None]]:
    """(seat, action, trick number) for every recorded action of a hand, in order."""
    for seat, value in hrec["auction"]:
        named = {"pass": A.PASS, "redeal": A.REDEAL}
        yield seat, named[value] if value in named else A.BID + int(value), None
    steps = hand.rules.nest_steps
    for action in declarations(steps, hrec):
        yield -1, action, None  # the bidder: known once the auction is replayed
    for ti, trec in enumerate(hrec["tricks"], 1):
        for i, text in enumerate(trec["cards"]):
            yield (trec["leader"] + i) % hand.rules.players, parse_card(text), ti


def analyze(rec: dict[str, Any], game: int = 1, level: str = "medium", seed: int = 0,
            progress: Callable[[int, int], Any] | None = None) -> list[Decision]:
    """Every decision with a choice in one game record (checked by replay first)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    replayed = replay_record(rec, game)
    rules = replayed.match.rules
    expert = ExpertPlayer(seed, level)
    out: list[Decision] = []
    totals = [0] * rules.num_sides
    finished = replayed.match.hands
    total_actions = sum(len(h.history) for h in finished) + len(replayed.match.hand.history)
    done = 0
    for hi, hrec in enumerate(rec["hands"], 1):
        hand = Hand(rules, hrec["dealer"])
        hand.set_deal([sum(1 << parse_card(c) for c in cs) for cs in hrec["deal"]],
                      sum(1 << parse_card(c) for c in hrec["nest"]))
        for seat, action, trick in _actions(hand, hrec):
            seat = hand.to_act if seat < 0 else seat
            legal = hand.legal_actions()
            # Burying and the partner and Bird calls are played by the expert's plan, not priced
            # card by card: they are not judged.
            judged = hand.phase != Phase.NEST or hand.step_kind in ("trump", "direction")
            if len(legal) > 1 and judged:
                ranked = expert.rank(view_of(hand, seat, totals))
                values = dict(ranked)
                best, best_value = ranked[0]
                out.append(Decision(hi, trick, seat, hand.phase.name.lower(), action, values.get(action, best_value),
                                    best, best_value))
            hand.apply(action, seat)
            done += 1
            if progress is not None:
                progress(done, total_actions)
        if hand.result is not None and hand.phase == Phase.DONE:
            totals = [t + s for t, s in zip(totals, hand.result.score)]
    return out
