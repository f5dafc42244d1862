"""Save files: where they live, writing them, and listing them.

Every save carries a small ``header`` (game, players, options, time, whether it is
over, the winners, and the seed once the game has ended) so that the resume list
reads each file once and replays nothing. A save written before headers existed is
replayed once and the result kept in memory for as long as the file is unchanged.
A file that cannot be read, has fields of the wrong type or does not replay goes to
the bad list with its name and the reason; it is never modified.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HEADER_VERSION = 1


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


@dataclass
class BadSave:
    path: Path
    reason: str


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
        "round": state.view(None).get("round"),
        "over": over,
        "winners": [],
    }
    if over:
        header["winners"] = [state.players[s] for s in state.result()["winners"]]
        header["seed"] = state.seed
    return header


def write_save(path: Path, spec, state, seats: list[dict]) -> None:
    from rules.core import write_atomic

    data = spec.to_save(state)
    now = time.time()
    header = make_header(spec, state, now)
    data["header"] = header
    data["ui"] = {"seats": seats, "saved_at": now, "round": header["round"], "over": header["over"]}
    write_atomic(path, data)


# ---- reading --------------------------------------------------------------------------
def read_json(path: Path) -> dict:
    """The save's JSON object, or SaveProblem saying plainly why it cannot be read."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveProblem(f"cannot read the file ({exc.__class__.__name__})") from None
    except json.JSONDecodeError as exc:
        raise SaveProblem(f"not valid JSON (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveProblem("not a save: its JSON is nested far too deeply") from None
    if not isinstance(data, dict):
        raise SaveProblem("not a save: the file is not a JSON object")
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_time(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def check_record(raw: dict) -> tuple[Any, list[str], dict]:
    """Check the fields a replay uses; return (spec, players, resolved options)."""
    import rules

    if raw.get("format") != 1:
        raise SaveProblem(f"unknown save format {raw.get('format')!r}")
    try:
        spec = rules.get_game(str(raw.get("game")))
    except KeyError:
        raise SaveProblem(f"unknown game {raw.get('game')!r}") from None
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveProblem("'players' must be a list of names")
    if not spec.min_players <= len(players) <= spec.max_players:
        raise SaveProblem(f"{spec.title} takes {spec.min_players}-{spec.max_players} players")
    if not _is_int(raw.get("seed", 0)):
        raise SaveProblem(f"'seed' must be a whole number, not {raw.get('seed')!r}")
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise SaveProblem(f"'options' must be an object, not {options!r}")
    try:
        options = spec.resolve_options(options)
    except (ValueError, TypeError) as exc:
        raise SaveProblem(f"bad options: {exc}") from None
    actions = raw.get("actions")
    if not isinstance(actions, list) or not all(isinstance(k, str) for k in actions):
        raise SaveProblem("'actions' must be a list of action keys")
    ui = raw.get("ui", {})
    if not isinstance(ui, dict) or not _is_time(ui.get("saved_at", 0)):
        raise SaveProblem("'saved_at' must be a time stamp (seconds)")
    return spec, players, options


def _info_from_header(path: Path, raw: dict, spec: Any, players: list, options: dict):
    """SaveInfo from a header that matches the record, else None (replay instead)."""
    h = raw.get("header")
    if not isinstance(h, dict) or h.get("version") != HEADER_VERSION:
        return None
    if not _is_time(h.get("saved_at")):
        raise SaveProblem("'saved_at' in the header must be a time stamp (seconds)")
    winners = h.get("winners", [])
    fits = (
        h.get("game") == spec.id
        and h.get("players") == players
        and h.get("steps") == len(raw["actions"])
        and isinstance(h.get("over"), bool)
        and (h.get("round") is None or _is_int(h.get("round")))
        and isinstance(winners, list)
        and all(isinstance(w, str) for w in winners)
        and (not h["over"] or _is_int(h.get("seed")))
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
        list(winners),
        h.get("seed") if h["over"] else None,
        len(raw["actions"]),
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
    )


_REPLAYED: dict[tuple[str, int, int], SaveInfo | BadSave] = {}


def read_save_info(path: Path) -> SaveInfo | BadSave:
    """What the resume list shows for one file; never raises for a bad file."""
    try:
        st = path.stat()
    except OSError as exc:
        return BadSave(path, f"{path.name}: cannot read the file ({exc.__class__.__name__})")
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key in _REPLAYED:
        return _REPLAYED[key]
    try:
        raw = read_json(path)
        spec, players, options = check_record(raw)
        info = _info_from_header(path, raw, spec, players, options)
        if info is not None:
            return info
        result: SaveInfo | BadSave = _info_by_replay(path, raw, spec, players, options)
    except SaveProblem as exc:
        result = BadSave(path, f"{path.name}: {exc}")
    _REPLAYED[key] = result
    return result


def load_checked(path: Path) -> Any:
    """Replay one listed save to open it: its state, or a BadSave. A failure is
    remembered, so the list shows the file among the bad ones from now on (the file
    is not touched). The list read only headers, so this is the one replay."""
    path = Path(path)
    try:
        st = path.stat()
        raw = read_json(path)
        spec, _players, _options = check_record(raw)
        return _replay(path, raw, spec)
    except OSError as exc:
        return BadSave(path, f"{path.name}: cannot read the file ({exc.__class__.__name__})")
    except SaveProblem as exc:
        bad = BadSave(path, f"{path.name}: {exc}")
        _REPLAYED[(str(path), st.st_mtime_ns, st.st_size)] = bad
        return bad


def list_saves(base: Path) -> tuple[list[SaveInfo], list[BadSave]]:
    """Every save, newest first; a save that cannot be used goes to the bad list."""
    good: list[SaveInfo] = []
    bad: list[BadSave] = []
    d = saves_dir(base)
    if not d.is_dir():
        return good, bad
    for path in d.glob("*.json"):
        info = read_save_info(path)
        (good if isinstance(info, SaveInfo) else bad).append(info)  # type: ignore[arg-type]
    good.sort(key=lambda i: i.saved_at, reverse=True)
    bad.sort(key=lambda b: b.path.name)
    return good, bad


def delete_save(info: SaveInfo) -> None:
    """Remove one listed save (the resume screen asks first)."""
    Path(info.path).unlink(missing_ok=True)


def _seat_info(raw: dict) -> dict:
    """A stored seat, checked: a human, or a bot with its level (normal if unknown)."""
    from rules.bots import LEVELS

    if raw.get("kind") != "bot":
        return {"kind": "human"}
    level = raw.get("level")
    return {"kind": "bot", "level": level if level in LEVELS else "normal"}


def read_seats(path: Path, n: int) -> list[dict]:
    """The seat kinds stored with a save; humans if missing or malformed."""
    try:
        ui = read_json(path).get("ui", {})
        seats = ui.get("seats")
        if isinstance(seats, list) and len(seats) == n and all(isinstance(s, dict) for s in seats):
            return [_seat_info(s) for s in seats]
    except (SaveProblem, AttributeError):
        pass
    return [{"kind": "human"} for _ in range(n)]
