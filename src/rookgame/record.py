"""Game records, ``rook-record/1``: one JSON object per game, one game per line.

The format is documented in docs/record-format.md; its JSON Schema ships as
``rookgame/data/rook-record-1.schema.json``.  :func:`replay` re-checks every
action of a record against the rules and the recorded points, scores, totals
and winner, and reports the first fault with game, hand, trick and reason.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from . import actions as A
from .cards import BIRD, COLOURS, NUM_CARDS, CardError, card_str, mask_of, parse_card
from .files import write_output
from .kernel import seat_of
from .match import Match
from .rules import NestStep, RulesError, from_json
from .shown import shown
from .state import Hand, IllegalAction, Phase
from .words.catalog import Param, english
from .words.errors import record_error_words

FORMAT = "rook-record/1"
SAVE_FORMAT = "rook-save/2"  # a game in progress: its record sealed, so that a peek at the file shows no hidden card
MAX_SEALED = 64_000_000  # bytes a sealed record may unpack to (the limit of a record line)


class RecordError(ValueError):
    """A record that does not replay: says where (game, hand, trick) and why.

    Why is a code of :data:`rookgame.words.errors.RECORD` and its facts (and the error it stems from, a
    refusal or a rules error, as ``cause``); ``str()`` is the English (logs, tests), :meth:`words` the
    reader's language, ``reason`` the English without the place."""

    def __init__(self, code: str, game: int | None = None, hand: int | None = None, trick: int | None = None, *,
                 line: int | None = None, cause: BaseException | None = None, **params: Param) -> None:
        self._set(code, params, game, hand, trick, line, cause)

    def _set(self, code: str, params: Mapping[str, Param], game: int | None, hand: int | None, trick: int | None,
             line: int | None, cause: BaseException | None) -> None:
        self.code = code
        self.params = dict(params)
        self.line = line
        self.cause = cause
        self.game = game
        self.hand = hand
        self.trick = trick
        self.reason = english(record_error_words, code, params, line, {}, cause)
        ValueError.__init__(self, english(self.words))

    @classmethod
    def of(cls, code: str, params: Mapping[str, Param], game: int | None = None, hand: int | None = None,
           trick: int | None = None, line: int | None = None, cause: BaseException | None = None) -> RecordError:
        """An error from its code and facts as they are kept."""
        out = cls.__new__(cls)
        out._set(code, params, game, hand, trick, line, cause)
        return out

    def words(self) -> str:
        """The error in the reader's language."""
        where = {"game": self.game, "hand": self.hand, "trick": self.trick}
        return record_error_words(self.code, self.params, self.line, where, self.cause)

    def at(self, game: int | None, hand: int | None = None, trick: int | None = None) -> RecordError:
        """The same error, at this place of the record."""
        return RecordError.of(self.code, self.params, game, hand, trick, self.line, self.cause)

    def __reduce__(self) -> tuple[Any, ...]:  # a code and its facts survive a trip between processes
        return (_rebuild, (self.code, self.game, self.hand, self.trick, self.line, str(self.cause or ""),
                           self.params))


def _rebuild(code: str, game: int | None, hand: int | None, trick: int | None, line: int | None, cause: str,
             params: dict[str, Param]) -> RecordError:
    return RecordError.of(code, params, game, hand, trick, line, ValueError(cause) if cause else None)


# ---------------------------------------------------------------------- writing
_CARD_STR = tuple(card_str(c) for c in range(NUM_CARDS))
_COLOUR_BASES = tuple(range(0, BIRD, 14))


def card_list(mask: int) -> list[str]:
    """The cards of a mask as a record lists them: in :func:`~rookgame.cards.display_order` (colour by colour,
    high rank first, the Birds last), read off the mask's bits in that order rather than sorted."""
    out = []
    for base in _COLOUR_BASES:
        group = mask >> base & 0x3FFF
        while group:
            top = group.bit_length() - 1
            out.append(_CARD_STR[base + top])
            group ^= 1 << top
    birds = mask >> BIRD
    for i in range(NUM_CARDS - BIRD):
        if birds >> i & 1:
            out.append(_CARD_STR[BIRD + i])
    return out


