"""Bots for every game. A bot sees what its seat may see and picks a legal action.

``make_bot(game_id, kind, seed)`` returns an object with ``choose(state, seat)``.
Kinds: "smart" (the game's own heuristic bot) and "random" (uniform legal play).
"""

from __future__ import annotations

import importlib

from .. import BOTS
from ..core import Rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state, seat):
        actions = state.legal_actions(seat)
        return actions[self.rng.below(len(actions))]


# game id -> "module:Class" of its smart bot: each game package declares its own
# (BOTS in rules/<game>/__init__.py) and the registry gathers them.
SMART = BOTS


def make_bot(game_id: str, kind: str = "smart", seed: int = 0):
    if kind == "random":
        return RandomBot(seed)
    try:
        module, cls = SMART[game_id].split(":")
    except KeyError:
        raise KeyError(f"no bot for game '{game_id}'") from None
    return getattr(importlib.import_module(module), cls)(seed)
