"""Names at a table: a person's, a table's, a bot level's, each checked; and seat tokens, kept as hashes.

A name is tidied (Unicode NFC, spaces folded) and refused with a reason when it cannot be shown:
empty, holding control or invisible characters, too long, or a computer player's name.  A person who
sits gets a random token that brings them back to that seat; the store keeps only its SHA-256.
"""

from __future__ import annotations

import hashlib
import unicodedata

from ..bots import REGISTRY, bot_name
from .protocol import Refusal

LEVELS = tuple(REGISTRY)  # the bots a seat may be given
DEFAULT_FILL = "heuristic"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_name(name: str, what: str = "a name") -> str:
    """A person's or a table's name, tidied: refused with a reason when it cannot be shown or is a bot's."""
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise Refusal(f"{what} must have a letter or a digit in it")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise Refusal(f"{what} may not hold control or invisible characters")
    return text


def person_name(name: str) -> str:
    text = check_name(name)
    if len(text) > 20:
        raise Refusal("a name is at most 20 characters")
    try:
        bot_name(text)
    except KeyError:
        return text
    raise Refusal(f"{text!r} is a computer player's name; choose another (bots: {', '.join(LEVELS)})")


def check_level(level: str) -> str:
    key = level.strip().lower()
    if key not in REGISTRY:
        raise Refusal(f"unknown bot level {level[:20]!r}; levels: {', '.join(LEVELS)}")
    return key
