"""Seeded games played step by step and hashed, to prove that reshaping an engine
changes no game (issue 45 step 3: "keeping every save, replay and seeded game
identical").

After every step a game's record hashes what the engine shows: every actor's moves
with their labels, each seat's view and the public view, each seat's new log lines,
the refusal (or not) of a probe move, and now and then a resampled copy; at the end
the result, the save and the keys. The record keeps a mark every ``MARK_EVERY``
steps, so a game that parts says where.

A game's test (``tests/<game>/test_same_games.py``) lists its games and how moves and
probes are chosen, and keeps its records in a JSON file beside it, recorded from the
engine before the change; RECORD_SAME_GAMES=1 records them afresh (only when a change
of the rules is meant).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules.core import Action, GameSpec, GameState, IllegalAction

MARK_EVERY = 25  # steps between recorded marks: where a game parted, to 25 steps

# (state, seat, rng, step) -> the move the seat makes
Chooser = Callable[[GameState, int, random.Random, int], Action]
# (state, the views of every seat and the public one, seat, rng) -> a move to try
Prober = Callable[[GameState, list[Any], int, random.Random], Action]
# a resampled copy -> what it redrew that the test compares
Hidden = Callable[[GameState], Any]


def digest(value: Any) -> str:
    # repr, not JSON: four times faster, and a view's key order is part of its shape
    return hashlib.sha256(repr(value).encode()).hexdigest()


def refusal(state: GameState, action: Action) -> str:
    try:
        state.apply(action)
    except IllegalAction as e:
        return str(e)
    return "accepted"


class Game:
    """One seeded game, played and hashed."""

    def __init__(self, spec: GameSpec, probe: Prober, hidden: Hidden) -> None:
        self.spec, self.probe, self.hidden = spec, probe, hidden

    def step_facts(self, state: GameState, seen: list[int], rng: random.Random, step: int) -> list:
        n = len(state.players)
        actors = state.actors()
        moves = [[a.key, a.label] for seat in actors for a in state.legal_actions(seat)]
        views = [state.view(seat) for seat in [*range(n), None]]
        new_lines = []
        for seat in range(n):
            lines = state.log_for(seat)
            new_lines.append(lines[seen[seat] :])
            seen[seat] = len(lines)
        facts: list = [actors, moves, views, new_lines, state.log_for(None)[-3:]]
        if actors:
            seat = rng.choice(actors)
            facts.append(refusal(state, self.probe(state, views, seat, rng)))
        if step % 15 == 7 and actors:
            seat = rng.choice(actors)
            other = state.resample(seat, step)
            facts.append([other.view(None), self.hidden(other)])
            facts.append([a.key for a in other.legal_actions(seat)])
        return facts

    def play(self, n: int, options: dict[str, Any], seed: int, choose: Chooser) -> dict[str, Any]:
        """Play one game, hashing every step; the record the data file keeps of it."""
        state = self.spec.new_game([f"P{i}" for i in range(n)], seed=seed, options=options)
        rng = random.Random(seed)
        seen = [0] * n
        chain = ""
        marks = []
        step = 0
        while True:
            chain = digest([chain, self.step_facts(state, seen, rng, step)])
            if step % MARK_EVERY == 0:
                marks.append(chain[:12])
            if state.is_over:
                break
            seat = rng.choice(state.actors())
            state = state.apply(choose(state, seat, rng, step))
            step += 1
        end = digest([state.result(), self.spec.to_save(state), state.action_keys()])
        return {"steps": step, "marks": marks, "end": end[:16]}


def check(data: Path, name: str, now: dict[str, Any]) -> None:
    """Compare a game's record with the one in ``data`` (or record it, when asked)."""
    if os.environ.get("RECORD_SAME_GAMES"):
        recorded = json.loads(data.read_text()) if data.exists() else {}
        recorded[name] = now
        data.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
        return
    then = json.loads(data.read_text())[name]
    pairs = zip(then["marks"], now["marks"], strict=False)
    parted = next((k for k, (a, b) in enumerate(pairs) if a != b), None)
    assert parted is None, f"{name} parts before step {parted * MARK_EVERY}"
    assert now == then
