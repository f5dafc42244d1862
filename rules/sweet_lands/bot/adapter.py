"""Sweet Lands on the common bot interface, without touching its bot's module.

The Sweet Lands bot (``greedy.SweetLandsBot``) keeps its own
``choose(state, seat)``; this policy hands it a world resampled from the seat's
observation, never the live game.

For the ``hard`` level it also tells the search what is worth searching and how to
judge an imagined position. A whole Sweet Lands game is too long to play out within a
decision's budget, so the search looks ahead to the end of the round, the next
round's income paid (with two or three rivals to the seat's next main move), each
rival choosing the quick way, and
reads the position with the bot's own estimate (score so far plus what resources,
income, cards and coming passes are worth), with rivals also a little of the lead
over the best of them (``rivals``).
Sub-steps (which hex, which track, which tile) are searched too: the policy's
quick answer and the next few the engine offers (expert, told to play its strongest:
the next best by a rollout, ``by_rollout``). The character and map board are
not: every level draws them from the measured table (``setup``; expert takes the best).
"""

from __future__ import annotations

import math
from typing import Any

from ...botkit import CANDIDATES, Policy
from ...core import Action
from . import rivals
from . import worth as W
from .engine import INCOME, Op
from .greedy import LAST_ROUND, SweetLandsBot

# An imagined game runs to the end of the round (``settled`` stops it there): on six
# seeded solo deals hard scored 355 against 320 with a 14-step horizon.
PLIES_SOLO = 400
LEAVING = ("pass", "end")
SETUP_CHOICES = (Op.CHOOSE_CHAR, Op.CHOOSE_MAP)
MAP_STEPS = (Op.TERRAIN, Op.ROAD, Op.TERRAIN_ROAD)  # a tile's hex or a road's edge
# Steps whose moves seldom differ beyond the action they belong to: which card, disc
# or resource pays, which basic resource or income to take, where a token chosen
# for a hex goes. Judged at the end of the round they took 31% of the CPU of a hard
# search spending its whole budget (9 solo deals), to find their candidates tied (a
# paired lead of 0.0 VP on most); hard judges them once the action is resolved
# (``settled``), a few ms a world. Expert keeps the round.
MINOR_STEPS = frozenset(
    {Op.HAND, Op.BASIC, Op.PAYBASIC, Op.PLACE, Op.DISCARD_ONE, Op.KEEP, Op.COLUMN, Op.RABBIT,
     Op.INCOME_ANY}
)  # fmt: skip
# With three rivals the quick rivals leave time for several worlds, so four players
# compare more moves (eight: 4-player winners 287 -> 299 on five seeds, when the search
# looked to the seat's next move; inside the noise, see RULINGS.md).
WIDE_CANDIDATES = 8


