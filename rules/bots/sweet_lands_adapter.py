"""Sweet Lands on the common bot interface, without touching its bot's module.

The Sweet Lands bot (``sweet_lands.SweetLandsBot``) keeps its own
``choose(state, seat)``; this policy hands it a world resampled from the seat's
observation, never the live game.

For the ``hard`` level it also tells the search what is worth searching and how to
judge an imagined position. A whole Sweet Lands game is too long to play out within a
decision's budget, so the search looks ahead to the end of the round solo and with
one rival (``sweet_lands_duel``: the rival choosing the quick way), and reads the
position with the bot's own estimate (score so far plus what resources, income, cards
and coming passes are worth). Solo and with one rival, sub-steps (which hex, which
track, which character) are searched too: the policy's quick answer and the next few
the engine offers. With three or four players
an imagined round instead runs to the end of the seat's next main move: the rivals
in between take their turns the quick way (each move rated once per decision), so
the search can afford several worlds and sees which areas they will take first.
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from . import sweet_lands_duel as duel
from .base import Policy
from .search import CANDIDATES

PLIES_AHEAD = 14  # about the move itself, its sub-steps and the seat's next turn
# Solo, an imagined game runs to the end of the round (``settled`` stops it there):
# on six seeded deals hard scored 355 against 320 with the 14-step horizon.
PLIES_SOLO = 400
LEAVING = ("pass", "end")
# With three or four players an imagined round runs to the end of the seat's next
# turn (the rivals' turns between are the quick kind); this only bounds it.
PLIES_TO_NEXT_TURN = 60
# ... and, the quick rivals leaving time for several worlds, four players compare more
# moves (eight: 4-player winners 287 -> 299 on five seeds; three players 289 -> 278 on
# six, so they keep six; both inside the noise, see RULINGS.md).
WIDE_CANDIDATES = 8


class SweetLandsPolicy(Policy):
    name = "smart"
    horizon = PLIES_AHEAD

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        from .sweet_lands import SweetLandsBot

        self.inner = SweetLandsBot(seed)
        self.rival_gains: dict[int, dict] = {}  # per decision: each rival's rated moves

    def pick(self, world: Any, seat: int, actions: list[Action]) -> Action:
        return self.inner.choose_in(world, seat, actions)

    def candidates(self, world: Any, seat: int, actions: list[Action], k: int) -> list[Action]:
        """At the turn menu, the moves the greedy look-ahead rates best (its own choice
        first); at a sub-step, solo or with one rival, the policy's answer and the
        next ``k - 1`` the engine lists (on six seeded solo deals, searching them took
        hard from 320 to 373 VP). With two or three rivals a sub-step keeps the
        policy's answer (searched on a short horizon and judged by the lead, hard once
        won only 42% of 12 two-player games against normal)."""
        self.rival_gains = {}  # a new decision: rivals' moves are rated afresh
        if world.stack:
            first = self.pick(world, seat, actions)
            if world.n > 1 and not duel.duel(world):
                return [first]
            # solo: the quick answer first (it wins ties), then others
            return [first, *(a for a in actions if a.key != first.key)][:k]
        legal = {a.key: a for a in actions}
        mine = world.legal_actions(seat)
        ranked = [legal[a.key] for a in self.inner.ranked_turn(world, seat, mine) if a.key in legal]
        if ranked and ranked[0].kind in LEAVING:
            return ranked[:1]  # when to stop for the round stays the policy's call
        return [a for a in ranked if a.kind not in LEAVING][:k] or ranked[:1]

    @staticmethod
    def two_turns(world: Any) -> bool:
        """Whether an imagined game runs to the seat's next turn, the rivals choosing
        quickly in between: with three or four players, where what the rivals take
        before that turn is what decides between moves."""
        return world.n >= 3

    def search_width(self, world: Any) -> int:
        """How many moves the search compares (the easy level asks for its own few)."""
        return WIDE_CANDIDATES if world.n >= 4 else CANDIDATES

    def horizon_for(self, world: Any) -> int:
        if duel.duel(world):
            return duel.PLIES
        if self.two_turns(world):
            return PLIES_TO_NEXT_TURN
        return PLIES_SOLO if world.n == 1 else PLIES_AHEAD

    def settled(self, world: Any, state: Any, seat: int, away: bool = False) -> bool:
        """Stop an imagined game where positions compare fairly: before a new round
        deals income and cards, and once the seat has passed; with three or four
        players also once the seat has made its next main move (``away``: the other
        seats have moved since its first)."""
        if state.round != world.round or state.p[seat].passed:
            return True
        if not self.two_turns(world):
            return False
        return away and state.turn == seat and state.main_done and not state.stack

    def playout_move(self, state: Any, actor: int, seat: int, actions: list[Action]) -> Action:
        """A move inside an imagined game, which is itself a resampled copy: with three
        or four players the seat plays its full greedy look-ahead and each rival its
        quick turn, both on that copy; otherwise every seat plays as at the table."""
        inner = self.inner
        if duel.duel(state):
            return duel.rival_move(self, state, actor, seat, actions)
        if not self.two_turns(state):
            # the moves are the imagined game's own: no mapping onto another list
            return (
                inner.sub_step(state, actor, actions)
                if state.stack
                else inner.turn(state, actor, actions)
            )
        if state.stack:
            choice = inner.sub_step(state, actor, actions)
        elif actor == seat:
            choice = inner.turn(state, actor, actions)
        else:
            choice = inner.quick_turn(state, actor, actions, self.rival_gains.setdefault(actor, {}))
        return {a.key: a for a in actions}.get(choice.key, actions[0])

    def judge(self, state: Any, seat: int) -> float:
        """An imagined position's worth to ``seat``: its final score once the game is
        over, else the bot's estimate; with one rival, a little of its lead over it
        too (``sweet_lands_duel``). With two or three rivals the own estimate alone: a
        lead over the best of them, read halfway through their moves, was mostly noise,
        and chasing it made hard block areas at its own cost (4-player winners scored
        less)."""
        if duel.duel(state):
            return duel.judge(self.estimate, state, seat)
        return self.estimate(state, seat)

    def estimate(self, state: Any, seat: int) -> float:
        if state.is_over:
            return float(state.result()["scores"][seat])
        return float(self.inner.value(state, seat))
