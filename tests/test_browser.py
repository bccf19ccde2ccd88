"""The web pages in a real browser (Debian's chromium through Playwright) against a real server.

A module-wide server (``rook serve``'s app on uvicorn in a thread, a temporary SQLite database, bots that
move at once) and one chromium; each test opens its own browser contexts (their own localStorage).
The tests: one person and three bots play a whole hand through the UI; two people share a table by its
code and neither sees the other's cards; a phone-sized page never scrolls sideways; the keyboard alone
starts a game and makes a bid, arrows move between cards; hostile names stay text.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Dialog, FilePayload, Page, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

HOSTILE = "<img src=x onerror=alert(1)>"  # 28 characters: a table's name may be 40, a person's only 20
HOSTILE_20 = "<svg/onload=alert()>"  # a person's name of 20 characters that would run if it were markup
TIMEOUT = 30_000  # ms: a page waits at most this long (a loaded 2-core machine took over 15 s once to open a table)


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
        # as rook serve on a network: a page opened here as 127.0.0.1 invites others to this address
        self.app = create_app(f"sqlite:///{db}", bot_delay=bot_delay, lan_url=f"http://10.11.12.13:{self.port}")
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


# counts the views a page hears, so that a test waits for the view after its choice (a page redraws its choices on
# every view, and on a trick held or let go: a choice is clicked by where it is, never through an element kept)
VIEWS = """window.__views = 0;
const RealSocket = window.WebSocket;
window.WebSocket = class extends RealSocket {
  constructor(...a) { super(...a);
    this.addEventListener("message", (e) => { if (JSON.parse(e.data).type === "view") window.__views += 1; }); }
};"""


def choose(page: Page, target: Any) -> None:
    """Clicks ``target`` (a locator) and waits for the view that follows."""
    n = page.evaluate("window.__views")
    target.click()
    page.wait_for_function(f"() => window.__views > {n}")


def parse(card: str) -> int:
    from rookgame.cards import parse_card

    return int(parse_card(card))


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
    context.add_init_script(VIEWS)
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
        if page.locator("#actions .bury-box").count():  # the burial: cards chosen, then confirmed
            while page.locator("#actions .act-bury[disabled]").count():  # each tap redraws the hand
                page.locator("#hand .card.legal:not(.picked)").first.click()
            did["bury"] += page.locator("#hand .card.picked").count()
            choose(page, page.locator("#actions .act-bury"))
            continue
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
            target, kind = page.locator("#hand .card.legal").first, "card"
        choose(page, target)
        did[kind] = did.get(kind, 0) + 1
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

    def on_dialog(d: Dialog) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", on_dialog)
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
    assert page.locator("img:not(#invite-qr), svg").count() == 0  # the one picture: the invite's QR code
    assert page.evaluate("document.title") in (f"{HOSTILE} · Rook", f"Your turn · {HOSTILE}")
    assert not dialogs



# ---------------------------------------------------------------------- a spectator, and the end of a game
def test_a_spectator_sees_the_table_without_a_hand_and_the_game_over_banner(context: BrowserContext,
                                                                              server: str) -> None:
    table = create(server, name="Bots only", seats=["random"] * 4, goal=1)  # the host watches: no seat
    page = open_as(context, server, table)
    assert table["seat"] is None
    console = console_errors(page)
    page.click("#start")
    try:
        page.wait_for_selector("#play:not([hidden])")
    except PlaywrightTimeout:  # seen once in a loaded CI run, not since: say what the page knew
        raise AssertionError(f"no table {TIMEOUT} ms after the start: the page told {errors(page)}, its connection "
                             f"{page.inner_text('#conn')!r}, its console {console}") from None
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
            ctx.add_init_script(VIEWS)
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
                choose(ann, ann.locator("#actions button.pass"))
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


def test_a_bad_rules_file_a_bad_request_and_a_replay_refused_are_told_in_the_readers_language(
        context: BrowserContext, server: str) -> None:
    """An error the API answers (a house-rules file that does not load, a request that does not fit, a game not over
    for the replay) reaches the page as a code and its facts, told in the reader's language, never the server's
    English."""
    from rookgame.rules import RulesError, loads
    from rookgame.words.language import speaking

    with pytest.raises(RulesError) as bad:
        loads("players = 4\nbirds = 5\n", "the house-rules file")
    with speaking("es"):
        spanish = " ".join(bad.value.words().split())
    page = context.new_page()
    page.goto(f"{server}/?lang=es")
    page.wait_for_selector("#preset option", state="attached")
    page.check('input[name="rules-kind"][value="file"]')
    casa: FilePayload = {"name": "casa.toml", "mimeType": "text/plain", "buffer": b"players = 4\nbirds = 5\n"}
    page.set_input_files("#rules-file", files=[casa])
    page.wait_for_function("() => document.getElementById('rules-note').textContent.includes('casa.toml')")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#create-error:not(:empty)")
    assert " ".join(page.inner_text("#create-error").split()) == spanish
    told = page.evaluate("""async () => {
        const w = await import('/static/words.js');
        await w.wordsReady();
        return w.errorWords({error: 'goal: give 1 or more', code: 'request_at_least', params: {field: 'goal', min: 1}});
    }""")
    assert told == "goal: da 1 o más"
    table = create(server, name="Sin terminar", your_name="Ana")
    page.goto(f"{server}/replay/{table['code']}?lang=es")
    page.wait_for_selector("body[data-ready='error']")
    said = page.inner_text("#rx-status")
    assert f"la mesa {table['code']} no ha terminado su partida" in said and "finished" not in said, said


# ---------------------------------------------------------------------- issue 25: a family's first evening
CUES = """window.__cues = {beeps: 0, buzz: 0};
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { const o = super.createOscillator(); const start = o.start.bind(o);
                       o.start = (...a) => { window.__cues.beeps += 1; return start(...a); }; return o; }
};
navigator.vibrate = () => { window.__cues.buzz += 1; return true; };"""


def decode_qr(png: bytes) -> str:
    import io

    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert found, "no QR code in the picture"
    return str(found[0].text)


def bid_highest(page: Page) -> None:
    keys = page.eval_on_selector_all("#actions button.act", "bs => bs.filter(b => b.textContent.startsWith('Bid'))"
                                                            ".map(b => b.dataset.key)")
    page.click(f"[data-key='{max(keys, key=lambda k: int(k.split(':')[1]))}']")


def test_an_evening_invite_turns_burial_tricks_the_hands_end_and_play_again(
        context: BrowserContext, running: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """One person and three bots, one page, as a family's evening goes (issue 25, items 4, 5, 6, 8, 9): the invite
    is the network address, not localhost, and its QR code holds it; the tab says whose turn it is, with a sound
    and a buzz that can be switched off (remembered); the burial is chosen, warned about (a counter, the Bird) and
    confirmed; a trick the bots finish stays on the table until seen, the last of the hand too; the hand's end is
    summed up until dismissed; and at the game's end, play again keeps the table, its code and its seat."""
    import secrets

    monkeypatch.setattr(secrets, "randbits", lambda bits: 1)  # seed 1: Ann outbids the bots and holds the Bird
    table = create(running.url, name="Evening", your_name="Ann", seats=["me", "heuristic", "heuristic", "heuristic"],
                   goal=1)
    monkeypatch.undo()
    code = table["code"]
    room = running.app.state.hub.rooms[code]
    context.add_init_script(CUES)
    context.add_init_script(VIEWS)
    page = open_as(context, running.url, table)
    console = console_errors(page)

    # 4. the invite: this computer's network address (the page was opened as 127.0.0.1), and its QR code
    link = f"http://10.11.12.13:{running.port}/t/{code}"
    page.wait_for_selector("#invite-qr-box:not([hidden])")
    assert page.input_value("#invite-link") == link and link in page.inner_text("#invite-where")
    assert decode_qr(page.locator("#invite-qr").screenshot()) == link

    page.click("#start")
    page.wait_for_selector("#actions button.act")
    # 6. your turn: the title and the icon say so
    assert page.title().startswith("Your turn") and "favicon-turn" in (page.get_attribute("#icon", "href") or "")
    bid_highest(page)  # the most she may: the bots pass, and the nest is hers

    # 8. the burial: chosen, warned about, confirmed
    page.wait_for_selector("#actions .bury-box")
    assert page.title().startswith("Your turn")
    page.click("#hand [data-card='RK']")
    assert "Rook Bird" in page.inner_text("#actions .bury-box .warn")
    assert room.table.hand.buried == []  # a tap only chooses
    counter = next(c for c in hand_cards(page) if c != "RK" and room.rules.deck.points[parse(c)])
    page.click(f"#hand [data-card='{counter}']")
    assert "count" in page.inner_text("#actions .bury-box")
    page.click(f"#hand [data-card='{counter}']")  # chosen again: not chosen
    assert page.locator("#hand .card.picked").count() == 1
    plain = [c for c in hand_cards(page) if not room.rules.deck.points[parse(c)]][:4]
    for c in plain[:3]:
        page.click(f"#hand [data-card='{c}']")
    assert page.locator("#actions .act-bury").is_disabled()  # 4 of 5
    page.click(f"#hand [data-card='{plain[3]}']")
    page.click("#actions .act-bury")
    page.wait_for_selector("#buried .card")
    assert sorted(page.eval_on_selector_all("#buried .card", "cs => cs.map(c => c.dataset.card)")) == sorted(
        ["RK", *plain])

    # 5. tricks: one the bots finish after Ann's card stays on the table until seen
    beeps = page.evaluate("window.__cues.beeps")
    page.uncheck("#cue-sound")  # 6. the sound switched off, and remembered
    page.reload()
    page.wait_for_selector("#hand .card")
    assert not page.is_checked("#cue-sound") and page.is_checked("#cue-vibrate")
    held_seen = False
    deadline = time.monotonic() + 60
    while not page.locator("#hand-end:not([hidden])").count():
        assert time.monotonic() < deadline, errors(page)
        page.wait_for_function("() => document.querySelector('#actions button.act, #hand .card.legal, "
                               "#hand-end:not([hidden])')")
        if page.locator("#hand-end:not([hidden])").count():
            break
        if page.locator("#actions button.act").count():
            choose(page, page.locator("#actions button.act").first)
            continue
        played = page.locator("#hand .card.legal").first.get_attribute("data-card")
        page.click(f"#hand .card.legal[data-card='{played}']")
        page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{played}\"]')")
        taken = page.eval_on_selector_all("#felt .card.in-trick.taken", "cs => cs.map(c => c.dataset.card)")
        if len(taken) == 4 and played in taken and page.inner_text("#trick-seen") and page.locator(
                "#hand-end").is_hidden():
            held_seen = True
            assert "took the trick" in page.inner_text("#trick-note")
            page.click("#felt")  # seen: the table goes on
            page.wait_for_function("() => !document.getElementById('trick-seen').textContent")
    assert held_seen, "no trick was held on the table"

    # 5. the hand's end, summed up (the last trick with it, and still on the table), until dismissed
    summed = page.inner_text("#hand-end")
    assert "Hand 1 is over" in summed and ("made it" in summed or "was set" in summed) and "points taken" in summed
    assert page.locator("#hand-end .cards-line:has-text('The last trick') .card").count() == 4
    assert page.locator("#felt .card.in-trick.taken").count() == 4
    page.set_viewport_size({"width": 375, "height": 740})  # on a phone: in view at once, not three screens down
    box = page.locator("#hand-end").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740 and box["width"] <= 375, box
    no_side_scroll(page, 375)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(3000)
    assert page.locator("#hand-end").is_visible()  # a few seconds later, still there
    page.click("#hand-end-ok")
    assert page.locator("#hand-end").is_hidden()
    cues = page.evaluate("window.__cues")
    assert beeps >= 1 and cues["beeps"] == 0 and cues["buzz"] >= 1, (beeps, cues)  # (counted since the reload)

    # 9. the game is over (to 1 point): play again, at the same table, code and seat
    page.wait_for_selector("#over:not([hidden]) [data-key='rematch']")
    page.click("[data-key='rematch']")
    page.wait_for_selector("#over", state="hidden")
    page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 9")
    assert page.url.endswith(f"/t/{code}") and room.game == f"{code}-2" and room.table.is_human(0)
    assert "Ann (you)" in page.inner_text("#felt")
    assert not errors(page) and not console, (errors(page), console)


