"""Exact (double-dummy) solving of Rook's card play.

``solve(hand)`` answers, for a hand in its card play with every hand known: how many
points the bidder's team takes from here with best play by both sides, and the value
of each legal card for the player to act.  The C extension does the search where it
was built (``pip install`` compiles it when a C compiler is present); the pure-Python
solver is the fallback, and the reference the C one is tested against.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal, get_args

from ..state import Hand
from .core import AlphaBeta, Position, minimax

try:  # pragma: no branch
    from . import _csolver  # type: ignore[attr-defined]

    HAVE_C = True
except ImportError:  # pragma: no cover - depends on the build
    _csolver = None
    HAVE_C = False

TT_BITS = 20  # table entries (2**TT_BITS, 32 bytes each: 32 MiB; 128 MiB at TT_BITS_LARGE) for most positions
TT_BITS_LARGE = 22  # for positions with more than LARGE_CARDS cards in the hands (a whole full-deck hand)
LARGE_CARDS = 40  # the C solver's own LARGE_CARDS (its wider buckets above it) is the same


Engine = Literal["auto", "c", "python"]  # auto: the C solver where it is built, else the pure-Python one
ENGINES: tuple[Engine, ...] = get_args(Engine)
Solved = Literal["c", "python"]  # the engine that gave a solution


@dataclass(frozen=True)
class Solution:
    value: int  # points the bidder's team takes from here with best play
    cards: dict[int, int]  # legal card -> the bidder team's points after it (empty unless asked)
    remaining: int  # every point still to be won (the defenders take remaining - value unless a bonus goes to nobody)
    team: int  # seat mask of the bidder's team
    to_act: int
    nodes: int
    engine: Solved
    position: Position | None = field(default=None, repr=False, compare=False)
    max_nodes: int = field(default=0, repr=False, compare=False)

    def for_seat(self, seat: int) -> dict[int, int]:
        """Card values as points for ``seat``'s side: the defenders' together when it is not on the
        team, with best play for their points.  Without bonuses every point left goes to one team
        or the other, so that is ``remaining - value``; a bonus may go to nobody (a tie for the
        most tricks, nobody with enough tricks for the trick-count bonus), so with bonuses the
        defenders' points are solved for: one more solve, which may raise :class:`BudgetExceeded`
        like the first."""
        if self.team >> seat & 1 or not self.cards:
            return dict(self.cards)
        p = self.position
        if p is None or not p.bonus_matters:
            return {c: self.remaining - v for c, v in self.cards.items()}
        others = replace(p, team=(1 << p.n) - 1 & ~p.team)
        return solve_position(others, True, self.engine, self.max_nodes).cards


class BudgetExceeded(RuntimeError):
    """The search needed more nodes than ``max_nodes`` allowed."""


def solve_position(p: Position, cards: bool = True, engine: Engine = "auto", max_nodes: int = 0,
                   seconds: float | None = None) -> Solution:
    """Solve; with ``max_nodes`` or ``seconds`` (C engine only) give up past that many nodes or that
    long (BudgetExceeded)."""
    if engine not in ENGINES:
        raise ValueError(f"engine {engine!r}: use {', '.join(map(repr, ENGINES))}")
    use_c = engine == "c" or (engine == "auto" and HAVE_C)
    if use_c:
        if _csolver is None:
            raise RuntimeError("the C solver is not built here; reinstall with a C compiler, or use engine='python'")
        in_hands = sum(h.bit_count() for h in p.hands)
        tt_bits = TT_BITS_LARGE if in_hands > LARGE_CARDS and TT_BITS_LARGE > TT_BITS else TT_BITS
        value, card_values, nodes = _csolver.solve(
            p.hands, p.trick, p.leader, p.led, p.tricks_done, p.side, p.won, p.team, p.suit, p.key, p.points,
            p.suit_mask, p.anytime, p.trump, p.last_bonus, p.total_tricks, p.most_bonus, p.count_bonus,
            p.count_at, cards, tt_bits, max_nodes, max(seconds, 1e-9) if seconds is not None else 0.0,
        )
        if value < 0:
            within = f"{max_nodes} nodes" if max_nodes else ""
            if seconds is not None:
                within += f"{' or ' if within else ''}{seconds:.3f} s"
            raise BudgetExceeded(f"no answer within {within}")
        name: Solved = "c"
    else:
        ab = AlphaBeta(p)
        if cards:
            value, card_values = ab.solve()
        else:
            value, card_values = ab.value(), None
        nodes = ab.nodes
        name = "python"
    return Solution(value, dict(card_values or {}), p.remaining_points(), p.team, p.to_act, nodes, name, p,
                    max_nodes)


def solve(hand: Hand, cards: bool = True, engine: Engine = "auto", max_nodes: int = 0,
          seconds: float | None = None) -> Solution:
    """Solve a hand in its card play, all hands known (the solver's view, never a player's)."""
    return solve_position(Position.of(hand), cards, engine, max_nodes, seconds)


__all__ = ["ENGINES", "HAVE_C", "AlphaBeta", "BudgetExceeded", "Engine", "Position", "Solution", "Solved", "minimax",
           "solve", "solve_position"]
