"""Choosing a Sweet Lands character (issue 46): the Enter > box above the moves holds a
character's first lines only, while the map panel stood empty; the panel now shows the
highlighted character whole, in the explainer's words, and follows the highlight."""

from __future__ import annotations

from textual.widgets import Static

from rules.sweet_lands import SWEET_LANDS
from tabletop_tui.games.sweet_lands.demo import controller

from .test_sweet_lands_play import make_app

SPEC = SWEET_LANDS


async def test_the_empty_map_panel_shows_the_highlighted_character_whole(tmp_path):
    state = SPEC.new_game(["Ann"], seed=1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(controller(state, 0))
        await pilot.pause()
        for index in (0, 1):
            await pilot.press("down")
            await pilot.pause()
            move = state.legal_actions(0)[index]
            told = SPEC.explainer.action(state, 0, move).text()
            shown = str(app.screen.query_one("#sl-hexinfo", Static).render())
            assert shown == told and "Clock Tower condition" in shown
            assert app.screen.query_one("#sl-hexinfo").region.height >= len(told.splitlines())
