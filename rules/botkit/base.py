"""The fair bot interface: what a bot may know, and the pieces every level shares.

A bot decides from a :class:`SeatKnowledge`: one seat's view, its legal actions, the
log entries it may read, and :class:`Worlds` to draw from — copies of the game
resampled to agree with everything the seat has seen, with every hidden thing (deck
order, other hands, the seed) drawn afresh (``GameState.resample``). The knowledge
never holds the live state: its worlds are drawn from a copy already resampled for
the seat, so a bot cannot read a hidden card even by accident, and the type checker
shows it has nothing else to read. Whatever a bot reads in a world is a guess.

``choose(state, seat)`` is the one call the turn controller, the simulator and the
tests make, and the one place that touches the live state: it builds the knowledge,
hands only that to ``decide`` and checks the answer is a move the table offers.

What a game's bot may add is declared here with defaults: a :class:`Policy`'s hooks
into the shared search (how many moves to compare, where an imagined game may stop,
how it is judged) and a :class:`RankingBot`, the level that can say how it orders its
moves (the ``hard`` level, and what the coach asks for hints and reviews).
"""

from __future__ import annotations

import math
import time
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, final

from ..core import Action, GameState, Rng

DEFAULT_SECONDS = 0.2  # a hard decision's budget, on one core
CANDIDATES = 6  # actions a search compares at most, unless the policy says otherwise


@dataclass(frozen=True)
class Thinking:
    """How far a decision under way has got, for whoever watches it think (the coach's
    hint): the share of its budget spent, the move it leans to on the imagined games
    finished so far (None before one is), and how many it has finished."""

    share: float
    leaning: Action | None = None
    games: int = 0


# told how far a decision has got, after each world (a progress bar, the best so far)
Progress = Callable[[Thinking], None] | None


class UnofferedMove(UserWarning):
    """A bot answered with a move the table does not offer (it planned on a world
    whose legal moves differ). Play goes on with the first offered move; the tests
    turn this warning into an error (pyproject's filterwarnings), so a bot's bug
    cannot hide behind the fallback."""


class OutOfTime(Exception):
    """Raised inside a long imagined move once the search's deadline has passed
    (``Policy.give_up_at``): the search drops that imagined game."""


class Worlds:
    """Draws worlds for one seat. It holds a copy of the game already resampled for
    the seat (``GameState.resample``: every hidden thing drawn afresh, the seed and
    the history gone), so nothing it holds is a secret of the live game; resampling
    that copy again gives what resampling the live game would."""

    __slots__ = ("_seat", "_known")

    def __init__(self, known: GameState, seat: int):
        self._known = known
        self._seat = seat

    def sample(self, seed: int) -> GameState:
        return self._known.resample(self._seat, seed)


@dataclass(frozen=True)
class SeatKnowledge:
    """Everything one seat may use to decide. ``sample(seed)`` returns a fresh world."""

    seat: int
    view: dict
    legal: list[Action]
    log: list[str]
    worlds: Worlds

    def sample(self, seed: int) -> GameState:
        return self.worlds.sample(seed)

    def answer(self, choice: Action, free_text: tuple[str, ...] = ()) -> Action:
        """The member of the live legal list with ``choice``'s key. A move of a
        ``free_text`` kind the list offers (a Happiness story: the list holds a
        sample, the player writes the words) is kept. A move the list does not offer
        is a bot's mistake: it is warned of (an error in the tests) and the first
        offered move is played, so no decision can stop a game."""
        for action in self.legal:
            if action.key == choice.key:
                return action
        if choice.kind in free_text and any(a.kind == choice.kind for a in self.legal):
            return choice
        warnings.warn(
            UnofferedMove(f"seat {self.seat} planned {choice.key!r}, which is not offered"),
            stacklevel=2,
        )
        return self.legal[0]


# The seed of the copy a seat's worlds are drawn from: any number gives the same worlds
# (a resampled copy keeps only what the seat knows), so a fixed one keeps bots repeatable.
KNOWN_SEED = 0


def observe(state: GameState, seat: int) -> SeatKnowledge:
    """What ``seat`` may use to decide: the only function given the live state."""
    known = state.resample(seat, KNOWN_SEED)
    return SeatKnowledge(
        seat, state.view(seat), state.legal_actions(seat), state.log_for(seat), Worlds(known, seat)
    )


