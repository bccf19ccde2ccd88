"""Who sits where, named from the person at the screen: "You", then West, North, East at a table of four."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import RuleSet


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
            return "You"
        if self.human < 0 and seat in self.people:
            return self.players[seat]
        if self.rules.players == 4:
            if self.human < 0:
                return ("South", "West", "North", "East")[seat % 4]
            return ("You", "West", "North", "East")[(seat - self.human) % 4]
        return f"Seat {seat}"

    def is_person(self, seat: int) -> bool:
        return seat == self.human or (self.human < 0 and seat in self.people)

    def short(self, seat: int) -> str:
        """ "You", "W", "N", "E" at a table of four; "You", "S1", "S2" ... otherwise; a person's first
        letters, or initial and seat where two people's first letters agree (Player 1, Player 2)."""
        if seat == self.human:
            return "You"
        if self.human < 0 and seat in self.people:
            head = self.players[seat][:3]
            if sum(self.players[s][:3].lower() == head.lower() for s in self.people) > 1:
                return f"{self.players[seat][0]}{seat}"
            return head
        if self.rules.players == 4:
            return self.name(seat)[0]
        return f"S{seat}"

    def long_name(self, seat: int) -> str:
        """ "West (seat 1, heuristic)"; "You (seat 0)"; "Ann (seat 0)" at a table of several people."""
        if seat == self.human or (self.human < 0 and seat in self.people):
            return f"{self.name(seat)} (seat {seat})"
        if self.rules.players == 4:
            return f"{self.name(seat)} (seat {seat}, {self.players[seat]})"
        return f"Seat {seat} ({self.players[seat]})"

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.rules.players) if self.rules.side_of(s) == side]

    def side_name(self, side: int) -> str:
        """ "Us" / "Them" in partnerships, else the seat's name."""
        r = self.rules
        if r.mode == "partners":
            if self.human < 0:
                return " and ".join(self.name(s) for s in self.side_seats(side))
            return "Us" if r.side_of(self.human) == side else "Them"
        return self.name(side)

    def side_long(self, side: int) -> str:
        r = self.rules
        if r.mode == "partners":
            who = " and ".join(self.name(s) for s in self.side_seats(side))
            return who if self.human < 0 else f"{self.side_name(side)} ({who})"
        return self.name(side)

    def subject(self, seat: int, third: str, second: str) -> str:
        """ "West bids" / "You bid": the seat's name with the verb in the right person."""
        return f"{self.name(seat)} {second if seat == self.human else third}"
