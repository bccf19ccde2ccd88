"""The table's wire protocol: every message valid against its JSON Schema; hostile messages refused."""

from __future__ import annotations

import json

import jsonschema
import pytest

from rookgame import actions as A
from rookgame.cards import card_str, cards_of, parse_card
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
    for sent in (P.Welcome(table="ABCD", seat=0, token="t0k3n", host=True),
                 P.Lobby(code="ABCDEF", name="Sunday", rules="kentucky-discard", preset="kentucky-discard", players=4,
                         goal=500, mode="partners", low_call=False, bird_call=False, fill="heuristic",
                         seats=[P.SeatInfo(seat=0, kind="person", name="Ann", connected=True)], spectators=0,
                         started=False, over=False, winner=None),
                 P.Info(text="the bot at seat 2 failed; the server's log says why", code="bot_failed",
                        params={"place": 2}),
                 P.refused(P.Refusal("no_table", table="'ABCD'")), P.Hint(choices=[P.hint_choice(0, 1.5)]),
                 P.Pong()):
        valid(P.dump(sent))


@pytest.mark.parametrize("message", [
    {"type": "join", "v": 2, "table": "ABCD"}, {"type": "join", "table": "ABCD", "token": "x" * 40},
    {"type": "sit", "seat": 2, "name": "Bo"}, {"type": "stand"}, {"type": "start"}, {"type": "swap", "a": 0, "b": 3},
    {"type": "bot", "seat": 1, "level": "expert"}, {"type": "bot", "seat": 1, "level": None},
    {"type": "act", "action": 341}, {"type": "hint"}, {"type": "ping"},
    {"type": "bury", "actions": [64, 65, 70, 80, 90]}, {"type": "rematch"},
])
def test_every_intent_is_read_back_and_valid(message: dict[str, object]) -> None:
    parsed = P.parse_client(json.dumps(message))
    assert parsed.type == message["type"]
    valid(P.dump(parsed))
    assert P.parse_client(P.dump(parsed)) == parsed


@pytest.mark.parametrize("text, says", [
    ("x" * 5000, "at most 4,?096 bytes"),  # a number as the language writes it
    ("{not json", "one JSON object"),
    (b"\xff\xfe", "one JSON object"),
    ("[" * 2000 + "]" * 2000, "one JSON object"),  # 4,000 bytes: too deep for the parser, within the size
    ('{"type": "act", "action": ' + "9" * 5000 + "}", "at most 4,?096 bytes"),
    ("[1, 2]", "one JSON object"),
    ('{"type": "dance"}', "unknown message type 'dance'; a client may send: join, sit"),
    ('{"type": "join", "v": 1, "table": "A"}', "protocol version 1 is not served; this server speaks 2"),
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
    kinds = ["join", "sit", "stand", "swap", "start", "bot", "act", "bury", "rematch", "hint", "ping", "say", "mute",
             "welcome", "lobby", "view", "event", "refused", "pong", "info", "tournament", "talk"]
    assert all(f"| `{k}` |" in text for k in kinds)
    found = {d["properties"]["type"]["const"] for side in ("client", "server")
             for d in P.schema()["$defs"][side]["$defs"].values() if "type" in d.get("properties", {})}
    assert found <= set(kinds) and len(found) == len(set(kinds))


@pytest.mark.parametrize("action, kind, card, value", [
    (A.BID + 85, "bid", None, 85), (A.PASS, "pass", None, None), (A.REDEAL, "redeal", None, None),
    (A.TRUMP + 1, "trump", None, 1), (A.NO_TRUMP, "no_trump", None, None), (A.LOW, "low", None, None),
    (A.BIRD_HIGH, "bird_high", None, None), (A.BURY + parse_card("G5"), "bury", "G5", None),
    (A.PARTNER + parse_card("RK"), "partner", "RK", None), (A.NO_MORE_PARTNERS, "no_more_partners", None, None),
    (parse_card("Y14"), "play", "Y14", None),
])
def test_a_choice_on_the_wire_says_its_kind_card_and_value(action: int, kind: str, card: str | None,
                                                           value: int | None) -> None:
    """A page reads what a choice is from these fields, never from its number or its label."""
    ch = P.choice(action)
    assert (ch.action, ch.kind, ch.card, ch.value) == (action, kind, card, value)
    valid(P.dump(P.Hint(choices=[P.hint_choice(action, None)])))


def test_a_refusal_on_the_wire_carries_its_code_and_facts_besides_the_sentence() -> None:
    from rookgame.state import IllegalAction

    engine = IllegalAction("must_follow", seat=1, lead=parse_card("Y8"), colour=2, held=(parse_card("Y6"),))
    msg = json.loads(P.dump(P.refused(engine)))
    valid(json.dumps(msg))
    assert msg["code"] == "must_follow" and msg["params"] == {"seat": 1, "lead": "Y8", "colour": 2, "held": ["Y6"]}
    assert msg["reason"] == "renege: Y8 was led and seat 1 holds yellow (Y6); it must follow yellow"
    with pytest.raises(P.ProtocolError) as err:
        P.parse_client('{"type": "dance"}')
    assert (err.value.code, err.value.params["type"]) == ("unknown_type", "'dance'")


def test_every_code_the_server_refuses_with_has_its_sentence() -> None:
    """Each Refusal raised in the web package names a code of the words' catalog, with the facts it fills."""
    import ast
    from pathlib import Path

    from rookgame.words.catalog import fields
    from rookgame.words.refusals import REFUSALS, SERVER
    from rookgame.words.web import SERVER as WEB

    web = Path(P.__file__).parent
    seen = 0
    for path in web.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
                    and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
                    in ("Refusal", "NoTable", "ProtocolError", "Forbidden", "Elsewhere", "Unavailable") and node.args):
                first = node.args[0]
                if isinstance(first, ast.Attribute) and first.attr == "code":
                    continue  # an engine refusal passed on: its code is the engine's (tests/test_state.py)
                codes = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for code in codes:
                    assert isinstance(code, ast.Constant) and isinstance(code.value, str), ast.dump(node)
                    say = WEB.get(code.value) or SERVER.get(code.value) or REFUSALS.get(code.value)
                    assert say is not None, f"{path.name}: {code.value} has no sentence"
                    given = {k.arg for k in node.keywords}
                    for template in (say.text, say.other, *say.you.values()):
                        if template is not None:
                            assert fields(template) <= given, (code.value, given)
                    seen += 1
    assert seen > 40
