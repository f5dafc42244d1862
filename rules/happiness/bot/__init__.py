"""The Happiness bot: the greedy policy (``greedy``), the planner that prices a
placement by its odds over the unseen cards (``plan``, reading the rivals' hands from
the public log with ``read``), and the planner's search over imagined games, its
``hard`` and ``expert`` levels (``search``). It builds on ``rules.botkit``."""

from __future__ import annotations

from .greedy import HappinessBot
from .plan import PlanningHappinessBot
from .search import ExpertHappinessBot, HappinessPolicy, SearchingHappinessBot

__all__ = [
    "ExpertHappinessBot",
    "HappinessBot",
    "HappinessPolicy",
    "PlanningHappinessBot",
    "SearchingHappinessBot",
]
