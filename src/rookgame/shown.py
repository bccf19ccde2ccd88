"""Values from files, fit to quote in a message.

A hostile file can hold an integer of thousands of digits (``str()`` refuses one of over
4,300 digits with ValueError), a list nested too deep for ``repr()`` or a megabyte string;
a message quotes any of them in a line."""

from __future__ import annotations

LIMIT = 60  # characters of a quoted value
_DIGITS_PER_BIT = 0.30103  # log10(2)


def shown(value: object, limit: int = LIMIT) -> str:
    """``repr(value)`` for a message: huge numbers by their length, long text cut with "..."."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        # Counted from the bit length: never converts the number itself to text.
        digits = int((value.bit_length() - 1) * _DIGITS_PER_BIT) + 1
        return f"{'-' if value < 0 else ''}a number of about {digits:,} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


BIG = 10**9  # above every size a rule set or a card takes


def digits_value(text: str) -> int | None:
    """The number an ASCII digit string names, at most :data:`BIG` (a longer one is never
    converted: thousands of digits cost time, and ``int()`` refuses over 4,300); None if
    ``text`` is not ASCII digits (``"²".isdigit()`` is true, yet ``int("²")`` fails)."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) < 10 else BIG
