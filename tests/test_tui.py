"""The full-screen game, driven headless with Textual's pilot."""

from __future__ import annotations

import asyncio
import io
import re
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from rookgame import actions as A
from rookgame.bots import make_player
from rookgame.cards import card_str, cards_of
from rookgame.record import read_jsonl, replay_record
from rookgame.rules import load
from rookgame.saves import CURRENT, resume_game
from rookgame.state import Hand, Phase
from rookgame.table import Bot
from rookgame.tui.app import CoverScreen, GameScreen, HelpScreen, RookApp, SaveProblemScreen, Settings, SetupScreen
from rookgame.tui.setup import ReplaceScreen
from rookgame.view import View, view_of

SIZE = (120, 40)
SEED = 5  # kentucky-discard, seat 0 deals: the other three bid first; bidding 120 wins at once


def run(app: RookApp, script: Callable[[Pilot[int], RookApp], Awaitable[None]]) -> None:
    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await script(pilot, app)

    asyncio.run(go())


def screen_text(app: App[int]) -> str:
    """What the terminal shows, as plain text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, force_terminal=True,
                      legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def panel(app: App[int], selector: str) -> str:
    """The text inside one widget's region of the screen."""
    region = app.screen.query_one(selector).region
    lines = screen_text(app).splitlines()
    return "\n".join(line[region.x:region.right] for line in lines[region.y:region.bottom])


def showing(app: App[int]) -> object:
    """The screen on top now: read afresh after a key, which may have changed it (a plain ``app.screen``
    after an ``isinstance`` check stays narrowed for a type checker)."""
    return app.screen


def game(app: RookApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


@pytest.mark.slow
def test_a_whole_hand_bid_won_nest_exchange_every_trick(tmp_path: Path) -> None:
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        assert isinstance(app.screen, SetupScreen)
        assert "Start" in screen_text(app) and "Your seat" in screen_text(app)
        await pilot.press("enter")  # Start (focused)
        screen = game(app)
        match = screen.match
        hand = match.hand
        # The auction: the bots before the human have bid; the human is asked.
        assert (hand.phase, hand.to_act) == (Phase.BID, 0)
        v = view_of(hand, 0)
        shown = panel(app, "#hand")
        assert [card_str(c) for c in v.hand] and all(card_str(c) in shown.split() for c in v.hand)
        # hidden information stays hidden: no card of another hand (nor the nest) is on screen
        for seat in (1, 2, 3):
            assert not set(shown.split()) & {card_str(c) for c in cards_of(hand.hands[seat])}
        everything = screen_text(app).split()
        assert not set(everything) & {card_str(c) for c in cards_of(hand.nest)} - {card_str(c) for c in v.hand}
        auction = panel(app, "#auction")
        for seat, call in hand.auction:
            assert screen.seating.name(seat) in auction
            assert ("pass" if call == A.PASS else str(call - A.BID)) in auction
        prompt = panel(app, "#prompt")
        assert "Your bid" in prompt and "[p] Pass" in prompt and "120" in prompt

        # Bid 120 (End moves to the highest bid), which wins the auction.
        await pilot.press("end", "enter")
        assert (hand.bidder, hand.bid, hand.phase) == (0, 120, Phase.NEST)
        text = screen_text(app)
        assert "You won the bid at 120" in text and "Nest:" in text
        v = view_of(hand, 0)
        assert v.nest is not None
        assert all(card_str(c) in panel(app, "#center") for c in v.nest)
        assert panel(app, "#hand").count("nest") == len(v.nest)
        assert "Bury 5 cards" in panel(app, "#prompt")

        # The nest exchange: pick five with their keys, see them marked, bury them, name trump.
        await pilot.press(*"12345")
        assert len(screen.selected) == 5
        assert panel(app, "#hand").count("bury") == 5
        assert "Selected (5 of 5, Enter buries them)" in panel(app, "#prompt")
        picked = list(screen.selected)
        await pilot.press("enter")
        assert sorted(hand.buried) == sorted(picked) and view_of(hand, 0).step == "trump"
        assert "[b]" in panel(app, "#prompt") and "Black" in panel(app, "#prompt")
        await pilot.press("b")
        assert (hand.trump, hand.phase) == (0, Phase.PLAY)
        assert "Trump:  B  Black" in panel(app, "#info") and "Bidder: You 120" in panel(app, "#info")

        # Every trick: check the table and the marked cards, play with Enter (the cursor's card).
        tricks_seen = 0
        while screen.pause is None:
            assert hand.to_act == 0 and screen.my_turn()
            v = view_of(hand, 0)
            assert panel(app, "#hand").count(" ^ ") == len(v.legal)
            if v.trick:
                center = panel(app, "#center")
                assert "winning with" in center
                table = panel(app, "#table")
                assert all(card_str(c) in table.split() for c in v.trick)
            await pilot.press("l")  # kentucky-discard (seed 003): taken tricks may not be looked at again
            assert "Taken tricks stay face down" in screen_text(app) and "Last trick:" not in screen_text(app)
            await pilot.press("enter")
            tricks_seen += 1
        assert tricks_seen == 9 and hand.phase == Phase.DONE and len(hand.tricks) == 9

        # The score pad after the hand, and the result on the table.
        row = screen.pause
        assert row is not None and row.bidder == 0 and row.bid == 120
        pad = panel(app, "#pad")
        verdict = "made" if row.made else "SET"
        assert f"You     120  B   {row.taken} {verdict}" in pad
        for score, total in zip(row.score, row.totals):
            assert f"{score:+d}→{total}" in pad
        assert f"Hand 1: you bid 120 with Black trump, took {row.taken}" in " ".join(panel(app, "#center").split())
        center = " ".join(panel(app, "#center").split())  # the nest and the burial: the bidder's to see
        assert "The nest was" in center and all(card_str(c) in center.split() or card_str(c) + "." in center.split()
                                                for c in cards_of(hand.nest))
        assert "You buried" in center and all(card_str(c) in center.split() or card_str(c) + "." in center.split()
                                              for c in picked)
        assert match.totals == list(row.totals)
        assert (tmp_path / CURRENT).exists()  # kept after every hand
        await pilot.press("enter")  # the next hand
        assert screen.pause is None and len(match.hands) == 1 and match.hand.dealer == 1

    run(app, script)


@pytest.mark.slow
def test_keys_hint_help_pace_click_and_game_over(tmp_path: Path) -> None:
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "random", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        await pilot.press("h")
        assert "Hint (" in panel(app, "#prompt")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "How to play Kentucky Discard" in text and "The player left of the dealer bids first" in flat(text)
        seen = ""
        for _ in range(12):  # page down through the keys to the options
            await pilot.press("pagedown")
            seen += screen_text(app)
        assert "save the game and quit" in seen and "nest_size" in seen
        await pilot.press("escape")
        assert showing(app) is screen
        await pilot.press("plus", "plus")
        assert app.pace == 0.4 and "pace 0.4 s" in panel(app, "#info")
        await pilot.press("minus", "minus")
        assert app.pace == 0
        # the mouse: click the "Pass" choice in the prompt
        lines = panel(app, "#prompt").splitlines()
        row = next(i for i, line in enumerate(lines) if "[p] Pass" in line)
        region = screen.query_one("#prompt").region
        first = screen.match.hand
        await pilot.click(offset=(region.x + lines[row].index("[p] Pass") + 2, region.y + row))
        assert (0, A.PASS) in first.auction
        # play on to the end of the game (first legal choice each time; Enter after each hand)
        for _ in range(3000):
            if screen.match.is_over:
                break
            if screen.pause is not None or screen.my_turn():
                if screen.my_turn() and screen.bury_step():
                    await pilot.press(*"12345")
                await pilot.press("enter")
        match = screen.match
        assert match.is_over
        text = screen_text(app)
        assert "Game over:" in text and "n: new game" in text
        kept = list(read_jsonl(tmp_path / "finished.jsonl"))
        assert len(kept) == 1 and replay_record(kept[0][1]).finished
        assert not (tmp_path / CURRENT).exists()
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen) and app.screen is not screen
        assert not app.screen.match.is_over

    run(app, script)


