"""Table talk (issue 27, item 3), on the wire: the players' talk and the spectators' apart, typed text kept as text,
a rate per person, the host's mute, quick phrases by code read in each reader's language, and the talk kept with
its game (heard again after a restart)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rookgame.web.app import create_app
from rookgame.web.chat import BURST, MAX_TEXT
from rookgame.words.accounts import PHRASES
from tests.wire import Wire, create, seated, serving


def table(client: TestClient) -> tuple[str, Wire, Wire]:
    """Ann hosts at seat 0, Bo sits at seat 1."""
    made = create(client, your_name="Ann", seats=["me", "open", "heuristic", "heuristic"])
    ann = Wire(client, made["code"], made["token"])
    bo = seated(client, made["code"], 1, "Bo")
    return made["code"], ann, bo


def heard(wire: Wire) -> list[dict[str, Any]]:
    """Everything said to ``wire`` up to now: a ping's pong comes after whatever was queued before it."""
    start = len(wire.heard)
    wire.send({"type": "ping"})
    wire.until("pong")
    return [m for m in wire.heard[start:] if m["type"] == "talk"]


def refusal(wire: Wire) -> dict[str, Any]:
    return wire.until("refused")


def test_the_players_talk_reaches_everyone_and_the_spectators_talk_only_spectators(client: TestClient) -> None:
    code, ann, bo = table(client)
    rail, rail2 = Wire(client, code), Wire(client, code)  # two watching
    ann.send({"type": "say", "text": "Hello Bo"})
    assert ann.until("talk")["text"] == "Hello Bo"  # said back to its speaker too
    said = bo.until("talk")
    assert {k: said[k] for k in ("n", "channel", "seat", "name", "text", "phrase")} == {
        "n": 0, "channel": "table", "seat": 0, "name": "Ann", "text": "Hello Bo", "phrase": None}
    assert rail.until("talk")["text"] == "Hello Bo" and rail2.until("talk")["text"] == "Hello Bo"
    rail.send({"type": "say", "text": "Ann should bid"})
    assert rail.until("talk")["channel"] == "spectators" and rail2.until("talk")["text"] == "Ann should bid"
    assert heard(ann) == [] and heard(bo) == []  # no coaching from the rail
    ann.send({"type": "say", "text": "thanks"})
    ann.until("talk")
    assert [m["text"] for m in heard(rail2)] == ["thanks"]


def test_typed_text_travels_as_text_tidied_and_bounded(client: TestClient) -> None:
    code, ann, bo = table(client)
    hostile = '<img src=x onerror="alert(1)">\u202e  & </script>\x00'
    ann.send({"type": "say", "text": hostile})
    said = bo.until("talk")
    assert said["text"] == '<img src=x onerror="alert(1)"> & </script>'  # as data: no control or bidi characters
    script = client.get("/static/chat.js").text  # the page shows it as text, never as markup
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "el(" in script
    for text, code_ in (("   \u200b ", "talk_empty"), ("x" * (MAX_TEXT + 1), "talk_long")):
        ann.send({"type": "say", "text": text})
        assert refusal(ann)["code"] == code_
    ann.send({"type": "say", "text": "a", "phrase": "hello"})
    assert refusal(ann)["code"] == "talk_one"
    assert heard(bo) == []


def test_talking_too_fast_is_refused_and_nothing_of_it_is_said_or_kept(client: TestClient) -> None:
    code, ann, bo = table(client)
    for n in range(BURST + 1):
        ann.send({"type": "say", "text": f"message {n}"})
    refused = refusal(ann)
    assert refused["code"] == "talk_too_fast" and refused["params"] == {"seconds": 2}
    assert [m["text"] for m in heard(bo)] == [f"message {n}" for n in range(BURST)]
    kept = client.app.state.hub.talk.store.all(code)  # type: ignore[attr-defined]
    assert len(kept) == BURST


def test_the_host_mutes_a_player_and_the_spectators_and_lets_them_talk_again(client: TestClient) -> None:
    code, ann, bo = table(client)
    rail = Wire(client, code)
    bo.send({"type": "mute", "seat": 0})
    assert refusal(bo)["code"] == "only_host"
    ann.send({"type": "mute", "seat": 1})
    told = bo.until("info")
    assert told["code"] == "talk_muted_seat" and told["text"] == "the host muted you"
    assert ann.until("info")["text"] == "the host muted Bo (seat 2)"
    bo.send({"type": "say", "text": "but"})
    assert refusal(bo)["code"] == "talk_muted"
    ann.send({"type": "mute", "seat": None})
    told = rail.until("info")
    while told["code"] != "spectators_muted":  # the table was told of Bo's mute first
        told = rail.until("info")
    rail.send({"type": "say", "phrase": "good_bid"})
    assert refusal(rail)["code"] == "talk_muted"
    ann.send({"type": "mute", "seat": 1, "on": False})
    bo.until("info")
    bo.send({"type": "say", "text": "thank you"})
    bo.until("talk")
    assert [m["text"] for m in heard(ann)] == ["thank you"]
    ann.send({"type": "mute", "seat": 2})
    assert refusal(ann)["code"] == "mute_nobody"  # a bot's seat
    room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
    assert room.lobby.muted == ["*spectators"]  # kept in the lobby: it outlives a restart


