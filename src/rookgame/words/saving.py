"""Saving and keeping games, in words: what the terminal front ends say about a save, from a code.

Both front ends (the line mode and the full screen) share one save session (:class:`rookgame.saves.SaveSession`)
and say what became of a save with these templates; why a write failed is a code of its own
(:class:`rookgame.saves.SaveWriteError`: ``not_a_folder``, ``disk_full`` ...), said by :func:`why_not`, and so is
why a save cannot be resumed (:class:`rookgame.saves.SaveError`: ``missing``, ``finished`` ...), said by
:func:`resume_words`.  Paths and commands are parameters, shown as they are.
"""

from __future__ import annotations

from .catalog import N_, Params, Plural, Template, english, fill
from .errors import RECORD, cause_words

# Why a write failed (SaveWriteError.code), each a whole clause that follows "Could not save to {path}:".
WHY_NOT: dict[str, Template] = {
    "not_a_folder": N_("{folder} is a file, not a folder"),
    "disk_full": N_("the disk is full"),
    "read_only": N_("{folder} cannot be written ({detail})"),
    "in_use": N_("another rook play (process {pid}) is keeping its game there"),
    "in_use_unknown": N_("another rook play is keeping its game there"),
    "finished_busy": N_("another rook play is writing there; try again"),
    "no_folder": N_("no folder is given to keep finished games in"),
    "same_second": N_("too many saved games of the same second"),
    "system": N_("{detail}"),
}
# A save that could not be written, for logs and tests (str() of SaveWriteError); {why} is one of WHY_NOT.
COULD_NOT_SAVE = N_("could not save to {path}: {why}")

# Why a saved game cannot be read or resumed (SaveError.code): the file first ({path}, or "the record" for a
# record given as it is), then why; {cause} is a record's error, already in words.
CANNOT_RESUME: dict[str, Template] = {
    "folder": N_("{path}: is a folder, not a saved game; give the save's file (a .jsonl)"),
    "missing": N_("{path}: no saved game there"),
    "unreadable": N_("{path}: cannot be read: {detail}"),
    "too_big": N_("{path}: over {max} MB, too big for a saved game; not a save"),
    "empty": N_("{path}: the file is empty"),
    "games": Plural("{path}: holds {count} game; a saved game is one line (resume one game at a time)",
                    "{path}: holds {count} games; a saved game is one line (resume one game at a time)", "count"),
    # Translators: {format} is the records' format, such as rook-record/1
    "not_record": N_("{path}: not a {format} game record ({cause})"),
    # Translators: {format} and {save} are the formats of records and of saves (rook-record/1, rook-save/2)
    "not_save": N_("{path}: not a {format} game record, nor a saved game ({save})"),
    "record": N_("{path}: {cause}"),
    "finished": N_("{path}: that game is finished (winner side {side}); see it with rook replay"),
    # the saved game's players cannot sit again: {players} as the record lists them
    "seats": N_("{path}: {count} players recorded for {seats} seats"),
    "nameless": N_("{path}: a player without a name among {players}"),
    "no_person": N_("{path}: no person among the players {players}: this is a game of bots (see it with rook "
                    "replay), not one played with `rook play`"),
    "same_person": N_("{path}: two people of one name among the players {players}"),
}

