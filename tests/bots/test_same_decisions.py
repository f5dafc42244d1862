"""Seeded bot games keep their moves, level by level (issue 45: each game package holds
its bot; moving the bots must change no decision).

Every game is played by bots of one level in every seat, from a fixed seed; the hard
and expert levels search a fixed number of imagined worlds (no clock, so the same
moves on any machine) and play only the opening steps, which is where their search
is widest. The move keys are compared with ``same_decisions.json``, recorded from the
bots before they moved; RECORD_SAME_DECISIONS=1 records them afresh (only when a
change of a bot's play is meant, and said so in the commit).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.bots import Budget, make_bot

DATA = Path(__file__).with_name("same_decisions.json")
RECORD = os.environ.get("RECORD_SAME_DECISIONS") == "1"

# (name, game, seats, options, seed)
TABLES: list[tuple[str, str, int, dict[str, Any], int]] = [
    ("city-family-3", "happy-city", 3, {}, 11),
    ("city-expert-2", "happy-city", 2, {"mode": "expert"}, 12),
    ("town-3", "happiest-town", 3, {}, 13),
    ("happiness-3", "happiness", 3, {}, 14),
    ("lands-2", "sweet-lands", 2, {}, 15),
    ("lands-solo", "sweet-lands", 1, {}, 16),
]
LEVELS = ["easy", "normal", "hard", "expert"]
# The searching levels: worlds per decision, and the steps of the game they play.
SEARCH_WORLDS = 3
SEARCH_STEPS = {"happy-city": 40, "happiest-town": 40, "happiness": 5000, "sweet-lands": 20}


def play(game: str, seats: int, options: dict[str, Any], seed: int, level: str) -> list[str]:
    spec = rules.get_game(game)
    state = spec.new_game([f"Bot {i + 1}" for i in range(seats)], seed=seed, options=options)
    searching = level in ("hard", "expert")
    budget = Budget(seconds=None, iterations=SEARCH_WORLDS) if searching else None
    bots = [make_bot(game, level, seed * 7 + i, budget) for i in range(seats)]
    limit = SEARCH_STEPS[game] if searching else 5000
    keys: list[str] = []
    while not state.is_over and len(keys) < limit:
        seat = state.actors()[0]
        move = bots[seat].choose(state, seat)
        keys.append(move.key)
        state = state.apply(move)
    return keys


def recorded() -> dict[str, list[str]]:
    return json.loads(DATA.read_text()) if DATA.exists() else {}


CASES = [(t, level) for t in TABLES for level in LEVELS]


@pytest.mark.parametrize(("table", "level"), CASES, ids=[f"{t[0]}-{level}" for t, level in CASES])
def test_a_seeded_bot_game_makes_the_recorded_moves(table, level):
    name, game, seats, options, seed = table
    keys = play(game, seats, options, seed, level)
    case = f"{name}-{level}"
    if RECORD:
        data = recorded()
        data[case] = keys
        DATA.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
        return
    want = recorded()[case]
    parted = next((i for i, (a, b) in enumerate(zip(keys, want, strict=False)) if a != b), None)
    assert keys == want, f"{case} parts at step {parted} of {len(want)}"
