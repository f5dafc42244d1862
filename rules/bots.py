"""Bots for every game, at four levels. A bot sees only what its seat may see.

``make_bot(game_id, level, seed)`` returns a bot with ``choose(state, seat)``; the
bot itself decides from an observation of that seat (see ``base``), never from the
live state. Levels:

- ``easy``: the greedy policy, but it often settles for one of its few best moves
  and now and then plays any legal move;
- ``normal``: the game's greedy policy (one step ahead on a projected score);
- ``hard``: a search that imagines games from the seat's knowledge and lets the
  greedy policy play them out (see ``search``), within a per-decision budget; a game
  may give its own (Happiness: ``happiness_search``, the planner of ``happiness_plan``
  comparing its close placements in imagined games near the end);
- ``expert``: the hard search wider, racing its candidates, up to a second a
  decision (see ``expert``; Happiness: its planner's search, longer and wider);
- ``random``: uniform legal play, a baseline. ``smart`` is the old name of ``normal``.
"""

from __future__ import annotations

import importlib

from .. import BOTS
from .base import (
    Bot,
    EasyBot,
    Policy,
    RandomBot,
    Ranked,
    RankingBot,
    SeatKnowledge,
    Thinking,
    observe,
)
from .expert import EXPERT_SECONDS, ExpertSearchBot, expert_bot
from .paired_interval import Difference, paired
from .search import Budget, SearchBot

LEVELS = ("easy", "normal", "hard", "expert")

# game id -> "module:Class" of its greedy policy, imported when first asked for: each
# game package declares its own (BOTS in rules/<game>/__init__.py); rules gathers them.
POLICIES = BOTS


def policy_for(game_id: str, seed: int = 0) -> Policy:
    try:
        module, cls = POLICIES[game_id].split(":")
    except KeyError:
        raise KeyError(f"no bot for game '{game_id}'") from None
    return getattr(importlib.import_module(module), cls)(seed)


def make_bot(
    game_id: str, level: str = "normal", seed: int = 0, budget: Budget | None = None
) -> Bot:
    """A bot of ``level`` for the game; ``budget`` bounds each ``hard`` or ``expert``
    decision (default: 0.2 seconds of process time for hard, 1 second for expert)."""
    if level == "random":
        return RandomBot(seed)
    if level == "smart":
        level = "normal"
    if level not in LEVELS:
        raise ValueError(f"unknown bot level '{level}': choose one of {', '.join(LEVELS)}")
    policy = policy_for(game_id, seed)
    if level == "normal":
        return policy
    if level == "easy":
        return EasyBot(policy, seed + 1)
    if level == "expert":
        return expert_bot(policy, seed + 3, budget)
    return hard_bot(policy, seed, budget)


def make_ranker(game_id: str, seed: int = 0, budget: Budget | None = None) -> RankingBot:
    """The ``hard`` bot of the game, as the coach asks for it: a bot that ranks its
    moves and plays them out (the same bot ``make_bot(game_id, "hard", seed)`` gives)."""
    return hard_bot(policy_for(game_id, seed), seed, budget)


def hard_bot(policy: Policy, seed: int, budget: Budget | None) -> RankingBot:
    own = policy.hard_bot(seed + 2, budget)  # a game's own, not the shared search
    return SearchBot(policy, seed + 2, budget) if own is None else own


__all__ = [
    "LEVELS",
    "POLICIES",
    "Bot",
    "Budget",
    "Difference",
    "EasyBot",
    "EXPERT_SECONDS",
    "ExpertSearchBot",
    "SeatKnowledge",
    "Policy",
    "RandomBot",
    "Ranked",
    "RankingBot",
    "SearchBot",
    "Thinking",
    "make_bot",
    "make_ranker",
    "observe",
    "paired",
    "policy_for",
]