def test_a_person_back_takes_their_seat_from_the_bot_keeping_it(browser: Browser, running: Server) -> None:
    """Issue 25, item 7: a dropped player is shown on the table itself (not only in the Seats panel); when the host
    hands their seat to a bot, everyone is told in the page's names, places from 1; the person back sees the bot
    keeping their seat and takes it back in one tap, and the table is told."""
    table = create(running.url, name="Back", your_name="Ann", seats=["me", "open", "heuristic", "heuristic"])
    code = table["code"]
    ann_ctx, bo_ctx = browser.new_context(), browser.new_context()
    try:
        for ctx in (ann_ctx, bo_ctx):
            ctx.set_default_timeout(TIMEOUT)
        ann = open_as(ann_ctx, running.url, table)
        bo = bo_ctx.new_page()
        bo.goto(f"{running.url}/t/{code}")
        bo.wait_for_selector("#seats li")
        bo.fill("#my-name", "Bo")
        bo.click("[data-key='sit:1']")
        ann.wait_for_selector("#seats li:nth-child(2) .seat-name:text('Bo')")
        ann.click("#start")
        bo.wait_for_selector("#hand .card")
        bo.close()  # Bo's phone goes to sleep

        plate = ann.locator("#felt .plate.gone")
        plate.wait_for()
        assert "Bo" in plate.inner_text() and "not connected" in plate.inner_text()  # on the table, for all to see
        ann.click("#seats-panel summary")
        ann.click("#seats-play [data-key='hand:1']")
        ann.wait_for_selector("#messages p.info:has-text('until Bo is back')")
        assert "a bot (Basic) plays Bo's seat, seat 2, until Bo is back" in ann.inner_text("#messages")
        ann.wait_for_selector("#felt .plate[title='Bot 2 (Basic) for Bo']")

        bo = bo_ctx.new_page()  # Bo is back: the token in the browser brings him to his seat
        bo.goto(f"{running.url}/t/{code}")
        bo.wait_for_selector("#kept:not([hidden])")
        assert "A bot is playing your seat" in bo.inner_text("#kept")
        assert bo.get_attribute("#felt .plate.mine", "title") == "Bot 2 (Basic), keeping your seat"
        assert "Basic, for Bo" in bo.inner_text("#felt .plate.mine")
        bo.click("#take-back")  # one tap
        bo.wait_for_selector("#kept", state="hidden")
        bo.wait_for_selector("#felt .plate.mine[title='Bo (you)']")
        bo.wait_for_selector("#messages p.info:has-text('you are back at your seat')")
        ann.wait_for_selector("#messages p.info:has-text('Bo is back at seat 2')")
        assert room_seat_is_human(running, code, 1)
        assert not errors(ann) and not errors(bo), (errors(ann), errors(bo))
    finally:
        ann_ctx.close()
        bo_ctx.close()


