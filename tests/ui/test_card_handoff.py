"""Happy City's hand-off: what can be drawn ahead is, so Enter draws only the private."""

from textual._styles_cache import StylesCache
from textual.app import App
from textual.geometry import Region

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.controller import Controller
from tabletop_tui.widgets import line_api
from tabletop_tui.widgets.card_grid import CardGrid
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app


async def test_enter_on_the_hand_off_draws_only_what_the_next_player_alone_sees(
    tmp_path, monkeypatch
):
    drawn: list[str] = []  # the boxes drawn afresh (not from lines they keep)
    real = line_api._direct_lines
    monkeypatch.setattr(
        line_api, "_direct_lines", lambda widget, *a: (drawn.append(widget.id), real(widget, *a))[1]
    )
    styled = StylesCache.render_widget  # (Textual's: every other box's lines pass here)
    monkeypatch.setattr(
        StylesCache,
        "render_widget",
        lambda cache, widget, crop: (drawn.append(widget.id), styled(cache, widget, crop))[1],
    )
    kept = {"hc-status", "hc-city-title", "hc-others", "hc-log", "hc-city"}
    kept |= {"hc-main", "hc-left", "hc-right", "hc-central", "hc-decks"}  # their fill
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
            assert not kept.intersection(drawn)


class Grid(App):
    def compose(self):
        yield CardGrid("row", 3)


async def test_a_grid_drawn_again_filters_only_what_it_had_not_drawn(monkeypatch):
    view = get_game("happy-city").new_game(["Ann", "Bob"], seed=3).view(0)
    cards = [dict(pile["card"], name=pile["name"]) for pile in view["dwellings"]][:3]
    app = Grid()
    async with app.run_test(size=(60, 12)) as pilot:
        grid = app.query_one(CardGrid)
        grid.show([(card, "", False) for card in cards])  # one full row: no padding
        await pilot.pause()
        whole = Region(0, 0, *grid.size)
        grid.render_lines(whole)
        filtered = []
        for line_filter in grid.get_line_filters():
            real = line_filter.apply
            monkeypatch.setattr(
                line_filter, "apply", lambda *a, real=real: (filtered.append(1), real(*a))[1]
            )
        grid.refresh()  # the same cards, drawn again: their kept lines are filtered already
        grid.render_lines(whole)
        assert grid.get_line_filters() and not filtered


async def test_a_card_whose_lines_fit_is_laid_out_without_textwrap(monkeypatch):
    from tabletop_tui.widgets import card_grid

    view = get_game("happy-city").new_game(["Ann", "Bob"], seed=3).view(0)
    cards = [(dict(pile["card"], name=pile["name"]), "", True) for pile in view["dwellings"]]
    app = Grid()
    async with app.run_test(size=(90, 20)) as pilot:
        grid = app.query_one(CardGrid)
        wrapped = []
        real = card_grid.textwrap.wrap
        monkeypatch.setattr(card_grid.textwrap, "wrap", lambda *a: (wrapped.append(a), real(*a))[1])
        grid.show(cards, wrap_names=False)
        await pilot.pause()
        assert cards and grid._faces and not wrapped
        assert card_grid.wrap(" two  words ", 20) == real(" two  words ", 20)
