"""Same games: seeded random games replay step for step as recorded (issue 47).

A speed change must not change a rule. Each recorded game is played again with the
same seed, options and move choices, and the digest of every step is compared with the
one recorded from the tree before the engine work: the view of the seat to move, the
lines the log gained (private lines included, so the other seats' hidden draws count
too), the legal moves with their labels and the move played; at the end, every seat's
view, the whole log and the result. Recorded in same_games.json; to record again after a deliberate rule
change (and only then):

    .venv/bin/python -m tests.sweet_lands.test_same_games --record
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC

RECORDED = Path(__file__).with_name("same_games.json")
# option sets tried in turn (the defaults first), as benchmarks/sl_same_games.py
OPTION_SETS: list[dict[str, str]] = [
    {},
    {"milestones": "face_up", "granted_costs": "paid"},
    {"turn_order": "pass_order", "character_boards": "any"},
    {"draft": "on", "advanced_skills": "on", "skill_tiles": "mixed"},
]
GAMES = [(n, 1000 * n + g, g % len(OPTION_SETS)) for n in range(1, 5) for g in range(4)]
STEP_CHARS = 6  # hex characters kept of each step's digest: a change shows at its step


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def play(players: int, seed: int, options: dict[str, str]) -> tuple[list[str], str]:
    """Play one seeded random game; the digest of each step and of the end."""
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
    choose = random.Random(f"{players}:{seed}")
    steps: list[str] = []
    logged = 0  # the log only grows: each step hashes the entries new since the last
    while not state.is_over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        move = legal[choose.randrange(len(legal))]
        step = hashlib.sha256()
        step.update(_text(state.view(seat)).encode())
        entries = state.log_entries()
        step.update(_text([(e.text, e.seat) for e in entries[logged:]]).encode())
        logged = len(entries)
        step.update(_text([(a.key, a.label) for a in legal]).encode())
        step.update(move.key.encode())
        steps.append(step.hexdigest()[:STEP_CHARS])
        state = state.apply(move)
    end = hashlib.sha256(_text(state.result()).encode())
    for seat in range(players):
        end.update(_text(state.view(seat)).encode())
    end.update(_text([(e.text, e.seat) for e in state.log_entries()]).encode())
    return steps, end.hexdigest()[:16]


def _name(players: int, seed: int) -> str:
    return f"{players}p-{seed}"


@pytest.mark.parametrize(
    ("players", "seed", "option_set"), GAMES, ids=[_name(*g[:2]) for g in GAMES]
)
def test_seeded_games_replay_every_recorded_step(players: int, seed: int, option_set: int) -> None:
    recorded = json.loads(RECORDED.read_text())[_name(players, seed)]
    options = OPTION_SETS[option_set]
    assert recorded["options"] == options
    steps, end = play(players, seed, options)
    want = recorded["steps"].split()
    for i, (got, was) in enumerate(zip(steps, want, strict=False)):
        assert got == was, f"step {i} of {_name(players, seed)} differs from the recording"
    assert len(steps) == len(want), "the game took a different number of moves"
    assert end == recorded["end"], "the final views, log or result differ"


def record() -> None:
    games = {}
    for players, seed, option_set in GAMES:
        options = OPTION_SETS[option_set]
        steps, end = play(players, seed, options)
        games[_name(players, seed)] = {"options": options, "steps": " ".join(steps), "end": end}
    RECORDED.write_text(json.dumps(games, indent=1) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        raise SystemExit("usage: python -m tests.sweet_lands.test_same_games --record")
    record()