_AUCTION_WORDS = {A.PASS: "pass", A.REDEAL: "redeal"}


def hand_record(hand: Hand, totals: list[int]) -> dict[str, Any]:
    """One hand as a record; ``totals`` are the running totals after it.

    Read in one pass from the hand's own lists (the deal, the auction, the declarations in
    ``history``, the tricks), in the order :func:`rookgame.log.operations` tells them: the record is the
    operation log written down, nothing masked (tests/test_records.py holds the two to the same
    record on every preset)."""
    rec: dict[str, Any] = {"dealer": hand.dealer, "deal": [], "nest": [], "auction": [], "bidder": None,
                           "bid": None, "trump": None, "buried": [], "calls": {}, "tricks": []}
    phase = hand.phase
    if phase == Phase.DEAL:
        return rec
    rec["deal"] = [card_list(h) for h in hand.dealt]
    rec["nest"] = card_list(hand.nest)
    words = _AUCTION_WORDS
    rec["auction"] = [[seat, words[a] if a in words else a - A.BID] for seat, a in hand.auction]
    if phase == Phase.THROWN_IN:
        zero = [0] * hand.rules.num_sides
        rec.update(points=zero, score=list(zero), totals=list(totals))
        return rec
    if hand.bidder < 0:
        return rec
    rec["bidder"], rec["bid"] = hand.bidder, hand.bid
    calls: dict[str, Any] = rec["calls"]
    history = hand.history
    played = len(hand.tricks) * hand.n + len(hand.trick)
    buried: list[str] = rec["buried"]
    for action in history[len(hand.auction):len(history) - played]:
        if action < A.PARTNER:
            buried.append(_CARD_STR[action - A.BURY])
        elif action < A.PASS:
            calls.setdefault("partner", []).append(_CARD_STR[action - A.PARTNER])
        elif action < A.NO_TRUMP:
            rec["trump"] = COLOURS[action - A.TRUMP]
        elif action == A.NO_TRUMP:
            rec["trump"] = "none"
        elif action == A.NO_MORE_PARTNERS:
            calls["no_more_partners"] = True
        elif action == A.HIGH or action == A.LOW:
            calls["direction"] = "low" if action == A.LOW else "high"
        else:
            calls["bird"] = "high" if action == A.BIRD_HIGH else "low"
    if phase < Phase.PLAY:
        return rec
    if hand.nest_points is not None:
        calls["nest_points"] = hand.nest_points
    strs = _CARD_STR
    rec["tricks"] = [{"leader": leader, "cards": [strs[c] for c in cards], "winner": winner}
                     for leader, cards, winner in hand.tricks]
    if hand.trick:
        rec["tricks"].append({"leader": hand.leader, "cards": [strs[c] for c in hand.trick]})
    result = hand.result
    if result is not None:
        rec.update(points=list(result.points), score=list(result.score), totals=list(totals))
    return rec


def game_record(match: Match, players: list[str]) -> dict[str, Any]:
    """A whole game (finished or not; an unfinished one has ``winner`` null)."""
    totals = [0] * match.rules.num_sides
    hands = []
    for h in match.hands:
        if h.result is not None:
            totals = [t + s for t, s in zip(totals, h.result.score)]
        hands.append(hand_record(h, totals))
    # the hand under way, if any (a tournament's board keeps its one hand on the table once over: it is listed)
    if match.winner is None and match.hand.phase != Phase.DEAL and match.hand.history and not match.hand.is_over:
        hands.append(hand_record(match.hand, totals))
    return {
        "format": FORMAT,
        "rules": match.rules.to_json(),
        "seed": match.seed,
        "players": list(players),
        "hands": hands,
        "winner": match.winner,
    }


def record_line(rec: dict[str, Any]) -> str:
    """One record as a line of a ``.jsonl`` file."""
    return json.dumps(rec, separators=(",", ":")) + "\n"


def write_jsonl(path: str | Path, records: list[dict[str, Any]]) -> None:
    """Records as a ``.jsonl`` file, written whole (:func:`rookgame.files.write_output`)."""
    write_output(Path(path), "".join(record_line(rec) for rec in records).encode("utf-8"))