class Bot(ABC):
    """A bot at some level for some game. Subclasses implement ``decide``."""

    name = "bot"
    level = "normal"
    # kinds of move whose text argument the player writes (see SeatKnowledge.answer)
    free_text: tuple[str, ...] = ()

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)
        # process time when the table asked for the decision under way: a search's
        # time budget counts from there, observing the seat included (None: not asked
        # through ``choose``, say by the coach)
        self.asked_at: float | None = None

    @final
    def choose(self, state: GameState, seat: int) -> Action:
        """The bot's move for ``seat``: the seam between the live game and the bot,
        which sees only the seat's knowledge (final: no bot reaches past it)."""
        self.asked_at = time.process_time()
        knows = observe(state, seat)
        return knows.answer(self.decide(knows), self.free_text)

    @abstractmethod
    def decide(self, knows: SeatKnowledge) -> Action:
        """The move, from what the seat knows."""

    def world_seed(self) -> int:
        return self.rng.next64() & 0x7FFFFFFF


class RandomBot(Bot):
    """Uniform legal play: a baseline for tests and benchmarks."""

    name = "random"
    level = "random"

    def decide(self, obs: SeatKnowledge) -> Action:
        return self.pick(obs.legal)

    def pick(self, offered: list[Action]) -> Action:
        """One of the offered moves, uniformly. Random play reads nothing else, so a
        driver of many games (the simulator, the tests) may hand it the table's
        offered moves directly and skip building a knowledge it would never read:
        the same draws from the same seed, so the same games."""
        return offered[self.rng.below(len(offered))]


@dataclass
class Budget:
    """When a decision must be answered: after ``iterations`` worlds, after ``seconds``
    of process time, whichever comes first (None: no limit of that kind)."""

    seconds: float | None = DEFAULT_SECONDS
    iterations: int | None = None

    def __post_init__(self):
        if self.seconds is None and self.iterations is None:
            raise ValueError("a search budget needs seconds, iterations or both")


@dataclass
class Ranked:
    """One candidate of a search: the move, the worlds it was judged on, its mean
    value there (the bot's own measure: mostly a share of the win), and the seat's
    mean score at the end of those imagined games when asked for (else None); ``gain``
    is what a planner estimates the move adds, in the game's points, if it has one.

    ``values`` and ``finals`` hold the same figures world by world, in the order of
    the worlds every candidate of the ranking saw, so that two candidates can be
    compared pair by pair on the same imagined games (the coach's intervals)."""

    action: Action
    worlds: int = 0
    value: float | None = None
    score: float | None = None
    gain: float | None = None
    values: tuple[float, ...] = ()
    finals: tuple[float, ...] = ()


class RankingBot(Bot):
    """A bot that orders its candidate moves and can play one out in an imagined
    game: each game's ``hard`` level, and what the coach's hints and reviews ask."""

    level = "hard"
    # Whether ``Ranked.value`` is an estimate in the game's points (Sweet Lands judges
    # a position a few steps on) rather than mostly a share of the win.
    values_in_points = False

    def decide(self, obs: SeatKnowledge) -> Action:
        return self.rank(obs)[0].action

    def thinks_at(self, view: Mapping[str, Any], moves: int) -> bool:
        """Whether a decision at the seat's ``view`` with ``moves`` to choose from is
        searched (the seat shows "thinking"): any real choice, unless the game's level
        answers some at once."""
        return moves > 1

    @abstractmethod
    def rank(
        self, obs: SeatKnowledge, scores: bool = False, progress: Progress = None
    ) -> list[Ranked]:
        """The candidates, best first, as ``decide`` orders them (its answer is the
        first). ``scores``: also average the seat's score at the end of each imagined
        game; ``progress`` is told the share of the budget spent."""

    @abstractmethod
    def imagine(self, world: Any, seat: int, action: Action) -> Any:
        """The imagined game after ``action`` in ``world``, played on as the bot
        plays; None if the time budget ends first."""


