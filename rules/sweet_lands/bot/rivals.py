"""Sweet Lands ``hard`` with rivals: how the search plays a game of 2-4 players.

Solo, hard imagines each move to the end of the round and searches sub-steps too.
With rivals it used to look a few steps ahead, each rival playing its full greedy
look-ahead inside every imagined game (one rival), or to the seat's next main move
(two or three rivals): too few imagined worlds, or too short a view, to tell moves
apart. Here every rival chooses the quick way (each of its turn-menu moves rated once
per decision, ``SweetLandsBot.quick_turn``), an imagined game runs to the end of the
round with one rival and to the seat's next main move with more (the adapter's
``settled``), and sub-steps are searched as solo. A position is judged mostly by the
seat's own estimate, a little by its lead over the best rival.

The adapter (``adapter``) plays the imagined games; this module judges
them. Nothing here changes a solo decision: the adapter asks ``with_rivals`` first.
"""

from __future__ import annotations

from typing import Any

# (weight of the lead over the best rival, weight of the seat's own estimate)
LEAD_AND_OWN = (0.3, 1.0)


def with_rivals(world: Any) -> bool:
    """Whether the game has other players, the games these rules are for."""
    return world.n >= 2


def judge(estimate: Any, state: Any, seat: int) -> float:
    """An imagined position's worth to ``seat``: its own estimate and a little of its
    lead over the best rival (``estimate(state, seat)`` reads one seat)."""
    lead_weight, own_weight = LEAD_AND_OWN
    mine = estimate(state, seat)
    if not lead_weight:
        return own_weight * mine
    best = max(estimate(state, s) for s in range(state.n) if s != seat)
    return lead_weight * (mine - best) + own_weight * mine
