"""The records: every finished game, kept in a SQLite database in the data folder.

One row per finished game, keyed by its save's file name (recording the same game
twice keeps one row). The schema's version is SQLite's ``user_version``; ``migrate``
brings an older database up step by step (``MIGRATIONS``), each step in a transaction.
Every write is one transaction, so a kill mid-write leaves the database as it was
before or after it. Any database problem (corrupt, locked, made by a newer version)
is raised as a RecordsProblem with words for the player; the saves are other files
and are never touched here. A row that does not hold together (lists of different
lengths, a seat out of range, an unknown game: a hand edit) is left out and counted.
"""

from __future__ import annotations

import json
import math
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..saves import LATEST_TIME
from ..text import visible

DB_NAME = "records.sqlite3"
SCHEMA_VERSION = 1
LOCK_WAIT = 2.0  # seconds to wait for another writer before calling the base locked
# version -> the statements that bring a database of the version before up to it
MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE games (
            save TEXT PRIMARY KEY,      -- the save's file name
            game TEXT NOT NULL,         -- the game's id
            mode TEXT NOT NULL,         -- the options in words
            options TEXT NOT NULL,      -- JSON
            players TEXT NOT NULL,      -- JSON: names, seat order
            seats TEXT NOT NULL,        -- JSON: kind and bot level per seat
            scores TEXT NOT NULL,       -- JSON: final score per seat
            winners TEXT NOT NULL,      -- JSON: seat numbers
            hints TEXT NOT NULL,        -- JSON: hints used per seat
            finished REAL NOT NULL      -- seconds since the epoch
        )""",
        "CREATE INDEX games_by_time ON games (finished)",
    ],
}


class RecordsProblem(Exception):
    """The records database cannot be used; the message says why, for the player."""


@dataclass
class Record:
    save: str
    game: str
    mode: str
    players: list[str]
    seats: list[dict]
    scores: list[float]
    winners: list[int]
    hints: list[int]
    finished: float = field(default_factory=time.time)
    options: dict = field(default_factory=dict)

    @property
    def kind(self) -> tuple[str, str]:
        """The game and mode: charts and summaries never mix two of them."""
        return self.game, self.mode

    @property
    def people(self) -> list[str]:
        """The names of the seats people played."""
        return [
            n for n, s in zip(self.players, self.seats, strict=False) if s.get("kind") == "human"
        ]

    def seat_name(self, seat: int) -> str:
        """A seat's name, with its level where a bot played it: "Cleo (hard bot)"."""
        info = self.seats[seat] if seat < len(self.seats) else {}
        name = visible(self.players[seat])
        return f"{name} ({info.get('level', 'normal')} bot)" if info.get("kind") == "bot" else name

    def opponents(self, seat: int) -> str:
        """Who a seat played against, in words: the bot levels, or people."""
        others = [s for k, s in enumerate(self.seats) if k != seat]
        if not others:
            return "solo"
        levels = sorted(
            {s.get("level", "normal") if s.get("kind") == "bot" else "people" for s in others}
        )
        return " + ".join(levels)


def kind_title(kind: tuple[str, str]) -> str:
    """A game and mode in words: "Happy City, Family"."""
    import rules

    game, mode = kind
    title = rules.get_game(game).title if game in rules.GAMES else game
    return f"{title}, {mode}" if mode else title


def records_path(base: Path) -> Path:
    return Path(base) / DB_NAME


@contextmanager
def opened(base: Path) -> Iterator[sqlite3.Connection]:
    """A connection to the records, brought up to date; closed afterwards."""
    path = records_path(base)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=LOCK_WAIT, isolation_level=None)
    except (OSError, sqlite3.Error) as exc:
        raise RecordsProblem(f"Cannot open the records at {path}: {exc}.") from exc
    try:
        migrate(conn)
        yield conn
    except sqlite3.Error as exc:
        raise RecordsProblem(problem_words(path, exc)) from exc
    finally:
        conn.close()


def problem_words(path: Path, exc: sqlite3.Error) -> str:
    text = str(exc)
    if "locked" in text or "busy" in text:
        why = "another program is writing to it; try again in a moment"
    elif "not a database" in text or "malformed" in text:
        why = "the file is damaged (move it away and a new one is started)"
    else:
        why = text
    return f"The records at {path} cannot be used: {why}. Your saves are not affected."


