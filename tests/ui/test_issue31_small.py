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


async def test_setup_starts_from_the_last_table_and_keeps_the_next_but_never_a_seed(tmp_path):
    from textual.widgets import Input, Select

    from tabletop_tui.settings import load_settings, save_setting

    kinds = ["human", "human", "bot:hard", "human", "human"]
    last = {"game": "happiest-town", "count": 3, "names": ["Ann", "Zoe", "Cleo"]}
    save_setting(
        tmp_path, "last_table", {**last, "kinds": kinds, "options": {"variant": "children"}}
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert setup.query_one("#setup-game", Select).value == "happiest-town"
        assert setup.query_one("#setup-count", Select).value == 3
        assert setup.query_one("#opt-variant", Select).value == "children"
        assert setup.query_one("#seat-name-1", Input).value == "Zoe"
        assert setup.query_one("#seat-kind-2", Select).value == "bot:hard"
        assert setup.query_one("#setup-seed", Input).value == ""
        setup.query_one("#seat-name-0", Input).value = "Max"
        setup.query_one("#setup-seed", Input).value = "42"
        await pilot.press("ctrl+s")
        await pilot.pause()
        kept = load_settings(tmp_path)["last_table"]
        assert kept["names"][:3] == ["Max", "Zoe", "Cleo"] and kept["count"] == 3
        assert kept["kinds"][2] == "bot:hard" and kept["options"]["variant"] == "children"
        assert "42" not in str(kept) and "seed" not in kept
