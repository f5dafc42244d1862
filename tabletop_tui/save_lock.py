"""One writer per save: a game open in one window (terminal or browser tab) holds a
lock; another window that tries to open it is told who holds it and shows it
read-only (the app opens the replay viewer instead).

The lock is an advisory ``flock`` on a hidden file beside the save
(``.NAME.json.lock``) holding who took it. The kernel drops the lock when its
process ends, however it ends, so a lock left by a kill is simply free again: no
process ids to guess at. Where ``fcntl`` does not exist (Windows), no lock is taken.

A saves folder may be copied, synced or shared, so the lock's path may hold
something planted there: it is opened without following a link, and anything but a
regular file of this user with one name (a link, a hard link to another file, a
pipe, someone else's file) is refused with ``LockRefused`` and never written,
truncated or removed; the save is then treated as one that cannot be locked.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import time
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


# O_NOFOLLOW: a link at the lock's path fails to open instead of opening its target.
# O_NONBLOCK: a named pipe there is never waited on.
OPEN_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class LockRefused(Exception):
    """The lock's path holds something that is not a lock file of ours; the message
    names it. Nothing was written to it."""


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _foreign(st: os.stat_result) -> str:
    """Why a file at the lock's path is not one this process may use as its lock, or ""."""
    if stat.S_ISLNK(st.st_mode):
        return "a link"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        return "a file of another user"
    if st.st_nlink > 1:
        return "a file with another name elsewhere (a hard link)"
    return ""


def refusal(path: Path, why: str) -> LockRefused:
    return LockRefused(
        f"The lock file {path} is {why}: it was left untouched and the game is not locked "
        "against a second window."
    )


@dataclass
class SaveLock:
    """A held lock; ``release`` frees it (process exit frees it too)."""

    path: Path
    fd: int | None

    def release(self) -> None:
        if self.fd is None:
            return
        # Unlink first, then close (which drops the lock): a taker that opened the old
        # file meanwhile sees it is no longer the file at the path and tries again.
        try:  # lstat: a link put in its place since is not ours to remove
            if _same_file(os.fstat(self.fd), os.lstat(self.path)):
                self.path.unlink()
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None


def holder_text(info: dict) -> str:
    """Who holds a lock, in words: where, which process, since when."""
    where = str(info.get("where", "another window"))[:40]
    pid = info.get("pid")
    since = info.get("since")
    parts = [where]
    if isinstance(pid, int):
        host = str(info.get("host", ""))[:40]
        parts.append(f"process {pid}" + (f" on {host}" if host != socket.gethostname() else ""))
    if isinstance(since, (int, float)) and 0 <= since < 253_402_300_799:
        parts.append("since " + time.strftime("%H:%M", time.localtime(since)))
    return ", ".join(parts)


def _read_holder(fd: int) -> dict:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        data = json.loads(os.read(fd, 4096).decode("utf-8", "replace"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError, RecursionError):
        return {}


def _open_lock_file(path: Path) -> int | None:
    """The lock file's descriptor, made if missing; None if no lock can be made there.
    LockRefused if the path holds a link, a pipe or another user's file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    except OSError:
        return None
    if found is not None and _foreign(found):
        raise refusal(path, _foreign(found))
    try:
        return os.open(path, OPEN_FLAGS, 0o644)
    except OSError as exc:
        if os.path.islink(path):  # planted between the look and the open
            raise refusal(path, "a link") from None
        if exc.errno in (errno.ENXIO, errno.EWOULDBLOCK):  # a pipe with no reader
            raise refusal(path, "not a regular file") from None
        return None


def take_lock(save: Path, where: str) -> tuple[SaveLock | None, str]:
    """(lock, "") once this process holds the save; (None, who) if another window
    holds it; (None, "") if no lock can be made here (no fcntl, or a folder that
    cannot be written: saving there will report its own problem). LockRefused if
    the lock's path holds something other than a lock file of ours."""
    if fcntl is None:
        return None, ""
    path = lock_path(Path(save))
    for _ in range(5):  # the file can be replaced between open and lock: try again
        fd = _open_lock_file(path)
        if fd is None:
            return None, ""
        st = os.fstat(fd)
        if st.st_nlink and _foreign(st):  # nlink 0: replaced meanwhile, tried again below
            os.close(fd)
            raise refusal(path, _foreign(st))
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _read_holder(fd)
            os.close(fd)
            return None, holder_text(holder)
        try:
            same = _same_file(os.fstat(fd), os.lstat(path))
        except OSError:
            same = False
        if not same:
            os.close(fd)
            continue
        info = {"pid": os.getpid(), "host": socket.gethostname(), "where": where}
        info["since"] = time.time()
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(info).encode("utf-8"), 0)
        except OSError:  # a full disk: the lock holds all the same, only unsigned
            pass
        return SaveLock(path, fd), ""
    return None, ""  # pragma: no cover - a file replaced five times running


def held_by_other(save: Path) -> str:
    """Who holds this save's lock if another window does, else "". LockRefused as
    ``take_lock``."""
    lock, holder = take_lock(save, "a check")
    if lock is not None:
        lock.release()
    return holder
