"""The fair bot interface: what a bot may know, and the pieces every level shares.

A bot decides from an :class:`Observation` of one seat: that seat's view, its legal
actions, the log entries it may read, and a way to ask for *worlds* — copies of the
game resampled to agree with everything the seat has seen, with every hidden thing
(deck order, other hands) drawn afresh (``GameState.resample``). A bot never holds the
live state, so it cannot read a hidden card even by accident: whatever it reads in a
world is a guess.

``choose(state, seat)`` is the one call the turn controller, the simulator and the
tests make; it builds the observation and hands only that to ``decide``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Action, GameState, Rng


@dataclass(frozen=True)
class Observation:
    """Everything one seat may use to decide. ``sample(seed)`` returns a fresh world."""

    seat: int
    view: dict
    legal: list[Action]
    log: list[str]
    _resample: Callable[[int], GameState]

    def sample(self, seed: int) -> GameState:
        return self._resample(seed)

    def answer(self, choice: Action, free_text: tuple[str, ...] = ()) -> Action:
        """The member of the live legal list with ``choice``'s key. A bot plans on
        imagined copies, whose legal moves may differ from the live game's (a card
        the copy dealt into the deck sits in a hidden hand at the table); a move
        only the copy offers gives way to the first live one, so no decision can
        stop a game. A move of a ``free_text`` kind the list offers (a Happiness
        story: the list holds a sample, the player writes the words) is kept."""
        for action in self.legal:
            if action.key == choice.key:
                return action
        if choice.kind in free_text and any(a.kind == choice.kind for a in self.legal):
            return choice
        return self.legal[0]


def observe(state: GameState, seat: int) -> Observation:
    """What ``seat`` may use to decide; worlds come from the engine's ``resample``."""

    def resample(seed: int) -> GameState:
        return state.resample(seat, seed)

    return Observation(
        seat, state.view(seat), state.legal_actions(seat), state.log_for(seat), resample
    )


class Bot:
    """A bot at some level for some game. Subclasses implement ``decide``."""

    name = "bot"
    level = "normal"
    # kinds of move whose text argument the player writes (see Observation.answer)
    free_text: tuple[str, ...] = ()

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        obs = observe(state, seat)
        return obs.answer(self.decide(obs), self.free_text)

    def decide(self, obs: Observation) -> Action:
        raise NotImplementedError

    def world_seed(self) -> int:
        return self.rng.next64() & 0x7FFFFFFF


class RandomBot(Bot):
    """Uniform legal play: a baseline for tests and benchmarks."""

    name = "random"
    level = "random"

    def decide(self, obs: Observation) -> Action:
        return obs.legal[self.rng.below(len(obs.legal))]


class Policy(Bot):
    """A one-step greedy policy. ``pick(world, seat, actions)`` may read anything in the
    world it is given: at the table that world is a resampled copy, in a search's
    rollout it is the search's own imagined game."""

    # How many steps a search lets this policy play out before judging the position
    # by the scores so far (None: to the end of the game).
    horizon: int | None = None

    def decide(self, obs: Observation) -> Action:
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

    def decide(self, obs: Observation) -> Action:
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
