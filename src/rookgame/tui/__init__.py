"""``rook play``: the full-screen game (Textual) and its line mode, one person or several.

:func:`run_play` does everything the command needs and returns the exit code.  Textual
is imported only when the full-screen game starts, so the line mode and the shared
words (:mod:`rookgame.words`) work without it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ..bots import REGISTRY
from ..match import Match
from ..rules import RulesError, RuleSet, load
from ..saves import CURRENT, SaveError, SaveInUse, SaveLock, SaveUnreadable, SaveWriteError, claim_save, resume_game
from ..saves import saves_dir as default_saves_dir
from ..table import seat_from_name
from ..words.catalog import Param, fill
from ..words.commands import SAY
from ..words.saving import why_told
from .settings import HUMAN, PeopleError, Settings, choose_people, seat_people

if TYPE_CHECKING:
    from ..plain import LineSource

__all__ = ["run_play"]

DEFAULT_RULES = "kentucky-discard"
DEFAULT_BOT = "heuristic"


def _say(key: str, **params: Param) -> str:
    return fill(SAY[key], params)


def _fail(message: str, err: TextIO, code: int) -> int:
    err.write(_say("error", message=message) + "\n")
    err.flush()
    return code


def resume_path(resume: str, directory: Path) -> Path:
    """``--resume FILE``; ``current`` (or ``last``) is the game saved in the saves directory."""
    p = Path(resume).expanduser()
    if not p.exists() and resume.strip().lower() in ("current", "last", ""):
        return directory / CURRENT
    return p


def run_play(rules_spec: str | None, seat: int | str | None, partner: str | None, opponents: str | None,
             plain: bool, resume: str | None, pace: float, saves_dir: str | None, seed: int | None = None, *,
             humans: str | None = None, input_stream: LineSource | None = None, output_stream: TextIO | None = None,
             error_stream: TextIO | None = None) -> int:
    """Play Rook against the computer, alone or several people at one screen; returns the exit code
    (0 played or saved, 1 a save that cannot be resumed or that another ``rook play`` is keeping,
    2 bad options or a save that cannot be read: missing, a folder, no permission).

    ``rules_spec``: preset or house-rules TOML file (default kentucky-discard); ``seat``: the
    person's seat (default 0), or with several people their seats (``"0,2"``); ``humans``: how
    many people share the screen (``"2"``) or their names (``"Ann,Bo"``), pass and play, by
    default partners first; ``partner`` / ``opponents``: registered bot names (default
    heuristic) for the bots on a person's side and the others; ``plain``: line mode on
    ``input_stream`` / ``output_stream`` (stdin / stdout); ``resume``: a saved game's file, or
    ``current``; ``pace``: seconds between computer moves on screen; ``saves_dir``: where games
    are kept (default ``$ROOK_HOME/games`` or ``~/.rook/games``); ``seed``: decides the deals."""
    err = error_stream or sys.stderr
    out = output_stream or sys.stdout
    directory = default_saves_dir(saves_dir)
    for what, name in (("--partner", partner), ("--opponents", opponents)):
        if name is not None and name.strip().lower() not in REGISTRY:
            return _fail(_say("unknown_bot", option=what, name=repr(name), bots=", ".join(REGISTRY)), err, 2)
    if pace < 0:
        return _fail(_say("pace", pace=str(pace)), err, 2)

    partner_bot = (partner or DEFAULT_BOT).strip().lower()
    opponents_bot = (opponents or DEFAULT_BOT).strip().lower()
    match: Match | None = None
    path: Path | None = None
    names: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    if resume is not None:
        path = resume_path(resume, directory)
        try:
            match, players = resume_game(path)
        except SaveUnreadable as e:  # no file there, a folder, no permission: a bad argument
            return _fail(_say("cannot_resume", why=e.words()), err, 2)
        except SaveError as e:  # a file that is not a game that can go on
            return _fail(_say("cannot_resume", why=e.words()), err, 1)
        if rules_spec or seat is not None or partner or opponents or seed is not None or humans is not None:
            err.write(_say("resumed_keeps") + "\n")
        rules: RuleSet = match.rules
    else:
        try:
            rules = load(rules_spec or DEFAULT_RULES)
        except RulesError as e:
            return _fail(e.words(), err, 2)
        if partner is not None and rules.mode != "partners":
            key = "no_partner_individual" if rules.mode == "individual" else "no_partner_called"
            return _fail(_say(key, partner=partner, rules=rules.label), err, 2)
        try:
            names, seats = choose_people(rules, humans, seat)
        except PeopleError as e:
            return _fail(e.words(), err, 2)
        players = seat_people(rules, seats, names, partner_bot, opponents_bot)

    # This session holds its save for the whole game: a second `rook play` on the same save
    # would overwrite this game's, so it is refused before anything is played.
    target = path if path is not None else directory / CURRENT
    lock: SaveLock | None = None
    try:
        lock = claim_save(target)
    except SaveInUse as e:
        return _fail(_say("save_in_use", path=str(target), why=why_told(e.code, e.params)), err, 1)
    except SaveWriteError as e:
        err.write(_say("save_warning", path=str(e.path), why=why_told(e.code, e.params)) + "\n")

    try:
        if plain:
            from ..plain import play_seats

            play_seats(rules, [seat_from_name(p) for p in players], seed, input_stream or sys.stdin, out,
                       match=match, saves_dir=directory, save_path=path, handle_signals=True)
            return 0

        from .app import RookApp

        named = names not in ((), (HUMAN,))  # several people, or one who gave a name
        settings = Settings(rules_spec=rules_spec or (rules.label if match is not None else DEFAULT_RULES),
                            seat=seats[0] if seats else 0, partner=partner_bot, opponents=opponents_bot, seed=seed,
                            people=names if named else (), people_seats=seats if named else ())
        app = RookApp(settings, pace=pace, saves_dir=directory, match=match, players=players if match else None,
                      resumed_from=path)
        app.run()
        if app.exit_message:
            out.write(app.exit_message + "\n")
        return app.return_code or 0
    finally:
        if lock is not None:
            lock.release()
