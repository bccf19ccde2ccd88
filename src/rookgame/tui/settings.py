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
from ..words.catalog import fill
from ..words.errors import DEFAULT_NAME, PEOPLE, WordsError

HUMAN = "human"  # the record's name of the one person of a one-person game
MAX_NAME = 20  # a name fits in a seat's cell of the table


class PeopleError(WordsError):
    """People or seats that cannot sit at the table: a code of :data:`rookgame.words.errors.PEOPLE` and its
    facts; the message says why, in the options' words."""

    TEMPLATES = PEOPLE


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
            raise PeopleError("count", what=what, given=text, seats=seats)
        return (HUMAN,) if count == 1 else tuple(fill(DEFAULT_NAME, {"number": i}) for i in range(1, count + 1))
    names = tuple(" ".join(n.split()) for n in text.split(","))
    seen: dict[str, str] = {}
    for name in names:
        if not name:
            raise PeopleError("empty_name", what=what, given=repr(spec))
        if not name.isprintable():
            raise PeopleError("unshowable", what=what, name=repr(name))
        if len(name) > MAX_NAME:
            raise PeopleError("too_long", what=what, name=repr(name), max=MAX_NAME)
        if not isinstance(seat_from_name(name), Human):
            raise PeopleError("bot_name", what=what, name=repr(name))
        if name.lower() in seen:
            raise PeopleError("same_name", what=what, name=repr(seen[name.lower()]))
        seen[name.lower()] = name
    if len(names) > seats:
        raise PeopleError("too_many", what=what, count=len(names), seats=seats)
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
            raise PeopleError("not_a_seat", what=what, given=str(spec), part=repr(p), last=last)
        s = int(p)
        if not 0 <= s <= last:
            raise PeopleError("no_such_seat", what=what, seat_number=str(s), rules=rules.label, last=last)
        if s in seats:
            raise PeopleError("seat_twice", what=what, given=str(spec), seat_number=str(s))
        seats.append(s)
    if count is not None and len(seats) != count:
        raise PeopleError("seats_for_people", what=what, given=str(spec), count=len(seats), people=count,
                          example=",".join(str(s) for s in default_seats(rules, count)))
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
