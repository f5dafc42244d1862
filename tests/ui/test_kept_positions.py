"""The Sweet Lands mid-game positions the tests share (``positions.mid_game``, each
found once a process) are the demo's own, found anew; and a controller of a kept
position is the caller's alone: moves made on it change no later caller's."""

from __future__ import annotations

from typing import Any

from rules.bots import make_bot
from rules.sweet_lands import SWEET_LANDS
from tabletop_tui.games.sweet_lands import demo

from .positions import mid_game

# arguments the tests use, each differing from another in one of them (players, seed,
# round, move wanted; the demo's defaults)
CASES: list[dict[str, Any]] = [
    {"players": 1, "seed": 7, "round_": 2, "want": "area"},
    {"players": 1, "seed": 7, "round_": 2, "want": "hex"},
    {"players": 2, "seed": 8, "round_": 2, "want": "area"},
    {"players": 2, "seed": 7, "round_": 2, "want": "hex"},
    {"want": "hex"},
]


def facts(c) -> tuple:
    """What a screen reads of a controller: its save, views, legal moves and seat."""
    views = [c.state.view(seat) for seat in range(len(c.state.players))]
    return SWEET_LANDS.to_save(c.state), views, c.state.view(None), c.legal(), c.viewer


def test_a_kept_mid_game_is_the_demos_found_anew():
    for args in CASES:
        assert facts(mid_game(**args)) == facts(demo.mid_game(**args)), args


def test_moves_on_a_kept_mid_game_leave_the_next_callers_alone():
    args = {"players": 2, "seed": 7, "round_": 2, "want": "hex"}
    played = mid_game(**args)
    bot = make_bot("sweet-lands", "smart", 3)
    for _ in range(5):
        assert played.act(bot.choose(played.state, played.state.actors()[0]))
    assert facts(mid_game(**args)) == facts(demo.mid_game(**args)) != facts(played)