def room_seat_is_human(running: Server, code: str, seat: int) -> bool:
    return bool(running.app.state.hub.rooms[code].table.is_human(seat))


# ---------------------------------------------------------------------- issue 26: each person their own language
# every text the page shows a person: visible text, and the labels and titles read aloud or on hovering
SHOWN = """() => {
  const out = [document.title];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    // (a date is written by the browser's Intl in the reader's language: no catalog's)
    if (n.textContent.trim() && e && e.checkVisibility() && !e.closest("script, style, time")) out.push(n.textContent);
  }
  for (const e of document.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
    if (!e.checkVisibility() && !(e instanceof HTMLSelectElement)) continue;
    for (const a of ["aria-label", "title", "placeholder", "alt"]) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  return out;
}"""


def pad_rows(page: Page) -> int:
    return int(page.evaluate("[...document.querySelectorAll('#pad table tr')].slice(1).length"))


def play_on(page: Page, seen: set[str]) -> bool:
    """One choice of this page's person if there is one now (the highest bid or the last choice offered, the first
    card; a burial chosen then confirmed); whether it made one.  What the page shows as it chooses goes to ``seen``."""
    seen.update(page.evaluate(SHOWN))
    if page.locator("#hand-end:not([hidden])").count():
        page.click("#hand-end-ok")
    if page.locator("#actions .bury-box").count():
        while page.locator("#actions .act-bury[disabled]").count():
            page.locator("#hand .card.legal:not(.picked)").first.click()
        seen.update(page.evaluate(SHOWN))
        choose(page, page.locator("#actions .act-bury"))
        return True
    for target in (page.locator("#actions button.act").last, page.locator("#hand .card.legal").first):
        if target.count():
            seen.update(page.evaluate(SHOWN))
            choose(page, target)
            return True
    return False


