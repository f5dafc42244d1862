"""Snapshot tests of the key screens at 80x24 and 120x40 (update with --snapshot-update),
games drawn at fixed positions (tests/ui/positions)."""

import pytest
from textual.widgets import Input

from tabletop_tui.app import TabletopApp
from tabletop_tui.widgets.common import HandoffScreen

from .positions import table

SIZES = [(80, 24), (120, 40)]


def make(tmp_path):
    return TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)


async def _quiet(pilot):
    for inp in pilot.app.screen.query(Input):
        inp.cursor_blink = False
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_title(snap_compare, tmp_path, size):
    assert snap_compare(make(tmp_path), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_setup(snap_compare, tmp_path, size):
    async def before(pilot):
        await pilot.press("n")
        await pilot.pause()
        await _quiet(pilot)

    assert snap_compare(make(tmp_path), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_game_mid_play(snap_compare, tmp_path, size):
    async def before(pilot):
        pilot.app.open_game(table("happy-city-mid"))
        await pilot.pause()

    assert snap_compare(make(tmp_path), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_handoff(snap_compare, tmp_path, size):
    async def before(pilot):
        pilot.app.push_screen(HandoffScreen("Bob", take_back="Ann's Buy Square for 2"))
        await pilot.pause()

    assert snap_compare(make(tmp_path), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", [*SIZES, (160, 50)])
def test_snapshot_end(snap_compare, tmp_path, size):
    async def before(pilot):
        pilot.app.show_end(table("happy-city-end", viewer=None))
        await pilot.pause()

    assert snap_compare(make(tmp_path), terminal_size=size, run_before=before)
