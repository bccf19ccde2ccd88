"""Where rook keeps its files (:func:`rook_home`), and files written whole: a reader, or a process killed
mid-write, sees the old file or the new one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def rook_home() -> Path:
    """The folder of everything rook keeps (saved games, the web tables' database): ``$ROOK_HOME``, else
    ``~/.rook``; the terminal game and the server both honour it."""
    home = os.environ.get("ROOK_HOME")
    return Path(home).expanduser() if home else Path.home() / ".rook"


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` survive a crash (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the file itself is synced
    finally:
        os.close(fd)


def write_whole(path: Path, data: bytes, mode: int | None = None) -> None:
    """``data`` into a temporary file of its own beside ``path``, synced, then renamed over ``path``; ``mode``:
    its permissions (else the temporary file's, the owner's alone)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_folder(path.parent)


def write_output(path: Path, data: bytes) -> None:
    """A file a command was told to write (``--json``, ``--out``): whole (:func:`write_whole`), so that a full
    disk leaves the file that was there as it was, with the permissions it had or a new file's; a device or a
    pipe named instead (``/dev/stdout``) is written to as it is."""
    if path.exists() and not path.is_file():
        with open(path, "wb") as f:
            f.write(data)
        return
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    write_whole(path, data, mode)
