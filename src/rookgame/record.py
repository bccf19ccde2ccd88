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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from . import actions as A
from . import log as L
from .cards import COLOURS, CardError, card_str, cards_of, display_order, mask_of, parse_card
from .kernel import seat_of
from .match import Match
from .rules import NestStep, RulesError, from_json
from .shown import shown
from .state import Hand, IllegalAction, Phase

FORMAT = "rook-record/1"
SAVE_FORMAT = "rook-save/2"  # a game in progress: its record sealed, so that a peek at the file shows no hidden card
MAX_SEALED = 64_000_000  # bytes a sealed record may unpack to (the limit of a record line)


class RecordError(ValueError):
    """A record that does not replay: says where (game, hand, trick) and why."""

    def __init__(self, reason: str, game: int | None = None, hand: int | None = None,
                 trick: int | None = None) -> None:
        self.reason = reason
        self.game = game
        self.hand = hand
        self.trick = trick
        super().__init__(self.where() + reason)

    def where(self) -> str:
        parts = [f"{k} {v}" for k, v in (("game", self.game), ("hand", self.hand), ("trick", self.trick))
                 if v is not None]
        return ", ".join(parts) + ": " if parts else ""

    def words(self) -> str:
        """The error in the reader's language."""
        return str(self)


# ---------------------------------------------------------------------- writing
def card_list(mask: int) -> list[str]:
    return [card_str(c) for c in display_order(cards_of(mask))]


def hand_record(hand: Hand, totals: list[int]) -> dict[str, Any]:
    """One hand as a record, written from its operation log; ``totals`` are the running totals after it."""
    sides = hand.rules.num_sides
    rec: dict[str, Any] = {"dealer": hand.dealer, "deal": [], "nest": [], "auction": [], "bidder": None,
                           "bid": None, "trump": None, "buried": [], "calls": {}, "tricks": []}
    calls: dict[str, Any] = rec["calls"]
    trick: list[str] = []
    leader = -1
    for op in L.operations(hand):
        if isinstance(op, L.Deal):
            rec["deal"] = [card_list(int(h or 0)) for h in op.hands]
            rec["nest"] = card_list(int(op.nest or 0))
        elif isinstance(op, (L.Bid, L.Pass, L.Redeal)):
            rec["auction"].append([op.seat, op.value if isinstance(op, L.Bid)
                                   else "pass" if isinstance(op, L.Pass) else "redeal"])
        elif isinstance(op, L.WinBid):
            rec["bidder"], rec["bid"] = op.seat, op.value
        elif isinstance(op, L.Bury):
            rec["buried"].append(str(op.card))
        elif isinstance(op, L.NameTrump):
            rec["trump"] = "none" if op.trump < 0 else COLOURS[op.trump]
        elif isinstance(op, L.CallPartner):
            calls.setdefault("partner", []).append(str(op.card))
        elif isinstance(op, L.NoMorePartners):
            calls["no_more_partners"] = True
        elif isinstance(op, L.CallBird):
            calls["bird"] = "high" if op.high else "low"
        elif isinstance(op, L.CallDirection):
            calls["direction"] = "low" if op.low else "high"
        elif isinstance(op, L.AnnounceNest):
            calls["nest_points"] = op.points
        elif isinstance(op, L.Play):
            if not trick:
                leader = op.seat
            trick.append(str(op.card))
        elif isinstance(op, L.TrickWon):
            rec["tricks"].append({"leader": op.leader, "cards": trick, "winner": op.seat})
            trick = []
        elif isinstance(op, L.Scored):
            rec.update(points=list(op.points), score=list(op.score), totals=list(totals))
        elif isinstance(op, L.ThrownIn):
            rec.update(points=[0] * sides, score=[0] * sides, totals=list(totals))
    if trick:
        rec["tricks"].append({"leader": leader, "cards": trick})
    return rec


