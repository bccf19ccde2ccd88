"""Saving a game in progress and resuming it; keeping finished games for ``rook replay``.

A saved game is one ``rook-record/1`` line (:func:`rookgame.record.game_record`).  To
resume, the match is dealt again from the record's rules and seed and every recorded
action is applied in order with :meth:`Match.apply`: the auction, the bidder's
declarations in ``rules.nest_steps`` order, the tricks.  The redealt cards must equal
the recorded deal, hand by hand, or the save is refused.

The saves directory is ``$ROOK_HOME/games`` (``~/.rook/games`` without ``ROOK_HOME``):
``current.jsonl`` holds the game in progress, ``finished.jsonl`` gathers finished games
(one per line, appended).

Writing never loses what was there: a save goes to a temporary file of its own in the
same folder, is flushed to disk and renamed over the old one, so a reader sees the old
game or the new one, never half of one.  Writers of one save take turns on a lock file
beside it (``.current.jsonl.lock``); a ``rook play`` session holds that lock for the
whole game (:func:`claim_save`), so a second session refuses to overwrite its game.  A
finished game is appended as one write of one whole line, after a newline if an earlier
append was cut short, so a torn line never swallows the next game.  Anything the system
refuses raises :class:`SaveWriteError`, which names the file and the system's reason.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any

from .bots import bot_name
from .files import fsync_folder as _fsync_folder
from .files import rook_home
from .files import write_whole as _write_whole
from .match import Match
from .record import (
    FORMAT,
    MAX_LINE_BYTES,
    SAVE_FORMAT,
    RecordError,
    check_schema,
    game_record,
    parse_line,
    record_line,
    replay_record,
    seal,
)
from .words.catalog import Param, english
from .words.saving import could_not_save, resume_words, why_not

CURRENT = "current.jsonl"
FINISHED = "finished.jsonl"
HUMAN = "human"


MAX_SAVE_BYTES = MAX_LINE_BYTES  # a save is one record line: a game of 10,000 hands is about 15 MB
LOCK_WAIT = 2.0  # seconds a save waits for another writer of the same file: writes take milliseconds

if sys.platform != "win32":
    import fcntl


class SaveError(ValueError):
    """A save file that cannot be read or resumed: ``path`` is the file (None: a record given as it is); why is
    ``code`` and its ``params`` (:data:`rookgame.words.saving.CANNOT_RESUME`), with the record's error it stems
    from as ``cause``.  ``str()`` is the English (logs, tests), :meth:`words` the reader's language."""

    def __init__(self, path: str | Path | None, code: str, cause: RecordError | None = None,
                 **params: Param) -> None:
        self.path = None if path is None else Path(path)
        self.code = code
        self.params = params
        self.cause = cause
        super().__init__(english(self.words))

    def words(self) -> str:
        """Why, in the reader's language."""
        return resume_words(self.code, self.params, None if self.path is None else str(self.path), self.cause)

    def __reduce__(self) -> tuple[Any, ...]:  # keyword parameters survive a trip between processes
        return (_rebuild_error, (type(self), self.path, self.code, self.cause, self.params))


def _rebuild_error(kind: type[SaveError], path: Path | None, code: str, cause: RecordError | None,
                   params: dict[str, Param]) -> SaveError:
    return kind(path, code, cause, **params)


class SaveUnreadable(SaveError):
    """A save that cannot be read at all: missing, a folder, no permission (a bad argument, not a bad record)."""


class SaveWriteError(SaveError):
    """A save that could not be written: ``path`` is where it was to go; why not is ``code`` and its
    ``params`` (:data:`rookgame.words.saving.WHY_NOT`), in words ``reason``."""

    path: Path

    def __init__(self, path: Path, code: str, cause: RecordError | None = None, **params: Param) -> None:
        self.reason = why_not(code, params)
        super().__init__(path, code, cause, **params)

    def words(self) -> str:
        """Where and why, in the reader's language."""
        return could_not_save(str(self.path), self.code, self.params)


class SaveInUse(SaveWriteError):
    """Another process (another ``rook play``) holds the save's lock."""


