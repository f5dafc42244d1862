"""The Sweet Lands bot's setup choices, on merit: which character and map board.

``data/sweet_lands_choices.json`` holds, solo and with rivals, each character's and
each map board's mean final score when the ``normal`` bot plays it on the same
seeded deals (``benchmarks/sl_choice_table.py`` measures it and rewrites the file).
The bot draws among the choices open to it with odds that fall off with each one's
shortfall from the best open mean (a softmax over the means, ``SPREAD`` VP a factor
of e): a clearly stronger character is taken most often, and the ones the table
cannot tell apart are taken about alike. The means carry 12-15 VP of noise each
(ten deals, a spread of about 40 VP), a difference of two about 18 VP: a hard
argmax over them would be a fixed order picked partly by chance, and a spread of
about one and a half of that noise keeps every character in play.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

from ..core import Action, Rng

TABLE = Path(__file__).resolve().parent / "data" / "sweet_lands_choices.json"
SPREAD = 25.0  # VP of shortfall from the best open choice that divide the odds by e


@functools.cache
def table() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def setting(players: int) -> str:
    return "solo" if players == 1 else "rivals"


def odds(actions: list[Action], kind: str, players: int) -> list[float]:
    """Each action's chance of being taken (``kind``: "characters" or "maps")."""
    rows = table()[setting(players)][kind]
    means = [rows[a.args[0]][0] if a.args[0] in rows else -math.inf for a in actions]
    best = max(means)
    if best == -math.inf:  # nothing measured: every choice alike
        return [1.0 / len(actions)] * len(actions)
    weights = [math.exp((m - best) / SPREAD) for m in means]
    total = sum(weights)
    return [w / total for w in weights]


def pick(actions: list[Action], kind: str, players: int, rng: Rng) -> Action:
    roll = rng.below(1_000_000) / 1_000_000
    for action, p in zip(actions, odds(actions, kind, players), strict=True):
        roll -= p
        if roll < 0:
            return action
    return actions[-1]
