"""Sweet Lands keys lay the screen out at most once: every panel is drawn and sized
after the screen's first frame (screen.py fill_hidden_panels, tabstrip.py Panels), so a
first visit finds its box and scrollbar sized, and new lines tell their new height
before the layout (widgets/steady.py); the steps keep their box's height however long
(widgets/scrolling_text.py), so an arrow, the map taking the keys or a move that keeps
the panel on show lays nothing out."""

import pytest
from rich.text import Text

from rules.bots import make_bot, observe
from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.handoff import SweetLandsHandoff
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.games.sweet_lands.lines import Lines
from tabletop_tui.games.sweet_lands.screen import SweetLandsScreen
from tabletop_tui.games.sweet_lands.tabstrip import Panels
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.moves import MoveList
from tabletop_tui.widgets.pick_table import PickTable
from tabletop_tui.widgets.scrolling_text import ScrollingText

from .helpers import check_hand_off_due_again, enter_held_under, let_go
from .positions import mid_game


class Counted(TabletopApp):
    """The app, counting the game screen's layouts."""

    layouts = 0

    def count_layouts(self) -> None:
        self.screen.screen_layout_refresh_signal.subscribe(self, self.counted)

    def counted(self, _screen) -> None:
        self.layouts += 1


async def opened(tmp_path, pilot, app: Counted) -> Panels:
    app.animation_level = "none"
    app.open_game(mid_game(players=2, seed=7, round_=2, want="area"))
    for _ in range(4):
        await pilot.pause()
    app.count_layouts()
    return app.screen.query_one(Panels)


async def layouts_of(app: Counted, pilot, key: str) -> int:
    before = app.layouts
    await pilot.press(key)
    for _ in range(4):
        await pilot.pause()
    return app.layouts - before


Rows = list[tuple[str, list[str | Text] | tuple[Text, ...]]]


def rows_of(table: PickTable) -> Rows:
    return [(table.get_row_key(i), table.get_row_at(i)) for i in range(table.row_count)]


async def layouts_of_rows(app: Counted, pilot, table: PickTable, rows: Rows) -> int:
    before = app.layouts
    table.set_rows(rows)
    for _ in range(4):
        await pilot.pause()
    return app.layouts - before


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_every_panel_is_sized_with_the_screen_and_only_the_one_on_show_is_shown(
    tmp_path, size
):
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        panels = await opened(tmp_path, pilot, app)
        for panel in panels.children:
            assert panel.outer_size == panels.size, panel.id
            assert panel.display == (panel.id == panels.active)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_first_visit_to_each_panel_lays_the_screen_out_once(tmp_path, size):
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        panels = await opened(tmp_path, pilot, app)
        for key, pane in (("t", "tab-tracks"), ("b", "tab-board"), ("h", "tab-hand")):
            assert (pane, await layouts_of(app, pilot, key)) == (pane, 1)
            assert panels.active == pane
            lines = panels.query_one(f"#{pane}").query(Lines).last()
            assert lines.text() and lines.size.height == len(lines.text().split("\n"))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_an_arrow_or_the_map_taking_the_keys_lays_nothing_out(tmp_path, size):
    # "Enter >" and this turn's steps, longer than their box or not, keep its height
    # (widgets/scrolling_text.py: a Static in a scroll box laid the screen out for each
    # line more or less)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        await opened(tmp_path, pilot, app)
        await layouts_of(app, pilot, "m")  # the map on show (one layout), and the keys
        steps = app.screen.query_one("#sl-steps", ScrollingText)
        said, lengths = [], []
        for key in ("l", "down", "down", "m", "l", "up"):
            assert (key, await layouts_of(app, pilot, key)) == (key, 0)
            said.append(steps.text)
            lengths.append(steps.virtual_size.height)
        assert len(set(said)) > 1  # "Enter >" said something new meanwhile
        assert len(set(lengths)) > 1 and max(lengths) > steps.scrollable_content_region.height


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_move_that_keeps_the_panel_on_show_lays_nothing_out(tmp_path, size):
    # a new set of moves is told to the list and its bar (widgets/moves.py), the longer
    # turn to the steps' box (widgets/scrolling_text.py), and the summaries hidden at
    # 80x24 ask for nothing (widgets/steady.py): each laid the whole screen out, and
    # after it Textual drew the scroll views' bars in a frame of their own. The screen
    # so drawn is, cell for cell, the screen laid out and drawn whole afresh.
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        panels = await opened(tmp_path, pilot, app)
        screen = app.screen
        assert isinstance(screen, SweetLandsScreen)
        c, bot = screen.controller, make_bot("sweet-lands", "normal", 7)
        kept = 0
        for _ in range(6):
            if c.next_step() != "human" or c.viewer is None:
                break
            action = bot.decide(observe(c.state, c.viewer))
            moves = screen.query_one(MoveList)
            ids = [moves.get_option_at_index(i).id for i in range(moves.option_count)]
            if action.key not in ids:
                break
            moves.focus()
            moves.highlighted = ids.index(action.key)
            await pilot.pause()
            shown = panels.active
            laid_out = await layouts_of(app, pilot, "enter")
            if panels.active == shown and action.kind not in ("end", "pass"):
                kept += 1
                assert (action.key, laid_out) == (action.key, 0)
            drawn = app.export_screenshot()
            for widget in screen.walk_children(with_self=True):
                widget.refresh(layout=True)
            for _ in range(4):
                await pilot.pause()
            assert app.export_screenshot() == drawn, action.key
        assert kept >= 2
        steps = screen.query_one("#sl-steps", ScrollingText)
        assert steps.virtual_size.height > steps.scrollable_content_region.height


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_table_rows_of_a_new_height_or_width_lay_the_screen_out_once(tmp_path, size):
    # the table tells its scroll box its new length before the layout (a card played
    # from the hand: the hand shorter, the panel's box shorter with it). A row wider
    # than the panel brings the table's horizontal bar, and Textual adds the bar's line
    # to the table's height from the bar's state at the layout: said before the layout,
    # with the vertical bar where the rows outgrow the max-height too (found during the
    # layout, they cost up to three more: a hand-off at 80x24 whose hand brought them)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        await opened(tmp_path, pilot, app)
        await layouts_of(app, pilot, "h")
        table = app.screen.query_one("#sl-hand", PickTable)
        rows = rows_of(table)
        assert len(rows) > 1
        for shown in (rows[:-1], rows):
            assert await layouts_of_rows(app, pilot, table, shown) == 1
        wide: Rows = [(key, (Text("w" * size[0]), *cells[1:])) for key, cells in rows]
        many: Rows = [(f"{key}-{n}", cells) for n in range(12) for key, cells in wide]
        for shown, bars in (
            (wide, (True, False)),
            (rows, (False, False)),
            (many, (True, True)),
            (wide, (True, False)),
            (many, (True, True)),
            (rows, (False, False)),
        ):
            laid_out = await layouts_of_rows(app, pilot, table, shown)
            shows = (table.show_horizontal_scrollbar, table.show_vertical_scrollbar)
            assert (laid_out, shows) == (1, bars)
            # a layout asked now finds nothing to change: the bars and the height stand
            told = app.export_screenshot()
            app.screen.refresh(layout=True)
            for _ in range(4):
                await pilot.pause()
            assert app.export_screenshot() == told
            assert (table.show_horizontal_scrollbar, table.show_vertical_scrollbar) == bars
            # as high as Textual makes a view of height auto: its content, and the
            # horizontal bar's line, within its max-height
            content = table.virtual_size.height + (1 if bars[0] else 0)
            assert table.outer_size.height == min(content, 30)  # (the panels' max-height)