def test_a_spanish_and_a_swedish_browser_share_a_table_and_play_a_hand(browser: Browser, running: Server) -> None:
    """Issue 26: a Spanish browser and a Swedish one (their Accept-Language) at one table, each reading its own
    language from the same codes; the switch changes the language and is remembered."""
    table = create(running.url, name="Mesa", your_name="Ana", seats=["me", "open", "heuristic", "heuristic"])
    es_ctx = browser.new_context(locale="es-ES")
    sv_ctx = browser.new_context(locale="sv-SE")
    try:
        for ctx in (es_ctx, sv_ctx):
            ctx.set_default_timeout(TIMEOUT)
            ctx.add_init_script(VIEWS)
        ana = open_as(es_ctx, running.url, table, name="Ana")
        bo = sv_ctx.new_page()
        bo.goto(f"{running.url}/t/{table['code']}")
        bo.wait_for_selector("#seats li")
        lang = "document.documentElement.lang"
        assert ana.evaluate(lang) == "es" and bo.evaluate(lang) == "sv"
        assert ana.inner_text("#lobby-h") == "Esperando jugadores" and bo.inner_text("#lobby-h") == "Väntar på spelare"
        bo.fill("#my-name", "Bo")
        bo.click("[data-key='sit:1']")
        ana.wait_for_selector("#seats li:nth-child(2) .seat-name:text('Bo')")
        ana.click("#start")
        for page in (ana, bo):
            page.wait_for_selector("#hand .card")
        seen_es: set[str] = set()
        seen_sv: set[str] = set()
        deadline = time.monotonic() + 90
        while not all(pad_rows(p) for p in (ana, bo)):
            assert time.monotonic() < deadline, (errors(ana), errors(bo))
            seen_es.update(ana.evaluate(SHOWN))
            seen_sv.update(bo.evaluate(SHOWN))
            if not (play_on(ana, seen_es) or play_on(bo, seen_sv)):
                ana.wait_for_timeout(100)
        for page, seen in ((ana, seen_es), (bo, seen_sv)):
            seen.update(page.evaluate(SHOWN))
        es, sv = "\n".join(seen_es), "\n".join(seen_sv)
        # the same moments, each in its own words
        assert "Tanteo" in es and "Ställning" in sv  # the score's heading
        assert "Tu turno" in es and "Din tur" in sv
        assert "Esperando a" in es and "Väntar på" in sv
        assert "Bo (du)" in sv and "Ana (tú)" in es
        assert "puja " in es and "bjuder " in sv  # the auction's calls, Bo's bid among them
        for english in ("Your turn", "Waiting for", "Score", "Auction", "Tricks taken", "Your hand",
                        "Rules of this table"):
            assert english not in es and english not in sv, english
        assert not errors(ana) and not errors(bo), (errors(ana), errors(bo))

        # the switch: Portuguese for Ana, remembered
        ana.select_option("#lang", "pt")
        ana.wait_for_function("() => document.documentElement.lang === 'pt'")
        ana.wait_for_selector("#score-h:text('Placar')")
        ana.reload()
        ana.wait_for_function("() => document.documentElement.lang === 'pt'")
        assert ana.evaluate("localStorage.getItem('rook-lang')") == "pt" and bo.evaluate(lang) == "sv"
    finally:
        es_ctx.close()
        sv_ctx.close()


@pytest.mark.parametrize("code", ["en", "es", "pt", "sv"])
def test_the_pages_hold_at_375_px_in_every_language(browser: Browser, running: Server, code: str) -> None:
    """The front page and the table page on a phone in each language: nothing past the edge, in the lobby and in
    play with the panels open (the longest words are Portuguese and Swedish); ROOK_SCREENSHOTS=DIR keeps a picture
    of the table in each."""
    import os

    ctx = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True, locale=code)
    ctx.set_default_timeout(TIMEOUT)
    try:
        front = ctx.new_page()  # the front page, a preset's description under the list
        front.goto(running.url)
        front.wait_for_selector("#preset-about:not(:empty)")
        assert front.evaluate("document.documentElement.lang") == code
        no_side_scroll(front, 375)
        front.close()
        table = create(running.url, name="Kitchen", your_name="Ann", seats=["me", "open", "heuristic", "heuristic"])
        page = open_as(ctx, running.url, table)
        assert page.evaluate("document.documentElement.lang") == code
        no_side_scroll(page, 375)
        page.click("#start")
        page.wait_for_selector("#actions button.act")
        page.click("#rules-panel summary")
        page.wait_for_selector("#rules-how p")
        no_side_scroll(page, 375)
        page.click("#rules-panel summary")
        page.click("#seats-panel summary")
        no_side_scroll(page, 375)
        page.click("#seats-panel summary")
        folder = os.environ.get("ROOK_SCREENSHOTS")
        if folder:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(Path(folder) / f"table-{code}.png"))
    finally:
        ctx.close()


