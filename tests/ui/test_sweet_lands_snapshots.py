"""Snapshots of the Sweet Lands screens at 80x24, 120x40 and 160x50 (update with
--snapshot-update, then look at the report). States are real seeded games played by the
bots; the end screens come from whole games."""

from functools import cache

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.demo import (
    controller,
    mid_game,
    new_state,
    play_until,
    solo_mid_game,
)

SIZES = [(80, 24), (120, 40), (160, 50)]
IDS = ["80x24", "120x40", "160x50"]


def make(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    app.animation_level = "none"
    return app


@cache
def finished(players: int, seed: int):
    return play_until(new_state(players, seed), lambda s: s.is_over)


def placing_tiles():
    return mid_game()  # Ann places terrain: legal hexes marked, the cursor on the first


def playing_cards():
    return mid_game(players=2, seed=7, round_=2, want="play")


def four_players():
    return mid_game(players=4, seed=9, round_=3, want="area")


def two_player_end():
    return controller(finished(2, 7), viewer=None)


def solo_end():
    return controller(finished(1, 5), viewer=0)


def opened(factory, *keys):
    async def before(pilot):
        pilot.app.open_game(factory())
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        # let refreshes scheduled after layout (the log's scroll to its newest line) run
        # before the picture is taken, also on a loaded machine
        await pilot.wait_for_scheduled_animations()
        for _ in range(3):
            await pilot.pause()

    return before


SCREENS = {
    "map": (placing_tiles, "m"),
    "tracks": (placing_tiles, "t"),
    "board": (four_players, "b"),
    "hand": (playing_cards, "h"),
    "players": (four_players, "p"),
    "solo_board": (solo_mid_game, "b"),
    "end": (two_player_end,),
    "solo_end": (solo_end,),
    "review_map": (two_player_end, "v", "n"),  # the end screen's final table: Bob's map
}


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("name", list(SCREENS))
def test_snapshot_sweet_lands(snap_compare, tmp_path, name, size):
    factory, *keys = SCREENS[name]
    assert snap_compare(make(tmp_path), terminal_size=size, run_before=opened(factory, *keys))
