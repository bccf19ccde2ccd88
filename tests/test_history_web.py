"""The history pages of ``rook serve``: ``/history`` (finished games, players' statistics, a chart) and
``/replay/CODE`` (one game step by step), and the API under them (``/api/games``, ``.../record``,
``.../steps``, ``/api/stats``).

The API is tested in-process (TestClient); one browser test drives chromium on a real uvicorn server:
the list, the chart, a replay stepped with the keyboard, and a hostile name that must stay text.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from rookgame.cli import app as cli_app
from rookgame.rules import preset
from rookgame.table import Bot, Human, Seat, Table
from rookgame.web.app import STATIC, create_app
from rookgame.web.store import Store

HOSTILE = "<img src=x onerror=alert(1)>"
CARD = re.compile(r"^(?:[BRYG](?:[1-9]|1[0-4])|RK2?)$")
MY_PAGES = ("history.html", "replay.html")
MY_SCRIPTS = ("history.js", "replay.js")


@dataclass(frozen=True)
class Games:
    url: str
    sunday: str  # Ann and Bo with two bots, finished
    hostile: str  # a game and a player named HOSTILE, with Ann; finished
    open: str  # a table still being played
    actions: dict[str, int]  # decisions per finished game


def _play(st: Store, seats: list[Seat], seed: int, name: str, *, stop: int | None = None) -> tuple[str, int]:
    """A game through a Table, each action appended to the store; people take their first legal action."""
    rules = preset("kentucky-discard")
    code = st.create(rules, seats, seed=seed, name=name)
    t = Table(rules, seats, seed)
    n = 0
    while not t.is_over and (stop is None or n < stop):
        s = _seat_to_act(t)
        a = t.think(s) if not t.is_human(s) else t.legal(s)[0]
        t.submit(s, a)
        st.append(code, n, s, a)
        n += 1
    if stop is None:
        st.set_finished(code)
    return code, n


def _seat_to_act(t: Table) -> int:
    """The seat whose turn it is, at a table that is waiting on one."""
    seat = t.to_act
    assert seat is not None
    return seat


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Games:
    url = f"sqlite:///{tmp_path_factory.mktemp('history') / 'rook.db'}"
    st = Store(url)
    sunday, n1 = _play(st, [Human("Ann"), Bot("heuristic"), Human("Bo"), Bot("heuristic")], 5, "Sunday")
    hostile, n2 = _play(st, [Human(HOSTILE), Bot("heuristic"), Human("Ann"), Bot("heuristic")], 7, HOSTILE)
    # a person stops the open table at their turn, so its bots (restored by the server) cannot finish it
    seats: list[Seat] = [Human("Cy"), Bot("heuristic"), Human("Di"), Bot("heuristic")]
    rules = preset("kentucky-discard")
    t = Table(rules, seats, 9)
    stop = 0
    while stop < 12 or not t.is_human(_seat_to_act(t)):
        s = _seat_to_act(t)
        t.submit(s, t.think(s) if not t.is_human(s) else t.legal(s)[0])
        stop += 1
    open_code, _ = _play(st, seats, 9, "still playing", stop=stop)
    return Games(url, sunday, hostile, open_code, {sunday: n1, hostile: n2})


@pytest.fixture(scope="module")
def client(games: Games) -> Iterator[TestClient]:
    with TestClient(create_app(games.url, bot_delay=0)) as c:
        yield c


# ---------------------------------------------------------------------------------------------- the API
def test_games_lists_the_finished_games_newest_first(client: TestClient, games: Games) -> None:
    listed = client.get("/api/games").json()
    assert [g["code"] for g in listed] == [games.hostile, games.sunday]
    g = listed[1]
    assert g["name"] == "Sunday" and g["rules"] == "kentucky-discard"
    assert g["players"] == ["Ann", "heuristic", "Bo", "heuristic"] and g["people"] == [0, 2]
    assert g["winner"] in (0, 1) and len(g["totals"]) == 2 and g["hands"] >= 1
    assert max(g["totals"]) == g["totals"][g["winner"]]
    assert listed[0]["name"] == HOSTILE and listed[0]["players"][0] == HOSTILE  # JSON keeps it as it is
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", g["finished"])


def test_steps_show_every_decision_with_the_whole_table(client: TestClient, games: Games) -> None:
    r = client.get(f"/api/games/{games.sunday}/steps")
    assert r.status_code == 200
    data = r.json()
    assert data["code"] == games.sunday and data["name"] == "Sunday"
    assert data["players"] == ["Ann", "heuristic", "Bo", "heuristic"] and data["winner"] in (0, 1)
    steps = data["steps"]
    assert len(steps) == games.actions[games.sunday]
    keys = {"hand", "seat", "action", "dealer", "hands", "nest", "trick", "leader", "bidder", "bid", "trump",
            "partner_cards", "tricks", "totals"}
    assert all(set(s) == keys for s in steps)
    first = steps[0]
    assert first["hand"] == 1 and first["bidder"] == -1 and first["trick"] == [] and first["totals"] == [0, 0]
    assert [len(h) for h in first["hands"]] == [9, 9, 9, 9] and len(first["nest"]) == 5
    assert {s["hand"] for s in steps} == set(range(1, steps[-1]["hand"] + 1))
    assert all(CARD.match(c) for s in steps for c in s["trick"])
    assert all(set(s["action"]) == {"action", "kind", "card", "value", "label"} for s in steps)
    played = [s["action"]["card"] for s in steps if s["action"]["kind"] == "play"]
    assert all(CARD.match(c) for c in played)
    assert len(played) == 36 * steps[-1]["hand"]  # every card of every hand, each once
    assert steps[-1]["tricks"] == 8 and len(steps[-1]["trick"]) == 3


def test_steps_write_hands_and_nest_as_card_text(client: TestClient, games: Games) -> None:
    for s in client.get(f"/api/games/{games.sunday}/steps").json()["steps"]:
        for c in [*(c for h in s["hands"] for c in h), *s["nest"]]:
            assert CARD.match(c), c


def test_stats_count_people_not_bots(client: TestClient, games: Games) -> None:
    stats = {p["name"]: p for p in client.get("/api/stats").json()}
    assert set(stats) == {"Ann", "Bo", HOSTILE}  # not the bots, not Cy and Di of the open table
    listed = {g["code"]: g for g in client.get("/api/games").json()}
    ann = stats["Ann"]
    assert ann["games"] == 2 and [p["code"] for p in ann["per_game"]] == [games.sunday, games.hostile]
    assert ann["hands"] == listed[games.sunday]["hands"] + listed[games.hostile]["hands"]
    for p in stats.values():
        assert p["made"] + p["set"] == p["bids"] <= p["hands"]
        assert p["points"] == sum(g["points"] for g in p["per_game"])
        assert p["points_per_hand"] == round(p["points"] / p["hands"], 1)
        assert 0 <= p["won"] <= p["games"] == len(p["per_game"])
    bo = stats["Bo"]  # Bo's side is seat 0's: its points are the side's total
    assert bo["points"] == listed[games.sunday]["totals"][0]
    assert bo["won"] == int(listed[games.sunday]["winner"] == 0)


def test_the_record_downloads_and_rook_replay_accepts_it(client: TestClient, games: Games, tmp_path: Path) -> None:
    r = client.get(f"/api/games/{games.sunday.lower()}/record")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == f'attachment; filename="rook-{games.sunday}.jsonl"'
    rec = json.loads(r.text)
    assert rec["format"] == "rook-record/1"
    path = tmp_path / "game.jsonl"
    path.write_text(r.text)
    res = CliRunner().invoke(cli_app, ["replay", str(path)])
    assert res.exit_code == 0, res.output


def test_a_table_still_played_is_not_served(client: TestClient, games: Games) -> None:
    """Its hands are still hidden: no record, no steps, not listed."""
    for what in ("record", "steps"):
        r = client.get(f"/api/games/{games.open}/{what}")
        assert r.status_code == 404 and "not finished" in r.json()["error"]
        assert client.get(f"/api/games/NOSUCH/{what}").status_code == 404
    assert games.open not in {g["code"] for g in client.get("/api/games").json()}


def test_the_pages_load_only_their_own_scripts_and_styles(client: TestClient, games: Games) -> None:
    for path, page in (("/history", "history.html"), (f"/replay/{games.sunday}", "replay.html")):
        r = client.get(path)
        assert r.status_code == 200 and "script-src 'self'" in r.headers["content-security-policy"]
        assert r.text == (STATIC / page).read_text()
    for name in (*MY_PAGES, *MY_SCRIPTS, "history.css"):
        assert client.get(f"/static/{name}").status_code == 200
    for name in MY_PAGES:  # nothing inline: the CSP would block it
        html = (STATIC / name).read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), name
        assert not re.search(r"<style|\sstyle=|\son[a-z]+=", html, re.I), name
    for name in MY_SCRIPTS:  # data goes in as text only
        js = (STATIC / name).read_text()
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(", js), name


# ---------------------------------------------------------------------------------------------- the browser
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(games: Games) -> Iterator[str]:
    import uvicorn

    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(games.url, bot_delay=0), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


def test_browser_history_chart_replay_keyboard_and_a_hostile_name(chromium: str, server: str, games: Games,
                                                                  client: TestClient) -> None:
    from playwright.sync_api import Dialog, expect, sync_playwright

    steps = client.get(f"/api/games/{games.sunday}/steps").json()["steps"]
    stats = client.get("/api/stats").json()
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=chromium)
    try:
        page = browser.new_page(viewport={"width": 375, "height": 740})
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))

        def on_dialog(d: Dialog) -> None:
            problems.append(f"dialog: {d.message}")
            d.dismiss()

        page.on("dialog", on_dialog)
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" and "rook.css" not in m.text
                and "404" not in m.text else None)  # rook.css is the lobby's, and may not be there yet
        page.set_default_timeout(10_000)

        page.goto(f"{server}/history")
        page.wait_for_selector("body[data-ready='1']")
        cards = page.locator(".hx-game")
        expect(cards).to_have_count(2)
        sunday = page.locator(f".hx-game[data-code='{games.sunday}']")
        expect(sunday.locator("h3")).to_have_text("Sunday")
        expect(sunday).to_contain_text("Ann & Bo")
        expect(sunday.locator("a", has_text="download record")).to_have_attribute(
            "href", f"/api/games/{games.sunday}/record")
        hostile = page.locator(f".hx-game[data-code='{games.hostile}']")
        expect(hostile.locator("h3")).to_have_text(HOSTILE)  # shown as text ...
        assert page.locator("img").count() == 0  # ... and never made an element
        expect(page.locator("#hx-stats-body tr")).to_have_count(len(stats))
        expect(page.locator("#hx-stats-body th", has_text=HOSTILE)).to_have_count(1)
        bars = page.locator("#hx-chart svg rect.hx-bar")
        expect(bars).to_have_count(len(stats))
        assert bars.evaluate_all("bs => bs.map(b => b.getAttribute('data-name'))") == [p["name"] for p in stats]
        caption = page.locator("#hx-chart figcaption")
        for p in stats:
            expect(caption).to_contain_text(f"{p['name']} {p['points_per_hand']}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375

        sunday.locator("a", has_text="replay").click()
        page.wait_for_url(f"**/replay/{games.sunday}*")
        page.wait_for_selector("body[data-ready='1']")
        counter, action = page.locator("#rx-counter"), page.locator("#rx-action")
        total = len(steps) + 1  # and the game over
        names = ["Ann", "Basic (bot, seat 2)", "Bo", "Basic (bot, seat 4)"]  # a bot by its level's name

        def shows(i: int) -> None:
            expect(counter).to_have_text(f"Step {i + 1} of {total}")
            if i < len(steps):
                s = steps[i]
                expect(action.locator(".rx-who")).to_have_text(names[s["seat"]])
                expect(action.locator(".rx-what")).to_have_attribute("data-action", s["action"]["label"])
                for seat, hand in enumerate(s["hands"]):
                    expect(page.locator(f".rx-seat[data-seat='{seat}'] .card")).to_have_count(len(hand))
                expect(page.locator("#rx-trick .card")).to_have_count(len(s["trick"]))
                expect(page.locator(f".rx-seat[data-seat='{s['seat']}']")).to_have_class(re.compile("rx-acting"))
            else:
                expect(action).to_contain_text("Game over")

        shows(0)
        page.keyboard.press("ArrowRight")
        shows(1)
        page.keyboard.press("ArrowRight")
        shows(2)
        page.keyboard.press("ArrowLeft")
        shows(1)
        page.keyboard.press("End")
        shows(total - 1)
        page.keyboard.press("ArrowLeft")
        shows(total - 2)
        page.keyboard.press("Home")
        shows(0)
        page.keyboard.press("ArrowLeft")
        shows(0)
        page.click("#rx-last")
        shows(total - 1)
        page.locator("#rx-slider").fill("20")
        shows(20)
        chips = page.locator(".card").evaluate_all("cs => cs.map(c => c.getAttribute('data-card'))")
        assert chips and all(CARD.match(c) for c in chips), chips
        assert page.evaluate("document.documentElement.scrollWidth") <= 375

        page.goto(f"{server}/replay/{games.hostile}")
        page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#rx-title")).to_have_text(f"Replay: {HOSTILE}")
        expect(page.locator(".rx-seat[data-seat='0'] .rx-name")).to_have_text(HOSTILE)
        assert page.locator("img").count() == 0

        page.goto(f"{server}/replay/{games.open}")
        page.wait_for_selector("body[data-ready='error']")
        expect(page.locator("#rx-status")).to_contain_text("not finished")

        empty = browser.new_page(viewport={"width": 375, "height": 740})  # a server with no finished game yet
        for api in ("**/api/games", "**/api/stats"):  # (the page's words, /api/words, still come from the server)
            empty.route(api, lambda route: route.fulfill(status=200, content_type="application/json", body="[]"))
        empty.goto(f"{server}/history")
        empty.wait_for_selector("body[data-ready='1']")
        expect(empty.locator("#hx-games-empty")).to_contain_text("No finished games yet")
        expect(empty.locator("#hx-stats-empty")).to_be_visible()
        expect(empty.locator("#hx-chart")).to_be_hidden()
        expect(empty.locator("#hx-stats")).to_be_hidden()
        assert problems == []
    finally:
        browser.close()
        pw.stop()