@pytest.mark.slow
def test_save_quit_and_resume(tmp_path: Path) -> None:
    app = RookApp(Settings("full-deck", 1, "heuristic", "heuristic", 17), pace=0, saves_dir=tmp_path)
    seen: dict[str, object] = {}

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        seen["history"] = list(screen.match.hand.history)
        seen["hand"] = panel(app, "#hand")
        await pilot.press("s")

    run(app, script)
    saved = tmp_path / CURRENT
    assert saved.exists() and "rook play --resume" in app.exit_message
    match, players = resume_game(saved)
    assert players[1] == "human" and match.hand.history == seen["history"]

    again = RookApp(pace=0, saves_dir=tmp_path, match=match, players=players, resumed_from=saved)

    async def resumed(pilot: Pilot[int], app: RookApp) -> None:
        screen = game(app)  # straight into the game
        assert screen.human == 1 and screen.match is match
        assert panel(app, "#hand") == seen["hand"]
        recap = flat(panel(app, "#prompt"))  # where the hand stands, said once
        assert "Resumed. Hand 1, dealt by East. The auction is on" in recap and "Totals: Them 0, Us 0" in recap, recap

    run(again, resumed)

    # the setup screen offers the saved game too
    third = RookApp(pace=0, saves_dir=tmp_path)

    async def from_setup(pilot: Pilot[int], app: RookApp) -> None:
        assert "A game of Full deck is saved" in " ".join(screen_text(app).split())
        await pilot.click("#resume")
        screen = game(app)
        assert screen.human == 1 and screen.match.hand.history == seen["history"]

    run(third, from_setup)