def saves_dir(override: str | Path | None = None) -> Path:
    """Where games are kept: ``override``, else ``$ROOK_HOME/games``, else ``~/.rook/games``."""
    if override:
        return Path(override).expanduser()
    return rook_home() / "games"


# ---------------------------------------------------------------------- writing
def _failed(e: OSError, path: Path) -> SaveWriteError:
    """The system's refusal as a save error with a reason in words, the common puzzles spelled out."""
    folder = path.parent
    if isinstance(e, (FileExistsError, NotADirectoryError)):
        for p in (folder, *folder.parents):
            if p.exists() and not p.is_dir():
                return SaveWriteError(path, "not_a_folder", folder=str(p))
    if e.errno == errno.ENOSPC:
        return SaveWriteError(path, "disk_full")
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return SaveWriteError(path, "read_only", folder=str(folder), detail=e.strerror or "")
    return SaveWriteError(path, "system", detail=e.strerror or str(e))


def _lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _flock(fd: int, wait: float) -> bool:
    """Lock ``fd`` exclusively, trying for ``wait`` seconds; False if another holds it."""
    if sys.platform == "win32":
        return True  # no flock there: unique temporary names still keep every save whole
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.005)


def _in_use(path: Path) -> SaveInUse:
    """The save is held by another ``rook play``: which process, where its lock file names one."""
    try:
        pid = _lock_path(path).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        pid = ""
    return SaveInUse(path, "in_use", pid=pid) if pid.isdigit() else SaveInUse(path, "in_use_unknown")


