"""The engine names the Sweet Lands bot reads, gathered in one module: the bot's other
modules import the engine only through here, so a move of an engine module is
followed by changing these lines alone."""

from __future__ import annotations

from .. import data as D
from .. import map_queries as MQ
from .. import queries as Q
from ..character_steps import FREE_KINDS
from ..constants import Op
from ..phases import pass_gains
from ..scoring import breakdown

__all__ = ["FREE_KINDS", "MQ", "D", "Op", "Q", "breakdown", "pass_gains"]
