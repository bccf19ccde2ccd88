"""Hints: a seat's legal actions ranked by the best available bot, with expected points.

The ranking comes from the expert's sampling (see :mod:`.expert`): each action's value
is what it is worth to the seat's side in the hand's score, averaged over deals
consistent with the view.  Only the view is used, so a hint never leaks hidden cards.
"""

from __future__ import annotations

from ..view import View
from .expert import LEVELS, ExpertPlayer, Ranking

DEFAULT_LEVEL = "medium"


def ranked(view: View, bot: str | None = None, seed: int = 0) -> Ranking:
    """Legal actions, best first, with their expected value (points for the seat's side), or None
    where the bot took the heuristic's way without valuing the choices (burying, some bids)."""
    level = bot or DEFAULT_LEVEL
    if level not in LEVELS:
        raise ValueError(f"hints come from the expert levels: {', '.join(LEVELS)}, not {level!r}")
    if not view.legal:
        return []
    return ExpertPlayer(seed, level).rank(view)
