"""A table of rows to choose from, drawn a line at a time: one click or Enter on a row
chooses it.

It draws what Textual's ``DataTable`` draws with a row cursor and zebra stripes (the
same component classes and styles, one space of padding each side of a cell), for
the few things the Sweet Lands Board and Hand panels ask of a table: a header, rows
whose cells are text, a cursor, the row under the mouse, scrolling. A DataTable
measures every cell through Rich on its first idle, then renders each cell through a
padding renderable, and asks for a second layout when the measuring is done: 16-28 ms
for the Board's areas, most of a first visit to the tab. Here a cell is text whose
lines already fit (the panels wrap their cells themselves), so its width and height
are the longest line and the number of lines; the table's size is known as its rows
are put in, and a line is put together from the cells' segments when it is drawn.
``tests/ui/test_pick_table.py`` compares it, line for line and style for style, with
a DataTable holding the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .steady import (
    expect_bars_of_auto_height,
    expect_box_length,
    expect_vertical_bar,
    outer_height,
)

HEADER = -1  # the header's row index (as in a DataTable)


@dataclass(frozen=True)
class Row:
    """A row: its key, its cells (one Text each), each cell's lines, its height in
    lines and its first line (counted from the line under the header)."""

    key: str
    cells: tuple[Text, ...]
    lines: tuple[list[Text], ...]
    height: int
    top: int


def cell_text(cell: str | Text) -> Text:
    """A cell as the DataTable shows it: a string is Textual markup, without wrapping."""
    return cell if isinstance(cell, Text) else Text.from_markup(cell, end="")


def text_width(text: Text) -> int:
    """The cells the longest line takes (what Rich measures as a cell's widest)."""
    return max((cell_len(line) for line in text.plain.splitlines()), default=0)


class RowMessage(Message):
    """A message about one row of a pick table: the table, the row and its key."""

    def __init__(self, table: PickTable, cursor_row: int, row_key: str) -> None:
        super().__init__()
        self.table, self.cursor_row, self.row_key = table, cursor_row, row_key

    @property
    def control(self) -> PickTable:
        return self.table


class PickTable(ScrollView, can_focus=True):
    """Rows under a header; the cursor row is chosen with Enter or a click."""

    BINDINGS = [
        Binding("enter", "select_cursor", "Select", show=False),
        Binding("up", "cursor_up", "Cursor up", show=False),
        Binding("down", "cursor_down", "Cursor down", show=False),
        Binding("home", "cursor_first", "First", show=False),
        Binding("end", "cursor_last", "Last", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("left", "scroll_left", "Left", show=False),
        Binding("right", "scroll_right", "Right", show=False),
    ]

    COMPONENT_CLASSES = {
        "datatable--cursor",
        "datatable--hover",
        "datatable--header",
        "datatable--header-hover",
        "datatable--header-cursor",
        "datatable--even-row",
        "datatable--odd-row",
    }

    # DataTable's own look, with a row cursor; only the focused table shows its cursor
    # (a highlighted row elsewhere read as the move Enter would make)
    DEFAULT_CSS = """
    PickTable {
        background: $surface;
        color: $foreground;
        height: auto;
        max-height: 100%;
        &:focus {
            background-tint: $foreground 5%;
            & > .datatable--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
            & > .datatable--header { background-tint: $foreground 5%; }
        }
        &:dark { & > .datatable--even-row { background: $surface-darken-1 40%; } }
        & > .datatable--header { text-style: bold; background: $panel; color: $foreground; }
        &:ansi > .datatable--header { background: ansi_bright_blue; color: ansi_default; }
        & > .datatable--odd-row { }
        & > .datatable--even-row { background: $surface-lighten-1 50%; }
        & > .datatable--cursor { background: transparent; color: $foreground;
                                 text-style: none; }
        & > .datatable--header-cursor { background: $accent-darken-1; color: $foreground; }
        & > .datatable--header-hover { background: $accent 30%; }
        & > .datatable--hover { background: $block-hover-background; }
    }
    """

    class RowHighlighted(RowMessage):
        """The cursor came onto a row."""

    class RowSelected(RowMessage):
        """A row was chosen (Enter on it, or a click)."""

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.labels: tuple[Text, ...] = ()
        self.header = Row("", (), (), 1, 0)  # the labels as a row
        self.rows: list[Row] = []
        self.index: dict[str, int] = {}  # row key -> row index
        self.line_rows: list[tuple[int, int]] = []  # line below the header -> (row, line in it)
        self.widths: list[int] = []  # each column's width, its padding included
        self.cursor_row = 0
        self.hover_row: int | None = None  # the row under the mouse (HEADER: the header)
        # drawn lines, by line and what their look depends on; emptied when rows change
        self.drawn: dict[tuple, Strip] = {}
        self.metas: dict[tuple[int, int | None], Style] = {}  # by row and column

    def on_mount(self) -> None:
        # its bars made now, hidden: one made on the key that first shows it starts
        # after that key's layout and asks for a layout of its own
        if self.styles.overflow_y == "auto":
            self.vertical_scrollbar.display = False
        if self.styles.overflow_x == "auto":
            self.horizontal_scrollbar.display = False
            self.scrollbar_corner.display = True  # (made; placed only between two bars)

    # ---- contents ----------------------------------------------------------------------
    def add_columns(self, *labels: str | Text) -> None:
        """The columns, by their labels (the rows go: they had the old columns)."""
        self.labels = tuple(cell_text(label) for label in labels)
        self.header = Row("", self.labels, tuple([label] for label in self.labels), 1, 0)
        self.set_rows([])

    def set_rows(self, rows: list[tuple[str, list[str | Text] | tuple[Text, ...]]]) -> None:
        """Put these rows in (key, cells), the cursor kept at its place (or the last row)."""
        widths = [text_width(label) for label in self.labels]
        made: list[Row] = []
        top = 0
        for key, cells in rows:
            texts = tuple(cell_text(cell) for cell in cells)
            for i, text in enumerate(texts):
                widths[i] = max(widths[i], text_width(text))
            # a cell's lines as Rich wraps a text that fits: one a line break
            lines = tuple(list(text.split("\n", allow_blank=True)) for text in texts)
            height = max((len(parts) for parts in lines), default=1)
            made.append(Row(key, texts, lines, height, top))
            top += height
        self.rows = made
        self.index = {row.key: i for i, row in enumerate(made)}
        self.line_rows = [(i, line) for i, row in enumerate(made) for line in range(row.height)]
        self.widths = [width + 2 for width in widths]
        self.drawn.clear()
        before = self.cursor_row
        self.cursor_row = max(0, min(before, len(made) - 1))
        self.hover_row = None
        # the size, known now: the layout that shows the table is the only one it needs
        # (its height: the content's, and the horizontal bar's line)
        height_before = (self.virtual_size.height, self.show_horizontal_scrollbar)
        self.virtual_size = Size(sum(self.widths), 1 + top)
        self.expect_bars(self.virtual_size)
        new_height = (self.virtual_size.height, self.show_horizontal_scrollbar) != height_before
        box = self.parent
        if (
            new_height
            and isinstance(box, VerticalScroll)
            and box.outer_size.width  # laid out before
            and box.styles.overflow_y == "scroll"
        ):
            # and so for the scroll box it is in (found during that layout, the box's
            # new length asked for a second one)
            expect_box_length(box)
        self.refresh()
        if made:  # as a DataTable does once its first row is in
            self.post_highlighted()

    def expect_bars(self, content: Size) -> None:
        """Its bars shown or hidden before the layout, where ``content`` may outgrow the
        table's max-height (in cells) or its width."""
        high = self.styles.max_height
        if high is None or not high.is_cells:
            return
        if self.styles.overflow_x == "auto":
            expect_bars_of_auto_height(self, content)
        else:
            expect_vertical_bar(self, outer_height(self, content.height))

    def clear(self) -> None:
        self.set_rows([])

    @property
    def row_count(self) -> int:
        return len(self.rows)

    @property
    def cursor_key(self) -> str | None:
        """The key of the row the cursor is on (None while the table is empty)."""
        return self.rows[self.cursor_row].key if self.rows else None

    def get_row_index(self, key: str) -> int:
        """The row of this key (KeyError if it has none)."""
        return self.index[key]

    def get_row_at(self, index: int) -> tuple[Text, ...]:
        return self.rows[index].cells

    def get_row_key(self, index: int) -> str:
        return self.rows[index].key

    def row_top(self, index: int) -> int:
        """The row's first line, counted from the line under the header."""
        return self.rows[index].top

    # ---- the cursor ----------------------------------------------------------------------
    def move_cursor(self, row: int, animate: bool = False) -> None:
        """Put the cursor on this row (kept within the table) and in sight."""
        if not self.rows:
            return
        row = max(0, min(row, len(self.rows) - 1))
        moved = row != self.cursor_row
        self.cursor_row = row
        self.show_hover(None)
        if moved:
            self.refresh()
            self.post_highlighted()
        self.scroll_to_cursor(animate)

    def scroll_to_cursor(self, animate: bool = False) -> None:
        if not self.rows:
            return
        row = self.rows[self.cursor_row]
        region = Region(int(self.scroll_x), 1 + row.top, self.size.width, row.height)
        self.scroll_to_region(region, animate=animate, spacing=Spacing(1, 0, 0, 0), force=True)

    def post_highlighted(self) -> None:
        self.post_message(
            self.RowHighlighted(self, self.cursor_row, self.rows[self.cursor_row].key)
        )

    def action_cursor_up(self) -> None:
        self.move_cursor(self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(self.cursor_row + 1)

    def action_cursor_first(self) -> None:
        self.move_cursor(0)

    def action_cursor_last(self) -> None:
        self.move_cursor(len(self.rows) - 1)

    def page_rows(self) -> int:
        """How many rows a page down moves: as many as the room under the header takes."""
        room = self.scrollable_content_region.height - 1
        taken = moved = 0
        for row in self.rows[self.cursor_row :]:
            taken += row.height
            moved += 1
            if taken > room:
                break
        return max(1, moved - 1)

    def action_page_down(self) -> None:
        self.move_cursor(self.cursor_row + self.page_rows())

    def action_page_up(self) -> None:
        self.move_cursor(self.cursor_row - self.page_rows())

    def action_select_cursor(self) -> None:
        if self.rows:
            self.post_message(
                self.RowSelected(self, self.cursor_row, self.rows[self.cursor_row].key)
            )

    # ---- the mouse -----------------------------------------------------------------------
    def row_at(self, y: int) -> int | None:
        """The row drawn at line ``y`` of the widget (HEADER for the header), if any."""
        if y == 0:
            return HEADER
        line = y - 1 + int(self.scroll_y)
        return self.line_rows[line][0] if 0 <= line < len(self.line_rows) else None

    def show_hover(self, row: int | None) -> None:
        if row != self.hover_row:
            self.hover_row = row
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.show_hover(self.row_at(event.y) if 0 <= event.x < self.size.width else None)

    def on_leave(self, _event: events.Leave) -> None:
        self.show_hover(None)

    def on_click(self, event: events.Click) -> None:
        row = self.row_at(event.y)
        if row is None or row == HEADER or not 0 <= event.x < self.size.width:
            return
        event.stop()
        self.move_cursor(row)  # one click chooses (a DataTable asks a second one)
        self.action_select_cursor()

    # ---- drawing -------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.drawn.clear()  # focus, theme: the component styles change

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y == 0:
            row, line = HEADER, 0
        else:
            at = y - 1 + int(self.scroll_y)
            if at >= len(self.line_rows):
                return Strip.blank(width, base)
            row, line = self.line_rows[at]
        scroll_x = int(self.scroll_x)
        key = (row, line, row == self.cursor_row, row == self.hover_row, width, scroll_x, base)
        strip = self.drawn.get(key)
        if strip is None:
            segments = self.line_segments(row, line)
            strip = Strip(segments).crop(scroll_x, scroll_x + width)
            strip = strip.adjust_cell_length(width, base).simplify()
            if len(self.drawn) > 4 * max(1, self.size.height) + 40:
                self.drawn.clear()  # the lines drawn lately: about four screens of them
            self.drawn[key] = strip
        return strip

    def row_style(self, row: int) -> Style:
        """The row's own style: the header's, or the zebra stripe's."""
        if row == HEADER:
            name = "datatable--header"
        else:
            name = "datatable--odd-row" if row % 2 else "datatable--even-row"
        return self.get_component_styles(name).rich_style

    def look(self, row: int) -> Style:
        """The cursor's and the mouse's styles over the row's own (as a DataTable adds them)."""
        component = Style()
        get = self.get_component_rich_style
        if row == self.hover_row:
            component += get("datatable--hover")
            if row == HEADER:
                component += get("datatable--header-hover")
        if row == self.cursor_row and row != HEADER and self.rows:
            component += get("datatable--cursor")
        return component

    def line_segments(self, row: int, line: int) -> list[Segment]:
        """Line ``line`` of a row, every cell padded to its column, then the rest of
        the width in the row's style. Each cell's segments carry its row and column
        (as a DataTable's do): a screenshot joins a cell's runs, never two cells'."""
        console = self.app.console
        row_style = self.row_style(row)
        component = self.look(row)
        # the cursor's colours win over a cell's own (DataTable's default priority)
        post = Style.from_color(component.color, component.bgcolor)
        cells = (self.header if row == HEADER else self.rows[row]).lines
        segments: list[Segment] = []
        for column, (parts, width) in enumerate(zip(cells, self.widths, strict=True)):
            pre = row_style + self.meta(row, column) + component
            part = parts[line] if line < len(parts) else None
            if part is None:
                segments.append(Segment(" " * width, pre + post))
                continue
            if part.spans:
                drawn = list(part.render(console, end=""))
            else:  # Text.render leaves out the base style of a text without spans
                drawn = [Segment(part.plain, console.get_style(part.style))] if part.plain else []
            pad = width - 2 - sum(segment.cell_length for segment in drawn)
            segments.append(Segment(" ", pre + post))
            segments += Segment.apply_style(drawn, pre, post)
            segments.append(Segment(" " * (pad + 1), pre + post))
        rest = max(0, self.size.width - sum(self.widths))
        if rest:
            segments.append(Segment(" " * rest, row_style + component + self.meta(row, None)))
        return segments

    def meta(self, row: int, column: int | None) -> Style:
        """The style that names a cell (column None: the room right of the table)."""
        key = (row, column)
        style = self.metas.get(key)
        if style is None:
            if column is None:
                style = Style.from_meta({"row": row, "column": 0, "out_of_bounds": True})
            else:
                style = Style.from_meta({"row": row, "column": column})
            self.metas[key] = style
        return style
