"""The key bar, and the hand-off's public view."""

import pytest
from textual.app import App

from rules.happy_city import HAPPY_CITY

from ..expect import given


class Keys(App):
    BINDINGS = [("a", "one", "One"), ("b", "two", "Two")]
    allowed = True

    def compose(self):
        from tabletop_tui.widgets.keybar import KeyBar

        yield KeyBar()

    def check_action(self, action, parameters):
        return True if action != "two" or self.allowed else None

    def action_two(self):
        self.ran = True


async def test_key_bar_redraws_when_a_key_dims_and_clicks_still_run_unchanged_keys():
    from tabletop_tui.widgets.keybar import KeyBar

    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        assert bar.text() == " a One  b Two"
        hits = [hit[:2] for hit in bar._hits]
        bar.redraw()  # the same keys: the line stays, the keys still answer clicks
        assert [hit[:2] for hit in bar._hits] == hits and bar.text() == " a One  b Two"
        await pilot.click(KeyBar, offset=(hits[1][0] + 1, 0))
        assert getattr(app, "ran", False)
        app.allowed = False
        app.refresh_bindings()
        await pilot.pause()
        assert [hit[:2] for hit in bar._hits] == hits[:1]  # dimmed: no longer clickable
        assert bar.text() == " a One  b Two"
        assert [enabled for _key, _text, enabled in given(bar._drawn)[2]] == [True, False]


async def test_key_bar_takes_the_new_themes_colours_when_the_theme_changes():
    from tabletop_tui.widgets.keybar import KeyBar

    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        before = given(bar._drawn)[0]
        app.theme = "nord" if app.theme != "nord" else "gruvbox"
        await pilot.pause()
        await pilot.pause()
        now = bar.get_component_styles("keybar--key").partial_rich_style
        assert now != before  # the two themes differ in the key colour
        assert given(bar._drawn)[0] == now  # and the drawn line uses the new one


async def two_humans_at_happy_city(pilot):
    """Ann and Bob at Happy City (seed 3), past the first hand-off: the controller
    and the game screen."""
    from tabletop_tui.controller import Controller

    spec = HAPPY_CITY
    c = Controller(spec, spec.new_game(["Ann", "Bob"], seed=3), [{"kind": "human"}] * 2)
    pilot.app.open_game(c)
    await pilot.pause()
    game = pilot.app.screen_stack[-2]
    await pilot.press("enter")
    await pilot.pause()
    return c, game


async def test_the_key_ending_a_turn_shows_the_hand_off_first_then_the_public_view(tmp_path):
    from textual.widgets import OptionList

    from tabletop_tui.widgets.common import HandoffScreen

    from .helpers import make_app

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c, game = await two_humans_at_happy_city(pilot)
        status = game.query_one("#hc-status")
        while True:
            ends_turn = [a for a in c.legal() if a.kind in ("buy", "coin", "dwelling")]
            if ends_turn:
                break
            game._apply(c.legal()[-1])
            await pilot.pause()
        assert "your turn" in str(status.content)
        game._apply(ends_turn[0])  # the move that hands the terminal on
        assert isinstance(app.screen, HandoffScreen) and c.viewer is None
        await pilot.pause()
        # The public view, under the hand-off: the next player's prompt (who is next is
        # public), none of their moves.
        ahead = str(status.content)
        assert f"{c.state.players[c.pending]}[/b], your turn" in ahead
        assert game.query_one(OptionList).option_count == 0
        await pilot.press("enter")
        await pilot.pause()
        assert game.query_one(OptionList).option_count


@pytest.mark.parametrize("drawn_first", [True, False])
async def test_no_notice_from_the_last_turn_stays_on_the_hand_off_screen(tmp_path, drawn_first):
    """A notice of the last player's (a forced step names its card) is gone when the
    hand-off screen asks for the next player: one on show during the turn, and one said
    in the same handler as the hand-off (the seat's part ends with its forced step),
    which reaches the app (App.notify posts it) after the hand-off cleared the notices."""
    from tabletop_tui.widgets.common import HandoffScreen

    from .helpers import make_app, screen_text

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:  # toasts drawn
        c, game = await two_humans_at_happy_city(pilot)
        while not (ends := [a for a in c.legal() if a.kind in ("buy", "coin", "dwelling")]):
            game._apply(c.legal()[-1])
            await pilot.pause()
        game.notify("Only one choice, taken: Quokka.", title="Automatic")
        if drawn_first:
            await pilot.pause()
            await pilot.pause()
            assert "Quokka" in screen_text(app)  # on show during the turn
        game._apply(ends[0])
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        shown = screen_text(app)
        assert "Pass the terminal" in shown and "Quokka" not in shown
