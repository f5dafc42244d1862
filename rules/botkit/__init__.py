"""The game-independent bot machinery every game's bot builds on, below the games.

It knows only ``rules.core``: the fair bot interface (``base``: what a seat may know,
the ``Policy`` a game writes, the levels every game shares), the ``hard`` search over
imagined worlds (``search``), the ``expert`` search (``expert``), paired intervals
(``paired_interval``), and how a level is built from a game's policy (``levels``).
Each game keeps its own bot in its package (``rules/<game>/bot``) and imports this
kit and its own game, never another game; ``rules.bots`` finds a game's bot through
the registry.
"""

from __future__ import annotations

from .base import (
    CANDIDATES,
    DEFAULT_SECONDS,
    Bot,
    Budget,
    EasyBot,
    OutOfTime,
    Policy,
    PolicyMaker,
    Progress,
    RandomBot,
    Ranked,
    RankingBot,
    SeatKnowledge,
    Thinking,
    UnofferedMove,
    observe,
    reward,
)
from .expert import EXPERT_SECONDS, ExpertSearchBot, expert_bot
from .levels import LEVELS, hard_bot, level_bot
from .paired_interval import Difference, interval, paired
from .search import SLACK, SearchBot, looks_at, mean

__all__ = [
    "CANDIDATES",
    "DEFAULT_SECONDS",
    "EXPERT_SECONDS",
    "LEVELS",
    "SLACK",
    "Bot",
    "Budget",
    "Difference",
    "EasyBot",
    "ExpertSearchBot",
    "OutOfTime",
    "Policy",
    "PolicyMaker",
    "Progress",
    "RandomBot",
    "Ranked",
    "RankingBot",
    "SearchBot",
    "SeatKnowledge",
    "Thinking",
    "UnofferedMove",
    "expert_bot",
    "hard_bot",
    "interval",
    "level_bot",
    "looks_at",
    "mean",
    "observe",
    "paired",
    "reward",
]
