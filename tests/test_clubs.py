"""Clubs (issue 27, item 4): a club's members, joined by its host's invite link; its page with its tables and
events; its leaderboard of its members (beside the bots), apart from the server's."""

from __future__ import annotations

from fastapi.testclient import TestClient

from rookgame.rules import load
from rookgame.web.accounts import Seated
from tests.test_accounts import PASSWORD, csrf, post, sign_up


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


def test_the_clubs_leaderboard_ranks_its_members_beside_the_bots_and_not_the_rest_of_the_server(
        client: TestClient) -> None:
    sign_up(client)  # 1, Ann: the club's host
    code = post(client, "/api/clubs", {"name": "Family"}).json()["code"]
    switch(client, "zed", "Zed")  # 2: on the server, not in the club
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    rules = load("kentucky-discard")
    seats = [Seated("p:1", 1, "Ann"), Seated("p:2", 2, "Zed"), Seated("bot:heuristic", None, "heuristic"),
             Seated("bot:random", None, "random")]
    accounts.record_game("G1", rules, seats, [500, 200], 0, handed=False)
    server = {r["player"] for r in client.get("/api/ratings/kentucky-discard").json()}
    club = client.get(f"/api/clubs/{code}/ratings/kentucky-discard").json()
    assert server == {"p:1", "p:2", "bot:heuristic", "bot:random"}
    assert {r["player"] for r in club} == {"p:1", "bot:heuristic", "bot:random"}
    assert [r["shown"] for r in club] == sorted((r["shown"] for r in club), reverse=True)
    assert csrf(client)  # the page's token is still there to use
    assert PASSWORD
