"""The ``hard`` level: determinized Monte Carlo search with the greedy policy playing
out every imagined game.

Each iteration asks the observation for one *world* (a copy of the game resampled to
agree with what the seat knows), then plays every candidate action in that same world
and lets the greedy policy finish the game for all seats. Judging every candidate on
the same worlds (common random numbers) makes a few dozen iterations enough to tell
close moves apart. The search is anytime: it stops when its budget ends — a number of
iterations, a time in seconds on this process's clock, or both — and answers with the
candidate whose imagined games went best, the policy's own choice on a tie. A policy
with a ``close_call`` lets it stop sooner: after a few worlds a candidate whose paired
interval (``paired``) shows it cannot beat the leader by the close call (clearly
behind, or at most that much ahead) is compared no longer, and once one is left the
search answers; the budget goes
to the decisions whose candidates are close. With a time budget it begins no world
it would not finish, and the policy may give up a long imagined move on the clock.

This is the determinized flavour of information-set Monte Carlo tree search, with
the tree cut to the root: the policy, not the tree, plays the rest of each game.
"""

from __future__ import annotations

import time
from typing import Any

from ..core import Action
from .base import (
    DEFAULT_SECONDS,
    Budget,
    OutOfTime,
    Policy,
    Progress,
    Ranked,
    RankingBot,
    SeatKnowledge,
    Thinking,
)
from .paired_interval import paired

__all__ = ["DEFAULT_SECONDS", "Budget", "Progress", "Ranked", "SearchBot", "mean"]

MAX_PLIES = 2000  # a safety net for a rollout; every game ends long before
SLACK = 0.97  # share of the time budget the search may use before it must answer
# worlds every candidate must have seen before any is dropped (``Policy.close_call``):
# the spread of two or three differences misjudges too often
EARLIEST = 4


