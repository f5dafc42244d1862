"""Happiest Town through the real UI: a whole game by key presses, with its own screen."""

from rules import get_game
from tabletop_tui.app import TabletopApp
from tabletop_tui.controller import Controller

from .helpers import play_to_end


async def test_happiest_town_two_humans_by_keys(tmp_path):
    spec = get_game("happiest-town")
    c = Controller(spec, spec.new_game(["Ann", "Bob"], seed=6), [{"kind": "human"}] * 2)
    app = TabletopApp(data_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        # half a game by keys, hand-offs or banners between the two (the children's
        # game below plays to the end screen)
        await play_to_end(pilot, game_id="happiest-town", until=lambda s: s.step >= 24)
        assert c.state.step >= 24 and not c.state.is_over


async def test_happiest_town_children_variant_at_80x24(tmp_path):
    spec = get_game("happiest-town")
    c = Controller(
        spec,
        spec.new_game(["Ann", "Bob", "Cleo"], seed=2, options={"variant": "children"}),
        [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
    )
    app = TabletopApp(data_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        assert type(app.screen).__name__ == "HappiestTownScreen"
        await play_to_end(pilot, game_id="happiest-town")
        assert c.state.is_over
