"""The widgets that draw themselves straight to strips draw what Textual's own would."""

from textual.app import App
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from tabletop_tui.widgets.line_api import _plain_box
from tabletop_tui.widgets.scrollbar import FastScrollbars


class FastScroll(FastScrollbars, VerticalScroll):
    pass


class Pair(App):
    CSS = "VerticalScroll { width: 1fr; height: 1fr; }"

    def compose(self):
        for cls in (VerticalScroll, FastScroll):
            with cls():
                yield Static("\n".join(f"line {n}" for n in range(60)))


def _cells(strips):
    return [[(seg.text, seg.style) for seg in strip] for strip in strips]


async def test_fast_scrollbar_draws_what_textuals_draws():
    app = Pair()
    async with app.run_test(size=(40, 18)) as pilot:
        stock, fast = app.query(VerticalScroll)
        for y in (0, 1, 7, 20, 44, 999):
            for scroller in (stock, fast):
                scroller.scroll_to(y=y, animate=False)
            await pilot.pause()
            bars = stock.vertical_scrollbar, fast.vertical_scrollbar
            assert type(bars[1]).__name__ == "FastScrollBar"
            assert bars[0].size == bars[1].size and bars[0].size.height > 0
            whole = Region(0, 0, *bars[0].size)
            part = Region(0, 3, bars[0].size.width, 5)
            for crop in (whole, part):
                assert _cells(bars[1].render_lines(crop)) == _cells(bars[0].render_lines(crop))
        stock.vertical_scrollbar.mouse_over = fast.vertical_scrollbar.mouse_over = True
        await pilot.pause()
        whole = Region(0, 0, *stock.vertical_scrollbar.size)
        assert _cells(fast.vertical_scrollbar.render_lines(whole)) == _cells(
            stock.vertical_scrollbar.render_lines(whole)
        )


async def test_card_grids_and_log_draw_straight_what_the_styles_cache_would(tmp_path):
    from textual.widget import Widget

    from tabletop_tui.demo import mid_game
    from tabletop_tui.widgets.card_grid import CardGrid
    from tabletop_tui.widgets.log import LogView

    from .helpers import make_app

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(players=4, moves=60, options={"mode": "expert"}))
        await pilot.pause()
        widgets = [*app.screen.query(CardGrid), app.screen.query_one(LogView)]
        assert len(widgets) == 5
        for widget in widgets:
            if not widget.display:
                continue
            assert _plain_box(widget)  # so the direct path is the one drawing
            whole = Region(0, 0, *widget.size)
            part = Region(2, 1, max(1, widget.size.width - 5), max(1, widget.size.height - 2))
            for crop in (whole, part):
                direct = widget.render_lines(crop)
                widget._styles_cache.clear()
                stock = Widget.render_lines(widget, crop)
                assert _cells(direct) == _cells(stock), (widget, crop)


async def test_a_hand_off_draws_the_public_screen_ahead(tmp_path):
    from rules import get_game
    from tabletop_tui.controller import Controller
    from tabletop_tui.widgets.common import HandoffScreen

    from .helpers import make_app

    spec = get_game("happy-city")
    state = spec.new_game(["Ann", "Bob"], seed=3)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = Controller(spec, state, [{"kind": "human"}] * 2)
        app.open_game(c)
        await pilot.pause()
        while not isinstance(app.screen, HandoffScreen):
            app.screen._apply(c.legal()[0])
            await pilot.pause()
        await pilot.pause()
        game = app.screen_stack[-2]
        others = game.query_one("#hc-others")
        assert c.viewer is None  # only the public view is on the screen below
        assert not others._styles_cache._dirty_lines and not others._dirty_regions
        assert "Ann" in others._render_cache.lines[0].text  # drawn, not just marked clean


async def test_a_move_that_changes_the_move_list_lays_nothing_out_at_120x40(tmp_path):
    from textual.widgets import OptionList

    from tabletop_tui.demo import mid_game
    from tabletop_tui.widgets.log import LogView

    from .helpers import make_app

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = mid_game(players=4, moves=60, options={"mode": "expert"})
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        assert c.view()["stage"] == "discard"
        moves, log = screen.query_one(OptionList), screen.query_one(LogView)
        before = (moves.option_count, moves.region, log.region, len(log._lines))
        layouts = []
        real = screen._refresh_layout
        screen._refresh_layout = lambda *a, **k: (layouts.append(1), real(*a, **k))[1]
        await pilot.press("k")  # keep the row: the list now offers what can be bought
        await pilot.pause()
        assert c.view()["stage"] == "buy" and moves.option_count != before[0]
        assert (moves.region, log.region) == before[1:3]
        assert layouts == []
        log.set_entries([*log.entries, "A line more in the log."])  # longer, as after a move
        await pilot.pause()
        assert layouts == [] and log.max_scroll_y > 0
        assert log._lines[-1] in log.render_line(log.size.height - 1).text  # still at the end
        state = c.state
        await pilot.press("enter")  # the list still answers Enter
        await pilot.pause()
        assert c.state is not state