SAVING: dict[str, Template] = {
    # A new game where another is saved.
    "ask_replace": N_("A game is saved in {path}. Start a new game? The saved one is kept, to resume later "
                      "(y to start, n to stop here): "),
    "carry_on": N_("Carry on the saved game with: {command}"),
    "note_replace": N_("Note: a game is saved in {path}; once you play, this new game is saved there and that one "
                       "is kept beside it. To carry on that one instead, quit now and run: {command}"),
    "set_aside": N_("The game saved before is kept in {path} (resume it: {command})."),
    # Saving as the game goes.
    "failed": N_("Could not save to {path}: {why}."),
    "failed_goes_on_plain": N_("Could not save to {path}: {why}. The game goes on; type 'save FOLDER' to keep it in "
                               "another folder, or start rook play with --saves-dir FOLDER."),
    "failed_next_try": N_("Not saved ({path}: {why}); the next save tries again."),
    "say_where": N_("Say where: save FOLDER (or save FILE.jsonl)."),
    "saved_there_now": N_("Game saved to {path}; it is saved there after every hand from now on."),
    # Leaving a game unfinished.
    "stopped_by": N_("Stopped: {signal}."),
    "stopped_output": N_("Stopped: the output closed."),
    "left_unsaved_no_place": N_("Game left unfinished (not saved)."),
    "not_played_kept": N_("You have not played yet: the game saved in {path} stays as it was."),
    "not_saved_next_time": N_("The game is not saved; next time start rook play with --saves-dir FOLDER."),
    "ask_elsewhere": N_("Type another folder to save the game in, 'play' to play on, "
                        "or press Enter to quit without saving: "),
    "left_unsaved": N_("Game left unsaved."),
    "not_saved": N_("Game not saved."),
    "saved_resume": N_("Game saved to {path}. Resume it with: {command}"),
    # Keeping a finished game.
    "keep_failed": N_("Could not keep the finished game in {path}: {why}."),
    "kept_as_save": N_("It is saved in {path} instead (see it with: rook replay {path})."),
    "not_kept": N_("The finished game is not kept."),
    "not_kept_why": N_("The finished game is not kept ({path}: {why})."),
    "ask_keep_elsewhere": N_("Type another folder to keep it in, or press Enter to leave it: "),
    "kept": N_("The game is kept in {path} (see it with: rook replay {path})."),
    "kept_short": N_("The game is kept in {path} (rook replay {path})."),
    # The full screen's dialog when a save or a finished game could not be written.
    "dialog_play": N_("Could not save to {path}: {why}.\nThe game goes on. Try again, or type another folder and "
                      "choose Save there."),
    "dialog_quit": N_("Could not save to {path}: {why}.\nTry again, or type another folder and choose Save there."),
    "dialog_keep": N_("Could not keep the finished game in {path}: {why}.\nTry again, or type another folder and "
                      "choose Save there."),
    "place_hint": N_("a folder, or a .jsonl file"),
    "button_retry": N_("Try again"),
    "button_there": N_("Save there"),
    "button_play_on": N_("Play on"),
    "button_leave": N_("Leave it"),
    "button_quit_unsaved": N_("Quit without saving"),
}


def why_not(code: str, params: Params) -> str:
    """Why a save could not be written, from :attr:`SaveWriteError.code` and its parameters, in English:
    the error's own message (``str()``), for logs and tests."""
    return english(why_told, code, params)


def why_told(code: str, params: Params) -> str:
    """Why a save could not be written, told to the person in their language."""
    return fill(WHY_NOT.get(code, WHY_NOT["system"]), params)


def could_not_save(path: str, code: str, params: Params) -> str:
    """A save that could not be written, where and why (:class:`rookgame.saves.SaveWriteError`)."""
    return fill(COULD_NOT_SAVE, {"path": path, "why": why_told(code, params)})


def resume_words(code: str, params: Params, path: str | None, cause: object = None) -> str:
    """Why a saved game cannot be read or resumed (:class:`rookgame.saves.SaveError`) in the reader's language:
    the file (``None``: the record given), why, and the record's error it stems from (``cause``)."""
    said = dict(params)
    said["path"] = path if path is not None else fill(RECORD["the_record"], {})
    if cause is not None:
        said["cause"] = cause_words(cause)
    return fill(CANNOT_RESUME[code], said)


def saving(code: str, **params: str | int) -> str:
    """One sentence about saving, from its code (:data:`SAVING`)."""
    return fill(SAVING[code], params)


def resume_command(path: object, plain: bool) -> str:
    """The command that resumes a saved game, as the front end that saved it runs."""
    return f"rook play {'--plain ' if plain else ''}--resume {path}"
