"""Snapshots of the Sweet Lands screens at 80x24, 120x40 and 160x50 (update with
--snapshot-update, then look at the report). States are recorded positions of real
seeded games (tests/ui/positions): a bot's change never moves them; the end screens
come from whole games."""

import pytest

from tabletop_tui.app import TabletopApp

from .positions import table

SIZES = [(80, 24), (120, 40), (160, 50)]
IDS = ["80x24", "120x40", "160x50"]


def make(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    app.animation_level = "none"
    return app


def placing_tiles():
    return table("sweet-lands-placing")  # Ann places terrain: legal hexes marked


def playing_cards():
    return table("sweet-lands-cards")


def four_players():
    return table("sweet-lands-four")


def solo_mid_game():
    return table("sweet-lands-solo-mid")


def two_player_end():
    return table("sweet-lands-end-2p", viewer=None)


def solo_end():
    return table("sweet-lands-end-solo")


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
