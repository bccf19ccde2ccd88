"""What the full-screen game draws, checked on the render functions alone (no app, no pilot)."""

from __future__ import annotations

import io

from rich.console import Console

from rookgame import actions as A
from rookgame.cards import card_str, cards_of
from rookgame.match import Match, score_pad
from rookgame.rules import load
from rookgame.state import Hand, Phase
from rookgame.tui import render as R
from rookgame.view import View, view_of
from rookgame.words.seating import Seating

from .helpers import DEAL_105, NEST_105, deal, declare, play, setup, win_bid

RULES = load("kentucky-discard")
PLAYERS = ("human", "heuristic", "heuristic", "heuristic")
YOU = Seating(RULES, 0, PLAYERS)
PAIR = Seating(RULES, -1, ("Ann", "heuristic", "Bo", "heuristic"), (0, 2))


def words(content: object) -> list[str]:
    return str(content).split()


def rich_text(renderable: object, width: int = 60) -> str:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def mid_trick() -> tuple[Hand, View]:
    """Seat 0 bid, named Black and led G6; West R5 and North Y6 are off suit: You are winning."""
    hand = setup(RULES, DEAL_105, "B", leader=0, nest=NEST_105)
    play(hand, "G6 R5 Y6")
    return hand, view_of(hand, 0)


def test_the_table_shows_each_card_of_the_trick_at_its_seat_and_who_is_winning() -> None:
    _, v = mid_trick()
    cells = R.table_cells(v, YOU, 0, acting=v.to_act)
    played = {0: "G6", 1: "R5", 2: "Y6"}
    for seat, card in played.items():
        cell = str(cells[R.place_of(4, 0, seat)])
        assert card in cell.split(), (seat, cell)
    assert "★ winning" in str(cells[R.place_of(4, 0, 0)])
    assert "★" not in str(cells[R.place_of(4, 0, 1)]) + str(cells[R.place_of(4, 0, 2)])
    east = str(cells[R.place_of(4, 0, 3)])
    assert east.startswith(">> East") and "…" in east  # East is to play, nothing on the table yet
    assert R.place_of(4, 0, 0) == (2, 1) and R.place_of(4, 0, 2) == (0, 1)  # you at the bottom, North on top
    centre = str(R.center_content(v, YOU))
    assert "Trick 1: you led;\nyou are winning with G6." in centre


def test_the_last_trick_stays_on_the_table_with_its_winner_until_the_next_lead() -> None:
    hand = setup(RULES, DEAL_105, "B", leader=0, nest=NEST_105)
    play(hand, "G6 R5 Y6 G10")
    v = view_of(hand, 1)
    cells = R.table_cells(v, YOU, 0)
    assert "★ won it" in str(cells[R.place_of(4, 0, 3)]) and "G10" in words(cells[R.place_of(4, 0, 3)])
    assert "Trick 1\nwent to East (15 points)." in str(R.center_content(v, YOU))


def test_the_hand_shows_every_card_of_the_seat_and_none_of_another() -> None:
    hand, _ = mid_trick()
    for seat in range(4):
        v = view_of(hand, seat)
        shown = set(words(R.hand_content(v, R.choices_for(v))))
        mine = {card_str(c) for c in v.hand}
        assert mine and mine <= shown
        for other in range(4):
            if other != seat:
                assert not shown & {card_str(c) for c in cards_of(hand.hands[other])}
        assert not shown & {card_str(c) for c in cards_of(hand.nest)} - mine
    # East, to play, sees a key over each card it may play and ^ under it
    v = view_of(hand, 3)
    text = str(R.hand_content(v, R.choices_for(v)))
    assert text.count(" ^ ") == len(v.legal)


def test_the_nest_is_shown_to_the_bidder_only_and_marked_in_its_hand() -> None:
    hand = deal(RULES, DEAL_105, nest=NEST_105, dealer=3)
    win_bid(hand, 0, 100)
    nest = {card_str(c) for c in cards_of(hand.nest)}
    bidder = view_of(hand, 0)
    assert bidder.phase == Phase.NEST and bidder.step == "bury"
    assert nest <= set(words(R.center_content(bidder, YOU)))
    assert str(R.hand_content(bidder, R.choices_for(bidder))).count("nest") == len(nest)
    bo = view_of(hand, 2)
    centre = str(R.center_content(bo, PAIR))
    assert not nest & set(centre.split()) and not nest & set(words(R.hand_content(bo)))
    assert "Ann won the bid at 100.\nAnn is burying cards from the nest." in centre


def test_the_auction_lists_every_call_and_who_won() -> None:
    hand = deal(RULES, DEAL_105, nest=NEST_105, dealer=3)
    hand.apply(A.BID + 70, 0)
    hand.apply(A.BID + 75, 1)
    hand.apply(A.PASS, 2)
    lines = str(R.auction_content(view_of(hand, 0), YOU)).splitlines()
    assert lines == ["You      70", "West     75", "North    pass"]
    hand.apply(A.PASS, 3)
    hand.apply(A.PASS, 0)
    declare(hand, "R")
    text = str(R.auction_content(view_of(hand, 2), PAIR))
    assert text.splitlines()[0] == "Ann      70" and "West won the bid at 75; trump Red" in text
    first = deal(RULES, DEAL_105, nest=NEST_105, dealer=3)
    assert str(R.auction_content(view_of(first, 0), YOU)) == "No calls yet; you bid first."