class Policy(Bot):
    """A one-step greedy policy. ``pick(world, seat, actions)`` may read anything in the
    world it is given: at the table that world is a resampled copy, in a search's
    rollout it is the search's own imagined game.

    The hooks below tell the shared search (``search.SearchBot``) how to use this
    policy; their defaults suit a game that needs nothing special."""

    # How many steps a search lets this policy play out before judging the position
    # by the scores so far (None: to the end of the game).
    horizon: int | None = None
    values_in_points = False  # whether ``judge`` answers in the game's points
    # A difference in ``judge``'s units below which two moves count as equally good:
    # the search stops once every other candidate clearly trails the leader or is
    # that close to it on the same worlds (None: it always spends its budget).
    close_call: float | None = None
    # The expert level's close call, if finer than hard's (None: the same): expert has
    # five times the time, and a coarse call would leave most of it unspent.
    expert_close_call: float | None = None

    def close_call_at(self, world: Any) -> float | None:
        """The close call of a hard decision at ``world``: ``close_call``, unless the
        game gives a coarser one at a minor step, where moves rarely differ by much
        and a fine call would spend the budget telling near-equals apart (Happy
        City: which deck to draw from, whether to discard). None: no early stop."""
        return self.close_call

    def hard_bot(self, seed: int, budget: Budget | None) -> RankingBot | None:
        """The game's own ``hard`` level, if it is not the shared search over this
        policy (Happiness: a planner's search)."""
        return None

    def expert_bot(self, seed: int, budget: Budget) -> RankingBot | None:
        """The game's own ``expert`` level, if it is not the shared search made wider
        and longer (``expert``; Happiness: its planner's search, longer)."""
        return None

    def play_strongest(self) -> None:
        """Take the strongest choice where the levels draw one for variety, and spend
        on it what the lower levels spare (the expert level asks; Sweet Lands: the
        best-measured character and map, and a sub-step's candidates by a rollout)."""

    def search_width(self, world: Any) -> int:
        """How many candidate moves the search compares."""
        return CANDIDATES

    def horizon_for(self, world: Any) -> int | None:
        """How many steps an imagined game from ``world`` runs (None: to the end)."""
        return self.horizon

    def settled(self, world: Any, state: Any, seat: int, away: bool) -> bool:
        """Whether an imagined game may stop at ``state`` and be judged; ``away`` says
        another seat has moved since the seat's own move."""
        return False

    def playout_move(self, state: Any, actor: int, seat: int, actions: list[Action]) -> Action:
        """The move ``actor`` makes inside an imagined game searched for ``seat``."""
        return self.pick(state, actor, actions)

    def judge(self, state: Any, seat: int) -> float:
        """What an imagined position is worth to ``seat`` (see ``reward``)."""
        return reward(state, seat)

    def give_up_at(self, deadline: float | None) -> None:
        """The process time past which a move inside an imagined game may stop by
        raising ``OutOfTime`` (None: no deadline). A policy whose single moves are
        long checks it inside them; the search reads the clock between moves."""

    def decide(self, obs: SeatKnowledge) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        return self.pick(obs.sample(self.world_seed()), obs.seat, obs.legal)

    def pick(self, world: Any, seat: int, actions: list[Action]) -> Action:
        raise NotImplementedError

    def candidates(self, world: Any, seat: int, actions: list[Action], k: int) -> list[Action]:
        """The actions worth a search's time, best guess first (at most ``k``)."""
        best = self.pick(world, seat, actions)
        rest = [a for a in actions if a != best]
        return [best, *rest[: k - 1]]


# What a game package declares for each of its games (``BOTS`` in its __init__): its
# policy's class, or any callable making the policy from a seed.
PolicyMaker = Callable[[int], Policy]


class EasyBot(Bot):
    """A casual player: the greedy policy's choice most of the time, otherwise an
    action drawn from the policy's few best candidates or, rarely, any legal one."""

    level = "easy"
    SLIP = 0.5  # chance of not taking the greedy choice
    WILD = 0.4  # chance, when slipping, of any legal action at all

    def __init__(self, policy: Policy, seed: int = 0):
        super().__init__(seed)
        self.policy = policy
        self.name = policy.name
        self.free_text = policy.free_text

    def decide(self, obs: SeatKnowledge) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        world = obs.sample(self.world_seed())
        roll = self.rng.below(1000) / 1000
        if roll >= self.SLIP:
            return self.policy.pick(world, obs.seat, legal)
        if roll < self.SLIP * self.WILD:
            return legal[self.rng.below(len(legal))]
        top = self.policy.candidates(world, obs.seat, legal, 3)
        return top[self.rng.below(len(top))]


def reward(state: Any, seat: int) -> float:
    """A finished game: the seat's share of the win, plus a little for the margin. A
    game cut off by a horizon: a guess at that share from the lead so far."""
    res = state.result()
    scores = res["scores"]
    others = [s for k, s in enumerate(scores) if k != seat]
    margin = scores[seat] - max(others) if others else scores[seat]
    if not state.is_over:
        return 0.5 + 0.5 * math.tanh(margin / 6)
    winners = res["winners"]
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share + 0.002 * max(-50, min(50, margin))
