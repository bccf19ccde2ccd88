"""The bot arena: two bots compared in duplicate form, so that the luck of the cards cancels.

Every deal is played once for each *seat configuration*: in partnership games
``[A, B, A, B]`` and ``[B, A, B, A]``; in individual and call-partner games of
``n`` seats, for each seat ``k``, A at ``k`` against B everywhere else and B at
``k`` against A everywhere else.  Each configuration sees the very same cards,
so a deal that favours one seat favours both bots equally, and what is left of
the difference between them is skill.

A deal ``i`` is dealt from the seed ``game_seeds(seed, deals)[i]`` with seat
``i % players`` dealing.  Game records always start with seat 0 dealing
(docs/record-format.md), and the deal is dealt relative to the dealer (cards go
round from the dealer's left), so the arena plays each deal in the frame where
the dealer is seat 0 and turns the configuration with it: table seat
``(j + dealer) % players`` is record seat ``j``.  The hands, the bots and the
play are those of dealer ``i % players``, and the records replay as they are.

Each bot sees only :func:`~rookgame.view.view_of` its own seat.  Results
depend on the seed alone, never on the number of worker processes.  Two copies
of one bot get the same player seeds seat by seat, so a bot against itself
shows a difference of exactly 0.

:func:`run_arena` is the Python entry point; ``rook arena`` prints its table.
"""

from __future__ import annotations

import io
import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text

from . import actions as A
from . import table as T
from .bots import REGISTRY, Player, make_player
from .files import write_output
from .play import BACKENDS, MAX_HANDS, Backend, game_seeds
from .record import game_record
from .rules import RuleSet
from .state import Phase
from .words.catalog import Param, decimal, fill, interval, level_name, number, percent
from .words.commands import SAY
from .words.errors import WordsError

FORMAT = "rook-arena/1"
Z95 = 1.959963984540054  # the two-sided 95% point of the normal distribution
SLOTS = "AB"

Progress = Callable[[int, int], Any]  # (units done, units in all): deals, then match groups


class ArenaError(WordsError):
    """Bad arena input (unknown bot, too few deals) or a bot that broke the rules: a code of
    :data:`rookgame.words.commands.SAY` and its facts; ``str()`` is the English (logs, tests), :meth:`words`
    the reader's language."""

    TEMPLATES = SAY


# ---------------------------------------------------------------------- configurations
def seat_configs(rules: RuleSet) -> list[tuple[int, ...]]:
    """The duplicate configurations: for each, the bot slot (0 = A, 1 = B) of each seat."""
    n = rules.players
    if rules.mode == "partners":
        return [tuple(s % 2 for s in range(n)), tuple(1 - s % 2 for s in range(n))]
    out: list[tuple[int, ...]] = []
    for k in range(n):
        out.append(tuple(0 if s == k else 1 for s in range(n)))
        out.append(tuple(1 if s == k else 0 for s in range(n)))
    return out


def deal_configs(rules: RuleSet, index: int, rotate: bool = False) -> list[tuple[int, ...]]:
    """The configurations deal ``index`` is played in: all of :func:`seat_configs`, or with ``rotate`` in a
    game without fixed partners only two, A alone in one seat and B alone in it, that seat moving one place
    round from the dealer with each deal.  Still a duplicate: every seat of the deal is played once by each
    bot; it costs ``players`` times fewer hands."""
    configs = seat_configs(rules)
    if not rotate or len(configs) <= 2:
        return configs
    n = rules.players
    lone = (index % n + index) % n  # table seat: the dealer (seat index % n) plus index % n places
    return configs[2 * lone:2 * lone + 2]


def frame_slots(config: tuple[int, ...], dealer: int) -> tuple[int, ...]:
    """The configuration seen from the record's frame, where the dealer is seat 0."""
    n = len(config)
    return tuple(config[(j + dealer) % n] for j in range(n))


def player_seed(deal_seed: int, seat: int) -> int:
    return deal_seed * 64 + seat


# The measurement ceiling: the only player given the whole state.  It is not in the bot registry
# and no --bots name reaches it; `rook arena --ceiling B` (or run_arena with this name) seats it.
CEILING = "sees-all"


def arena_player(name: str, seed: int | None) -> Player:
    if name == CEILING:
        from .bots.seesall import SeesAllPlayer

        return SeesAllPlayer(seed)
    return make_player(name, seed)