def looks_at(worlds: int) -> bool:
    """Whether the search weighs dropping candidates after this many worlds: after
    each from 4 to 8 (a short search, as Sweet Lands' turn moves), then at 12, 16,
    24, 32, 48, ... Each look is one more chance for noise to drop a good candidate
    (a move unlucky on its first worlds): looking after every world made that likely
    in a long search, and looking ever less often keeps the chance near a few
    tests' while a clear decision still stops at the first looks."""
    if worlds <= 2 * EARLIEST:
        return worlds >= EARLIEST
    top = 1 << (worlds.bit_length() - 1)  # the highest power of two in ``worlds``
    return worlds in (top, top + top // 2)


class SearchBot(RankingBot):
    # Whether a candidate clearly behind the leader is dropped even when the policy
    # has no close call (the expert level races its candidates; hard spreads evenly).
    races = False

    def __init__(self, policy: Policy, seed: int = 0, budget: Budget | None = None):
        super().__init__(seed)
        self.policy = policy
        self.name = policy.name
        self.free_text = policy.free_text
        self.budget = budget or Budget()
        self.last_iterations = 0  # for benchmarks: worlds looked at in the last decision
        # for benchmarks: the last decision's candidates as ranked (empty when forced)
        self.last_ranking: list[Ranked] = []
        self.values_in_points = policy.values_in_points
        self._start = 0.0

    def rank(
        self, obs: SeatKnowledge, scores: bool = False, progress: Progress = None
    ) -> list[Ranked]:
        """The candidates, best first, as ``decide`` orders them (its answer is the
        first). ``scores``: also average the seat's score at the end of each imagined
        game (the coach's hints); ``progress`` is told the share of the budget spent."""
        now = time.process_time()
        self._start = now if self.asked_at is None else self.asked_at  # the whole decision
        self.asked_at = None
        legal = obs.legal
        self.last_ranking = []
        if len(legal) == 1:
            return [Ranked(legal[0])]
        world = obs.sample(self.world_seed())
        width = self.width(world)
        cands = self.policy.candidates(world, obs.seat, legal, width)
        if len(cands) == 1:
            return [Ranked(cands[0])]
        values: list[list[float]] = [[] for _ in cands]
        finals: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))  # the candidates still compared
        close = self.close_call(world)  # the decision's, read once: every world agrees
        iteration = imagined = 0
        searching = time.process_time()
        while not self._spent(
            iteration, (time.process_time() - searching) / max(1, imagined) * len(alive)
        ):
            imagined += self.judge_world(world, obs.seat, cands, alive, values, finals, scores)
            iteration += 1
            if progress is not None:
                progress(thinking(self.spent_share(iteration), cands, values))
            if looks_at(iteration) and len(self.settle(values, alive, close)) == 1:
                break
            world = obs.sample(self.world_seed())
        self.last_iterations = iteration
        ranked = [
            Ranked(a, len(v), mean(v), mean(f), values=tuple(v), finals=tuple(f))
            for a, v, f in zip(cands, values, finals, strict=True)
        ]
        # Those compared longest lead (a candidate dropped later was closer to the
        # leader), then the best mean; the policy's own choice (the first) wins ties
        # and leads when no world was finished.
        order = sorted(
            range(len(cands)), key=lambda k: (-len(values[k]), -(ranked[k].value or 0.0), k)
        )
        self.last_ranking = [ranked[k] for k in order]
        return self.last_ranking

    def judge_world(
        self,
        world: Any,
        seat: int,
        cands: list[Action],
        alive: list[int],
        values: list[list[float]],
        finals: list[list[float]],
        scores: bool,
    ) -> int:
        """Judge each candidate still compared (``alive``) on one world, adding to its
        ``values`` (and with ``scores`` its ``finals``); returns the imagined games
        begun. The world counts for none of them when one cannot be judged there: a
        candidate the world does not offer (the copy holds other hidden cards), or the
        clock running out inside an imagined game, or its imagined games so far
        showing that the rest would end past the budget (``_unfinished``)."""
        offered = {a.key: a for a in world.legal_actions(seat)}
        if not all(cands[k].key in offered for k in alive):
            return 0
        began = time.process_time()
        for begun, k in enumerate(alive, start=1):
            end = self.imagine(world, seat, offered[cands[k].key])
            if end is None or self._unfinished(began, begun, len(alive)):
                for j in alive[: begun - 1]:
                    values[j].pop()
                    if scores:
                        finals[j].pop()
                return begun
            values[k].append(self.judge(end, seat))
            if scores:
                finals[k].append(float(end.result()["scores"][seat]))
        return len(alive)

    def width(self, world: Any) -> int:
        """How many candidate moves this search compares (the policy's say)."""
        return self.policy.search_width(world)

    def settle(self, values: list[list[float]], alive: list[int], close: float | None) -> list[int]:
        """Drop from ``alive`` every candidate that, on the worlds all of them saw,
        cannot beat the leader by the close call ``close`` (the 95% interval of its
        paired difference stays below that; without a close call, only one clearly
        behind): more worlds could at most trade the leader for a move about as good.
        Returns ``alive``."""
        if (close is None and not self.races) or len(values[alive[0]]) < EARLIEST:
            return alive
        leader = max(alive, key=lambda k: (sum(values[k]), -k))
        for k in list(alive):
            if k != leader and paired(values[leader], values[k]).low > -(close or 0.0):
                alive.remove(k)
        return alive

    def close_call(self, world: Any) -> float | None:
        """The difference below which two moves count as equally good in the decision
        at ``world`` (the policy's: coarser at a game's minor steps)."""
        return self.policy.close_call_at(world)

    def spent_share(self, iteration: int) -> float:
        """How much of the budget is spent, from 0 to 1 (for a progress bar)."""
        b = self.budget
        shares = [0.0]
        if b.iterations:
            shares.append(iteration / b.iterations)
        if b.seconds:
            shares.append((time.process_time() - self._start) / (b.seconds * SLACK))
        return min(1.0, max(shares))

    def _spent(self, iteration: int, next_world: float) -> bool:
        """Whether the search must answer now: its worlds are used up, its time is,
        or the next world (``next_world`` seconds, as the last ones took) would not
        finish in the time left and would be thrown away."""
        b = self.budget
        if b.iterations is not None and iteration >= b.iterations:
            return True
        if b.seconds is None:
            return False
        left = b.seconds * SLACK - (time.process_time() - self._start)
        return left <= 0 or (iteration > 0 and next_world > left)

    def _unfinished(self, began: float, done: int, games: int) -> bool:
        """Whether a world begun at ``began`` whose first ``done`` of ``games``
        imagined games took what they took would end past the time budget, at the
        same pace: it would be thrown away, so it is given up now (early in a
        Sweet Lands round an imagined round can take a third of the budget, and
        a decision used to spend all of it on a world it then threw away)."""
        s = self.budget.seconds
        if s is None or done >= games:
            return False
        now = time.process_time()
        left = s * SLACK - (now - self._start)
        return (now - began) / done * (games - done) > left

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
        to where the policy says a position is settled); None if time runs out, read
        between moves and, by the policy, inside a long one."""
        policy = self.policy
        s = self.budget.seconds
        policy.give_up_at(None if s is None else self._start + s * SLACK)
        try:
            return self._play_on(world, seat, action)
        except OutOfTime:
            return None
        finally:
            policy.give_up_at(None)

    def _play_on(self, world: Any, seat: int, action: Action) -> Any:
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


def thinking(share: float, cands: list[Action], values: list[list[float]]) -> Thinking:
    """The search so far: the candidate ahead as the final order would put it (those
    compared longest, then the best mean, then the policy's own order)."""
    games = sum(len(v) for v in values)
    if not games:
        return Thinking(share)
    ahead = min(range(len(cands)), key=lambda k: (-len(values[k]), -(mean(values[k]) or 0.0), k))
    return Thinking(share, cands[ahead], games)


def mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None
