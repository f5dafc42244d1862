"""Why a bot played its move: the move's reason in the game's words and the move the
hard bot ranks next to it, for a player who wants to learn from the bots.

Worked out from the bot's seat as it was when it decided (its observation, never the
live state) by the same ranking the hints use. A bot's alternatives can tell what it
holds, so this is for games where nothing is hidden (``GameSpec.private_info`` false):
``why_bot_move`` refuses the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .. import get_game
from ..bots import Budget, Thinking, observe
from ..core import Action, GameState
from .hinting import Hint, hints, reason


@dataclass(frozen=True)
class BotMoveWhy:
    """The bot's move, why (``reason``), how the hard bot rates it (``played``: None if
    it was not among the moves compared) and the best other move (``runner_up``: None
    if there was no other)."""

    seat: int
    action: Action
    reason: str
    played: Hint | None
    runner_up: Hint | None


def why_bot_move(
    before: GameState,
    seat: int,
    action: Action,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Callable[[Thinking], None] | None = None,
) -> BotMoveWhy:
    """Why ``seat`` played ``action`` in the position ``before`` it (a game where
    nothing is hidden: ValueError otherwise)."""
    spec = get_game(before.spec.id)
    if spec.private_info:
        raise ValueError(f"{spec.title} hides cards: a bot's reasons would tell what it holds")
    obs = observe(before, seat)
    ranked = hints(obs, spec.id, seed, budget, progress, top=len(obs.legal))
    played = next((h for h in ranked if h.action.key == action.key), None)
    runner_up = next((h for h in ranked if h.action.key != action.key), None)
    # not among the moves the hard bot compared: the hints' reason for it all the same
    why = played.why if played is not None else reason(obs, action, spec.id, seed, None, "")
    return BotMoveWhy(seat, action, why, played, runner_up)
