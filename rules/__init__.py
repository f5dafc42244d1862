"""Pure-Python game engines. Never imports textual or rich.

``GAMES`` maps a game id to its GameSpec; ``get_game(id)`` looks one up; ``BOTS`` maps
a game id to the "module:Class" of its own bot.

A game registers itself: each package ``rules/<game>/`` declares ``SPECS`` (its
GameSpecs) and ``BOTS`` (game id -> "module:Class") in its ``__init__.py``, and is
found here by looking through this folder, so adding a game touches no shared file.
"""

from __future__ import annotations

import importlib
import pkgutil

from .core import Action, GameSpec, IllegalAction, Option, SaveError

# Packages in this folder that are not games.
NOT_GAMES = frozenset({"core", "bots"})


def _discover() -> tuple[dict[str, GameSpec], dict[str, str]]:
    specs: list[GameSpec] = []
    bots: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg or info.name in NOT_GAMES:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found = list(getattr(module, "SPECS", ()))
        if not found:
            raise ImportError(f"rules.{info.name} is a package here but declares no SPECS")
        specs += found
        bots.update(getattr(module, "BOTS", {}))
    specs.sort(key=lambda s: (s.order, s.title))
    games: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.id in games:
            raise ImportError(f"two games register the id {spec.id!r}")
        games[spec.id] = spec
    return games, bots


GAMES, BOTS = _discover()


def get_game(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


__all__ = [
    "BOTS",
    "GAMES",
    "get_game",
    "Action",
    "GameSpec",
    "IllegalAction",
    "Option",
    "SaveError",
]
