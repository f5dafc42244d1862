"""Seeded games for the host tests, played to the end by random moves (fast: the
tests look at what each seat is sent, not at good play)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import rules
from rules.core import GameState

# (game, players, options): every game, each with hidden hands where it has them
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("happy-city", 3, {}),
    ("happy-city", 2, {"mode": "expert"}),
    ("happiest-town", 3, {}),
    ("happiness", 3, {}),
    ("sweet-lands", 2, {}),
    ("sweet-lands", 3, {}),
]


def played(
    game: str, players: int, options: dict, seed: int, most: int = 2000
) -> Iterator[GameState]:
    """Every state of one seeded game, random moves by whoever may act, to the end."""
    spec = rules.get_game(game)
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    state = spec.new_game(names, seed=seed, options=options)
    rng = random.Random(seed)
    yield state
    for _ in range(most):
        if state.is_over:
            return
        seat = rng.choice(state.actors())
        state = state.apply(rng.choice(state.legal_actions(seat)))
        yield state
