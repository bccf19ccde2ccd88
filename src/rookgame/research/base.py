"""What every research environment shares, on the engine alone: the rule set from a name or a file,
and each seat's score for a finished hand."""

from __future__ import annotations

from pathlib import Path

from ..rules import RuleSet, load
from ..state import Hand


def rules_from(rules: RuleSet | str | Path) -> RuleSet:
    """A rule set from a RuleSet, a preset name or alias, or a house-rules file (RulesError says what is wrong)."""
    return rules if isinstance(rules, RuleSet) else load(rules)


def seat_scores(hand: Hand) -> list[float]:
    """Each seat's score for a finished hand, in points (its side's, as the score pad books it);
    zeros for a thrown-in hand."""
    n = hand.n
    if hand.result is None:
        return [0.0] * n
    score = hand.result.score
    return [float(score[s] if len(score) == n else score[hand.rules.side_of(s)]) for s in range(n)]