def check_bots(bots: Sequence[str], ceiling: bool = False) -> tuple[str, str]:
    """Two registered bot names (case-insensitive), or :class:`ArenaError` saying what is registered.

    With ``ceiling`` one bot is named and measured against the sees-all ceiling (slot A)."""
    names = [b.strip().lower() for b in bots if b.strip()]
    registered = ", ".join(REGISTRY)
    if CEILING in names:
        raise ArenaError("arena_ceiling_not_a_player", ceiling=repr(CEILING), bots=registered)
    unknown = [b for b in names if b not in REGISTRY]
    if unknown:
        raise ArenaError("unknown_bots", unknown=", ".join(map(repr, unknown)), bots=registered)
    if ceiling:
        if len(names) != 1:
            raise ArenaError("arena_ceiling_one_bot", count=len(names), bots=registered)
        return CEILING, names[0]
    if len(names) != 2:
        raise ArenaError("arena_two_bots", count=len(names), bots=registered)
    return names[0], names[1]


# ---------------------------------------------------------------------- tallies
TIME_BINS_PER_DECADE = 100  # decision times are kept as a log histogram: 2.3% resolution, fixed memory


@dataclass
class Tally:
    """What one bot did, summed over seats, configurations and deals."""

    seat_hands: int = 0  # seat-hands played in the duplicate deals
    points: int = 0  # their scores summed
    contracts: int = 0  # hands in which this bot won the auction (thrown-in hands excluded)
    made: int = 0
    went_set: int = 0
    contract_sum: int = 0  # the winning bids
    taken_sum: int = 0  # what the bidding side took in those hands
    bid_calls: int = 0  # bids called in auctions, won or not
    bid_call_sum: int = 0
    games: int = 0  # whole games in which this bot held a seat
    wins: int = 0
    decisions: int = 0
    time_sum: float = 0.0
    time_max: float = 0.0
    time_bins: dict[int, int] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        for f in ("seat_hands", "points", "contracts", "made", "went_set", "contract_sum", "taken_sum",
                  "bid_calls", "bid_call_sum", "games", "wins", "decisions"):
            setattr(self, f, getattr(self, f) + getattr(other, f))
        self.time_sum += other.time_sum
        self.time_max = max(self.time_max, other.time_max)
        for b, c in other.time_bins.items():
            self.time_bins[b] = self.time_bins.get(b, 0) + c

    def timed(self, seconds: float) -> None:
        self.decisions += 1
        self.time_sum += seconds
        self.time_max = max(self.time_max, seconds)
        b = math.floor(math.log10(max(seconds, 1e-9)) * TIME_BINS_PER_DECADE)
        self.time_bins[b] = self.time_bins.get(b, 0) + 1

    def median_time(self) -> float | None:
        """The median decision time in seconds, to the histogram's resolution."""
        if not self.decisions:
            return None
        half = (self.decisions + 1) / 2
        seen = 0
        for b in sorted(self.time_bins):
            seen += self.time_bins[b]
            if seen >= half:
                return float(10 ** ((b + 0.5) / TIME_BINS_PER_DECADE))
        return self.time_max  # pragma: no cover

    def to_json(self) -> dict[str, Any]:
        def avg(total: float, n: int) -> float | None:
            return total / n if n else None

        median = self.median_time()
        return {
            "seat_hands": self.seat_hands,
            "contracts": self.contracts,
            "made": self.made,
            "set": self.went_set,
            "made_rate": avg(self.made, self.contracts),
            "avg_contract": avg(self.contract_sum, self.contracts),
            "avg_taken": avg(self.taken_sum, self.contracts),
            "bid_calls": self.bid_calls,
            "avg_bid": avg(self.bid_call_sum, self.bid_calls),
            "decisions": self.decisions,
            "decision_ms": {
                "median": None if median is None else median * 1e3,
                "mean": None if not self.decisions else self.time_sum / self.decisions * 1e3,
                "worst": self.time_max * 1e3 if self.decisions else None,
            },
        }


@dataclass(frozen=True)
class Estimate:
    """A mean over independent units (deals, or match groups) with its normal 95% interval."""

    mean: float
    sd: float
    n: int

    @property
    def half_width(self) -> float:
        return Z95 * self.sd / math.sqrt(self.n) if self.n >= 2 else math.inf

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_json(self) -> dict[str, Any]:
        finite = self.n >= 2
        return {"mean": self.mean, "ci95": [self.low, self.high] if finite else None, "sd": self.sd,
                "n": self.n}


