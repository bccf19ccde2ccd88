"""Who sits where, named from the person at the screen: "You", then West, North, East at a table of four."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import RuleSet
from .catalog import N_, Param, Say, fill, gettext, listed, told

# The seats of a table of four by compass point, South first (seat 0 with nobody at the screen);
# with one person at the screen they sit South and are "You".
COMPASS = (N_("South"), N_("West"), N_("North"), N_("East"))
SEATING = {
    "you": N_("You"),
    "seat": N_("Seat {seat}"),
    "seat_short": N_("S{seat}"),
    "you_long": N_("You (seat {seat})"),
    "person_long": N_("{name} (seat {seat})"),
    "bot_long": N_("{name} (seat {seat}, {bot})"),
    "seat_bot_long": N_("Seat {seat} ({bot})"),
    "us": N_("Us"),
    "them": N_("Them"),
    "side_long": N_("{side} ({seats})"),
    "short_initial": N_("{initial}{seat}"),
}


@dataclass(frozen=True)
class Seating:
    """Who sits where, named from the human seat: "You", then West, North, East at a table of four.

    With several people at one screen (``human = -1``) nobody is "You": people go by their
    names (``people``), the computer seats by compass point (South is seat 0) or number."""

    rules: RuleSet
    human: int
    players: tuple[str, ...]  # "human" at the human seat, a bot name elsewhere
    people: tuple[int, ...] = ()  # the seats of people, when several share the screen

    def name(self, seat: int) -> str:
        if seat == self.human:
            return gettext(SEATING["you"])
        if self.human < 0 and seat in self.people:
            return self.players[seat]
        if self.rules.players == 4:
            return gettext(COMPASS[(seat - max(self.human, 0)) % 4])
        return fill(SEATING["seat"], {"seat": seat})

    def is_person(self, seat: int) -> bool:
        return seat == self.human or (self.human < 0 and seat in self.people)

    def short(self, seat: int) -> str:
        """ "You", "W", "N", "E" at a table of four; "You", "S1", "S2" ... otherwise; a person's first
        letters, or initial and seat where two people's first letters agree (Player 1, Player 2)."""
        if seat == self.human:
            return gettext(SEATING["you"])
        if self.human < 0 and seat in self.people:
            head = self.players[seat][:3]
            if sum(self.players[s][:3].lower() == head.lower() for s in self.people) > 1:
                return fill(SEATING["short_initial"], {"initial": self.players[seat][0], "seat": seat})
            return head
        if self.rules.players == 4:
            return self.name(seat)[0]  # the compass point's initial in the reader's language
        return fill(SEATING["seat_short"], {"seat": seat})

    def long_name(self, seat: int) -> str:
        """ "West (seat 1, Basic)" (a bot by its level's name); "You (seat 0)"; "Ann (seat 0)" at a table of
        several people."""
        if seat == self.human:
            return fill(SEATING["you_long"], {"seat": seat})
        if self.human < 0 and seat in self.people:
            return fill(SEATING["person_long"], {"name": self.name(seat), "seat": seat})
        if self.rules.players == 4:
            return fill(SEATING["bot_long"], {"name": self.name(seat), "seat": seat, "bot": self.players[seat]})
        return fill(SEATING["seat_bot_long"], {"seat": seat, "bot": self.players[seat]})

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.rules.players) if self.rules.side_of(s) == side]

    def side_name(self, side: int) -> str:
        """ "Us" / "Them" in partnerships, else the seat's name."""
        r = self.rules
        if r.mode == "partners":
            if self.human < 0:
                return listed([self.name(s) for s in self.side_seats(side)])
            return gettext(SEATING["us"] if r.side_of(self.human) == side else SEATING["them"])
        return self.name(side)

    def side_long(self, side: int) -> str:
        r = self.rules
        if r.mode == "partners":
            who = listed([self.name(s) for s in self.side_seats(side)])
            return who if self.human < 0 else fill(SEATING["side_long"], {"side": self.side_name(side), "seats": who})
        return self.name(side)

    def tell(self, say: Say, **params: Param) -> str:
        """``say`` told to the person at the screen: its "you" form where a parameter names their seat,
        the other seats by name."""
        return told(say, params, you=self.human if self.human >= 0 else None, seat_name=self.name)

    def is_you(self, seat: int) -> bool:
        """The seat is the reader's own (a sentence then takes its "you" form)."""
        return seat == self.human

    def you_in(self, side: int) -> bool:
        """The reader plays on ``side`` (a sentence about the side takes its "you" form)."""
        return self.human >= 0 and self.rules.side_of(self.human) == side
