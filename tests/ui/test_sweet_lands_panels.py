"""Sweet Lands panels a player reads: the log that follows the newest line, the hand
with each card's tags, cost and full text, and layouts with no clipped columns."""

import io

from rich.console import Console

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.asked import board, track_rates
from tabletop_tui.games.sweet_lands.board import board_renderable
from tabletop_tui.games.sweet_lands.demo import controller, new_state, play_until
from tabletop_tui.games.sweet_lands.hand import card_text, player_renderable, players_renderable
from tabletop_tui.games.sweet_lands.tracks import tracks_renderable
from tabletop_tui.widgets.log import LogView
from tabletop_tui.widgets.pick_table import PickTable

from .helpers import screen_text
from .positions import mid_game


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
        assert log.lines_text()[-1] == log.render_line(log.size.height - 1).text.rstrip()


def hand_game():
    return mid_game(players=2, seed=7, round_=2, want="play")


def board_game():
    return mid_game(players=4, seed=9, round_=3, want="area")


async def open_tab(app, pilot, factory, key):
    app.open_game(factory())
    await pilot.pause()
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()
    return app.screen


async def test_hand_shows_each_cards_cost_industry_sweets_and_whole_text(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tab(app, pilot, hand_game, "h")
        table = screen.query_one("#sl-hand", PickTable)
        hand = screen.controller.view()["players"][0]["hand"]
        assert table.row_count == len(hand)
        for card in hand:
            cells = " ".join(
                str(c) for c in table.get_row_at(table.get_row_index(str(card["uid"])))
            )
            flat = " ".join(cells.split())  # the cells wrap: compare word by word
            assert card["name"] in flat and f"{card['play_cost']}g" in flat
            assert all(tag in flat for tag in card["tags"])  # whole sweets names
            assert (card["industry"] in flat) or card["industry"] == "none"
            words = card_text(card)
            assert all(" ".join(w.split()) in flat for w in words)
        # nothing runs off the right edge of the panel
        assert table.virtual_size.width <= table.scrollable_content_region.width


async def test_no_table_column_runs_off_the_panel_at_80x24(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tab(app, pilot, board_game, "b")
        areas = screen.query_one("#sl-areas", PickTable)
        assert areas.virtual_size.width <= areas.scrollable_content_region.width
        for key in "btp":
            await pilot.press(key)
            await pilot.pause()
            left = [line[:49] for line in screen_text(app).splitlines()[2:-1]]
            assert not any("…" in line for line in left), (key, left)


async def test_wide_terminal_side_panel_uses_the_room_instead_of_ellipses(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_tab(app, pilot, hand_game, "h")
        assert screen.has_class("-wide")
        assert screen.query_one("#sl-right").outer_size.width > 36
        assert "…" not in screen_text(app)
    app = make(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:  # 120 keeps its layout
        screen = await open_tab(app, pilot, hand_game, "h")
        assert not screen.has_class("-wide")
        assert screen.query_one("#sl-right").outer_size.width == 36


def test_panels_render_without_clipping_at_the_narrow_width():
    for game in (hand_game(), board_game()):
        view = game.view()
        for width in (46, 84, 124):
            for renderable in (
                player_renderable(view, 0),
                players_renderable(view, width + 4),
                board_renderable(view, board(game)),
                tracks_renderable(view, 0, track_rates(game, 0), width + 4),
            ):
                console = Console(width=width, record=True, file=io.StringIO())
                console.print(renderable)
                lines = console.export_text().splitlines()
                assert not any("…" in line for line in lines), (width, renderable)
                assert max(len(line.rstrip()) for line in lines) <= width


async def test_log_keeps_the_newest_line_when_the_terminal_gets_shorter(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_tab(app, pilot, hand_game, "h")
        log = screen.query_one("#sl-log", LogView)
        assert log.scroll_y == log.max_scroll_y
        await pilot.resize_terminal(120, 34)  # same width: nothing re-wraps
        await pilot.pause()
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        assert log.lines_text()[-1] in screen_text(app)


async def test_a_click_on_the_tab_strip_opens_that_panel_and_marks_it_without_colour(tmp_path):
    from tabletop_tui.games.sweet_lands.tabstrip import Panels, TabStrip

    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=7)
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(players=2, seed=7, round_=2, want="area"))
        await pilot.pause()
        screen = app.screen
        strip = screen.query_one(TabStrip)
        for label, pane in (
            ("Tracks", "tab-tracks"),
            ("Players", "tab-players"),
            ("Map", "tab-map"),
        ):
            text = strip.render_line(0).text
            assert text.count("[") == 1
            await pilot.click(strip, offset=(text.index(label) + 1, 0))
            await pilot.pause()
            assert screen.query_one("#sl-tabs", Panels).active == pane
            assert f"[{label}]" in strip.render_line(0).text  # brackets, not colour alone


def first_turn():
    """The first turn of a two-player game (bots choose the setup)."""
    s = play_until(new_state(2, 7), lambda s: s.phase == "action" and s.actors() == [0])
    return controller(s, viewer=0)


async def test_every_panel_scrolls_by_keys_while_the_move_list_keeps_the_focus(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tab(app, pilot, first_turn, "h")
        # every panel scrolls the same way (action_scroll_panel): the Hand stands for all
        screen.query_one("#sl-actions").focus()
        pane = screen.query_one("#tab-hand")
        assert pane.max_scroll_y > 0  # more than the panel shows at 80x24
        await pilot.press("pagedown")
        assert pane.scroll_y > 0
        await pilot.press("ctrl+end")
        await pilot.pause()
        assert pane.scroll_y == pane.max_scroll_y  # the last line is on show
        await pilot.press("pageup", "ctrl+home")
        await pilot.pause()
        assert pane.scroll_y == 0
        assert screen.query_one("#sl-actions").has_focus
