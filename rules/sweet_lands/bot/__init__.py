"""The Sweet Lands bot: its greedy look-ahead (``greedy``, with the rules of thumb of
``worth``), the policy the shared levels build on (``adapter``, judging imagined
games with rivals by ``rivals``), its character and map board choices (``setup``,
from the measured table ``data/choices.json``). It reads the engine through
``engine`` alone and builds on ``rules.botkit``."""

from __future__ import annotations

from .adapter import SETUP_CHOICES, SweetLandsPolicy
from .greedy import SweetLandsBot

__all__ = ["SETUP_CHOICES", "SweetLandsBot", "SweetLandsPolicy"]
