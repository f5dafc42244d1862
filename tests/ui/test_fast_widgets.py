"""The widgets that draw themselves straight to strips draw what Textual's own would."""

from textual.app import App
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

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