def test_a_pseudo_language_run_of_the_table_page_finds_no_text_outside_the_catalogs(
        context: BrowserContext, running: Server) -> None:
    """The table page in the tests' pseudo-language (?lang=qps: every template bracketed): from the lobby through a
    hand to its summary, every text shown, label and title comes from the catalogs (names, numbers, cards and the
    bots' levels are no words of a language, but a level is shown by its name, never its identifier)."""
    from rookgame.web.names import LEVELS
    from tests.test_languages import bypassing

    table = create(running.url, name="Qq", your_name="Ann", seats=["me", "heuristic", "heuristic", "heuristic"],
                   goal=1)
    context.add_init_script(VIEWS)
    context.add_init_script(f"localStorage.setItem({json.dumps('rook-token-' + table['code'])}, "
                            f"{json.dumps(table['token'])}); localStorage.setItem('rook-name', 'Ann');")
    page = context.new_page()
    page.goto(f"{running.url}/?lang=qps")  # the front page, a preset's description shown
    page.wait_for_selector("#preset option", state="attached")
    page.wait_for_selector("#preset-about:not(:empty)")
    seen: set[str] = set(page.evaluate(SHOWN))
    page.goto(f"{running.url}/t/{table['code']}?lang=qps")
    page.wait_for_selector("#seats li")
    seen.update(page.evaluate(SHOWN))
    page.click("#start")
    page.wait_for_selector("#hand .card")
    page.click("#rules-panel summary")
    page.click("#seats-panel summary")
    page.wait_for_selector("#rules-how p")
    page.wait_for_selector("#actions button.act")  # Ann's bid: a hint for it
    page.keyboard.press("h")
    page.wait_for_selector("#hints li")
    deadline = time.monotonic() + 60
    while not pad_rows(page):
        assert time.monotonic() < deadline, errors(page)
        seen.update(page.evaluate(SHOWN))
        if not play_on(page, seen):
            page.wait_for_timeout(100)
    seen.update(page.evaluate(SHOWN))
    # the game is over (to 1 point): its banner once the hand's end is read (the pad can show before the page's
    # person has pressed OK on the hand's end; a hand where no side scored plays on), then the history and the
    # replay of it, stepped through
    while not page.locator("#over:not([hidden])").count():
        assert time.monotonic() < deadline + 60, errors(page)
        if not play_on(page, seen):
            page.wait_for_timeout(100)
    seen.update(page.evaluate(SHOWN))
    page.goto(f"{running.url}/history?lang=qps")
    page.wait_for_selector("body[data-ready='1']")
    seen.update(page.evaluate(SHOWN))
    page.goto(f"{running.url}/replay/{table['code']}?lang=qps")
    page.wait_for_selector("body[data-ready='1']")
    for key in ("ArrowRight",) * 12 + ("End", "ArrowLeft"):
        seen.update(page.evaluate(SHOWN))
        page.keyboard.press(key)
    seen.update(page.evaluate(SHOWN))
    assert "⟦" in "".join(seen)
    also = {*re.findall(r"[A-Za-z]+", table["code"]), "ABC", "Ann", "Qq", "Rook", "RK", "qps",
            "English", "Español", "Português", "Svenska"}  # the languages' own names on the switch
    for game in json.load(urllib.request.urlopen(f"{running.url}/api/games")):  # the history's people's names: data
        people = [str(game["players"][s]) for s in game["people"]]  # (a bot's level is shown by its name, never its id)
        also |= set(re.findall(r"[A-Za-z]+", " ".join([str(game["name"]), *people])))
    levels = set(LEVELS)  # a bot's level is shown by its name ("Basic"), never its identifier ("heuristic")
    leaks = sorted({(text, tuple(bypassing(text, also, levels))) for text in seen if bypassing(text, also, levels)})
    assert not leaks, leaks[:10]


def leaked(seen: set[str], also: set[str]) -> list[tuple[str, tuple[str, ...]]]:
    """The texts of ``seen`` with words outside the pseudo-language's brackets (``also``: the run's data)."""
    from tests.test_languages import bypassing

    return sorted({(text, tuple(bypassing(text, also))) for text in seen if bypassing(text, also)})


def words_of(*texts: str) -> set[str]:
    """The words of data shown (codes, links), as :func:`tests.test_languages.bypassing` finds them."""
    return {w for text in texts for pattern in (r"[A-Za-z]+", r"[A-Za-z][A-Za-z_'-]*[A-Za-z]")
            for w in re.findall(pattern, text)}


# what SHOWN leaves out: the choices of the lists shown (a closed list's options are not "visible")
OPTIONS = """() => [...document.querySelectorAll("select")].filter((s) => s.checkVisibility())
  .flatMap((s) => [...s.options].map((o) => o.textContent))"""


def shown(page: Page) -> list[str]:
    return [*page.evaluate(SHOWN), *page.evaluate(OPTIONS)]


def post_json(url: str, body: Any, headers: dict[str, str] | None = None) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


QPS = "localStorage.setItem('rook-lang', 'qps');"  # a page a form moves to reads the pseudo-language too