def _open_lock(path: Path) -> int:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(_lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        raise _failed(e, path) from None


class SaveLock:
    """A ``rook play`` session's hold on one save file (see :func:`claim_save`); released by
    :meth:`release`, at the end of a ``with`` block, or when the process ends."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self.fd = fd
        self.turns = threading.Lock()  # the session's own threads take turns, as other processes do
        self.holds = 1  # claimed again by the same process: released by the last release

    def release(self) -> None:
        if _claimed.get(self.path) is not self:
            return
        self.holds -= 1
        if self.holds == 0:
            del _claimed[self.path]
            os.close(self.fd)

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()


_claimed: dict[Path, SaveLock] = {}


def _key(path: Path) -> Path:
    return Path(os.path.realpath(path))  # one save reached by two spellings is one save


def claim_save(path: str | Path) -> SaveLock:
    """Hold ``path``'s lock until released, so that no other process writes that save meanwhile.

    :class:`SaveInUse` if another process holds it (two games in two terminals would
    overwrite each other's save); :class:`SaveWriteError` if the lock file cannot be made
    there (the save could not be written either)."""
    path = _key(Path(path))
    held = _claimed.get(path)
    if held is not None:
        held.holds += 1
        return held
    fd = _open_lock(path)
    if not _flock(fd, 0):
        os.close(fd)
        raise _in_use(path)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))  # named in the other session's message
    except OSError:
        pass  # the lock holds without its note
    lock = SaveLock(path, fd)
    _claimed[path] = lock
    return lock


def save_game(match: Match, players: list[str], path: str | Path) -> Path:
    """Write the game (finished or not) as a one-line ``.jsonl`` record, replacing the file.

    The old save stays whole until the new one is on disk; :class:`SaveWriteError` (the
    file and the reason) if it cannot be written, or if another process holds the save."""
    path = Path(path)
    data = record_line(seal(game_record(match, players))).encode("utf-8")
    own = _claimed.get(_key(path))
    if own is not None:
        with own.turns:
            _write_saving(path, data)
        return path
    fd = _open_lock(path)
    try:
        if not _flock(fd, LOCK_WAIT):
            raise _in_use(path)
        _write_saving(path, data)
    finally:
        os.close(fd)  # closing drops the lock
    return path


def _write_saving(path: Path, data: bytes) -> None:
    try:
        _write_whole(path, data)
    except OSError as e:
        raise _failed(e, path) from None


def keep_aside(path: str | Path) -> Path:
    """Move the game saved in ``path`` to a name of its own beside it (``current-20261201-101500.jsonl``),
    so that a new game saved to ``path`` never replaces it; the new name, to resume it by."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime if path.exists() else time.time()))
    for k in range(1000):
        kept = path.with_name(f"{path.stem}-{stamp}{'' if not k else f'-{k}'}{path.suffix}")
        try:
            os.link(path, kept)  # never over an existing file: link fails where the name is taken
        except FileExistsError:
            continue
        except OSError as e:
            raise _failed(e, kept) from None
        try:
            os.unlink(path)
        except OSError as e:
            raise _failed(e, path) from None
        return kept
    raise SaveWriteError(path, "same_second")  # pragma: no cover


def saved_games(directory: str | Path) -> list[Path]:
    """The games saved in ``directory`` (not the finished ones), the newest first."""
    folder = Path(directory)
    try:
        found = [p for p in folder.glob("*.jsonl") if p.is_file() and p.name != FINISHED]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def keep_finished(match: Match, players: list[str], directory: str | Path) -> Path:
    """Append a finished game to ``finished.jsonl`` in ``directory``.

    One write of one whole line on an append-only descriptor, synced; after a newline
    when the file does not end in one (an earlier append cut short by a crash), so that
    the torn line and this game stay apart.  :class:`SaveWriteError` if it cannot be kept."""
    path = Path(directory) / FINISHED
    line = record_line(game_record(match, players)).encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    except OSError as e:
        raise _failed(e, path) from None
    try:
        if not _flock(fd, LOCK_WAIT):  # the newline check and the write, one writer at a time
            raise SaveWriteError(path, "finished_busy")
        size = os.fstat(fd).st_size
        new = size == 0
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line
        written = os.write(fd, line)
        if written != len(line):  # a short write: the disk filled up part way
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        os.fsync(fd)
    except OSError as e:
        raise _failed(e, path) from None
    finally:
        os.close(fd)
    if new:
        _fsync_folder(path.parent)
    return path


class SaveSession:
    """One game's saving, as both terminal front ends do it: where the game is saved, where the finished game
    is kept, and the one rule that a new game never replaces a saved one.

    The front end says what happened and asks the person where else to go on a failure; the session decides
    the rest.  ``target`` is the save file (``save_path``, else ``saves_dir/current.jsonl``; None: the game is
    not saved); ``keep_dir`` the folder of ``finished.jsonl``.  The files this game was saved to (or resumed
    from) are its own: writing there replaces the older save of the same game; a file of another game found
    where this one is first written is set aside under a name of its own (:func:`keep_aside`) first."""

    def __init__(self, match: Match, players: list[str], saves_dir: Path | None = None,
                 save_path: Path | None = None, resumed: bool = False) -> None:
        self.match = match
        self.players = players
        self.keep_dir = saves_dir
        self.target = save_path if save_path is not None else (saves_dir / CURRENT if saves_dir is not None else None)
        self._own: set[Path] = {self.target} if resumed and self.target is not None else set()

    @property
    def wrote(self) -> bool:
        """Whether this game is saved in some file now."""
        return bool(self._own)

    def other_game_at_target(self) -> Path | None:
        """The file of another game saved where this one will be saved (it would be set aside), or None."""
        target = self.target
        if target is None or target in self._own or not target.is_file():
            return None
        return target

    def save(self) -> Path | None:
        """Write the game to ``target``: the path another game there was first set aside to, or None.

        :class:`SaveWriteError` says where and why it could not be written (nothing changed then, except
        another game already set aside, which stays whole under its new name)."""
        target = self.target
        if target is None:
            return None
        kept = keep_aside(target) if self.other_game_at_target() is not None else None
        save_game(self.match, self.players, target)
        self._own.add(target)
        return kept

    def move_to(self, where: str | Path) -> Path:
        """Save to ``where`` from now on: a folder (its ``current.jsonl``, finished games kept there too) or
        a ``.jsonl`` file (finished games kept beside it).  Writes nothing; the new save file."""
        place = Path(where).expanduser()
        if place.suffix == ".jsonl" and not place.is_dir():
            self.target, self.keep_dir = place, place.parent
        else:
            self.target, self.keep_dir = place / CURRENT, place
        return self.target

    def keep_finished(self, directory: Path | None = None) -> Path:
        """Append the finished game to ``finished.jsonl`` in ``directory`` (default ``keep_dir``), then remove
        this game's own saves: it lives on there.  :class:`SaveWriteError` if it cannot be kept."""
        folder = directory if directory is not None else self.keep_dir
        if folder is None:
            raise SaveWriteError(Path(FINISHED), "no_folder")
        path = keep_finished(self.match, self.players, folder)
        self.keep_dir = folder
        for own in sorted(self._own):
            with contextlib.suppress(OSError):  # a stale save left behind harms nothing: it is finished
                own.unlink(missing_ok=True)
        self._own.clear()
        return path


def load_record(path: str | Path) -> dict[str, Any]:
    """The one game record of a save file (sealed, or a plain record as saves were before
    rook-save/2); :class:`SaveError` if it is missing or not one."""
    path = Path(path)
    try:
        if path.is_dir():
            raise SaveUnreadable(path, "folder")
        if not path.is_file():
            raise SaveUnreadable(path, "missing")
        too_big = path.stat().st_size > MAX_SAVE_BYTES  # told before a byte is read
        data = b""
        if not too_big:
            with open(path, "rb") as f:
                data = f.read(MAX_SAVE_BYTES + 1)  # bounded: a file may grow, or be a device
        if too_big or len(data) > MAX_SAVE_BYTES:
            raise SaveError(path, "too_big", max=str(MAX_SAVE_BYTES // 1_000_000))
        lines = [ln for ln in data.splitlines() if ln.strip()]
    except OSError as e:
        raise SaveUnreadable(path, "unreadable", detail=str(e.strerror or e)) from None
    if not lines:
        raise SaveError(path, "empty")
    if len(lines) > 1:
        raise SaveError(path, "games", count=len(lines))
    try:
        rec = parse_line(lines[0], 1)  # the one line reader: UTF-8, JSON, depth, size, a sealed save opened
    except RecordError as e:
        raise SaveError(path, "not_record", e.at(None), format=FORMAT) from None
    if rec is None or rec.get("format") != FORMAT:
        raise SaveError(path, "not_save", format=FORMAT, save=SAVE_FORMAT)
    try:
        check_schema(rec)
    except RecordError as e:
        raise SaveError(path, "record", e) from None
    return rec


def rebuild(rec: dict[str, Any], source: str | Path | None = None) -> Match:
    """Deal the record's game again from its rules and seed and apply every recorded action
    (the record walker, :func:`rookgame.record.replay_record`, with the deals checked against the seed);
    ``source``: the save it came from, named in a :class:`SaveError` (None: "the record")."""
    try:
        return replay_record(rec, seeded=True).match
    except RecordError as e:
        raise SaveError(source, "record", e) from None


def resume_game(path: str | Path) -> tuple[Match, list[str]]:
    """The saved game of ``path`` rebuilt move by move, and its players ("human" for the person).

    Refuses, with :class:`SaveError` and without touching the file, a file that is missing,
    not a record, a finished game, a game whose deal does not follow from its seed, or whose
    players are not people and registered bots (:func:`player_problems`)."""
    rec = load_record(path)
    players = rec["players"]
    match = rebuild(rec, path)
    if match.is_over:
        raise SaveError(path, "finished", side=match.winner if match.winner is not None else -1)
    problem = player_problems(players, match.rules.players)
    if problem is not None:
        raise SaveError(path, problem[0], None, **problem[1])
    return match, list(players)


def player_problems(players: list[str], seats: int) -> tuple[str, dict[str, Param]] | None:
    """Why a saved game's players cannot sit again (None if they can): a name per seat, at least one person;
    a code of :data:`rookgame.words.saving.CANNOT_RESUME` and its parameters.

    A player named after a registered bot (``heuristic``, ``heuristic-1``) is that bot; any other
    name is a person (``human`` in a one-person game)."""
    if len(players) != seats:
        return "seats", {"count": len(players), "seats": seats}
    if not all(isinstance(p, str) and p.strip() for p in players):
        return "nameless", {"players": str(players)}
    people = [p for p in players if _is_person(p)]
    if not people:
        return "no_person", {"players": str(players)}
    if len(set(people)) != len(people):
        return "same_person", {"players": str(players)}
    return None


def _is_person(player: str) -> bool:
    try:
        bot_name(player)
    except KeyError:
        return True
    return False
