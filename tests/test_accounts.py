"""Players who are known (issue 27, items 1 and 2): profiles with argon2 passwords, sessions in HTTP-only cookies,
CSRF on every change, the host adding people, a guest beside a profile at one table, and the ratings kept in the
database after every finished game (not after one whose seat was handed to a bot)."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from rookgame.web.app import create_app
from tests.wire import Wire, serving

PASSWORD = "correct horse battery staple"


def csrf(client: TestClient) -> dict[str, str]:
    """The header a page sends with every change: the token GET /api/account gives it."""
    r = client.get("/api/account")
    assert r.status_code == 200
    return {"X-CSRF-Token": r.json()["csrf"]}


def post(client: TestClient, path: str, body: dict[str, Any] | None = None, **headers: str) -> Any:
    return client.post(path, json=body or {}, headers={**csrf(client), **headers})


def sign_up(client: TestClient, handle: str = "ann", name: str = "Ann", password: str = PASSWORD) -> dict[str, Any]:
    r = post(client, "/api/account/signup", {"handle": handle, "name": name, "password": password})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()["player"]
    return out


def me(client: TestClient) -> dict[str, Any] | None:
    player: dict[str, Any] | None = client.get("/api/account").json()["player"]
    return player


# ---------------------------------------------------------------------- signing up, in and out
def test_sign_up_sign_out_and_sign_in_again_with_the_password(client: TestClient) -> None:
    assert me(client) is None  # a guest
    ann = sign_up(client, "Ann.Smith", "Ann")
    assert ann == {"id": 1, "handle": "ann.smith", "name": "Ann", "host": True}  # the server's first is its host
    assert me(client) == ann
    cookie = client.cookies.get("rook_session")
    assert cookie and len(cookie) >= 40
    assert post(client, "/api/account/signout").json() == {"player": None}
    assert me(client) is None
    r = post(client, "/api/account/signin", {"handle": "ANN.smith", "password": PASSWORD})  # any case
    assert r.status_code == 200 and r.json()["player"] == ann and me(client) == ann
    assert client.cookies.get("rook_session") != cookie  # a new session, a new token


def test_the_session_cookie_is_http_only_same_site_and_secure_over_https(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'rook.db'}", bot_delay=0),
                    base_url="https://rook.example") as c:
        r = c.post("/api/account/signup", json={"handle": "ann", "name": "Ann", "password": PASSWORD},
                   headers=csrf(c))
        assert r.status_code == 200, r.text
        cookies = {h.split("=", 1)[0]: h.lower() for h in r.headers.get_list("set-cookie")}
    assert {"rook_session", "rook_csrf"} <= set(cookies)
    session = cookies["rook_session"]
    assert "httponly" in session and "samesite=lax" in session and "secure" in session and "path=/" in session
    assert "httponly" in cookies["rook_csrf"] and "samesite=strict" in cookies["rook_csrf"]


def test_a_wrong_password_or_an_unknown_name_is_one_refusal_and_signs_nobody_in(client: TestClient) -> None:
    sign_up(client)
    post(client, "/api/account/signout")
    for handle, password in (("ann", "not the password"), ("nobody", PASSWORD), ("ann", "")):
        r = post(client, "/api/account/signin", {"handle": handle, "password": password})
        assert r.status_code == 401 and r.json()["code"] == "wrong_password", r.text
        assert r.json()["error"] == "that sign-in name and password do not match a profile here"
        assert me(client) is None and "rook_session" not in client.cookies


def test_too_many_wrong_passwords_make_the_name_wait(client: TestClient) -> None:
    sign_up(client)
    post(client, "/api/account/signout")
    codes = [post(client, "/api/account/signin", {"handle": "ann", "password": f"guess {n}"}).json()["code"]
             for n in range(11)]
    assert codes == ["wrong_password"] * 10 + ["too_many_tries"]
    right = post(client, "/api/account/signin", {"handle": "ann", "password": PASSWORD})
    assert right.status_code == 429 and "try again in 15 minutes" in right.json()["error"]


def test_a_replayed_session_cookie_after_sign_out_signs_nobody_in(client: TestClient) -> None:
    sign_up(client)
    stolen = client.cookies.get("rook_session")
    assert stolen is not None
    post(client, "/api/account/signout")
    client.cookies.set("rook_session", stolen)
    assert me(client) is None
    r = post(client, "/api/account/people", {"handle": "bo", "name": "Bo", "password": PASSWORD})
    assert r.status_code == 401 and r.json()["code"] == "not_signed_in"


def test_a_change_without_the_pages_csrf_token_is_refused_and_changes_nothing(client: TestClient) -> None:
    body = {"handle": "ann", "name": "Ann", "password": PASSWORD}
    token = csrf(client)["X-CSRF-Token"]
    refused = [
        client.post("/api/account/signup", json=body),  # no header (a form of another site)
        client.post("/api/account/signup", json=body, headers={"X-CSRF-Token": "guessed"}),
        client.post("/api/account/signup", json=body, headers={"X-CSRF-Token": token, "Origin": "https://evil.example"}),
    ]
    assert [(r.status_code, r.json()["code"]) for r in refused] == [(403, "csrf_refused")] * 3
    assert client.get("/api/account/people").json() == []
    sign_up(client)
    # signed in, the token must be the one bound to the session: a token from before (the cookie an attacker
    # planted, say) is refused
    client.cookies.set("rook_csrf", token)
    r = client.post("/api/account/signout", headers={"X-CSRF-Token": token})
    assert r.status_code == 403
    client.cookies.delete("rook_csrf")  # the page's own token, fetched again (bound to the session anew), works
    assert me(client) is not None and post(client, "/api/account/signout").status_code == 200


def test_passwords_are_never_logged_nor_stored_and_are_hashed_with_argon2(client: TestClient, tmp_path: Path,
                                                                         caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "Sekret-Pa55phrase-Zebra"
    sign_up(client, password=secret)
    post(client, "/api/account/signout")
    post(client, "/api/account/signin", {"handle": "ann", "password": secret + "x"})  # wrong
    post(client, "/api/account/signin", {"handle": "ann", "password": secret})
    post(client, "/api/account/signup", {"handle": "b", "name": "Bo", "password": "short"})  # refused: its words
    post(client, "/api/account/password", {"old": secret, "new": secret + "-2"})
    said = caplog.text + "".join(str(r.args) for r in caplog.records)
    assert secret not in said and "short" not in said and "signed in" in said
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub._db_pool.submit(lambda: None).result()
    db = sqlite3.connect(tmp_path / "rook.db")
    (hashed,) = db.execute("select password from rook_players where handle = 'ann'").fetchone()
    (session,) = db.execute("select token from rook_sessions").fetchone()
    db.close()
    assert hashed.startswith("$argon2id$") and secret not in hashed
    assert session != client.cookies.get("rook_session") and len(session) == 64  # its SHA-256 only
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("rook.db*"))
    assert secret.encode() not in raw and (secret + "-2").encode() not in raw


def test_a_refusal_is_told_in_the_readers_language(client: TestClient) -> None:
    r = client.post("/api/account/signup", json={"handle": "a", "name": "Ann", "password": PASSWORD},
                    headers={**csrf(client), "Accept-Language": "es-ES,es;q=0.9"})
    assert r.status_code == 400 and r.json()["code"] == "handle_bad" and r.json()["params"] == {"min": 2, "max": 40}
    assert r.json()["error"] != "a sign-in name is 2 to 40 letters, digits, dots, dashes or underscores"
    words = client.get("/api/account/words?lang=sv").json()
    assert words["page"]["acct_signin"] != "Sign in" and "wrong_password" in words["refusals"]


def test_a_ladder_is_named_in_the_readers_language_a_preset_as_the_front_page_names_it(client: TestClient) -> None:
    """The leaderboards' ladders travel as keys (a preset's, or "house-" and a house-rules file's fingerprint); the
    account pages' words name every preset as the front page does (GET /api/options, words.rules.preset_name) and
    a house file's ladder as "House rules (...)", in the reader's language."""
    from rookgame.rules import load
    from rookgame.web.accounts import Seated

    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    seats = [Seated("bot:expert", None, "expert"), Seated("bot:random", None, "random")] * 2
    assert accounts.record_game("GAME1", load("full-deck"), seats, [500, 120], 0, handed=False)
    assert accounts.record_game("GAME2", load("full-deck").replace(goal=400), seats, [400, 120], 0, handed=False)
    ladders = [row["ladder"] for row in client.get("/api/ratings").json()]
    house = next(lad for lad in ladders if lad != "full-deck")
    assert "full-deck" in ladders and re.fullmatch(r"house-[0-9a-f]{12}", house)
    for code, full_deck, house_rules in (("en", "Full deck", "House rules ({code})"),
                                         ("sv", "Hel lek", "Husregler ({code})"),
                                         ("es", None, "Reglas de la casa ({code})"),
                                         ("pt", None, "Regras da casa ({code})")):
        words = client.get(f"/api/account/words?lang={code}").json()
        front = {p["name"]: p["title"] for p in client.get(f"/api/options?lang={code}").json()["presets"]}
        assert words["presets"] == front  # the front page's names, every one
        assert full_deck is None or words["presets"]["full-deck"] == full_deck
        assert words["page"]["rate_house"] == house_rules


def test_bad_sign_ups_are_refused_with_what_was_wrong(client: TestClient) -> None:
    cases = [({"handle": "ann", "name": "Ann", "password": "short"}, "password_short"),
             ({"handle": "a b", "name": "Ann", "password": PASSWORD}, "handle_bad"),
             ({"handle": "ann", "name": "expert", "password": PASSWORD}, "name_is_bot"),
             ({"handle": "ann", "name": "Ann", "password": "x" * 300}, "request_too_long")]  # the model's bound
    for body, code in cases:
        r = post(client, "/api/account/signup", body)
        assert r.status_code == 400 and r.json().get("code") == code, r.text
    sign_up(client)
    post(client, "/api/account/signout")
    r = post(client, "/api/account/signup", {"handle": "ANN", "name": "Other", "password": PASSWORD})
    assert r.status_code == 400 and r.json()["code"] == "handle_taken"


# ---------------------------------------------------------------------- the host adds the family
def test_the_host_adds_people_without_email_by_password_or_by_a_set_up_link(client: TestClient) -> None:
    sign_up(client)
    r = post(client, "/api/account/people", {"handle": "grandma", "name": "Grandma", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["link"] is None
    r = post(client, "/api/account/people", {"handle": "bo", "name": "Bo"})
    link = r.json()["link"]
    assert link.startswith("http://testserver/account?setup=")  # as another device opens it
    post(client, "/api/account/signout")
    # Bo, without a password yet, cannot sign in; the link lets Bo choose one, once
    assert post(client, "/api/account/signin", {"handle": "bo", "password": ""}).status_code == 401
    token = link.split("=", 1)[1]
    r = post(client, "/api/account/setup", {"token": token, "password": "bo's own password"})
    assert r.status_code == 200 and r.json()["player"]["name"] == "Bo" and me(client)["name"] == "Bo"  # type: ignore[index]
    again = post(client, "/api/account/setup", {"token": token, "password": "someone else's"})
    assert again.status_code == 400 and again.json()["code"] == "link_bad"
    # Bo is no host: only the host adds people
    r = post(client, "/api/account/people", {"handle": "cy", "name": "Cy", "password": PASSWORD})
    assert r.status_code == 403 and r.json()["code"] == "only_server_host"
    post(client, "/api/account/signout")
    assert post(client, "/api/account/signin", {"handle": "grandma", "password": PASSWORD}).status_code == 200
    assert [p["name"] for p in client.get("/api/account/people").json()] == ["Ann", "Bo", "Grandma"]


# ---------------------------------------------------------------------- at the table
def play_to_the_end(wire: Wire) -> dict[str, Any]:
    view = wire.view()
    while not view["over"]:
        if view["legal"]:
            wire.send({"type": "act", "action": view["legal"][-1]["action"]})
        view = wire.view()
    return view


def guest(client: TestClient, code: str, seat: int, name: str) -> Wire:
    """A person without a profile who opens the invite on another phone (no cookie) and sits."""
    kept = dict(client.cookies.items())
    client.cookies.clear()
    try:
        w = Wire(client, code)
    finally:
        for k, v in kept.items():
            client.cookies.set(k, v)
    w.send({"type": "sit", "seat": seat, "name": name})
    assert w.until("welcome")["seat"] == seat
    return w


def test_a_profile_and_a_guest_play_at_one_table_and_the_finished_game_is_rated(client: TestClient) -> None:
    ann = sign_up(client)
    r = client.post("/api/tables", json={"seats": ["me", "open", "heuristic", "random"], "goal": 50,
                                         "your_name": "typed"})
    made = r.json()
    code = made["code"]
    host = Wire(client, code, made["token"])
    bo = guest(client, code, 1, "Bo")
    lobby = host.until("lobby")
    while lobby["seats"][1]["kind"] != "person":
        lobby = host.until("lobby")
    assert lobby["seats"][0]["name"] == "Ann" and lobby["seats"][0]["profile"] == ann["id"]  # the profile's name
    assert lobby["seats"][1]["name"] == "Bo" and lobby["seats"][1]["profile"] is None  # a guest
    host.send({"type": "start"})
    view = host.view()
    while not view["over"]:  # every change is sent to both: one view each, and the one whose turn it is acts
        theirs = bo.view()
        for w, v in ((host, view), (bo, theirs)):
            if v["legal"]:
                w.send({"type": "act", "action": v["legal"][-1]["action"]})
        view = host.view()
    winner = view["winner"]
    result = client.get(f"/api/results/{code}").json()
    ladder = result["ladder"]  # the preset with a goal of its own: a house rule set's ladder
    assert result["counted"] and result["reason"] is None and ladder.startswith("house-")
    assert [s["player"] for s in result["seats"]] == ["p:1", "guest", "bot:heuristic", "bot:random"]
    assert result["seats"][1]["rating"] is None  # a guest is rated by nobody
    board = client.get(f"/api/ratings/{ladder}").json()
    assert {row["player"] for row in board} == {"p:1", "bot:heuristic", "bot:random"}
    for row in board:  # each of the three rounded to 0.01: they may part by 0.005 + 0.005 + 3 x 0.005
        assert row["games"] == 1 and row["shown"] == pytest.approx(row["mu"] - 3 * row["sigma"], abs=0.0251)
        assert row["sigma"] < 25 / 3  # one game told something
    ann_row = next(row for row in board if row["player"] == "p:1")
    assert (ann_row["mu"] > 25) == (winner == 0) and ann_row["name"] == "Ann"
    profile = client.get(f"/api/players/{ann['id']}").json()
    assert profile["stats"] == {"games": 1, "won": int(winner == 0), "counted": 1} and "handle" not in profile
    assert profile["games"][0]["game"] == code and profile["ratings"][0]["ladder"] == ladder
    assert client.get("/api/ratings").json() == [{"ladder": ladder, "games": 1}]
    stats = {row["name"]: row for row in client.get("/api/stats").json()}  # the history's, by profile
    assert stats["Ann"]["profile"] == ann["id"] and stats["Bo"]["profile"] is None


def test_a_game_with_a_persons_seat_handed_to_a_bot_is_marked_and_not_counted(client: TestClient) -> None:
    sign_up(client)
    made = client.post("/api/tables", json={"seats": ["me", "random", "heuristic", "random"], "goal": 50}).json()
    code = made["code"]
    ann = Wire(client, code, made["token"])
    ann.send({"type": "start"})
    ann.view()
    ann.send({"type": "bot", "seat": 0, "level": "heuristic"})  # Ann is called away: a bot keeps her seat
    view = ann.view()
    while not view["over"]:
        view = ann.view()
    result = client.get(f"/api/results/{code}").json()
    assert not result["counted"] and result["reason"] == "handed_over"
    assert all(s["rating"] is None for s in result["seats"])
    assert client.get(f"/api/ratings/{result['ladder']}").json() == []  # no rating changed
    profile = client.get("/api/players/1").json()
    assert profile["stats"]["counted"] == 0 and profile["ratings"] == []


def test_a_game_is_rated_once_and_a_rematch_starts_unmarked(client: TestClient) -> None:
    from rookgame.rules import load
    from rookgame.web.accounts import Seated

    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    rules = load("kentucky-discard")
    seats = [Seated("bot:expert", None, "expert"), Seated("bot:random", None, "random"),
             Seated("bot:expert", None, "expert"), Seated("bot:random", None, "random")]
    assert accounts.record_game("GAME1", rules, seats, [500, 120], 0, handed=False)
    assert not accounts.record_game("GAME1", rules, seats, [500, 120], 0, handed=False)  # a retry: nothing twice
    board = accounts.leaderboard("kentucky-discard")
    assert [(row["player"], row["games"]) for row in board] == [("bot:expert", 1), ("bot:random", 1)]
    same = [Seated("bot:random", None, "random")] * 4  # a bot against itself teaches nothing
    assert accounts.record_game("GAME2", rules, same, [500, 120], 0, handed=False)
    assert accounts.result("GAME2")["reason"] == "one_side"
    assert [row["games"] for row in accounts.leaderboard("kentucky-discard")] == [1, 1]


def test_a_restarted_server_keeps_profiles_sessions_and_ratings(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rook.db'}"
    with TestClient(create_app(url, bot_delay=0)) as c:
        sign_up(c)
        cookie = c.cookies.get("rook_session")
        c.app.state.accounts.record_game(  # type: ignore[attr-defined]
            "G1", __import__("rookgame.rules", fromlist=["load"]).load("kentucky-discard"),
            [__import__("rookgame.web.accounts", fromlist=["Seated"]).Seated(k, 1 if k == "p:1" else None, k)
             for k in ("p:1", "bot:random", "bot:heuristic", "bot:random")], [500, 100], 0, handed=False)
    with TestClient(create_app(url, bot_delay=0)) as c:
        assert cookie is not None
        c.cookies.set("rook_session", cookie)
        assert me(c) == {"id": 1, "handle": "ann", "name": "Ann", "host": True}
        board = c.get("/api/ratings/kentucky-discard").json()
        assert board[0]["player"] in ("p:1", "bot:heuristic") and len(board) == 3
        assert json.loads(json.dumps(board))[0]["games"] == 1


@pytest.mark.parametrize("killed", ["before_the_mark", "in_the_ratings_write", "an_older_server_marked_it"])
def test_a_game_over_whose_end_was_not_saved_is_marked_and_rated_once_by_the_next_server(
        db_url: str, monkeypatch: pytest.MonkeyPatch, killed: str) -> None:
    """The mark of a game finished and its rating are one transaction: a process killed after the last move, or a
    failure in the rating's write, leaves neither; the next server marks and rates it, once.  A game an older
    server marked without its rating (the two were apart then) is rated by the next to start."""
    import rookgame.web.accounts as accounts_module
    from rookgame.web.store import Store

    url = db_url
    with serving(create_app(url, bot_delay=0, rate=1000)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        mark = hub.store.set_finished
        if killed == "before_the_mark":  # the process is killed once the last move is logged
            monkeypatch.setattr(hub.store, "set_finished", lambda game, writes=(): True)
        elif killed == "an_older_server_marked_it":  # marked in a transaction of its own; killed before the rating
            monkeypatch.setattr(hub.store, "set_finished", lambda game, writes=(): mark(game))
        else:  # the ratings are written (the server's ladder's rows), then the transaction fails
            rate_pool = accounts_module.rate_pool

            def failing(*args: Any) -> Any:
                rate_pool(*args)
                raise RuntimeError("killed in the rating's write")

            monkeypatch.setattr(accounts_module, "rate_pool", failing)
        sign_up(c)
        made = c.post("/api/tables", json={"seats": ["me", "heuristic", "random", "heuristic"], "goal": 50}).json()
        code = made["code"]
        ann = Wire(c, code, made["token"])
        ann.send({"type": "start"})
        play_to_the_end(ann)
        assert c.get(f"/api/results/{code}").status_code == 404 and c.get("/api/ratings").json() == []
        listed = [g["code"] for g in c.get("/api/games").json()]
        assert (code in listed) == (killed == "an_older_server_marked_it")  # not marked without its rating
    monkeypatch.undo()
    store = Store(url)
    assert (store.stored(code).finished is not None) == (killed == "an_older_server_marked_it")
    store.close()
    boards = []
    for _ in range(2):  # started again, and again: marked and rated by the first, and never again
        with serving(create_app(url, bot_delay=0, rate=1000)) as c:
            deadline = time.monotonic() + 10  # a game not marked is marked and rated once its table is loaded
            while (r := c.get(f"/api/results/{code}")).status_code == 404 and time.monotonic() < deadline:
                time.sleep(0.02)
            result = r.json()
            assert result["counted"] and [s["player"] for s in result["seats"]] == [
                "p:1", "bot:heuristic", "bot:random", "bot:heuristic"]
            ladder = result["ladder"]
            assert c.get("/api/ratings").json() == [{"ladder": ladder, "games": 1}]
            board = c.get(f"/api/ratings/{ladder}").json()
            assert {row["player"]: row["games"] for row in board} == {"p:1": 1, "bot:heuristic": 1, "bot:random": 1}
            assert c.get("/api/players/1").json()["stats"]["counted"] == 1
            assert code in [g["code"] for g in c.get("/api/games").json()]
            boards.append(board)
    assert boards[0] == boards[1]


@pytest.mark.parametrize("failure", ["the_database_away", "a_refusal"])
def test_a_rating_write_that_fails_once_leaves_the_game_unmarked_and_the_server_marks_and_rates_it_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failure: str) -> None:
    """A fault in the rating's write (the database away a moment: the write is tried again at once; a refusal: the
    heartbeat's next kick tries again) rolls the mark back with it; the next try marks and rates the game once."""
    from sqlalchemy.exc import OperationalError

    import rookgame.web.accounts as accounts_module

    rate_pool, tries = accounts_module.rate_pool, []

    def fails_once(*args: Any) -> Any:
        tries.append(args[2])  # where: {}, the server's ladder (no club here)
        changed = rate_pool(*args)
        if len(tries) == 1:
            if failure == "the_database_away":
                raise OperationalError("UPDATE rook_ratings", {}, Exception("server closed the connection"))
            raise RuntimeError("refused")
        return changed

    url = f"sqlite:///{tmp_path / 'rook.db'}"
    with serving(create_app(url, bot_delay=0, rate=1000, lease_seconds=0.3)) as c:
        store = c.app.state.hub.store  # type: ignore[attr-defined]
        accounts = c.app.state.accounts  # type: ignore[attr-defined]
        marks: list[bool] = []
        mark = store.set_finished

        def marked(game: str, writes: Any = ()) -> bool:
            try:
                marks.append(mark(game, writes))
            except Exception:
                marks.append(False)  # nothing of it kept: neither the mark nor the rating
                assert store.stored(game).finished is None and accounts.result(game) is None
                raise
            return marks[-1]

        monkeypatch.setattr(store, "set_finished", marked)
        monkeypatch.setattr(accounts_module, "rate_pool", fails_once)
        code, r = bots_play_a_game(c)
        assert r.status_code == 200 and r.json()["counted"]
        assert marks == [False, True] and len(tries) == 2  # failed with its mark, then marked and rated once
        time.sleep(0.3)  # heartbeats after it: nothing marked or rated again
        assert marks == [False, True]
        board = c.get(f"/api/ratings/{r.json()['ladder']}").json()
        assert {row["player"]: row["games"] for row in board} == {"bot:heuristic": 1, "bot:random": 1}
        assert code in [g["code"] for g in c.get("/api/games").json()]


