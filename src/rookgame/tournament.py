"""Duplicate Rook tournaments: the director, its event log, the movement and the scoring.

In duplicate every table of a round plays the same deals (*boards*) from the same seats, and each
result is scored against the other tables that held the very same cards: skill decides, not the
deal.  A *unit* is what sits on one side of a table: a pair in a partnership game (two players, one
side), one player in a game without fixed partners (cutthroat, the individual games, call-partner).
A table holds ``rules.num_sides`` units, at *positions* 0, 1, ...: in a partnership game position 0
is seats 0 and 2 ("North-South"), position 1 seats 1 and 3; otherwise position ``p`` is seat ``p``.
The unit at position ``p`` of every table of a round holds the same cards on every board.

Scoring, board by board, among the units that held the same position's cards in that round:

- a unit's *net* on a board is its side's score minus the mean of the other sides' scores (in a
  partnership game: its score minus its opponents');
- *matchpoints*: 2 for every other table whose unit at that position did worse, 1 for a tie; the
  percentage is of the most it could have had;
- *IMPs* (international match points, here on Rook's scale): the difference between the unit's net
  and the mean net of the other tables, turned into 0 to 14 by :data:`IMP_SCALE`, signed.

A unit that sits out a round (an odd number of units and no bot to fill the gap) is credited the
average: half the matchpoints of each board of the round, 0 IMPs.

The :class:`Director` is a state machine over an append-only list of events (registered, round
started, result, correction, replacement, pause, resume, finished): a server stores the events and
rebuilds the director from them after a crash (:meth:`Director.from_events`), every table, round and
standing where it was.  Movement: a round robin when every unit can meet every other in the rounds
asked for (partnership games), else Swiss: units sorted by their standing, each table formed from the
best-placed units that have met least.  :func:`run_bots` plays a whole event of bots (``rook
tournament``).  No board's cards are handed out before its round, and a unit sees the other tables'
results of a round only once the round is over (:meth:`Director.results_for`).
"""

from __future__ import annotations

import csv
import io
import itertools
import os
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .bots import REGISTRY
from .match import Match
from .play import game_seeds
from .ratings import rules_key
from .record import game_record
from .rules import RuleSet, from_json
from .state import Phase
from .table import Bot, Seat, Table
from .words.errors import WordsError
from .words.tournament import ERRORS

FORMAT = "rook-tournament/1"
Scoring = Literal["matchpoints", "imps"]
SCORINGS: tuple[Scoring, ...] = get_args(Scoring)
Movement = Literal["auto", "swiss", "round-robin"]
MOVEMENTS: tuple[Movement, ...] = get_args(Movement)
# |net - datum| at which each IMP starts (Rook's hands move in fives; a hand is worth 120 to 200 points).
IMP_SCALE = (10, 20, 30, 45, 60, 80, 100, 125, 150, 180, 220, 270, 330, 400)
MAX_UNITS = 512  # bounds on what one event holds: a club's evening, or a long rehearsal of bots
MAX_ROUNDS = 64
MAX_BOARDS = 64


class TournamentError(WordsError):
    """A director's request that cannot be carried out: a code of :data:`rookgame.words.tournament.ERRORS` and
    its facts; ``str()`` says in English what was wrong and what is allowed, :meth:`words` in the reader's
    language."""

    TEMPLATES = ERRORS


@dataclass(frozen=True)
class Unit:
    """A pair (partnership games) or a player (the others) registered for the event."""

    number: int  # 1, 2, ... in registration order
    name: str
    members: tuple[str, ...]  # a person's name or a bot's level, one per seat the unit fills
    filler: bool = False  # a unit of bots the director added to fill a table

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "members": list(self.members), "filler": self.filler}


@dataclass(frozen=True)
class Board:
    number: int  # 1, 2, ... over the whole event
    round: int
    seed: int  # the deal's seed: every table dealt from it
    dealer: int  # the seat that deals, as the board moves round the table


@dataclass(frozen=True)
class Seating:
    """One table of a round: the unit at each position."""

    round: int
    table: int  # 1, 2, ...
    units: tuple[int, ...]  # unit number per position


