"""Save files: where they live, writing them, and listing them.

Every save carries a small ``header`` (game, players, options, time, whether it is
over, the winners, and the seed once the game has ended) so that the resume list
reads each file once and replays nothing; what it read is kept in an index
(save_index.py) that a later listing uses for every save unchanged since. A save
written before headers existed is replayed once and the result kept in memory for as
long as the file is unchanged.
A file that cannot be read, has fields of the wrong type or out of range, is not a
regular file, or does not replay goes to the bad list with its name and the reason;
it is never modified, and no file can stop the list (``read_save_info`` turns any
failure into a BadSave). Writes go through a hidden ``.tmp-*.json`` file that is
renamed over the save; such files left by a kill are removed on start and never
listed. A rewrite keeps the fields of the file it does not know.
"""

from __future__ import annotations

import json
import math
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .text import visible

HEADER_VERSION = 1
# Bounds on what a hand-edited save may hold, so that no file can make the list slow
# or make it fail: a real save is far below each.
MAX_SAVE_BYTES = 8 * 1024 * 1024
LATEST_TIME = 253_402_300_799.0  # the last second of the year 9999: time.localtime copes
MAX_ROUND = 1_000_000
# A reason quoting a 4 MB move would take seconds to draw; the longest reason of our
# own (Sweet Lands' older rules edition) is about 450 characters.
MAX_REASON_CHARS = 600
REASON_TAIL_CHARS = 160  # kept from the end when a reason is cut: it says what is wrong
TEMP_PREFIX = ".tmp-"  # rules.core.write_atomic's temporary files
STALE_TEMP_SECONDS = 60.0  # older than any write in progress
# The fields a save is written with; any other field found in a save is kept on rewrite.
KNOWN_FIELDS = frozenset({"format", "game", "players", "seed", "options", "actions", "extra"})
WRITTEN_FIELDS = KNOWN_FIELDS | {"header", "ui"}
# The header's own fields (make_header); the seed, written once the game is over, is
# never kept from a file, so a rewrite during play cannot carry one.
HEADER_FIELDS = frozenset(
    "version game players options saved_at steps round over winners seed".split()
)


def data_dir(override: str | os.PathLike | None = None) -> Path:
    if override:
        return Path(override)
    env = os.environ.get("TABLETOP_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tabletop", appauthor=False))


def saves_dir(base: Path) -> Path:
    return base / "saves"


@dataclass
class SaveInfo:
    path: Path
    game: str
    title: str
    players: list
    round: object
    saved_at: float
    over: bool
    mode: str = ""
    winners: list = field(default_factory=list)
    seed: int | None = None  # only for finished games: the seed gives away hidden order
    steps: int = 0
    # who plays each seat: "human", or "bot:<level>"; empty if the save does not say
    seats: list = field(default_factory=list)


def brief(reason: str) -> str:
    """A reason cut to MAX_REASON_CHARS in its middle (where a quoted move sits), so
    that both its start (the file, the step) and its end (what is wrong) are kept."""
    if len(reason) <= MAX_REASON_CHARS:
        return reason
    head = MAX_REASON_CHARS - REASON_TAIL_CHARS - 1
    return reason[:head] + "…" + reason[-REASON_TAIL_CHARS:]


@dataclass
class BadSave:
    path: Path
    reason: str

    def __post_init__(self) -> None:
        self.reason = brief(self.reason)


class SaveProblem(ValueError):
    """What is wrong with one save file, in words for the player."""


