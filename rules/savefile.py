"""Reading a save file from disk: it needs the registry, so it lives beside it, not in
core (core knows no game)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import get_game
from .core import SaveError


def load_save_file(path: Path | str) -> Any:
    """Read and replay a save file; any problem becomes a SaveError naming the file."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read the file ({exc})", path=str(path)) from None
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"not valid JSON (line {exc.lineno}, column {exc.colno})", path=str(path)
        ) from None
    except (RecursionError, ValueError) as exc:  # too deep, or a number too long to read
        raise SaveError(f"not a readable save ({type(exc).__name__})", path=str(path)) from None
    if not isinstance(data, dict):
        raise SaveError("the save is not a JSON object", path=str(path))
    game = data.get("game")
    if not isinstance(game, str):
        raise SaveError("'game' must be a game id", path=str(path))
    try:
        spec = get_game(game)
    except KeyError:
        raise SaveError(f"unknown game {game!r}", path=str(path)) from None
    return spec.from_save(data, path=str(path))