def read_jsonl(path: str | Path, *, on_torn: Callable[[RecordError], None] | None = None
               ) -> Iterator[tuple[int, dict[str, Any]]]:
    """(game number from 1, record); a line that is not a JSON object raises RecordError.

    With ``on_torn``, a torn line (the start of a record cut short while it was written,
    by a crash or a full disk) is skipped and ``on_torn`` is told which line and why: a
    :class:`RecordError` (``torn_line``) that is not raised, its :meth:`~RecordError.words` for a person.
    A file that cannot be read (missing, a folder, no permission) raises OSError."""
    with open(path, "rb") as f:  # bytes: a line that is not UTF-8 is refused by number, not mid-iteration
        for n, raw in enumerate(iter(lambda: f.readline(MAX_LINE_BYTES + 1), b""), 1):
            try:
                rec = parse_line(raw, n)
            except RecordError:
                if on_torn is not None and torn(raw):
                    on_torn(RecordError("torn_line", number=str(n)))
                    continue
                raise
            if rec is not None:
                yield n, rec


MAX_LINE_BYTES = 64_000_000  # a game of 10,000 hands (play.MAX_HANDS) is about 15 MB


def seal(rec: dict[str, Any]) -> dict[str, Any]:
    """A game in progress as a save: the record compressed and encoded, with a readable summary.

    The cards not yet seen (the other hands, the nest, the buried cards) are in the record;
    sealed, they are not plain text that a player who opens the file reads by chance."""
    data = record_line(rec).encode("ascii")
    hands = rec.get("hands") or []
    last = hands[-1] if hands else {}
    totals = last.get("totals") or (hands[-2].get("totals") if len(hands) > 1 else None)
    about = (f"{rec['rules'].get('name') or rec['rules'].get('preset')}, hand {len(hands)}, players "
             f"{', '.join(rec['players'])}" + (f", totals {totals}" if totals else "")
             + "; resume it with rook play --resume FILE")
    return {"format": SAVE_FORMAT, "record": FORMAT, "about": about,
            "game": base64.b64encode(zlib.compress(data, 9)).decode("ascii")}


class SealedRecord(dict[str, Any]):
    """A record opened from a sealed save: a game whose hidden cards its reader has not been shown
    (``rook replay`` tells its hand in play as the table sees it, unless asked to reveal it)."""