class SweetLandsPolicy(Policy):
    name = "smart"
    horizon = PLIES_SOLO
    values_in_points = True  # judge reads a position with the bot's estimate in VP
    # moves whose estimates differ by less than this many VP count as equally good
    close_call = 0.5

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.inner = SweetLandsBot(seed)
        self.rival_gains: dict[int, dict] = {}  # per decision: each rival's rated moves
        # the expert level: a sub-step's candidates by a rollout, not the engine's order
        self.strongest = False

    def pick(self, world: Any, seat: int, actions: list[Action]) -> Action:
        return self.inner.choose_in(world, seat, actions)

    def candidates(self, world: Any, seat: int, actions: list[Action], k: int) -> list[Action]:
        """At the turn menu, the moves the greedy look-ahead rates best (its own choice
        first); at a sub-step the policy's answer and the next ``k - 1`` the engine
        lists (on six seeded solo deals, searching them took hard from 320 to 373 VP;
        with one rival hard won 5 of 8 two-player games without them, 37 of 40 with)."""
        self.rival_gains = {}  # a new decision: rivals' moves are rated afresh
        if world.stack and world.stack[-1]["op"] in SETUP_CHOICES:
            # drawn from the measured table, never searched: a round-one search
            # always found the same character (Eline solo, 40 of 40)
            return [self.pick(world, seat, actions)]
        if world.stack:
            first = self.pick(world, seat, actions)
            # the quick answer first (it wins ties), then others
            others = [a for a in actions if a.key != first.key]
            if self.strongest and len(others) >= k:
                others = self.by_rollout(world, seat, others)
            return [first, *others][:k]
        legal = {a.key: a for a in actions}
        mine = world.legal_actions(seat)
        ranked = [legal[a.key] for a in self.inner.ranked_turn(world, seat, mine) if a.key in legal]
        if ranked and ranked[0].kind in LEAVING:
            return ranked[:1]  # when to stop for the round stays the policy's call
        return [a for a in ranked if a.kind not in LEAVING][:k] or ranked[:1]

    def play_strongest(self) -> None:
        self.inner.strongest_setup = True
        self.strongest = True

    def by_rollout(self, world: Any, seat: int, actions: list[Action]) -> list[Action]:
        """A sub-step's moves, best first by what each leads to once the seat's own
        steps are settled the quick way (a rollout, a few ms for all), a map step's
        rule of thumb breaking ties (a tile or road often leads to the same position
        until later steps tell them apart). Where a step offers more moves than the
        search compares (a map step: 16-38), the engine's order kept the first few
        hexes whatever their worth."""
        inner = self.inner
        # a move of the table's list the world lacks (it dealt the hidden cards
        # otherwise) cannot be rolled out there: it comes last
        offered = {a.key: a for a in world.legal_actions(seat)}
        map_step = world.stack[-1]["op"] in MAP_STEPS
        rated = dict.fromkeys((a.key for a in actions), (-math.inf, 0.0))
        planned = inner.plan_hex  # a rollout through a token step sets it: keep the pick's
        try:
            for a in actions:
                if a.key in offered:
                    mine = offered[a.key]
                    rated[a.key] = (
                        inner.rollout(world, seat, [mine]),
                        W.map_value(world, seat, mine) if map_step and a.kind != "done" else 0.0,
                    )
        finally:
            inner.plan_hex = planned
        return sorted(actions, key=lambda a: rated[a.key], reverse=True)

    def give_up_at(self, deadline: float | None) -> None:
        """A seat's greedy turn inside an imagined game rates every move it could
        make by a rollout (tens of ms in all): each rollout reads the clock first."""
        self.inner.deadline = deadline

    def search_width(self, world: Any) -> int:
        """How many moves the search compares (the easy level asks for its own few)."""
        return WIDE_CANDIDATES if world.n >= 4 else CANDIDATES

    def settled(self, world: Any, state: Any, seat: int, away: bool) -> bool:
        """Stop an imagined game where positions compare fairly: once a new round's
        income is paid, and once the seat has passed; with two or three
        rivals also once the seat has made its next main move (``away``: the other
        seats have moved since its first), where what they took shows and the search
        still has time for several worlds. Hard's minor steps stop sooner: once
        the action they belong to is resolved (``MINOR_STEPS``)."""
        if not state.stack and self.minor_step(world):
            return True
        if state.round != world.round:
            # a new round's income is paid in full first: stopped at a choice inside
            # it (a Round Aid tile's resource), a position lacked the whole income
            # that one without a choice had, and the Round Aid spaces compared wrongly
            return state.phase != INCOME
        if state.p[seat].passed:
            return True
        if world.n < 3:
            return False
        return away and state.turn == seat and state.main_done and not state.stack

    def minor_step(self, world: Any) -> bool:
        """Whether the decision at ``world`` is a minor step judged at the end of its
        action (hard's: expert, told to play its strongest, judges every step at
        the end of the round)."""
        return not self.strongest and bool(world.stack) and world.stack[-1]["op"] in MINOR_STEPS

    def playout_move(self, state: Any, actor: int, seat: int, actions: list[Action]) -> Action:
        """A move inside an imagined game, which is itself a resampled copy (its moves
        are its own: no mapping onto another list): the seat plays its full greedy
        look-ahead, each rival its quick turn (rated once per decision); sub-steps by
        the policy's quick rules for every seat."""
        inner = self.inner
        if state.stack:
            return inner.sub_step(state, actor, actions)
        if actor == seat:
            return inner.turn(state, actor, actions)
        return inner.quick_turn(state, actor, actions, self.rival_gains.setdefault(actor, {}))

    def judge(self, state: Any, seat: int) -> float:
        """An imagined position's worth to ``seat``: its final score once the game is
        over, else the bot's estimate; with rivals, a little of its lead over the best
        of them too (``rivals``)."""
        if rivals.with_rivals(state):
            return rivals.judge(self.estimate, state, seat)
        return self.estimate(state, seat)

    def estimate(self, state: Any, seat: int) -> float:
        if state.is_over:
            return float(state.result()["scores"][seat])
        # an imagined round 4 stops once round 5's income is paid: the seat still has
        # the whole last round to spend what it holds
        ahead = state.round >= LAST_ROUND and not state.p[seat].passed
        return float(self.inner.value(state, seat, round_ahead=ahead))