def test_a_pseudo_language_run_of_the_account_profile_leaderboard_and_club_pages_finds_no_text_outside_the_catalogs(
        browser: Browser, tmp_path: Path) -> None:
    """The account pages in the pseudo-language (?lang=qps): a guest's (sign in, make a profile, a wrong password's
    refusal), the host's once signed up (adding a person, whose set-up link opens the page to choose a password),
    a profile with games counted and not, the leaderboard, and a club's page for its host (tables, an event, its
    leaderboard, an invite link) and for someone opening the invite: every text, label and title comes from the
    catalogs."""
    from rookgame.rules import load
    from rookgame.web.accounts import Seated

    srv = Server(tmp_path / "rook.db")  # its first profile is its host
    contexts: list[BrowserContext] = []

    def context() -> BrowserContext:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.set_default_timeout(TIMEOUT)
        ctx.add_init_script(QPS)
        contexts.append(ctx)
        return ctx

    seen: set[str] = set()
    also = {"Ann", "Bo", "Qq", "Rook", "qps"}
    try:
        page = context().new_page()
        console = console_errors(page)
        page.goto(f"{srv.url}/account?lang=qps")  # a guest: sign in, or make a profile
        page.wait_for_selector("#ac-guest:not([hidden])")
        seen.update(shown(page))
        page.fill("#ac-signin [name=handle]", "nobody")
        page.fill("#ac-signin [name=password]", "not the password")
        page.click("#ac-signin button[type=submit]")
        page.wait_for_selector("#ac-status:not(:empty)")
        seen.update(shown(page))
        page.fill("#ac-signup [name=handle]", "ann")
        page.fill("#ac-signup [name=name]", "Ann")
        page.fill("#ac-signup [name=password]", "correct horse battery staple")
        page.click("#ac-signup button[type=submit]")
        page.wait_for_selector("#ac-me:not([hidden])")  # signed in: the host, with no games yet
        page.wait_for_selector("#ac-profile:not([hidden])")
        seen.update(shown(page))
        page.fill("#ac-add [name=handle]", "bo")
        page.fill("#ac-add [name=name]", "Bo")
        page.click("#ac-add button[type=submit]")  # no password: a set-up link
        page.wait_for_selector("#ac-added code")
        link = page.inner_text("#ac-added code")
        also |= words_of(link)
        seen.update(shown(page))
        assert page.evaluate("document.documentElement.lang") == "qps"  # the page says what language it is in
        page.fill("#ac-club-new [name=name]", "   ")  # refused: a name needs a letter
        page.click("#ac-club-new button[type=submit]")
        page.wait_for_selector("#ac-status:not(:empty)")
        seen.update(shown(page))
        page.fill("#ac-club-new [name=name]", "Qq")
        page.click("#ac-club-new button[type=submit]")  # the club's page, for its host
        page.wait_for_url("**/club/*")
        club = page.url.rsplit("/", 1)[1]
        page.wait_for_selector("#cl-invite:not([hidden])")
        seen.update(shown(page))
        table = create(srv.url, name="Qq", seats=["open", "heuristic", "random", "heuristic"])["code"]
        also |= words_of(table, club)
        page.fill("#cl-add-table input", "ZZZZZZ")  # refused: no such table
        page.click("#cl-add-table button[type=submit]")
        page.wait_for_selector("#cl-status:not(:empty)")
        seen.update(shown(page))
        page.fill("#cl-add-table input", table)
        page.click("#cl-add-table button[type=submit]")
        page.wait_for_selector("#cl-tables li")
        page.fill("#cl-add-event [name=title]", "   ")  # refused: a title needs a letter
        page.fill("#cl-add-event [name=at]", "2027-02-04T19:00")
        page.evaluate("document.getElementById('cl-status').textContent = ''")
        page.click("#cl-add-event button[type=submit]")
        page.wait_for_selector("#cl-status:not(:empty)")
        seen.update(shown(page))
        page.fill("#cl-add-event [name=title]", "Qq")
        page.fill("#cl-add-event [name=at]", "2027-02-04T19:00")
        page.fill("#cl-add-event [name=note]", "Qq")
        page.click("#cl-add-event button[type=submit]")
        page.wait_for_selector("#cl-events li")
        page.click("#cl-invite")
        page.wait_for_selector("#cl-invite-link code")
        invite = page.inner_text("#cl-invite-link code")  # for the network (lan_url): opened here on 127.0.0.1
        also |= words_of(invite)
        invite, link = (srv.url + u.split(str(srv.port), 1)[1] for u in (invite, link))
        seen.update(shown(page))
        # games at the club's table: one counted, one with a seat handed to a bot
        accounts = srv.app.state.accounts
        rules = load("kentucky-discard")
        seats = [Seated("p:1", 1, "Ann"), Seated("bot:heuristic", None, "heuristic"),
                 Seated("bot:random", None, "random"), Seated("bot:heuristic", None, "heuristic")]
        assert accounts.record_game(table, rules, seats, [500, 120], 0, handed=False)
        assert accounts.record_game(f"{table}-2", rules, seats, [100, 500], 1, handed=True)
        also |= words_of(f"{table}-2")
        # and bots at it under house rules: a ladder of its own ("house-" and the rules' fingerprint), in words
        bots = [Seated("bot:heuristic", None, "heuristic"), Seated("bot:random", None, "random")] * 2
        assert accounts.record_game(f"{table}-3", rules.replace(goal=400), bots, [400, 120], 0, handed=False)
        also |= words_of(f"{table}-3")
        for path, ready in ((f"/club/{club}", "#cl-board tr"), ("/account", "#ac-games li"),
                            ("/players/1", "#ac-ratings tr"), ("/leaderboard", "#lb-rows tr"),
                            ("/club/NOSUCH", "#cl-status:not(:empty)"), ("/players/99", "#ac-status:not(:empty)")):
            page.goto(f"{srv.url}{path}?lang=qps")
            page.wait_for_selector(ready)
            seen.update(shown(page))
        # the ladders by their names, never their keys (a preset's key is no word of a language: said here)
        assert not [t for t in seen if "kentucky-discard" in t or "house-" in t]
        # and in Swedish: the preset's name and the house file's ladder in words, each count in its own form
        sv = context().new_page()
        sv.goto(f"{srv.url}/players/1?lang=sv")
        sv.wait_for_selector("#ac-ratings tr")
        assert sv.inner_text("#ac-stats") == "2 partier, 1 vunnet, 1 räknat i betygen"
        assert sv.inner_text("#ac-ratings td") == "Kentucky Discard"
        assert "Kentucky Discard" in sv.inner_text("#ac-games") and "kentucky-discard" not in sv.inner_text("#ac-games")
        for path, select in (("/leaderboard", "#lb-ladder"), (f"/club/{club}", "#cl-ladder")):
            sv.goto(f"{srv.url}{path}?lang=sv")
            sv.wait_for_selector(f"{select} option", state="attached")
            names = sv.eval_on_selector_all(f"{select} option", "(os) => os.map((o) => o.textContent)")
            assert len(names) == 2 and "Kentucky Discard" in names, (path, names)
            assert [n for n in names if re.fullmatch(r"Husregler \([0-9a-f]{12}\)", n)], (path, names)
        # (the wrong password's 401, and no favicon on these pages, are the only resources refused)
        assert not [m for m in console if not m.startswith("Failed to load resource")], console
        # someone not signed in opens the club's invite, and the person the host added opens their set-up link
        other = context().new_page()
        other.goto(f"{invite}&lang=qps")
        other.wait_for_selector("#cl-join-sign-in:not([hidden])")
        seen.update(shown(other))
        other.goto(f"{link}&lang=qps")
        other.wait_for_selector("#ac-setup:not([hidden])")
        seen.update(shown(other))
        other.fill("#ac-setup [name=password]", "short")  # refused: too short (the browser's own check is off)
        other.evaluate("document.querySelector('#ac-setup [name=password]').removeAttribute('minlength')")
        other.click("#ac-setup button[type=submit]")
        other.wait_for_selector("#ac-status:not(:empty)")
        seen.update(shown(other))
        other.fill("#ac-setup [name=password]", "correct horse battery staple")
        other.click("#ac-setup button[type=submit]")
        other.wait_for_selector("#ac-me:not([hidden])")
        other.goto(f"{invite}&lang=qps")  # signed in now: the club's invite lets Bo join
        other.click("#cl-join")
        other.wait_for_selector("#cl-member:not([hidden])")
        seen.update(shown(other))
    finally:
        for ctx in contexts:
            ctx.close()
        srv.stop()
    assert "⟦" in "".join(seen)
    leaks = leaked(seen, also | {"heuristic", "random"})
    assert not leaks, leaks[:20]


