"""Clubs (issue 27, item 4): a club's members, joined by its host's invite link; its page with its tables and
events; its leaderboard of its members (beside the bots) from its own pool of ratings: the games at its tables,
apart from the server's and from another club's."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import rookgame.web.store as store_module
from rookgame.rules import load
from rookgame.table import Bot, Human
from rookgame.web.accounts import Accounts, Seated
from rookgame.web.clubs import Clubs, rate_in_clubs
from rookgame.web.store import Base, Store
from tests.test_accounts import PASSWORD, csrf, play_to_the_end, post, sign_up
from tests.wire import Wire


def switch(client: TestClient, handle: str, name: str) -> None:
    """Sign out, and in as another person (made now)."""
    post(client, "/api/account/signout")
    sign_up(client, handle, name)


def test_the_host_invites_members_by_link_and_only_the_link_lets_one_in(client: TestClient) -> None:
    sign_up(client)  # Ann
    r = post(client, "/api/clubs", {"name": "Thursday Rook"})
    assert r.status_code == 200, r.text
    code = r.json()["code"]
    club = client.get(f"/api/clubs/{code}").json()
    assert club["name"] == "Thursday Rook" and club["host"] and club["member"]
    assert club["members"] == [{"id": 1, "name": "Ann", "host": True}]
    link = post(client, f"/api/clubs/{code}/invite").json()["link"]
    assert link.startswith(f"http://testserver/club/{code}?invite=")
    token = link.split("invite=", 1)[1]
    switch(client, "bo", "Bo")
    assert not client.get(f"/api/clubs/{code}").json()["member"]
    wrong = post(client, f"/api/clubs/{code}/join", {"token": token[:-2] + "xx"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "club_invite_bad"
    assert post(client, f"/api/clubs/{code}/join", {"token": token}).json() == {"joined": True}
    assert post(client, f"/api/clubs/{code}/join", {"token": token}).json() == {"joined": False}
    club = client.get(f"/api/clubs/{code}").json()
    assert club["member"] and not club["host"] and [m["name"] for m in club["members"]] == ["Ann", "Bo"]
    assert client.get("/api/account/clubs").json() == [{"code": code, "name": "Thursday Rook", "host": False}]
    # a member is no host: no invites, no events
    r = post(client, f"/api/clubs/{code}/invite")
    assert r.status_code == 403 and r.json()["code"] == "only_club_host"
    r = post(client, f"/api/clubs/{code}/events", {"title": "Finals", "at": "2027-02-04T19:00:00Z"})
    assert r.status_code == 403
    # a guest cannot join, and nothing changes without the page's CSRF token
    post(client, "/api/account/signout")
    r = post(client, f"/api/clubs/{code}/join", {"token": token})
    assert r.status_code == 401 and r.json()["code"] == "not_signed_in"
    r = client.post("/api/clubs", json={"name": "Sneaky"})
    assert r.status_code == 403 and r.json()["code"] == "csrf_refused"
    assert client.get("/api/clubs/NOSUCH").status_code == 404


def test_the_club_page_lists_its_tables_and_events(client: TestClient) -> None:
    sign_up(client)
    code = post(client, "/api/clubs", {"name": "Hall"}).json()["code"]
    table = client.post("/api/tables", json={"seats": ["me", "open", "heuristic", "heuristic"]}).json()["code"]
    r = post(client, f"/api/clubs/{code}/tables", {"table": table.lower()})
    assert r.status_code == 200, r.text
    missing = post(client, f"/api/clubs/{code}/tables", {"table": "ZZZZZZ"})
    assert missing.status_code == 404 and missing.json()["code"] == "club_no_table"
    r = post(client, f"/api/clubs/{code}/events", {"title": "Kentucky Discard night", "at": "2027-02-04T19:00:00Z",
                                                   "note": "bring snacks"})
    assert r.status_code == 200, r.text
    page = client.get(f"/api/clubs/{code}").json()
    assert page["tables"] == [{"table": table, "game": table, "name": "kentucky-discard", "over": False,
                               "started": False}]
    assert [(e["title"], e["at"][:16], e["note"]) for e in page["events"]] == [
        ("Kentucky Discard night", "2027-02-04T19:00", "bring snacks")]
    switch(client, "cy", "Cy")  # not a member: may look, may not add a table
    r = post(client, f"/api/clubs/{code}/tables", {"table": table})
    assert r.status_code == 403 and r.json()["code"] == "only_members"
    html = client.get(f"/club/{code}")
    assert html.status_code == 200 and "script-src 'self'" in html.headers["content-security-policy"]
    assert "innerHTML" not in client.get("/static/club.js").text


def ladder_of(client: TestClient, path: str, ladder: str) -> dict[str, tuple[int, float]]:
    """A leaderboard as {player: (games, mu)}, its rows checked to carry their uncertainty, best first."""
    rows = client.get(f"{path}/{ladder}").json()
    assert [r["shown"] for r in rows] == sorted((r["shown"] for r in rows), reverse=True)
    for r in rows:  # each of the three rounded to 0.01: they may part by 0.005 + 0.005 + 3 x 0.005
        assert r["shown"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=0.0251) and 0 < r["sigma"] < 25 / 3
    return {r["player"]: (r["games"], r["mu"]) for r in rows}


def test_games_at_a_clubs_table_move_that_clubs_ladder_and_not_another_clubs_nor_the_servers_rules(
        client: TestClient) -> None:
    sign_up(client)  # 1, Ann: hosts both clubs
    family = post(client, "/api/clubs", {"name": "Family"}).json()["code"]
    church = post(client, "/api/clubs", {"name": "Church hall"}).json()["code"]
    made = client.post("/api/tables", json={"seats": ["me", "heuristic", "random", "heuristic"], "goal": 50}).json()
    table = made["code"]
    assert post(client, f"/api/clubs/{family}/tables", {"table": table}).status_code == 200
    ann = Wire(client, table, made["token"])
    ann.send({"type": "start"})
    play_to_the_end(ann)  # a game at the family's table, played out
    ladder = client.get(f"/api/results/{table}").json()["ladder"]
    server = ladder_of(client, "/api/ratings", ladder)
    home = ladder_of(client, f"/api/clubs/{family}/ratings", ladder)
    assert home == server == {"p:1": (1, server["p:1"][1]), "bot:heuristic": (1, server["bot:heuristic"][1]),
                              "bot:random": (1, server["bot:random"][1])}
    assert client.get(f"/api/clubs/{family}/ratings").json() == [{"ladder": ladder, "games": 1}]
    assert client.get(f"/api/clubs/{church}/ratings").json() == [] and ladder_of(
        client, f"/api/clubs/{church}/ratings", ladder) == {}
    # more games, rated directly: one at no club's table, one the family's table played again, one at it with a
    # person's seat handed to a bot (not counted, there or anywhere), one of other rules at the church's table
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    rules = load("kentucky-discard").replace(goal=50)
    seats = [Seated("p:1", 1, "Ann"), Seated("bot:heuristic", None, "heuristic"), Seated("bot:random", None, "random"),
             Seated("bot:heuristic", None, "heuristic")]
    assert accounts.record_game("ELSEWH", rules, seats, [60, 10], 0, handed=False)
    assert accounts.record_game(f"{table}-2", rules, seats, [10, 60], 1, handed=False)
    assert accounts.record_game(f"{table}-3", rules, seats, [60, 10], 0, handed=True)
    church_table = client.post("/api/tables", json={"seats": ["me", "open", "open", "open"]}).json()["code"]
    assert post(client, f"/api/clubs/{church}/tables", {"table": church_table}).status_code == 200
    assert accounts.record_game(church_table, load("kentucky-discard"), seats, [500, 10], 0, handed=False)
    server = ladder_of(client, "/api/ratings", ladder)
    home = ladder_of(client, f"/api/clubs/{family}/ratings", ladder)
    assert {p: g for p, (g, _) in server.items()} == {"p:1": 3, "bot:heuristic": 3, "bot:random": 3}
    assert {p: g for p, (g, _) in home.items()} == {"p:1": 2, "bot:heuristic": 2, "bot:random": 2}
    assert home["p:1"][1] != server["p:1"][1]  # a pool of its own: the game elsewhere is not in it
    assert client.get(f"/api/clubs/{family}/ratings").json() == [{"ladder": ladder, "games": 2}]
    assert client.get(f"/api/clubs/{church}/ratings").json() == [{"ladder": "kentucky-discard", "games": 1}]
    assert ladder_of(client, f"/api/clubs/{church}/ratings", ladder) == {}
    assert client.get("/api/clubs/NOSUCH/ratings").status_code == 404


def test_the_clubs_leaderboard_shows_its_members_beside_the_bots_and_not_a_visitor_to_its_table(
        client: TestClient) -> None:
    sign_up(client)  # 1, Ann: the club's host
    code = post(client, "/api/clubs", {"name": "Family"}).json()["code"]
    table = client.post("/api/tables", json={"seats": ["me", "open", "open", "open"]}).json()["code"]
    assert post(client, f"/api/clubs/{code}/tables", {"table": table}).status_code == 200
    switch(client, "zed", "Zed")  # 2: on the server, not in the club, a visitor at its table
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    rules = load("kentucky-discard")
    seats = [Seated("p:1", 1, "Ann"), Seated("p:2", 2, "Zed"), Seated("bot:heuristic", None, "heuristic"),
             Seated("bot:random", None, "random")]
    accounts.record_game(table, rules, seats, [500, 200], 0, handed=False)
    server = {r["player"] for r in client.get("/api/ratings/kentucky-discard").json()}
    club = client.get(f"/api/clubs/{code}/ratings/kentucky-discard").json()
    assert server == {"p:1", "p:2", "bot:heuristic", "bot:random"}
    assert {r["player"] for r in club} == {"p:1", "bot:heuristic", "bot:random"}
    assert [r["shown"] for r in club] == sorted((r["shown"] for r in club), reverse=True)
    assert csrf(client)  # the page's token is still there to use
    assert PASSWORD
    assert "/ratings`" in client.get("/static/club.js").text  # the page asks for the club's own ladders


def test_the_club_ratings_migration_upgrades_a_database_with_clubs_and_results_and_matches_the_models(
        db_url: str) -> None:
    url = db_url
    engine = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    with engine.begin() as conn:  # a server's database as the migration before this one left it
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0007")
        conn.execute(text("INSERT INTO rook_players (id, handle, name, host, created) "
                          "VALUES (1, 'ann', 'Ann', TRUE, '2027-01-24')"))
        conn.execute(text("INSERT INTO rook_clubs (id, code, name, created) VALUES (1, 'FAMILY', 'Family', "
                          "'2027-01-24')"))
        conn.execute(text("INSERT INTO rook_club_members (club_id, player_id, host, joined) "
                          "VALUES (1, 1, TRUE, '2027-01-24')"))
        conn.execute(text("INSERT INTO rook_results (game, ladder, counted, winner, finished) "
                          "VALUES ('OLD', 'kentucky-discard', TRUE, 0, '2027-01-24')"))
    store = Store(url)  # upgrades to the newest
    with engine.connect() as conn:
        assert list(conn.scalars(text("SELECT version_num FROM alembic_version"))) == ["0008"]
        assert list(conn.scalars(text("SELECT name FROM rook_clubs"))) == ["Family"]
        assert list(conn.scalars(text("SELECT game FROM rook_results"))) == ["OLD"]
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    ours = [d for d in diffs if "rook_club_ratings" in str(d) or "rook_club_results" in str(d)]
    assert ours == [], "the migration makes the tables the models describe"
    clubs = Clubs(store)
    assert clubs.ladders("FAMILY") == [] and clubs.ratings("FAMILY", "kentucky-discard") == ([], {"p:1"})
    store.close()
    engine.dispose()


def test_a_games_mark_its_rating_and_its_clubs_rating_are_one_transaction_and_two_finishers_rate_it_once(
        db_url: str) -> None:
    store = Store(db_url)
    accounts, clubs = Accounts(store), Clubs(store)
    accounts.pools.append(rate_in_clubs)  # as the server has it
    ann = accounts.create("ann", "Ann", None)
    rules = load("kentucky-discard")
    table = store.create(rules, [Human("Ann"), Bot("heuristic"), Bot("random"), Bot("heuristic")], seed=1)
    family = clubs.create("Family", ann)
    clubs.add_table(family, table, ann)
    seats = [Seated("p:1", 1, "Ann"), Seated("bot:heuristic", None, "heuristic"), Seated("bot:random", None, "random"),
             Seated("bot:heuristic", None, "heuristic")]

    def rating(s: Any) -> bool:
        return accounts.record_in(s, table, rules, seats, [500, 100], 0, handed=False)

    def kept() -> tuple[bool, bool, list[Any], list[Any], list[Any]]:
        return (store.stored(table).finished is not None, accounts.result(table) is not None,
                [(r["player"], r["games"]) for r in accounts.leaderboard("kentucky-discard")],
                clubs.ladders(family), clubs.ratings(family, "kentucky-discard")[0])

    def fails(s: Any, game: str, rate: Any) -> None:  # a pool after the club's, whose write fails
        raise RuntimeError("killed in the rating's write")

    accounts.pools.append(fails)
    with pytest.raises(RuntimeError):  # the server's ladder and the club's were written in it: all rolled back
        store.set_finished(table, [rating])
    assert kept() == (False, False, [], [], [])
    accounts.pools.remove(fails)
    # two finishers at once (two processes of a site): the first holds its transaction open, the second waits for
    # it, then finds the game marked, and writes nothing
    inside, go_on = threading.Event(), threading.Event()
    marked: dict[str, bool] = {}

    def held(s: Any) -> bool:
        done = rating(s)
        inside.set()
        go_on.wait(5)
        return done

    first = threading.Thread(target=lambda: marked.update(first=store.set_finished(table, [held])))
    first.start()
    assert inside.wait(10)
    second = threading.Thread(target=lambda: marked.update(second=store.set_finished(table, [rating])))
    second.start()
    time.sleep(0.2)
    assert marked == {}  # the second waits for the first's transaction
    go_on.set()
    first.join(10)
    second.join(10)
    assert marked == {"first": True, "second": False}
    finished, result, server, club_ladders, club = kept()
    assert finished and result and sorted(server) == [("bot:heuristic", 1), ("bot:random", 1), ("p:1", 1)]
    assert club_ladders == [{"ladder": "kentucky-discard", "games": 1}] and {r.games for r in club} == {1}
    assert not store.set_finished(table, [rating]) and accounts.unrated() == []  # and never again
    assert not accounts.record_game(table, rules, seats, [500, 100], 0, handed=False)
    assert [(r["player"], r["games"]) for r in accounts.leaderboard("kentucky-discard")] == server
    store.close()
