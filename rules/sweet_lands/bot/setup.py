"""The Sweet Lands bot's setup choices, on merit: which character and map board.

``data/choices.json`` holds, solo and with rivals, each character's and
each map board's mean final score when the ``normal`` bot plays it on the same
seeded deals (``benchmarks/sl_choice_table.py`` measures it and rewrites the file).
Every level draws among the choices open to it (hard too: it does not search them),
with odds that mix two parts: ``EVEN`` of the draws spread evenly over the open
choices, the rest a softmax over the means (``SPREAD`` VP of shortfall from the best
open mean a factor of e). The softmax alone has to choose between strength and
variety: cool enough to favour the best, it leaves the weakest under 2% (at 25 VP,
Elsa 1.7% solo); warm enough to lift them, it takes the best little more often than
the rest. The mix keeps every character solo at 3.9% or more and the best (Eline)
at 25%, and expects 168.6 VP on the table, where the softmax alone at 30 VP expects
169.1 and still leaves Elsa at 2.2%. The means carry 12-15 VP of noise each (ten deals, a
spread of about 40 VP), so the order near the top is partly chance: no choice
should take most of the draws.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

from ...core import Action, Rng

TABLE = Path(__file__).resolve().parent / "data" / "choices.json"
SPREAD = 12.0  # VP of shortfall from the best open choice that divide its odds by e
EVEN = 0.55  # share of the draws spread evenly over the open choices


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
    return [EVEN / len(actions) + (1 - EVEN) * w / total for w in weights]


def pick(actions: list[Action], kind: str, players: int, rng: Rng) -> Action:
    roll = rng.below(1_000_000) / 1_000_000
    for action, p in zip(actions, odds(actions, kind, players), strict=True):
        roll -= p
        if roll < 0:
            return action
    return actions[-1]


def best(actions: list[Action], kind: str, players: int) -> Action:
    """The action with the best measured mean (the expert level's choice; the first
    listed on a tie, one never measured last)."""
    chances = odds(actions, kind, players)
    return max(zip(actions, chances, strict=True), key=lambda ap: ap[1])[0]