def test_a_game_finished_before_tables_kept_their_lobby_is_rated_with_its_seats_as_they_were(tmp_path: Path) -> None:
    from rookgame.rules import load
    from rookgame.table import Bot, Human, Seat, Table
    from rookgame.web.store import Store

    url = f"sqlite:///{tmp_path / 'rook.db'}"
    store = Store(url)
    rules = load("kentucky-discard").replace(goal=50)
    seats: list[Seat] = [Human("Old Ann"), Bot("heuristic"), Bot("random"), Bot("heuristic")]
    code = store.create(rules, seats, seed=3)  # no lobby kept: a table of an older server
    table, n = Table(rules, [Bot("random"), *seats[1:]], seed=3), 0  # Ann's moves chosen by a bot here
    while (seat := table.to_act) is not None:
        action = table.think(seat)
        table.submit(seat, action)
        store.append(code, n, seat, action)
        n += 1
    store.set_finished(code)
    store.close()
    with serving(create_app(url, bot_delay=0)) as c:
        result = c.get(f"/api/results/{code}").json()
        assert result["counted"] and [(s["player"], s["name"]) for s in result["seats"]] == [
            ("guest", "Old Ann"), ("bot:heuristic", "heuristic"), ("bot:random", "random"),
            ("bot:heuristic", "heuristic")]


