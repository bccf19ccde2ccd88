"""Duplicate tournaments on the web (issue 27, items 5 and 6): the director in the server, its tables, its API."""

from __future__ import annotations

import pytest

from rookgame.rules import preset
from rookgame.tournament import Director
from rookgame.web.store import Store, StoreError
from rookgame.web.tournament_store import TournamentStore

KD = preset("kentucky-discard")


# ---------------------------------------------------------------------- the store
def test_the_store_keeps_an_events_log_its_peoples_tokens_and_the_moves_of_its_boards(db_url: str) -> None:
    store = Store(db_url)
    events = TournamentStore(store)
    director = Director(KD, 1, 2, 9, name="Tuesday")
    code = events.create("Tuesday", "d" * 64, director.events)
    n = len(director.events)
    director.register("A", ["Ann", "Bo"])
    events.append(code, n, director.events[n:], people={"a" * 64: (1, 0), "b" * 64: (1, 1)})
    with pytest.raises(StoreError, match="already in the log"):  # two writers cannot both append event n
        events.append(code, n, director.events[n:])
    events.append(code, n + 1, [], people={"c" * 64: (1, 1)}, drop=[(1, 1)])  # Bo's seat to someone new
    events.move(code, 1, 1, 1, 0, 3, 101)
    events.move(code, 1, 1, 1, 0, 3, 101, again=True)  # a retry that finds its own first try
    with pytest.raises(StoreError, match="already in the log"):
        events.move(code, 1, 1, 1, 0, 2, 102)
    events.move(code, 1, 1, 1, 1, 0, 100)
    back = TournamentStore(Store(db_url)).load(code, moves_of=1)
    assert back.events == director.events and back.director == "d" * 64 and back.name == "Tuesday"
    assert back.people == {"a" * 64: (1, 0), "c" * 64: (1, 1)}  # no token is kept, only its hash
    assert back.moves == {(1, 1, 1): [(3, 101), (0, 100)]} and back.finished is None
    assert Director.from_events(back.events).units == director.units
    events.append(code, n + 1, [{"n": n + 1, "op": "paused"}], finished=True)
    assert events.codes(finished=False) == [] and events.codes(finished=True) == [code]
    with pytest.raises(StoreError, match="no tournament"):
        events.load("NOPE")
