"""The game log view: another reader's log leaves nothing of the previous one behind,
entries wrap to the panel and re-flow at a new width, and the newest line stays on
view unless the reader scrolled up."""

from __future__ import annotations

from textual.app import App

from tabletop_tui.widgets.log import LogView


class OneLog(App):
    def compose(self):
        yield LogView()


def entries(n: int, private: str = "") -> list[str]:
    out = [f"Round {i // 10}: Ann takes area K and places a tile on hex {i}" for i in range(n)]
    if private:
        out[n // 2] = f"Ann draws {private}"
    return out


async def test_a_new_reader_keeps_nothing_of_the_last_readers_log():
    async with OneLog().run_test(size=(40, 12)) as pilot:
        log = pilot.app.query_one(LogView)
        log.set_entries(entries(60, private="Secret Rose"))
        await pilot.pause()
        assert any("Secret Rose" in line for line in log.lines_text())
        log.set_entries(entries(60, private="a card"))
        await pilot.pause()
        held = " ".join(log.lines_text()) + " ".join(log.entries) + " ".join(log.pieces)
        held += " ".join(seg.text for lines in log.pieces.values() for ln in lines for seg in ln)
        held += " ".join(strip.text for strip in log.drawn.values())  # the lines drawn
        assert "Secret Rose" not in held and "Ann draws a card" in " ".join(log.entries)
        assert log.at_end and "hex 59" in " ".join(log.lines_text()[-3:])


async def test_entries_wrap_to_the_panel_and_reflow_at_a_new_width():
    async with OneLog().run_test(size=(40, 12)) as pilot:
        log = pilot.app.query_one(LogView)
        log.set_entries(entries(30))
        await pilot.pause()
        narrow = len(log.lines_text())
        assert max(len(line) for line in log.lines_text()) <= log.scrollable_content_region.width
        await pilot.resize_terminal(100, 12)
        await pilot.pause()
        assert len(log.lines_text()) < narrow
        assert log.render_line(log.size.height - 1).text.strip() == log.lines_text()[-1]


async def test_a_reader_who_scrolled_up_stays_there_as_entries_come():
    async with OneLog().run_test(size=(40, 12)) as pilot:
        log = pilot.app.query_one(LogView)
        log.set_entries(entries(40))
        await pilot.pause()
        log.scroll_home(animate=False)
        await pilot.pause()
        assert not log.at_end
        log.set_entries(entries(45))
        await pilot.pause()
        assert log.scroll_offset.y == 0


async def test_only_the_lines_drawn_lately_are_kept_as_strips():
    """A wrapped line is kept as segments; a Strip (with caches of its own) is made only
    for a line drawn, and the kept strips stay about two panels' worth."""
    async with OneLog().run_test(size=(40, 12)) as pilot:
        log = pilot.app.query_one(LogView)
        log.set_entries(entries(300))
        await pilot.pause()
        assert len(log.lines) > 300 and log.lines_text()[-1].endswith("hex 299")
        assert 0 < len(log.drawn) <= 2 * log.size.height + 21
        for _ in range(30):  # scroll back through the whole log
            log.scroll_page_up(animate=False)
            await pilot.pause()
        assert len(log.drawn) <= 2 * log.size.height + 21


async def test_a_new_length_lays_nothing_out_and_draws_what_a_layout_would():
    """The log's height never follows its length (1fr, its bar always there): a new
    length is told to it and its bar without a layout of the screen (asked, it reached
    the screen after the other widgets' and cost a hand-off a second layout). A layout
    asked afterwards finds everything as told: the same screen, scroll and bar."""
    async with OneLog().run_test(size=(40, 12)) as pilot:  # its height: 1fr
        await pilot.pause()  # the first layout
        laid_out: list[object] = []
        pilot.app.screen.screen_layout_refresh_signal.subscribe(
            pilot.app, laid_out.append, immediate=True
        )
        log = pilot.app.query_one(LogView)
        for count, scroll_home in ((20, False), (60, False), (61, True), (90, False), (3, False)):
            if scroll_home:  # a reader scrolled up: the log stays there as it grows
                log.scroll_home(animate=False)
                await pilot.pause()
            before = len(laid_out)
            log.set_entries(entries(count))
            await pilot.pause()
            assert len(laid_out) == before
            bar = log.vertical_scrollbar
            told = (pilot.app.export_screenshot(), log.scroll_y, bar.window_virtual_size)
            assert log.virtual_size.height == len(log.lines) == bar.window_virtual_size
            log.refresh(layout=True)
            await pilot.pause()
            assert len(laid_out) == before + 1
            assert told == (pilot.app.export_screenshot(), log.scroll_y, bar.window_virtual_size)
