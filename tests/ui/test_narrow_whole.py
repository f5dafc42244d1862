"""Every game's screens whole in the narrow layout (40x30, 45x50, 64x34), in each of
its views: no panel's content is cut where it cannot scroll or shows no scrollbar
(tests/ui/layout_checks.py), at the recorded positions of test_layout_whole."""

import pytest

from .layout_checks import cut_content
from .positions import table
from .test_layout_whole import SCREENS
from .test_narrow_layout import make, tabletop

SIZES = [(40, 30), (45, 50), (64, 34)]
VIEWS = ("f3", "f3", "f3")  # the table, the log, and the play view again


def show(app, name: str, viewer: int | None) -> None:
    """The position's game screen, or its end screen (Sweet Lands opens its own)."""
    controller = table(name, viewer=viewer)
    ends = controller.state.is_over and controller.state.spec.id != "sweet-lands"
    (app.show_end if ends else app.open_game)(controller)


@pytest.mark.parametrize("name", list(SCREENS))
async def test_no_panel_cut_without_a_scroll_cue_in_the_narrow_layout(tmp_path, name):
    viewer, tabs = SCREENS[name]
    cut: list[str] = []
    async with make(tmp_path).run_test(size=SIZES[0]) as pilot:
        tabletop(pilot).silence_scale = 1000  # the silence holds still while we look
        show(pilot.app, name, viewer)
        for size in SIZES:
            await pilot.resize_terminal(*size)
            for key in ("", *VIEWS, *tabs):
                await pilot.press(*([key] if key else []))
                await pilot.pause()
                seen = f"{size[0]}x{size[1]} {type(pilot.app.screen).__name__} {key}"
                cut.extend(f"{seen}: {problem}" for problem in cut_content(pilot.app.screen))
    assert not cut, "\n".join(cut)
