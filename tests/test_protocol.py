"""The table's wire protocol: every message valid against its JSON Schema; hostile messages refused."""

from __future__ import annotations

import json

import jsonschema
import pytest

from rookgame.cards import card_str, cards_of
from rookgame.rules import preset
from rookgame.table import Bot, Table
from rookgame.web import protocol as P

VALIDATOR = jsonschema.Draft202012Validator(P.schema())


def valid(text: str) -> None:
    VALIDATOR.validate(json.loads(text))


@pytest.mark.slow
def test_every_message_of_a_game_is_valid_against_the_schema_and_shows_only_the_seats_cards() -> None:
    jsonschema.Draft202012Validator.check_schema(P.schema())
    table = Table(preset("kentucky-discard"), [Bot("heuristic")] * 4, seed=3)
    heard = [0, 0, 0, 0]
    for _ in range(120):
        seat = table.to_act
        assert seat is not None
        for s in range(4):
            msg = P.ViewUpdate(view=P.view_message(table.view(s)))
            text = P.dump(msg)
            valid(text)
            others = {card_str(c) for o in range(4) if o != s for c in cards_of(table.hand.hands[o])}
            shown = json.loads(text)["view"]
            assert set(shown["hand"]) == {card_str(c) for c in cards_of(table.hand.hands[s])}
            assert not others & set(shown["hand"] + (shown["nest"] or []) + (shown["buried"] or []))
            for n, event in enumerate(table.events(s, heard[s]), heard[s]):
                valid(P.dump(P.Event(n=n, event=event)))
            heard[s] = len(table.events(s))
        table.bot_step()
    for msg in (P.Welcome(table="ABCD", seat=0, token="t0k3n", host=True),
                P.Lobby(code="ABCDEF", name="Sunday", rules="kentucky-discard", preset="kentucky-discard", players=4,
                        goal=500, mode="partners", fill="heuristic",
                        rules_words=[P.RuleLine(option="goal", value="500", meaning="")],
                        seats=[P.SeatInfo(seat=0, kind="person", name="Ann", connected=True)], spectators=0,
                        started=False, over=False, winner=None),
                P.Info(text="a bot took seat 2"),
                P.Refused(reason="renege: ..."), P.Hint(choices=[P.HintChoice(action=0, label="B1", points=1.5)]),
                P.Pong()):
        valid(P.dump(msg))


@pytest.mark.parametrize("message", [
    {"type": "join", "v": 1, "table": "ABCD"}, {"type": "join", "table": "ABCD", "token": "x" * 40},
    {"type": "sit", "seat": 2, "name": "Bo"}, {"type": "stand"}, {"type": "start"}, {"type": "swap", "a": 0, "b": 3},
    {"type": "bot", "seat": 1, "level": "expert"}, {"type": "bot", "seat": 1, "level": None},
    {"type": "act", "action": 341}, {"type": "hint"}, {"type": "ping"},
])
def test_every_intent_is_read_back_and_valid(message: dict[str, object]) -> None:
    parsed = P.parse_client(json.dumps(message))
    assert parsed.type == message["type"]
    valid(P.dump(parsed))
    assert P.parse_client(P.dump(parsed)) == parsed


@pytest.mark.parametrize("text, says", [
    ("x" * 5000, "at most 4096 bytes"),
    ("{not json", "one JSON object"),
    (b"\xff\xfe", "one JSON object"),
    ("[" * 2000 + "]" * 2000, "one JSON object"),  # 4,000 bytes: too deep for the parser, within the size
    ('{"type": "act", "action": ' + "9" * 5000 + "}", "at most 4096 bytes"),
    ("[1, 2]", "one JSON object"),
    ('{"type": "dance"}', "unknown message type 'dance'; a client may send: join, sit"),
    ('{"type": "join", "v": 2, "table": "A"}', "protocol version 2 is not served"),
    ('{"type": "act", "action": true}', "act: action:"),
    ('{"type": "act", "action": 1.0}', "act: action:"),
    ('{"type": "act", "action": 99999}', "act: action:"),
    ('{"type": "sit", "seat": 0.0, "name": "A"}', "sit: seat:"),
    ('{"type": "sit", "seat": 9, "name": "A"}', "sit: seat:"),
    ('{"type": "sit", "seat": 1, "name": ""}', "sit: name:"),
    ('{"type": "stand", "seat": 3}', "stand: seat: Extra inputs are not permitted"),
    ('{"type": "act", "action": 5, "x": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": 1}}}}}}}}}',
     "nested too deep"),
])
def test_a_hostile_message_is_refused_with_what_was_wrong(text: str | bytes, says: str) -> None:
    with pytest.raises(P.ProtocolError, match=says.replace("(", r"\(").replace(")", r"\)")):
        P.parse_client(text)


def test_docs_describe_every_message() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text(encoding="utf-8")
    kinds = ["join", "sit", "stand", "swap", "start", "bot", "act", "hint", "ping",
             "welcome", "lobby", "view", "event", "refused", "pong", "info"]
    assert all(f"| `{k}` |" in text for k in kinds)
    found = {d["properties"]["type"]["const"] for side in ("client", "server")
             for d in P.schema()["$defs"][side]["$defs"].values() if "type" in d.get("properties", {})}
    assert found <= set(kinds) and len(found) == len(set(kinds))