def test_the_prompt_offers_the_legal_choices_with_their_keys() -> None:
    hand = deal(RULES, DEAL_105, nest=NEST_105, dealer=3)
    v = view_of(hand, 0)
    choices = R.choices_for(v)
    assert sorted(c.action for c in choices) == sorted(v.legal)
    assert len({c.key for c in choices}) == len(choices)
    text = str(R.prompt_content(v, YOU, "turn", choices))
    assert text.startswith("Your bid: [p] Pass  [1] 70") and "120" in text
    assert str(R.prompt_content(view_of(hand, 1), YOU, "wait")) == "Waiting for You..."
    assert str(R.prompt_content(v, PAIR, "cover", choices, covered_for="Bo")) == "Pass the screen to Bo."
    assert str(R.prompt_content(v, YOU, "pause", choices)) == "Hand over. [Enter] Next hand"
    assert str(R.prompt_content(v, YOU, "over", message="Kept.")) == "Game over. [n] New game   [q] Quit\nKept."


def test_the_score_pad_and_the_info_line() -> None:
    match = Match(RULES, 5)
    while len(match.hands) < 2:
        hand = match.hand
        if hand.phase == Phase.BID and hand.to_act == 0 and hand.high_bidder != 0 and not match.hands:
            match.apply(A.BID + 120, 0)
        else:
            legal = hand.legal_actions()
            match.apply(A.PASS if A.PASS in legal else legal[0], hand.to_act)
    rows = score_pad(RULES, match.hands)
    pad = rich_text(R.pad_table(YOU, rows), 80).splitlines()
    first, second = rows
    assert first.bidder == 0 and second.bidder < 0  # seed 5: the first hand is set, in the second all pass
    assert pad[0].split() == ["#", "Bidder", "Bid", "Tr", "Result", "Us", "Them"]
    assert pad[2].split() == ["1", "You", "120", "B", str(first.taken), "SET",
                              f"{first.score[0]:+d}→{first.totals[0]}", f"{first.score[1]:+d}→{first.totals[1]}"]
    assert pad[3].split() == ["2", "thrown", "in", f"+0→{first.totals[0]}", f"+0→{first.totals[1]}"]
    v = view_of(match.hand, 0, match.totals)
    info = str(R.info_content(v, YOU, number=3, pace=0.6))
    assert "Kentucky Discard · hand 3" in info and "pace 0.6 s" in info
    assert "your partner North" in info and "seat 0" not in info  # "You" are told who partners you, not a number
    assert f"Us {match.totals[0]}  Them {match.totals[1]}" in info
    ann = view_of(match.hand, 0, match.totals)
    assert "Ann's cards (seat 0)" in str(R.info_content(ann, PAIR, number=3, pace=0))
    hidden = str(R.info_content(ann, PAIR, number=3, pace=0, shown=False))
    assert "cards hidden" in hidden and "Ann's" not in hidden
    assert "Ann and Bo" in rich_text(R.pad_table(PAIR, rows), 80)


def test_a_refusal_is_told_to_the_person_at_the_screen() -> None:
    from rookgame.cards import parse_card, parse_cards
    from rookgame.state import IllegalAction
    from rookgame.words.catalog import Param
    from rookgame.words.refusals import told

    def say(seating: Seating, code: str, you: int = 0, **params: Param) -> str:
        return told(code, params, you=you, seat_name=seating.name)

    r5, r7, r9, b5 = parse_card("R5"), parse_card("R7"), parse_card("R9"), parse_card("B5")
    red = 1
    renege = IllegalAction("must_follow", seat=0, lead=r5, colour=red, held=[r7, r9])
    assert str(renege) == "renege: R5 was led and seat 0 holds red (R7 R9); it must follow red"
    assert say(YOU, "must_follow", seat=0, lead=r5, colour=red, held=[r7, r9]) == (
        "R5 was led and you hold red (R7 R9): you must follow red")
    assert say(YOU, "must_follow", seat=1, lead=r5, colour=red, held=[r7]) == (
        "R5 was led and West holds red (R7): West must follow red")
    assert say(YOU, "not_your_turn", turn=1, seat=0) == "it is West's turn, not yours"
    assert say(YOU, "card_not_held", seat=0, card=b5) == "you do not hold B5"
    bury: dict[str, int] = dict(left=3, done=2, size=5)
    assert str(IllegalAction("must_bury", bidder=0, **bury)) == "the bidder must bury 3 more cards now (2 of 5 buried)"
    assert say(YOU, "must_bury", bidder=0, **bury) == "you must bury 3 more cards now (2 of 5 buried)"
    assert say(YOU, "must_bury", bidder=1, **bury) == "the bidder must bury 3 more cards now (2 of 5 buried)"
    assert say(YOU, "must_bury", bidder=0, left=1, done=4, size=5) == "you must bury 1 more card now (4 of 5 buried)"
    assert say(YOU, "bury_counter", bidder=0, card=r5, allowed=parse_cards("B6 B7")) == (
        "R5 is a counter and these rules forbid burying counters while other cards can go; you may bury: B6 B7")
    # pass and play: "you" is whoever has the screen; the others keep the names the table shows
    assert say(PAIR, "must_follow", you=2, seat=2, lead=r5, colour=red, held=[r7]) == (
        "R5 was led and you hold red (R7): you must follow red")
    assert say(PAIR, "not_your_turn", you=2, turn=1, seat=2) == "it is West's turn, not yours"
    assert say(PAIR, "not_your_turn", you=2, turn=0, seat=2) == "it is Ann's turn, not yours"
