"""The web pages in a real browser (Debian's chromium through Playwright) against a real server.

A module-wide server (``rook serve``'s app on uvicorn in a thread, a temporary SQLite database, bots that
move at once) and one chromium; each test opens its own browser contexts (their own localStorage).
The tests: one person and three bots play a whole hand through the UI; two people share a table by its
code and neither sees the other's cards; a phone-sized page never scrolls sideways; the keyboard alone
starts a game and makes a bid, arrows move between cards; hostile names stay text.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

HOSTILE = "<img src=x onerror=alert(1)>"  # 28 characters: a table's name may be 40, a person's only 20
HOSTILE_20 = "<svg/onload=alert()>"  # a person's name of 20 characters that would run if it were markup
TIMEOUT = 15_000  # ms


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``rook serve``'s app on uvicorn in a thread, on ``port`` (default: a free one)."""

    def __init__(self, db: Path, port: int | None = None, bot_delay: float = 0.0) -> None:
        import uvicorn

        from rookgame.web.app import create_app

        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(f"sqlite:///{db}", bot_delay=bot_delay)
        self.srv = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.srv.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.srv.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web") / "rook.db")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def server(running: Server) -> str:
    return running.url


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium)
        yield b
        b.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(TIMEOUT)
    yield ctx
    ctx.close()