def new_save_path(base: Path, game_id: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    d = saves_dir(base)
    path = d / f"{stamp}-{game_id}.json"
    k = 2
    while path.exists():
        path = d / f"{stamp}-{game_id}-{k}.json"
        k += 1
    return path


def mode_text(spec: Any, options: dict, n_players: int) -> str:
    """A short description of the options: the first option always, others if changed."""
    parts = []
    for i, (name, opt) in enumerate(spec.options.items()):
        value = options.get(name, opt.default)
        if i == 0 or value != opt.default:
            parts.append(str(opt.label_of(value)).capitalize())
    if not parts:
        parts.append("Solo" if n_players == 1 else "Standard")
    return ", ".join(parts)


def make_header(spec: Any, state: Any, saved_at: float) -> dict:
    over = bool(state.is_over)
    header = {
        "version": HEADER_VERSION,
        "game": spec.id,
        "players": list(state.players),
        "options": dict(state.options),
        "saved_at": saved_at,
        "steps": len(state.action_keys()),
        "round": state.round_under_way(),  # not view(None): a whole view per save
        "over": over,
        "winners": [],
    }
    if over:
        header["winners"] = [state.players[s] for s in state.result()["winners"]]
        header["seed"] = state.seed
    return header


def write_save(path: Path, spec, state, seats: list[dict], kept: dict | None = None) -> None:
    """Write the save; ``kept`` holds the fields of the file being replaced that this
    version does not write (see ``kept_fields``), so that they survive the rewrite.
    An OSError (folder not writable, disk full...) reaches the caller."""
    from rules.core import write_atomic

    kept = kept or {}
    data = {k: v for k, v in kept.items() if k not in ("ui", "extra")}
    data.update(spec.to_save(state))
    if isinstance(kept.get("extra"), dict):  # the game's own extra fields win
        data["extra"] = {**kept["extra"], **data.get("extra", {})}
    now = time.time()
    header = make_header(spec, state, now)
    data["header"] = {**kept.get("header", {}), **header}
    ui = dict(kept.get("ui", {}))
    ui.update({"seats": seats, "saved_at": now, "round": header["round"], "over": header["over"]})
    data["ui"] = ui
    write_atomic(path, data)


def kept_fields(raw: dict) -> dict:
    """The fields of a save that ``write_save`` does not write itself: top-level ones
    and those inside ``header``, ``ui`` and ``extra``. A newer version's fields survive
    this one's rewrite."""
    kept = {k: v for k, v in raw.items() if k not in WRITTEN_FIELDS}
    if isinstance(raw.get("extra"), dict):
        kept["extra"] = raw["extra"]
    header = raw["header"] if isinstance(raw.get("header"), dict) else {}
    if extra_header := {k: v for k, v in header.items() if k not in HEADER_FIELDS}:
        kept["header"] = extra_header
    ui = raw.get("ui")
    if isinstance(ui, dict):
        extra_ui = {k: v for k, v in ui.items() if k not in ("seats", "saved_at", "round", "over")}
        if extra_ui:
            kept["ui"] = extra_ui
    return kept


def kept_fields_of(path: Path) -> dict:
    """``kept_fields`` of a save file; nothing if it cannot be read."""
    try:
        return kept_fields(read_json(path))
    except SaveProblem:
        return {}


def remove_stale_temps(base: Path) -> list[Path]:
    """Delete the temporary files of writes that a kill interrupted (older than any
    write still going on); return what was removed. Never raises."""
    removed: list[Path] = []
    try:
        entries = list(saves_dir(base).glob(TEMP_PREFIX + "*.json"))
    except OSError:
        return removed
    now = time.time()
    for path in entries:
        try:
            st = path.lstat()
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_TEMP_SECONDS:
                path.unlink()
                removed.append(path)
        except OSError:
            pass
    return removed


# ---- reading --------------------------------------------------------------------------
KIND_NAMES = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def _why(exc: OSError) -> str:
    """An OSError in the player's words: the system's message, else its kind."""
    return exc.strerror or exc.__class__.__name__


def _kind_of(mode: int) -> str:
    return next((name for test, name in KIND_NAMES if test(mode)), "not a regular file")


def read_bytes(path: Path) -> bytes:
    """A save file's bytes; SaveProblem for anything that is not a readable regular
    file of a sensible size. A named pipe is never waited on (non-blocking open)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise SaveProblem("not a save file: it is a folder") from None
    except OSError as exc:
        raise SaveProblem(f"cannot read the file ({_why(exc)})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveProblem(f"not a save file: it is {_kind_of(st.st_mode)}")
        if st.st_size > MAX_SAVE_BYTES:
            raise SaveProblem(f"too large for a save ({st.st_size // 1024 // 1024} MB)")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveProblem(f"cannot read the file ({_why(exc)})") from None
    finally:
        os.close(fd)


def read_json(path: Path) -> dict:
    """The save's JSON object, or SaveProblem saying plainly why it cannot be read."""
    blob = read_bytes(Path(path))
    try:
        data = json.loads(blob.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveProblem("not a save: the file is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise SaveProblem(f"not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveProblem("not a save: its JSON is nested far too deeply") from None
    except ValueError:  # a number of thousands of digits
        raise SaveProblem("not a save: it holds a number far too long") from None
    if not isinstance(data, dict):
        raise SaveProblem("not a save: the file is not a JSON object")
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_time(value: Any) -> bool:
    """Seconds since 1970 that a clock can show (not NaN, infinite or past 9999)."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= LATEST_TIME
    )


def _is_small_int(value: Any, bound: int | None = None) -> bool:
    """A whole number within +-bound (the largest seed if no bound is given)."""
    if bound is None:
        from rules.core import MAX_SEED

        bound = MAX_SEED
    return _is_int(value) and -bound <= value <= bound


def check_record(raw: dict) -> tuple[Any, list[str], dict]:
    """Check the fields a replay uses; return (spec, players, resolved options)."""
    import rules

    if type(raw.get("format")) is not int or raw["format"] != 1:  # True and 1.0 equal 1
        raise SaveProblem(f"unknown save format {raw.get('format')!r}")
    try:
        spec = rules.get_game(str(raw.get("game")))
    except KeyError:
        raise SaveProblem(f"unknown game {raw.get('game')!r}") from None
    players = raw["players"] = _checked_players(raw.get("players"), spec)
    if not _is_small_int(raw.get("seed", 0)):
        raise SaveProblem("'seed' must be a whole number of at most 19 digits")
    options = _checked_options(raw.get("options", {}), spec)
    actions = raw.get("actions")
    if not isinstance(actions, list) or not all(isinstance(k, str) for k in actions):
        raise SaveProblem("'actions' must be a list of action keys")
    ui = raw.get("ui", {})
    if not isinstance(ui, dict) or not _is_time(ui.get("saved_at", 0)):
        raise SaveProblem("'saved_at' must be a time stamp (seconds)")
    return spec, players, options


def _checked_players(players: Any, spec: Any) -> list[str]:
    """The record's player names, as many as the game seats and each short enough;
    a name with control characters (an escape sequence from a hand edit) is played
    under its visible form (text.py): no screen can then send it to the terminal."""
    from rules.core import MAX_NAME_CHARS

    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveProblem("'players' must be a list of names")
    if not spec.min_players <= len(players) <= spec.max_players:
        raise SaveProblem(f"{spec.title} takes {spec.min_players}-{spec.max_players} players")
    if any(len(p) > MAX_NAME_CHARS for p in players):
        raise SaveProblem(f"a player name is longer than {MAX_NAME_CHARS} characters")
    return [visible(p) for p in players]


def _checked_options(options: Any, spec: Any) -> dict:
    """The record's options as the game resolves them (its defaults filled in)."""
    if not isinstance(options, dict):
        raise SaveProblem("'options' must be an object")
    try:
        return spec.resolve_options(options)
    except (ValueError, TypeError) as exc:
        raise SaveProblem(f"bad options: {exc}") from None


def _info_from_header(path: Path, raw: dict, spec: Any, players: list, options: dict):
    """SaveInfo from a header that matches the record, else None (replay instead)."""
    h = raw.get("header")
    if not isinstance(h, dict) or h.get("version") != HEADER_VERSION:
        return None
    if not _is_time(h.get("saved_at")):
        raise SaveProblem("'saved_at' in the header must be a time stamp (seconds)")
    winners = h.get("winners", [])
    named = h.get("players")
    fits = (
        h.get("game") == spec.id
        and isinstance(named, list)
        and [visible(p) if isinstance(p, str) else p for p in named] == players
        and h.get("steps") == len(raw["actions"])
        and isinstance(h.get("over"), bool)
        and (h.get("round") is None or _is_small_int(h.get("round"), MAX_ROUND))
        and isinstance(winners, list)
        and all(isinstance(w, str) and visible(w) in players for w in winners)
        and (not h["over"] or _is_small_int(h.get("seed")))
    )
    if not fits:
        return None
    return SaveInfo(
        path,
        spec.id,
        spec.title,
        list(players),
        h.get("round"),
        float(h["saved_at"]),
        h["over"],
        mode_text(spec, options, len(players)),
        [visible(w) for w in winners],
        h.get("seed") if h["over"] else None,
        len(raw["actions"]),
        seat_kinds(raw, len(players)),
    )


def _info_by_replay(path: Path, raw: dict, spec: Any, players: list, options: dict):
    return _info_of(path, raw, spec, players, options, _replay(path, raw, spec))


def _replay(path: Path, raw: dict, spec: Any) -> Any:
    """The state a save holds; any failure becomes a SaveProblem in words."""
    from rules.core import SaveError

    try:
        return spec.from_save(raw, path=path.name)
    except SaveError as exc:
        raise SaveProblem(str(exc).removeprefix(f"{path.name}: ")) from None
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, OverflowError) as exc:
        raise SaveProblem(f"the game could not be replayed ({exc.__class__.__name__})") from None


def _info_of(path: Path, raw: dict, spec: Any, players: list, options: dict, state: Any):
    header = make_header(spec, state, 0.0)
    ui = raw["ui"] if isinstance(raw.get("ui"), dict) else {}
    saved_at = float(ui.get("saved_at") or path.stat().st_mtime)
    return SaveInfo(
        path,
        spec.id,
        spec.title,
        list(players),
        header["round"],
        saved_at,
        header["over"],
        mode_text(spec, options, len(players)),
        header["winners"],
        header.get("seed"),
        header["steps"],
        seat_kinds(raw, len(players)),
    )


# Results kept for this process: saves replayed to be listed (old ones without a
# header) and saves found bad, by file and stat key, so each is read once while unchanged.
_READ: dict[tuple[str, tuple[int, ...]], SaveInfo | BadSave] = {}


def _cache_key(path: Path, st: os.stat_result) -> tuple[str, tuple[int, ...]]:
    from .save_index import stat_key

    return str(path), tuple(stat_key(st))


def read_save_info(path: Path, cached: bool = True) -> SaveInfo | BadSave:
    """What the resume list shows for one file; never raises, whatever the file holds.
    ``cached=False`` reads the file even if this process read it unchanged before."""
    try:
        st = path.stat()
    except OSError as exc:
        return BadSave(path, f"{path.name}: cannot read the file ({_why(exc)})")
    key = _cache_key(path, st)
    if cached and key in _READ:
        return _READ[key]
    try:
        raw = read_json(path)
        spec, players, options = check_record(raw)
        info = _info_from_header(path, raw, spec, players, options)
        if info is not None:
            return info
        result: SaveInfo | BadSave = _info_by_replay(path, raw, spec, players, options)
    except SaveProblem as exc:
        result = BadSave(path, f"{path.name}: {exc}")
    except Exception as exc:  # noqa: BLE001 - no file may stop the list: name it instead
        result = BadSave(path, f"{path.name}: not a usable save ({exc.__class__.__name__})")
    _READ[key] = result
    return result


def load_checked(path: Path) -> Any:
    """Replay one listed save to open it: its state, or a BadSave. A failure is
    remembered, so the list shows the file among the bad ones from now on (the file
    is not touched). The list read only headers, so this is the one replay."""
    path = Path(path)
    try:
        st = path.stat()
    except OSError as exc:
        return BadSave(path, f"{path.name}: cannot read the file ({_why(exc)})")
    try:
        raw = read_json(path)
        spec, _players, _options = check_record(raw)
        return _replay(path, raw, spec)
    except SaveProblem as exc:
        bad = BadSave(path, f"{path.name}: {exc}")
    except Exception as exc:  # noqa: BLE001 - a fault in a replay is named, never fatal
        bad = BadSave(
            path, f"{path.name}: the game could not be replayed ({exc.__class__.__name__})"
        )
    _READ[_cache_key(path, st)] = bad
    return bad


def _list_one(
    path: Path, indexed: dict | None, use_index: bool, now: int
) -> tuple[SaveInfo | BadSave, dict | None]:
    """One file of the saves folder as the list shows it, and its index entry (None:
    it goes unindexed, being bad or too fresh to trust its timestamp)."""
    from . import save_index

    try:
        st = path.stat()
    except OSError as exc:
        return BadSave(path, f"{path.name}: cannot read the file ({_why(exc)})"), None
    key = save_index.stat_key(st)
    # read in this process (replayed, or found bad on opening): as it was then
    known = _READ.get((str(path), tuple(key))) if use_index and _READ else None
    if known is None and indexed is not None:
        from_index = save_index.info_of(path, indexed, key, SaveInfo)
        if from_index is not None:  # the entry stands as it is
            return from_index, indexed
    if known is None:
        known = read_save_info(path, cached=use_index)
    if isinstance(known, BadSave):
        return known, None
    return known, save_index.entry_of(key, known) if save_index.settled(st, now) else None


def list_saves(
    base: Path, use_index: bool = True, later: Callable[[Callable[[], None]], Any] | None = None
) -> tuple[list[SaveInfo], list[BadSave]]:
    """Every save, newest first; a save that cannot be used goes to the bad list.

    With ``use_index`` a save unchanged since the folder's index (save_index.py) was
    written is listed from its entry, and the index is brought up to date (through
    ``later`` if given, e.g. after the first frame); without it, every file is read
    (the uncached path the index is tested against)."""
    from . import save_index

    good: list[SaveInfo] = []
    bad: list[BadSave] = []
    d = saves_dir(base)
    if not d.is_dir():
        return good, bad
    remove_stale_temps(base)
    try:
        with os.scandir(d) as found:  # hidden files (temporaries, the index) are not saves
            names = [e.name for e in found if e.name.endswith(".json") and e.name[0] != "."]
    except OSError as exc:
        return good, [BadSave(d, f"{d}: cannot read the folder ({_why(exc)})")]
    index = save_index.load_index(d) if use_index else {}
    entries: dict[str, dict] = {}
    now = save_index.now_ns()
    for name in names:
        listed, entry = _list_one(d / name, index.get(name), use_index, now)
        if isinstance(listed, BadSave):
            bad.append(listed)
        else:
            good.append(listed)
        if entry is not None:
            entries[name] = entry
    if use_index and entries != index:
        if later is None:
            save_index.write_index(d, entries)
        else:
            later(lambda: save_index.write_index(d, entries))
    good.sort(key=lambda i: i.saved_at, reverse=True)
    bad.sort(key=lambda b: b.path.name)
    return good, bad


def delete_save(info: SaveInfo) -> None:
    """Remove one listed save (the resume screen asks first)."""
    Path(info.path).unlink(missing_ok=True)


def _seat_info(raw: dict) -> dict:
    """A stored seat, checked: a human, or a bot with its level (normal if unknown)."""
    from rules.bots import LEVELS

    from .coach.seats import coach_fields

    if raw.get("kind") != "bot":
        return {"kind": "human", **coach_fields(raw)}
    level = raw.get("level")
    return {"kind": "bot", "level": level if level in LEVELS else "normal"}


def seats_of(raw: dict, n: int) -> list[dict]:
    """The seat kinds stored in a save's fields; humans if missing or malformed."""
    ui = raw.get("ui")
    seats = ui.get("seats") if isinstance(ui, dict) else None
    if isinstance(seats, list) and len(seats) == n and all(isinstance(s, dict) for s in seats):
        return [_seat_info(s) for s in seats]
    return [{"kind": "human"} for _ in range(n)]


def seat_kinds(raw: dict, n: int) -> list[str]:
    """Who plays each seat, for the list: "human" or "bot:<level>"."""
    return [
        f"bot:{seat['level']}" if seat["kind"] == "bot" else "human" for seat in seats_of(raw, n)
    ]


def read_seats(path: Path, n: int) -> list[dict]:
    """The seat kinds stored with a save; humans if missing or malformed."""
    try:
        return seats_of(read_json(path), n)
    except SaveProblem:
        return [{"kind": "human"} for _ in range(n)]
