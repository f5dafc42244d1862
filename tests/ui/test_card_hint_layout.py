"""Happy City and Happiest Town: the hint panel hides nothing the move needs (issue 46).
Docked along the screen's bottom it took the lower half of the table at 80x24, so the
cards' letters and the specials' effects went out of sight; it now takes the place of
the other players and the log in the right-hand column, and they come back with ?."""

from __future__ import annotations

import asyncio

import pytest

from rules.bots import Budget
from tabletop_tui.coach.hint_panel import HintPanel

from .helpers import make_app
from .positions import table

BUDGET = Budget(seconds=None, iterations=4)
LEFT = ("#hc-left", "#hc-row", "#hc-city", "#hc-dwellings", "#hc-specials", "#hc-effects")


async def settle(pilot, done) -> None:
    for _ in range(200):
        if done():
            return
        await asyncio.sleep(0.02)
        await pilot.pause()
    raise AssertionError("timed out")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("position", ["happy-city-mid", "happiest-town-mid"])
async def test_the_hint_leaves_the_cards_their_letters_and_the_specials_in_place(
    tmp_path, position, size
):
    app = make_app(tmp_path)
    controller = table(position)
    for seat in controller.seats:
        seat["hints"] = True
    async with app.run_test(size=size) as pilot:
        app.open_game(controller)
        await pilot.pause()
        screen = app.screen
        screen.coach.budget = BUDGET
        before = {sel: screen.query_one(sel).region for sel in LEFT}
        await pilot.press("question_mark")
        panel = screen.query_one(HintPanel)
        await settle(pilot, lambda: not panel.query_one("ProgressBar").display)
        await pilot.pause()
        assert {sel: screen.query_one(sel).region for sel in LEFT} == before
        right = screen.query_one("#hc-right").region
        assert right.contains_region(panel.region) and panel.region.height >= 8
        assert not screen.query_one("#hc-tail").display  # the log gives way
        await pilot.press("question_mark")  # closes the hint
        await settle(pilot, lambda: screen.query_one("#hc-tail").display)
        await pilot.pause()
        assert not screen.query(HintPanel) and screen.query_one("#hc-log").region.height
