"""The pick table (widgets/pick_table.py) draws what Textual's DataTable draws with the
same rows, line for line and style for style: the Sweet Lands Board's areas and Hand's
cards of seeded games, at several widths, with the cursor on a row, focused or not,
and with the mouse over a row."""

from __future__ import annotations

from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import DataTable

from tabletop_tui.games.sweet_lands import hand
from tabletop_tui.games.sweet_lands.board import AREA_COLUMNS, area_rows
from tabletop_tui.widgets.pick_table import PickTable

from .helpers import drawn
from .positions import mid_game

# the look the Sweet Lands screen gave its DataTables: the cursor shows only with the focus
DATATABLE_CSS = """
DataTable > .datatable--cursor { background: transparent; color: $foreground;
                                 text-style: none; }
DataTable:focus > .datatable--cursor { background: $block-cursor-background;
    color: $block-cursor-foreground; text-style: $block-cursor-text-style; }
DataTable, PickTable { height: auto; max-height: 30; }
"""


class Both(App):
    CSS = DATATABLE_CSS

    def compose(self) -> ComposeResult:
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield PickTable()


def cells(widget) -> list[list[tuple[str, Style]]]:
    width, height = widget.size
    # drawn twice: a DataTable reads its focus state as a drawing starts, so a first
    # drawing out of the app's own may keep the last one's
    widget.render_lines(Region(0, 0, width, height))
    lines = widget.render_lines(Region(0, 0, width, height))
    plain = [
        [(ch, (seg.style or Style()).clear_meta_and_links()) for seg in line for ch in seg.text]
        for line in lines
    ]
    return plain  # meta (which row a cell is) is no part of the look


def first_difference(new, old) -> str:
    """Where two drawings first differ (for the assertion's message)."""
    for y, (a, b) in enumerate(zip(new, old, strict=False)):
        for x, (ca, cb) in enumerate(zip(a, b, strict=False)):
            if ca != cb:
                return f"line {y} cell {x}: {ca} against the DataTable's {cb}"
        if len(a) != len(b):
            return f"line {y}: {len(a)} cells against {len(b)}"
    return f"{len(new)} lines against {len(old)}"


def fill(app: Both, columns, rows) -> None:
    old, new = app.query_one(DataTable), app.query_one(PickTable)
    cursor = old.cursor_row
    old.clear(columns=True)
    old.add_columns(*columns)
    for key, row in rows:
        old.add_row(*row, key=key, height=None)
    old.move_cursor(row=min(cursor, len(rows) - 1), animate=False)  # the pick table keeps it
    new.add_columns(*columns)  # (the columns change between rounds: the rows go)
    new.set_rows(rows)
    new.move_cursor(row=min(cursor, len(rows) - 1))


async def same(pilot, columns, rows, width: int, hover: bool = False) -> None:
    app = pilot.app
    await pilot.resize_terminal(width, 64)
    fill(app, columns, rows)
    app.set_focus(None)
    await drawn(pilot, 3)
    old, new = app.query_one(DataTable), app.query_one(PickTable)
    assert old.size == new.size and old.virtual_size == new.virtual_size, width
    assert cells(new) == cells(old), ("unfocused", width, first_difference(cells(new), cells(old)))
    for table in (old, new):
        table.move_cursor(row=min(2, len(rows) - 1), animate=False)
    for table in (old, new):
        table.focus()
        await drawn(pilot)
        assert table.has_focus
    old.focus()
    await drawn(pilot)
    focused_old = cells(old)
    new.focus()
    await drawn(pilot)
    assert cells(new) == focused_old, ("focused", width, first_difference(cells(new), focused_old))
    if not hover:
        return
    # the mouse over the line under the first one, on the focused table
    old.focus()
    await pilot.hover(old, offset=(2, 2))
    await pilot.pause()
    hovered_old = cells(old)
    new.focus()
    await pilot.hover(new, offset=(2, 2))
    await pilot.pause()
    assert cells(new) == hovered_old, ("hover", width, first_difference(cells(new), hovered_old))


async def test_the_pick_table_draws_what_a_datatable_draws_on_seeded_games():
    app = Both()
    async with app.run_test(size=(120, 64)) as pilot:
        for players in (1, 3):
            view = mid_game(players=players, seed=players + 6, round_=2, want="area").state.view(0)
            legal = set(list(view["areas"])[::3])
            for width in (46, 78, 108):
                await same(pilot, AREA_COLUMNS, area_rows(view, legal, width), width)
            cards = view["players"][0]["hand"] or []
            usable = {card["id"] for card in cards[::2]}
            for width in (46, 108):
                rows = hand.numbered(hand.hand_rows(cards, usable, width))
                await same(pilot, hand.HAND_COLUMNS, rows, width)
    for width in (46, 108):  # the mouse over a row (a fresh app: the mouse not moved yet)
        async with Both().run_test(size=(120, 64)) as pilot:
            view = mid_game(players=2, seed=8, round_=2, want="area").state.view(0)
            await same(pilot, AREA_COLUMNS, area_rows(view, set(view["areas"]), width), width, True)


class Picking(Both):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[str] = []

    def on_pick_table_row_selected(self, event: PickTable.RowSelected) -> None:
        self.chosen.append(event.row_key)


async def test_a_click_on_a_row_chooses_it_and_the_keys_move_the_cursor():
    app = Picking()
    chosen = app.chosen
    async with app.run_test(size=(120, 64)) as pilot:
        view = mid_game(players=2, seed=8, round_=2, want="area").state.view(0)
        rows = area_rows(view, set(), 108)
        table = app.query_one(PickTable)
        table.add_columns(*AREA_COLUMNS)
        table.set_rows(rows)
        app.query_one(DataTable).display = False
        table.focus()
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert table.cursor_row == 2 and chosen == [rows[2][0]]
        await pilot.press("end")
        assert table.cursor_key == rows[-1][0]
        await pilot.press("home")
        assert table.cursor_row == 0
        third = 1 + table.row_top(3)
        await pilot.click(table, offset=(3, third))  # one click chooses
        await pilot.pause()
        assert table.cursor_row == 3 and chosen[-1] == rows[3][0]
        await pilot.click(table, offset=(3, 0))  # the header chooses nothing
        await pilot.pause()
        assert chosen[-1] == rows[3][0] and len(chosen) == 2
