"""The resume list's index: what each save's header said, kept in one hidden file of
the saves folder (``.index.json``), so that a later listing reads that file and a
``stat`` of each save instead of every save.

The index is a cache the folder can rebuild; it is trusted for nothing:

- An entry is used only while its save is the very file it was read from: the same
  size, modification and change times (nanoseconds) and inode. A save rewritten,
  replaced or edited since (even with its modification time put back: the change
  time cannot be) is read again.
- A save changed within ``RACY_NS`` of the listing is not written to the index: a
  second write inside one tick of the file system's clock would keep all its times.
- An index that cannot be read, is of another version, or does not match its own
  checksum (a damaged or edited file) is ignored and written again; an entry that
  does not hold together is dropped and its save read.
- Only saves that read as good are indexed: a bad save is read every time, so an
  index can never make it look good. The index never writes, moves or removes a save.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

INDEX_NAME = ".index.json"  # hidden: the listing skips names starting with a dot
INDEX_VERSION = 1
RACY_NS = 2_000_000_000  # far beyond any file system clock's tick
MAX_INDEX_BYTES = 64 * 1024 * 1024  # above this the file is ignored (and rebuilt)


def stat_key(st: os.stat_result) -> list[int]:
    """What must be unchanged for an entry to stand for its save."""
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]


def settled(st: os.stat_result, now_ns: int) -> bool:
    """True if the file was last changed long enough ago to be indexed."""
    return max(st.st_mtime_ns, st.st_ctime_ns) < now_ns - RACY_NS


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_index(folder: Path) -> dict[str, dict]:
    """The entries of the folder's index by file name; empty if there is none, or it
    cannot be trusted as a whole. Never raises."""
    path = folder / INDEX_NAME
    try:
        st = path.lstat()
        # only a regular file of a sane size is read (a pipe there would never end)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_INDEX_BYTES:
            return {}
        outer = json.loads(path.read_text(encoding="utf-8"))
        text = outer["entries"]
        if outer.get("version") != INDEX_VERSION or outer.get("sha256") != _digest(text):
            return {}
        entries = json.loads(text)
    except Exception:  # noqa: BLE001 - a damaged index is rebuilt, never a crash
        return {}
    if not isinstance(entries, dict):
        return {}
    return {name: e for name, e in entries.items() if isinstance(e, dict)}


def write_index(folder: Path, entries: dict[str, dict]) -> None:
    """Write the index whole or not at all; a folder that cannot take it (read-only,
    full) simply has no index, and is listed by reading its saves."""
    from rules.core import write_atomic

    text = json.dumps(entries, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    with contextlib.suppress(OSError, ValueError):
        write_atomic(
            folder / INDEX_NAME,
            {"version": INDEX_VERSION, "sha256": _digest(text), "entries": text},
        )


def entry_of(key: list[int], info: Any) -> dict:
    """An index entry for a save read as good (a ``saves.SaveInfo``)."""
    return {
        "key": key,
        "game": info.game,
        "players": info.players,
        "round": info.round,
        "saved_at": info.saved_at,
        "over": info.over,
        "mode": info.mode,
        "winners": info.winners,
        "seed": info.seed,
        "steps": info.steps,
        "seats": info.seats,
    }


def _strings(value: Any) -> bool:
    return type(value) is list and all(type(v) is str for v in value)


def _whole(value: Any) -> bool:
    return type(value) is int


def info_of(path: Path, entry: dict, key: list[int], make: Callable[..., Any]) -> Any:
    """The save's listing (``make``, given ``saves.SaveInfo``'s fields in order) that an
    entry stands for, if the entry is for this very file and holds together; else None
    (the save is then read). Saves imports this module, never the other way round."""
    import rules

    if entry.get("key") != key:
        return None
    try:
        spec = rules.get_game(entry["game"])
        values = [entry[k] for k in ("players", "round", "saved_at", "over", "mode")]
        players, round_, saved_at, over, mode = values
        winners, seed, steps, seats = (
            entry["winners"],
            entry["seed"],
            entry["steps"],
            entry["seats"],
        )
    except (KeyError, TypeError):
        return None
    fits = (
        _strings(players)
        and (round_ is None or _whole(round_))
        and type(saved_at) in (int, float)
        and type(over) is bool
        and type(mode) is str
        and _strings(winners)
        and set(winners) <= set(players)
        and (seed is None or (over and _whole(seed)))
        and _whole(steps)
        and steps >= 0
        and _strings(seats)
        and len(seats) in (0, len(players))
    )
    if not fits:
        return None
    return make(
        path,
        spec.id,
        spec.title,
        list(players),
        round_,
        float(saved_at),
        over,
        mode,
        list(winners),
        seed,
        steps,
        list(seats),
    )


def now_ns() -> int:
    return time.time_ns()