@dataclass
class Standing:
    unit: Unit
    boards: int = 0  # boards played or credited
    matchpoints: float = 0.0
    top: float = 0.0  # the most matchpoints those boards could have given
    imps: int = 0
    sat_out: int = 0  # rounds sat out

    @property
    def percent(self) -> float:
        return 100.0 * self.matchpoints / self.top if self.top else 50.0

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit.number, "name": self.unit.name, "members": list(self.unit.members),
                "filler": self.unit.filler, "boards": self.boards, "matchpoints": self.matchpoints,
                "top": self.top, "percent": round(self.percent, 2), "imps": self.imps, "sat_out": self.sat_out}


@dataclass
class Result:
    """One board at one table: the score of each position's side, and how it was played."""

    round: int
    table: int
    board: int
    scores: tuple[int, ...]  # per position
    record: dict[str, Any] | None = None  # the hand as a rook-record/1 game (one hand), where played here
    corrected: str = ""  # why the director changed it, if it was changed


@dataclass
class _Round:
    number: int
    seatings: list[Seating]
    sitting_out: tuple[int, ...]
    boards: list[Board]


def is_person(member: str) -> bool:
    """A unit's member is a person unless it is a bot's level (``heuristic``, ``expert`` ...)."""
    return member not in REGISTRY


def _by_matchpoints(s: Standing) -> tuple[float, ...]:
    return (-s.percent, -s.imps, s.unit.number)


def _by_imps(s: Standing) -> tuple[float, ...]:
    return (-s.imps, -s.percent, s.unit.number)


def imps(difference: float) -> int:
    """A difference of nets on one board in IMPs (signed), by :data:`IMP_SCALE`."""
    size = sum(1 for step in IMP_SCALE if abs(difference) >= step)
    return size if difference >= 0 else -size


def nets(scores: Sequence[int]) -> list[float]:
    """Each position's net on a board: its score minus the mean of the others'."""
    k = len(scores)
    total = sum(scores)
    return [s - (total - s) / (k - 1) for s in scores]


