"""The engine names the Sweet Lands bot reads, gathered in one module: the bot's other
modules import the engine only through here, so a move of an engine module is
followed by changing these lines alone."""

from __future__ import annotations

from ..facts import map_queries as MQ
from ..facts import queries as Q
from ..facts.scoring import breakdown
from ..model import data as D
from ..model.constants import INCOME, Op
from ..moves.character_steps import FREE_KINDS
from ..moves.phases import pass_gains

__all__ = ["FREE_KINDS", "INCOME", "MQ", "D", "Op", "Q", "breakdown", "pass_gains"]
