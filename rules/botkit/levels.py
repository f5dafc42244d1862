"""How each level is built from a game's greedy policy, the same for every game."""

from __future__ import annotations

from .base import Bot, Budget, EasyBot, Policy, RankingBot
from .expert import expert_bot
from .search import SearchBot

LEVELS = ("easy", "normal", "hard", "expert")


def level_bot(policy: Policy, level: str, seed: int, budget: Budget | None) -> Bot:
    """The bot of ``level`` over ``policy`` (made with ``seed``); ``budget`` bounds each
    ``hard`` or ``expert`` decision (None: each level's default)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level '{level}': choose one of {', '.join(LEVELS)}")
    if level == "normal":
        return policy
    if level == "easy":
        return EasyBot(policy, seed + 1)
    if level == "expert":
        return expert_bot(policy, seed + 3, budget)
    return hard_bot(policy, seed, budget)


def hard_bot(policy: Policy, seed: int, budget: Budget | None) -> RankingBot:
    own = policy.hard_bot(seed + 2, budget)  # a game's own, not the shared search
    return SearchBot(policy, seed + 2, budget) if own is None else own
