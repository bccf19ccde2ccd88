"""A hint in words: the ranked choices the front end got from the bots (``bots.hints.ranked``), best first."""

from __future__ import annotations

from collections.abc import Sequence

from .. import actions as A
from ..rules import NestStep
from ..state import Phase
from ..view import View
from .catalog import N_, Param, Plural, Template, fill
from .play import action_words

Ranked = Sequence[tuple[int, float | None]]  # (action, expected points for the seat's side, or None: not valued)


HINTS: dict[str, Template] = {
    "none": N_("No hint: it is not your turn."),
    "valued": N_("Hint (best first, with the points your side can expect from this hand after each): {choices}"),
    "ranked": N_("Hint (best first, the computer's way here: these choices are ranked, not valued one by one): "
                 "{choices}"),
    "bury_valued": Plural(
        "Hint for the {left} card to bury (best first, with the points your side can expect from this hand after "
           "each): {choices}",
        "Hint for the {left} cards to bury (best first, with the points your side can expect from this hand after "
           "each): {choices}", "left"),
    "bury_ranked": Plural(
        "Hint for the {left} card to bury (best first, the computer's way here: these choices are ranked, not "
           "valued one by one): {choices}",
        "Hint for the {left} cards to bury (best first, the computer's way here: these choices are ranked, not "
           "valued one by one): {choices}", "left"),
    "left_valued": Plural(
        "Hint for the {left} card left to bury (best first, with the points your side can expect from this hand "
           "after each): {choices}",
        "Hint for the {left} cards left to bury (best first, with the points your side can expect from this hand "
           "after each): {choices}", "left"),
    "left_ranked": Plural(
        "Hint for the {left} card left to bury (best first, the computer's way here: these choices are ranked, "
           "not valued one by one): {choices}",
        "Hint for the {left} cards left to bury (best first, the computer's way here: these choices are ranked, "
           "not valued one by one): {choices}", "left"),
    "item": N_("{number}. {choice}"),
    "item_points": Plural("{number}. {choice} ({points} point)", "{number}. {choice} ({points} points)",
                          "points"),
    "item_not_valued": N_("{number}. {choice} (not valued)"),
}


def hint_text(view: View, ranked: Ranked, top: int = 5, chosen: Sequence[int] = ()) -> str:
    """The best choices for this view, best first, each with what it is worth, labelled.

    ``ranked``: the bots' ranking of the view's choices; ``chosen``: cards already picked to bury (the
    hint ranks only what is left to choose)."""
    ranked = [(a, s) for a, s in ranked if a in view.legal]
    if not ranked:
        return fill(HINTS["none"], {})
    if chosen:
        ranked = [(a, s) for a, s in ranked if not (A.BURY <= a < A.PARTNER and a - A.BURY in chosen)]
    valued = any(s is not None for _, s in ranked[:top])

    def item(number: int, action: int, s: float | None) -> str:
        params: dict[str, Param] = {"number": number, "choice": action_words(action)}
        if s is not None:
            return fill(HINTS["item_points"], {**params, "points": round(s)})
        return fill(HINTS["item_not_valued" if valued else "item"], params)

    choices = "  ".join(item(i, a, s) for i, (a, s) in enumerate(ranked[:top], 1))
    how = "valued" if valued else "ranked"
    if view.step == NestStep.BURY and view.phase == Phase.NEST:
        left = view.rules.nest_size - view.buried_count - len(chosen)
        return fill(HINTS[f"{'left' if chosen else 'bury'}_{how}"], {"left": left, "choices": choices})
    return fill(HINTS[how], {"choices": choices})
