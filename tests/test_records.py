"""Game records (rook-record/1): valid against the schema, reproducible, replayable, and a
tampered record is refused with the game, hand, trick and reason."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rookgame import log as L
from rookgame.cards import COLOURS, NUM_CARDS, card_str, cards_of, display_order, parse_card
from rookgame.play import selfplay
from rookgame.record import (
    RecordError,
    card_list,
    hand_record,
    read_jsonl,
    replay_file,
    replay_record,
    schema,
    write_jsonl,
)
from rookgame.rules import PRESETS, load
from rookgame.state import Hand, Phase

Record = dict[str, Any]


@cache
def _records(name: str, games: int = 2, seed: int = 1) -> str:
    return json.dumps(selfplay(PRESETS[name], ["random"], games, seed))


def records(name: str, games: int = 2, seed: int = 1) -> list[Record]:
    """Fresh copies of cached self-play records (tests may tamper with them)."""
    out: list[Record] = json.loads(_records(name, games, seed))
    return out


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


# ---------------------------------------------------------------------- valid records
def test_schema_is_a_valid_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_selfplay_records_are_valid_against_the_schema(name: str) -> None:
    v = validator()
    for rec in records(name):
        errors = [e.message for e in v.iter_errors(rec)]
        assert errors == []
        assert rec["format"] == "rook-record/1"
        assert rec["winner"] is not None
        assert rec["rules"] == PRESETS[name].to_json()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_selfplay_records_replay(name: str) -> None:
    for n, rec in enumerate(records(name), 1):
        replayed = replay_record(rec, n)
        assert replayed.finished
        assert replayed.match.winner == rec["winner"]
        assert replayed.match.totals == rec["hands"][-1]["totals"]
        assert len(replayed.match.hands) == len(rec["hands"])


@pytest.mark.parametrize("name", ["kentucky-discard", "call-partner-5", "double-bird"])
def test_same_seed_same_records(name: str) -> None:
    rules = PRESETS[name]
    a = selfplay(rules, ["random"], 3, 42)
    b = selfplay(rules, ["random"], 3, 42)
    assert a == b
    assert json.dumps(a) == json.dumps(b)
    c = selfplay(rules, ["random"], 3, 43)
    assert c != a


def test_records_through_a_jsonl_file(tmp_path: Path) -> None:
    recs = records("full-deck", 3, 2)
    path = tmp_path / "games.jsonl"
    write_jsonl(path, recs)
    assert [rec for _, rec in read_jsonl(path)] == recs
    replayed = replay_file(path)
    assert [r.game for r in replayed] == [1, 2, 3]
    assert replay_file(path, only=2)[0].record == recs[1]


def test_a_record_holds_what_a_scorekeeper_needs() -> None:
    rec = records("kentucky-discard")[0]
    rules = PRESETS["kentucky-discard"]
    totals = [0, 0]
    for hrec in rec["hands"]:
        assert len(hrec["deal"]) == 4 and all(len(d) == 9 for d in hrec["deal"])
        assert len(hrec["nest"]) == 5
        if hrec["tricks"]:
            assert len(hrec["tricks"]) == 9
            assert len(hrec["buried"]) == 5
            assert hrec["trump"] in ("B", "R", "Y", "G")
            assert sum(hrec["points"]) == rules.total_points
        totals = [t + s for t, s in zip(totals, hrec["score"])]
        assert hrec["totals"] == totals


# ---------------------------------------------------------------------- thrown-in hands
def thrown_in_record(name: str = "kentucky-discard") -> tuple[Record, int]:
    for seed in range(1, 50):
        for rec in records(name, 2, seed):
            for i, hrec in enumerate(rec["hands"]):
                if not hrec["tricks"]:
                    return rec, i
    raise AssertionError("no thrown-in hand found")  # pragma: no cover


def test_thrown_in_hand_is_recorded_with_its_auction_and_no_tricks() -> None:
    rec, i = thrown_in_record()
    hrec = rec["hands"][i]
    assert hrec["auction"], "the auction that threw the hand in is recorded"
    last_call = hrec["auction"][-1][1]
    assert last_call == "redeal" or all(call == "pass" for _, call in hrec["auction"])
    assert hrec["tricks"] == []
    assert hrec["bidder"] is None and hrec["bid"] is None
    assert hrec["trump"] is None and hrec["buried"] == []
    assert hrec["score"] == [0, 0] and hrec["points"] == [0, 0]
    before = rec["hands"][i - 1]["totals"] if i else [0, 0]
    assert hrec["totals"] == before
    assert len(hrec["deal"]) == 4 and len(hrec["nest"]) == 5
    assert rec["hands"][i + 1]["dealer"] == hrec["dealer"]  # the same dealer deals again
    replayed = replay_record(rec)
    assert replayed.match.hands[i].phase == Phase.THROWN_IN


def test_thrown_in_hand_with_tricks_is_refused() -> None:
    rec, i = thrown_in_record()
    played = next(h for h in rec["hands"] if h["tricks"])
    rec["hands"][i]["tricks"] = copy.deepcopy(played["tricks"][:1])
    with pytest.raises(RecordError, match=f"hand {i + 1}: the hand was thrown in"):
        replay_record(rec)


# ---------------------------------------------------------------------- tampered records
def first_played(rec: Record) -> int:
    return next(i for i, h in enumerate(rec["hands"]) if h["tricks"])


def assert_rejected(rec: Record, *fragments: str) -> RecordError:
    with pytest.raises(RecordError) as err:
        replay_record(rec, 1)
    msg = str(err.value)
    for f in fragments:
        assert f in msg, msg
    return err.value


def test_card_not_held() -> None:
    rec = records("kentucky-discard")[0]
    h = first_played(rec)
    hrec = rec["hands"][h]
    trick = hrec["tricks"][0]
    leader = trick["leader"]
    stranger = next(c for c in hrec["deal"][(leader + 1) % 4] if c not in trick["cards"])
    trick["cards"][0] = stranger
    err = assert_rejected(rec, "game 1", f"hand {h + 1}", "trick 1", f"seat {leader} does not hold {stranger}")
    assert (err.game, err.hand, err.trick) == (1, h + 1, 1)


def find_renege(rec: Record, name: str) -> tuple[int, int, int, int, int]:
    """(hand, trick, position, later trick, later position): a seat that followed the led colour
    in ``trick`` and played a card of another colour later, which it could have played instead."""
    rules = PRESETS[name]
    match = replay_record(rec).match
    for h, hand in enumerate(match.hands):
        if hand.phase != Phase.DONE:
            continue
        assert hand.tables is not None
        suit = hand.tables.suit
        plays: list[tuple[int, int, int, int]] = []  # (trick, position, seat, card)
        for t, (leader, cards, _) in enumerate(hand.tricks):
            for i, c in enumerate(cards):
                plays.append((t, i, (leader + i) % rules.players, c))
        for t, i, seat, c in plays:
            if i == 0:
                continue
            led = suit[hand.tricks[t][1][0]]
            if suit[c] != led:
                continue
            for t2, j, seat2, c2 in plays:
                if t2 > t and seat2 == seat and suit[c2] != led and c2 not in rules.special_trumps:
                    return h, t, i, t2, j
    raise AssertionError("no renege position")  # pragma: no cover


@pytest.mark.parametrize("name", ["kentucky-discard", "full-deck", "call-partner"])
def test_renege(name: str) -> None:
    rec = records(name)[0]
    h, t, i, t2, j = find_renege(rec, name)
    tricks = rec["hands"][h]["tricks"]
    tricks[t]["cards"][i], tricks[t2]["cards"][j] = tricks[t2]["cards"][j], tricks[t]["cards"][i]
    err = assert_rejected(rec, "game 1", f"hand {h + 1}", f"trick {t + 1}", "renege")
    assert (err.hand, err.trick) == (h + 1, t + 1)


def test_wrong_trick_winner() -> None:
    rec = records("full-deck")[0]
    h = first_played(rec)
    trick = rec["hands"][h]["tricks"][2]
    right = trick["winner"]
    trick["winner"] = (right + 1) % 4
    err = assert_rejected(rec, "game 1", f"hand {h + 1}", "trick 3", "winner", f"seat {right} wins")
    assert err.trick == 3


def test_wrong_score() -> None:
    rec = records("full-deck")[0]
    h = first_played(rec)
    rec["hands"][h]["score"][0] += 5
    assert_rejected(rec, "game 1", f"hand {h + 1}", "score recorded as")


def test_wrong_points() -> None:
    rec = records("full-deck")[0]
    h = first_played(rec)
    rec["hands"][h]["points"][1] -= 5
    assert_rejected(rec, "game 1", f"hand {h + 1}", "points recorded as")


def test_wrong_total() -> None:
    rec = records("full-deck")[0]
    h = len(rec["hands"]) - 1
    rec["hands"][h]["totals"][1] += 10
    assert_rejected(rec, "game 1", f"hand {h + 1}", "totals recorded as")


def test_wrong_winner() -> None:
    rec = records("full-deck")[0]
    rec["winner"] = 1 - rec["winner"]
    err = assert_rejected(rec, "game 1", "winner is recorded as")
    assert err.game == 1


def test_winner_of_an_unfinished_game() -> None:
    rec = records("full-deck")[0]
    rec["hands"] = rec["hands"][:1]
    assert_rejected(rec, "game 1", "winner")


@pytest.mark.parametrize("token", ["Y15", "X3", "RK3", "14Y"])
def test_bad_card_token(token: str) -> None:
    rec = records("kentucky-discard")[0]
    h = first_played(rec)
    rec["hands"][h]["tricks"][1]["cards"][2] = token
    err = assert_rejected(rec, "game 1", token)
    msg = str(err)
    assert f"hands[{h}].tricks[1].cards[2]" in msg or (f"hand {h + 1}" in msg and "trick 2" in msg)


def test_bad_card_token_in_the_deal() -> None:
    rec = records("kentucky-discard")[0]
    rec["hands"][0]["deal"][1][0] = "Q9"
    assert_rejected(rec, "game 1", "Q9")


def test_card_outside_the_deck() -> None:
    rec = records("kentucky-discard")[0]
    rec["hands"][0]["deal"][1][0] = "B1"  # a real card, not in the 41-card deck
    assert_rejected(rec, "game 1", "hand 1", "B1")


def test_wrong_dealer() -> None:
    rec = records("full-deck")[0]
    right = rec["hands"][1]["dealer"]
    rec["hands"][1]["dealer"] = (right + 1) % 4
    err = assert_rejected(rec, "game 1", "hand 2", "dealer is seat", f"passes to seat {right}")
    assert err.hand == 2


def test_wrong_bid() -> None:
    rec = records("full-deck")[0]
    h = first_played(rec)
    rec["hands"][h]["bid"] += 5
    assert_rejected(rec, "game 1", f"hand {h + 1}", "bid")


def test_illegal_bid_in_the_auction() -> None:
    rec = records("full-deck")[0]
    h = first_played(rec)
    auction = rec["hands"][h]["auction"]
    k = next(i for i, (_, call) in enumerate(auction) if isinstance(call, int))
    auction[k][1] = call = auction[k][1] + 3  # off-step
    assert_rejected(rec, "game 1", f"hand {h + 1}", f"auction call {k + 1}", str(call))


def test_bury_a_card_not_held() -> None:
    rec = records("kentucky-discard")[0]
    h = first_played(rec)
    hrec = rec["hands"][h]
    bidder = hrec["bidder"]
    foreign = hrec["deal"][(bidder + 1) % 4][0]
    hrec["buried"][0] = foreign
    assert_rejected(rec, "game 1", f"hand {h + 1}", foreign)


def test_wrong_leader() -> None:
    rec = records("full-deck")[0]
    h = first_played(rec)
    trick = rec["hands"][h]["tricks"][0]
    trick["leader"] = (trick["leader"] + 1) % 4
    assert_rejected(rec, "game 1", f"hand {h + 1}", "trick 1", "leads")


def test_missing_trick() -> None:
    rec = records("full-deck")[0]
    h = first_played(rec)
    rec["hands"][h]["tricks"].pop()
    assert_rejected(rec, "game 1", f"hand {h + 1}")


def test_schema_violation_names_the_field() -> None:
    rec = records("full-deck")[0]
    del rec["hands"][0]["nest"]
    assert_rejected(rec, "game 1", "nest")
    rec = records("full-deck")[0]
    rec["format"] = "rook-record/2"
    assert_rejected(rec, "format")


def test_unplayable_rules_in_a_record() -> None:
    rec = records("full-deck")[0]
    rec["rules"]["nest_size"] = 4
    assert_rejected(rec, "game 1", "deal evenly")


def test_game_number_is_the_one_given() -> None:
    rec = records("full-deck")[0]
    rec["winner"] = 1 - rec["winner"]
    with pytest.raises(RecordError) as err:
        replay_record(rec, 7)
    assert err.value.game == 7 and "game 7" in str(err.value)


def test_tampered_record_changes_nothing_for_the_next_replay() -> None:
    recs = records("double-bird")
    replay_record(recs[0], 1)
    bad = copy.deepcopy(recs[0])
    h = first_played(bad)
    bad["hands"][h]["tricks"][0]["winner"] = (bad["hands"][h]["tricks"][0]["winner"] + 1) % 4
    with pytest.raises(RecordError):
        replay_record(bad, 1)
    replay_record(recs[0], 1)


def test_record_deals_are_card_tokens() -> None:
    for rec in records("red-one"):
        for hrec in rec["hands"]:
            for hand in hrec["deal"]:
                for token in hand:
                    parse_card(token)


# ---------------------------------------------------------------------- written as the log tells it
def _record_from_log(hand: Hand, totals: list[int]) -> Record:
    """A hand's record read off its operation log (rookgame.log.operations): the reference the record
    writer, which reads the hand's lists in one pass, must agree with."""
    sides = hand.rules.num_sides
    rec: Record = {"dealer": hand.dealer, "deal": [], "nest": [], "auction": [], "bidder": None,
                   "bid": None, "trump": None, "buried": [], "calls": {}, "tricks": []}
    calls: dict[str, Any] = rec["calls"]
    trick: list[str] = []
    leader = -1
    for op in L.operations(hand):
        if isinstance(op, L.Deal):
            rec["deal"] = [[card_str(c) for c in display_order(h or ())] for h in op.hands]
            rec["nest"] = [card_str(c) for c in display_order(op.nest or ())]
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