@dataclass(frozen=True)
class Proportion:
    """Games won out of games played, with the Wilson 95% interval on the win rate.

    The games of one match seed are played on the same cards with the seats swapped, which
    makes a bot's results in them vary less than independent games would: the interval
    treats them as independent, so it is if anything too wide, never degenerate.
    """

    won: int
    games: int

    @property
    def rate(self) -> float:
        return self.won / self.games if self.games else math.nan

    def _wilson(self) -> tuple[float, float]:
        n = self.games
        if not n:
            return math.nan, math.nan
        p = self.won / n
        z2 = Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
        return max(0.0, centre - half), min(1.0, centre + half)

    @property
    def low(self) -> float:
        return self._wilson()[0]

    @property
    def high(self) -> float:
        return self._wilson()[1]

    def to_json(self) -> dict[str, Any]:
        return {"played": self.games, "won": self.won, "win_rate": self.rate,
                "ci95": [self.low, self.high] if self.games else None}


def estimate(values: Sequence[float]) -> Estimate:
    if not values:
        return Estimate(math.nan, math.nan, 0)
    sd = statistics.stdev(values) if len(values) >= 2 else 0.0
    return Estimate(statistics.fmean(values), sd, len(values))


# ---------------------------------------------------------------------- playing (runs in the workers)
@dataclass
class DealOutcome:
    index: int
    a: float  # bot A's mean score per seat-hand on this deal
    b: float
    thrown_in: int  # configurations whose hand was thrown in
    tallies: tuple[Tally, Tally]
    records: list[dict[str, Any]]


@dataclass
class GroupOutcome:
    """The whole games of one match seed, one per configuration."""

    index: int
    a_wins: int
    b_wins: int
    games: int
    hands: int
    tallies: tuple[Tally, Tally]
    records: list[dict[str, Any]]


def check_counts(deals: int, matches: int, workers: int | None) -> None:
    """:class:`ArenaError` unless there is a deal to play, no negative count of matches, and a process to play
    them in (``workers`` None: one per core)."""
    if deals < 1:
        raise ArenaError("deals_at_least", value=str(deals))
    if matches < 0:
        raise ArenaError("matches_at_least", value=str(matches))
    if workers is not None and workers < 1:
        raise ArenaError("workers_at_least", value=str(workers))


def _table(rules: RuleSet, bots: tuple[str, str], slots: tuple[int, ...], seed: int) -> T.Table:
    """A table of the two bots seated by ``slots``, with the arena's player seeds, dealt from ``seed``."""
    seats: list[T.Seat] = [T.Bot(bots[k], player=arena_player(bots[k], player_seed(seed, j)))
                           for j, k in enumerate(slots)]
    return T.Table(rules, seats, seed, max_hands=MAX_HANDS)


def _step(table: T.Table, slots: tuple[int, ...], tallies: tuple[Tally, Tally], broke: str,
          where: dict[str, Param]) -> None:
    """One action at the table; where a bot broke the rules, :class:`ArenaError` ``broke`` with ``where`` (which
    game: its index, seed and configuration)."""
    seat = table.match.hand.to_act
    t0 = time.perf_counter()
    action = table.think(seat)  # the view only; the state for the sees-all ceiling alone
    tallies[slots[seat]].timed(time.perf_counter() - t0)
    try:
        table.submit_bot(seat, action)
    except T.TableError as e:  # NoEnd too
        raise ArenaError(broke, cause=e, **where) from None


def _names(bots: tuple[str, str], slots: tuple[int, ...]) -> list[str]:
    return [f"{bots[k]}-{SLOTS[k]}" for k in slots]