def test_a_quick_phrase_travels_as_its_code_and_each_reader_reads_it_in_their_language(client: TestClient) -> None:
    code, ann, bo = table(client)
    ann.send({"type": "say", "phrase": "good_bid"})
    said = bo.until("talk")
    assert said["phrase"] == "good_bid" and said["text"] is None
    ann.send({"type": "say", "phrase": "Good bid!"})
    assert refusal(ann)["code"] == "talk_phrase"
    english = client.get("/api/account/words").json()["phrases"]
    spanish = client.get("/api/account/words", headers={"Accept-Language": "es"}).json()["phrases"]
    swedish = client.get("/api/account/words?lang=sv").json()["phrases"]
    assert set(english) == set(spanish) == set(PHRASES)
    assert english["good_bid"] == "Good bid!" and spanish["good_bid"] != english["good_bid"] != swedish["good_bid"]


def test_the_talk_is_kept_with_the_game_and_a_newcomer_hears_it_even_after_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'rook.db'}"
    with serving(create_app(db, bot_delay=0, rate=1000)) as client:
        code, ann, bo = table(client)
        ann.send({"type": "say", "text": "first"})
        bo.send({"type": "say", "phrase": "hello"})
        rail = Wire(client, code)
        rail.send({"type": "say", "text": "from the rail"})
        rail.until("talk")
        for w in (ann, bo, rail):
            heard(w)
            w.close()
    with serving(create_app(db, bot_delay=0, rate=1000)) as client:
        kept = client.app.state.hub.talk.store.all(code)  # type: ignore[attr-defined]
        assert [(m["channel"], m["text"], m["phrase"]) for m in kept] == [
            ("table", "first", None), ("table", None, "hello"), ("spectators", "from the rail", None)]
        back = Wire(client, code, ann.token)  # Ann, at the table: the table's talk only
        assert [m["text"] or m["phrase"] for m in heard(back)] == ["first", "hello"]
        watcher = Wire(client, code)  # a spectator: both
        try:
            assert [m["text"] or m["phrase"] for m in heard(watcher)] == ["first", "hello", "from the rail"]
        finally:
            back.close()
            watcher.close()


def test_every_phrase_and_talk_sentence_is_in_the_words_module() -> None:
    script = Path(__file__).resolve().parents[1] / "src/rookgame/web/static/chat.js"
    text = script.read_text(encoding="utf-8")
    assert not re.search(r"['\"`][A-Z][a-z]+ [a-z]+", text), "English sentences belong in words/accounts.py"


@pytest.mark.slow
@pytest.mark.browser
def test_the_table_pages_talk_panel_shows_text_as_text_and_phrases_in_each_readers_language(
        chromium: str, tmp_path: Path) -> None:
    """In chromium: Ann types markup and picks a quick phrase at her table's page; a spectator reading Spanish sees
    the markup as text (no element made of it) and the phrase in Spanish."""
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    from tests.test_browser import Server, create, open_as

    srv = Server(tmp_path / "rook.db")
    try:
        table_ = create(srv.url, your_name="Ann", seats=["me", "open", "heuristic", "heuristic"])
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium)
            ann_ctx, rail_ctx = browser.new_context(), browser.new_context()
            for ctx in (ann_ctx, rail_ctx):
                ctx.set_default_timeout(15_000)
            ann = open_as(ann_ctx, srv.url, table_)
            rail = rail_ctx.new_page()
            rail.goto(f"{srv.url}/t/{table_['code']}?lang=es")
            rail.wait_for_selector("#talk form")
            ann.wait_for_selector("#talk [data-phrase='good_bid']", state="attached")
            ann.fill("#talk input", "<img src=x onerror=alert(1)>")
            ann.press("#talk input", "Enter")
            rail.wait_for_selector("#talk li[data-n='0']")
            assert rail.inner_text("#talk li[data-n='0']") == "Ann: <img src=x onerror=alert(1)>"
            assert rail.locator("#talk img").count() == 0
            ann.click("#talk summary")  # the quick phrases, folded under their heading
            ann.click("#talk [data-phrase='good_bid']")
            rail.wait_for_selector("#talk li[data-n='1']")
            assert rail.inner_text("#talk li[data-n='1']") == "Ann: ¡Buena puja!"
            ann.wait_for_selector("#talk li[data-n='1']")
            assert ann.inner_text("#talk li[data-n='1']") == "Ann: Good bid!"
            browser.close()
    finally:
        srv.stop()
