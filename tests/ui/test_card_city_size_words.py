"""The city's size line counts in the singular for one (issue 46: "1 buildings")."""

from __future__ import annotations

from textual.widgets import Static

import rules
from tabletop_tui.controller import Controller

from .helpers import make_app


async def town_title(tmp_path, game: str) -> str:
    spec = rules.get_game(game)
    state = spec.new_game(["Ann", "Bob"], seed=1)
    c = Controller(spec, state, [{"kind": "human"}, {"kind": "human"}], viewer=0)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        return str(app.screen.query_one("#hc-city-title", Static).render())


async def test_a_town_of_one_building_says_building(tmp_path):
    said = await town_title(tmp_path, "happiest-town")
    assert "(1 building; 10 ends the game)" in said and "buildings" not in said


async def test_a_city_says_its_cards_out_of_the_size_that_ends_the_game(tmp_path):
    assert "(1/10 cards)" in await town_title(tmp_path, "happy-city")
