"""One writer per save: a game open in one window (terminal or browser tab) holds a
lock; another window that tries to open it is told who holds it and shows it
read-only (the app opens the replay viewer instead).

The lock is an advisory ``flock`` on a hidden file beside the save
(``.NAME.json.lock``) holding who took it. The kernel drops the lock when its
process ends, however it ends, so a lock left by a kill is simply free again: no
process ids to guess at. Where ``fcntl`` does not exist (Windows), no lock is taken.
"""

from __future__ import annotations

import json
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


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
        try:
            if os.fstat(self.fd).st_ino == os.stat(self.path).st_ino:
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


def take_lock(save: Path, where: str) -> tuple[SaveLock | None, str]:
    """(lock, "") once this process holds the save; (None, who) if another window
    holds it; (None, "") if no lock can be made here (no fcntl, or a folder that
    cannot be written: saving there will report its own problem)."""
    if fcntl is None:
        return None, ""
    path = lock_path(Path(save))
    for _ in range(5):  # the file can be replaced between open and lock: try again
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return None, ""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _read_holder(fd)
            os.close(fd)
            return None, holder_text(holder)
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
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
    """Who holds this save's lock if another window does, else ""."""
    lock, holder = take_lock(save, "a check")
    if lock is not None:
        lock.release()
    return holder
