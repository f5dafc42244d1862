"""Every game's screens whole in the narrow layout (40x30, 45x50, 64x34), in each of
its views: no panel's content is cut where it cannot scroll or shows no scrollbar
(tests/ui/layout_checks.py), at the recorded positions of test_layout_whole."""

import pytest

from tabletop_tui.app import TabletopApp

from .layout_checks import cut_content
from .positions import table
from .test_layout_whole import SCREENS

SIZES = [(40, 30), (45, 50), (64, 34)]
VIEWS = ("", "f3", "f3", "f3")  # play, table, log, and play again


@pytest.mark.parametrize("name", list(SCREENS))
async def test_no_panel_cut_without_a_scroll_cue_in_the_narrow_layout(tmp_path, name):
    viewer, keys = SCREENS[name]
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    app.animation_level = "none"
    cut = []
    async with app.run_test(size=SIZES[0]) as pilot:
        app.silence_scale = 1000  # the silence holds still while we look
        controller = table(name, viewer=viewer)
        if controller.state.is_over and controller.state.spec.id != "sweet-lands":
            app.show_end(controller)
        else:
            app.open_game(controller)  # Sweet Lands opens its own end screen
        await pilot.pause()
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            for key in (*VIEWS, *keys):
                if key:
                    await pilot.press(key)
                    await pilot.pause()
                where = f"{size[0]}x{size[1]} {type(app.screen).__name__} {key}"
                cut += [f"{where}: {problem}" for problem in cut_content(app.screen)]
    assert not cut, "\n".join(cut)
