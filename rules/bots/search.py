"""The ``hard`` level: determinized Monte Carlo search with the greedy policy playing
out every imagined game.

Each iteration asks the observation for one *world* (a copy of the game resampled to
agree with what the seat knows), then plays every candidate action in that same world
and lets the greedy policy finish the game for all seats. Judging every candidate on
the same worlds (common random numbers) makes a few dozen iterations enough to tell
close moves apart. The search is anytime: it stops when its budget ends — a number of
iterations, a time in seconds on this process's clock, or both — and answers with the
candidate whose imagined games went best, the policy's own choice on a tie.

This is the determinized flavour of information-set Monte Carlo tree search, with
the tree cut to the root: the policy, not the tree, plays the rest of each game.
"""

from __future__ import annotations

import time
from typing import Any

from ..core import Action
from .base import DEFAULT_SECONDS, Budget, Policy, Progress, Ranked, RankingBot, SeatKnowledge

__all__ = ["DEFAULT_SECONDS", "Budget", "Progress", "Ranked", "SearchBot", "mean"]

MAX_PLIES = 2000  # a safety net for a rollout; every game ends long before
SLACK = 0.97  # share of the time budget the search may use before it must answer


class SearchBot(RankingBot):
    def __init__(self, policy: Policy, seed: int = 0, budget: Budget | None = None):
        super().__init__(seed)
        self.policy = policy
        self.name = policy.name
        self.free_text = policy.free_text
        self.budget = budget or Budget()
        self.last_iterations = 0  # for benchmarks: worlds looked at in the last decision
        self.values_in_points = policy.values_in_points
        self._start = 0.0

    def rank(
        self, obs: SeatKnowledge, scores: bool = False, progress: Progress = None
    ) -> list[Ranked]:
        """The candidates, best first, as ``decide`` orders them (its answer is the
        first). ``scores``: also average the seat's score at the end of each imagined
        game (the coach's hints); ``progress`` is told the share of the budget spent."""
        self._start = time.process_time()  # the budget covers the whole decision
        legal = obs.legal
        if len(legal) == 1:
            return [Ranked(legal[0])]
        world = obs.sample(self.world_seed())
        width = self.policy.search_width(world)
        cands = self.policy.candidates(world, obs.seat, legal, width)
        if len(cands) == 1:
            return [Ranked(cands[0])]
        values: list[list[float]] = [[] for _ in cands]
        finals: list[list[float]] = [[] for _ in cands]
        iteration = 0
        while not self._spent(iteration):
            # a candidate the world does not offer (the copy holds other hidden cards)
            # cannot be judged there: the world is skipped for all alike
            offered = {a.key: a for a in world.legal_actions(obs.seat)}
            for k, action in enumerate(cands if all(c.key in offered for c in cands) else ()):
                end = self.imagine(world, obs.seat, offered[action.key])
                if end is None:  # the clock ran out inside this imagined game
                    break
                values[k].append(self.judge(end, obs.seat))
                if scores:
                    finals[k].append(float(end.result()["scores"][obs.seat]))
            iteration += 1
            if progress is not None:
                progress(self.spent_share(iteration))
            world = obs.sample(self.world_seed())
        self.last_iterations = iteration
        # Candidates are compared on the worlds all of them saw; the policy's own
        # choice (the first) wins ties and leads when no world was finished.
        seen = min(len(v) for v in values)
        ranked = [
            Ranked(
                a,
                seen,
                sum(v[:seen]) / seen if seen else None,
                mean(f[:seen]),
                values=tuple(v[:seen]),
                finals=tuple(f[:seen]),
            )
            for a, v, f in zip(cands, values, finals, strict=True)
        ]
        if seen == 0:
            return ranked
        order = sorted(range(len(cands)), key=lambda k: (-sum(values[k][:seen]), k))
        return [ranked[k] for k in order]

    def spent_share(self, iteration: int) -> float:
        """How much of the budget is spent, from 0 to 1 (for a progress bar)."""
        b = self.budget
        shares = [0.0]
        if b.iterations:
            shares.append(iteration / b.iterations)
        if b.seconds:
            shares.append((time.process_time() - self._start) / (b.seconds * SLACK))
        return min(1.0, max(shares))

    def _spent(self, iteration: int) -> bool:
        b = self.budget
        if b.iterations is not None and iteration >= b.iterations:
            return True
        return self._out_of_time()

    def _out_of_time(self) -> bool:
        s = self.budget.seconds
        # Stop a little early: the answer still has to be put together after the check.
        return s is not None and time.process_time() - self._start >= s * SLACK

    def judge(self, state: Any, seat: int) -> float:
        return self.policy.judge(state, seat)

    def playout(self, world: Any, seat: int, action: Action) -> float | None:
        """Play ``action`` in the world, let the policy finish the game, and score it
        for ``seat``: a share of the win, plus a little for the margin. None if the
        time budget ends first."""
        end = self.imagine(world, seat, action)
        return None if end is None else self.judge(end, seat)

    def imagine(self, world: Any, seat: int, action: Action) -> Any:
        """The imagined game after ``action``, played on by the policy to its end (or
        to where the policy says a position is settled); None if time runs out."""
        state = world.apply(action)
        policy = self.policy
        away = False  # another seat has moved since the seat's own move
        for _ in range(policy.horizon_for(world) or MAX_PLIES):
            if state.is_over or policy.settled(world, state, seat, away):
                return state
            if self._out_of_time():
                return None
            actor = state.actors()[0]
            away = away or actor != seat
            acts = state.legal_actions(actor)
            move = acts[0] if len(acts) == 1 else policy.playout_move(state, actor, seat, acts)
            state = state.apply(move)
        return state


def mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None