def migrate(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"made by a newer tabletop (schema {version})")
    for step in range(version + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[step]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {step}")  # a PRAGMA takes no parameter
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def add_record(base: Path, record: Record) -> bool:
    """Record a finished game, once (False: it was recorded before)."""
    row = (
        record.save,
        record.game,
        record.mode,
        json.dumps(record.options, sort_keys=True),
        json.dumps(record.players),
        json.dumps(record.seats),
        json.dumps(record.scores),
        json.dumps(record.winners),
        json.dumps(record.hints),
        record.finished,
    )
    with opened(base) as conn:
        cur = conn.execute("INSERT OR IGNORE INTO games VALUES (?,?,?,?,?,?,?,?,?,?)", row)
        return cur.rowcount == 1


def read_records(base: Path, game: str | None = None, player: str | None = None) -> list[Record]:
    """The records, oldest first; ``game`` and ``player`` filter them."""
    return load_records(base, game, player)[0]


def load_records(
    base: Path, game: str | None = None, player: str | None = None
) -> tuple[list[Record], int]:
    """The sound records, oldest first, and how many rows were left out as damaged
    (see ``record_of``); ``game`` and ``player`` filter them."""
    query = "SELECT * FROM games"
    args: tuple = ()
    if game:
        query += " WHERE game = ?"
        args = (game,)
    with opened(base) as conn:
        rows = conn.execute(query + " ORDER BY finished", args).fetchall()
    out, damaged = [], 0
    for row in rows:
        try:
            rec = record_of(row)
        except (ValueError, TypeError, KeyError, RecursionError):
            damaged += 1  # a row edited by hand into nonsense is counted, never drawn
            continue
        if player is None or player in rec.players:
            out.append(rec)
    return out, damaged


def _list_of(text: Any, kind: type | tuple[type, ...]) -> list:
    value = json.loads(text)
    if not isinstance(value, list) or not all(
        isinstance(v, kind) and not isinstance(v, bool) for v in value
    ):
        raise ValueError(f"not a list of {kind}")
    return value


def record_of(row: tuple) -> Record:
    """A row as a Record, checked as a whole (every chart and table indexes one list by
    another's seats); ValueError or TypeError for a row that does not hold together."""
    import rules

    save, game, mode, options, players, seats, scores, winners, hints, finished = row
    rec = Record(
        save,
        game,
        mode,
        _list_of(players, str),
        _list_of(seats, dict),
        [float(s) for s in _list_of(scores, (int, float))],
        _list_of(winners, int),
        _list_of(hints, int),
        float(finished),
        json.loads(options),
    )
    n = len(rec.players)
    if game not in rules.GAMES or not isinstance(mode, str) or not isinstance(rec.options, dict):
        raise ValueError("an unknown game, or a mode or options of the wrong type")
    if n == 0 or len(rec.seats) != n or len(rec.scores) != n or len(rec.hints) != n:
        raise ValueError("players, seats, scores and hints differ in length")
    if not all(0 <= w < n for w in rec.winners) or min(rec.hints) < 0:
        raise ValueError("a winner out of range or a negative hint count")
    if not all(math.isfinite(s) for s in rec.scores):
        raise ValueError("a score that is not a number")
    if not 0 <= rec.finished <= LATEST_TIME:
        raise ValueError("a date no clock can show")
    return rec


def record_of_game(controller) -> Record:
    """The record of a finished game at the table (a Controller)."""
    from ..saves import mode_text
    from .seats import hints_used

    state, spec = controller.state, controller.spec
    res = state.result()
    name = controller.save_path.name if controller.save_path else f"{spec.id}-{state.seed}"
    return Record(
        save=name,
        game=spec.id,
        mode=mode_text(spec, state.options, len(state.players)),
        players=list(state.players),
        seats=[{k: v for k, v in s.items() if k in ("kind", "level")} for s in controller.seats],
        scores=[float(s) for s in res["scores"]],
        winners=list(res["winners"]),
        hints=[hints_used(s) for s in controller.seats],
        options=dict(state.options),
    )
