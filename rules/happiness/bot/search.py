"""The ``hard`` Happiness bot: the planner's close placements, compared by imagined games.

The planner (``plan``) prices a placement by exact odds over the unseen
cards, but only one turn deep: it cannot see what a card does to the seat's next
turns (which cards stay in hand to fit its own holes, what the rival lays after),
nor the endgame, where only the win counts, not the margin. So where the planner
finds several placements close, this bot plays each of them in *worlds*: copies of
the game resampled to agree with what the seat knows (``SeatKnowledge.sample``), the
same worlds for every candidate (common random numbers). In each world the rival
replies as the greedy ``normal`` policy would (a model of it, fed only the imagined
hand), the seat follows up with the planner, and the imagined game runs until the
seat's turn comes round ``TURNS`` more times, or to the end once few cards are left.

A finished imagined game counts as a win, a share of a tie or a loss; a cut-off one
by the margin so far. A candidate replaces the planner's own choice only when its
paired lead over it (same worlds) is clear of the noise (``CLEAR`` standard errors),
so a short budget answers as the planner does. The search is anytime: it stops when
its budget ends (seconds of process time, worlds, or both) and answers with what it
has. Placements alone are searched, and only once the deck is down to ``ENDGAME``
cards: ``benchmarks/happiness_probe.py``'s screens found no gain earlier in the game,
nor in the silence or Bummer spots, which stay the planner's. Near the end the
imagined games are short, so many fit the budget, and they count what the planner's
odds do not: who wins, tie-breaks included.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ...botkit import (
    SLACK,
    Budget,
    Progress,
    Ranked,
    RankingBot,
    SeatKnowledge,
    Thinking,
    interval,
    looks_at,
    mean,
)
from ...core import Action
from .greedy import HappinessBot
from .plan import Planner, PlanningHappinessBot

WIDTH = 4  # placements compared at most
CLOSE = 3.0  # Joypoints of planner estimate within which a placement is a candidate
TURNS = 2  # the seat's own turns an imagined game covers after this one
ENDGAME = 6  # cards left in the deck from which imagined games run to the end
CLEAR = 2.0  # standard errors by which a candidate must beat the planner's choice
SPREAD = 8.0  # Joypoints of margin that make a cut-off game nearly won (tanh scale)
# A lead over the planner's choice below this (in ``judge``'s units: a 1% share of the
# win, or 5 Joypoints of margin) is not worth more worlds: once no candidate's 95%
# interval reaches it, the search answers without spending the rest of its budget.
CLOSE_CALL = 0.01


class SearchingHappinessBot(RankingBot, PlanningHappinessBot):
    """The planner, its close placements compared on imagined games within a budget."""

    width = WIDTH  # placements compared at most
    endgame = ENDGAME  # cards left in the deck from which placements are searched
    close_call: float | None = CLOSE_CALL  # None: every search spends its whole budget

    def __init__(self, seed: int = 0, budget: Budget | None = None):
        super().__init__(seed)
        self.budget = budget or Budget()
        self.greedy = HappinessBot(seed + 1)  # the rival model inside imagined games
        self.last_worlds = 0  # for benchmarks: worlds looked at in the last decision
        self._start = 0.0
        # the longest single move of an imagined game in this decision (a seat's
        # planner move can take tens of ms): no move begins that would end past the
        # budget by as much
        self._longest_move = 0.0

    def rank(
        self, obs: SeatKnowledge, scores: bool = False, progress: Progress = None
    ) -> list[Ranked]:
        """The moves as this bot orders them, its answer first. A placement outside the
        endgame is ranked by the planner's estimate (``gain``, in Joypoints); in the
        endgame the close ones by imagined games; any other decision has the bot's one
        choice. ``scores`` and ``progress`` are the shared search's (the coach's)."""
        self._start = time.process_time()  # the budget covers the whole decision
        self._longest_move = 0.0
        world: Any = obs.sample(self.world_seed())  # a Happiness state, resampled
        self.notes.update(world, obs.seat)
        legal = obs.legal
        if len(legal) == 1:
            return [Ranked(legal[0])]
        if world.stage != "play" or legal[0].kind != "place":
            return [Ranked(self.pick(world, obs.seat, legal))]
        if len(world.deck) > self.endgame:
            planner = Planner(world, obs.seat, self.notes)
            priced = [(self.place_value(world, obs.seat, a, planner), a) for a in legal]
            priced.sort(key=lambda va: -va[0])
            return [Ranked(a, gain=v) for v, a in priced]
        cands = self.candidates(world, obs.seat, legal, self.width)
        if len(cands) == 1:
            return [Ranked(cands[0])]
        return self._search(obs, world, cands, scores, progress)

    def candidates(self, world, seat, actions, k):
        """The planner's best placement first, then those within ``CLOSE`` of it."""
        planner = Planner(world, seat, self.notes)
        scored = sorted(
            ((self.place_value(world, seat, a, planner), a) for a in actions),
            key=lambda va: -va[0],
        )
        best = scored[0][0]
        return [a for v, a in scored[:k] if best - v <= CLOSE]

    def _search(self, obs: SeatKnowledge, world, cands: list[Action], scores, progress):
        seat = obs.seat
        diffs: list[list[float]] = [[] for _ in cands[1:]]  # paired: candidate - first
        values: list[list[float]] = [[] for _ in cands]
        finals: list[list[float]] = [[] for _ in cands]
        worlds = 0
        most = self.budget.iterations
        while (most is None or worlds < most) and not self._out_of_time():
            offered = {a.key: a for a in world.legal_actions(seat)}
            if all(a.key in offered for a in cands):  # else no fair comparison here
                ends = [self.imagine(world, seat, offered[a.key]) for a in cands]
                if any(e is None for e in ends):  # the clock ran out inside this world
                    break
                got = [judge(e, seat) for e in ends]
                for k, v in enumerate(got):
                    values[k].append(v)
                    if k:
                        diffs[k - 1].append(v - got[0])
                    if scores:
                        finals[k].append(float(ends[k].score(seat)))
            worlds += 1
            if progress is not None:
                ahead = cands[clear_leader(diffs)] if values[0] else None
                progress(Thinking(self._share(worlds), ahead, sum(map(len, values))))
            close = self.close_call
            if close is not None and looks_at(len(values[0])) and settled(diffs, close):
                break
            world = obs.sample(self.world_seed())
        self.last_worlds = worlds
        best = clear_leader(diffs)
        ranked = [
            Ranked(a, len(v), mean(v), mean(f), values=tuple(v), finals=tuple(f))
            for a, v, f in zip(cands, values, finals, strict=True)
        ]
        rest = sorted(
            (k for k in range(len(cands)) if k != best),
            key=lambda k: (-(ranked[k].value or 0.0), k),
        )
        return [ranked[best], *(ranked[k] for k in rest)]

    def _share(self, worlds: int) -> float:
        b = self.budget
        shares = [worlds / b.iterations if b.iterations else 0.0]
        if b.seconds:
            shares.append((time.process_time() - self._start) / (b.seconds * SLACK))
        return min(1.0, max(shares))

    def _out_of_time(self) -> bool:
        """Past the budget's share of process time (stopping a little early, as the
        shared search does: the answer is still to be put together)."""
        seconds = self.budget.seconds
        spent = time.process_time() - self._start + self._longest_move
        return seconds is not None and spent >= seconds * SLACK

    def playout(self, world, seat: int, action: Action) -> float | None:
        """Play ``action`` in the world and on to the horizon; the seat's value there.
        None if the time budget ends first."""
        end = self.imagine(world, seat, action)
        return None if end is None else judge(end, seat)

    def imagine(self, world, seat: int, action: Action) -> Any:
        """The imagined game after ``action``, to the horizon; None if time runs out."""
        state = world.apply(action)
        to_end = len(world.deck) <= ENDGAME
        turns_left = TURNS
        mover = seat
        while not state.is_over:
            if self._out_of_time():
                return None
            actor = state.actors()[0]
            if state.stage == "play" and actor != mover:
                mover = actor
                if actor == seat:
                    turns_left -= 1
                    if turns_left < 0 and not to_end:
                        break
            began = time.process_time()
            acts = state.legal_actions(actor)
            if len(acts) == 1:
                move = acts[0]
            elif state.stage == "story":
                move = acts[0]  # the words told change nothing in play
            elif actor == seat:  # the seat follows up with the planner
                move = self.pick(state, seat, acts)
            else:
                move = self.greedy.pick(state, actor, acts)
            state = state.apply(move)
            self._longest_move = max(self._longest_move, time.process_time() - began)
        return state