def play_deal(rules: RuleSet, bots: tuple[str, str], index: int, deal_seed: int,
              keep_records: bool = False, rotate: bool = False) -> DealOutcome:
    """One deal in every configuration (``rotate``: in two, :func:`deal_configs`), one hand each."""
    n = rules.players
    dealer = index % n
    tallies = (Tally(), Tally())
    seat_points = [0, 0]
    seat_hands = [0, 0]
    thrown = 0
    records: list[dict[str, Any]] = []
    for ci, config in enumerate(deal_configs(rules, index, rotate)):
        slots = frame_slots(config, dealer)
        table = _table(rules, bots, slots, deal_seed)
        match = table.match
        where: dict[str, Param] = {"index": index, "seed": str(deal_seed), "configuration": ci}
        while not match.hands:
            _step(table, slots, tallies, "arena_deal_broke_rules", where)
        hand = match.hands[0]
        res = hand.result
        for j, k in enumerate(slots):
            seat_hands[k] += 1
            if res is not None:
                seat_points[k] += res.score[rules.side_of(j)]
        for seat, action in hand.auction:
            if action >= A.BID:
                t = tallies[slots[seat]]
                t.bid_calls += 1
                t.bid_call_sum += action - A.BID
        if res is None or hand.phase == Phase.THROWN_IN:
            thrown += 1
        else:
            t = tallies[slots[hand.bidder]]
            t.contracts += 1
            t.made += res.made
            t.went_set += not res.made
            t.contract_sum += hand.bid
            t.taken_sum += res.bidding_points
        if keep_records:
            records.append(game_record(match, _names(bots, slots)))
    for k in (0, 1):
        tallies[k].seat_hands += seat_hands[k]
        tallies[k].points += seat_points[k]
    return DealOutcome(index, seat_points[0] / seat_hands[0], seat_points[1] / seat_hands[1], thrown, tallies,
                       records)


def play_group(rules: RuleSet, bots: tuple[str, str], index: int, match_seed: int,
               keep_records: bool = False) -> GroupOutcome:
    """Whole games to the goal from one seed, one per configuration (seat 0 deals first)."""
    tallies = (Tally(), Tally())
    wins = [0, 0]
    hands = 0
    records: list[dict[str, Any]] = []
    configs = seat_configs(rules)
    for ci, slots in enumerate(configs):
        table = _table(rules, bots, slots, match_seed)
        match = table.match
        where: dict[str, Param] = {"index": index, "seed": str(match_seed), "configuration": ci}
        while not match.is_over:
            _step(table, slots, tallies, "arena_match_broke_rules", where)
        assert match.winner is not None
        # The winning side's seats all hold one bot: seat w itself in individual and
        # call-partner games, seats w, w + 2, ... in partnerships.
        wins[slots[match.winner]] += 1
        hands += len(match.hands)
        for k in set(slots):
            tallies[k].games += 1
        if keep_records:
            records.append(game_record(match, _names(bots, slots)))
    for k in (0, 1):
        tallies[k].wins += wins[k]
    return GroupOutcome(index, wins[0], wins[1], len(configs), hands, tallies, records)


def _deal_chunk(rules: RuleSet, bots: tuple[str, str], items: list[tuple[int, int]],
                keep_records: bool, rotate: bool = False) -> list[DealOutcome]:
    return [play_deal(rules, bots, i, s, keep_records, rotate) for i, s in items]


def _group_chunk(rules: RuleSet, bots: tuple[str, str], items: list[tuple[int, int]],
                 keep_records: bool) -> list[GroupOutcome]:
    return [play_group(rules, bots, i, s, keep_records) for i, s in items]


def _run_chunk(chunk: Callable[..., list[Any]], *args: Any) -> list[Any]:
    """One unit of work for a remote backend: a deal chunk or a group chunk."""
    return chunk(*args)





