"""Every game's screens whole at 80x24, 120x40 and 160x50: no panel's content is cut
where it cannot scroll or shows no scrollbar (tests/ui/layout_checks.py), walked over
the widgets of each screen from the recorded positions (tests/ui/positions)."""

import pytest

from tabletop_tui.app import TabletopApp

from .layout_checks import cut_content
from .positions import table

SIZES = [(80, 24), (120, 40), (160, 50)]

# position, the seat at the keyboard (None: the public view), the keys pressed after
# opening (a Sweet Lands tab each: every panel of the game gets its turn on screen)
SCREENS = {
    "happy-city-mid": (0, ()),
    "happy-city-expert-mid": (0, ()),
    "happiest-town-mid": (0, ()),
    "happiness-mid": (0, ()),
    "happiness-window": (None, ()),
    "sweet-lands-cards": (0, ("m", "t", "h")),
    "sweet-lands-four": (0, ("b", "p")),
    "sweet-lands-solo-mid": (0, ("b",)),
    "sweet-lands-end-2p": (None, ()),
    "sweet-lands-end-solo": (0, ()),
    "happy-city-end": (None, ()),
}


@pytest.mark.parametrize("name", list(SCREENS))
async def test_no_panel_cut_without_a_scroll_cue(tmp_path, name):
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
            for key in ("", *keys):
                if key:
                    await pilot.press(key)
                    await pilot.pause()
                where = f"{size[0]}x{size[1]} {type(app.screen).__name__} {key}"
                cut += [f"{where}: {problem}" for problem in cut_content(app.screen)]
    assert not cut, "\n".join(cut)


async def test_the_check_finds_text_cut_without_a_cue_and_passes_it_with_a_scrollbar():
    """The check itself can fail: five lines in a two-line box are cut; the same box
    in a scrolling panel of two lines shows its scrollbar and passes."""
    from textual.app import App
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    five = "\n".join(f"line {k}" for k in range(5))

    class Cut(App):
        CSS = "#box { height: 2; } VerticalScroll { height: 2; } #inner { height: auto; }"

        def compose(self):
            yield Static(five, id="box")
            with VerticalScroll():
                yield Static(five, id="inner")

    async with Cut().run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert cut_content(pilot.app.screen) == ["Static#box: text of 5 lines in 2"]