def judge(state, seat: int) -> float:
    """A finished game: the seat's share of the win (ties broken as the rules break
    them), plus a little for the margin; a cut-off one: a guess from the margin."""
    scores = [state.score(s) for s in range(state.n)]
    margin = scores[seat] - max(s for k, s in enumerate(scores) if k != seat)
    if not state.is_over:
        return 0.5 + 0.5 * math.tanh(margin / SPREAD)
    winners = state.result()["winners"]
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share + 0.002 * max(-50, min(50, margin))


def settled(diffs: list[list[float]], close_call: float = CLOSE_CALL) -> bool:
    """Whether more worlds would hardly matter: no candidate could still lead the
    planner's choice by ``close_call`` or more (each one's 95% interval of its paired
    difference lies below that)."""
    return all(interval(d).high < close_call for d in diffs)


def clear_leader(diffs: list[list[float]]) -> int:
    """The candidate that clearly leads the first by the most (paired differences
    against it, one list per other candidate), else the first (0)."""
    best, best_lead = 0, 0.0
    for k, d in enumerate(diffs, start=1):
        lead = clear_lead(d)
        if lead > best_lead:
            best, best_lead = k, lead
    return best


def clear_lead(diffs: list[float]) -> float:
    """The mean of paired differences if it clears ``CLEAR`` standard errors, else 0."""
    n = len(diffs)
    if n < 3:
        return 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if mean <= 0 or mean < CLEAR * math.sqrt(var / n):
        return 0.0
    return mean


class HappinessPolicy(HappinessBot):
    """The Happiness bot the registry hands out: ``normal``'s greedy play, whose
    ``hard`` level is the planner of ``plan`` (exact odds over the unseen
    cards, where each Joycard goes), its close placements compared on imagined games
    within the budget (``SearchingHappinessBot``)."""

    def hard_bot(self, seed: int, budget: Budget | None) -> RankingBot | None:
        return SearchingHappinessBot(seed, budget)

    def expert_bot(self, seed: int, budget: Budget) -> RankingBot | None:
        return ExpertHappinessBot(seed, budget)


class ExpertHappinessBot(SearchingHappinessBot):
    """Happiness at the expert level: the same planner's search with the expert's
    budget, comparing more close placements. The game is mostly luck from a fair
    seat (README), so no stronger method is claimed here than more imagined games."""

    level = "expert"
    width = 2 * WIDTH
