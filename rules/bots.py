"""Bots for every game, at four levels. A bot sees only what its seat may see.

``make_bot(game_id, level, seed)`` returns a bot with ``choose(state, seat)``; the
bot itself decides from an observation of that seat (``rules.botkit.base``), never
from the live state. Each game package holds its own greedy policy (its ``bot``
module or package, declared in ``BOTS`` in its ``__init__``), built on the
game-independent kit ``rules.botkit``; this module finds it through the registry
(``rules.BOTS``) and builds the level on it (``botkit.levels``). Levels:

- ``easy``: the greedy policy, but it often settles for one of its few best moves
  and now and then plays any legal move;
- ``normal``: the game's greedy policy (one step ahead on a projected score);
- ``hard``: a search that imagines games from the seat's knowledge and lets the
  greedy policy play them out (``botkit.search``), within a per-decision budget; a
  game may give its own (Happiness: ``rules.happiness.bot.search``, its planner
  comparing its close placements in imagined games near the end);
- ``expert``: the hard search wider, racing its candidates, up to a second a
  decision (``botkit.expert``; Happiness: its planner's search, longer and wider);
- ``random``: uniform legal play, a baseline. ``smart`` is the old name of ``normal``.
"""

from __future__ import annotations

from . import BOTS
from .botkit import (
    EXPERT_SECONDS,
    LEVELS,
    Bot,
    Budget,
    Difference,
    EasyBot,
    ExpertSearchBot,
    Policy,
    RandomBot,
    Ranked,
    RankingBot,
    SearchBot,
    SeatKnowledge,
    Thinking,
    hard_bot,
    level_bot,
    observe,
    paired,
)

# game id -> the class of its greedy policy (each game package declares its own)
POLICIES = BOTS


def policy_for(game_id: str, seed: int = 0) -> Policy:
    try:
        make = POLICIES[game_id]
    except KeyError:
        raise KeyError(f"no bot for game '{game_id}'") from None
    return make(seed)


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
    return level_bot(policy_for(game_id, seed), level, seed, budget)


def make_ranker(game_id: str, seed: int = 0, budget: Budget | None = None) -> RankingBot:
    """The ``hard`` bot of the game, as the coach asks for it: a bot that ranks its
    moves and plays them out (the same bot ``make_bot(game_id, "hard", seed)`` gives)."""
    return hard_bot(policy_for(game_id, seed), seed, budget)


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