async def hot_seat(app: Counted, pilot) -> SweetLandsScreen:
    """Three people at one terminal, mid-game, on screen."""
    app.animation_level = "none"
    app.open_game(mid_game(players=3, seed=1, round_=2, want="area"))
    await pilot.pause()
    game = app.screen
    assert isinstance(game, SweetLandsScreen)
    return game


async def next_hand_off(app: Counted, pilot, game: SweetLandsScreen) -> SweetLandsHandoff:
    """The seats play the normal bot's moves until a hand-off is on show, then it settles."""
    c, bot = game.controller, make_bot("sweet-lands", "normal", 1)
    for _ in range(60):
        if isinstance(app.screen, HandoffScreen):
            break
        assert c.viewer is not None
        c.act(bot.decide(observe(c.state, c.viewer)))
        game.advance()
        await pilot.pause()
    handoff = app.screen
    assert isinstance(handoff, SweetLandsHandoff)
    for _ in range(4):
        await pilot.pause()
    return handoff


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_enter_on_a_hand_off_lays_the_game_screen_out_once_under_it(
    tmp_path, size, monkeypatch
):
    # The seat's view is drawn and laid out while the opaque hand-off still covers the
    # screen, and the hand-off goes after that layout: the game screen, repainted whole
    # as it comes back, shows the new layout at once. Gone first, the hand-off left the
    # game screen to be drawn whole at its old layout, then laid out and drawn again.
    # The move list, hidden while the terminal changed hands, is told its new length
    # before the layout (widgets/moves.py), and the log its new length without one
    # (widgets/log.py): either asked late cost a second layout.
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        game = await hot_seat(app, pilot)
        # in order: ("layout", whether the hand-off was on top), and ("whole",) for
        # each whole repaint the game screen asks for
        seen: list[tuple] = []

        def laid_out(_screen) -> None:
            seen.append(("layout", isinstance(app.screen, HandoffScreen)))

        def refresh(*regions, repaint=True, **kwargs):
            if repaint and not regions:
                seen.append(("whole",))
            return game_refresh(*regions, repaint=repaint, **kwargs)

        game.screen_layout_refresh_signal.subscribe(app, laid_out, immediate=True)
        game_refresh = game.refresh
        monkeypatch.setattr(game, "refresh", refresh)
        for _ in range(2):
            await next_hand_off(app, pilot, game)
            start = len(seen)
            await pilot.press("enter")
            for _ in range(4):
                await pilot.pause()
            assert app.screen is game
            layouts = [event for event in seen[start:] if event[0] == "layout"]
            assert layouts == [("layout", True)]
            assert seen[start][0] == "layout"  # no whole repaint before it
            moves = game.query_one(MoveList)
            assert moves.option_count and moves.virtual_size.height >= moves.option_count


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_nothing_of_the_seat_shows_before_its_hand_off_goes(tmp_path, size, monkeypatch):
    # Enter draws the seat's view under the opaque hand-off: held there (its going kept
    # back), the screen, frames and all, is the hand-off as it was before Enter
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        game = await hot_seat(app, pilot)
        handoff = await next_hand_off(app, pilot, game)
        covering = app.export_screenshot()
        await enter_held_under(pilot, monkeypatch, game, handoff)
        assert game.controller.viewer is not None and game.query_one(MoveList).option_count
        assert app.export_screenshot() == covering
        await let_go(pilot, monkeypatch, game, handoff)
        assert app.export_screenshot() != covering


