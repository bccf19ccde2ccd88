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
MAX_NAME = 20  # characters in a person's name


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_name(name: str, table: bool = False) -> str:
    """A person's (or with ``table`` a table's) name, tidied: refused with a reason when it cannot be shown."""
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise Refusal("table_name_empty" if table else "name_empty")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise Refusal("table_name_invisible" if table else "name_invisible")
    return text


def person_name(name: str) -> str:
    text = check_name(name)
    if len(text) > MAX_NAME:
        raise Refusal("name_long", max=MAX_NAME)
    try:
        bot_name(text)
    except KeyError:
        return text
    raise Refusal("name_is_bot", name=repr(text), bots=", ".join(LEVELS))


def check_level(level: str) -> str:
    key = level.strip().lower()
    if key not in REGISTRY:
        raise Refusal("unknown_level", level=repr(level[:20]), levels=", ".join(LEVELS))
    return key
