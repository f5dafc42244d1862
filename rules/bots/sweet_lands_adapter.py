"""Sweet Lands on the common bot interface, without touching its bot's module.

The Sweet Lands bot (``sweet_lands.SweetLandsBot``) keeps its own
``choose(state, seat)``; this policy hands it a world resampled from the seat's
observation, never the live game.
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from .base import Policy


class SweetLandsPolicy(Policy):
    name = "smart"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        from .sweet_lands import SweetLandsBot

        self.inner = SweetLandsBot(seed)

    def pick(self, world: Any, seat: int, actions: list[Action]) -> Action:
        return self.inner.choose(world, seat)