class Lists(App):
    CSS = "OptionList { height: 8; width: 30; }"

    def compose(self):
        from textual.widgets import OptionList

        from tabletop_tui.widgets.moves import MoveList

        yield OptionList()
        yield MoveList()


async def test_move_list_draws_what_an_option_list_draws_when_moves_come_back():
    from textual.widgets.option_list import Option

    from tabletop_tui.widgets.moves import MoveList

    first = [Option(f"Buy card {n} for {n} coins", id=f"b{n}") for n in range(12)]
    second = [Option("Take a coin (C)", id="coin"), Option("Draw from deck 2", id="d2")]
    app = Lists()
    async with app.run_test(size=(70, 20)) as pilot:
        stock, moves = app.query_one("OptionList"), app.query_one(MoveList)
        for options, highlight in ((first, 3), (second, 1), (first, 0), (first, 11)):
            stock.clear_options()
            stock.add_options(options)
            moves.set_moves(options)
            stock.highlighted = moves.highlighted = highlight
            drawings = []
            for widget in (stock, moves):
                widget.focus()
                await pilot.pause()
                drawings.append(_cells(widget.render_lines(Region(0, 0, *widget.size))))
            assert drawings[0] == drawings[1], (options[0].prompt, highlight)
            # the first set's drawn lines are kept while other moves are shown
            assert any(look[0] == "Buy card 3 for 3 coins" for look in moves._drawn)


async def test_move_list_draws_moves_come_back_at_another_place_from_memory():
    from textual.widgets import OptionList
    from textual.widgets.option_list import Option

    from tabletop_tui.widgets.moves import MoveList

    first = [Option(f"Buy card {n} for {n} coins", id=f"b{n}") for n in range(4)]
    # the same moves one place further down under a new one, as after a hand-off
    shifted = [Option("Take a coin (C)", id="coin")]
    shifted += [Option(str(o.prompt), id=o.id) for o in first]
    app = Lists()
    async with app.run_test(size=(70, 20)) as pilot:
        stock, moves = app.query_one("OptionList"), app.query_one(MoveList)
        fresh: list[str] = []
        real = OptionList._get_option_render

        def counted(self, option, style):
            if self is moves:
                fresh.append(str(option.prompt))
            return real(self, option, style)

        OptionList._get_option_render = counted  # type: ignore[method-assign]
        try:
            for options, highlight in ((first, 2), (shifted, 3)):  # "Buy card 2" both times
                fresh.clear()
                stock.clear_options()
                stock.add_options(options)
                moves.set_moves(options, highlight)
                stock.highlighted = highlight
                drawings = []
                for widget in (stock, moves):
                    widget.focus()
                    await pilot.pause()
                    drawings.append(_cells(widget.render_lines(Region(0, 0, *widget.size))))
                assert drawings[0] == drawings[1]  # the mouse's tags too (in the styles)
        finally:
            OptionList._get_option_render = real  # type: ignore[method-assign]
        assert set(fresh) == {"Take a coin (C)"}  # the moves that moved come from memory
        await pilot.click(MoveList, offset=(4, 2))  # the third line: the second move
        assert moves.highlighted == 1 and stock.highlighted == 3


class NowrapLists(Lists):
    CSS = "OptionList { height: 8; width: 30; text-wrap: nowrap; text-overflow: ellipsis; }"


