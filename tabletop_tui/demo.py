"""Seeded, real game states for snapshots, README screenshots and benchmarks."""

from rules import get_game
from rules.bots import make_bot
from rules.happiness import HAPPINESS, HappinessState
from rules.happy_city import HAPPY_CITY, HappyCityState
from tabletop_tui.controller import Controller


def bot_moves(state, n, seed=1):
    bots = [make_bot(state.spec.id, "smart", seed + i) for i in range(len(state.players))]
    for _ in range(n):
        if state.is_over:
            break
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state


def mid_game(players=3, moves=40, seed=11, options=None, viewer=0, game="happy-city"):
    spec = get_game(game)
    names = ["Ann", "Bob", "Cleo", "Dev", "Eve"][:players]
    state = bot_moves(spec.new_game(names, seed=seed, options=options), moves)
    # Stop at the start of seat `viewer`'s decision so the screen shows a live prompt.
    while state.actors() != [viewer]:
        state = bot_moves(state, 1)
    return Controller(spec, state, [{"kind": "human"} for _ in range(players)], viewer=viewer)


def finished(players: int = 3, seed: int = 11) -> Controller[HappyCityState]:
    spec = HAPPY_CITY
    names = ["Ann", "Bob", "Cleo", "Dev", "Eve"][:players]
    state = bot_moves(spec.new_game(names, seed=seed), 10_000)
    return Controller(spec, state, [{"kind": "human"} for _ in range(players)], viewer=None)


def happiness_mid_game(
    players: int = 3, moves: int = 60, seed: int = 5, viewer: int = 0
) -> Controller[HappinessState]:
    """A Happiness table some turns in, stopped at `viewer`'s turn to place a card."""
    spec = HAPPINESS
    names = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"][:players]
    state = bot_moves(spec.new_game(names, seed=seed), moves)
    while not (state.actors() == [viewer] and state.stage == "play"):
        state = bot_moves(state, 1)
    return Controller(spec, state, [{"kind": "human"} for _ in range(players)], viewer=viewer)


def happiness_window(players: int = 3, seed: int = 5) -> Controller[HappinessState]:
    """The public silence window right after a turn."""
    spec = HAPPINESS
    names = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"][:players]
    state = bot_moves(spec.new_game(names, seed=seed), 30)
    while state.stage != "window":
        state = bot_moves(state, 1)
    return Controller(spec, state, [{"kind": "human"} for _ in range(players)], viewer=None)