# ---------------------------------------------------------------------- the result
@dataclass
class ArenaResult:
    rules: RuleSet
    bots: tuple[str, str]
    deals: int
    seed: int
    matches: int
    per_deal: list[tuple[float, float]]  # (A, B) mean points per seat-hand, by deal
    thrown_in: int  # hands thrown in, over all deals and configurations
    tallies: tuple[Tally, Tally]
    groups: list[tuple[int, int, int]]  # (A wins, B wins, games) per match seed
    match_hands: int
    workers: int
    seconds: float
    records: list[dict[str, Any]] = field(default_factory=list, repr=False)
    rotate: bool = False  # each deal in two seatings only (see deal_configs)

    @property
    def configs(self) -> list[tuple[int, ...]]:
        return seat_configs(self.rules)

    @property
    def seatings(self) -> int:
        """Seatings each deal is played in."""
        return len(deal_configs(self.rules, 0, self.rotate))

    @property
    def hands(self) -> int:
        return self.deals * self.seatings

    def points(self, slot: int) -> Estimate:
        """Mean score per hand of bot ``slot`` (0 = A, 1 = B), with its 95% interval over deals."""
        return estimate([p[slot] for p in self.per_deal])

    @property
    def differences(self) -> list[float]:
        return [a - b for a, b in self.per_deal]

    @property
    def difference(self) -> Estimate:
        """A's points per hand less B's, per deal: the duplicate comparison."""
        return estimate(self.differences)

    def win_rate(self, slot: int) -> Proportion | None:
        """Whole games won by bot ``slot`` out of all games played, with a 95% interval; None without
        ``matches``.  Each game has one winner, so the two bots' rates add up to 1."""
        if not self.groups:
            return None
        return Proportion(sum(g[slot] for g in self.groups), sum(g[2] for g in self.groups))

    def running_difference(self) -> list[tuple[float, float, float]]:
        """(mean, low, high) of the difference after each deal; the interval is nan for the first deal."""
        out = []
        total = 0.0
        squares = 0.0
        for k, d in enumerate(self.differences, 1):
            total += d
            squares += d * d
            mean = total / k
            if k < 2:
                out.append((mean, math.nan, math.nan))
                continue
            var = max(0.0, (squares - k * mean * mean) / (k - 1))
            half = Z95 * math.sqrt(var / k)
            out.append((mean, mean - half, mean + half))
        return out

    def to_json(self) -> dict[str, Any]:
        bots = []
        for k in (0, 1):
            entry: dict[str, Any] = {"slot": SLOTS[k], "bot": self.bots[k], "points_per_hand": self.points(k).to_json()}
            entry.update(self.tallies[k].to_json())
            rate = self.win_rate(k)
            if rate is not None:
                entry["games"] = rate.to_json()
            bots.append(entry)
        return {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "rules_label": self.rules.label,
            "bots": list(self.bots),
            "deals": self.deals,
            "seed": self.seed,
            "configs": [[self.bots[k] for k in c] for c in self.configs],
            "rotate": self.rotate,
            "seatings_per_deal": self.seatings,
            "hands": self.hands,
            "thrown_in": self.thrown_in,
            "matches": self.matches,
            "match_games": sum(g[2] for g in self.groups),
            "match_hands": self.match_hands,
            "difference": self.difference.to_json(),
            "per_bot": bots,
            "per_deal": {"A": [p[0] for p in self.per_deal], "B": [p[1] for p in self.per_deal]},
            "workers": self.workers,
            "seconds": self.seconds,
        }