def unseal(sealed: dict[str, Any], n: int | None = None) -> dict[str, Any]:
    """The record inside a save written by :func:`seal` (a :class:`SealedRecord`); :class:`RecordError` if it
    is damaged."""
    text = sealed.get("game")
    if not isinstance(text, str):
        raise RecordError("save_without_game", n, line=n, format=SAVE_FORMAT)
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
        unpack = zlib.decompressobj()
        data = unpack.decompress(packed, MAX_SEALED)
        if unpack.unconsumed_tail:
            raise RecordError("save_too_big", n, line=n, max=str(MAX_SEALED // 1_000_000))
        if not unpack.eof:  # a stream cut short unpacks without complaint: its checksum never came
            raise RecordError("save_cut_short", n, line=n, format=SAVE_FORMAT)
        rec = json.loads(data.decode("ascii"))
    except RecordError:
        raise
    except (ValueError, UnicodeError, zlib.error, RecursionError) as e:
        raise RecordError("save_damaged", n, line=n, format=SAVE_FORMAT, detail=type(e).__name__) from None
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise RecordError("save_not_record", n, line=n, format=SAVE_FORMAT, record=FORMAT)
    return SealedRecord(rec)


def parse_line(raw: bytes, n: int) -> dict[str, Any] | None:
    """Line ``n`` of a ``.jsonl`` file as a record (None for a blank line); :class:`RecordError`
    if it cannot be one."""
    if len(raw) > MAX_LINE_BYTES:
        raise RecordError("line_too_long", n, number=str(n), max=str(MAX_LINE_BYTES // 1_000_000))
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError("line_not_utf8", n, number=str(n), byte=str(e.start + 1),
                          value=f"{raw[e.start]:#04x}") from None
    if not line.strip():
        return None
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        raise RecordError("line_not_json", n, number=str(n), detail=str(e)) from None
    except RecursionError:
        raise RecordError("line_too_deep", n, number=str(n)) from None
    except ValueError:  # int() refuses a number of over 4,300 digits
        raise RecordError("line_long_number", n, number=str(n)) from None
    if not isinstance(rec, dict):
        raise RecordError("line_not_object", n, number=str(n))
    if rec.get("format") == SAVE_FORMAT:
        return unseal(rec, n)
    return rec


RECORD_START = '{"format":' + json.dumps(FORMAT)  # how every record line that the package writes begins


def torn(raw: bytes | str) -> bool:
    """A write cut short: a line that begins as a written record does and is a record's first part,
    whole JSON up to where it stops (a line damaged in its middle is not torn: it is bad)."""
    data = raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else raw
    try:
        text = data.strip().decode("ascii")  # records are written as ASCII JSON: a cut never splits a character
    except UnicodeDecodeError:
        return False
    if not (text.startswith(RECORD_START) or RECORD_START.startswith(text)):
        return False
    return _json_prefix(text) or _json_prefix(text + '"')  # cut inside a string: close it and look again


def _json_prefix(text: str) -> bool:
    """Whether ``text`` is the beginning of some JSON text: it parses until the text runs out."""
    try:
        json.loads(text)
    except json.JSONDecodeError as e:
        return e.pos >= len(text) and not e.msg.startswith("Unterminated string")
    except (RecursionError, ValueError):
        return False
    return False


# ---------------------------------------------------------------------- schema
@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    text = resources.files("rookgame").joinpath("data/rook-record-1.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def check_schema(rec: dict[str, Any], game: int | None = None) -> None:
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    try:
        errors = sorted(validator.iter_errors(rec), key=lambda e: [(isinstance(p, str), p) for p in e.absolute_path])
    except RecursionError:  # a message quotes the value: repr() of one nested hundreds deep
        raise RecordError("schema_too_deep", game, record=FORMAT) from None
    if errors:
        e = errors[0]
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{shown(p, 30)[1:-1]}"
                       for p in e.absolute_path).lstrip(".")
        message = e.message if len(e.message) <= 200 else e.message[:197] + "..."  # it quotes the whole value
        raise RecordError("schema", game, record=FORMAT, path=path or "-", detail=message)


# ---------------------------------------------------------------------- replay
@dataclass
class Replayed:
    game: int
    match: Match
    record: dict[str, Any]

    @property
    def finished(self) -> bool:
        return self.match.winner is not None


def _mask(cards: list[str], game: int, hand: int, what: tuple[str, dict[str, Param]]) -> int:
    try:
        return mask_of(parse_card(c) for c in cards)
    except CardError as e:
        raise RecordError.of(what[0], what[1], game, hand, cause=e) from None


def declarations(steps: tuple[NestStep, ...], hrec: dict[str, Any]) -> list[int]:
    """The bidder's recorded declarations as actions in the rule set's step order (as many as
    the record holds: an unfinished hand may stop part way)."""
    calls = hrec.get("calls") or {}
    buried = list(hrec.get("buried") or [])
    partners = list(calls.get("partner") or [])
    declined = bool(calls.get("no_more_partners"))
    said = False
    out: list[int] = []
    for kind in steps:
        if kind == NestStep.BURY:
            if not buried:
                break
            out.append(A.BURY + parse_card(buried.pop(0)))
        elif kind == NestStep.PARTNER:
            if said:
                continue  # "no more partners" skips the partner steps left
            if partners:
                out.append(A.PARTNER + parse_card(partners.pop(0)))
            elif declined:
                out.append(A.NO_MORE_PARTNERS)
                said = True
            else:
                break
        elif kind == NestStep.TRUMP:
            t = hrec.get("trump")
            if t is None:
                break
            if t == "none":
                out.append(A.NO_TRUMP)
            elif isinstance(t, str) and len(t) == 1 and t.upper() in COLOURS:
                out.append(A.TRUMP + COLOURS.index(t.upper()))
            else:
                raise RecordError("trump", value=repr(t))
        elif kind == NestStep.DIRECTION:
            if "direction" not in calls:
                break
            out.append(A.LOW if calls["direction"] == "low" else A.HIGH)
        elif kind == NestStep.BIRD:
            if "bird" not in calls:
                break
            out.append(A.BIRD_HIGH if calls["bird"] == "high" else A.BIRD_LOW)
    if buried or partners:
        raise RecordError("declarations", buried=len(hrec.get("buried") or []),
                          partners=len(calls.get("partner") or []))
    if declined and not said:
        raise RecordError("declined", count=len(calls.get("partner") or []))
    return out


# Told before each action: (hand number from 1, the hand, seat, action, trick number or None, totals before the hand)
Before = Callable[[int, Hand, int, int, "int | None", list[int]], Any]


def replay_record(rec: dict[str, Any], game: int = 1, *, seeded: bool = False,
                  before: Before | None = None) -> Replayed:
    """Re-check one game record by applying its actions; raise :class:`RecordError` at the first fault.

    The one walker of a record: ``rook replay``, saves (``seeded``: the deals must be those of
    the record's seed, and the match goes on dealing from it) and analysis (``before`` is called
    with each action before it is applied) all read a game through it."""
    check_schema(rec, game)
    try:
        rules = from_json(rec["rules"])
    except RulesError as e:
        raise RecordError("rules", game, cause=e) from None
    hands = rec["hands"]
    if rec.get("stopped") is not None and rec["winner"] is not None:
        raise RecordError("stopped_with_winner", game, stopped=str(rec["stopped"]))
    # The first dealer is free (seat 0 by default, or drawn at the table); the deal then rotates.
    first = hands[0]["dealer"] if hands and 0 <= hands[0]["dealer"] < rules.players else 0
    seed = rec.get("seed")
    if seeded and not isinstance(seed, int):
        raise RecordError("no_seed", game)
    match = Match(rules, seed, first_dealer=first, deal=seeded)
    for hi, hrec in enumerate(hands, 1):
        if match.is_over:
            raise RecordError("already_won", game, hi, side=str(match.winner))
        last = hi == len(hands)
        _replay_hand(match, hrec, game, hi, last and rec["winner"] is None, seeded, before)
    if rec["winner"] != match.winner:
        if match.winner is None:
            raise RecordError("winner_none", game, recorded=str(rec["winner"]), totals=str(match.totals),
                              goal=str(rules.goal))
        raise RecordError("winner_other", game, recorded=str(rec["winner"]), side=str(match.winner),
                          totals=str(match.totals))
    return Replayed(game, match, rec)


def auction_action(value: Any) -> int:
    """A recorded auction call as an action: a bid, "pass" or "redeal" (-1 for anything else)."""
    if value in ("pass", "redeal"):
        return A.PASS if value == "pass" else A.REDEAL
    return A.BID + value if isinstance(value, int) and not isinstance(value, bool) else -1


def _replay_hand(match: Match, hrec: dict[str, Any], game: int, hi: int, unfinished_ok: bool, seeded: bool,
                 before: Before | None) -> None:
    hand = match.hand
    rules = match.rules
    if hrec["dealer"] != hand.dealer:
        raise RecordError("dealer", game, hi, recorded=str(hrec["dealer"]), dealer=str(hand.dealer))
    deal = [_mask(cs, game, hi, ("deal_cards", {"seat": str(s)})) for s, cs in enumerate(hrec["deal"])]
    nest = _mask(hrec["nest"], game, hi, ("nest_cards", {}))
    if seeded:
        if deal != list(hand.dealt) or nest != hand.nest:
            raise RecordError("not_the_seed", game, hi, seed=str(match.seed))
    else:
        try:
            hand.set_deal(deal, nest)
        except IllegalAction as e:
            raise RecordError("bad_deal", game, hi, cause=e) from None

    def do(action: int, seat: int | None, what: tuple[str, dict[str, Param]], trick: int | None = None) -> None:
        if before is not None:
            before(hi, hand, hand.to_act if seat is None else seat, action, trick, list(match.totals))
        try:
            hand.apply(action, seat)
        except IllegalAction as e:
            raise RecordError.of(what[0], what[1], game, hi, trick, cause=e) from None

    for k, (seat, value) in enumerate(hrec["auction"], 1):
        action = auction_action(value)
        if action < 0:
            raise RecordError("auction_value", game, hi, number=str(k), value=repr(value))
        do(action, seat, ("auction_refused", {"number": str(k), "seat": str(seat), "value": str(value)}))
    if hand.phase == Phase.BID:
        if unfinished_ok:
            return
        raise RecordError("auction_open", game, hi)
    if hand.phase == Phase.THROWN_IN:
        if hrec["tricks"] or hrec.get("bidder") is not None:
            raise RecordError("thrown_in", game, hi)
    else:
        if hrec.get("bidder") != hand.bidder or hrec.get("bid") != hand.bid:
            raise RecordError("bidder", game, hi, bidder=str(hrec.get("bidder")), bid=str(hrec.get("bid")),
                              seat=str(hand.bidder), value=str(hand.bid))
        try:
            declared = declarations(rules.nest_steps, hrec)
        except CardError as e:
            raise RecordError("nest_cards", game, hi, cause=e) from None
        except RecordError as e:
            raise e.at(game, hi) from None
        for action in declared:
            do(action, hand.bidder, ("declaration_refused", {"action": A.action_str(action)}))
        if hand.phase == Phase.NEST:
            if unfinished_ok:
                return
            kind = hand.step_kind
            assert kind is not None
            if kind == NestStep.BURY:
                raise RecordError("buried_count", game, hi, count=len(hrec.get("buried", [])),
                                  size=str(rules.nest_size))
            raise RecordError({NestStep.PARTNER: "partner_missing", NestStep.TRUMP: "trump_missing",
                               NestStep.DIRECTION: "direction_missing", NestStep.BIRD: "bird_missing"}[kind], game, hi)
        said = (hrec.get("calls") or {}).get("nest_points")
        if hand.phase == Phase.PLAY and said != hand.nest_points:
            raise RecordError("nest_points", game, hi, recorded=str(said), value=str(hand.nest_points))
        for ti, trec in enumerate(hrec["tricks"], 1):
            if hand.phase != Phase.PLAY:
                raise RecordError("too_many_tricks", game, hi, ti)
            if trec["leader"] != hand.to_act:
                raise RecordError("leader", game, hi, ti, recorded=str(trec["leader"]), seat=str(hand.to_act))
            for i, text in enumerate(trec["cards"]):
                seat = seat_of(trec["leader"], i, rules.players)
                try:
                    card = parse_card(text)
                except CardError as e:
                    raise RecordError("card", game, hi, ti, cause=e) from None
                do(card, seat, ("play_refused", {"seat": str(seat), "card": str(text)}), ti)
            if len(trec["cards"]) < rules.players:
                if unfinished_ok and ti == len(hrec["tricks"]):
                    return
                raise RecordError("trick_short", game, hi, ti, count=len(trec["cards"]),
                                  players=str(rules.players))
            winner = hand.tricks[-1][2]
            if trec.get("winner") != winner:
                raise RecordError("trick_winner", game, hi, ti, recorded=str(trec.get("winner")), seat=str(winner),
                                  cards=" ".join(trec["cards"]), trump=str(hrec.get("trump")))
        if hand.phase != Phase.DONE:
            if unfinished_ok:
                return
            raise RecordError("hand_short", game, hi, played=str(len(hand.tricks)), tricks=str(rules.num_tricks))
    res = hand.result
    points = list(res.points) if res else [0] * rules.num_sides
    score = list(res.score) if res else [0] * rules.num_sides
    totals_before = list(match.totals)
    match.finish_hand(deal=seeded)
    for key, want in (("points", points), ("score", score), ("totals", list(match.totals))):
        if hrec.get(key) != want:
            raise RecordError("totals" if key == "totals" else "sums", game, hi, key=key, recorded=str(hrec.get(key)),
                              value=str(want), before=str(totals_before))


def replay_file(path: str | Path, only: int | None = None) -> list[Replayed]:
    out = []
    for n, rec in read_jsonl(path):
        if only is None or n == only:
            out.append(replay_record(rec, n))
    if only is not None and not out:
        raise RecordError("no_game", path=str(path), number=str(only))
    return out
