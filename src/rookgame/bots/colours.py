"""A rule set's colours as the bots read them: each colour's cards in order with any colour as trump,
and what a hand holds in them (how good each colour is as trump, the sure tricks).

Built once per rule set (:func:`colours`): the bidding valuation and the sampler read these tables
for every deal they draw.  Below both :mod:`.valuation` and :mod:`.heuristic`, and imports neither.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..rules import PlayTables, RuleSet


def natural(rules: RuleSet, trump: int) -> PlayTables:
    """The play tables with ``trump`` as trump, high, the Bird high: how a hand is judged before those
    calls are made."""
    return rules.play_tables(trump, False, True)


def _order(rules: RuleSet, t: PlayTables, colour: int) -> list[int]:
    return sorted((c for c in rules.deck.cards if t.suit[c] == colour), key=lambda c: -t.strength[c])


def _above(rules: RuleSet, t: PlayTables) -> tuple[int, ...]:
    out = [0] * 64
    for k in range(4):
        mask = 0
        for c in _order(rules, t, k):
            out[c] = mask
            mask |= 1 << c
    return tuple(out)


@dataclass(frozen=True)
class Colours:
    """One rule set's colours with each colour as trump (the Birds in it): the tables that valuing a
    hand reads many times a decision (the sampler values every deal it draws), built once."""

    order: tuple[tuple[tuple[int, ...], ...], ...]  # [trump][colour]: its cards, strongest first
    suit_mask: tuple[tuple[int, int, int, int], ...]  # [trump]: the colours' masks
    above: tuple[tuple[int, ...], ...]  # [trump][card]: the mask of the stronger cards of its colour
    top: tuple[tuple[tuple[int, float], ...], ...]  # [colour]: its top five cards as trump, with their height
    # The counters as masks by their points (a hand's points are a few bit counts, not a loop over cards):
    value_masks: tuple[tuple[int, int], ...]  # (points, the deck's counters worth that)
    trump_value_masks: tuple[tuple[tuple[int, int], ...], ...]  # [trump]: the same, of the trump colour only
    top3: tuple[int, ...]  # [trump]: the mask of the three highest trumps


def _value_masks(cards: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    masks: dict[int, int] = {}
    for c, p in cards:
        masks[p] = masks.get(p, 0) | 1 << c
    return tuple(sorted(masks.items()))


def points_held(masks: tuple[tuple[int, int], ...], hand: int) -> int:
    """The points of the counters ``hand`` holds among ``masks`` (:attr:`Colours.value_masks`)."""
    total = 0
    for p, m in masks:
        total += p * (hand & m).bit_count()
    return total


_colours: dict[int, tuple[RuleSet, Colours]] = {}  # by id; the rule set is held so that its id stays its own


def colours(rules: RuleSet) -> Colours:
    got = _colours.get(id(rules))
    if got is not None and got[0] is rules:
        return got[1]
    pts = rules.deck.points
    tables = [natural(rules, trump) for trump in range(4)]
    order = tuple(tuple(tuple(_order(rules, t, k)) for k in range(4)) for t in tables)
    built = Colours(
        order, tuple(t.suit_mask for t in tables), tuple(_above(rules, t) for t in tables),
        tuple(tuple((c, (5 - i) * 1.5) for i, c in enumerate(order[k][k][:5])) for k in range(4)),
        _value_masks((c, pts[c]) for c in rules.deck.cards if pts[c]),
        tuple(_value_masks((c, pts[c]) for c in order[k][k] if pts[c]) for k in range(4)),
        tuple(sum(1 << c for c in order[k][k][:3]) for k in range(4)))
    if len(_colours) >= 256:  # random rule sets in tests and benchmarks: keep the table small
        _colours.clear()
    _colours[id(rules)] = (rules, built)
    return built


def sure_tricks(rules: RuleSet, hand: int, trump: int) -> int:
    """Top cards held in sequence from the top of each colour (trump included; at most two in a side colour)."""
    orders = colours(rules).order[trump]
    total = 0
    for colour in range(4):
        held = 0
        for c in orders[colour]:
            if hand >> c & 1:
                held += 1
            else:
                break
        total += held if colour == trump else min(held, 2)
    return total


def colour_score(rules: RuleSet, hand: int, colour: int) -> float:
    """How good ``colour`` is as trump for this hand: length first, then height."""
    return colour_scores(rules, hand)[colour]


def colour_scores(rules: RuleSet, hand: int) -> list[float]:
    """:func:`colour_score` of each colour."""
    tables = colours(rules)
    out = []
    for colour in range(4):
        score = 10.0 * (hand & tables.suit_mask[colour][colour]).bit_count()
        for c, height in tables.top[colour]:
            if hand >> c & 1:
                score += height
        score += points_held(tables.trump_value_masks[colour], hand) * 0.1
        out.append(score)
    return out


def best_colour(rules: RuleSet, hand: int) -> int:
    """The colour a hand names as trump: the best :func:`colour_score`, the lowest colour on a tie."""
    scores = colour_scores(rules, hand)
    return max(range(4), key=lambda c: (scores[c], -c))
