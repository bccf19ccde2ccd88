"""A hint in words: the ranked choices the front end got from the bots (``bots.hints.ranked``), best first."""

from __future__ import annotations

from collections.abc import Sequence

from .. import actions as A
from ..state import Phase
from ..view import View
from .play import action_words

Ranked = Sequence[tuple[int, float | None]]  # (action, expected points for the seat's side, or None: not valued)


def hint_text(view: View, ranked: Ranked, top: int = 5, chosen: Sequence[int] = ()) -> str:
    """The best choices for this view, best first, each with what it is worth, labelled.

    ``ranked``: the bots' ranking of the view's choices; ``chosen``: cards already picked to bury (the
    hint ranks only what is left to choose)."""
    ranked = [(a, s) for a, s in ranked if a in view.legal]
    if not ranked:
        return "No hint: it is not your turn."
    if chosen:
        ranked = [(a, s) for a, s in ranked if not (A.BURY <= a < A.PARTNER and a - A.BURY in chosen)]
    valued = any(s is not None for _, s in ranked[:top])

    def worth(s: float | None) -> str:
        if s is None:
            return " (not valued)" if valued else ""
        return f" ({s:.0f} points)"

    parts = [f"{i}. {action_words(a)}{worth(s)}" for i, (a, s) in enumerate(ranked[:top], 1)]
    if not valued:
        label = "best first, the computer's way here: these choices are ranked, not valued one by one"
    else:
        label = "best first, with the points your side can expect from this hand after each"
    what = "Hint"
    if view.step == "bury" and view.phase == Phase.NEST:
        left = view.rules.nest_size - view.buried_count - len(chosen)
        what = f"Hint for the {left} card(s) left to bury" if chosen else f"Hint for the {left} card(s) to bury"
    return f"{what} ({label}): " + "  ".join(parts)
