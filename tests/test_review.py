"""What people may look back at of the taken tricks (rule option ``review``; seed 003 forbids it)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from rookgame.match import Match
from rookgame.plain import play_plain
from rookgame.rules import PRESETS, RulesError, from_mapping, preset
from rookgame.state import Hand, Phase
from rookgame.view import view_of
from rookgame.words.play import review_text
from rookgame.words.seating import Seating

from .test_plain import BOTS, Answers


def hand_after_tricks(rules_name: str, review: str, tricks: int) -> Hand:
    rules = preset(rules_name).replace(review=review)
    rng = random.Random(4)
    hand = Hand(rules)
    hand.deal_random(rng)
    while not (hand.phase == Phase.PLAY and len(hand.tricks) == tricks and not hand.trick):
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def test_review_defaults_follow_the_seeds() -> None:
    # Seed 003: "Los trucos realizados no pueden ser revisados por ningún jugador hasta el final de la ronda".
    for name in ("kentucky-discard", "call-partner", "call-partner-5", "call-partner-6", "dixie", "buckeye",
                 "red-one", "kentucky-original", "one-high", "regular-partnership"):
        assert PRESETS[name].review == "none", name
    for name in ("full-deck", "cutthroat", "double-bird", "individual-5", "individual-6"):
        assert PRESETS[name].review == "last", name


@pytest.mark.parametrize("review, shown", [("none", 0), ("last", 1), ("all", 3)])
def test_review_decides_which_taken_tricks_a_person_may_see_again(review: str, shown: int) -> None:
    hand = hand_after_tricks("kentucky-discard", review, 3)
    view = view_of(hand, 1)
    assert view.reviewable == (view.tricks[len(view.tricks) - shown:] if shown else ())
    # what the seat saw fall stays in its view for a bot's memory, whatever people may look back at
    assert len(view.tricks) == 3
    text = review_text(Seating(hand.rules, 0, tuple(BOTS)), view)
    if review == "none":
        assert "face down" in text and "Trick" not in text
    else:
        assert text.count("won by") + text.count("you won it") == shown


def test_review_is_a_rules_file_option_with_its_choices() -> None:
    assert from_mapping({"preset": "kentucky-discard", "review": "all"}).review == "all"
    with pytest.raises(RulesError, match="review = 'some': allowed values are 'none', 'last', 'all'"):
        from_mapping({"review": "some"})


class AsksForTheLastTrick(Answers):
    """Types 'last' once, on its first card play after a trick was taken."""

    asked = False

    def readline(self, size: int = -1, /) -> str:
        assert self.match is not None
        hand = self.match.hand
        if not self.asked and hand.phase == Phase.PLAY and hand.tricks:
            self.asked = True
            return "last\n"
        return super().readline()


@pytest.mark.parametrize("review", ["none", "last"])
def test_line_mode_shows_the_last_trick_only_where_the_rules_allow(review: str) -> None:
    rules = preset("kentucky-discard").replace(review=review)
    answers = AsksForTheLastTrick(limit=40)
    match = Match(rules, 11)
    answers.match = match
    out = io.StringIO()
    play_plain(rules, 0, BOTS, 11, answers, out, match=match)
    text = out.getvalue()
    assert answers.asked
    if review == "none":
        assert "Taken tricks stay face down" in text and "Last trick:" not in text
    else:
        assert "Last trick: " in text and "Taken tricks stay face down" not in text


@pytest.mark.slow
def test_full_screen_l_shows_the_last_trick_where_the_rules_allow(tmp_path: Path) -> None:
    from textual.pilot import Pilot

    from rookgame.tui.app import RookApp, Settings

    from .test_tui import game, run, screen_text

    app = RookApp(Settings("full-deck", 0, "heuristic", "heuristic", 5), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")  # Start
        screen = game(app)
        for _ in range(500):
            hand = screen.match.hand
            if hand.phase == Phase.PLAY and hand.tricks and screen.my_turn():
                break
            if screen.my_turn() and screen.bury_step():
                await pilot.press(*"12345")
            await pilot.press("enter")
        assert screen.match.hand.tricks and screen.my_turn()
        await pilot.press("l")
        assert "Last trick: " in screen_text(app) and ("won by" in screen_text(app) or "you won it" in screen_text(app))
        await pilot.press("l")
        assert "Last trick: " not in screen_text(app)

    run(app, script)
