"""Seeded Happy City and Happiest Town games stay the same game, move for move (issue
45 step 3, before their engines take the one engine shape).

Random games at every player count, in both modes and editions, with the options
varied, and bot games: after every step the test hashes the moves and labels, each
seat's view and the public one, the log, the refusal of a probe move (a kind drawn
at random, with arguments drawn from the names on show) and now and then a resampled
copy (``tests/same_games.py``); the records in ``same_games.json`` were made from the
engines before they were reshaped.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.bots import make_bot
from rules.core import Action, GameState
from tests.same_games import Game, check

DATA = Path(__file__).with_name("same_games.json")

# (name, game, seats, options, who plays: "random" or a bot level per seat, seed)
GAMES: list[tuple[str, str, int, dict[str, Any], str, int]] = [
    ("city-2-family", "happy-city", 2, {}, "random", 1),
    ("city-3-expert", "happy-city", 3, {"mode": "expert"}, "random", 2),
    ("city-4-family-add-box", "happy-city", 4, {"scoring": "add", "bank": "box"}, "random", 3),
    ("city-5-expert-box", "happy-city", 5, {"mode": "expert", "bank": "box"}, "random", 4),
    ("city-2-expert-add", "happy-city", 2, {"mode": "expert", "scoring": "add"}, "random", 5),
    ("city-3-expert-bots", "happy-city", 3, {"mode": "expert"}, "smart", 6),
    ("city-4-family-bots", "happy-city", 4, {}, "easy", 7),
    ("town-2-standard", "happiest-town", 2, {}, "random", 8),
    (
        "town-3-children-box",
        "happiest-town",
        3,
        {"variant": "children", "bank": "box"},
        "random",
        9,
    ),
    ("town-4-standard-box", "happiest-town", 4, {"bank": "box"}, "random", 10),
    ("town-3-standard-bots", "happiest-town", 3, {}, "smart", 11),
]
KINDS = ["buy", "buy", "discard", "claim", "dwelling", "draw", "coin", "pass", "keep"]
KINDS += ["market", "target", "copy", "neighbour"]


def _probe(state: GameState, views: list, seat: int, rng: random.Random) -> Action:
    """A move of a kind drawn at random (mostly one the seat is offered now), with
    arguments drawn from what is on show."""
    view = views[seat]
    names = [c["name"] for c in view["visible"]] + [c["name"] for c in view["specials"]]
    names += [d["name"] for d in view["dwellings"]] + ["Nowhere"]
    offered = sorted({a.kind for a in state.legal_actions(seat)})
    # mostly a kind on offer: its refusals go past "not now" into the rules
    kind = rng.choice(offered if offered and rng.random() < 0.7 else KINDS)
    if kind in ("buy", "discard", "claim", "dwelling", "copy"):
        return Action(seat, kind, (rng.choice(names),))
    if kind in ("draw", "target", "neighbour"):
        return Action(seat, kind, (rng.randint(-1, 5),))
    if kind == "market":
        return Action(seat, kind, (rng.choice([*view["letters"], "pink"]),))
    return Action(seat, kind, ())


def _public(state: GameState) -> Any:
    return state.view(None)["decks"]


def _random_move(state: GameState, seat: int, rng: random.Random, step: int) -> Action:
    return rng.choice(state.legal_actions(seat))


@pytest.mark.parametrize("name,game,n,options,who,seed", GAMES, ids=[g[0] for g in GAMES])
def test_seeded_games_play_as_recorded(name, game, n, options, who, seed):
    choose = _random_move
    if who != "random":
        bots = [make_bot(game, who, seed * 31 + i) for i in range(n)]

        def choose(state, seat, rng, step):
            return bots[seat].choose(state, seat)

    check(DATA, name, Game(rules.get_game(game), _probe, _public).play(n, options, seed, choose))


def test_the_games_cover_every_seat_count_mode_and_edition():
    for game in ("happy-city", "happiest-town"):
        spec = rules.get_game(game)
        assert {g[2] for g in GAMES if g[1] == game} == set(
            range(spec.min_players, spec.max_players + 1)
        )
    assert {g[3].get("mode", "family") for g in GAMES if g[1] == "happy-city"} == {
        "family",
        "expert",
    }
    assert {g[3].get("variant", "standard") for g in GAMES if g[1] == "happiest-town"} == {
        "standard",
        "children",
    }
    assert set(json.loads(DATA.read_text())) == {g[0] for g in GAMES}
