"""Rule sets as data: one frozen dataclass, named presets, house-rules files.

Every option of docs/rules.md §7 is a field of :class:`RuleSet`.  The engine never
asks which preset it plays; it reads the tables a rule set compiles once
(:meth:`RuleSet.deck` and :meth:`RuleSet.play_tables`).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, get_args

from .cards import BIRD, BIRD2, COLOURS, CardError, card_str, make, parse_card, rank_of
from .shown import digits_value, shown
from .words.catalog import Param
from .words.errors import rules_error_text, rules_error_words


class NestStep(StrEnum):
    """One declaration the bidder makes after the auction (:attr:`RuleSet.nest_steps` gives their order).

    A ``str`` too, so a record, the wire and the research observers name it as they always did."""

    BURY = "bury"  # lay one card aside
    TRUMP = "trump"  # name trump, or no trump where the rules allow it
    DIRECTION = "direction"  # call the hand high or low (the ``low`` option)
    BIRD = "bird"  # call the Bird high or low (``bird_rank = "called"``)
    PARTNER = "partner"  # call a card: its holder is the secret partner (call-partner)


NAMING_STEPS = frozenset({NestStep.TRUMP, NestStep.DIRECTION, NestStep.BIRD})  # what trump_before_nest puts first


MAX_BID_LIMIT = 1000  # the action space holds bids 0..1000
MAX_POINTS = 1000  # the most a counter or a bonus is worth: no bid could reach more
MAX_DECK = 14 * 4 + 2  # every rank in four colours and two Birds
MAX_NEST = MAX_DECK - 2  # a deck less one card for each of two players
MAX_PARTNER_CALLS = 6  # calls leave the bidder at least one defender among 8 players
MAX_FILE_BYTES = 1_000_000  # a house-rules file is a few hundred bytes
PATH_CHARS = 1000  # a path quoted in a message is cut only when absurd
GOAL_HANDS = 50  # the goal is at most this many hands' worth of points: a game must be able to end


class RulesError(ValueError):
    """An unplayable, contradictory or malformed rule set; the message says what would work.

    A code of :data:`rookgame.words.errors.RULES` and its facts (the option, the value as written, what would
    be right), ``where`` the rules came from (a file's path), and for a rule set with several problems each
    one's code and facts; ``str()`` is the English (logs, tests), :meth:`words` the reader's language."""

    def __init__(self, code: str, /, *, where: str = "", problems: tuple[RulesError, ...] = (),
                 **params: Param) -> None:
        self._set(code, params, where, tuple((p.code, p.params) for p in problems))

    def _set(self, code: str, params: Mapping[str, Param], where: str, problems: Problems) -> None:
        self.code = code
        self.params = dict(params)
        self.where = where
        self.problems = problems
        ValueError.__init__(self, rules_error_text(code, params, where, problems))

    @classmethod
    def of(cls, code: str, params: Mapping[str, Param], where: str = "", problems: Problems = ()) -> RulesError:
        """An error from its code, facts, source and problems as they are kept."""
        out = cls.__new__(cls)
        out._set(code, params, where, problems)
        return out

    def words(self) -> str:
        """The error in the reader's language."""
        return rules_error_words(self.code, self.params, self.where, self.problems)

    def within(self, where: str) -> RulesError:
        """The same error, said to come from ``where`` (a file, the table's rules)."""
        return RulesError.of(self.code, self.params, where or self.where, self.problems)

    def __reduce__(self) -> tuple[Any, ...]:  # a code and its facts survive a trip between processes
        return (RulesError.of, (self.code, self.params, self.where, self.problems))


Problems = tuple[tuple[str, Mapping[str, Param]], ...]


def _whole(value: object) -> bool:
    """A whole number (bool is an int subclass, and is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def counter_key(text: str, where: str = "") -> str:
    """The canonical key of a counter: a rank ("5", "14") or a card ("RK", "R1")."""
    t = text.strip()
    rank = digits_value(t)
    if rank is not None:
        if 1 <= rank <= 14:
            return str(rank)
        raise RulesError("counter_rank", where=where, value=shown(t))
    try:
        return card_str(parse_card(t))
    except CardError:
        raise RulesError("counter_name", where=where, value=shown(t)) from None


# Every option that takes one of a few words is a Literal type, so that mypy catches a typo
# anywhere in the engine; CHOICES, which checks files and records, is read off the same types.
Mode = Literal["partners", "individual", "call-partner"]
NestDealt = Literal["first_rounds", "last"]
RankOrder = Literal["14-high", "1-high"]
AllPass = Literal["redeal", "dealer_takes_min", "last_must_bid"]
NestOrder = Literal["bury_first", "trump_first"]
NestTo = Literal["last_trick", "bidder"]
FirstLead = Literal["left_of_dealer", "bidder"]
BirdPlay = Literal["anytime", "as_trump"]
BirdRank = Literal["high", "low", "mid", "called"]
BuryCounters = Literal["allowed", "forbidden"]
Moon = Literal["off", "double"]
Review = Literal["none", "last", "all"]

MODES: tuple[Mode, ...] = get_args(Mode)
CHOICES: dict[str, tuple[str, ...]] = {
    "mode": MODES,
    "nest_dealt": get_args(NestDealt),
    "rank_order": get_args(RankOrder),
    "all_pass": get_args(AllPass),
    "nest_order": get_args(NestOrder),
    "nest_to": get_args(NestTo),
    "first_lead": get_args(FirstLead),
    "bird_play": get_args(BirdPlay),
    "bird_rank": get_args(BirdRank),
    "bury_counters": get_args(BuryCounters),
    "moon": get_args(Moon),
    "review": get_args(Review),
}

TOURNAMENT_COUNTERS = (("5", 5), ("10", 10), ("14", 10), ("RK", 20))


@dataclass(frozen=True)
class PlayTables:
    """Per-card tables for one declared contract (trump, low call, Bird high/low)."""

    trump: int  # effective trump colour 0..3, or -1 for no trump
    suit: tuple[int, ...]  # effective colour of each card (Birds take the trump colour)
    strength: tuple[int, ...]  # order inside the effective colour, higher wins
    suit_mask: tuple[int, int, int, int]
    anytime: int  # cards that may be played even when able to follow
    key: tuple[int, ...]  # strength, raised above every plain card for trumps: the trick winner has the top key
    # per card, the cards of its effective colour that beat it: whether a card is the top one left is then one
    # mask test (the heuristic asks it of nearly every card of every play-out)
    above: tuple[int, ...]


@dataclass(frozen=True)
class Deck:
    """What a rule set deals: the cards, their points, the sizes."""

    cards: tuple[int, ...]
    mask: int
    points: tuple[int, ...]  # by card index, 0 for cards not in the deck
    counter_mask: int
    counter_points: int  # all counters in the deck
    hand_size: int

    @property
    def size(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class RuleSet:
    """One complete, immutable Rook rule set.  See docs/rules-files.md for every field."""

    preset: str = "kentucky-discard"
    name: str = ""
    players: int = 4
    mode: Mode = "partners"
    ranks: tuple[int, ...] = tuple(range(5, 15))
    birds: int = 1
    extra_cards: tuple[str, ...] = ()
    nest_size: int = 5
    nest_dealt: NestDealt = "first_rounds"
    rank_order: RankOrder = "14-high"
    counters: tuple[tuple[str, int], ...] = TOURNAMENT_COUNTERS
    most_tricks_bonus: int = 0
    last_trick_bonus: int = 0
    min_bid: int = 70
    max_bid: int | None = None  # None: the total points in play
    bid_step: int = 5
    goal: int = 300
    all_pass: AllPass = "redeal"
    no_counter_redeal: bool = False
    nest_order: NestOrder = "bury_first"
    nest_to: NestTo = "last_trick"
    first_lead: FirstLead = "left_of_dealer"
    bird_play: BirdPlay = "anytime"
    bird_rank: BirdRank = "high"
    top_trumps: tuple[str, ...] = ()
    little_rook: bool = False
    black_two: bool = False
    no_trump: bool = False
    low: bool = False
    partner_calls: int = 0
    partner_calls_min: int | None = None  # None: every one of the partner_calls is required
    announce_nest_points: bool = False
    # House rules players ask for (docs/rules-files.md, "House rules").
    bury_counters: BuryCounters = "allowed"
    moon: Moon = "off"
    trump_before_nest: bool = False
    nest_shown: bool = False
    show_buried_trump: bool = False
    must_win_by_bid: bool = False
    lose_at: int | None = None
    trick_bonus: tuple[int, int] = (0, 0)  # (points, tricks): points for taking at least that many tricks
    review: Review = "none"  # what people may look at of the tricks already taken (seed 003: none)
    _tables: dict[tuple[int, bool, bool], PlayTables] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if self.partner_calls_min == self.partner_calls:
            # One spelling for "every call required", so a rule set read back from a record equals the preset.
            object.__setattr__(self, "partner_calls_min", None)
        problems = self._problems()
        if problems:
            label = self.name or self.preset
            raise RulesError("not_playable", label=repr(label), problems=tuple(problems))

    # ------------------------------------------------------------------ derived values
    @cached_property
    def deck(self) -> Deck:
        cards = [make(c, r) for c in range(4) for r in sorted(set(self.ranks))]
        cards += [parse_card(t) for t in self.extra_cards]
        cards += list((BIRD, BIRD2)[: self.birds])
        cards.sort()
        table = dict(self.counters)
        points = [0] * 64
        for c in cards:
            name = card_str(c)
            if name in table:
                points[c] = table[name]
            elif c < BIRD and str(rank_of(c)) in table:
                points[c] = table[str(rank_of(c))]
        mask = 0
        cmask = 0
        for c in cards:
            mask |= 1 << c
            if points[c]:
                cmask |= 1 << c
        return Deck(
            cards=tuple(cards),
            mask=mask,
            points=tuple(points),
            counter_mask=cmask,
            counter_points=sum(points),
            hand_size=(len(cards) - self.nest_size) // self.players,
        )

    @property
    def num_tricks(self) -> int:
        return self.deck.hand_size

    @property
    def total_points(self) -> int:
        """Points in play in a hand: counters plus the bonuses of the rule set."""
        return self.deck.counter_points + self.most_tricks_bonus + self.last_trick_bonus + self.trick_bonus[0]

    @property
    def effective_max_bid(self) -> int:
        return self.total_points if self.max_bid is None else self.max_bid

    @property
    def individual(self) -> bool:
        return self.mode != "partners"

    @property
    def num_sides(self) -> int:
        return 2 if self.mode == "partners" else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.mode == "partners" else seat

    @property
    def min_partner_calls(self) -> int:
        """Partner cards the bidder must call; calls past these are optional ("no more partners")."""
        return self.partner_calls if self.partner_calls_min is None else self.partner_calls_min

    @property
    def counter_table(self) -> dict[str, int]:
        return dict(self.counters)

    @cached_property
    def special_trumps(self) -> tuple[int, ...]:
        """Cards that are always trump, highest first (the Bird block of docs/rules.md §5)."""
        block = [parse_card(t) for t in self.top_trumps]
        if self.black_two:
            block.append(make(0, 2))
        block += list((BIRD, BIRD2)[: self.birds])
        if self.little_rook:
            block.append(make(1, 2))
        return tuple(block)

    @cached_property
    def nest_steps(self) -> tuple[NestStep, ...]:
        """The bidder's declarations after the auction, in order."""
        trump = (NestStep.TRUMP, NestStep.DIRECTION) if self.low else (NestStep.TRUMP,)
        bird = (NestStep.BIRD,) if self.bird_rank == "called" and self.birds else ()
        bury = (NestStep.BURY,) * self.nest_size
        partner = (NestStep.PARTNER,) * self.partner_calls
        if self.trump_before_nest:
            return trump + bird + bury + partner
        if self.nest_order == "trump_first":
            return trump + bird + bury + partner
        return bury + partner + bird + trump

    @cached_property
    def pickup_step(self) -> int:
        """Index in :attr:`nest_steps` at which the bidder takes the nest into hand."""
        if not self.trump_before_nest:
            return 0
        return sum(1 for k in self.nest_steps if k in NAMING_STEPS)

    # ------------------------------------------------------------------ play tables
    def play_tables(self, trump: int, low: bool = False, bird_high: bool = True) -> PlayTables:
        key = (trump, low, bird_high)
        tables = self._tables.get(key)
        if tables is None:
            tables = self._compile(trump, low, bird_high)
            self._tables[key] = tables
        return tables

    def _compile(self, trump: int, low: bool, bird_high: bool) -> PlayTables:
        # Strength of a printed rank, scaled by 100 so that "10.5" (1050) fits between ranks.
        def rank_strength(r: int) -> int:
            s = 1500 if (r == 1 and self.rank_order == "1-high") else r * 100
            return -s if low else s

        suit = [-1] * 64
        strength = [0] * 64
        for c in self.deck.cards:
            if c < BIRD:
                suit[c] = c // 14
                strength[c] = rank_strength(c % 14 + 1)
        block = self.special_trumps
        if trump >= 0:
            position = self.bird_rank
            if position == "called":
                position = "high" if bird_high else "low"
            if low:
                position = "mid"  # the low call makes the Bird the 10.5 of trump
            k = len(block)
            for i, c in enumerate(block):
                suit[c] = trump
                if position == "high":
                    strength[c] = 10000 + (k - i)
                elif position == "low":
                    strength[c] = -10000 - i
                else:
                    strength[c] = (-1050 if low else 1050) + (k - i)
        else:
            # No trump: the Birds become the 10.5 of red; other special cards are plain cards.
            birds = [c for c in block if c >= BIRD]
            for i, c in enumerate(birds):
                suit[c] = 1
                strength[c] = (-1050 if low else 1050) + (len(birds) - i)
        masks = [0, 0, 0, 0]
        for c in self.deck.cards:
            masks[suit[c]] |= 1 << c
        anytime = 0
        if trump >= 0 and self.bird_play == "anytime":
            for c in block:
                if c >= BIRD:
                    anytime |= 1 << c
        key = tuple(strength[c] + (100000 if trump >= 0 and suit[c] == trump else 0) for c in range(64))
        above = [0] * 64
        for c in self.deck.cards:
            for d in self.deck.cards:
                if suit[d] == suit[c] and strength[d] > strength[c]:
                    above[c] |= 1 << d
        return PlayTables(trump, tuple(suit), tuple(strength), (masks[0], masks[1], masks[2], masks[3]), anytime,
                          key, tuple(above))

    # ------------------------------------------------------------------ validation
    def _problems(self) -> list[RulesError]:
        p: list[RulesError] = []
        for key, allowed in CHOICES.items():
            value = getattr(self, key)
            if value not in allowed:
                p.append(RulesError("choice", key=key, value=shown(value), allowed=", ".join(map(repr, allowed))))
        if p:
            return p
        p = self._size_problems()
        if p:
            return p
        ranks = set(self.ranks)
        for name in ("extra_cards", "top_trumps"):
            listed = getattr(self, name)
            if len(set(listed)) != len(listed):
                p.append(RulesError("card_twice", key=name, value=shown(list(listed))))
        if self.black_two and "B2" in self.top_trumps:
            p.append(RulesError("black_two_top"))
        if self.little_rook and "R2" in self.top_trumps:
            p.append(RulesError("little_rook_top"))
        if p:
            return p
        for t in self.extra_cards:
            if rank_of(parse_card(t)) in ranks:
                p.append(RulesError("extra_in_deck", card=t, rank=str(rank_of(parse_card(t)))))
        deck = self.deck
        for t in self.top_trumps:
            if not deck.mask >> parse_card(t) & 1:
                p.append(RulesError("top_not_in_deck", card=t))
        if self.little_rook and not deck.mask >> make(1, 2) & 1:
            p.append(RulesError("little_rook_deck"))
        if self.black_two and not deck.mask >> make(0, 2) & 1:
            p.append(RulesError("black_two_deck"))
        before = len(p)
        for key, pts in self.counters:
            if not isinstance(key, str):
                p.append(RulesError("counter_name", value=shown(key)))
                continue
            if not _whole(pts) or not 0 <= pts <= MAX_POINTS:
                p.append(RulesError("counter_points_range", key=shown(key), value=shown(pts), max=str(MAX_POINTS)))
            try:
                if counter_key(key) != key:
                    p.append(RulesError("counter_spelling", right=repr(counter_key(key)), value=shown(key)))
                    continue
            except RulesError as e:
                p.append(e)
                continue
            missing = _counter_not_in_deck(key, deck)
            if missing is not None:
                p.append(RulesError.of(missing[0], {"key": key, "value": shown(pts), **missing[1]}))
        counted = len(p) == before  # the points in play are summed only from counters and bonuses in range
        size = deck.size
        if (size - self.nest_size) % self.players or size - self.nest_size < self.players:
            works = [k for k in range(0, min(size - self.players, 13) + 1) if (size - k) % self.players == 0]
            p.append(RulesError("deal_uneven", size=str(size), nest=str(self.nest_size), players=str(self.players),
                                works=", ".join(map(str, works)) or "-"))
        if self.mode == "partners" and self.players % 2:
            p.append(RulesError("partners_odd", players=str(self.players)))
        if self.mode == "call-partner":
            if self.partner_calls < 1:
                p.append(RulesError("call_partner_calls"))
        elif self.partner_calls:
            p.append(RulesError("partner_calls_mode", calls=str(self.partner_calls)))
        if self.partner_calls >= self.players - 1:
            p.append(RulesError("partner_calls_all", calls=str(self.partner_calls), players=str(self.players)))
        least = self.partner_calls_min
        if least is not None:
            if self.mode != "call-partner":
                p.append(RulesError("partner_calls_min_mode", least=str(least)))
            elif least < 1:
                p.append(RulesError("partner_calls_min_low", least=str(least), calls=str(self.partner_calls)))
            elif least > self.partner_calls:
                p.append(RulesError("partner_calls_min_high", least=str(least), calls=str(self.partner_calls)))
        for name, lo, what in (("min_bid", 0, "bids_range"), ("bid_step", 1, "step_range"),
                               ("most_tricks_bonus", 0, "bonus_range"), ("last_trick_bonus", 0, "bonus_range")):
            value = getattr(self, name)
            hi = MAX_POINTS if name.endswith("bonus") else MAX_BID_LIMIT
            if not lo <= value <= hi:
                p.append(RulesError(what, key=name, value=shown(value), low=str(lo), high=str(hi)))
                counted = counted and not name.endswith("bonus")
        points, tricks = self.trick_bonus
        if not (0 <= points <= MAX_POINTS and 0 <= tricks <= MAX_DECK):
            p.append(RulesError("trick_bonus_range", points=shown(points), tricks=shown(tricks), max=str(MAX_POINTS),
                                hand=str(deck.hand_size)))
            counted = False
        elif points and not deck.hand_size / 2 < tricks <= deck.hand_size:
            p.append(RulesError("trick_bonus_majority", hand=str(deck.hand_size), low=str(deck.hand_size // 2 + 1),
                                tricks=str(tricks)))
        total = self.total_points if counted else 0
        if counted and total == 0:
            p.append(RulesError("no_points"))
        elif counted and self.no_counter_redeal and not deck.counter_points:
            p.append(RulesError("redeal_forever"))
        if counted:
            maxb = self.effective_max_bid
            if not 0 <= maxb <= MAX_BID_LIMIT:
                p.append(RulesError("max_bid_total" if self.max_bid is None else "max_bid_range", value=shown(maxb),
                                    max=str(MAX_BID_LIMIT), total=str(total)))
            elif self.min_bid > maxb:
                p.append(RulesError("min_above_max", value=shown(self.min_bid), max=str(maxb), total=str(total)))
        # A side scores at most the points in play in a hand; a goal many hands' worth away would
        # not end in a sitting (bot games give up at play.MAX_HANDS).
        farthest = GOAL_HANDS * total if total else None
        if farthest is not None and not 1 <= self.goal <= farthest:
            p.append(RulesError("goal_range", value=shown(self.goal), farthest=str(farthest), hands=str(GOAL_HANDS),
                                total=str(total)))
        elif self.goal < 1:
            p.append(RulesError("goal_positive", value=shown(self.goal)))
        if self.lose_at is not None and (self.lose_at >= 0 or (farthest is not None and self.lose_at < -farthest)):
            p.append(RulesError("lose_at_range" if farthest is not None else "lose_at_negative",
                                value=shown(self.lose_at), farthest=str(farthest)))
        if self.bird_rank == "called" and not self.birds:
            p.append(RulesError("bird_called"))
        return p

    def _size_problems(self) -> list[RulesError]:
        """The sizes the deck is built from, and the type of every number, each with its range:
        checked before anything is built (a rank range of a billion would fill the memory)."""
        p: list[RulesError] = []
        ints = ("players", "birds", "nest_size", "partner_calls", "min_bid", "bid_step", "goal",
                "most_tricks_bonus", "last_trick_bonus")
        for name in ints:
            if not _whole(getattr(self, name)):
                p.append(RulesError("whole", key=name, value=shown(getattr(self, name))))
        for name in ("max_bid", "lose_at"):
            value = getattr(self, name)
            if value is not None and not _whole(value):
                p.append(RulesError("whole", key=name, value=shown(value)))
        tb = self.trick_bonus
        if not (isinstance(tb, tuple) and len(tb) == 2 and all(_whole(v) for v in tb)):
            p.append(RulesError("trick_bonus_pair", value=shown(tb)))
        for name in ("ranks", "extra_cards", "top_trumps", "counters"):
            if not isinstance(getattr(self, name), tuple):
                p.append(RulesError("tuple", key=name, value=shown(getattr(self, name))))
        if p:
            return p
        if not 2 <= self.players <= 8:
            p.append(RulesError("players_range", value=shown(self.players)))
        if not all(_whole(r) and 1 <= r <= 14 for r in self.ranks) or not 1 <= len(self.ranks) <= 14:
            p.append(RulesError("ranks_bad", value=shown(list(self.ranks))))
        elif len(set(self.ranks)) != len(self.ranks):
            p.append(RulesError("ranks_twice", value=shown(list(self.ranks))))
        if not 0 <= self.birds <= 2:
            p.append(RulesError("birds_range", value=shown(self.birds)))
        if not 0 <= self.nest_size <= MAX_NEST:
            p.append(RulesError("nest_range", value=shown(self.nest_size), max=str(MAX_NEST)))
        if not 0 <= self.partner_calls <= MAX_PARTNER_CALLS:
            p.append(RulesError("partner_calls_range", value=shown(self.partner_calls), max=str(MAX_PARTNER_CALLS)))
        for name in ("extra_cards", "top_trumps"):
            listed = getattr(self, name)
            if len(listed) > MAX_DECK:
                p.append(RulesError("cards_too_many", key=name, count=str(len(listed)), max=str(MAX_DECK)))
                continue
            for t in listed:
                try:
                    c = parse_card(t) if isinstance(t, str) else -1
                except CardError:
                    p.append(RulesError("not_a_card", key=name, value=shown(t.strip())))
                    continue
                if c < 0:
                    p.append(RulesError("card_name", key=name, value=shown(t)))
                elif c >= BIRD:
                    p.append(RulesError("card_bird", key=name, value=t))
        if len(self.counters) > MAX_DECK + 14 or not all(isinstance(kv, tuple) and len(kv) == 2
                                                        for kv in self.counters):
            p.append(RulesError("counters_pairs", value=shown(self.counters)))
        return p

    # ------------------------------------------------------------------ JSON / TOML
    def to_json(self) -> dict[str, Any]:
        """The full resolved rule set (max_bid as a number), as in game records."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name.startswith("_"):
                continue
            v = getattr(self, f.name)
            if f.name == "counters":
                v = dict(v)
            elif f.name == "trick_bonus":
                v = {"points": v[0], "tricks": v[1]}
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        out["max_bid"] = self.effective_max_bid
        out["partner_calls_min"] = self.min_partner_calls
        return out

    @property
    def label(self) -> str:
        return self.name or self.preset

    def replace(self, **changes: Any) -> RuleSet:
        return dataclasses.replace(self, **changes)


FIELDS = {f.name: f for f in dataclasses.fields(RuleSet) if not f.name.startswith("_")}


def _counter_not_in_deck(key: str, deck: Deck) -> tuple[str, dict[str, Param]] | None:
    """Why a counter names nothing in the deck (None if it names a card of it), and how to put it in: a code
    of :data:`rookgame.words.errors.RULES` and its facts."""
    if key.isdigit():
        rank = int(key)
        if any(c < BIRD and rank_of(c) == rank for c in deck.cards):
            return None
        return "counter_rank_missing", {"rank": str(rank)}
    card = parse_card(key)
    if deck.mask >> card & 1:
        return None
    if card >= BIRD:
        return "counter_bird_missing", {"birds": str(1 if card == BIRD else 2)}
    return "counter_card_missing", {"rank": str(rank_of(card))}


# ---------------------------------------------------------------------- presets
_TOURNAMENT = RuleSet(
    preset="kentucky-discard",
    no_counter_redeal=True,
    max_bid=120,
)
_FULL = RuleSet(
    preset="full-deck",
    review="last",
    ranks=tuple(range(1, 15)),
    nest_dealt="last",
    nest_order="trump_first",
    nest_to="bidder",
    first_lead="bidder",
    bird_play="as_trump",
)
_ONE_HIGH_COUNTERS = (("1", 15), ("5", 5), ("10", 10), ("14", 10), ("RK", 20))
_NO_BIRD_COUNTERS = (("5", 5), ("10", 10), ("14", 10))


def _call_partner(players: int, nest: int, calls: int) -> RuleSet:
    # Seed 003: with six the bidder "may" call two cards, so only the first call is required.
    return _FULL.replace(
        review="none",
        preset="call-partner" if players == 4 else f"call-partner-{players}",
        players=players,
        mode="call-partner",
        nest_size=nest,
        rank_order="1-high",
        counters=_ONE_HIGH_COUNTERS,
        last_trick_bonus=20,
        nest_to="last_trick",
        bird_rank="called",
        partner_calls=calls,
        partner_calls_min=1 if calls > 1 else None,
        announce_nest_points=True,
        nest_order="bury_first",
    )


_REGULAR = _FULL.replace(
    preset="regular-partnership", review="none", birds=0, nest_size=0, counters=_NO_BIRD_COUNTERS, most_tricks_bonus=20
)

PRESETS: dict[str, RuleSet] = {
    r.preset: r
    for r in (
        _TOURNAMENT,
        _FULL,
        _FULL.replace(preset="cutthroat", players=3, mode="individual", nest_size=6),
        _TOURNAMENT.replace(
            preset="individual-5", review="last", players=5, mode="individual", ranks=tuple(range(1, 15)), birds=0,
            nest_size=6, counters=_NO_BIRD_COUNTERS, min_bid=30, max_bid=None, goal=150,
        ),
        _TOURNAMENT.replace(
            preset="individual-6", review="last", players=6, mode="individual", ranks=tuple(range(1, 15)), birds=0,
            nest_size=2, counters=_NO_BIRD_COUNTERS, min_bid=30, max_bid=None, goal=150,
        ),
        _call_partner(4, 5, 1),
        _call_partner(5, 7, 1),
        _call_partner(6, 3, 2),
        _REGULAR,
        _REGULAR.replace(
            preset="dixie", nest_size=4, counters=(("5", 5), ("10", 10), ("13", 10))
        ),
        _FULL.replace(
            preset="one-high", review="none", rank_order="1-high", counters=_ONE_HIGH_COUNTERS, bird_rank="low",
            most_tricks_bonus=20,
        ),
        _TOURNAMENT.replace(
            preset="buckeye", ranks=(1, *range(5, 15)), rank_order="1-high", counters=_ONE_HIGH_COUNTERS,
            max_bid=None,
        ),
        _TOURNAMENT.replace(
            preset="red-one", extra_cards=("R1",), top_trumps=("R1",), nest_size=6,
            counters=(*TOURNAMENT_COUNTERS, ("R1", 30)), max_bid=None,
        ),
        _TOURNAMENT.replace(
            preset="kentucky-original", birds=0, nest_size=4, counters=_NO_BIRD_COUNTERS, max_bid=None
        ),
        _FULL.replace(preset="double-bird", birds=2, nest_size=6, counters=(*TOURNAMENT_COUNTERS, ("RK2", 20))),
    )
}

ALIASES = {
    "tournament": "kentucky-discard",
    "kentucky": "kentucky-discard",
    "classic": "kentucky-discard",
    "full": "full-deck",
    "cut-throat": "cutthroat",
    "call-partner-4": "call-partner",
    "1-high": "one-high",
    "red-1": "red-one",
    "original": "kentucky-original",
}


def preset(name: str) -> RuleSet:
    """A preset by name or alias (case-insensitive)."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        raise RulesError("unknown_preset", value=shown(name), presets=", ".join(PRESETS),
                         aliases=", ".join(f"{a}={b}" for a, b in ALIASES.items()))
    return PRESETS[key]


# ---------------------------------------------------------------------- files and JSON
def _parse_ranks(value: Any) -> tuple[int, ...]:
    # Each end of a range is checked before the range is expanded: "1-1000000000" would fill the memory.
    if isinstance(value, str):
        out: list[int] = []
        for part in value.replace(" ", "").split(","):
            if not part:
                continue
            lo_text, dash, hi_text = part.partition("-")
            lo, hi = digits_value(lo_text), digits_value(hi_text if dash else lo_text)
            if lo is None or hi is None:
                raise RulesError("ranks_write", value=shown(value))
            if not (1 <= lo <= 14 and 1 <= hi <= 14):
                bad = lo_text if not 1 <= lo <= 14 else hi_text
                bad = bad if len(bad) <= 12 else bad[:9] + "..."
                raise RulesError("ranks_range", value=shown(value), bad=bad)
            if hi < lo:
                raise RulesError("ranks_backwards", value=shown(value), part=part[:20], right=f"{hi}-{lo}")
            out.extend(range(lo, hi + 1))
            if len(out) > 14:
                break  # a rank listed twice: the rule set says so
        return tuple(out)
    if isinstance(value, list) and all(_whole(v) for v in value):
        return tuple(value)
    raise RulesError("ranks_give", value=shown(value))


# ---------------------------------------------------------------------- one parser per rules-file key
# A parser takes (key, value, base, where, merge): the option's name, the value as read, the preset it
# changes, the "file: " prefix of a message, and whether a counters table changes the preset's (a rules
# file) or states it whole (a record).  It returns the option's value or raises RulesError saying what
# would be right.
_Parser = Callable[[str, Any, "RuleSet", str, bool], Any]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ranks_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    return _parse_ranks(value)


def _counters_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if not isinstance(value, dict):
        raise RulesError("counters_table", where=where)
    # A rules file changes the preset's table (0 removes a counter); a record states it whole.
    table = dict(base.counters) if merge else {}
    for k, v in value.items():
        name = counter_key(str(k), where)
        if not _is_int(v):
            raise RulesError("counter_points", where=where, key=str(k)[:20], value=shown(v))
        if v == 0:
            table.pop(name, None)
        else:
            table[name] = v
    return tuple(sorted(table.items(), key=lambda kv: (not kv[0].isdigit(), kv[0].zfill(3))))


def _cards_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RulesError("card_list", where=where, key=key)
    cards = []
    for v in value:
        try:
            cards.append(card_str(parse_card(v)))
        except CardError:
            raise RulesError("not_a_card", where=where, key=key, value=shown(v.strip())) from None
    return tuple(cards)


def _trick_bonus_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if isinstance(value, dict) and set(value) <= {"points", "tricks"} and all(map(_is_int, value.values())):
        return (value.get("points", 0), value.get("tricks", 0))
    raise RulesError("trick_bonus_table", where=where, value=shown(value))


def _lose_at_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if value is None or value == "off":
        return None
    if _is_int(value):
        return value
    raise RulesError("lose_at_value", where=where, value=shown(value))


def _partner_calls_min_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if value is None or _is_int(value):
        return value
    raise RulesError("partner_calls_min_value", where=where, value=shown(value))


def _max_bid_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if value in (None, "total"):
        return None
    if _is_int(value):
        return value
    raise RulesError("max_bid_value", where=where, value=shown(value))


def _yes_no_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if not isinstance(value, bool):
        raise RulesError("yes_no", where=where, key=key, value=shown(value))
    return value


def _whole_number_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if not _is_int(value):
        raise RulesError("whole", where=where, key=key, value=shown(value))
    return value


def _text_option(key: str, value: Any, base: RuleSet, where: str, merge: bool) -> Any:
    if not isinstance(value, str):
        raise RulesError("text", where=where, key=key, value=shown(value))
    if key in CHOICES and value not in CHOICES[key]:
        raise RulesError("choice", where=where, key=key, value=shown(value), allowed=", ".join(map(repr, CHOICES[key])))
    return value


def _parsers() -> dict[str, _Parser]:
    """Each option's parser: its own where the value has a shape of its own, else by its type."""
    special: dict[str, _Parser] = {
        "ranks": _ranks_option, "counters": _counters_option, "extra_cards": _cards_option,
        "top_trumps": _cards_option, "trick_bonus": _trick_bonus_option, "lose_at": _lose_at_option,
        "partner_calls_min": _partner_calls_min_option, "max_bid": _max_bid_option,
    }
    by_type: dict[type, _Parser] = {bool: _yes_no_option, int: _whole_number_option, str: _text_option}
    default = RuleSet()
    out: dict[str, _Parser] = {}
    for key in FIELDS:
        if key == "preset":
            continue
        parser = special.get(key) or by_type.get(type(getattr(default, key)))
        if parser is None:  # pragma: no cover - a new option of a new shape needs its parser
            raise TypeError(f"rule option {key!r} has no parser")
        out[key] = parser
    return out


PARSERS = _parsers()


def from_mapping(data: dict[str, Any], source: str = "", merge: bool = True) -> RuleSet:
    """A rule set from a mapping: ``preset`` (default kentucky-discard) changed by the other keys.

    With ``merge`` (rules files) a ``counters`` table changes the preset's; without it (records,
    which hold the resolved rule set) it replaces it."""
    where = source
    if not isinstance(data, dict):
        raise RulesError("not_a_table", where=where)
    base_name = data.get("preset", "kentucky-discard")
    if not isinstance(base_name, str):
        raise RulesError("preset_name", where=where, presets=", ".join(PRESETS))
    try:
        base = preset(base_name)
    except RulesError as e:
        raise e.within(where) from None
    changes: dict[str, Any] = {}
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        options = ", ".join(map(shown, unknown[:5]))
        if len(unknown) > 5:
            raise RulesError("unknown_options_more", where=where, options=options, more=len(unknown) - 5,
                             all=", ".join(FIELDS))
        raise RulesError("unknown_options", where=where, options=options, count=len(unknown), all=", ".join(FIELDS))
    for key, value in data.items():
        if key == "preset":
            continue
        changes[key] = PARSERS[key](key, value, base, where, merge)
    changes["preset"] = base.preset
    try:
        return base.replace(**changes)
    except RulesError as e:
        raise e.within(where) from None


def from_json(data: dict[str, Any]) -> RuleSet:
    return from_mapping(data, "record rules", merge=False)


def load(spec: str | Path) -> RuleSet:
    """A preset name or alias, or the path of a house-rules TOML file."""
    text = str(spec)
    key = text.strip().lower()
    if key in PRESETS or key in ALIASES:
        return preset(key)
    path = Path(text)
    quoted = shown(text, PATH_CHARS)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)  # bounded: the path may be /dev/zero
    except FileNotFoundError:
        raise RulesError("no_such_file", value=quoted, presets=", ".join(PRESETS)) from None
    except IsADirectoryError:
        raise RulesError("file_folder", value=quoted) from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise RulesError("file_unreadable", value=quoted, detail=str(getattr(e, "strerror", None) or e)) from None
    return loads(raw, str(path))


def loads(raw: bytes | str, source: str = "house rules", **overrides: Any) -> RuleSet:
    """A house-rules file's content (an upload, a file's bytes), checked as :func:`load` checks a file;
    ``overrides`` (``goal=300``) are set on top of it, checked the same way."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if len(raw) > MAX_FILE_BYTES:
        raise RulesError("file_too_big", where=source, max=f"{MAX_FILE_BYTES // 1000:,}")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as some editors write first, is no option
    except UnicodeDecodeError as e:
        raise RulesError("not_utf8", where=source, byte=str(e.start), code=f"{raw[e.start]:#04x}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesError("not_toml", where=source, detail=str(e)) from None
    except RecursionError:
        raise RulesError("too_deep", where=source) from None
    except ValueError:  # int() refuses a number of over 4,300 digits
        raise RulesError("too_long_number", where=source) from None
    if not data:  # an empty file (or comments only) is a mistake, not Kentucky Discard by another name
        raise RulesError("sets_nothing", where=source)
    return from_mapping({**data, **overrides}, source)


def colour_name(trump: int) -> str:
    return COLOURS[trump] if trump >= 0 else "none"
