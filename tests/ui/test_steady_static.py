"""SteadyStatic (widgets/steady.py) and the Sweet Lands panels of lines (Lines): new
content lays the screen out again only when the widget's height changes, and the widget
always shows the new content at its new height."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll

from tabletop_tui.games.sweet_lands.lines import Lines
from tabletop_tui.widgets.steady import SteadyStatic


class Box(App):
    CSS = """#fixed { height: 2; } #auto { height: auto; } #box { height: 3; overflow-y: scroll; }
    #swap { height: 2; } #swap.-long { height: auto; }"""

    def compose(self) -> ComposeResult:
        yield SteadyStatic("one", id="fixed")
        yield SteadyStatic("one", id="auto")
        with VerticalScroll(id="box"):
            yield SteadyStatic("one", id="scrolled")
        yield SteadyStatic("one", id="swap")

    def on_mount(self) -> None:
        self.layouts = 0
        self.screen.screen_layout_refresh_signal.subscribe(self, self.counted)

    def counted(self, _screen) -> None:
        self.layouts += 1


def shown(app: Box, selector: str) -> list[str]:
    widget = app.query_one(selector, SteadyStatic)
    return [strip.text.rstrip() for strip in widget.render_lines(widget.region.reset_offset)]


async def layouts_after(app: Box, pilot, change) -> int:
    """The layouts that ``change`` brings, once everything it asked for has run."""
    before = app.layouts
    change()
    await pilot.pause()
    await pilot.pause()
    return app.layouts - before


async def test_new_text_of_the_same_height_is_shown_without_a_layout():
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        before = app.layouts
        app.query_one("#auto", SteadyStatic).update("two")
        app.query_one("#fixed", SteadyStatic).update("three\nlines\nnow")  # cut to its 2
        await pilot.pause()
        assert app.layouts == before
        assert shown(app, "#auto") == ["two"]
        assert shown(app, "#fixed") == ["three", "lines"]


async def test_text_that_takes_more_or_fewer_lines_lays_the_screen_out_again():
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        auto = app.query_one("#auto", SteadyStatic)
        before = app.layouts
        auto.update("two\nlines")
        await pilot.pause()
        assert app.layouts > before
        assert auto.size.height == 2 and shown(app, "#auto") == ["two", "lines"]
        auto.update("x " * 30)  # one line that wraps to two at 40 columns
        await pilot.pause()
        assert auto.size.height == 2
        auto.update("back to one")
        await pilot.pause()
        assert auto.size.height == 1 and shown(app, "#auto") == ["back to one"]


async def test_a_change_of_height_lays_the_screen_out_once():
    # the layout that gives it its new size finds that size already told, and asks for
    # no second layout of its own
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        auto = app.query_one("#auto", SteadyStatic)
        for text, height in (("two\nlines", 2), ("one", 1), ("a\nb\nc", 3)):
            layouts = await layouts_after(app, pilot, lambda text=text: auto.update(text))
            assert (layouts, auto.outer_size.height) == (1, height)


async def test_a_class_that_changes_the_height_and_new_text_lay_the_screen_out_once():
    # as the map's hex line does for the legend: a class sets another height, then the
    # new text comes; the height told before the layout is the one the class sets
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        swap = app.query_one("#swap", SteadyStatic)
        for long, text, height in ((True, "a\nb\nc\nd", 4), (False, "x", 2)):

            def change(long=long, text=text) -> None:
                swap.set_class(long, "-long")
                swap.update(text)

            layouts = await layouts_after(app, pilot, change)
            assert (layouts, swap.outer_size.height) == (1, height)


async def test_a_box_that_scrolls_learns_its_new_length_in_one_layout():
    app = Box()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        scrolled = app.query_one("#scrolled", SteadyStatic)
        for text, length in (("\n".join("abcdef"), 6), ("\n".join("abcd"), 4), ("ab", 3)):
            # once: the box it scrolls in alone is told its new length before the layout
            layouts = await layouts_after(app, pilot, lambda text=text: scrolled.update(text))
            box = app.query_one("#box", VerticalScroll)
            assert (layouts, box.virtual_size.height, box.max_scroll_y) == (1, length, length - 3)


class Panel(Box):
    def compose(self) -> ComposeResult:
        yield Lines(id="lines")


async def test_a_panel_of_lines_lays_out_again_only_when_its_length_changes_and_once():
    app = Panel()
    async with app.run_test(size=(40, 12)) as pilot:
        lines = app.query_one(Lines)
        lines.show(Text("one\ntwo"))
        await pilot.pause()
        assert lines.size.height == 2
        layouts = await layouts_after(app, pilot, lambda: lines.show(Text("three\nfour")))
        assert layouts == 0 and lines.text() == "three\nfour"
        for text, height in (("five\nsix\nseven", 3), ("e", 1)):
            layouts = await layouts_after(app, pilot, lambda text=text: lines.show(Text(text)))
            assert (layouts, lines.size.height, lines.text()) == (1, height, text)
