"""Hand-offs only where something is private: Happy City and Happiest Town pass the
keyboard with a banner naming the next player, unless the table chose the hand-off
screen at setup; Happiness, with hands, always hands off."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from rules import get_game
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app


async def _play_until_turn_passes(pilot, c) -> None:
    """Ann plays her turn (first legal moves) until the turn is Bob's."""
    first = c.state.actors()[0]
    for _ in range(20):
        if c.state.actors() != [first] or isinstance(pilot.app.screen, HandoffScreen):
            return
        pilot.app.screen._apply(c.legal()[0])
        await pilot.pause()


async def start_from_setup(pilot, field: str, value) -> None:
    """Title -> setup, one field set, Ctrl+S starts the game."""
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one(field, Select).value = value
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


@pytest.mark.parametrize("index,game", [(0, "happy-city"), (1, "happiest-town")])
async def test_a_game_with_nothing_hidden_passes_the_turn_with_a_banner(tmp_path, index, game):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await start_from_setup(pilot, "#setup-game", game)
        c = app.controller
        assert get_game(game).private_info is False and c.handoff_screens is False
        assert not isinstance(app.screen, HandoffScreen) and c.viewer == 0
        await _play_until_turn_passes(pilot, c)
        assert not isinstance(app.screen, HandoffScreen)
        assert c.viewer == 1 and c.next_step() == "human"
        assert any("Bob's turn" in n.message for n in app.notes)


async def test_the_table_may_ask_for_the_hand_off_screen_anyway(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_setup(pilot, "#setup-handoff", True)
        assert isinstance(app.screen, HandoffScreen)  # the first player is asked for
        await pilot.press("enter")
        await pilot.pause()
        c = app.controller
        assert c.handoff_screens is True
        await _play_until_turn_passes(pilot, c)
        assert isinstance(app.screen, HandoffScreen)


async def test_a_game_with_hands_always_hands_off(tmp_path):
    assert get_game("happiness").private_info is True
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#setup-game", Select).value = "happiness"
        await pilot.pause()
        assert not app.screen.query("#setup-handoff")  # no choice to offer
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
