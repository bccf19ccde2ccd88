"""What ``rook play`` and its setup screen choose: the rules, who sits where, the computer's levels.

One person plays against the computer ("You"), or several people share one screen (pass and
play) with bots in the other seats.  People are named; a name is never a bot's, since a saved
game tells its people from its bots by name (:func:`rookgame.table.seat_from_name`).  No
Textual import: the line mode and the option checks use this module alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..rules import RuleSet
from ..table import Human, seat_from_name

HUMAN = "human"  # the record's name of the one person of a one-person game
MAX_NAME = 20  # a name fits in a seat's cell of the table


class PeopleError(ValueError):
    """People or seats that cannot sit at the table; the message says why, in the options' words."""


@dataclass(frozen=True)
class Settings:
    """What the setup screen chooses.

    ``people``: the names of the people at this screen; empty for one person ("human", "You" on
    screen) at ``seat``.  ``people_seats``: where they sit, one seat per name; empty for the
    usual places (:func:`default_seats`)."""

    rules_spec: str = "kentucky-discard"
    seat: int = 0
    partner: str = "heuristic"
    opponents: str = "heuristic"
    seed: int | None = None
    people: tuple[str, ...] = ()
    people_seats: tuple[int, ...] = ()

    def players(self, rules: RuleSet) -> list[str]:
        """A name per seat: the people's names where they sit, the bots' levels elsewhere."""
        names = self.people or (HUMAN,)
        if self.people_seats:
            seats = self.people_seats
        elif len(names) == 1:
            seats = (min(self.seat, rules.players - 1),)
        else:
            seats = default_seats(rules, len(names))
        return seat_people(rules, seats, names, self.partner, self.opponents)


@runtime_checkable
class Host(Protocol):
    """What the screens ask of the app that shows them (:class:`rookgame.tui.app.RookApp`)."""

    settings: Settings
    pace: float
    saves_dir: Path | None
    exit_message: str

    def start_game(self, settings: Settings, rules: RuleSet) -> None: ...

    def resume_saved(self, path: Path) -> None: ...


def default_seats(rules: RuleSet, count: int) -> tuple[int, ...]:
    """Where ``count`` people sit by default: in partnerships partners first (0, 2, then 1, 3), else 0, 1, 2 ..."""
    seats = range(rules.players)
    if rules.mode == "partners":
        order = sorted(seats, key=lambda s: (rules.side_of(s), s))
        return tuple(order[:count])
    return tuple(seats[:count])


def seat_people(rules: RuleSet, seats: Sequence[int], names: Sequence[str], partner: str,
                opponents: str) -> list[str]:
    """A name per seat: each person's name at their seat; a bot on a person's side (partnerships) plays
    the ``partner`` level, every other bot the ``opponents`` level."""
    at = dict(zip(seats, names))
    sides = {rules.side_of(s) for s in at} if rules.mode == "partners" else set()
    return [at[s] if s in at else partner if rules.side_of(s) in sides else opponents for s in range(rules.players)]


def people_of(players: Sequence[str]) -> list[int]:
    """The seats of people among a record's players: every name that is not a registered bot's."""
    return [s for s, p in enumerate(players) if isinstance(seat_from_name(p), Human)]


def parse_people(spec: str, seats: int, what: str = "--humans") -> tuple[str, ...]:
    """People from ``--humans``: how many (``2``) or their names (``Ann,Bo``).

    One person without a name is ``human`` ("You"); several go by their names, or Player 1,
    Player 2 ... when only counted.  Names are unique, printable, short, and no bot's."""
    text = spec.strip()
    if re.fullmatch(r"[0-9]+", text):
        count = int(text)
        if not 1 <= count <= seats:
            raise PeopleError(f"{what} {text}: give 1 to {seats} people, one per seat at most")
        return (HUMAN,) if count == 1 else tuple(f"Player {i}" for i in range(1, count + 1))
    names = tuple(" ".join(n.split()) for n in text.split(","))
    seen: dict[str, str] = {}
    for name in names:
        if not name:
            raise PeopleError(f"{what} {spec!r}: a name is empty; give names between commas, such as Ann,Bo")
        if not name.isprintable():
            raise PeopleError(f"{what}: the name {name!r} has characters that cannot be shown")
        if len(name) > MAX_NAME:
            raise PeopleError(f"{what}: the name {name!r} is longer than {MAX_NAME} characters")
        if not isinstance(seat_from_name(name), Human):
            raise PeopleError(f"{what}: {name!r} is the name of a bot; give people other names")
        if name.lower() in seen:
            raise PeopleError(f"{what}: two people are named {seen[name.lower()]!r}; give each person their own name")
        seen[name.lower()] = name
    if len(names) > seats:
        raise PeopleError(f"{what}: {len(names)} people for {seats} seats")
    return names


def parse_seats(spec: str | int, rules: RuleSet, count: int | None = None, what: str = "--seat") -> tuple[int, ...]:
    """Seats from ``--seat``: one (``2``) or a list (``0,2``), each a seat of ``rules``, none twice;
    ``count`` of them when given (one per person)."""
    last = rules.players - 1
    parts = [str(spec)] if isinstance(spec, int) else str(spec).split(",")
    seats: list[int] = []
    for part in parts:
        p = part.strip()
        if not re.fullmatch(r"-?[0-9]+", p):
            raise PeopleError(f"{what} {spec}: {p!r} is not a seat number; seats are 0 to {last}, "
                              "and several people's seats go between commas: 0,2")
        s = int(p)
        if not 0 <= s <= last:
            raise PeopleError(f"{what} {s}: {rules.label} has seats 0 to {last}")
        if s in seats:
            raise PeopleError(f"{what} {spec}: seat {s} is given twice; each person has a seat of their own")
        seats.append(s)
    if count is not None and len(seats) != count:
        people = "person" if count == 1 else "people"
        raise PeopleError(f"{what} {spec}: {len(seats)} seat(s) for {count} {people}; give one seat per person"
                          + (", such as " + ",".join(str(s) for s in default_seats(rules, count)) if count > 1
                             else ""))
    return tuple(seats)


def choose_people(rules: RuleSet, humans: str | None,
                  seat: str | int | None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The people's names and seats from ``--humans`` and ``--seat``.

    Without ``--humans`` a list of seats seats that many people (Player 1 ...); with it and no
    ``--seat`` the people sit in the usual places (:func:`default_seats`)."""
    if humans is None:
        seats = parse_seats(seat, rules) if seat is not None else (0,)
        names = parse_people(str(len(seats)), rules.players) if len(seats) > 1 else (HUMAN,)
        return names, seats
    names = parse_people(humans, rules.players)
    if seat is None:
        return names, default_seats(rules, len(names))
    return names, parse_seats(seat, rules, len(names))