def test_an_events_rules_are_named_in_the_readers_language_never_by_their_key(server: str,
                                                                             context: BrowserContext) -> None:
    """The tournament page's line under an event's name names its rules as the leaderboards name a ladder: a
    preset by its name in the reader's language, a house-rules file (here a preset with a goal of its own) as
    "House rules (fingerprint)"; never a preset's key."""
    page = context.new_page()
    lines = []
    for body in ({"name": "Klubb", "preset": "kentucky-discard"},
                 {"name": "Klubb", "preset": "kentucky-discard", "goal": 400}):
        made = post_json(f"{server}/api/tournaments", {**body, "rounds": 1, "boards": 1})
        page.goto(f"{server}{made['url']}?lang=sv")
        page.wait_for_function("() => document.getElementById('event-line').textContent !== ''")
        lines.append(page.inner_text("#event-line"))
    assert lines[0] == "Klubb: Kentucky Discard, 1 rond med 1 bricka, räknat i matchpoäng", lines
    assert re.fullmatch(r"Klubb: Husregler \([0-9a-f]{12}\), 1 rond med 1 bricka, räknat i matchpoäng", lines[1]), lines


def test_a_directors_refusal_names_the_events_rules_in_the_readers_language_never_by_their_key(
        server: str, context: BrowserContext) -> None:
    """Two players for a table of three (cutthroat, no bots to fill it): the refusal travels as a code and the rules'
    key, and the director's page says it in Swedish with the preset's name; the units' bots by their levels' names."""
    made = post_json(f"{server}/api/tournaments", {"name": "Klubb", "preset": "cutthroat", "rounds": 1, "boards": 1,
                                                   "fill": None})
    for name, level in (("Ett", "random"), ("Två", "heuristic")):
        post_json(f"{server}/api/tournaments/{made['code']}/units", {"name": name, "members": [level]})
    director = {"X-Rook-Director": made["director"]}
    with pytest.raises(urllib.error.HTTPError) as refused:
        post_json(f"{server}/api/tournaments/{made['code']}/rounds", {}, director)
    body = json.load(refused.value)
    assert body["code"] == "event_too_few_units" and body["params"] == {"rules": "cutthroat", "sides": 3, "count": 2}
    context.add_init_script(f"localStorage.setItem({json.dumps('rook-director-' + made['code'])}, "
                            f"{json.dumps(made['director'])});")
    page = context.new_page()
    page.goto(f"{server}{made['url']}?lang=sv")
    page.wait_for_selector("#start-round:not([hidden])")
    page.wait_for_selector("#units li:nth-child(2)")
    assert page.inner_text("#units").split("\n") == ["Ett: Slumpvis", "Två: Grundläggande"]
    page.click("#start-round")
    page.wait_for_selector("#director-error:not(:empty)")
    assert page.inner_text("#director-error") == "ett bord i Var för sig har plats för 3 enheter: 2 anmälda"


