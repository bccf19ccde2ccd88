"""Readable text for people: a rule set in full, a game as a transcript (the words live in
:mod:`rookgame.words.transcript` and :mod:`rookgame.words.rules`; this module keeps their old address)."""

from __future__ import annotations

from .words.rules import rules_rows
from .words.transcript import game_transcript, side_name, table_lines

__all__ = ["game_transcript", "rules_rows", "side_name", "table_lines"]