# ---------------------------------------------------------------------- running
def _chunks(items: list[tuple[int, int]], size: int) -> list[list[tuple[int, int]]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def run_arena(rules: RuleSet, bots: tuple[str, str] | Sequence[str], deals: int, seed: int,
              workers: int | None = None, matches: int = 0, progress: Progress | None = None,
              keep_records: bool = False, backend: Backend = "local", address: str | None = None,
              rotate: bool = False) -> ArenaResult:
    """Play ``deals`` duplicate deals (and ``matches`` duplicate whole games) between two bots.

    ``workers`` processes share the work (default: one per core; 1 plays in this
    process).  ``progress(done, total)`` is called as deals and match seeds finish.
    ``keep_records`` keeps every hand and game as a ``rook-record/1`` record, in
    deal order, then match order, in :attr:`ArenaResult.records`.  ``backend = "ray"``
    sends the same chunks to Ray tasks (:mod:`rookgame.research.distributed`): a local
    cluster of ``workers`` CPUs, or the cluster at ``address``; the results are the same.
    ``rotate`` plays each deal in two seatings only (:func:`deal_configs`).
    """
    names = [b.strip().lower() for b in bots]
    # From Python the ceiling is named as bot A; the command line reaches it only through --ceiling.
    pair = check_bots(names[1:], ceiling=True) if names[:1] == [CEILING] else check_bots(names)
    check_counts(deals, matches, workers)
    workers = (os.cpu_count() or 1) if workers is None else workers
    if backend not in BACKENDS:
        raise ArenaError("arena_backend", backend=repr(backend), backends=", ".join(BACKENDS))
    if address and backend != "ray":
        raise ArenaError("address_ray")
    seeds = game_seeds(seed, deals + matches)  # the first `deals` are game_seeds(seed, deals)
    deal_items = list(enumerate(seeds[:deals]))
    group_items = list(enumerate(seeds[deals:]))
    total = deals + matches
    done = 0
    started = time.perf_counter()
    deal_out: list[DealOutcome] = []
    group_out: list[GroupOutcome] = []

    def tick(units: int) -> None:
        nonlocal done
        done += units
        if progress is not None:
            progress(done, total)

    if backend == "ray":
        from .research import distributed

        size = max(1, min(50, math.ceil(deals / (workers * 8))))
        calls: list[tuple[Any, ...]] = [(_group_chunk, rules, pair, chunk, keep_records)
                                        for chunk in _chunks(group_items, 1)]
        calls += [(_deal_chunk, rules, pair, chunk, keep_records, rotate) for chunk in _chunks(deal_items, size)]
        try:
            for out in distributed.run_tasks(_run_chunk, calls, address, workers, done=lambda o: tick(len(o))):
                for o in out:
                    (deal_out if isinstance(o, DealOutcome) else group_out).append(o)
        except distributed.RayUnavailable as e:
            raise ArenaError("arena_ray", why=str(e)) from None
    elif workers == 1:
        for i, s in deal_items:
            deal_out.append(play_deal(rules, pair, i, s, keep_records, rotate))
            tick(1)
        for i, s in group_items:
            group_out.append(play_group(rules, pair, i, s, keep_records))
            tick(1)
    else:
        size = max(1, min(50, math.ceil(deals / (workers * 8))))
        deal_chunks = _chunks(deal_items, size)
        group_chunks = _chunks(group_items, 1)
        with ProcessPoolExecutor(max_workers=min(workers, len(deal_chunks) + len(group_chunks))) as pool:
            # Whole games take longest: start them first.
            futures: dict[Future[Any], str] = {}
            for chunk in group_chunks:
                futures[pool.submit(_group_chunk, rules, pair, chunk, keep_records)] = "group"
            for chunk in deal_chunks:
                futures[pool.submit(_deal_chunk, rules, pair, chunk, keep_records, rotate)] = "deal"
            try:
                for fut in as_completed(futures):
                    out = fut.result()
                    if futures[fut] == "deal":
                        deal_out.extend(out)
                    else:
                        group_out.extend(out)
                    tick(len(out))
            except BaseException:
                for fut in futures:
                    fut.cancel()
                raise
    deal_out.sort(key=lambda o: o.index)
    group_out.sort(key=lambda o: o.index)
    tallies = (Tally(), Tally())
    records: list[dict[str, Any]] = []
    outcomes: list[DealOutcome | GroupOutcome] = [*deal_out, *group_out]
    for o in outcomes:
        for k in (0, 1):
            tallies[k].add(o.tallies[k])
        records.extend(o.records)
    return ArenaResult(
        rules=rules,
        bots=pair,
        deals=deals,
        seed=seed,
        matches=matches,
        per_deal=[(o.a, o.b) for o in deal_out],
        thrown_in=sum(o.thrown_in for o in deal_out),
        tallies=tallies,
        groups=[(o.a_wins, o.b_wins, o.games) for o in group_out],
        match_hands=sum(o.hands for o in group_out),
        workers=workers,
        seconds=time.perf_counter() - started,
        records=records,
        rotate=rotate,
    )


# ---------------------------------------------------------------------- output
def _say(key: str, **params: Param) -> str:
    """One of the arena's sentences (:data:`rookgame.words.commands.SAY`), in the reader's language."""
    return fill(SAY[key], params)


def _ci(e: Estimate, digits: int = 2, sign: bool = False) -> str:
    if e.n < 2:
        return _say("not_available")
    return interval(e.low, e.high, digits, sign)


def _bot(k: int, bot: str) -> str:
    """A bot in a table's row: its slot and its name (a level by its name in the reader's language)."""
    return f"{SLOTS[k]}: {level_name(bot)}"


def summary_tables(result: ArenaResult) -> list[Table]:
    """The result as rich tables, in the reader's language: points (and games) per bot with the difference, then
    the bidding."""
    r = result

    def num(v: float | None, digits: int = 1) -> str:
        return "-" if v is None else decimal(v, digits)

    caption = "arena_caption_rotating" if r.rotate and r.seatings < len(r.configs) else "arena_caption"
    points = Table(title=Text(_say("arena_title", a=level_name(r.bots[0]), b=level_name(r.bots[1]),
                                   rules=r.rules.label)),
                   caption=Text(_say(caption, count=r.deals, seatings=_say("n_seatings", count=r.seatings),
                                     hands=_say("n_hands", count=r.hands), seed=r.seed)))
    cols = ["bot", "points_hand", "ci"]
    if r.groups:
        cols += ["games_won", "win_rate", "win_ci"]
    for c in cols:
        points.add_column(_say(f"col_{c}"), justify="left" if c == "bot" else "right", no_wrap=True)
    for k in (0, 1):
        p = r.points(k)
        row: list[str | Text] = [Text(_bot(k, r.bots[k])), decimal(p.mean, 2), _ci(p)]
        rate = r.win_rate(k)
        if rate is not None:
            row += [f"{number(rate.won)}/{number(rate.games)}", percent(rate.rate, 1),
                    interval(rate.low, rate.high, 1, share=True)]
        points.add_row(*row)
    d = r.difference
    points.add_row("A - B", decimal(d.mean, 2, signed=True), _ci(d, sign=True), *[""] * (len(cols) - 3),
                   style="bold")

    bidding = Table(title=Text(_say("contracts_title")), caption=Text(_say("contracts_caption")))
    for c in ("bot", "contracts", "made", "set", "made_pct", "avg_bid", "contract", "took", "med_ms", "max_ms"):
        # a heading may wrap (a language's words may be longer than English's), a bot's name may not
        bidding.add_column(_say(f"col_{c}"), justify="left" if c == "bot" else "right", no_wrap=c == "bot")
    for k in (0, 1):
        t = r.tallies[k]
        js = t.to_json()
        ms = js["decision_ms"]
        made = js["made_rate"]
        bidding.add_row(Text(_bot(k, r.bots[k])), number(t.contracts), number(t.made), number(t.went_set),
                        "-" if made is None else percent(made), num(js["avg_bid"]), num(js["avg_contract"]),
                        num(js["avg_taken"]), num(ms["median"], 3), num(ms["worst"], 2))
    return [points, bidding]


def verdict(result: ArenaResult) -> str:
    """The difference A - B and what it shows, in the reader's language."""
    d = result.difference
    a, b = (level_name(bot) for bot in result.bots)
    mean = decimal(d.mean, 2, signed=True)
    if d.n < 2:
        return _say("verdict_one", a=a, b=b, mean=mean)
    if d.sd == 0:
        return _say("verdict_alike", a=a, b=b, mean=mean)
    if d.low > 0:
        judged = _say("a_stronger", a=a)
    elif d.high < 0:
        judged = _say("b_stronger", b=b)
    else:
        judged = _say("no_difference")
    return _say("verdict", a=a, b=b, mean=mean, interval=interval(d.low, d.high, 2, signed=True), count=d.n,
                judged=judged)


def plot(result: ArenaResult, path: str | Path) -> None:
    """The running difference A - B over the deals with its 95% band, as an image (PNG by the suffix), its
    words in the reader's language."""
    from matplotlib.figure import Figure

    run = result.running_difference()
    xs = list(range(1, len(run) + 1))
    fig = Figure(figsize=(8, 4.5), layout="constrained")
    ax = fig.subplots()
    a, b = (level_name(bot) for bot in result.bots)
    ax.fill_between(xs, [lo for _, lo, _ in run], [hi for _, _, hi in run], alpha=0.25, color="tab:blue",
                    linewidth=0, label=_say("plot_band"))
    ax.plot(xs, [m for m, _, _ in run], color="tab:blue", label=f"{a} - {b}")  # names only
    ax.axhline(0.0, color="black", linewidth=0.8)
    ax.set_xlim(1, max(2, len(xs)))
    ax.set_xlabel(_say("plot_x"))
    ax.set_ylabel(_say("plot_y", a=a, b=b))
    ax.set_title(_say("plot_title", a=a, b=b, rules=result.rules.label, seed=str(result.seed)))
    ax.legend(loc="best")
    ax.grid(alpha=0.3)
    image = io.BytesIO()
    fig.savefig(image, dpi=100, format=Path(path).suffix.lstrip(".").lower() or "png")
    write_output(Path(path), image.getvalue())  # to the very name given, whole
