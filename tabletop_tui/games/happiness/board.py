"""The Happiness table: every card on its cell, the legal spots, a cursor."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...widgets.drawn_lines import DrawnLines
from ...widgets.steady import expect_outer_size
from ...widgets.tiles import SMALL_H, SMALL_W, H, W, card_lines, small_card_lines, spot_lines

# origin, columns, rows and each row's looks: what a repaint compares with the last
_Layout = tuple[tuple[int, int], int, int, list[tuple[Any, ...]]]


class Board(DrawnLines, can_focus=True):
    """The table: every card on its cell, legal spots for the chosen card, a cursor.

    Drawn line by line (Textual's Line API): each cell's five lines are made once and
    kept, and only the lines on screen are joined, so a move repaints in a few
    milliseconds however large the table grows."""

    BINDINGS = [
        Binding("up", "move(0,-1)", "Up", show=False),
        Binding("down", "move(0,1)", "Down", show=False),
        Binding("left", "move(-1,0)", "Left", show=False),
        Binding("right", "move(1,0)", "Right", show=False),
        Binding("enter", "place", "Place"),
        Binding("n", "jump(1)", "Next spot"),
        Binding("N", "jump(-1)", "Spot before", show=False),
    ]
    DEFAULT_CSS = "Board { width: auto; height: auto; }"

    class CursorMoved(Message):
        """The cursor is on another cell: the screen's preview line follows it."""

        def __init__(self, cell):
            super().__init__()
            self.cell = cell

    class Chosen(Message):
        def __init__(self, cell):
            super().__init__()
            self.cell = cell

    def __init__(self):
        super().__init__()
        self.cells: dict = {}
        self.names: list = []
        self.spots: list = []
        self.origin = (0, 0)
        self.cols = self.rows = 1
        self._cursor = (0, 0)
        self._looks: list[tuple] | None = None  # each row's look, while it holds
        self._shown: tuple | None = None
        self._drawn: dict[tuple, list[list[Segment]]] = {}  # a cell's look -> its lines
        # A row's look, focus, line, style and width -> that line: a repaint of rows
        # that look as they did hands the screen the same Strip (filters and all, as
        # Textual keeps them with it) without joining a segment.
        self._strips: dict[tuple, Strip] = {}
        self._spot_set: set = set()
        # the room kept after the spots go is a placed card's: public (see _extent)
        self._room_of_a_placement = False
        self.small = False  # zoomed out: three-line cells, about half the room

    @property
    def cell_w(self) -> int:
        return SMALL_W if self.small else W

    @property
    def cell_h(self) -> int:
        return SMALL_H if self.small else H

    def zoom(self, small: bool) -> None:
        """Draw the cells small (the whole table in less room) or at full size."""
        if small == self.small:
            return
        self.small = small
        self._drawn.clear()
        self._strips.clear()
        self.styles.width = self.cols * self.cell_w
        self.styles.height = self.rows * self.cell_h
        self.refresh(layout=True)
        self.call_after_refresh(self.show_cursor)

    @property
    def cursor(self) -> tuple[int, int]:
        return self._cursor

    @cursor.setter
    def cursor(self, cell: tuple[int, int]) -> None:
        if cell != self._cursor:
            self.post_message(self.CursorMoved(cell))
        self._cursor = cell
        self._looks = None  # the rows the cursor left and entered look different

    def set_board(self, board: list, names: list, spots: list) -> None:
        shown = (
            tuple((c["x"], c["y"], c["by"], c["card"]["word"]) for c in board),
            tuple(names),
            tuple(tuple(s) for s in spots),
        )
        if shown == self._shown:
            return  # the same table: nothing to lay out or repaint
        self._shown = shown
        before: _Layout | None = (self.origin, self.cols, self.rows, self._row_looks())
        if names != self.names:  # a card's lines name its player: draw them anew
            self._drawn.clear()
            self._strips.clear()
            before = None
        cells = {(c["x"], c["y"]): c for c in board}
        laid = not cells.keys() <= self.cells.keys()
        self.cells = cells
        self._looks = None
        self.names = names
        self.spots = [tuple(s) for s in spots]
        self._spot_set = set(self.spots)
        if self.spots and self.cursor not in self.spots:
            self.cursor = self.spots[0]
        elif not self.spots and not laid and cells and self.cursor not in cells:
            # spots gone with no card laid: off a hidden card's spot, onto the table
            x, y = self.cursor
            self.cursor = min(cells, key=lambda c: (abs(c[0] - x) + abs(c[1] - y), c[1], c[0]))
        cols, rows = self._extent(laid)
        if (cols, rows) != (self.cols, self.rows):
            self.cols, self.rows = cols, rows
            self.styles.width = cols * self.cell_w
            self.styles.height = rows * self.cell_h
            # told first, with its box's new size: found during the layout, they asked
            # for a second one (a hand-off's new seat's spots widen the table)
            expect_outer_size(self, Size(cols * self.cell_w, rows * self.cell_h))
        if before is not None and before[:3] == (self.origin, self.cols, self.rows):
            self._refresh_rows(before[3], self._row_looks())
        else:  # the table grew or shifted: every line moves
            self.refresh()
        self.call_after_refresh(self.show_cursor)

    def _extent(self, laid: bool) -> tuple[int, int]:
        """Sets the origin and returns the columns and rows of cells shown: every card,
        spot and the cursor with a free cell around. A table whose spots went because a
        card was laid (``laid``) keeps the extent it had, while it still holds every card,
        until spots come again (a story, the silence, a hand-off): the spots of the card
        just placed stay as blank room, so the table does not shrink after each placement
        and grow again at the next turn (each a layout pass). Spots that go with no card
        laid were a card still in a hand (a Bummer looked at, then kept): their room goes
        too, so the table's shape never tells where a hidden card would fit."""
        if self.spots:
            self._room_of_a_placement = False
        elif laid:
            self._room_of_a_placement = True
        known = list(self.cells) + self.spots + [self.cursor]
        xs = [x for x, _ in known]
        ys = [y for _, y in known]
        (ox, oy), cols, rows = self.origin, self.cols, self.rows
        held = ox < min(xs) and oy < min(ys) and max(xs) < ox + cols - 1
        kept = not self.spots and self._room_of_a_placement
        if kept and held and max(ys) < oy + rows - 1:
            return cols, rows
        self.origin = (min(xs) - 1, min(ys) - 1)
        return max(xs) - min(xs) + 3, max(ys) - min(ys) + 3

    def _row_looks(self) -> list[tuple]:
        """What each row of cells shows: a row that looks the same is not drawn again.
        Worked out once while the table, spots and cursor stay (not once a line)."""
        if self._looks is None or len(self._looks) != self.rows:
            self._looks = [self._row_look(r) for r in range(self.rows)]
        return self._looks

    def _row_look(self, r: int) -> tuple:
        ox, oy = self.origin
        cells, spots, cursor = self.cells, self._spot_set, self.cursor
        row = []
        for c in range(self.cols):
            cell = (ox + c, oy + r)
            info = cells.get(cell)
            card = (info["card"]["word"], info["by"]) if info else None
            row.append((card, cell in spots, cell == cursor))
        return tuple(row)

    def _refresh_rows(self, before: list[tuple], after: list[tuple]) -> None:
        width = self.size.width
        for r, (old, new) in enumerate(zip(before, after, strict=True)):
            if old != new:
                self.refresh(Region(0, r * self.cell_h, width, self.cell_h))

    def _cell_lines(self, cell, base: Style) -> list[list[Segment]]:
        """A cell's five lines as segments with the board's own style folded in, so a
        line of the table is a single Strip however many cells it crosses."""
        here = cell == self.cursor and self.has_focus
        info = self.cells.get(cell)
        if info is not None:
            frame = "cursor" if here else "normal"
            look: tuple = ("card", info["card"]["word"], info["by"], frame, base, self.small)
        else:
            look = ("spot", cell in self._spot_set, here, base, self.small)
        lines = self._drawn.get(look)
        if lines is None:
            if info is not None:
                draw = small_card_lines if self.small else card_lines
                texts = draw(info["card"], self.names[info["by"]], frame)
            elif cell in self._spot_set:
                texts = spot_lines("free", cursor=here, small=self.small)
            else:
                texts = spot_lines("", cursor=here, legal=False, small=self.small)
            console = self.app.console
            lines = [list(Segment.apply_style(t.render(console), base)) for t in texts]
            self._drawn[look] = lines
        return lines

    def render_line(self, y: int) -> Strip:
        row, line = divmod(y, self.cell_h)
        style = self.line_style()
        width = self.size.width
        if row >= self.rows:
            return Strip([Segment(" " * width, style)], width)
        key = (self._row_looks()[row], self.has_focus, line, style, width, self.small)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > 300:  # a few frames' worth (a line holds ~6 KB)
                self._strips.clear()
            strip = self._strips[key] = self._draw_line(row, line, style, width)
        return strip

    def _draw_line(self, row: int, line: int, style: Style, width: int) -> Strip:
        ox, oy = self.origin
        segments = [
            segment
            for c in range(self.cols)
            for segment in self._cell_lines((ox + c, oy + row), style)[line]
        ]
        used = self.cols * self.cell_w
        if used < width:
            segments += [Segment(" " * (width - used), style)]
        elif used > width:  # narrower than the table for a moment (a resize): cut
            return Strip(segments, used).crop(0, width)
        return Strip(segments, width)

    def show_cursor(self) -> None:
        ox, oy = self.origin
        x, y = self.cursor
        w, h = self.cell_w, self.cell_h
        region = Region((x - ox) * w, (y - oy) * h, w, h)
        if isinstance(self.parent, Widget):  # (its scroll box)
            self.parent.scroll_to_region(region, animate=False)

    def action_move(self, dx: int, dy: int) -> None:
        x, y = self.cursor
        ox, oy = self.origin
        nx = min(max(x + dx, ox), ox + self.cols - 1)
        ny = min(max(y + dy, oy), oy + self.rows - 1)
        self.move_to((nx, ny))

    def action_jump(self, step: int) -> None:
        """To the next (``step`` 1) or the previous (-1) marked spot, row by row from
        the top, going round: a spot far across a large table is one key away."""
        spots = sorted(self.spots, key=lambda cell: (cell[1], cell[0]))
        if not spots:
            return
        if self.cursor in spots:
            self.move_to(spots[(spots.index(self.cursor) + step) % len(spots)])
            return
        here = (self.cursor[1], self.cursor[0])  # off a spot: the nearest one that way
        after = [c for c in spots if (c[1], c[0]) > here]
        before = [c for c in spots if (c[1], c[0]) < here]
        self.move_to((after or spots)[0] if step > 0 else (before or spots)[-1])

    def move_to(self, cell: tuple[int, int]) -> None:
        before = self._row_looks()
        self.cursor = cell
        self._refresh_rows(before, self._row_looks())  # the rows the cursor left and entered
        self.show_cursor()

    def action_place(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def cell_at(self, x: int, y: int) -> tuple[int, int]:
        """The table cell drawn at (x, y) of the board."""
        ox, oy = self.origin
        return (ox + x // self.cell_w, oy + y // self.cell_h)

    def on_click(self, event) -> None:
        cell = self.cell_at(event.x, event.y)
        self.cursor = cell
        self.focus()
        self.refresh()
        self.post_message(self.Chosen(cell))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
