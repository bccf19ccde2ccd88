"""Cards and hands in words: sorted for the eye, grouped by colour, the trump's name."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import BIRD, COLOURS, card_str, colour_of, rank_of
from ..rules import RuleSet
from .catalog import N_, colour_word, fill, gettext

CARDS = {
    "group": N_("{colour} {cards}"),  # one colour's cards in a hand: "Black B14 B10"
    "trump_group": N_("{colour} (trump) {cards}"),
    "bird_group": N_("Bird {cards}"),
    "no_cards": N_("no cards"),
    "trump_not_named": N_("not named yet"),
    "no_trump": N_("no trump"),
}


def colour_letter(card: int) -> str:
    """B, R, Y, G, or K for a Bird (the Bird is printed as RK)."""
    return COLOURS[colour_of(card)] if card < BIRD else "K"


def sort_hand(rules: RuleSet, cards: Sequence[int], trump: int = -2, low: bool = False,
              bird_high: bool = True) -> list[int]:
    """Cards grouped by colour (B, R, Y, G), strongest first; once trump is named the trump
    colour (Birds and other always-trump cards with it) comes last."""
    if trump >= 0:
        t = rules.play_tables(trump, low, bird_high)
        return sorted(cards, key=lambda c: (t.suit[c] == trump, t.suit[c], -t.strength[c], c))

    def height(c: int) -> int:
        if c >= BIRD:
            return 100 - c
        r = rank_of(c)
        return 15 if r == 1 and rules.rank_order == "1-high" else r

    return sorted(cards, key=lambda c: (colour_of(c) if c < BIRD else 4, -height(c), c))


def cards_text(rules: RuleSet, cards: Sequence[int], trump: int = -2) -> str:
    return " ".join(card_str(c) for c in sort_hand(rules, cards, trump))


def hand_by_colour(rules: RuleSet, cards: Sequence[int], trump: int = -2) -> str:
    """ "Black B14 B10; Red R7; Bird RK" for the line mode."""
    groups: dict[tuple[str, int], list[int]] = {}
    t = rules.play_tables(trump) if trump >= 0 else None
    for c in sort_hand(rules, cards, trump):
        if t is not None and t.suit[c] == trump:
            key = ("trump_group", trump)
        elif c >= BIRD:
            key = ("bird_group", -1)
        else:
            key = ("group", colour_of(c))
        groups.setdefault(key, []).append(c)
    said = [fill(CARDS[template], {"colour": colour_word(colour, title=True) if colour >= 0 else "", "cards": cs})
            for (template, colour), cs in groups.items()]
    return "; ".join(said) or gettext(CARDS["no_cards"])


def trump_words(view_trump: int) -> str:
    """The trump on its own: "Red", "no trump", "not named yet"."""
    if view_trump == -2:
        return gettext(CARDS["trump_not_named"])
    if view_trump == -1:
        return gettext(CARDS["no_trump"])
    return colour_word(view_trump, title=True)
