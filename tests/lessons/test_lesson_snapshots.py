"""Snapshots of a lesson screen at 80x24 and 120x40 (update with --snapshot-update):
a wrong move explained, with the move asked for and the keys in sight."""

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.navigation import OpenLesson

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_lesson_wrong_move_explained(snap_compare, tmp_path, size):
    async def before(pilot):
        pilot.app.post_message(OpenLesson("happy-city-family"))
        await pilot.pause()
        await pilot.press("enter", "3")  # to the table; deck 3 where the lesson asks deck 1
        await pilot.pause()

    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    assert snap_compare(app, terminal_size=size, run_before=before)
