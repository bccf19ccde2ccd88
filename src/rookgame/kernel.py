"""The rules kernel: each rule that several parts of the engine need, written once.

Who wins a trick, which seat plays the i-th card of a trick, which side a seat is on,
and how a finished hand is scored.  The state machine, views, knowledge, bots, words and
the Python solver call these; the C solver keeps its own copies for speed and is tested
against them.

The trick functions read any play tables with ``suit``, ``key`` and ``trump`` (a rule
set's :class:`~rookgame.rules.PlayTables`, or the solver's position): a card beats the
best so far when its effective colour is trump or the colour led and its key is higher.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .rules import RuleSet


class Tables(Protocol):
    @property
    def suit(self) -> tuple[int, ...]: ...

    @property
    def key(self) -> tuple[int, ...]: ...

    @property
    def trump(self) -> int: ...


def seat_of(leader: int, i: int, players: int) -> int:
    """The seat that plays the ``i``-th card (0 = the lead) of a trick led by ``leader``."""
    return (leader + i) % players


def beats(t: Tables, led: int, card: int, best: int) -> bool:
    """Whether ``card`` takes the trick from ``best`` when colour ``led`` was led."""
    s = t.suit[card]
    return (s == t.trump or s == led) and t.key[card] > t.key[best]


def winning_index(t: Tables, trick: Sequence[int]) -> int:
    """The position in ``trick`` of the card winning it so far: the top trump, else the top card of the colour led."""
    suit = t.suit
    key = t.key
    trump = t.trump
    led = suit[trick[0]]
    best = 0
    best_key = key[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        s = suit[c]
        if (s == trump or s == led) and key[c] > best_key:
            best_key = key[c]
            best = i
    return best


def trick_winner(t: Tables, leader: int, trick: Sequence[int], players: int) -> int:
    """The seat winning ``trick`` (so far, or for good once every seat has played)."""
    return (leader + winning_index(t, trick)) % players


def trick_points(rules: RuleSet, cards: Sequence[int]) -> int:
    """The counter points in ``cards`` (a trick, the nest)."""
    points = rules.deck.points
    return sum(points[c] for c in cards)


def trick_plays(rules: RuleSet, leader: int, cards: Sequence[int]) -> list[tuple[int, int]]:
    """(seat, card) of a trick led by ``leader``, in the order played."""
    return [(seat_of(leader, i, rules.players), c) for i, c in enumerate(cards)]


def side_of(rules: RuleSet, seat: int, team: int = 0) -> int:
    """The scoring side of ``seat``: its partnership (seat % 2), itself in individual games, and in
    call-partner games 0 for the bidder's team (the seat mask ``team``) and 1 for the defenders."""
    if rules.mode == "call-partner":
        return 0 if team >> seat & 1 else 1
    return rules.side_of(seat)


def trick_bonuses(most_tricks_bonus: int, trick_bonus: tuple[int, int], side_won: Sequence[int]) -> list[int]:
    """The bonus points each side earns by its tricks: the most-tricks bonus to the one side with
    the most (nobody on a tie), and ``trick_bonus = (points, at least)`` to each side with enough."""
    out = [0] * len(side_won)
    if most_tricks_bonus:
        top = max(side_won)
        if side_won.count(top) == 1:
            out[side_won.index(top)] += most_tricks_bonus
    bonus, at_least = trick_bonus
    if bonus:
        for k, w in enumerate(side_won):
            if w >= at_least:
                out[k] += bonus
    return out


def contract_score(rules: RuleSet, team_points: int, bid: int, hand_total: int) -> int:
    """What the bidding side scores: its points if it made the bid, else minus the bid; twice the
    hand's points when it took them all under ``moon = "double"``."""
    if rules.moon == "double" and hand_total > 0 and team_points == hand_total:
        return 2 * hand_total
    return team_points if team_points >= bid else -bid


def defender_score(rules: RuleSet, points: int, hand_total: int) -> int:
    """What a defending side scores: what it took (twice the hand's points if it took them all, with the moon)."""
    if rules.moon == "double" and hand_total > 0 and points == hand_total:
        return 2 * hand_total
    return points


@dataclass(frozen=True)
class HandResult:
    """A finished hand's scoring, per side (per seat in call-partner games, each seat its side's)."""

    points: tuple[int, ...]  # taken, nest and bonuses included
    score: tuple[int, ...]  # what the hand adds to the totals
    made: bool
    bidding_points: int  # what the bidding team took


def score_hand(rules: RuleSet, taken: Sequence[int], won: Sequence[int], last_winner: int, nest_points: int,
               bidder: int, bid: int, team: int) -> HandResult:
    """Score a hand from what each seat took: ``taken`` counter points and ``won`` tricks per seat,
    the seat that won the last trick, the points of the buried cards, the contract and the bidder's
    team (a seat mask).  docs/rules.md §6 and the house rules (bonuses, the moon)."""
    n = rules.players
    seat_pts = list(taken)
    seat_pts[bidder if rules.nest_to == "bidder" else last_winner] += nest_points
    seat_pts[last_winner] += rules.last_trick_bonus
    mode = rules.mode
    if mode == "partners":
        sides = 2
        side: Sequence[int] = _ALTERNATE[:n]
    elif mode == "call-partner":
        # Seed 003: "the points of a hand are divided between the two teams formed during play":
        # side 0 the bidder's team, side 1 the defenders; the bonuses and the moon go by team too.
        sides = 2
        side = [0 if team >> s & 1 else 1 for s in range(n)]
    else:
        sides = n
        side = range(n)
    side_pts = [0] * sides
    side_won = [0] * sides
    for s in range(n):
        k = side[s]
        side_pts[k] += seat_pts[s]
        side_won[k] += won[s]
    if rules.most_tricks_bonus or rules.trick_bonus[0]:
        for k, extra in enumerate(trick_bonuses(rules.most_tricks_bonus, rules.trick_bonus, side_won)):
            side_pts[k] += extra
    mine = side[bidder]  # the bidder's team is one side in every mode
    team_pts = side_pts[mine]
    hand_total = sum(side_pts)
    score = list(side_pts)
    score[mine] = contract_score(rules, team_pts, bid, hand_total)
    if rules.moon == "double":
        score = [score[k] if k == mine else defender_score(rules, side_pts[k], hand_total) for k in range(sides)]
    if mode == "call-partner":
        # Totals are kept per player: each seat books its side's points and score.
        side_pts = [side_pts[side[s]] for s in range(n)]
        score = [score[side[s]] for s in range(n)]
    return HandResult(tuple(side_pts), tuple(score), team_pts >= bid, team_pts)


_ALTERNATE = (0, 1) * 4  # the partnership of each seat: seat % 2
