"""The Happiness screen's kept text draws what a Static draws with the same markup."""

from textual.app import App
from textual.geometry import Region
from textual.widgets import Static

from tabletop_tui.games.happiness.kept_text import KeptText

CSS = "Static, KeptText { width: 24; height: auto; padding: 0 1; background: $boost; }"


class Pair(App):
    CSS = CSS

    def compose(self):
        yield Static("", id="static")
        yield KeptText(id="kept")


def _cells(widget) -> list[list[tuple[str, str]]]:
    width, height = widget.outer_size
    strips = widget.render_lines(Region(0, 0, width, height))
    return [[(s.text, str(s.style)) for s in strip] for strip in strips]


async def _same(pilot, blocks: list[str]) -> None:
    app = pilot.app
    app.query_one("#static", Static).update("\n".join(blocks))
    app.query_one("#kept", KeptText).set_blocks(blocks)
    await pilot.pause()
    static, kept = app.query_one("#static"), app.query_one("#kept")
    assert kept.outer_size == static.outer_size
    assert "".join(t for row in _cells(kept) for t, _ in row).strip()
    assert _cells(kept) == _cells(static)


async def test_kept_text_draws_as_a_static_does_and_follows_its_height():
    async with Pair().run_test(size=(40, 20)) as pilot:
        name = "[b]1 Ann \\[x][/b] (youngest)"  # escaped brackets stay text
        await _same(pilot, [f"> {name}\n   20 pts", "Community deck: 11 left"])
        await _same(pilot, [f"  {name}\n   21 pts", "Community deck: 10 left"])  # same height
        long = "a story about a very long afternoon that wraps over three lines"
        await _same(pilot, [long, "x"])  # taller: wrapped as the Static wraps it
        await _same(pilot, ["x"])  # and shorter again
