"""Pure-Python game engines. Never imports textual or rich.

``GAMES`` maps a game id to its GameSpec; ``get_game(id)`` looks one up.
"""

from .core import Action, GameSpec, IllegalAction, Option, SaveError

GAMES: dict[str, GameSpec] = {}


def _register(spec: GameSpec) -> None:
    GAMES[spec.id] = spec


def get_game(game_id: str) -> GameSpec:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game '{game_id}' (known: {known})") from None


from .happy_city import SPECS as _hc_specs  # noqa: E402  (registry filled at import)

for _spec in _hc_specs:
    _register(_spec)

from .sweet_lands import SPECS as _sl_specs  # noqa: E402

for _spec in _sl_specs:
    _register(_spec)

from .happiness import SPECS as _happiness_specs  # noqa: E402

for _spec in _happiness_specs:
    _register(_spec)

__all__ = ["GAMES", "get_game", "Action", "GameSpec", "IllegalAction", "Option", "SaveError"]
