"""RULES.md §1: card notation, parsing and printing."""

from __future__ import annotations

import pytest

from rookgame.cards import (
    BIRD,
    BIRD2,
    BLACK,
    GREEN,
    NUM_CARDS,
    RED,
    YELLOW,
    Card,
    CardError,
    CardSet,
    card_str,
    colour_of,
    make,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
)


@pytest.mark.parametrize(
    ("text", "colour", "rank"),
    [("Y14", YELLOW, 14), ("G5", GREEN, 5), ("B1", BLACK, 1), ("R10", RED, 10), ("B2", BLACK, 2)],
)
def test_colour_then_rank(text: str, colour: int, rank: int) -> None:
    c = parse_card(text)
    assert c == make(colour, rank)
    assert colour_of(c) == colour
    assert rank_of(c) == rank
    assert card_str(c) == text


def test_the_bird_is_rk_and_the_second_bird_rk2() -> None:
    assert parse_card("RK") == BIRD
    assert parse_card("RK2") == BIRD2
    assert card_str(BIRD) == "RK"
    assert card_str(BIRD2) == "RK2"
    assert BIRD != BIRD2


@pytest.mark.parametrize("text", ["y14", "Y14", "y14 ", " Y14", "\tY14\n"])
def test_input_is_case_insensitive_and_ignores_surrounding_space(text: str) -> None:
    assert parse_card(text) == parse_card("Y14")


@pytest.mark.parametrize("text", ["RK", "rk", "Rk", "rook", "ROOK", "Rook", "bird", "BIRD", "Bird"])
def test_rook_and_bird_name_the_bird(text: str) -> None:
    assert parse_card(text) == BIRD


@pytest.mark.parametrize("text", ["rk2", "RK2", "Rk2"])
def test_second_bird_case_insensitive(text: str) -> None:
    assert parse_card(text) == BIRD2


def test_every_card_prints_and_parses_back() -> None:
    for c in range(NUM_CARDS):
        assert parse_card(card_str(c)) == c
        assert parse_card(card_str(c).lower()) == c


def test_all_56_numbered_cards_and_two_birds_are_distinct() -> None:
    names = {card_str(c) for c in range(NUM_CARDS)}
    assert len(names) == 58
    assert {f"{col}{r}" for col in "BRYG" for r in range(1, 15)} | {"RK", "RK2"} == names


@pytest.mark.parametrize("token", ["Y15", "Y0", "X3", "Y", "14Y", "RK3", "bird3", "Y 14", "G-5", "", "Y1.5", "Z"])
def test_bad_text_raises_card_error_naming_the_token(token: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(token)
    assert repr(token.strip()) in str(err.value)


@pytest.mark.parametrize("token", ["Y\u00b2", "G\u2075", "B\u00b9\u2074"])
def test_superscript_digits_raise_card_error_naming_the_token(token: str) -> None:
    """Text whose 'rank' is made of digit-like characters int() cannot read (Y², G⁵) is bad
    text like any other: CardError naming the token, not a bare ValueError from int()."""
    with pytest.raises(CardError) as err:
        parse_card(token)
    assert repr(token) in str(err.value)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


def test_bad_token_in_a_list_is_the_one_named() -> None:
    with pytest.raises(CardError) as err:
        parse_cards("Y14 G5 Q7 RK")
    assert "'Q7'" in str(err.value)
    assert "'Y14'" not in str(err.value)


def test_parse_cards_accepts_spaces_commas_and_iterables() -> None:
    want = [parse_card("Y14"), parse_card("G5"), BIRD]
    assert parse_cards("Y14 G5 RK") == want
    assert parse_cards("Y14,G5, rook") == want
    assert parse_cards(["y14", "g5", "bird"]) == want


@pytest.mark.parametrize("text", ["Y14", "G5", "B1", "RK", "RK2", "R10"])
def test_card_repr_pastes_back(text: str) -> None:
    card = Card(text)
    again = eval(repr(card), {"Card": Card, "CardSet": CardSet})
    assert again == card
    assert isinstance(again, Card)
    assert str(card) == text


def test_card_from_index_and_from_text_agree() -> None:
    assert Card(parse_card("G5")) == Card("g5")
    assert Card("bird").is_bird
    assert not Card("Y14").is_bird
    assert Card("Y14").colour == YELLOW and Card("Y14").rank == 14


@pytest.mark.parametrize("index", [-1, NUM_CARDS, 100])
def test_card_index_out_of_range_is_refused(index: int) -> None:
    with pytest.raises(CardError):
        Card(index)


@pytest.mark.parametrize("text", ["", "Y14", "Y14 G5 B1 RK RK2", "b1 b2 b3 b4 r14 rook"])
def test_cardset_repr_pastes_back(text: str) -> None:
    cs = CardSet(text)
    again = eval(repr(cs), {"Card": Card, "CardSet": CardSet})
    assert again == cs
    assert isinstance(again, CardSet)


def test_cardset_is_a_set_of_cards() -> None:
    cs = CardSet("Y14 G5 RK")
    assert len(cs) == 3
    assert Card("Y14") in cs and BIRD in cs
    assert Card("Y13") not in cs
    assert set(cs) == {Card("Y14"), Card("G5"), Card("RK")}
    assert all(isinstance(c, Card) for c in cs)
    assert CardSet([parse_card("Y14"), parse_card("G5"), BIRD]) == cs
    assert CardSet(mask_of(parse_cards("G5 Y14 RK"))) == cs


def test_cardset_prints_colour_by_colour_high_first_birds_last() -> None:
    assert str(CardSet("RK G5 Y14 B1 B14 RK2 Y5")) == "B14 B1 Y14 Y5 G5 RK RK2"


def test_cardset_bad_text_names_the_token() -> None:
    with pytest.raises(CardError) as err:
        CardSet("Y14 G55")
    assert "'G55'" in str(err.value)