async def test_move_list_counts_the_lines_of_unwrapped_moves_as_textual_measures_them():
    from textual.widgets.option_list import Option

    from tabletop_tui.widgets import moves as moves_module
    from tabletop_tui.widgets.moves import MoveList

    options = [
        Option("Use map Side A\n. P w w f\n P w w E f", id="a"),  # a map preview
        Option("[b]Pass[/b] for the rest of the round, and a long tail past the edge", id="p"),
        Option("Ends in a newline\n", id="n"),
        Option("", id="e"),
        Option("A \\[bracket] and [dim]dim[/dim]", id="x"),
    ]
    options[1]._divider = True  # a rule under it
    app = NowrapLists()
    async with app.run_test(size=(70, 20)) as pilot:
        stock, moves = app.query_one("OptionList"), app.query_one(MoveList)
        measured = []
        real = moves_module.option_height
        moves_module.option_height = lambda *a: measured.append(a) or real(*a)
        try:
            stock.add_options(options)
            moves.set_moves(options)
        finally:
            moves_module.option_height = real
        await pilot.pause()
        assert measured  # the list counted the lines itself
        assert moves._line_cache.lines == stock._line_cache.lines
        assert moves._line_cache.heights == stock._line_cache.heights
        assert moves.virtual_size == stock.virtual_size


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
        assert bar.text() == " a One  b Two "
        hits = [hit[:2] for hit in bar._hits]
        bar.redraw()  # the same keys: the line stays, the keys still answer clicks
        assert [hit[:2] for hit in bar._hits] == hits and bar.text() == " a One  b Two "
        await pilot.click(KeyBar, offset=(hits[1][0] + 1, 0))
        assert getattr(app, "ran", False)
        app.allowed = False
        app.refresh_bindings()
        await pilot.pause()
        assert [hit[:2] for hit in bar._hits] == hits[:1]  # dimmed: no longer clickable
        assert bar.text() == " a One  b Two "
        assert [enabled for _key, _text, enabled in bar._drawn[2]] == [True, False]


async def test_key_bar_takes_the_new_themes_colours_when_the_theme_changes():
    from tabletop_tui.widgets.keybar import KeyBar

    app = Keys()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        bar = app.query_one(KeyBar)
        before = bar._drawn[0]
        app.theme = "nord" if app.theme != "nord" else "gruvbox"
        await pilot.pause()
        await pilot.pause()
        now = bar.get_component_styles("keybar--key").partial_rich_style
        assert now != before  # the two themes differ in the key colour
        assert bar._drawn[0] == now  # and the drawn line uses the new one


async def test_the_key_ending_a_turn_shows_the_hand_off_first_then_the_public_view(tmp_path):
    from textual.widgets import OptionList

    from rules import get_game
    from tabletop_tui.controller import Controller
    from tabletop_tui.widgets.common import HandoffScreen

    from .helpers import make_app

    spec = get_game("happy-city")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = Controller(spec, spec.new_game(["Ann", "Bob"], seed=3), [{"kind": "human"}] * 2)
        app.open_game(c)
        await pilot.pause()
        game = app.screen_stack[-2]
        await pilot.press("enter")
        await pilot.pause()
        status = game.query_one("#hc-status")
        while True:
            ends_turn = [a for a in c.legal() if a.kind in ("buy", "coin", "dwelling")]
            if ends_turn:
                break
            game._apply(c.legal()[-1])
            await pilot.pause()
        mine = status._last_text
        assert "your turn" in mine
        game._apply(ends_turn[0])  # the move that hands the terminal on
        assert isinstance(app.screen, HandoffScreen) and c.viewer is None
        assert status._last_text == mine  # not drawn again before the hand-off shows
        await pilot.pause()
        # The public view, under the hand-off: the next player's prompt (who is next is
        # public) is drawn ahead, none of their moves.
        ahead = status._last_text
        assert f"{c.state.players[c.pending]}[/b], your turn" in ahead
        assert game.query_one(OptionList).option_count == 0
        await pilot.press("enter")
        await pilot.pause()
        assert status._last_text == ahead and game.query_one(OptionList).option_count


class Table(App):
    def on_mount(self):
        from tabletop_tui.widgets.common import HandoffScreen

        self.handoff = HandoffScreen("Ann")
        self.install_screen(self.handoff, "handoff")


async def test_the_hand_off_is_styled_again_only_after_a_theme_change():
    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        handoff = app.handoff
        restyled = []
        real = handoff.update_node_styles
        handoff.update_node_styles = lambda **kw: (restyled.append(1), real(**kw))[1]
        colours = []
        for theme in (None, None, "textual-light" if app.theme != "textual-light" else "nord"):
            if theme:
                app.theme = theme
                await pilot.pause()
            app.push_screen(handoff)
            await pilot.pause()
            colours.append(handoff.query_one("#handoff-box").styles.background)
            app.pop_screen()
            await pilot.pause()
        # styled when first shown, not when shown again, and again after the new theme
        assert restyled == [1, 1] and colours[0] == colours[1] != colours[2]