def game_record(match: Match, players: list[str]) -> dict[str, Any]:
    """A whole game (finished or not; an unfinished one has ``winner`` null)."""
    totals = [0] * match.rules.num_sides
    hands = []
    for h in match.hands:
        if h.result is not None:
            totals = [t + s for t, s in zip(totals, h.result.score)]
        hands.append(hand_record(h, totals))
    if match.winner is None and match.hand.phase != Phase.DEAL and match.hand.history:
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
    with open(path, "w", encoding="utf-8") as f:
        for rec in records:
            f.write(record_line(rec))


def read_jsonl(path: str | Path, *, on_torn: Callable[[str], None] | None = None
               ) -> Iterator[tuple[int, dict[str, Any]]]:
    """(game number from 1, record); a line that is not a JSON object raises RecordError.

    With ``on_torn``, a torn line (the start of a record cut short while it was written,
    by a crash or a full disk) is skipped and ``on_torn`` is told which line and why.
    A file that cannot be read (missing, a folder, no permission) raises OSError."""
    with open(path, "rb") as f:  # bytes: a line that is not UTF-8 is refused by number, not mid-iteration
        for n, raw in enumerate(iter(lambda: f.readline(MAX_LINE_BYTES + 1), b""), 1):
            try:
                rec = parse_line(raw, n)
            except RecordError:
                if on_torn is not None and torn(raw):
                    on_torn(f"line {n} is a game cut short while it was written (a crash or a full disk); skipped")
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
    where = f"line {n}: " if n is not None else ""
    text = sealed.get("game")
    if not isinstance(text, str):
        raise RecordError(f"{where}a {SAVE_FORMAT} save without its game", game=n)
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
        unpack = zlib.decompressobj()
        data = unpack.decompress(packed, MAX_SEALED)
        if unpack.unconsumed_tail:
            raise RecordError(f"{where}the saved game unpacks to over {MAX_SEALED // 1_000_000} MB", game=n)
        if not unpack.eof:  # a stream cut short unpacks without complaint: its checksum never came
            raise RecordError(f"{where}the {SAVE_FORMAT} save is damaged: cut short", game=n)
        rec = json.loads(data.decode("ascii"))
    except RecordError:
        raise
    except (ValueError, UnicodeError, zlib.error, RecursionError) as e:
        raise RecordError(f"{where}the {SAVE_FORMAT} save is damaged: {type(e).__name__}", game=n) from None
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise RecordError(f"{where}the {SAVE_FORMAT} save does not hold a {FORMAT} record", game=n)
    return SealedRecord(rec)


def parse_line(raw: bytes, n: int) -> dict[str, Any] | None:
    """Line ``n`` of a ``.jsonl`` file as a record (None for a blank line); :class:`RecordError`
    if it cannot be one."""
    if len(raw) > MAX_LINE_BYTES:
        raise RecordError(f"line {n} is over {MAX_LINE_BYTES // 1_000_000} MB; not a game record", game=n)
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"line {n} is not UTF-8 text (byte {e.start + 1} of the line is {raw[e.start]:#04x})",
                          game=n) from None
    if not line.strip():
        return None
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as e:
        raise RecordError(f"line {n} is not JSON: {e}", game=n) from None
    except RecursionError:
        raise RecordError(f"line {n} is not a game record: arrays or objects nested too deep", game=n) from None
    except ValueError:  # int() refuses a number of over 4,300 digits
        raise RecordError(f"line {n} is not a game record: a number is thousands of digits long", game=n) from None
    if not isinstance(rec, dict):
        raise RecordError(f"line {n} is not a JSON object", game=n)
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
        raise RecordError(f"not a {FORMAT} record: arrays or objects nested too deep", game=game) from None
    if errors:
        e = errors[0]
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{shown(p, 30)[1:-1]}"
                       for p in e.absolute_path).lstrip(".")
        message = e.message if len(e.message) <= 200 else e.message[:197] + "..."  # it quotes the whole value
        raise RecordError(f"not a {FORMAT} record: {path or 'the record'}: {message}", game=game)


