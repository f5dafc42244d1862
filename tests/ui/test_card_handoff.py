"""Happy City's hand-off: what can be drawn ahead is, so Enter draws only the private."""

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.controller import Controller
from tabletop_tui.widgets import line_api
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app


async def test_enter_on_the_hand_off_draws_only_what_the_next_player_alone_sees(
    tmp_path, monkeypatch
):
    drawn: list[str] = []
    real = line_api._direct_lines
    monkeypatch.setattr(
        line_api, "_direct_lines", lambda widget, *a: (drawn.append(widget.id), real(widget, *a))[1]
    )
    spec = get_game("happy-city")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        state = spec.new_game(["Ann", "Bob", "Cleo"], seed=3, options={"mode": "expert"})
        c = Controller(spec, state, [{"kind": "human"}] * 3)
        app.open_game(c)
        await pilot.pause()
        game = app.screen_stack[-2]
        status, title = game.query_one("#hc-status"), game.query_one("#hc-city-title")
        chooser, handoffs = make_bot("happy-city", "smart", 9), 0
        while handoffs < 8:
            if not isinstance(app.screen, HandoffScreen):
                game._apply(chooser.choose(c.state, c.viewer))
                await pilot.pause()
                continue
            handoffs += 1
            for delay in (None, 0.05, None):  # the public view, its layout, its lines
                await pilot.pause(delay)
            texts = status._last_text, title._last_text
            drawn.clear()
            await pilot.press("enter")
            await pilot.pause()
            # The prompt and the city (the next player's, named by the hand-off) were
            # drawn under it, and the log scrolled to its end before its lines were
            # drawn, also after the layout the next city asked for.
            assert (status._last_text, title._last_text) == texts
            assert "your turn" in texts[0] and texts[1].startswith("[b]Your city")
            assert "hc-log" not in drawn and "hc-city" not in drawn