@pytest.mark.slow
def test_setup_screen_choices(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text('preset = "cutthroat"\ngoal = 200\n')
    bad = tmp_path / "bad.toml"
    bad.write_text("nest_size = 4\n")
    app = RookApp(pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        file_input = setup.query_one("#file")
        from textual.widgets import Input, Select

        assert isinstance(file_input, Input)
        file_input.value = str(bad)
        await pilot.pause()
        setup.start()
        await pilot.pause()
        assert "cannot be played" in panel(app, "#setup-error") or "cannot be" in screen_text(app)
        file_input.value = str(tmp_path / "house.toml")
        await pilot.pause()
        seat = setup.query_one("#seat", Select)
        assert len(list(seat._options)) == 3  # cutthroat: three seats
        assert setup.query_one("#partner", Select).disabled
        seat.value = 2
        setup.start()
        await pilot.pause()
        screen = game(app)
        assert screen.human == 2 and screen.rules.goal == 200 and screen.rules.players == 3
        assert "Seat 0" in screen_text(app) and "Them" not in panel(app, "#pad")

    run(app, script)


@pytest.mark.slow
def test_computer_moves_are_paced_by_timers(tmp_path: Path) -> None:
    # The slowest pace: the first look comes long before the first timer, even on a loaded machine.
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=5.0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        hand = screen.match.hand
        assert hand.auction == [] and "Waiting for West" in panel(app, "#prompt")  # nothing moved yet
        assert screen.timer is not None  # the computer's move waits on a timer
        app.pace = 0.0
        screen.timer.stop()
        screen._timed_bot()  # the timer fires: with no pace left, the computers move on to the human
        await pilot.pause()
        assert hand.to_act == 0 and len(hand.auction) == 3
        assert "Your bid" in panel(app, "#prompt")

    run(app, script)


@pytest.mark.slow
def test_a_failed_save_is_shown_the_game_goes_on_and_another_folder_saves_it(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.write_text("a file where the saves folder should be")
    other = tmp_path / "other"
    app = RookApp(Settings("full-deck", 1, "heuristic", "heuristic", 17), pace=0, saves_dir=folder)
    seen: dict[str, object] = {}

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        # the save after the first hand fails: said on screen, and the game is still there
        await pilot.press("p")
        for _ in range(40):
            if screen.pause is not None or isinstance(app.screen, SaveProblemScreen):
                break
            await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveProblemScreen)
        said = "".join(panel(app, "#problem-text").split())  # long paths wrap: compare without spaces
        assert "".join(f"Could not save to {folder / CURRENT}: {folder} is a file, not a folder.".split()) in said
        assert "Thegamegoeson." in said
        await pilot.click("#go-on")
        assert showing(app) is screen and not app._exit and len(screen.match.hands) == 1
        assert "Not saved" in " ".join(panel(app, "#prompt").split())
        await pilot.press("enter")  # the next hand
        assert screen.pause is None
        # save and quit fails too: offered another folder, where the game is saved
        await pilot.press("s")
        assert isinstance(app.screen, SaveProblemScreen)
        app.screen.query_one("#elsewhere", Input).value = str(other)
        await pilot.click("#there")
        seen["history"] = [list(h.history) for h in screen.match.hands] + [list(screen.match.hand.history)]

    run(app, script)
    saved = other / CURRENT
    assert app.exit_message == f"Game saved to {saved}. Resume it with: rook play --resume {saved}"
    match, _ = resume_game(saved)
    assert [list(h.history) for h in match.hands] + [list(match.hand.history)] == seen["history"]


# ---------------------------------------------------------------------- several people at one screen
PAIR = Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED, ("Ann", "Bo"))  # Ann at 0, Bo at 2


def game_under(app: RookApp) -> GameScreen:
    """The game screen, also while the cover (or a dialog) lies over it."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def cards_on_screen(app: App[int], mask: int) -> set[str]:
    return set(screen_text(app).split()) & {card_str(c) for c in cards_of(mask)}


@pytest.mark.slow
def test_pass_and_play_covers_the_cards_until_the_next_person_has_the_screen(tmp_path: Path) -> None:
    app = RookApp(PAIR, pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")  # Start: West bids, then it is Bo's turn and nobody's cards have shown yet
        screen = game_under(app)
        hand = screen.match.hand
        assert screen.table.humans == [0, 2] and screen.table.names == ["Ann", "heuristic", "Bo", "heuristic"]
        assert isinstance(app.screen, CoverScreen) and hand.to_act == 2
        said = " ".join(screen_text(app).split())
        assert "Pass to Bo — press Enter when only Bo can see the screen." in said
        assert not cards_on_screen(app, hand.hands[0] | hand.hands[2] | hand.nest)
        under = str(screen.query_one("#hand", Static).content)  # and none under the cover either
        assert "hidden" in under and not set(under.split()) & {card_str(c) for c in cards_of(hand.hands[2])}

        await pilot.press("enter")  # Bo has the screen: Bo's cards, and no one else's
        assert showing(app) is screen and screen.viewer == 2
        shown = panel(app, "#hand").split()
        assert {card_str(c) for c in cards_of(hand.hands[2])} <= set(shown)
        assert not cards_on_screen(app, hand.hands[0] | hand.hands[1] | hand.hands[3] | hand.nest)
        assert "Bo's hand" in screen_text(app) and "Your bid" in panel(app, "#prompt")
        assert "Bo's cards (seat 2)" in panel(app, "#info")

        await pilot.press("p")  # Bo passes; East bids; Ann's turn: the cover hides Bo's cards
        assert (2, A.PASS) in hand.auction and hand.to_act == 0
        assert isinstance(app.screen, CoverScreen) and "Pass to Ann" in screen_text(app)
        assert not cards_on_screen(app, hand.hands[2] | hand.hands[0])
        await pilot.press("p")  # keys other than Enter do nothing on the cover
        assert isinstance(app.screen, CoverScreen) and hand.to_act == 0
        await pilot.press("enter")
        assert screen.viewer == 0 and {card_str(c) for c in cards_of(hand.hands[0])} <= set(panel(app, "#hand").split())
        assert not cards_on_screen(app, hand.hands[2])

        # Play the hand out: a cover each time the turn passes to the other person, never otherwise.
        covers = [2, 0]
        for _ in range(400):
            if screen.pause is not None or screen.match.hands:
                break
            if isinstance(app.screen, CoverScreen):
                seat = screen.table.to_act
                assert seat is not None and seat != screen.viewer and app.screen.seat == seat
                assert screen.seating.name(seat) in screen_text(app)
                covers.append(seat)
                await pilot.press("enter")
                continue
            assert screen.my_turn() and screen.table.to_act == screen.viewer
            if screen.bury_step():
                await pilot.press(*"12345")
            await pilot.press("enter")
        assert screen.pause is not None and len(covers) > 3
        assert all(a != b for a, b in zip(covers, covers[1:]))  # each cover hands the screen to the other
        await pilot.press("enter")
        for _ in range(40):  # the next hand, up to a person's turn; then save and quit from the cover
            if isinstance(app.screen, CoverScreen):
                break
            if screen.my_turn():
                await pilot.press("p" if screen.view().phase == Phase.BID else "enter")
        await pilot.press("q")

    run(app, script)
    saved = tmp_path / CURRENT
    assert "rook play --resume" in app.exit_message
    match, players = resume_game(saved)
    assert players == ["Ann", "heuristic", "Bo", "heuristic"] and len(match.hands) == 1


@pytest.mark.slow
def test_a_saved_two_person_game_resumes_with_its_people(tmp_path: Path) -> None:
    from rookgame.match import Match
    from rookgame.saves import save_game

    match = Match(load("kentucky-discard"), SEED)
    players = ["Ann", "heuristic", "Bo", "heuristic"]
    # The people pass; East wins the bid and takes the nest; West leads; Bo is to play the trick's second card.
    while not (match.hand.phase == Phase.PLAY and match.hand.to_act == 2):
        seat = match.hand.to_act
        assert seat in (1, 3) or match.hand.phase == Phase.BID
        match.apply(A.PASS if seat in (0, 2) else make_player("heuristic", seat).act(view_of(match.hand, seat)), seat)
    save_game(match, players, tmp_path / CURRENT)
    again, named = resume_game(tmp_path / CURRENT)
    app = RookApp(pace=0, saves_dir=tmp_path, match=again, players=named, resumed_from=tmp_path / CURRENT)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.pause()
        screen = game_under(app)
        hand = screen.match.hand
        assert screen.table.humans == [0, 2] and screen.seating.name(0) == "Ann" and screen.seating.name(2) == "Bo"
        assert isinstance(app.screen, CoverScreen) and hand.to_act == 2 and "Pass to Bo" in screen_text(app)
        assert not cards_on_screen(app, hand.hands[0] | hand.hands[2])
        await pilot.press("enter")
        assert {card_str(c) for c in cards_of(hand.hands[2])} <= set(panel(app, "#hand").split())
        assert not cards_on_screen(app, hand.hands[0])
        assert card_str(hand.trick[0]) in panel(app, "#table").split()  # West's lead is on the table
        assert panel(app, "#hand").count(" ^ ") == len(screen.view().legal)
        assert "Ann" in panel(app, "#auction") and "Bo" in panel(app, "#auction")
        assert app.settings.people == ("Ann", "Bo") and app.settings.people_seats == (0, 2)

    run(app, script)


def test_the_setup_screen_seats_several_people(tmp_path: Path) -> None:
    app = RookApp(pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        from textual.widgets import Select

        setup = app.screen
        assert isinstance(setup, SetupScreen) and "People at this screen" in screen_text(app)
        assert setup.query_one("#names", Input).disabled  # one person: no names to give
        setup.query_one("#people", Select).value = 2
        await pilot.pause()
        assert not setup.query_one("#names", Input).disabled and setup.query_one("#seat", Select).disabled
        setup.query_one("#names", Input).value = "Ann, random"
        await pilot.pause()
        setup.start()
        await pilot.pause()
        assert "'random' is the name of a bot" in panel(app, "#setup-error")
        setup.query_one("#names", Input).value = "Ann, Bo, Cy"
        setup.start()
        await pilot.pause()
        assert "2 people chosen, but 3 names given" in " ".join(panel(app, "#setup-error").split())
        setup.query_one("#names", Input).value = "Ann, Bo"
        setup.query_one("#people-seats", Input).value = "1,3"
        setup.start()
        await pilot.pause()
        screen = game_under(app)
        assert screen.players[1] == "Ann" and screen.players[3] == "Bo" and screen.table.humans == [1, 3]
        assert isinstance(app.screen, CoverScreen) and app.screen.seat == screen.table.to_act

    run(app, script)


def test_bots_think_off_the_ui_thread_and_their_moves_are_submitted_on_it(tmp_path: Path) -> None:
    class Spy:
        """A heuristic bot that notes the thread it is asked on."""

        name = "spy"

        def __init__(self) -> None:
            self.inner = make_player("heuristic", 1)
            self.threads: list[threading.Thread] = []

        def act(self, view: View) -> int:
            self.threads.append(threading.current_thread())
            return self.inner.act(view)

    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        spy = Spy()
        for seat in (1, 2, 3):
            screen.table.set_seat(seat, Bot("spy", player=spy))
        submitted: list[threading.Thread] = []
        submit, submit_bot = screen.table.submit, screen.table.submit_bot

        def noted(seat: int, action: int) -> None:
            submitted.append(threading.current_thread())
            submit(seat, action)

        def noted_bot(seat: int, action: int) -> None:
            submitted.append(threading.current_thread())
            submit_bot(seat, action)

        screen.table.submit = noted  # type: ignore[method-assign]
        screen.table.submit_bot = noted_bot  # type: ignore[method-assign]
        await pilot.press("p")  # the bots bid on, take the nest, lead: up to the person's turn
        assert screen.my_turn() and len(spy.threads) >= 3
        assert all(t is not threading.main_thread() for t in spy.threads)
        assert submitted and all(t is threading.main_thread() for t in submitted)
        assert len(submitted) == len(spy.threads) + 1  # each bot's answer, and the person's pass

    run(app, script)


@pytest.mark.slow
def test_a_new_game_keeps_the_saved_one_beside_it(tmp_path: Path) -> None:
    from rookgame.saves import load_record, saved_games

    first = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def save_one(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")  # Start
        await pilot.press("s")  # save and quit

    run(first, save_one)
    old = load_record(tmp_path / CURRENT)
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED + 1), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.pause()
        shown = " ".join(screen_text(app).replace("│", " ").split())  # the words, out of the box's lines
        assert "is saved" in shown and "kept beside it" in shown, shown
        await pilot.press("enter")  # Start: first it asks
        await pilot.pause()
        assert isinstance(app.screen, ReplaceScreen)
        asked = " ".join(screen_text(app).replace("│", " ").split())
        assert "Start a new game? The saved game is not replaced" in asked and "Resume the saved one" in asked
        await pilot.press("escape")  # back: nothing started
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.pause(0.4)  # a button takes no second press while it still shows the first
        await pilot.press("enter")  # Start: it asks again
        await pilot.pause()
        assert isinstance(app.screen, ReplaceScreen)
        await pilot.press("enter")  # Start a new game (focused)
        await pilot.pause()
        screen = game(app)
        for _ in range(400):
            if screen.pause is not None:
                break
            if screen.my_turn() and screen.bury_step():
                await pilot.press(*"12345")
            await pilot.press("enter")
        assert screen.pause is not None  # the hand is over: the game was saved
        kept = [p for p in saved_games(tmp_path) if p.name != CURRENT]
        assert len(kept) == 1 and load_record(kept[0]) == old
        assert load_record(tmp_path / CURRENT)["seed"] == SEED + 1

    run(app, script)
    # The game kept aside stays listed on the setup screen, to resume.
    again = RookApp(pace=0, saves_dir=tmp_path)

    async def listed(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.pause()
        kept = [p for p in saved_games(tmp_path) if p.name != CURRENT][0]
        assert f"Resume {kept.name}: Kentucky Discard" in screen_text(app)
        await pilot.click("#earlier-0")
        await pilot.pause()
        screen = game(app)
        assert screen.saves.target == kept and screen.match.seed == SEED

    run(again, listed)


# ---------------------------------------------------------------------- issue 14: every size, every key
def run_at(app: RookApp, size: tuple[int, int], script: Callable[[Pilot[int], RookApp], Awaitable[None]]) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot, app)

    asyncio.run(go())


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


@pytest.mark.slow
def test_every_size_shows_the_hand_the_trick_and_who_is_winning_the_bid_trump_and_score(tmp_path: Path) -> None:
    for size in ((80, 24), (100, 30), (140, 45)):
        app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0,
                      saves_dir=tmp_path / f"{size[0]}")

        async def script(pilot: Pilot[int], app: RookApp, size: tuple[int, int] = size) -> None:
            text = screen_text(app)
            lines = text.splitlines()
            assert len(lines) <= size[1] and all(len(line.rstrip()) <= size[0] for line in lines)
            setup = app.screen.query_one("#setup").region
            assert setup.right <= size[0] and setup.bottom <= size[1], (size, setup)  # the dialog fits
            for label in ("Start", "Quit", "Rules (a preset)", "Seed (empty: random)"):
                assert label in text, (size, label)
            await pilot.press("enter")
            screen = game(app)
            hand = screen.match.hand
            await pilot.press("end", "enter")  # bid 120
            await pilot.press(*"12345", "enter", "b")
            seen_trick = False
            while screen.pause is None and not seen_trick:
                v = view_of(hand, 0)
                if v.trick:
                    shown = screen_text(app)
                    info = flat(panel(app, "#info"))
                    assert "Bidder: You 120" in info and "Black" in info and "Us 0" in info and "Them 0" in info
                    assert all(card_str(c) in panel(app, "#hand") for c in v.hand), size
                    for c in v.trick:
                        assert card_str(c) in shown, (size, card_str(c))
                    assert "★ winning" in shown and "is winning with" in flat(shown), size
                    seen_trick = True
                await pilot.press("enter")
            assert seen_trick, size

        run_at(app, size, script)


@pytest.mark.slow
def test_an_illegal_card_says_why_in_your_words_and_a_dead_key_says_what_the_keys_are(tmp_path: Path) -> None:
    from rookgame.tui import render as R

    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        hand = screen.match.hand
        await pilot.press("z")  # in the auction: nothing, and it says so
        prompt = flat(panel(app, "#prompt"))
        assert "'z' is not a key here. Keys:" in prompt and "h hint" in prompt
        await pilot.press("end", "enter")
        await pilot.press(*"12345", "enter", "b")
        refused = False
        while screen.pause is None and not refused:
            v = view_of(hand, 0)
            illegal = [c for c in v.hand if c not in v.legal]
            if screen.my_turn() and v.trick and illegal:
                before = hand.history[:]
                await pilot.press(R.card_keys(v)[illegal[0]])
                prompt = flat(panel(app, "#prompt"))
                assert hand.history == before  # nothing played
                assert "Not allowed:" in prompt and "you must follow" in prompt, prompt
                assert "seat 0" not in prompt
                refused = True
                break
            await pilot.press("enter")
        assert refused

    run(app, script)


def test_a_bids_key_is_the_same_for_the_whole_auction_and_no_letter_is_skipped() -> None:
    from rookgame.match import Match
    from rookgame.tui import render as R

    rules = load("call-partner")
    match = Match(rules, 3)
    hand = match.hand
    keys: dict[int, set[str]] = {}
    while hand.phase == Phase.BID:
        v = view_of(hand, hand.to_act)
        for c in R.choices_for(v):
            keys.setdefault(c.action, set()).add(c.key)
        bids = [a for a in v.legal if a >= A.BID]
        hand.apply(bids[0] if bids and hand.high_bid < 120 else A.PASS, hand.to_act)
    assert all(len(k) == 1 for k in keys.values()), keys  # one key per bid, whoever bids and whenever
    assert keys[A.BID + rules.min_bid] == {"1"} and keys[A.PASS] == {"p"}
    bid_keys = [next(iter(keys[a])) for a in sorted(keys) if a >= A.BID]
    assert bid_keys == R.CHOICE_KEYS[:len(bid_keys)]
    letters = [k for k in R.CHOICE_KEYS if k.isalpha()]
    assert "".join(letters) == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # no letter skipped
    assert not set(letters) & set(R.COMMAND_KEYS)


def test_setup_focus_runs_from_start_to_quit(tmp_path: Path) -> None:
    app = RookApp(pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.pause()
        chain = [w.id for w in app.screen.focus_chain]
        assert chain[0] == "start" and chain[-1] == "quit", chain
        assert app.focused is not None and app.focused.id == "start"
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id != "quit"

    run(app, script)


@pytest.mark.slow
def test_the_bury_count_the_hint_and_the_nest_never_go_stale(tmp_path: Path) -> None:
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        await pilot.press("end", "enter")
        await pilot.press("1", "2", "enter")  # two picked: Enter asks for the rest
        assert "Pick 3 more cards to bury (2 of 5 picked)" in flat(panel(app, "#prompt"))
        await pilot.press("3")
        prompt = flat(panel(app, "#prompt"))
        assert "Pick 3 more" not in prompt and "Selected (3 of 5, 2 more to pick)" in prompt
        await pilot.press("h")
        prompt = flat(panel(app, "#prompt"))
        # The burial was simulated as a whole: the cards are ranked, and no made-up points are shown.
        assert "Hint for the 2 cards left to bury" in prompt and "ranked, not valued one by one" in prompt
        assert "points)" not in prompt and "1. bury " in prompt
        for picked in screen.selected:
            assert not re.search(rf"\d\. bury {card_str(picked)}\b", prompt)  # the hint ranks what is left
        await pilot.press("4", "5", "enter")
        assert view_of(screen.match.hand, 0).step == "trump"
        assert "Hint" not in panel(app, "#prompt")
        assert "Nest:" not in panel(app, "#center") and "nest" not in panel(app, "#hand")

    run(app, script)


@pytest.mark.slow
def test_help_teaches_the_rules_of_a_house_rules_file_then_the_keys(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('name = "Grandma\'s"\npreset = "kentucky-discard"\ngoal = 500\nbury_counters = "forbidden"\n'
                     'moon = "double"\nlose_at = -250\nreview = "last"\n', encoding="utf-8")
    app = RookApp(Settings(str(house), 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        game(app)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        seen = flat(screen_text(app))
        for _ in range(8):
            await pilot.press("pagedown")
            seen += " " + flat(screen_text(app))
        assert "How to play Grandma's" in seen
        for words in ("partners sit across the table", "at least 70, at most 120, in steps of 5",
                      "Counters may be buried only when nothing else can go", "You must follow the colour led",
                      "takes every point of the hand scores double", "The first side to reach 500 wins",
                      "at or below -250 loses at once", "You may look back at the last trick taken"):
            assert words in seen, words
        assert seen.index("Scoring") < seen.index("Keys")  # how to play first, then the keys

    run(app, script)


@pytest.mark.slow
def test_points_taken_this_hand_show_as_the_hand_goes(tmp_path: Path) -> None:
    from rookgame.view import points_taken

    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        hand = screen.match.hand
        await pilot.press("end", "enter")
        await pilot.press(*"12345", "enter", "b")
        assert "Taken this hand" not in panel(app, "#info")
        while screen.pause is None and len(hand.tricks) < 3:
            await pilot.press("enter")
        us, them = points_taken(view_of(hand, 0))
        assert f"Taken this hand: Us {us}, Them {them}" in flat(panel(app, "#info"))

    run(app, script)


@pytest.mark.slow
def test_the_last_trick_shows_at_80x24_where_the_rules_let_you_look_back(tmp_path: Path) -> None:
    app = RookApp(Settings("full-deck", 0, "heuristic", "heuristic", 17), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        hand = screen.match.hand
        for _ in range(200):
            if hand.phase == Phase.PLAY and hand.tricks and screen.my_turn():
                break
            if screen.my_turn() and screen.bury_step():
                await pilot.press(*"12345")
            await pilot.press("enter")
        assert hand.tricks and screen.my_turn()
        await pilot.press("l")
        leader, cards, winner = hand.tricks[-1]
        prompt = flat(panel(app, "#prompt"))
        won = "you won it" if winner == 0 else f"won by {screen.seating.name(winner)}"
        assert "Last trick:" in prompt and won in prompt, prompt
        await pilot.press("l")
        assert "Last trick:" not in panel(app, "#prompt")

    run_at(app, (80, 24), script)


@pytest.mark.slow
def test_a_long_partner_call_fits_80x24_a_colour_at_a_time_with_a_key_for_every_card(tmp_path: Path) -> None:
    from rookgame.tui import render as R

    app = RookApp(Settings("call-partner", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        hand = screen.match.hand
        for _ in range(60):
            v = view_of(hand, 0)
            if screen.my_turn() and v.step == "partner":
                break
            if screen.my_turn() and v.phase == Phase.BID:
                bids = [c for c in screen.choices() if c.action >= A.BID]
                await pilot.press(bids[min(len(bids), 8) - 1].key)  # high enough to take the bid
            elif screen.bury_step():
                await pilot.press(*"12345", "enter")
            else:
                await pilot.press("enter")
        v = view_of(hand, 0)
        assert v.step == "partner" and screen.my_turn(), v.step
        legal = [a for a in v.legal if A.PARTNER <= a < A.PASS]
        assert len(legal) > len(R.CHOICE_KEYS)  # too many for one key each at once
        seen: set[int] = set()
        for key in R.GROUP_KEYS:
            await pilot.press(key)
            choices = screen.choices()
            assert choices and all(c.key for c in choices)  # every card shown has a key
            keys = [c.key for c in choices]
            assert keys == R.CHOICE_KEYS[:len(keys)]  # none skipped
            prompt = panel(app, "#prompt")
            assert all(len(line.rstrip()) <= 80 for line in screen_text(app).splitlines())
            for c in choices:  # every choice is on screen, with its key
                assert f"[{c.key}] {c.label}" in flat(prompt), (c.label, prompt)
            seen |= {c.action for c in choices}
        assert seen >= set(legal)  # the colours together offer every card
        await pilot.press("x")  # a dead key: the keys, colours too, whole in the five lines
        prompt = flat(panel(app, "#prompt"))
        assert "b r y g k: colours" in prompt and "q quit." in prompt, prompt
        await pilot.press("r")
        red = [c for c in screen.choices() if A.PARTNER <= c.action < A.PASS]
        await pilot.press("down")  # the next colour: yellow
        assert screen.choices() != red and "[y] Yellow" in panel(app, "#prompt")
        await pilot.press("up")
        pick = red[0]
        await pilot.press(pick.key)
        assert pick.action in hand.history  # that card was called

    run_at(app, (80, 24), script)


async def passed_to_the_play(pilot: Pilot[int], app: RookApp) -> Hand:
    """Start the game and pass until a bot has won the auction and named trump: the hand at its first lead."""
    await pilot.press("enter")  # Start
    screen = game(app)
    for _ in range(20):
        if screen.match.hand.phase >= Phase.PLAY:
            break
        await pilot.press("p")  # pass
        await pilot.pause()
    return screen.match.hand


@pytest.mark.slow
def test_the_full_screen_shows_the_trumps_the_bidder_buried_where_the_rules_show_them(tmp_path: Path) -> None:
    """show_buried_trump: once the play starts the info line shows the buried trumps to the person (seed 3: seat 2,
    a random bot, wins the bid and buries two trumps while the person passes)."""
    from rookgame.cards import CardSet
    from rookgame.visible import shown_buried

    house = tmp_path / "shown.toml"
    house.write_text('preset = "kentucky-discard"\nshow_buried_trump = true\n')
    app = RookApp(Settings(str(house), 0, "random", "random", 3), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        hand = await passed_to_the_play(pilot, app)
        buried = [str(c) for c in CardSet(shown_buried(hand))]
        assert hand.phase == Phase.PLAY and hand.bidder == 2 and buried
        info = " ".join(panel(app, "#info").split())
        assert "buried trumps" in info and all(c in info.replace(",", " ").split() for c in buried), info

    run(app, script)


@pytest.mark.slow
def test_the_full_screen_keeps_the_nest_in_sight_through_the_play_where_the_rules_show_it(tmp_path: Path) -> None:
    """nest_shown: the whole table sees the nest once the auction is won, and through the play the info line keeps
    it there (as the browser's table does), the cards the bidder took; without the option it is never shown."""
    from rookgame.cards import CardSet

    for shown in (True, False):
        house = tmp_path / f"nest-{shown}.toml"
        house.write_text(f'preset = "kentucky-discard"\nnest_shown = {str(shown).lower()}\n')
        app = RookApp(Settings(str(house), 0, "random", "random", 3), pace=0, saves_dir=tmp_path)

        async def script(pilot: Pilot[int], app: RookApp, shown: bool = shown) -> None:
            hand = await passed_to_the_play(pilot, app)
            assert hand.phase == Phase.PLAY and hand.bidder == 2
            info = " ".join(panel(app, "#info").split())
            nest = [str(c) for c in CardSet(hand.nest)]
            if shown:
                assert "nest" in info and all(c in info.replace(",", " ").split() for c in nest), info
            else:
                assert "nest " not in info and not any(c in info.replace(",", " ").split() for c in nest), info

        run(app, script)


# ---------------------------------------------------------------------- issue 25: the end of a trick, pass and play
@pytest.mark.slow
def test_a_trick_the_computer_took_stays_on_the_table_until_the_person_has_seen_it(tmp_path: Path) -> None:
    """At a pace, a trick finished by the bots stays on the table, winner marked, until a key (or a few seconds):
    the next lead does not cover it, which the no-review rules of Kentucky Discard do not forbid."""
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0.01, saves_dir=tmp_path)

    async def my_move(pilot: Pilot[int], screen: GameScreen) -> None:
        hand = screen.match.hand
        if hand.phase == Phase.BID:
            await pilot.press("end", "enter")
        elif screen.bury_step():
            await pilot.press(*"12345", "enter")
        else:
            await pilot.press("enter")

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        screen.seen_seconds = 60.0  # long enough that only a key lets the game go on
        hand = screen.match.hand
        for _ in range(600):  # the first trick the bots take with a bot to lead next
            if screen.holding or screen.pause is not None:
                break
            if screen.my_turn():
                await my_move(pilot, screen)
            else:
                await pilot.pause(0.02)
        assert screen.holding, "no trick was taken by a bot with a bot to lead next"
        taken = len(hand.tricks)
        leader, cards, winner = hand.tricks[-1]
        assert not hand.trick and not screen.table.is_human(hand.to_act) and winner != 0
        await pilot.pause(0.3)  # thirty paces: the bots would have led the next trick long since
        assert len(hand.tricks) == taken and not hand.trick, "the next lead covered the trick"
        shown = screen_text(app)
        assert all(card_str(c) in shown for c in cards) and "★ won it" in shown
        assert "The trick is taken. Enter, or any key, goes on." in flat(panel(app, "#prompt"))
        await pilot.press("x")  # any key
        await pilot.pause(0.1)
        assert not screen.holding and (hand.trick or len(hand.tricks) > taken)
        # A few seconds let it go on by itself.
        screen.seen_seconds = 0.05
        for _ in range(600):
            if screen.holding:
                await pilot.pause(0.3)
                assert not screen.holding
                break
            if screen.pause is not None:
                break
            if screen.my_turn():
                await my_move(pilot, screen)
            else:
                await pilot.pause(0.02)
        # The last trick of the hand stays on the table under the hand's result until Enter.
        app.pace = 0
        for _ in range(100):
            if screen.pause is not None:
                break
            if screen.holding:
                await pilot.press("x")
            elif screen.my_turn():
                await my_move(pilot, screen)
            else:
                await pilot.pause(0.02)
        assert screen.pause is not None
        leader, cards, winner = screen.match.hands[-1].tricks[-1]
        shown = screen_text(app)
        assert all(card_str(c) in shown for c in cards) and "Hand over" in shown
        await pilot.pause(0.3)
        assert screen.pause is not None  # until dismissed
        await pilot.press("q")

    run_at(app, (80, 24), script)


@pytest.mark.slow
def test_after_the_hand_l_is_refused_with_a_sentence_that_fits_80x24(tmp_path: Path) -> None:
    app = RookApp(Settings("kentucky-discard", 0, "heuristic", "heuristic", SEED), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game(app)
        await pilot.press("end", "enter")
        await pilot.press(*"12345", "enter", "b")
        for _ in range(100):
            if screen.pause is not None:
                break
            await pilot.press("enter")
        assert screen.pause is not None
        await pilot.press("l")
        lines = screen_text(app).splitlines()
        assert len(lines) <= 24 and all(len(line.rstrip()) <= 80 for line in lines)
        said = "The hand is over: its tricks are put away. Enter deals the next hand."
        assert screen.message == said and said in flat(panel(app, "#prompt"))
        assert "Hand over" in panel(app, "#prompt")

    run_at(app, (80, 24), script)


@pytest.mark.slow
def test_pass_and_play_turns_the_table_to_the_person_whose_cards_show(tmp_path: Path) -> None:
    app = RookApp(PAIR, pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        await pilot.press("enter")
        screen = game_under(app)
        assert isinstance(app.screen, CoverScreen) and screen.match.hand.to_act == 2
        await pilot.press("enter")  # Bo (seat 2) has the screen: Bo sits at the bottom, Ann across
        assert "Bo" in panel(app, "#cell-2-1") and "Ann" in panel(app, "#cell-0-1")
        await pilot.press("p")
        assert isinstance(app.screen, CoverScreen)
        await pilot.press("enter")  # Ann's turn: the table turns to her
        assert screen.viewer == 0
        assert "Ann" in panel(app, "#cell-2-1") and "Bo" in panel(app, "#cell-0-1")

    run(app, script)


def test_the_setup_screen_names_each_person_with_two_people_at_the_screen(tmp_path: Path) -> None:
    app = RookApp(Settings(), pace=0, saves_dir=tmp_path)

    async def script(pilot: Pilot[int], app: RookApp) -> None:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert "Your seat" in screen_text(app) and "Your partner plays" in screen_text(app)
        people = setup.query_one("#people", Select)
        people.value = 2
        await pilot.pause()
        setup.query_one("#names", Input).value = "Ann, Bo"
        await pilot.pause()
        text = flat(screen_text(app))
        assert "Your seat" not in text and "Your partner plays" not in text  # two people: nobody is "you"
        assert "Ann's seat" not in text and "partner" in text.lower()
        assert setup.query_one("#partner", Select).disabled  # Ann and Bo sit together: no bot partner
        setup.query_one("#people-seats", Input).value = "0,1"  # across from each other's bot
        await pilot.pause()
        label = {name: str(setup.query_one(f"#{name}-label", Static).content) for name in ("partner", "opponents")}
        assert label == {"partner": "The partners of Ann and Bo play", "opponents": "The computer's seats play"}
        assert not setup.query_one("#partner", Select).disabled
        assert "The partners of Ann and Bo" in flat(screen_text(app))

    run(app, script)


def test_a_hands_result_on_the_table_shows_the_nest_and_the_burial_only_to_the_bidder(tmp_path: Path) -> None:
    from rookgame.match import Match, score_pad
    from rookgame.plain import play_plain
    from rookgame.tui.render import center_content
    from rookgame.words.seating import Seating
    from tests.test_plain import Answers

    class Passes(Answers):  # the person passes every auction: North wins the first (seed 3)
        def readline(self, size: int = -1, /) -> str:
            assert self.match is not None
            return "p\n" if self.match.hand.phase == Phase.BID else super().readline(size)

    rules = load("kentucky-discard").replace(goal=1)
    match = Match(rules, 3)
    passes = Passes(limit=60)
    passes.match = match
    play_plain(rules, 0, ["human", "random", "random", "random"], 3, passes, io.StringIO(), match=match,
               saves_dir=tmp_path)
    hand = match.hands[0]
    row = score_pad(rules, match.hands)[0]
    assert hand.bidder == row.bidder != 0
    names = ("You", "West", "North", "East")
    nest = {card_str(c) for c in cards_of(hand.nest)}
    buried = {card_str(c) for c in hand.buried}
    for seat in range(4):
        seating = Seating(rules, seat, names, (seat,))
        said = center_content(view_of(hand, seat), seating, result=row).plain
        words = {w.rstrip(".") for w in said.split()}
        if seat == hand.bidder:
            assert "The nest was" in said and nest <= words and "You buried" in said and buried <= words, said
        else:
            assert "nest" not in said and "buried" not in said and not (nest | buried) & words, said
    # In a small middle of the table (32 columns by 6 rows at 120x34) the way on stays in sight: the nest and
    # the burial only as far as they fit below the result; in a large one, both.
    from rookgame.tui.render import _rows
    from rookgame.words import language

    seating = Seating(rules, hand.bidder, names, (hand.bidder,))
    for lang, room in (("en", (32, 6)), ("es", (32, 8)), ("en", (60, 30))):
        with language.speaking(lang):
            said = center_content(view_of(hand, hand.bidder), seating, result=row, room=room).plain
            on = center_content(view_of(hand, hand.bidder), seating, result=row, room=(32, 0)).plain
        assert said.endswith(on.splitlines()[-1]), said  # "Enter: next hand" (or the reader's words) last
        bare = on.count("\n")  # the result and the way on, no nest and no burial
        assert _rows(said, room[0]) <= room[1] or said.count("\n") == bare, (lang, room, said)
        if room == (60, 30):
            assert "The nest was" in said and "You buried" in said, said
