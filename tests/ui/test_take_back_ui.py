"""Issue 31 item 3 on screen: the hand-off (and the banner) take back the move that
ended the turn; Escape on the hand-off goes to the title, as its key bar says."""

from tabletop_tui.demo import mid_game
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.keybar import KeyBar

from .helpers import make_app


async def _end_turn_on_screen(pilot, c) -> object:
    """Ann's first legal moves until her turn ends; the state before her last step."""
    before = c.state
    while c.state.actors() == [0]:
        before = c.state
        pilot.app.screen._apply(c.legal()[0])
        await pilot.pause()
    return before


async def test_the_hand_off_takes_back_the_last_move_and_escape_leaves(tmp_path):
    c = mid_game(players=2, moves=6, seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        before = await _end_turn_on_screen(pilot, c)
        assert isinstance(app.screen, HandoffScreen)
        bar = app.screen.query_one(KeyBar).text()
        assert "u Take back the last move" in bar and "esc Title (game saved)" in bar
        await pilot.press("u")
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)
        assert c.state is before and c.viewer == 0 and c.next_step() == "human"
        await _end_turn_on_screen(pilot, c)
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen" and app.controller is None


async def test_the_banner_takes_back_until_the_next_player_moves(tmp_path):
    c = mid_game(players=2, moves=6, seed=3, game="happiest-town")
    c.handoff_screens = False
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        before = await _end_turn_on_screen(pilot, c)
        assert c.viewer == 1 and not isinstance(app.screen, HandoffScreen)
        assert (c.take_back_label() or "").startswith("Ann's")  # the banner offers it
        await pilot.press("u")
        await pilot.pause()
        assert c.state is before and c.viewer == 0
