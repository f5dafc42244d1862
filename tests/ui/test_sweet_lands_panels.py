"""Sweet Lands panels a player reads: the log that follows the newest line, the hand
with each card's tags, cost and full text, and layouts with no clipped columns."""

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.demo import mid_game
from tabletop_tui.widgets.log import LogView


def make(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    app.animation_level = "none"
    return app


async def act_until_the_log_grows(pilot, screen, log) -> None:
    before = len(log.entries)
    for _ in range(40):
        legal = screen.controller.legal()
        screen._apply(next((a for a in legal if a.kind not in ("end", "done")), legal[0]))
        await pilot.pause()
        if len(log.entries) > before:
            return
    raise AssertionError("no move added a log line")


async def test_log_follows_the_newest_line_unless_the_player_scrolled_up(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(players=2, seed=7, round_=2, want="play"))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        log = screen.query_one("#sl-log", LogView)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y  # the newest line is at the bottom

        log.scroll_to(y=0, animate=False)  # the player scrolls up to read
        await pilot.pause()
        await act_until_the_log_grows(pilot, screen, log)
        await pilot.pause()
        assert log.scroll_y == 0  # what they are reading stays put

        log.scroll_end(animate=False)  # back at the bottom: it follows again
        await pilot.pause()
        await act_until_the_log_grows(pilot, screen, log)
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        assert log._lines[-1] == log.render_line(log.size.height - 1).text.rstrip()
