"""``sees-all``: the exact solver given the true hands.  For measurement only.

It is the ceiling the fair players are measured against in the arena, and it is
never offered to players: it is not in the bot registry, no ``--bots`` name reaches it,
and only the arena, which holds the state, seats it (``rook arena --ceiling --bots B``).
The arena hands the state to this class alone; any other player object gets its view.
It bids and handles the nest as the heuristic does
(from its view), and plays every card by solving the real deal.
"""

from __future__ import annotations

from ..solver import BudgetExceeded, solve
from ..state import Hand, Phase
from ..view import View, view_of
from .expert import _final_utility
from .heuristic import HeuristicPlayer

MAX_NODES = 2_000_000  # past it (rare, early in a hand) the heuristic's card is played


class SeesAllPlayer:
    name = "sees-all"
    sees_all = True

    def __init__(self, seed: int | None = None) -> None:
        self.heuristic = HeuristicPlayer()

    def act(self, view: View) -> int:
        raise TypeError("sees-all decides from the whole state (act_state), for measurement in the arena only")

    def act_state(self, hand: Hand, seat: int) -> int:
        view = view_of(hand, seat)
        if hand.phase != Phase.PLAY or len(view.legal) == 1:
            return self.heuristic.act(view)
        try:
            sol = solve(hand, cards=True, max_nodes=MAX_NODES)
        except BudgetExceeded:
            return self.heuristic.act(view)
        return max(sol.cards, key=lambda c: (_final_utility(hand, seat, sol.cards[c]), -c))
