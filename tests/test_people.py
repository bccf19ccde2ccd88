"""Who sits where when several people share a screen: names, seats, and the bots' levels."""

from __future__ import annotations

import pytest

from rookgame.rules import load
from rookgame.tui.settings import (
    HUMAN,
    PeopleError,
    Settings,
    choose_people,
    default_seats,
    parse_people,
    people_of,
    seat_people,
)

FOUR = load("kentucky-discard")
SIX = load("individual-6")


def test_people_sit_partners_first_by_default() -> None:
    assert default_seats(FOUR, 2) == (0, 2) and default_seats(FOUR, 3) == (0, 2, 1)
    assert default_seats(SIX, 3) == (0, 1, 2)
    assert choose_people(FOUR, "Ann,Bo", None) == (("Ann", "Bo"), (0, 2))
    assert choose_people(FOUR, "2", None) == (("Player 1", "Player 2"), (0, 2))
    assert choose_people(FOUR, "2", "3,1") == (("Player 1", "Player 2"), (3, 1))
    assert choose_people(FOUR, None, "0,1") == (("Player 1", "Player 2"), (0, 1))  # a list of seats seats people
    assert choose_people(FOUR, None, 2) == ((HUMAN,), (2,)) and choose_people(FOUR, "1", None) == ((HUMAN,), (0,))
    assert choose_people(FOUR, " Ann ,  Bo  Li ", None)[0] == ("Ann", "Bo Li")


def test_bots_on_a_persons_side_play_the_partner_level() -> None:
    assert seat_people(FOUR, (0,), (HUMAN,), "easy", "hard") == [HUMAN, "hard", "easy", "hard"]
    assert seat_people(FOUR, (0, 2), ("Ann", "Bo"), "easy", "hard") == ["Ann", "hard", "Bo", "hard"]
    assert seat_people(SIX, (0, 3), ("Ann", "Bo"), "easy", "hard") == ["Ann", "hard", "hard", "Bo", "hard", "hard"]
    s = Settings("kentucky-discard", 1, "easy", "hard", 3, ("Ann", "Bo"), (1, 0))
    assert s.players(FOUR) == ["Bo", "Ann", "easy", "easy"]
    assert Settings("kentucky-discard", 3).players(FOUR) == ["heuristic", "heuristic", "heuristic", HUMAN]
    assert people_of(["Ann", "heuristic-1", "Bo", "expert"]) == [0, 2] and people_of(["human", "random"]) == [0]


@pytest.mark.parametrize("spec, reason", [
    ("0", "give 1 to 4 people"), ("9", "give 1 to 4 people"), ("Ann,Bo,Cy,Di,Ed", "5 people for 4 seats"),
    ("Ann, ann", "two people are named 'Ann'"), ("expert", "'expert' is the name of a bot"),
    ("Ann,heuristic-2", "'heuristic-2' is the name of a bot"), (" , Bo", "a name is empty"),
    ("A" * 21, "longer than 20 characters"), ("Ann\tBo\x00", "cannot be shown"),
])
def test_names_that_cannot_sit_are_refused_with_the_reason(spec: str, reason: str) -> None:
    with pytest.raises(PeopleError, match=reason.replace("(", r"\(")):
        parse_people(spec, 4)
