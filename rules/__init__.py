"""Pure-Python game engines. Never imports textual or rich.

``GAMES`` maps a game id to its GameSpec, in menu order; ``get_game(id)`` looks one
up; ``BOTS`` maps a game id to what makes its own bot's greedy policy (a
``botkit.PolicyMaker``: the policy's class, given a seed), from which ``rules.bots``
builds every level; ``FOUND_IN`` names the package each game came from.

A game registers itself: a *game package* declares ``SPECS`` (its GameSpecs) and
``BOTS`` (game id -> its policy's class, kept in the package's own ``bot``) in its
``__init__.py``. ``discover(folder)``
registers every game package inside a folder of them; this package discovers its own
folder on import, so adding a game to ``rules/`` touches no shared file. Any other
folder is discovered the same way when a caller asks (the test suite registers the
small games of ``tests/games/`` from its conftest).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

from .botkit import Policy, PolicyMaker
from .core import Action, GameSpec, GameState, IllegalAction, Option, SaveError

# Packages in this folder that are not games.
NOT_GAMES = frozenset({"core", "botkit", "coach"})

# Filled in place (never rebound), so a name imported from here sees later games too.
GAMES: dict[str, GameSpec[GameState]] = {}
BOTS: dict[str, PolicyMaker] = {}
FOUND_IN: dict[str, str] = {}


def register_package(name: str) -> list[GameSpec[GameState]]:
    """Import the game package ``name`` and add its SPECS and BOTS to the registry.

    Registering the same package again changes nothing; two packages claiming one
    game id is an ImportError."""
    module = importlib.import_module(name)
    specs = list(getattr(module, "SPECS", ()))
    if not specs:
        raise ImportError(f"{name} is a game package but declares no SPECS")
    for spec in specs:
        if FOUND_IN.get(spec.id, name) != name:
            raise ImportError(f"two games register the id {spec.id!r}: {FOUND_IN[spec.id]}, {name}")
    bots = dict(getattr(module, "BOTS", {}))
    if set(bots) - {s.id for s in specs}:
        raise ImportError(f"{name} declares a bot for a game it does not register")
    for game_id, maker in bots.items():
        if not (isinstance(maker, type) and issubclass(maker, Policy)):
            raise ImportError(f"{name} declares a bot for {game_id!r} that is not a Policy class")
    for spec in specs:
        FOUND_IN[spec.id] = name
    BOTS.update(bots)
    ordered = sorted([*GAMES.values(), *specs], key=lambda s: (s.order, s.title))
    GAMES.clear()
    GAMES.update((s.id, s) for s in ordered)
    return specs


def discover(folder: str, skip: Iterable[str] = ()) -> list[GameSpec[GameState]]:
    """Register every game package directly inside the package ``folder`` (by its
    dotted name), but those named in ``skip``; return the games found."""
    package = importlib.import_module(folder)
    found: list[GameSpec[GameState]] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.ispkg and info.name not in skip:
            found += register_package(f"{folder}.{info.name}")
    return found


discover(__name__, skip=NOT_GAMES)


def get_game(game_id: str) -> GameSpec[GameState]:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


__all__ = [
    "BOTS",
    "FOUND_IN",
    "GAMES",
    "discover",
    "get_game",
    "register_package",
    "Action",
    "GameSpec",
    "IllegalAction",
    "Option",
    "SaveError",
]