def test_a_bot_level_reads_as_its_name_in_every_list_and_at_the_table(server: str, context: BrowserContext) -> None:
    """In Swedish: the front page's lists (a seat's player, the bots that fill a table), the tournament form's, and at
    a table the host's lists (a bot's seat, handing a seat to a bot) and a bot's plate say each level by its name;
    a list's choice is still the level's identifier (what the protocol carries)."""
    from rookgame.web.names import LEVELS

    names = ["Slumpvis", "Grundläggande", "Lätt", "Medel", "Svår", "Expert"]
    context.add_init_script("localStorage.setItem('rook-lang', 'sv');")

    def choices(page: Page, select: str) -> list[list[str]]:
        page.wait_for_selector(f"{select} option", state="attached")
        return list(page.eval_on_selector_all(f"{select} option", "(os) => os.map((o) => [o.value, o.textContent])"))

    def levels_of(page: Page, select: str) -> list[str]:
        return [text for value, text in choices(page, select) if value in LEVELS]

    page = context.new_page()
    page.goto(f"{server}/")
    assert choices(page, "#fill") == [[level, name] for level, name in zip(LEVELS, names)]
    assert levels_of(page, "#plan-1") == [f"Bot: {name}" for name in names]
    page.goto(f"{server}/tournaments")
    assert levels_of(page, "#t-fill") == names
    table = create(server, name="Bord", your_name="Ann", seats=["me", "heuristic", "random", "open"])
    host = open_as(context, server, table)
    host.wait_for_selector("[data-key='level:1']")
    assert levels_of(host, "[data-key='level:1']") == [f"Bot: {name}" for name in names]
    host.select_option("[data-key='level:3']", "heuristic")  # the identifier goes out; the seat shows the name
    host.wait_for_selector("#seats li:nth-child(4) .seat-name:text('Bot 4 (Grundläggande)')")
    host.click("#start")
    host.wait_for_selector("#hand .card")
    plates = host.inner_text("#felt")
    assert "Grundläggande" in plates and "Slumpvis" in plates and "heuristic" not in plates and "random" not in plates
    host.click("#seats-panel summary")
    assert levels_of(host, "[data-key='handlevel:0']") == [f"Bot: {name}" for name in names]
    assert "heuristic" not in host.inner_text("#seats-play")


def test_a_pseudo_language_run_of_the_tournament_pages_finds_no_text_outside_the_catalogs(
        browser: Browser, tmp_path: Path) -> None:
    """The tournaments' pages in the pseudo-language (?lang=qps): the list and the form of a new event, an event's
    page for its director and for a pair registered on it, through a round played to the end by bots, a result
    corrected: the standings, the tables, the results and the director's controls come from the catalogs."""
    from rookgame.web.names import LEVELS

    srv = Server(tmp_path / "rook.db")
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(TIMEOUT)
    ctx.add_init_script(QPS)
    seen: set[str] = set()
    also = {"Ann", "Qq", "Rook", "qps", *LEVELS}
    try:
        page = ctx.new_page()
        console = console_errors(page)
        page.goto(f"{srv.url}/tournaments?lang=qps")
        page.wait_for_selector("#new:not([hidden])")
        seen.update(shown(page))
        presets = page.eval_on_selector_all("#t-preset option", "os => os.map((o) => o.textContent)")
        assert presets and all("⟦" in p for p in presets), presets[:3]  # by their names in the reader's language
        page.fill("#t-name", "Qq")
        page.fill("#t-rounds", "1")
        page.fill("#t-boards", "1")
        page.select_option("#t-fill", "")  # no bots fill a table: a unit sits out
        page.click("#create-form button[type=submit]")  # the event's page, for its director
        page.wait_for_url("**/tournament/*")
        code = page.url.rsplit("/", 1)[1]
        also |= words_of(code)
        page.wait_for_selector("#director:not([hidden])")
        page.wait_for_selector("#register:not([hidden])")
        seen.update(shown(page))
        page.fill("#unit-name", "Qq")
        page.fill("#member-0", "Ann")
        page.fill("#member-1", "Bo")
        page.click("#register-form button[type=submit]")  # Ann and Bo: Bo's link to give him
        page.wait_for_selector("#me p")
        seen.update(shown(page))
        for _ in range(4):  # five pairs: two tables, and one pair sitting out
            post_json(f"{srv.url}/api/tournaments/{code}/units", {"members": ["heuristic", "random"]})
        page.wait_for_selector("#standings tr:nth-child(6)")
        page.click("#pause")
        page.wait_for_selector("#resume:not([hidden])")
        seen.update(shown(page))
        page.click("#resume")
        page.wait_for_selector("#pause:not([hidden])")
        page.click("#start-round")
        page.wait_for_selector("#tables li.note")  # who sits out
        page.wait_for_selector("#me p:nth-child(2)")  # where Ann plays, or that she sits out
        seen.update(shown(page))
        assert "⟦" in page.inner_text("#tables li.note")  # said so, not a bare list of names
        page.select_option("#replace-unit", "1")  # Ann and Bo cannot stay: bots play for them
        for member in ("0", "1"):
            page.select_option("#replace-member", member)
            page.fill("#replace-by", "heuristic")
            page.click("#replace-form button[type=submit]")
            page.wait_for_timeout(300)
        page.wait_for_selector("#results tr:nth-child(3)", timeout=120_000)  # the round's boards played
        page.wait_for_function("() => document.querySelectorAll('#exports a').length === 3", timeout=120_000)
        seen.update(shown(page))
        page.fill("#correct-round", "1")
        page.fill("#correct-table", "9")  # refused: no such table
        page.fill("#correct-board", "1")
        page.fill("#correct-scores", "90 30")
        page.fill("#correct-reason", "Qq")
        page.click("#correct-form button[type=submit]")
        page.wait_for_selector("#director-error:not(:empty)")
        seen.update(shown(page))
        page.fill("#correct-table", "1")
        page.fill("#correct-board", "1")
        page.fill("#correct-scores", "90 30")
        page.fill("#correct-reason", "Qq")
        page.click("#correct-form button[type=submit]")
        page.wait_for_selector("#results td.note")
        seen.update(shown(page))
        page.goto(f"{srv.url}/tournaments?lang=qps")  # the list, with the event
        page.wait_for_selector("#events li")
        seen.update(shown(page))
        # the event's rules by their name, never the preset's key (no word of a language: said here)
        assert not [t for t in seen if "kentucky-discard" in t or "house-" in t]
        # (the correction refused is the only request refused)
        assert not [m for m in console if not m.startswith("Failed to load resource")], console
    finally:
        ctx.close()
        srv.stop()
    assert "⟦" in "".join(seen)
    leaks = leaked(seen, also)
    assert not leaks, leaks[:20]
