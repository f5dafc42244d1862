"""Issue 31 item 9, the smaller items seen on screen."""

from textual.containers import VerticalScroll
from textual.widgets import Static

from tabletop_tui.demo import mid_game

from .helpers import make_app


async def test_expert_left_panel_starts_at_the_top_per_player_and_keeps_the_prompt(tmp_path):
    c = mid_game(players=2, moves=20, seed=4, options={"mode": "expert"})
    c.handoff_screens = False  # the banner: the next player takes the keyboard at once
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(c)
        await pilot.pause()
        left = app.screen.query_one("#hc-left", VerticalScroll)
        status = app.screen.query_one("#hc-status", Static)
        left.scroll_end(animate=False)
        await pilot.pause()
        assert left.scroll_y > 0
        assert left.region.contains_region(status.region)  # the prompt stays in sight
        first = c.viewer
        while c.viewer == first:
            app.screen._apply(c.legal()[0])
            await pilot.pause()
        assert left.scroll_y == 0
        assert left.region.contains_region(status.region)