ROOT = Path(__file__).resolve().parents[1]
RULES_FILES = [ROOT / "docs/examples/family.toml", *sorted((ROOT / "benchmarks/random-rules").glob("r0*.toml"))]


@pytest.mark.parametrize("name", [*sorted(PRESETS), *(p.name for p in RULES_FILES)])
def test_a_hand_is_recorded_as_its_operation_log_tells_it(name: str) -> None:
    """Every hand, whole or stopped at any step (the auction, the nest, mid-trick, thrown in), is written
    with the same cards, calls and tricks, in the same order, as the operation log tells it."""
    rules = PRESETS[name] if name in PRESETS else load(next(str(p) for p in RULES_FILES if p.name == name))
    rng = random.Random(name)
    seen: set[Phase] = set()
    for k in range(40):
        hand = Hand(rules, k % rules.players)
        zero = [0] * rules.num_sides
        assert json.dumps(hand_record(hand, zero)) == json.dumps(_record_from_log(hand, zero))
        hand.deal_random(rng)
        stop = rng.randrange(200) if k % 2 else 10**6
        while not hand.is_over and len(hand.history) < stop:
            hand.apply_unchecked(rng.choice(hand.legal_actions()))
        seen.add(hand.phase)
        totals = [rng.randrange(-200, 300) for _ in range(rules.num_sides)]
        written = json.dumps(hand_record(hand, totals))
        assert written == json.dumps(_record_from_log(hand, totals)), (name, k, hand)
    assert Phase.DONE in seen and Phase.PLAY in seen


@given(st.integers(min_value=0, max_value=(1 << NUM_CARDS) - 1))
def test_a_records_cards_are_listed_in_display_order(mask: int) -> None:
    assert card_list(mask) == [card_str(c) for c in display_order(cards_of(mask))]