def create(server: str, **body: Any) -> dict[str, Any]:
    req = urllib.request.Request(f"{server}/api/tables", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return dict(json.load(r))


def open_as(ctx: BrowserContext, server: str, table: dict[str, Any], name: str = "Ann") -> Page:
    """The table's page in ``ctx`` holding the token ``table`` was created with (as the lobby page keeps it)."""
    ctx.add_init_script(f"localStorage.setItem({json.dumps('rook-token-' + table['code'])}, "
                        f"{json.dumps(table['token'])}); localStorage.setItem('rook-name', {json.dumps(name)});")
    page = ctx.new_page()
    page.goto(f"{server}/t/{table['code']}")
    page.wait_for_selector("#seats li")
    return page


def hand_cards(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)"))


# the score pad's rows for hands played out (a thrown-in hand has a row too)
PLAYED = ("[...document.querySelectorAll('#pad table tr')].slice(1)"
          ".filter(r => r.children[1] && r.children[1].textContent !== 'thrown in').length")


def played_hands(page: Page) -> int:
    return int(page.evaluate(PLAYED))


def errors(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#messages p.error", "ps => ps.map(p => p.textContent)"))


def no_side_scroll(page: Page, width: int) -> None:
    got = page.evaluate("[document.documentElement.scrollWidth, document.body.scrollWidth]")
    assert max(got) <= width, f"the page scrolls sideways: {got} > {width}"
    # and nothing sticks out past the edge (where the stylesheet's overflow-x: hidden would only hide it)
    out = page.evaluate("""w => [...document.body.querySelectorAll('*')].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (r.right > w + 0.5 || r.left < -0.5) && !e.closest('.pad-wrap');
    }).map(e => `${e.tagName}#${e.id}.${e.className}`)""", width)
    assert not out, f"past the edge of a {width}-pixel page: {out[:8]}"


def console_errors(page: Page) -> list[str]:
    """Collects the page's console errors (a Content-Security-Policy violation is one)."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    return seen


# ---------------------------------------------------------------------- (a) a whole hand through the UI
def test_one_person_and_three_bots_play_a_whole_hand(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    console = console_errors(page)
    page.goto(server)
    page.fill("#table-name", "Kitchen table")
    page.fill("#your-name", "Ann")
    page.select_option("#preset", "kentucky-discard")
    for seat in (1, 2, 3):
        page.select_option(f"#plan-{seat}", "heuristic")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/t/*")
    code = page.url.rsplit("/", 1)[1]
    assert page.evaluate(f"localStorage.getItem('rook-token-{code}')")
    page.click("#start")
    page.wait_for_selector("#play:not([hidden])")
    assert page.locator("#hand .card").count() == 9

    did: dict[str, int] = {"bid": 0, "bury": 0, "trump": 0, "card": 0, "hint": 0}
    deadline = time.monotonic() + 40
    # a bot without counters may call a redeal before Ann acts: that hand is thrown in, and the next is played
    while not played_hands(page):
        assert time.monotonic() < deadline, f"the hand did not end; did {did}, errors {errors(page)}"
        page.wait_for_function(f"() => document.querySelector('#actions button.act, #hand .card.legal') || {PLAYED}")
        if played_hands(page):
            break
        acts = page.locator("#actions button.act")
        if acts.count():
            labels = acts.all_text_contents()
            if any(t.startswith("Bid") for t in labels):
                if not did["hint"]:  # the hint, once: ranked choices with expected points
                    page.keyboard.press("h")
                    page.wait_for_selector("#hints .hint-list li")
                    if any(t.startswith("Redeal") for t in labels):  # taken without valuing the bids
                        assert "not valued one by one" in page.inner_text("#hints")
                    else:
                        assert "expected points" in page.inner_text("#hints")
                    did["hint"] += 1
                target, kind = acts.last, "bid"  # the highest bid: this seat takes the nest
            else:
                target, kind = acts.first, "trump" if labels[0].startswith("Trump") else "other"
        else:
            target = page.locator("#hand .card.legal").first
            kind = "bury" if (target.get_attribute("aria-label") or "").startswith("Bury") else "card"
        handle = target.element_handle()
        assert handle is not None
        handle.click()
        did[kind] = did.get(kind, 0) + 1
        handle.wait_for_element_state("hidden")  # every view redraws the choices
    assert did["card"] >= 1 and did["bid"] >= 1, did
    if did["bury"]:  # this seat won the auction: it buried the nest's worth of cards and named trump
        assert did["bury"] == 5 and did["trump"] == 1, did
    assert played_hands(page) == 1
    assert not errors(page), errors(page)
    assert not console, console


# ---------------------------------------------------------------------- (b) two people, one table
def test_two_people_share_a_table_by_its_code(browser: Browser, server: str) -> None:
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        for ctx in (host_ctx, guest_ctx):
            ctx.set_default_timeout(TIMEOUT)
        host = host_ctx.new_page()
        host.goto(server)
        host.fill("#your-name", "Hostie")
        host.click("#create-form button[type=submit]")
        host.wait_for_url("**/t/*")
        host.wait_for_selector("#seats li")
        code = host.inner_text("#code").strip()
        assert code and host.input_value("#invite-link").endswith(f"/t/{code}")

        guest = guest_ctx.new_page()
        guest.goto(server)
        guest.fill("#join-code", code.lower())
        guest.click("#join-form button[type=submit]")
        guest.wait_for_url(f"**/t/{code}")
        guest.wait_for_selector("#seats li")
        assert guest.locator("#start").is_hidden()  # not the host
        guest.fill("#my-name", "Guest")
        guest.click("[data-key='sit:1']")
        host.wait_for_selector("#seats li:nth-child(2) .seat-name:text('Guest')")
        host.click("#start")
        for page in (host, guest):
            page.wait_for_selector("#play:not([hidden])")
            page.wait_for_selector("#hand .card")
        mine, theirs = hand_cards(host), hand_cards(guest)
        assert len(mine) == len(theirs) == 9
        assert not set(mine) & set(theirs)
        guest_text = guest.inner_text("#hand-area")
        assert "Guest" in guest.inner_text("#felt") and "Hostie" in guest.inner_text("#felt")
        assert all(host.locator(f"#hand [data-card='{c}']").count() for c in mine)
        assert not any(guest.locator(f"#hand [data-card='{c}']").count() for c in mine), guest_text
        # a reload comes back to the same seat with the token kept in localStorage
        guest.reload()
        guest.wait_for_selector("#hand .card")
        assert hand_cards(guest) == theirs
    finally:
        host_ctx.close()
        guest_ctx.close()


# ---------------------------------------------------------------------- (c) a phone
def test_a_phone_sized_page_never_scrolls_sideways(browser: Browser, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(TIMEOUT)
    try:
        page = ctx.new_page()
        page.goto(server)
        page.wait_for_selector("#preset option", state="attached")
        no_side_scroll(page, 375)
        table = create(server, name="A rather long table name for a phone", your_name="Ann",
                       seats=["me", "open", "medium", "open"])
        page = open_as(ctx, server, table)
        no_side_scroll(page, 375)
        page.click("#start")
        page.wait_for_selector("#hand .card")
        page.wait_for_selector("#actions button.act")  # bidding reached this seat: the bid buttons are up
        no_side_scroll(page, 375)
        page.click("#rules-panel summary")
        page.click("#seats-panel summary")
        no_side_scroll(page, 375)
    finally:
        ctx.close()


# ---------------------------------------------------------------------- (d) the keyboard alone
def test_the_keyboard_alone_starts_the_game_and_bids(context: BrowserContext, server: str) -> None:
    table = create(server, name="Keys", your_name="Ann", seats=["me", "easy", "easy", "easy"])
    page = open_as(context, server, table)

    def tab_to(selector: str, limit: int = 80) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement && document.activeElement.matches({json.dumps(selector)})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("#start")
    page.keyboard.press("Enter")
    page.wait_for_selector("#actions button.act")  # seat 0 bids last in hand 1: the bots have bid
    page.evaluate("document.activeElement.blur()")
    # arrows move between the cards of the hand
    tab_to("#hand .card")
    first = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.card")
    assert second != first and second in hand_cards(page)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')")  # "Red 14" and the like
    # and Tab (backwards) reaches a bid, which Enter makes
    for _ in range(40):
        page.keyboard.press("Shift+Tab")
        if page.evaluate("document.activeElement.matches('#actions button.act')"):
            break
    label = page.evaluate("document.activeElement.textContent")
    assert label == "Pass" or label.startswith("Bid")
    page.keyboard.press("Enter")
    said = "pass" if label == "Pass" else label.lower()
    page.wait_for_selector(f"#auction li:text('Ann (you): {said}')")
    assert not errors(page)


# ---------------------------------------------------------------------- (e) hostile names
def test_hostile_names_are_shown_as_text(context: BrowserContext, server: str) -> None:
    dialogs: list[str] = []
    page = context.new_page()
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(server)
    page.fill("#table-name", HOSTILE)
    page.fill("#your-name", HOSTILE[:20])
    page.evaluate(f"document.getElementById('your-name').value = {json.dumps(HOSTILE)}")  # past maxlength
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#create-error:text('at most 20 characters')")  # the server's own words
    page.fill("#your-name", HOSTILE_20)
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#seats li")
    assert page.inner_text("#table-name") == HOSTILE
    assert HOSTILE_20 in page.inner_text("#seats")
    page.click("#start")
    page.wait_for_selector("#play:not([hidden])")
    assert HOSTILE_20 in page.inner_text("#felt")
    page.wait_for_timeout(200)
    assert page.locator("img, svg").count() == 0
    assert page.evaluate("document.title") == f"{HOSTILE} · Rook"
    assert not dialogs



# ---------------------------------------------------------------------- a spectator, and the end of a game
def test_a_spectator_sees_the_table_without_a_hand_and_the_game_over_banner(context: BrowserContext,
                                                                              server: str) -> None:
    table = create(server, name="Bots only", seats=["random"] * 4, goal=1)  # the host watches: no seat
    page = open_as(context, server, table)
    assert table["seat"] is None
    page.click("#start")
    page.wait_for_selector("#play:not([hidden])")
    assert page.locator("#hand-area").is_hidden() and page.locator("#hint").is_hidden()
    page.wait_for_selector("#over:not([hidden])", timeout=30_000)  # a game to 1 point: over after a hand or so
    assert "Game over" in page.inner_text("#over")
    assert page.get_attribute("#over a[href^='/replay/']", "href") == f"/replay/{table['code']}"
    assert page.locator("#over a[href='/history']").count() == 1
    assert page.locator("#pad table tr").count() >= 2


# ---------------------------------------------------------------------- a dropped connection
def test_the_page_reconnects_to_its_seat_when_the_server_comes_back(context: BrowserContext, tmp_path: Path) -> None:
    first = Server(tmp_path / "rook.db")
    try:
        table = create(first.url, name="Restart", your_name="Ann", seats=["me", "easy", "easy", "easy"])
        page = open_as(context, first.url, table)
        page.click("#start")
        page.wait_for_selector("#actions button.act")
        cards = hand_cards(page)
    finally:
        first.stop()
    page.wait_for_selector("#conn:text('reconnecting')")
    again = Server(tmp_path / "rook.db", port=first.port)  # the same database: the table is rebuilt from its log
    try:
        page.wait_for_selector("#conn:text('connected')")
        page.wait_for_selector("#actions button.act")
        assert hand_cards(page) == cards  # back at the same seat, with its token
    finally:
        again.stop()


# ---------------------------------------------------------------------- what the rules show the table
SHOW_BURIED = 'preset = "kentucky-discard"\nshow_buried_trump = true\n'


def test_a_person_and_a_spectator_see_the_trumps_the_bidder_buried_where_the_rules_show_them(
        browser: Browser, running: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """show_buried_trump: the buried trumps are turned face up as the play starts; the person at seat 0 and a
    spectator both see them on the page (seed 3: seat 2, a random bot, buries two trumps while Ann passes)."""
    import secrets

    from rookgame.cards import CardSet
    from rookgame.visible import shown_buried

    monkeypatch.setattr(secrets, "randbits", lambda bits: 3)  # the deal of the table created next
    table = create(running.url, name="Shown", your_name="Ann", rules_file=SHOW_BURIED, goal=1,
                   seats=["me", "random", "random", "random"])
    monkeypatch.undo()
    person_ctx, watch_ctx = browser.new_context(), browser.new_context()
    try:
        for ctx in (person_ctx, watch_ctx):
            ctx.set_default_timeout(TIMEOUT)
        ann = open_as(person_ctx, running.url, table)
        watcher = watch_ctx.new_page()
        watcher.goto(f"{running.url}/t/{table['code']}")
        watcher.wait_for_selector("#seats li")
        ann.click("#start")
        deadline = time.monotonic() + 40
        while not ann.locator("#shown .shown-buried").count():  # Ann passes until the play starts
            assert time.monotonic() < deadline, errors(ann)
            ann.wait_for_function("() => document.querySelector('#shown .shown-buried, #actions button.pass')")
            if ann.locator("#actions button.pass").count() and not ann.locator("#shown .shown-buried").count():
                handle = ann.locator("#actions button.pass").element_handle()
                assert handle is not None
                handle.click()
                handle.wait_for_element_state("hidden")
        room = running.app.state.hub.rooms[table["code"]]
        hand = room.table.match.hands[0] if room.table.match.hands else room.table.match.hand
        buried = sorted(str(c) for c in CardSet(shown_buried(hand)))
        assert buried and hand.bidder != 0
        for page in (ann, watcher):
            page.wait_for_selector("#shown .shown-buried .card")
            shown = page.eval_on_selector_all("#shown .shown-buried .card", "cs => cs.map(c => c.dataset.card)")
            assert sorted(shown) == buried
            assert "buried" in page.inner_text("#shown .shown-buried")
        assert ann.locator("#hand-area").is_visible() and watcher.locator("#hand-area").is_hidden()
        assert not errors(ann)
    finally:
        person_ctx.close()
        watch_ctx.close()


def test_the_page_tells_a_refusal_from_its_code_in_its_own_names(context: BrowserContext, server: str) -> None:
    """A refusal's sentence comes from the server's catalog, filled with the page's names for the seats:
    "you" for its own seat, cards by their names; the page reads no English of the server's."""
    page = context.new_page()
    page.goto(f"{server}/history")
    told = page.evaluate("""async () => {
        const w = await import('/static/words.js');
        await w.wordsReady();
        const renege = {code: 'must_follow', params: {seat: 1, lead: 'R5', colour: 1, held: ['R7', 'R9']},
                        reason: 'renege: ...'};
        const names = (s) => ['Ann', 'Bo'][s];
        return [w.refusalWords(renege, 1, names), w.refusalWords(renege, 0, names), w.refusalWords(renege, null, names),
                w.refusalWords({code: 'seat_taken', params: {place: 1}, reason: 'seat 1 is taken'}, 0, names),
                w.refusalWords({code: 'must_bury', params: {bidder: 0, left: 1, done: 4, size: 5}}, 0, names),
                w.refusalWords({code: 'no_such_code', params: {}, reason: 'as the server said'}, 0, names)];
    }""")
    assert told == ["Red 5 was led and you hold red (Red 7, Red 9): you must follow red",
                    "Red 5 was led and Bo holds red (Red 7, Red 9): Bo must follow red",
                    "Red 5 was led and Bo holds red (Red 7, Red 9): Bo must follow red",
                    "seat 2 is taken; sit at an open seat",  # the page counts seats from 1
                    "you must bury 1 more card now (4 of 5 buried)",
                    "as the server said"]
