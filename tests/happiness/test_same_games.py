"""Seeded Happiness games stay the same game, move for move (issue 45 step 3).

Each game below is played from a seed: random moves (topic toggles, claims, told and
skipped stories, a refused move tried each step) or bots. After every step the test
hashes what the engine shows: every actor's moves with their labels, each seat's view
and the public view, each seat's new log lines, the refusal of the probe move, and now
and then a resampled copy; at the end the result and the save. The digests were
recorded from the engine before it was reshaped (``same_games.json``); a change that
moves any of it fails here, naming the game and the stretch of steps where it parted.

Run with RECORD_SAME_GAMES=1 to record the file afresh (only when a change of the
rules is meant, and say so in the commit).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rules.bots import make_bot
from rules.core import Action, GameState
from rules.happiness import HAPPINESS as SPEC
from tests.same_games import Game, check

DATA = Path(__file__).with_name("same_games.json")

# (name, seats, options, who plays: "random" or a bot level per seat, seed)
GAMES: list[tuple[str, int, dict[str, Any], str, int]] = [
    ("random-2-timer", 2, {}, "random", 1),
    ("random-2-turns-strip", 2, {"silence": "turns", "bummer_scoring": "strip"}, "random", 2),
    ("random-3-timer-young2", 3, {"youngest": 2, "silence_seconds": 8}, "random", 3),
    ("random-3-turns", 3, {"silence": "turns"}, "random", 4),
    ("random-4-timer-strip", 4, {"bummer_scoring": "strip"}, "random", 5),
    ("random-4-turns-young3", 4, {"silence": "turns", "youngest": 3}, "random", 6),
    ("random-5-turns-strip", 5, {"silence": "turns", "bummer_scoring": "strip"}, "random", 8),
    ("random-6-timer-young5", 6, {"youngest": 5, "bummer_scoring": "strip"}, "random", 9),
    ("bots-2-timer", 2, {}, "smart", 11),
    ("bots-3-turns", 3, {"silence": "turns"}, "smart", 12),
    ("bots-4-timer-strip-easy", 4, {"bummer_scoring": "strip"}, "easy", 13),
]


def _random_move(state: GameState, seat: int, rng: random.Random, step: int) -> Action:
    moves = state.legal_actions(seat)
    kinds = {a.kind for a in moves}
    if "toggle_topic" in kinds and rng.random() < 0.6:
        return rng.choice([a for a in moves if a.kind == "toggle_topic"])
    if "claim" in kinds and rng.random() < 0.5:
        return next(a for a in moves if a.kind == "claim")
    if "story" in kinds:
        roll = rng.random()
        if roll < 0.3:
            return Action(seat, "story", (f"  Story {step} of seat {seat}: a day out.  ",))
        if roll < 0.6:
            return next(a for a in moves if a.kind == "skip_story")
    return rng.choice(moves)


def _probe(state: GameState, views: list, seat: int, rng: random.Random) -> Action:
    """A move the seat may or may not make: its refusal (or not) is compared too."""
    hand = views[seat]["hand"] or []
    words = [c["word"] for c in hand] or ["Nothing"]
    kind = rng.choice(["place", "place", "place", "claim", "pass_turn", "story", "close"])
    if kind == "place":
        return Action(seat, "place", (rng.choice(words), rng.randint(-3, 3), rng.randint(-3, 3)))
    if kind == "story":
        return Action(seat, "story", (rng.choice(["", "ok", "x" * 600, "bad\x01"]),))
    return Action(seat, kind, ())


def _hands(state: GameState) -> list:
    return [state.view(s)["hand"] for s in range(len(state.players))]


GAME = Game(SPEC, _probe, _hands)


@pytest.mark.parametrize("name,n,options,who,seed", GAMES, ids=[g[0] for g in GAMES])
def test_seeded_games_play_as_recorded(name, n, options, who, seed):
    if who == "random":
        choose = _random_move
    else:
        bots = [make_bot("happiness", who, seed * 31 + i) for i in range(n)]

        def choose(state, seat, rng, step):
            return bots[seat].choose(state, seat)

    check(DATA, name, GAME.play(n, options, seed, choose))


def test_the_games_cover_every_seat_count_and_both_silences():
    assert {g[1] for g in GAMES} == set(range(SPEC.min_players, SPEC.max_players + 1))
    assert {g[2].get("silence", "timer") for g in GAMES} == {"timer", "turns"}
    assert set(json.loads(DATA.read_text())) == {g[0] for g in GAMES}
