"""Cards and card sets.

A card is a small int: ``colour * 14 + (rank - 1)`` for the numbered cards
(0..55), then the Birds (``RK`` = 56, ``RK2`` = 57).  A set of cards is an int
bitmask.  The engine works on these plain ints; :class:`Card` and
:class:`CardSet` wrap them at the edges (parsing, printing, records) and their
reprs paste back as code.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .shown import digits_value, shown

COLOURS = "BRYG"
COLOUR_NAMES = ("Black", "Red", "Yellow", "Green")
BLACK, RED, YELLOW, GREEN = range(4)
RANKS = tuple(range(1, 15))
BIRD = 56
BIRD2 = 57
NUM_CARDS = 58
BIRDS = (BIRD, BIRD2)

_BIRD_NAMES = {BIRD: "RK", BIRD2: "RK2"}
_ALIASES = {"RK": BIRD, "ROOK": BIRD, "BIRD": BIRD, "RK1": BIRD, "RK2": BIRD2, "BIRD2": BIRD2, "ROOK2": BIRD2}


class CardError(ValueError):
    """Text that does not name a card."""


def make(colour: int, rank: int) -> int:
    """The card of a colour (0..3) and rank (1..14)."""
    return colour * 14 + rank - 1


def colour_of(card: int) -> int:
    """Printed colour 0..3 of a numbered card; -1 for a Bird."""
    return card // 14 if card < BIRD else -1


def rank_of(card: int) -> int:
    """Printed rank 1..14 of a numbered card; 0 for a Bird."""
    return card % 14 + 1 if card < BIRD else 0


def card_str(card: int) -> str:
    if card >= BIRD:
        if card not in _BIRD_NAMES:
            raise CardError(f"card index {card} is out of range 0..{NUM_CARDS - 1}")
        return _BIRD_NAMES[card]
    return f"{COLOURS[card // 14]}{card % 14 + 1}"


def parse_card(text: str) -> int:
    """Parse ``Y14``, ``g5``, ``RK``, ``rook``, ``bird``, ``RK2``; raise CardError naming the token."""
    token = text.strip().upper()
    if token in _ALIASES:
        return _ALIASES[token]
    if len(token) >= 2 and token[0] in COLOURS:
        rank = digits_value(token[1:])
        if rank is not None and 1 <= rank <= 14:
            return make(COLOURS.index(token[0]), rank)
    raise CardError(
        f"{shown(text.strip())} is not a card: write a colour letter (B, R, Y, G) and a rank 1-14 "
        "such as Y14 or g5, or RK / rook / bird for the Rook Bird (RK2 for the second Bird)"
    )


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse cards separated by spaces or commas (or an iterable of tokens)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: int) -> int:
    return mask.bit_count()


class Card(int):
    """A card as a typed value: ``Card("Y14")`` or ``Card(41)``; repr pastes back."""

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return super().__new__(cls, parse_card(value))
        if not 0 <= int(value) < NUM_CARDS:
            raise CardError(f"card index {value} is out of range 0..{NUM_CARDS - 1}")
        return super().__new__(cls, value)

    @property
    def colour(self) -> int:
        return colour_of(self)

    @property
    def rank(self) -> int:
        return rank_of(self)

    @property
    def is_bird(self) -> bool:
        return self >= BIRD

    def __str__(self) -> str:
        return card_str(self)

    def __repr__(self) -> str:
        return f"Card({card_str(self)!r})"


class CardSet(int):
    """A set of cards as a bitmask: ``CardSet("Y14 G5 RK")``; iterates as :class:`Card`."""

    def __new__(cls, value: int | str | Iterable[int] = 0) -> CardSet:
        if isinstance(value, str):
            return super().__new__(cls, mask_of(parse_cards(value)))
        if isinstance(value, int):
            return super().__new__(cls, value)
        return super().__new__(cls, mask_of(value))

    def __iter__(self) -> Iterator[Card]:
        return (Card(c) for c in cards_of(self))

    def __len__(self) -> int:
        return int(self).bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and bool(self >> card & 1)

    def __str__(self) -> str:
        return " ".join(card_str(c) for c in display_order(cards_of(self)))

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"


def display_order(cards: Iterable[int]) -> list[int]:
    """Sort for people: by colour B, R, Y, G, high rank first, Birds last."""
    return sorted(cards, key=lambda c: (colour_of(c) if c < BIRD else 4, -rank_of(c), c))


FULL_NUMBERED = (1 << 56) - 1
