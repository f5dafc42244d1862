"""Hidden Nim's greedy policy: the most stones now, unless that leaves the next player
within reach of the last stone (judged from their hand in the world it is given, which
at the table is a resampled guess)."""

from __future__ import annotations

from typing import Any

from rules.botkit import Policy
from rules.core import Action

from .engine import LAST_STONE, TAKE


class HiddenNimBot(Policy):
    name = "Nim bot"

    def pick(self, world: Any, seat: int, actions: list[Action]) -> Action:
        return max(actions, key=lambda a: (self.value(world, seat, a), a.key))

    def value(self, world: Any, seat: int, action: Action) -> float:
        bonus = LAST_STONE if world.options["last_stone"] == "bonus" else -LAST_STONE
        count = action.args[0]
        left = world.heap - count
        if left == 0:
            return count + bonus
        following = (seat + 1) % len(world.players)
        reach = max((*TAKE, *world.hands[following]))
        # Leaving the last stone within the next player's reach hands them the bonus
        # (or, with the penalty, spares them); keeping a card is worth a little.
        risk = bonus if left <= reach else 0
        kept = 0.1 if action.kind == "take" else 0.0
        return count - risk + kept
