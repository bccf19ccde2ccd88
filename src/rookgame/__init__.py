"""rookgame: the card game Rook, every variant of the seeds, exactly."""

from .actions import action_str, parse_action
from .cards import Card, CardSet, parse_card
from .match import Match
from .rules import PRESETS, RulesError, RuleSet, load, preset
from .state import Hand, HandResult, IllegalAction, Phase
from .view import View, view_of

__all__ = [
    "PRESETS", "Card", "CardSet", "Hand", "HandResult", "IllegalAction", "Match", "Phase", "RuleSet",
    "RulesError", "View", "action_str", "load", "parse_action", "parse_card", "preset", "view_of",
]
__version__ = "0.1.0"
