"""The knowledge boundary: a bot is handed a SeatKnowledge, and nothing reachable from it
is the live game; a move the table does not offer is a warning (an error in tests)."""

from __future__ import annotations

import gc
import types
import warnings

import pytest

import rules
from rules.botkit.base import UnofferedMove
from rules.bots import Bot, SeatKnowledge, make_bot, observe
from rules.core import Action
from rules.happy_city import HAPPY_CITY, HappyCityState

from ..expect import of_type

SKIP = (type, types.ModuleType, types.BuiltinFunctionType, types.CodeType)


def referents(obj: object) -> list[object]:
    """What ``obj`` refers to; a function only through what it closes over and its
    defaults (its globals lead to the whole program, not to this game)."""
    if isinstance(obj, types.FunctionType):
        return [c.cell_contents for c in obj.__closure__ or ()] + list(obj.__defaults__ or ())
    return gc.get_referents(obj)


def reachable(root: object, limit: int = 200_000) -> list[object]:
    """Every object reachable from ``root`` (classes and modules left out)."""
    seen: dict[int, object] = {id(root): root}
    todo = [root]
    while todo and len(seen) < limit:
        for ref in referents(todo.pop()):
            if id(ref) not in seen and not isinstance(ref, SKIP):
                seen[id(ref)] = ref
                todo.append(ref)
    return list(seen.values())


def test_the_search_would_find_a_state_held_in_a_closure():
    """The walk below is strong enough: the old knowledge kept a function closing over
    the live state, and that is found."""
    state = HAPPY_CITY.new_game(["A", "B"], seed=1)
    held = {"resample": lambda seed: state.resample(0, seed)}
    assert any(obj is state for obj in reachable(held))


class Snoop(Bot):
    """A planted bot that tries every way it has to reach the live game."""

    def __init__(self, live):
        super().__init__(0)
        self.live = id(live)  # only its identity: the bot must not find the object
        self.found_live = None
        self.tried_attribute = None

    def decide(self, knows: SeatKnowledge) -> Action:
        self.found_live = any(id(obj) == self.live for obj in reachable(knows))
        try:
            _ = knows.state  # type: ignore[attr-defined]  # what a cheating bot would write
        except AttributeError:
            self.tried_attribute = False
        else:
            self.tried_attribute = True
        return knows.legal[0]


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_a_planted_bot_cannot_reach_the_live_state_from_its_knowledge(game):
    spec = rules.get_game(game)
    state = spec.new_game([f"P{k}" for k in range(max(2, spec.min_players))], seed=3)
    bot = make_bot(game, "normal", 1)
    for _ in range(4):  # a few moves in, with hidden cards dealt
        if state.is_over:
            break
        seat = state.actors()[0]
        state = state.apply(bot.choose(state, seat))
    seat = state.actors()[0]
    snoop = Snoop(state)
    move = snoop.choose(state, seat)
    assert move in state.legal_actions(seat)
    assert snoop.found_live is False and snoop.tried_attribute is False


def test_the_knowledge_draws_the_worlds_the_live_game_would():
    """Worlds come from a resampled copy, yet equal the live game's resamples (the same
    seed gives the same world), so bots decide as before."""
    spec = HAPPY_CITY
    state = spec.new_game(["A", "B"], seed=9)
    knows = observe(state, 0)
    for seed in (1, 2, 77):
        world = of_type(HappyCityState, knows.sample(seed))
        assert world.view(0) == state.view(0)
        assert world.decks == state.resample(0, seed).decks


def test_a_move_the_table_does_not_offer_is_warned_of_and_replaced():
    state = HAPPY_CITY.new_game(["A", "B"], seed=1)
    knows = observe(state, 0)
    stray = Action(0, "buy", ("No Such Card",))
    with pytest.warns(UnofferedMove, match="not offered"):
        assert knows.answer(stray) == knows.legal[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert knows.answer(knows.legal[-1]) == knows.legal[-1]  # an offered move: no warning
