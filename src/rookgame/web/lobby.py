"""A table's seat plan before and beside its game: who sits where (open, a person, a bot of a level),
the people who have come (by the hash of their token), the bot that fills the seats left open."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from ..table import Bot, Human, Seat
from .names import DEFAULT_FILL


@dataclass
class SeatState:
    kind: Literal["open", "person", "bot"] = "open"
    level: str | None = None  # the bot's level (a bot seat, or a person's seat a bot holds for now)
    person: str | None = None  # the hash of the token of the person whose seat this is
    free: bool = False  # a bot seat a person may take once the game has started (open at the start, or left)


@dataclass
class Person:
    name: str
    seat: int | None = None
    host: bool = False
    player: int | None = None  # the profile signed in when the person sat (rookgame.web.accounts); None: a guest


@dataclass
class Lobby:
    """A room's state besides its game; kept in the store as JSON (tokens only as hashes)."""

    seats: list[SeatState]
    people: dict[str, Person] = field(default_factory=dict)
    fill: str = DEFAULT_FILL
    started: bool = False
    handed: bool = False  # a seat changed hands after the start (a person's to a bot ...): the game is not rated
    muted: list[str] = field(default_factory=list)  # whose talk the host muted: people's keys, "*spectators"

    def table_seats(self) -> list[Seat]:
        """The Table's seats for this plan: people by name, bots by level, open seats the fill bot."""
        return [Human(self.people[st.person or ""].name) if st.kind == "person"
                else Bot(st.level or self.fill) for st in self.seats]

    def to_json(self) -> dict[str, Any]:
        return {"seats": [asdict(s) for s in self.seats], "fill": self.fill, "started": self.started,
                "handed": self.handed, "muted": self.muted, "people": {h: asdict(p) for h, p in self.people.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any], players: int) -> Lobby:
        seats = [SeatState(**s) for s in data.get("seats", [])] or [SeatState() for _ in range(players)]
        people = {h: Person(**p) for h, p in data.get("people", {}).items()}
        return cls(seats, people, str(data.get("fill", DEFAULT_FILL)), bool(data.get("started", False)),
                   bool(data.get("handed", False)), [str(k) for k in data.get("muted", [])])
