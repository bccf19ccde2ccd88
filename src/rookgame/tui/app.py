"""The full-screen game (Textual): the app, which starts a game from the setup screen or a save.

The parts live by job: :mod:`.setup` (the setup screen), :mod:`.game` (the game screen: input
and the flow of play on a :class:`~rookgame.table.Table`), :mod:`.render` (what is drawn, as pure
functions of a seat's view), :mod:`.cover` (pass and play), :mod:`.help` and :mod:`.saving`.
The screen shows one seat's :func:`~rookgame.view.view_of` and nothing else; every choice
offered is one of ``view.legal`` and every move goes through :meth:`Table.submit`.  Computer
seats think in worker threads and move on timers (``pace`` seconds apart; 0 moves them at once,
as the tests do).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..match import Match
from ..rules import RuleSet
from ..saves import resume_game
from .cover import CoverScreen
from .game import PACE_MAX, PACE_STEP, GameScreen
from .help import HelpScreen
from .render import CHOICE_KEYS, COMMAND_KEYS, Choice, assign_keys, swatch, tile
from .saving import SaveProblemScreen
from .settings import HUMAN, Settings, people_of
from .setup import SetupScreen

__all__ = ["CHOICE_KEYS", "COMMAND_KEYS", "PACE_MAX", "PACE_STEP", "Choice", "CoverScreen", "GameScreen",
           "HelpScreen", "RookApp", "SaveProblemScreen", "Settings", "SetupScreen", "assign_keys",
           "settings_for", "swatch", "tile"]


def settings_for(settings: Settings, match: Match, players: list[str]) -> Settings:
    """The settings of a resumed game: its rules, seed and people (a new game after it seats them again)."""
    seats = people_of(players)
    names = tuple(players[s] for s in seats)
    several = len(seats) > 1 or names != (HUMAN,)
    return replace(settings, rules_spec=match.rules.label, seat=seats[0], seed=match.seed,
                   people=names if several else (), people_seats=tuple(seats) if several else ())


class RookApp(App[int]):
    """``rook play``: set up a game, play it, keep it."""

    TITLE = "Rook"
    ENABLE_COMMAND_PALETTE = False  # Textual's own palette (themes, keys) speaks English only
    CSS = """
    Screen { background: #0f3d24; }
    #info { height: auto; max-height: 3; background: #092a18; color: #f0f0f0; padding: 0 1; }
    #middle { height: 1fr; }
    #table { width: 1fr; height: 100%; grid-size: 3 3; grid-columns: 1fr 2fr 1fr; grid-rows: 1fr 1fr 1fr;
             border: round #6fae85; border-title-color: #f0f0f0; }
    .seat { content-align: center middle; text-align: center; height: 100%; width: 100%; color: #f0f0f0; }
    #center { content-align: center middle; text-align: center; height: 100%; width: 100%; color: #ffffff; }
    #side { width: 54; height: 100%; }
    #auction { height: auto; max-height: 14; border: round #6fae85; border-title-color: #f0f0f0;
               padding: 0 1; color: #f0f0f0; }
    #pad-box { height: 1fr; border: round #6fae85; border-title-color: #f0f0f0; }
    #pad { color: #f0f0f0; }
    #hand { height: 5; border: round #e0d080; border-title-color: #ffffff; padding: 0 1; color: #f0f0f0; }
    #prompt { height: auto; min-height: 5; max-height: 12; border: round #6fae85; padding: 0 1; color: #f0f0f0; }
    GameScreen.compact #side { display: none; }
    GameScreen.compact #table { border: none; }
    GameScreen.compact #info { height: auto; max-height: 3; }
    GameScreen.compact #prompt { height: 5; min-height: 5; max-height: 5; border: none; background: #0b3320; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, settings: Settings | None = None, *, pace: float = 0.6, saves_dir: Path | None = None,
                 match: Match | None = None, players: list[str] | None = None,
                 resumed_from: Path | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.pace = max(0.0, pace)
        self.saves_dir = saves_dir
        self.resume_match = match
        self.resume_players = players
        self.resumed_from = resumed_from
        self.exit_message = ""

    def on_mount(self) -> None:
        if self.resume_match is not None and self.resume_players is not None:
            self.play_saved(self.resume_match, self.resume_players, self.resumed_from)
        else:
            self.push_screen(SetupScreen(self.settings))

    def start_game(self, settings: Settings, rules: RuleSet) -> None:
        """A new game on top of the setup screen (or in place of the finished one)."""
        seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(1 << 31)
        settings = replace(settings, seed=seed)
        screen = GameScreen(settings, rules, settings.players(rules), saves_dir=self.saves_dir)
        if isinstance(self.screen, GameScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def resume_saved(self, path: Path) -> None:
        match, players = resume_game(path)
        self.play_saved(match, players, path)

    def play_saved(self, match: Match, players: list[str], path: Path | None) -> None:
        """Carry on with a saved game, its people where they sat (names from the record's players)."""
        self.settings = settings_for(self.settings, match, players)
        self.push_screen(GameScreen(self.settings, match.rules, players, match=match, saves_dir=self.saves_dir,
                                    save_path=path))

    async def action_quit(self) -> None:
        if isinstance(self.screen, SaveProblemScreen):
            return  # its own buttons say how to go on or to quit without saving
        # the game may lie under the help screen or the pass-and-play cover: quitting there saves it too
        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if game is not None:
            game.save_and_quit()
        else:
            self.exit(0)
