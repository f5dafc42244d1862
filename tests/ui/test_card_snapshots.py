"""Snapshots of the Happy City Expert, Happiest Town and Happiness screens at 80x24,
120x40 and 160x50 (where the log widens and long card names fit whole), the silence at
the first two (update with
--snapshot-update after looking at the report)."""

import pytest

from tabletop_tui.app import TabletopApp

from .positions import table

SIZES = [(80, 24), (120, 40)]
WITH_WIDE = [*SIZES, (160, 50)]


def make(tmp_path):
    return TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)


def _opened(controller):
    async def before(pilot):
        pilot.app.silence_scale = 1000  # hold any countdown still for the picture
        pilot.app.open_game(controller())
        await pilot.pause()
        await pilot.pause()

    return before


@pytest.mark.parametrize("size", WITH_WIDE)
def test_snapshot_happy_city_expert(snap_compare, tmp_path, size):
    game = _opened(lambda: table("happy-city-expert-mid"))
    assert snap_compare(make(tmp_path), terminal_size=size, run_before=game)


@pytest.mark.parametrize("size", WITH_WIDE)
def test_snapshot_happiest_town(snap_compare, tmp_path, size):
    game = _opened(lambda: table("happiest-town-mid"))
    assert snap_compare(make(tmp_path), terminal_size=size, run_before=game)


@pytest.mark.parametrize("size", WITH_WIDE)
def test_snapshot_happiness(snap_compare, tmp_path, size):
    assert snap_compare(
        make(tmp_path), terminal_size=size, run_before=_opened(lambda: table("happiness-mid"))
    )


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_happiness_silence(snap_compare, tmp_path, size):
    assert snap_compare(
        make(tmp_path),
        terminal_size=size,
        run_before=_opened(lambda: table("happiness-window", viewer=None)),
    )
