"""Sweet Lands ``hard`` against one rival: how the search plays a 2-player game.

Solo, hard imagines each move to the end of the round and searches sub-steps too;
with one rival it used to look 14 steps ahead, the rival playing its full greedy
look-ahead inside every imagined game, which left about two imagined worlds per
decision for six candidates: too few to tell moves apart. Here, with two players, an
imagined game runs to the end of the round (or until the seat passes) as solo, the
rival choosing the quick way (each of its turn-menu moves rated once per decision,
``SweetLandsBot.quick_turn``), and sub-steps are searched as solo. A position is
judged mostly by the seat's own estimate, a little by its lead over the rival.

Nothing here changes a solo decision or one at three or four players: every hook
asks ``duel(world)`` first.
"""

from __future__ import annotations

from typing import Any

# an imagined 2-player game runs to the end of the round; this only bounds it
PLIES = 400
# (weight of the lead over the rival, weight of the seat's own estimate)
LEAD_AND_OWN = (0.3, 1.0)


def duel(world: Any) -> bool:
    """Whether this is a 2-player game, the one these rules are for."""
    return world.n == 2


def rival_move(policy: Any, state: Any, actor: int, seat: int, actions: list) -> Any:
    """A move inside an imagined 2-player game: the seat plays its full greedy
    look-ahead, the rival its quick turn (rated once per decision); sub-steps by the
    policy's quick rules for both."""
    inner = policy.inner
    if state.stack:
        return inner.sub_step(state, actor, actions)
    if actor == seat:
        return inner.turn(state, actor, actions)
    return inner.quick_turn(state, actor, actions, policy.rival_gains.setdefault(actor, {}))


def judge(estimate: Any, state: Any, seat: int) -> float:
    """An imagined 2-player position's worth to ``seat``: its own estimate and a
    little of its lead over the rival (``estimate(state, seat)`` reads one seat)."""
    lead_weight, own_weight = LEAD_AND_OWN
    mine = estimate(state, seat)
    if not lead_weight:
        return own_weight * mine
    return lead_weight * (mine - estimate(state, 1 - seat)) + own_weight * mine