def test_a_sweeping_server_rates_a_game_another_process_finished_but_did_not_rate(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rook.db'}"
    with serving(create_app(url, bot_delay=0, rate=1000, sweep_seconds=0.1, lease_seconds=0.5)) as sweeper, \
            serving(create_app(url, bot_delay=0, rate=1000)) as player:
        # it marks its games as a server did before the mark and the rating were one transaction, and dies before
        # the rating
        player.app.state.hub.on_finished.clear()  # type: ignore[attr-defined]
        code, r = bots_play_a_game(player, sweeper)
        assert r.status_code == 200, r.text
        board = sweeper.get(f"/api/ratings/{r.json()['ladder']}").json()
        assert {row["player"]: row["games"] for row in board} == {"bot:heuristic": 1, "bot:random": 1}
        time.sleep(0.3)  # sweeps after it find nothing to rate
        assert sweeper.get(f"/api/ratings/{r.json()['ladder']}").json() == board


def test_the_account_and_leaderboard_pages_ship_in_the_package_and_run_only_their_own_scripts(
        client: TestClient) -> None:
    for path in ("/account", "/account?setup=x", "/leaderboard", "/players/1"):
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"], path
        assert "script-src 'self'" in r.headers["content-security-policy"]
    for name in ("account.js", "session.js", "words.js", "leaderboard.js"):
        script = client.get(f"/static/{name}").text
        assert "innerHTML" not in script  # names from the server go in as text only
    words = client.get("/api/account/words").json()
    page = client.get("/static/account.html").text
    assert all(code in words["page"] for code in re.findall(r'data-w="(\w+)"', page))


# ---------------------------------------------------------------------- passkeys
class Authenticator:
    """A software passkey (an EC P-256 key, as a phone's): it answers WebAuthn's ceremonies as a browser would hand
    them to the server, 'none' attestation, user present and verified."""

    def __init__(self, rp_id: str = "testserver", origin: str = "http://testserver") -> None:
        from cryptography.hazmat.primitives.asymmetric import ec

        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = os.urandom(16)
        self.rp_id, self.origin, self.count = rp_id, origin, 0

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}).encode()

    def _auth_data(self, flags: int, attested: bytes = b"") -> bytes:
        self.count += 1
        return hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + self.count.to_bytes(4, "big") + attested

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        import cbor2

        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        attested = bytes(16) + len(self.id).to_bytes(2, "big") + self.id + cose
        obj = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": self._auth_data(0x45, attested)})
        data = self._client_data("webauthn.create", options["challenge"])
        return {"id": b64(self.id), "rawId": b64(self.id), "type": "public-key",
                "response": {"clientDataJSON": b64(data), "attestationObject": b64(obj)}}

    def get(self, options: dict[str, Any], user: bytes = b"1") -> dict[str, Any]:
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec

        data = self._client_data("webauthn.get", options["challenge"])
        auth = self._auth_data(0x05)
        signature = self.key.sign(auth + hashlib.sha256(data).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64(self.id), "rawId": b64(self.id), "type": "public-key",
                "response": {"clientDataJSON": b64(data), "authenticatorData": b64(auth), "signature": b64(signature),
                             "userHandle": b64(user)}}


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def test_a_passkey_added_while_signed_in_signs_in_and_a_forged_or_replayed_one_does_not(client: TestClient) -> None:
    sign_up(client)
    phone = Authenticator()
    started = post(client, "/api/account/passkey/add/options").json()
    assert started["options"]["rp"]["id"] == "testserver" and started["options"]["user"]["name"] == "ann"
    r = post(client, "/api/account/passkey/add", {"ceremony": started["ceremony"],
                                                  "credential": phone.create(started["options"])})
    assert r.status_code == 200, r.text
    post(client, "/api/account/signout")
    started = post(client, "/api/account/passkey/signin/options").json()
    answer = phone.get(started["options"])
    r = post(client, "/api/account/passkey/signin", {"ceremony": started["ceremony"], "credential": answer})
    assert r.status_code == 200 and r.json()["player"]["name"] == "Ann" and me(client)["name"] == "Ann"  # type: ignore[index]
    post(client, "/api/account/signout")
    # the same answer again (its ceremony is used), another key claiming the passkey's id, an unknown passkey
    again = post(client, "/api/account/passkey/signin", {"ceremony": started["ceremony"], "credential": answer})
    assert again.status_code == 400 and again.json()["code"] == "passkey_bad"
    thief = Authenticator()
    thief.id = phone.id
    started = post(client, "/api/account/passkey/signin/options").json()
    r = post(client, "/api/account/passkey/signin", {"ceremony": started["ceremony"],
                                                     "credential": thief.get(started["options"])})
    assert r.status_code == 401 and r.json()["code"] == "passkey_bad" and me(client) is None
    started = post(client, "/api/account/passkey/signin/options").json()
    r = post(client, "/api/account/passkey/signin", {"ceremony": started["ceremony"],
                                                     "credential": Authenticator().get(started["options"])})
    assert r.status_code == 401 and me(client) is None
    # another site's page (another origin in the client data) is refused
    elsewhere = Authenticator(origin="https://evil.example")
    elsewhere.id, elsewhere.key = phone.id, phone.key
    elsewhere.count = phone.count
    started = post(client, "/api/account/passkey/signin/options").json()
    r = post(client, "/api/account/passkey/signin", {"ceremony": started["ceremony"],
                                                     "credential": elsewhere.get(started["options"])})
    assert r.status_code == 401 and me(client) is None
    # adding one needs a session
    assert post(client, "/api/account/passkey/add/options").status_code == 401


def bots_play_a_game(c: TestClient, reader: TestClient | None = None) -> tuple[str, Any]:
    """A table of four bots to 50 started at ``c`` and played to its end; its code and its result as ``reader``
    (``c`` by default) has it once it is there (404 after 10 s: never rated)."""
    made = c.post("/api/tables", json={"seats": ["heuristic", "random"] * 2, "goal": 50}).json()
    code = made["code"]
    host = Wire(c, code, made["token"])
    host.send({"type": "start"})
    while not host.view()["over"]:
        pass
    deadline = time.monotonic() + 10
    while (r := (reader or c).get(f"/api/results/{code}")).status_code == 404 and time.monotonic() < deadline:
        time.sleep(0.02)
    return code, r
