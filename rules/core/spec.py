"""GameSpec: what the registry hands out for each game id; saves and replay."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action, IllegalAction, Option, SaveError

SAVE_FORMAT = 1


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    factory: Callable[..., Any] = field(repr=False)
    labeler: Callable[[Action], str] | None = field(default=None, repr=False)
    summary: str = ""

    # ---- creating games --------------------------------------------------
    def resolve_options(self, options: Mapping[str, Any] | None) -> dict:
        out = {name: opt.default for name, opt in self.options.items()}
        for name, value in (options or {}).items():
            if name not in self.options:
                raise ValueError(f"{self.title} has no option '{name}'")
            opt = self.options[name]
            if value not in opt.choices:
                allowed = ", ".join(map(str, opt.choices))
                raise ValueError(f"option '{name}' cannot be {value!r} (choose from {allowed})")
            out[name] = value
        return out

    def new_game(self, players, seed: int = 0, options: Mapping[str, Any] | None = None):
        players = [str(p) for p in players]
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {len(players)}"
            )
        return self.factory(players, int(seed), self.resolve_options(options))

    def parse_action(self, key: str) -> Action:
        action = Action.parse(key)
        if self.labeler is not None:
            action = Action(action.seat, action.kind, action.args, self.labeler(action))
        return action

    # ---- saves -----------------------------------------------------------
    def to_save(self, state) -> dict:
        return {
            "format": SAVE_FORMAT,
            "game": self.id,
            "players": list(state.players),
            "seed": state.seed,
            "options": dict(state.options),
            "actions": state.action_keys(),
            **({"extra": state.save_extra()} if hasattr(state, "save_extra") else {}),
        }

    def from_save(self, data: Mapping[str, Any], path: str | None = None):
        if not isinstance(data, Mapping):
            raise SaveError("the save is not a JSON object", path=path)
        if data.get("format") != SAVE_FORMAT:
            raise SaveError(f"unknown save format {data.get('format')!r}", path=path)
        if data.get("game") != self.id:
            raise SaveError(f"the save is for {data.get('game')!r}, not {self.id!r}", path=path)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(k, str) for k in actions):
            raise SaveError("'actions' must be a list of action keys", path=path)
        try:
            state = self.new_game(
                data.get("players") or [], data.get("seed", 0), data.get("options")
            )
        except (ValueError, TypeError) as exc:
            raise SaveError(str(exc), path=path) from None
        for i, key in enumerate(actions, start=1):
            try:
                state = state.apply(self.parse_action(key))
            except IllegalAction as exc:
                raise SaveError(
                    f"action {key!r} is illegal: {exc.reason}", step=i, path=path
                ) from None
        if "extra" in data and hasattr(state, "load_extra"):
            state.load_extra(data["extra"])
        return state


def write_atomic(path: Path, data: Mapping[str, Any]) -> None:
    """Write JSON so that a crash leaves either the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load_save_file(path: Path):
    """Read and replay a save file; any problem becomes a SaveError naming the file."""
    from .. import get_game  # late: the registry imports the games

    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read the file ({exc})", path=str(path)) from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno})", path=str(path)
        ) from None
    if not isinstance(data, dict):
        raise SaveError("the save is not a JSON object", path=str(path))
    try:
        spec = get_game(str(data.get("game")))
    except KeyError:
        raise SaveError(f"unknown game {data.get('game')!r}", path=str(path)) from None
    return spec.from_save(data, path=str(path))