class Grid(App):
    def compose(self):
        from tabletop_tui.widgets.card_grid import CardGrid

        yield CardGrid("row", 3)


async def test_kept_grid_lines_follow_new_cards_and_a_new_theme():
    from textual.widget import Widget

    from rules import get_game
    from tabletop_tui.widgets.card_grid import CardGrid

    view = get_game("happy-city").new_game(["Ann", "Bob"], seed=3).view(0)
    cards = [dict(pile["card"], name=pile["name"]) for pile in view["dwellings"]]
    app = Grid()
    async with app.run_test(size=(60, 20)) as pilot:
        grid = app.query_one(CardGrid)
        grid.show([(card, "", k == 1) for k, card in enumerate(cards)])
        await pilot.pause()
        whole = Region(0, 0, *grid.size)
        assert len(cards) > 2 and whole.height > 2
        first = grid.render_lines(whole)
        assert grid.render_lines(whole) is first  # kept while nothing changed
        grid.show([(card, "", k == 2) for k, card in enumerate(cards)])
        shown = grid.render_lines(whole)
        assert _cells(shown) != _cells(first)
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        themed = grid.render_lines(whole)
        assert _cells(themed) != _cells(shown)
        assert _cells(themed) == _cells(Widget.render_lines(grid, whole))


async def test_hand_off_box_and_key_bar_draw_a_text_again_from_memory_as_textual_would():
    from textual.widget import Widget

    from tabletop_tui.widgets.keybar import KeyBar

    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        handoff = app.handoff
        app.push_screen(handoff)
        await pilot.pause()
        box, bar = handoff.query_one("#handoff-box"), handoff.query_one(KeyBar)
        drawn = {}
        for name in ("Ann", "Bob", "Ann"):
            handoff.set_player(name)
            await pilot.pause()
            for widget in (box, bar):
                whole = Region(0, 0, *widget.size)
                lines = widget.render_lines(whole)
                widget._styles_cache.clear()
                assert _cells(lines) == _cells(Widget.render_lines(widget, whole)), name
                drawn.setdefault((name, widget), []).append(lines)
        assert drawn["Ann", box][0] is drawn["Ann", box][1]  # drawn once, shown twice
        assert _cells(drawn["Ann", box][0]) != _cells(drawn["Bob", box][0])


class Summaries(App):
    CSS = "Static { width: 36; height: 10; padding: 0 1; } #wrap { text-wrap: nowrap; }"

    def compose(self):
        from tabletop_tui.widgets.kept_rows import KeptRowsStatic

        yield Static("", id="stock")
        yield KeptRowsStatic("", id="kept")


async def test_kept_rows_draw_what_a_static_draws_and_only_the_lines_that_changed():
    from rules import get_game
    from tabletop_tui.games.sweet_lands.hand import others_text
    from tabletop_tui.widgets import kept_rows

    state = get_game("sweet-lands").new_game(["Ann", "Bob", "Cleo"], seed=7, options={})
    texts = [others_text(state.view(seat), seat) for seat in (None, 0, 1, 2)]
    texts += [
        "[b]Enter >[/b] " + "a long move that wraps over the width of the box " * 2,
        "first\n\n[dim]after a blank line[/dim]\n",
        "\n".join(f"line {n} [b]bold[/b]" for n in range(14)),  # more lines than rows
    ]
    app = Summaries()
    async with app.run_test(size=(80, 24)) as pilot:
        stock, kept = app.query_one("#stock", Static), app.query_one("#kept", Static)
        drawn: list[str] = []
        real = kept_rows.visualize
        kept_rows.visualize = lambda w, text, **kw: (drawn.append(text), real(w, text, **kw))[1]
        try:
            for n, text in enumerate(texts + texts[:2]):
                drawn.clear()
                stock.update(text)
                kept.update(text)
                await pilot.pause()
                whole = Region(0, 0, *kept.size)
                assert _cells(kept.render_lines(whole)) == _cells(stock.render_lines(whole))
                if n == 1:  # the seat's summaries after the public ones: one line new
                    assert len(drawn) == 1 and "(you)" in drawn[0]
            assert drawn == []  # the texts shown again: drawn from memory
        finally:
            kept_rows.visualize = real
