"""Save files: where they live, listing them (corrupt ones reported, never touched)."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path


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


@dataclass
class BadSave:
    path: Path
    reason: str


def new_save_path(base: Path, game_id: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    d = saves_dir(base)
    path = d / f"{stamp}-{game_id}.json"
    k = 2
    while path.exists():
        path = d / f"{stamp}-{game_id}-{k}.json"
        k += 1
    return path


def write_save(path: Path, spec, state, seats: list[dict]) -> None:
    from rules.core import write_atomic

    data = spec.to_save(state)
    view = state.view(None)
    data["ui"] = {
        "seats": seats,
        "saved_at": time.time(),
        "round": view.get("round"),
        "over": state.is_over,
    }
    write_atomic(path, data)


def list_saves(base: Path) -> tuple[list[SaveInfo], list[BadSave]]:
    """Every save, newest first; a save that cannot be replayed goes to the bad list."""
    import rules
    from rules.core import SaveError
    from rules.savefile import load_save_file

    good, bad = [], []
    d = saves_dir(base)
    if not d.is_dir():
        return good, bad
    for path in sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            state = load_save_file(path)
        except SaveError as exc:
            bad.append(BadSave(path, str(exc)))
            continue
        raw = json.loads(path.read_text(encoding="utf-8"))
        ui = raw.get("ui") if isinstance(raw.get("ui"), dict) else {}
        good.append(
            SaveInfo(
                path,
                raw["game"],
                rules.get_game(raw["game"]).title,
                list(state.players),
                state.view(None).get("round"),
                float(ui.get("saved_at", path.stat().st_mtime)),
                state.is_over,
            )
        )
    return good, bad


def read_seats(path: Path, n: int) -> list[dict]:
    """The seat kinds stored with a save; humans if missing or malformed."""
    try:
        ui = json.loads(Path(path).read_text(encoding="utf-8")).get("ui", {})
        seats = ui.get("seats")
        if isinstance(seats, list) and len(seats) == n and all(isinstance(s, dict) for s in seats):
            return [
                {"kind": s.get("kind", "human") if s.get("kind") in ("human", "bot") else "human"}
                for s in seats
            ]
    except (OSError, ValueError, AttributeError):
        pass
    return [{"kind": "human"} for _ in range(n)]