async def test_a_hand_off_due_again_after_enter_comes_once_the_last_one_goes(tmp_path, monkeypatch):
    # (tests/ui/helpers.py: check_hand_off_due_again)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await hot_seat(app, pilot)
        handoff = await next_hand_off(app, pilot, game)
        await check_hand_off_due_again(pilot, monkeypatch, game, handoff)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_tab_key_that_moves_the_focus_lays_the_screen_out_once(tmp_path, size):
    # M gives the map the keys and a tab leaving the map gives them back to the list:
    # "Enter >" is said for the new focus in the same layout as the panel on show (it
    # took a second one when the focus moved after the key's frame and this turn's
    # steps, longer than their box, took a line more or less)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        await opened(tmp_path, pilot, app)
        steps = app.screen.query_one("#sl-steps")
        await layouts_of(app, pilot, "p")
        said = []
        for key, focused in (("m", HexMap), ("t", MoveList), ("m", HexMap), ("b", MoveList)):
            assert (key, await layouts_of(app, pilot, key)) == (key, 1)
            assert isinstance(app.screen.focused, focused)
            said.append(steps.virtual_size.height)
        assert len(set(said)) > 1  # the steps changed length with the focus


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_focus_change_asks_for_no_whole_screen_repaint(tmp_path, size, monkeypatch):
    # Textual's screen repainted itself whole when its focus moved (7-13 ms at 160x50);
    # the widget taking the focus and the one leaving it repaint themselves, so only
    # what changed is drawn (screen.py, focused)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        await opened(tmp_path, pilot, app)
        await layouts_of(app, pilot, "p")
        screen = app.screen
        whole: list[str] = []

        def refresh(*regions, repaint=True, **kwargs):
            if repaint and not regions:
                whole.append(type(screen.focused).__name__)
            return screen_refresh(*regions, repaint=repaint, **kwargs)

        screen_refresh = screen.refresh
        monkeypatch.setattr(screen, "refresh", refresh)
        for key, focused in (("m", HexMap), ("t", MoveList), ("m", HexMap), ("b", MoveList)):
            await layouts_of(app, pilot, key)
            assert isinstance(screen.focused, focused)
        assert whole == []


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_a_table_outgrowing_its_max_height_lays_the_screen_out_once(tmp_path, size):
    # its scroll bar comes (and goes) with the rows: said before the layout, with the
    # size the layout gives it (found during the layout, it cost a second and a third)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        await opened(tmp_path, pilot, app)
        await layouts_of(app, pilot, "b")
        table = app.screen.query_one("#sl-areas", PickTable)
        rows = rows_of(table)
        many: Rows = [(f"{key}-{n}", cells) for n in range(3) for key, cells in rows]
        for shown, bar in ((many, True), (rows[:2], False), (many, True)):
            laid_out = await layouts_of_rows(app, pilot, table, shown)
            assert (laid_out, table.show_vertical_scrollbar) == (1, bar)


async def test_a_first_board_visit_whose_areas_outgrow_the_table_lays_out_once(tmp_path):
    # 4 players at 80x24: the areas outgrow the table's max-height, so its bar shows;
    # drawn ahead of the visit, the table knew its width and said its bar only where
    # it had been laid out (empty) before (two layouts on the visit otherwise)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "none"
        app.open_game(mid_game(players=4, seed=10, round_=2, want="area"))
        for _ in range(6):
            await pilot.pause()
        app.count_layouts()
        assert await layouts_of(app, pilot, "b") == 1
        assert app.screen.query_one("#sl-areas", PickTable).show_vertical_scrollbar


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_legend_lays_the_screen_out_once(tmp_path, size):
    # at 80x24 the legend under the map takes most of its room and brings the map's
    # scroll bar (and takes it away): said before the layout, with the size the layout
    # gives it (found during the layout, it cost a second and a third)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        await opened(tmp_path, pilot, app)
        hexmap = app.screen.query_one(HexMap)
        bars = []
        for _ in range(2):
            assert await layouts_of(app, pilot, "g") == 1
            bars.append(hexmap.show_vertical_scrollbar)
        assert bars == ([True, False] if size == (80, 24) else [False, False])