@dataclass
class Director:
    """A duplicate tournament, run from its event log (see the module's docstring).

    ``fill``: the bot level that fills a table short of units (None: units sit out in turn)."""

    rules: RuleSet
    rounds: int
    boards_per_round: int
    seed: int
    scoring: Scoring = "matchpoints"
    movement: Movement = "auto"
    fill: str | None = "heuristic"
    name: str = ""
    units: list[Unit] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    results: dict[tuple[int, int, int], Result] = field(default_factory=dict)  # (round, table, board)
    paused: bool = False
    finished: bool = False
    _rounds: list[_Round] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise TournamentError("rounds_range", rounds=self.rounds, max=MAX_ROUNDS)
        if not 1 <= self.boards_per_round <= MAX_BOARDS:
            raise TournamentError("boards_range", boards=self.boards_per_round, max=MAX_BOARDS)
        if self.scoring not in SCORINGS:
            raise TournamentError("bad_scoring", given=repr(self.scoring), allowed=" or ".join(SCORINGS))
        if self.movement not in MOVEMENTS:
            raise TournamentError("bad_movement", given=repr(self.movement), allowed=", ".join(MOVEMENTS))
        if self.fill is not None and self.fill not in REGISTRY:
            raise TournamentError("bad_fill", given=repr(self.fill), levels=", ".join(REGISTRY))
        self._seeds = game_seeds(self.seed, self.rounds * self.boards_per_round)
        if not self.events:
            self._log({"op": "created", "rules": self.rules.to_json(), "rounds": self.rounds,
                       "boards": self.boards_per_round, "seed": self.seed, "scoring": self.scoring,
                       "movement": self.movement, "fill": self.fill, "name": self.name})

    # ------------------------------------------------------------------ the log
    def _log(self, event: dict[str, Any]) -> None:
        self.events.append({"n": len(self.events), **event})

    @classmethod
    def from_events(cls, events: Sequence[dict[str, Any]]) -> Director:
        """The director rebuilt from its event log, exactly where it was (a server's restart)."""
        if not events or events[0].get("op") != "created":
            raise TournamentError("log_start")
        head = events[0]
        director = cls(from_json(head["rules"]), head["rounds"], head["boards"], head["seed"], head["scoring"],
                       head["movement"], head["fill"], head.get("name", ""), events=[dict(head)])
        for event in events[1:]:
            director._apply(event)
        return director

    def _apply(self, event: dict[str, Any]) -> None:
        op = event.get("op")
        if op == "registered":
            self.register(event["name"], event["members"], filler=event.get("filler", False))
        elif op == "round":
            self.start_round()
        elif op == "result":
            self.record(event["round"], event["table"], event["board"], event["scores"], event.get("record"))
        elif op == "corrected":
            self.correct(event["round"], event["table"], event["board"], event["scores"], event["reason"])
        elif op == "replaced":
            self.replace(event["unit"], event["member"], event["by"])
        elif op == "paused":
            self.pause()
        elif op == "resumed":
            self.resume()
        elif op == "finished":
            self.finish()
        else:
            raise TournamentError("bad_event", n=str(event.get("n")), op=repr(op))

    # ------------------------------------------------------------------ entrants
    @property
    def unit_size(self) -> int:
        """Players per unit: two in a partnership game, one otherwise."""
        return self.rules.players // self.rules.num_sides

    def register(self, name: str, members: Sequence[str], *, filler: bool = False) -> Unit:
        """A pair or a player enters (before the first round)."""
        if self._rounds:
            raise TournamentError("started")
        if len(self.units) >= MAX_UNITS:
            raise TournamentError("too_many_units", max=MAX_UNITS)
        members = tuple(str(m).strip() for m in members)
        if len(members) != self.unit_size or not all(members):
            raise TournamentError("unit_size", rules=self.rules.label, size=self.unit_size, given=str(list(members)))
        for i, m in enumerate(members):
            same = self.registered_as(m) or next((o for o in members[:i] if is_person(m) and
                                                  o.casefold() == m.casefold()), None)
            if same is not None:
                raise TournamentError("same_person", name=same)
        name = name.strip() or " & ".join(members)
        unit = Unit(len(self.units) + 1, name[:40], members, filler)
        self.units.append(unit)
        self._log({"op": "registered", "name": unit.name, "members": list(members), "filler": filler})
        return unit

    def replace(self, unit: int, member: int, by: str) -> Unit:
        """A unit's player ``member`` (0, 1) is replaced by ``by`` (a person or a bot level), logged."""
        u = self.unit(unit)
        if not 0 <= member < len(u.members) or not by.strip():
            raise TournamentError("no_member", unit=unit, last=len(u.members) - 1)
        same = self.registered_as(by)
        if same is not None and same.casefold() != u.members[member].casefold():
            raise TournamentError("same_person", name=same)
        members = list(u.members)
        members[member] = by.strip()
        self.units[unit - 1] = Unit(u.number, u.name, tuple(members), u.filler)
        self._log({"op": "replaced", "unit": unit, "member": member, "by": by.strip()})
        return self.units[unit - 1]

    def unit(self, number: int) -> Unit:
        if not 1 <= number <= len(self.units):
            raise TournamentError("no_unit", unit=number, count=len(self.units))
        return self.units[number - 1]

    def registered_as(self, name: str) -> str | None:
        """The person of that name (not a bot's level, whatever the case of its letters) who plays in a unit
        already, as registered; None if nobody does."""
        key = name.strip().casefold()
        if not is_person(name.strip()):
            return None
        return next((m for u in self.units for m in u.members if m.casefold() == key), None)

    # ------------------------------------------------------------------ rounds
    @property
    def round(self) -> int:
        """The round in play (0 before the first)."""
        return len(self._rounds)

    def round_over(self, number: int | None = None) -> bool:
        r = self._round(number if number is not None else self.round)
        return all((r.number, s.table, b.number) in self.results for s in r.seatings for b in r.boards)

    def _round(self, number: int) -> _Round:
        if not 1 <= number <= len(self._rounds):
            raise TournamentError("no_round", round=number, started=len(self._rounds))
        return self._rounds[number - 1]

    def seatings(self, number: int | None = None) -> list[Seating]:
        return list(self._round(number if number is not None else self.round).seatings)

    def sitting_out(self, number: int | None = None) -> tuple[int, ...]:
        return self._round(number if number is not None else self.round).sitting_out

    def boards(self, number: int | None = None) -> list[Board]:
        """The boards of a round that has started: no board of a later round is handed out."""
        return list(self._round(number if number is not None else self.round).boards)

    def start_round(self) -> list[Seating]:
        """Seat the next round (after the last one is over): its tables and its boards."""
        if self.finished:
            raise TournamentError("over")
        if self.paused:
            raise TournamentError("paused")
        if self._rounds and not self.round_over():
            raise TournamentError("round_in_play", round=self.round)
        if self.round >= self.rounds:
            raise TournamentError("all_played", rounds=self.rounds)
        if not self._rounds:
            self._fill_tables()
        if len(self.units) < self.rules.num_sides:
            raise TournamentError("too_few_units", rules=self.rules.label, sides=self.rules.num_sides,
                                  count=len(self.units))
        number = self.round + 1
        tables, out = self._movement(number)
        seatings = [Seating(number, t, units) for t, units in enumerate(tables, 1)]
        first = (number - 1) * self.boards_per_round
        boards = [Board(first + b + 1, number, self._seeds[first + b], (first + b) % self.rules.players)
                  for b in range(self.boards_per_round)]
        self._rounds.append(_Round(number, seatings, out, boards))
        self._log({"op": "round", "round": number})
        return seatings

    def _fill_tables(self) -> None:
        k = self.rules.num_sides
        if self.fill is None:
            return
        while len(self.units) < k or len(self.units) % k:
            self.register(f"{self.fill} (filler {len(self.units) + 1})", [self.fill] * self.unit_size, filler=True)

    def _met(self) -> dict[frozenset[int], int]:
        met: dict[frozenset[int], int] = {}
        for r in self._rounds:
            for s in r.seatings:
                for a, b in itertools.combinations(s.units, 2):
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        return met

    def _movement(self, number: int) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        k = self.rules.num_sides
        numbers = [u.number for u in self.units]
        n = len(numbers)
        if self.movement != "swiss" and k == 2 and n % 2 == 0 and self.rounds <= n - 1:
            return self._round_robin(numbers, number), ()
        if self.movement == "round-robin":
            raise TournamentError("round_robin", max=n - 1, count=n)
        order = self._order(number)
        out: list[int] = []
        if n % k:
            # Those who have sat out least, then the lowest placed, sit out: never the same unit twice running.
            sat = {u: sum(u in r.sitting_out for r in self._rounds) for u in numbers}
            last = self._rounds[-1].sitting_out if self._rounds else ()
            ranked = sorted(numbers, key=lambda u: (u in last, sat[u], -order.index(u)))
            out = sorted(ranked[: n % k])
            order = [u for u in order if u not in out]
        return self._swiss(order, number), tuple(out)

    def _order(self, number: int) -> list[int]:
        """The units best placed first; the first round in an order drawn from the seed."""
        numbers = [u.number for u in self.units]
        if number == 1:
            rng = random.Random(self.seed * 7919 + 1)
            rng.shuffle(numbers)
            return numbers
        best = self.standings()
        return [s.unit.number for s in best]

    def _round_robin(self, numbers: list[int], number: int) -> list[tuple[int, ...]]:
        """The circle method: the first unit stays, the others turn one place a round; each unit to the side
        it has sat at least."""
        fixed, rest = numbers[0], numbers[1:]
        turn = (number - 1) % len(rest)
        ring = [fixed, *rest[turn:], *rest[:turn]]
        half = len(ring) // 2
        tables: list[tuple[int, ...]] = []
        for t in range(half):
            tables.append(self._positions([ring[t], ring[-1 - t]], number))
        return tables

    def _swiss(self, order: list[int], number: int) -> list[tuple[int, ...]]:
        """Tables from the best placed down, each with the units it has met least (ties: the better placed),
        positions turned so that each unit takes each position in turn."""
        k = self.rules.num_sides
        met = self._met()
        left = list(order)
        tables: list[tuple[int, ...]] = []
        while left:
            group = [left.pop(0)]
            while len(group) < k:
                pick = min(left, key=lambda u: (sum(met.get(frozenset((u, g)), 0) for g in group), left.index(u)))
                left.remove(pick)
                group.append(pick)
            tables.append(self._positions(group, number))
        return tables

    def _positions(self, group: list[int], number: int) -> tuple[int, ...]:
        """Seat a table's units: each to the position it has taken least so far."""
        taken: dict[int, list[int]] = {u: [0] * len(group) for u in group}
        for r in self._rounds:
            for s in r.seatings:
                for p, u in enumerate(s.units):
                    if u in taken:
                        taken[u][p] += 1
        best: tuple[int, ...] = tuple(group)
        cost = None
        for perm in itertools.permutations(group):
            c = (sum(taken[u][p] for p, u in enumerate(perm)), perm != tuple(group))
            if cost is None or c < cost:
                best, cost = perm, c
        return best

    # ------------------------------------------------------------------ results
    def record(self, round: int, table: int, board: int, scores: Sequence[int],
               record: dict[str, Any] | None = None) -> Result:
        """The result of one board at one table: each position's score (a finished hand's, by position)."""
        r = self._round(round)
        seating = next((s for s in r.seatings if s.table == table), None)
        if seating is None:
            raise TournamentError("no_table", round=round, count=len(r.seatings), table=table)
        if board not in {b.number for b in r.boards}:
            raise TournamentError("no_board", round=round, first=r.boards[0].number, last=r.boards[-1].number,
                                  board=board)
        if (round, table, board) in self.results:
            raise TournamentError("has_result", board=board, table=table)
        scores = self._scores(scores)
        result = Result(round, table, board, scores, record)
        self.results[(round, table, board)] = result
        self._log({"op": "result", "round": round, "table": table, "board": board, "scores": list(scores),
                   **({"record": record} if record is not None else {})})
        return result

    def _scores(self, scores: Sequence[int]) -> tuple[int, ...]:
        k = self.rules.num_sides
        if len(scores) != k or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
            raise TournamentError("bad_scores", sides=k, given=str(list(scores)))
        return tuple(scores)

    def correct(self, round: int, table: int, board: int, scores: Sequence[int], reason: str) -> Result:
        """The director changes a recorded result (a mis-scored hand, a ruling): the change is logged."""
        old = self.results.get((round, table, board))
        if old is None:
            raise TournamentError("no_result", board=board, table=table, round=round)
        if not reason.strip():
            raise TournamentError("no_reason")
        result = Result(round, table, board, self._scores(scores), old.record, reason.strip())
        self.results[(round, table, board)] = result
        self._log({"op": "corrected", "round": round, "table": table, "board": board, "scores": list(result.scores),
                   "reason": reason.strip(), "was": list(old.scores)})
        return result

    def pause(self) -> None:
        """Play stops: no round starts (a server's tables take no move) until :meth:`resume`."""
        if self.finished:
            raise TournamentError("over")
        if self.paused:
            raise TournamentError("paused")
        self.paused = True
        self._log({"op": "paused"})

    def resume(self) -> None:
        if not self.paused:
            raise TournamentError("not_paused")
        self.paused = False
        self._log({"op": "resumed"})

    def finish(self) -> None:
        if self.round < self.rounds or not self.round_over():
            raise TournamentError("not_finished", started=self.round, rounds=self.rounds)
        self.finished = True
        self._log({"op": "finished"})

    def results_for(self, unit: int, round: int) -> list[Result]:
        """The results of a round a unit may see: its own tables' as they come, every table's once the round
        is over (before that, another table's result would tell of a board it may still play)."""
        r = self._round(round)
        own = {s.table for s in r.seatings if unit in s.units}
        over = self.round_over(round)
        return [res for (rn, t, _), res in sorted(self.results.items()) if rn == round and (over or t in own)]

    # ------------------------------------------------------------------ scoring
    def board_scores(self, round: int, board: int) -> dict[int, tuple[list[float], list[int]]]:
        """Per table of the round: the matchpoints and IMPs of each position on ``board`` (played tables only)."""
        r = self._round(round)
        played = {s.table: self.results[(round, s.table, board)] for s in r.seatings
                  if (round, s.table, board) in self.results}
        net = {t: nets(res.scores) for t, res in played.items()}
        k = self.rules.num_sides
        out: dict[int, tuple[list[float], list[int]]] = {}
        for t in played:
            others = [u for u in played if u != t]
            mp = [sum(2.0 if net[t][p] > net[u][p] else 1.0 if net[t][p] == net[u][p] else 0.0 for u in others)
                  for p in range(k)]
            im = [imps(net[t][p] - sum(net[u][p] for u in others) / len(others)) if others else 0
                  for p in range(k)]
            out[t] = (mp, im)
        return out

    def standings(self, *, finished_rounds_only: bool = True) -> list[Standing]:
        """Every unit, best first: by matchpoint percentage (or IMPs), then the other, then number.

        Only rounds that are over count unless ``finished_rounds_only`` is False (the director's own view):
        the standings everyone sees tell no board's result before its round is over."""
        table = {u.number: Standing(u) for u in self.units}
        for r in self._rounds:
            if finished_rounds_only and not self.round_over(r.number):
                continue
            tables = len(r.seatings)
            for b in r.boards:
                scored = self.board_scores(r.number, b.number)
                for s in r.seatings:
                    if s.table not in scored:
                        continue
                    mp, im = scored[s.table]
                    top = 2.0 * (len(scored) - 1)
                    for p, u in enumerate(s.units):
                        st = table[u]
                        st.boards += 1
                        st.matchpoints += mp[p]
                        st.top += top
                        st.imps += im[p]
                for u in r.sitting_out:  # the average: half the top of a board, no IMPs
                    st = table[u]
                    st.boards += 1
                    st.matchpoints += tables - 1
                    st.top += 2.0 * (tables - 1)
            for u in r.sitting_out:
                table[u].sat_out += 1
        return sorted(table.values(), key=_by_imps if self.scoring == "imps" else _by_matchpoints)

    # ------------------------------------------------------------------ playing a board
    def next_board(self, round: int, table: int) -> Board | None:
        """The board table ``table`` plays next in ``round`` (the first without a result: a table plays its boards
        in order), or None once it has played them all."""
        return next((b for b in self._round(round).boards if (round, table, b.number) not in self.results), None)

    def seating(self, round: int, table: int) -> Seating:
        r = self._round(round)
        found = next((s for s in r.seatings if s.table == table), None)
        if found is None:
            raise TournamentError("no_table", round=round, count=len(r.seatings), table=table)
        return found

    def seating_of(self, unit: int, round: int | None = None) -> tuple[Seating, int] | None:
        """Where ``unit`` plays in a round (the one in play by default): its table's seating and its position;
        None when it sits out."""
        for s in self._round(round if round is not None else self.round).seatings:
            if unit in s.units:
                return s, s.units.index(unit)
        return None

    def board_seats(self, seating: Seating, board: Board) -> list[str]:
        """Who sits at each seat of ``board``'s game (seat 0 dealing, :meth:`frame`): a person's name or a bot's
        level."""
        return [self.player_at(seating, seat) for seat in self.frame(board)]

    def member_seat(self, position: int, member: int) -> int:
        """The table seat of a unit's player ``member`` when the unit sits at ``position``."""
        return position + member * self.rules.num_sides if self.unit_size > 1 else position

    def record_seat(self, board: Board, seat: int) -> int:
        """The seat of ``board``'s game (its record) where table seat ``seat`` sits (:meth:`frame` undone)."""
        return (seat - board.dealer) % self.rules.players

    def frame(self, board: Board) -> list[int]:
        """Record seat ``j`` of a board's game is table seat ``frame[j]``: a record's first hand is dealt by
        seat 0, so the table turns with the dealer, and every table holds the same cards at the same seats."""
        n = self.rules.players
        return [(j + board.dealer) % n for j in range(n)]

    def place_of(self, seat: int) -> tuple[int, int]:
        """Table seat ``seat`` as (the position whose unit sits there, which of the unit's players)."""
        return self.rules.side_of(seat), seat // self.rules.num_sides if self.unit_size > 1 else 0

    def player_at(self, seating: Seating, seat: int) -> str:
        """Who sits at table seat ``seat``: the unit at its position, its member for that seat."""
        position, member = self.place_of(seat)
        return self.unit(seating.units[position]).members[member]

    def position_scores(self, board: Board, record_score: Sequence[int]) -> list[int]:
        """A hand's score per side of its record (seat 0 dealing), turned to the table's positions."""
        frame = self.frame(board)
        rules = self.rules
        out = [0] * rules.num_sides
        for j, seat in enumerate(frame):
            out[rules.side_of(seat)] = record_score[rules.side_of(j)]
        return out

    # ------------------------------------------------------------------ what a player sees
    def view(self, unit: int | None = None, *, director: bool = False) -> dict[str, Any]:
        """The event as ``unit`` (None: anyone) may see it while it is played: its settings, the units, each
        round's tables and how far each has got, the standings of the rounds that are over, and the results the
        unit may see (:meth:`results_for`).  No seed (the event's seed deals every board) and no board's deal
        or record: those come with the whole event (:meth:`to_json`) once it is over.  The ``director`` sees
        every table's results as they come, to correct them."""
        rounds = []
        for r in self._rounds:
            over = self.round_over(r.number)
            tables = [{"table": s.table, "units": list(s.units),
                       "played": sum((r.number, s.table, b.number) in self.results for b in r.boards)}
                      for s in r.seatings]
            if director:
                shown = [res for (rn, _, _), res in sorted(self.results.items()) if rn == r.number]
            elif unit is not None:
                shown = self.results_for(unit, r.number)
            else:
                shown = [res for (rn, _, _), res in sorted(self.results.items()) if rn == r.number and over]
            rounds.append({"round": r.number, "over": over, "sitting_out": list(r.sitting_out), "tables": tables,
                           "boards": [b.number for b in r.boards],
                           "results": [{"table": res.table, "board": res.board, "scores": list(res.scores),
                                        **({"corrected": res.corrected} if res.corrected else {})}
                                       for res in shown]})
        return {"name": self.name, "rules": self.rules.label, "preset": self.rules.preset,
                "ladder": rules_key(self.rules),  # the rules as a leaderboard keys them: the page names them so
                "players": self.rules.players, "sides": self.rules.num_sides, "unit_size": self.unit_size,
                "rounds_planned": self.rounds, "boards_per_round": self.boards_per_round, "scoring": self.scoring,
                "movement": self.movement, "fill": self.fill, "paused": self.paused, "finished": self.finished,
                "round": self.round, "round_over": bool(self._rounds) and self.round_over(),
                "units": [u.to_json() for u in self.units], "rounds": rounds,
                "standings": [s.to_json() for s in self.standings()]}

    # ------------------------------------------------------------------ export
    def to_json(self) -> dict[str, Any]:
        """The whole event: settings, units, every round's tables, boards and results (each played board's
        hand as a rook-record/1 game), the standings, and the event log."""
        rounds = []
        for r in self._rounds:
            tables = []
            for s in r.seatings:
                results = []
                for b in r.boards:
                    res = self.results.get((r.number, s.table, b.number))
                    if res is not None:
                        results.append({"board": b.number, "scores": list(res.scores), "record": res.record,
                                        **({"corrected": res.corrected} if res.corrected else {})})
                tables.append({"table": s.table, "units": list(s.units), "results": results})
            rounds.append({"round": r.number, "sitting_out": list(r.sitting_out), "tables": tables,
                           "boards": [{"board": b.number, "seed": b.seed, "dealer": b.dealer} for b in r.boards]})
        return {"format": FORMAT, "name": self.name, "rules": self.rules.to_json(), "rounds_planned": self.rounds,
                "boards_per_round": self.boards_per_round, "seed": self.seed, "scoring": self.scoring,
                "movement": self.movement, "fill": self.fill, "finished": self.finished,
                "units": [u.to_json() for u in self.units], "rounds": rounds,
                "standings": [s.to_json() for s in self.standings()], "events": self.events}

    def standings_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["place", "unit", "name", "members", "boards", "matchpoints", "top", "percent", "imps", "sat_out"])
        for place, s in enumerate(self.standings(), 1):
            w.writerow([place, s.unit.number, s.unit.name, " & ".join(s.unit.members), s.boards, s.matchpoints,
                        s.top, f"{s.percent:.2f}", s.imps, s.sat_out])
        return out.getvalue()

    def boards_csv(self) -> str:
        """Every board at every table: a row per position, with its score, net, matchpoints and IMPs."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["round", "board", "table", "position", "unit", "score", "net", "matchpoints", "imps",
                    "corrected"])
        for r in self._rounds:
            for b in r.boards:
                scored = self.board_scores(r.number, b.number)
                for s in r.seatings:
                    res = self.results.get((r.number, s.table, b.number))
                    if res is None:
                        continue
                    mp, im = scored[s.table]
                    for p, u in enumerate(s.units):
                        w.writerow([r.number, b.number, s.table, p, u, res.scores[p], f"{nets(res.scores)[p]:g}",
                                    mp[p], im[p], res.corrected])
        return out.getvalue()


# ---------------------------------------------------------------------- one board at one table
class BoardMatch(Match):
    """One board: the one hand dealt from its seed, by seat 0 (the table turned, :meth:`Director.frame`); over
    once that hand is, played out or thrown in, which then stays on the table to be looked at (no next hand is
    dealt: its cards would be no board's)."""

    def finish_hand(self, deal: bool = True) -> None:
        hand = self.hand
        super().finish_hand(deal=False)
        self.hand = hand

    @property
    def is_over(self) -> bool:
        return bool(self.hands)


def board_table(rules: RuleSet, board: Board, seats: Sequence[Seat]) -> Table:
    """The table that plays ``board``: ``seats[j]`` sits at seat ``j`` of its game (seat 0 deals)."""
    return Table(rules, seats, board.seed, match=BoardMatch(rules, board.seed))


def board_score(table: Table) -> list[int]:
    """A played board's score per side of its game (a hand thrown in scores nothing)."""
    hand = table.match.hands[0]
    if hand.result is None or hand.phase == Phase.THROWN_IN:
        return [0] * table.rules.num_sides
    return list(hand.result.score)


# ---------------------------------------------------------------------- an event of bots
def play_board(rules: RuleSet, board: Board, players: Sequence[str]) -> tuple[list[int], dict[str, Any]]:
    """One board played by bots: ``players[j]`` the bot level at record seat ``j`` (see
    :meth:`Director.frame`).  The hand's score per record side, and the hand as a game record."""
    table = board_table(rules, board, [Bot(p) for p in players])
    table.run_bots()
    return board_score(table), game_record(table.match, list(players))


Played = tuple[list[int], dict[str, Any]]  # a board's score per record side, and its game record


def _table_boards(rules: RuleSet, boards: list[Board], seats: list[list[str]]) -> list[Played]:
    return [play_board(rules, b, s) for b, s in zip(boards, seats)]


def run_bots(director: Director, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> Director:
    """Play every round of an event whose units are all bots, table by table (on ``workers`` processes),
    recording each board as it is played; the same seed gives the same event whatever the workers."""
    workers = (os.cpu_count() or 1) if workers is None else workers
    people = [m for u in director.units for m in u.members if m not in REGISTRY]
    if people:
        raise TournamentError("bots_only", names=", ".join(sorted(set(people))[:5]), levels=", ".join(REGISTRY))
    total = director.rounds * director.boards_per_round
    done = 0
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        while director.round < director.rounds:
            director.start_round()
            boards = director.boards()
            jobs = []
            for s in director.seatings():
                seats = [[director.player_at(s, seat) for seat in director.frame(b)] for b in boards]
                jobs.append((s, seats))
            played: Iterator[list[Played]]
            if pool is not None:
                played = pool.map(_table_boards, itertools.repeat(director.rules), itertools.repeat(boards),
                                  [seats for _, seats in jobs])
            else:
                played = (_table_boards(director.rules, boards, seats) for _, seats in jobs)
            for (s, _), outcomes in zip(jobs, played):
                for b, (score, rec) in zip(boards, outcomes):
                    director.record(s.round, s.table, b.number, director.position_scores(b, score), rec)
            done += len(boards)
            if progress is not None:
                progress(done, total)
    finally:
        if pool is not None:
            pool.shutdown()
    director.finish()
    return director