# ---------------------------------------------------------------------- replay
@dataclass
class Replayed:
    game: int
    match: Match
    record: dict[str, Any]

    @property
    def finished(self) -> bool:
        return self.match.winner is not None


def _mask(cards: list[str], game: int, hand: int, what: str) -> int:
    try:
        return mask_of(parse_card(c) for c in cards)
    except CardError as e:
        raise RecordError(f"{what}: {e}", game, hand) from None


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
                raise RecordError(f"trump {t!r} is not B, R, Y, G or none")
        elif kind == NestStep.DIRECTION:
            if "direction" not in calls:
                break
            out.append(A.LOW if calls["direction"] == "low" else A.HIGH)
        elif kind == NestStep.BIRD:
            if "bird" not in calls:
                break
            out.append(A.BIRD_HIGH if calls["bird"] == "high" else A.BIRD_LOW)
    if buried or partners:
        raise RecordError(f"{len(hrec.get('buried') or [])} buried cards and {len(calls.get('partner') or [])} "
                          "partner calls are recorded; the rules have fewer, or they are out of order")
    if declined and not said:
        raise RecordError(f"calls.no_more_partners is recorded after {len(calls.get('partner') or [])} partner "
                          "call(s), but the bidder had no partner call left to decline")
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
        raise RecordError(str(e), game) from None
    hands = rec["hands"]
    if rec.get("stopped") is not None and rec["winner"] is not None:
        raise RecordError(f"the game is recorded as stopped unfinished ({rec['stopped']}), yet it has a winner",
                          game)
    # The first dealer is free (seat 0 by default, or drawn at the table); the deal then rotates.
    first = hands[0]["dealer"] if hands and 0 <= hands[0]["dealer"] < rules.players else 0
    seed = rec.get("seed")
    if seeded and not isinstance(seed, int):
        raise RecordError("the record has no seed, so its deals cannot be dealt again", game)
    match = Match(rules, seed, first_dealer=first, deal=seeded)
    for hi, hrec in enumerate(hands, 1):
        if match.is_over:
            raise RecordError(f"the game was already won by side {match.winner}; this hand should not exist",
                              game, hi)
        last = hi == len(hands)
        _replay_hand(match, hrec, game, hi, last and rec["winner"] is None, seeded, before)
    if rec["winner"] != match.winner:
        if match.winner is None:
            raise RecordError(f"winner is recorded as side {rec['winner']}, but no side has won "
                              f"(totals {match.totals}, goal {rules.goal})", game)
        raise RecordError(f"winner is recorded as {rec['winner']}, but side {match.winner} won "
                          f"(totals {match.totals})", game)
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
        raise RecordError(f"dealer is seat {hrec['dealer']}, but the deal passes to seat {hand.dealer}", game, hi)
    deal = [_mask(cs, game, hi, f"deal of seat {s}") for s, cs in enumerate(hrec["deal"])]
    nest = _mask(hrec["nest"], game, hi, "nest")
    if seeded:
        if deal != list(hand.dealt) or nest != hand.nest:
            raise RecordError(f"the recorded cards are not the deal of seed {match.seed}; the record was changed "
                              "or written by another version", game, hi)
    else:
        try:
            hand.set_deal(deal, nest)
        except IllegalAction as e:
            raise RecordError(f"bad deal: {e}", game, hi) from None

    def do(action: int, seat: int | None, what: str, trick: int | None = None) -> None:
        if before is not None:
            before(hi, hand, hand.to_act if seat is None else seat, action, trick, list(match.totals))
        try:
            hand.apply(action, seat)
        except IllegalAction as e:
            raise RecordError(f"{what}: {e}", game, hi, trick) from None

    for k, (seat, value) in enumerate(hrec["auction"], 1):
        action = auction_action(value)
        if action < 0:
            raise RecordError(f"auction call {k}: {value!r} is not a bid, 'pass' or 'redeal'", game, hi)
        do(action, seat, f"auction call {k} ({seat}: {value})")
    if hand.phase == Phase.BID:
        if unfinished_ok:
            return
        raise RecordError("the auction is not finished", game, hi)
    if hand.phase == Phase.THROWN_IN:
        if hrec["tricks"] or hrec.get("bidder") is not None:
            raise RecordError("the hand was thrown in, yet the record has a bidder or tricks", game, hi)
    else:
        if hrec.get("bidder") != hand.bidder or hrec.get("bid") != hand.bid:
            raise RecordError(f"bidder/bid recorded as {hrec.get('bidder')}/{hrec.get('bid')}, "
                              f"but the auction gives seat {hand.bidder} at {hand.bid}", game, hi)
        try:
            declared = declarations(rules.nest_steps, hrec)
        except CardError as e:
            raise RecordError(f"nest: {e}", game, hi) from None
        except RecordError as e:
            raise RecordError(e.reason, game, hi) from None
        for action in declared:
            do(action, hand.bidder, A.action_str(action))
        if hand.phase == Phase.NEST:
            if unfinished_ok:
                return
            kind = hand.step_kind
            assert kind is not None
            what = {NestStep.BURY: f"buried holds {len(hrec.get('buried', []))} cards, the nest needs "
                                   f"{rules.nest_size}",
                    NestStep.PARTNER: "calls.partner is missing a card (or calls.no_more_partners)",
                    NestStep.TRUMP: "trump is missing",
                    NestStep.DIRECTION: "calls.direction (high/low) is missing",
                    NestStep.BIRD: "calls.bird (high/low) is missing"}[kind]
            raise RecordError(what, game, hi)
        said = (hrec.get("calls") or {}).get("nest_points")
        if hand.phase == Phase.PLAY and said != hand.nest_points:
            raise RecordError(f"calls.nest_points is recorded as {said}, but the buried cards make it "
                              f"{hand.nest_points}", game, hi)
        for ti, trec in enumerate(hrec["tricks"], 1):
            if hand.phase != Phase.PLAY:
                raise RecordError("more tricks than cards in hand", game, hi, ti)
            if trec["leader"] != hand.to_act:
                raise RecordError(f"leader is seat {trec['leader']}, but seat {hand.to_act} leads", game, hi, ti)
            for i, text in enumerate(trec["cards"]):
                seat = seat_of(trec["leader"], i, rules.players)
                try:
                    card = parse_card(text)
                except CardError as e:
                    raise RecordError(str(e), game, hi, ti) from None
                do(card, seat, f"seat {seat} plays {text}", ti)
            if len(trec["cards"]) < rules.players:
                if unfinished_ok and ti == len(hrec["tricks"]):
                    return
                raise RecordError(f"the trick has {len(trec['cards'])} cards, not {rules.players}", game, hi, ti)
            winner = hand.tricks[-1][2]
            if trec.get("winner") != winner:
                raise RecordError(f"winner is recorded as seat {trec.get('winner')}, but seat {winner} wins "
                                  f"({' '.join(trec['cards'])}, trump {hrec.get('trump')})", game, hi, ti)
        if hand.phase != Phase.DONE:
            if unfinished_ok:
                return
            raise RecordError(f"the hand stops after {len(hand.tricks)} of {rules.num_tricks} tricks", game, hi)
    res = hand.result
    points = list(res.points) if res else [0] * rules.num_sides
    score = list(res.score) if res else [0] * rules.num_sides
    totals_before = list(match.totals)
    match.finish_hand(deal=seeded)
    for key, want in (("points", points), ("score", score), ("totals", list(match.totals))):
        if hrec.get(key) != want:
            extra = f" (totals before the hand {totals_before})" if key == "totals" else ""
            raise RecordError(f"{key} recorded as {hrec.get(key)}, but the rules give {want}{extra}", game, hi)


def replay_file(path: str | Path, only: int | None = None) -> list[Replayed]:
    out = []
    for n, rec in read_jsonl(path):
        if only is None or n == only:
            out.append(replay_record(rec, n))
    if only is not None and not out:
        raise RecordError(f"{path} has no game {only}")
    return out
