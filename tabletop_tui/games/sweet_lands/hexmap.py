"""A player's Map Board drawn with the Line API: pointy-top hexes in "odd-r" rows.

Two scales, chosen by the room the widget gets (or by the Z key):

large (8 columns and 4 lines a hex)         small (4 columns and 2 lines a hex)

      / \\     / \\                            / \\ / \\
    / 12  \\ / 13  \\                         |W* |f  |
   | WHEAT*| forest|                          \\ / \\ / \\
   | house | +skill|                            |Mhr|s P|
    \\ port/ \\     /
      \\ /     \\ /

Inside a hex (small scale: 3 letters):
  1st  terrain: lower case = empty hex (w f m s, x special hex), UPPER CASE = a tile
       placed (W F M S, 1-6 = special tile number), C capital, e/E Extra Draw Area
       (E = active);
  2nd  property letter (t tent, h house, b building, s shop, l lab, k clock tower)
       or * when the tile is flipped and still free;
  3rd  r Cookie Rabbit, P port, ! a bonus icon not yet taken.
Edges: # road, + a legal place for a road now, ~ a port's sea edge.
Hex corners: * a legal hex now; v ^ the cursor (also shown in reverse video).

Geometry: hex (col, row) has centre column cx and top line y; edge direction d follows
rules.sweet_lands.model.data.DIRS (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE).
"""

from __future__ import annotations

from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from rules.sweet_lands import PlayerView

from .hexdraw import SCALES, Geometry, geometry, paint, rows_of_segments


class HexMap(ScrollView, can_focus=True):
    """One Map Board. ``show`` gives it the board, a player's pieces and the targets."""

    BINDINGS = [
        Binding("up", "move(0,-1)", "Cursor", show=False),
        Binding("down", "move(0,1)", "Cursor", show=False),
        Binding("left", "move(-1,0)", "Cursor", show=False),
        Binding("right", "move(1,0)", "Cursor", show=False),
        Binding("right_square_bracket", "cycle(1)", "Next place", show=False),
        Binding("left_square_bracket", "cycle(-1)", "Previous place", show=False),
        Binding("enter", "pick", "Choose", show=False),
        Binding("space", "pick", "Choose", show=False),
    ]
    DEFAULT_CSS = """
    HexMap { height: 1fr; width: 1fr; scrollbar-size: 1 1; }
    HexMap:focus { background-tint: $foreground 3%; }
    """

    class Picked(Message):
        """Enter, space or a click on a hex or an edge."""

        def __init__(self, hexmap: HexMap, target: tuple[str, int]):
            super().__init__()
            self.hexmap = hexmap
            self.target = target

    class Moved(Message):
        def __init__(self, hexmap: HexMap, target: tuple[str, int] | None):
            super().__init__()
            self.hexmap = hexmap
            self.target = target

    def __init__(self, **kw):
        super().__init__(**kw)
        self.mapb = None
        self.pieces: PlayerView | None = None
        self.targets: set = set()
        self.cursor: tuple[str, int] | None = None
        # The cursor is drawn while it is the one cursor: the map has focus or the move
        # list highlights a move on the map. Otherwise Enter acts elsewhere, and a drawn
        # cursor would suggest it acts on this hex.
        self.cursor_shown = True
        self.forced_scale: str | None = None
        self.scale = "small"
        self._key = None
        self._rows: list[list[Segment]] = []  # the map's rows, as segments
        self._kept_rows: dict = {}  # each row by its text and styles (hexdraw.rows_of_segments)
        # the rows on view as drawn: (line, scroll x, width) -> (its row, its Strip)
        self._drawn: dict[tuple[int, int, int], tuple[list[Segment], Strip]] = {}
        self._geometry: Geometry | None = None  # the board's shape at the scale drawn
        self._corner_owner: dict = {}
        self._centre: dict = {}
        self._width = 0
        self._known_size = (0, 0)  # the size it last had on view (hidden, it has none)

    def on_mount(self) -> None:
        # its vertical bar made now, hidden (widgets/steady.py, expect_vertical_bar): the
        # legend under a small map takes its room and brings the bar
        self.vertical_scrollbar.display = False

    # ---- data ----------------------------------------------------------------------
    def show(self, mapb, pieces: PlayerView | None, targets=(), keep_cursor: bool = True) -> None:
        targets = set(targets)
        if self.mapb is not mapb:
            self.cursor = None
        self.mapb = mapb
        self.pieces = pieces
        if targets != self.targets or not keep_cursor:
            self.targets = targets
            if targets and self.cursor not in targets:
                self.cursor = sorted(targets, key=self._order)[0]
        if self.cursor is None and mapb is not None:
            self.cursor = ("hex", mapb.capitals[0] if mapb.capitals else 0)
        self.rebuild()

    def _order(self, t):
        return (t[0] != "hex", t[1])

    def pick_scale(self) -> str:
        if self.forced_scale:
            return self.forced_scale
        cs, rs, margin, h = SCALES["large"]
        w = margin * 2 + 9 * cs + 1
        lines = 7 * rs + 2
        # Hidden (another tab on show), it is drawn for the size it will have again:
        # drawn for none, it was drawn again, and laid out again, once on view.
        width, height = self.size if self.size.width else self._known_size
        return "large" if width >= w and height >= lines else "small"

    def on_resize(self) -> None:
        if self.size.width:
            self._known_size = (self.size.width, self.size.height)
        if self.mapb is not None and self.pick_scale() != self.scale:
            self.rebuild()
            self.scroll_to_cursor()

    def toggle_scale(self) -> None:
        order = [None, "small", "large"]
        self.forced_scale = order[(order.index(self.forced_scale) + 1) % 3]
        self.rebuild()
        self.scroll_to_cursor()

    # ---- drawing -------------------------------------------------------------------
    def rebuild(self) -> None:
        if self.mapb is None:
            return
        self.scale = self.pick_scale()
        cursor = self.cursor if self.cursor_shown else None
        key = (self.scale, id(self.mapb), _freeze(self.pieces), tuple(sorted(self.targets)), cursor)
        if key == self._key:
            return
        self._key = key
        geo = geometry(self.mapb, self.scale)
        chars, styles, corner_owner = paint(
            self.mapb, self.scale, self.pieces, self.targets, cursor
        )
        # the corners drawn now are looked up first, then the board's shape
        self._geometry, self._corner_owner = geo, corner_owner
        self._centre = geo.centre
        self._width = geo.width
        old_rows, old_size = self._rows, self.virtual_size
        self._rows, self._kept_rows = rows_of_segments(chars, styles, geo.width, self._kept_rows)
        self.virtual_size = Size(geo.width, geo.height)
        changed = self.changed_rows(old_rows) if self.virtual_size == old_size else None
        if changed is None:
            self.refresh()
            return
        # a piece placed or the cursor moved changes a few rows: only those are painted
        # again (the others keep their row object, hexdraw.rows_of_segments)
        for line in changed:
            self.refresh_line(line)

    def changed_rows(self, old_rows: list[list[Segment]]) -> list[int] | None:
        """The rows drawn anew since ``old_rows`` (None: not as many rows)."""
        if len(old_rows) != len(self._rows):
            return None
        return [
            y
            for y, (was, row) in enumerate(zip(old_rows, self._rows, strict=True))
            if row is not was
        ]

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        line = y + sy
        width = self.size.width
        if not 0 <= line < len(self._rows):
            return Strip.blank(width)
        row = self._rows[line]
        key = (line, sx, width)
        kept = self._drawn.get(key)
        if kept is not None and kept[0] is row:
            return kept[1]
        # a Strip for the rows on view only; a row a move left alone keeps its Strip
        strip = Strip(row, self._width).crop(sx, sx + width).extend_cell_length(width)
        if len(self._drawn) > 2 * self.size.height + 20:
            self._drawn.clear()  # a scroll's or a resize's worth: drawn again if back
        self._drawn[key] = (row, strip)
        return strip

    # ---- cursor and picking ---------------------------------------------------------
    def describe(self, target) -> str:
        return f"{target[0]} {target[1]}" if target else ""

    def action_move(self, dx: int, dy: int) -> None:
        if self.mapb is None or self.cursor is None:
            return
        pool = self.targets or {("hex", h) for h in range(len(self.mapb.coords))}
        # left / right step through the places in reading order: every one is reached,
        # whatever the shape of the board; up / down go to the nearest place that way
        found = self.next_in_reading_order(pool, dx) if dx else self.nearest_towards(pool, dy)
        if found is not None:
            self.set_cursor(found)

    def next_in_reading_order(self, pool: set, step: int) -> tuple[str, int] | None:
        """The place ``step`` (+1 or -1) after the cursor's, reading line by line (the
        first place when the cursor is on none of them; None past either end)."""
        centre = self._centre
        order = sorted((t for t in pool if t in centre), key=lambda t: (centre[t][1], centre[t][0]))
        if self.cursor not in order:
            return order[0] if order else None
        i = order.index(self.cursor) + step
        return order[i] if 0 <= i < len(order) else None

    def nearest_towards(self, pool: set, dy: int) -> tuple[str, int] | None:
        """The place nearest the cursor's, up (-1) or down (+1), leaning to the one most
        straight that way."""
        x0, y0 = self._centre.get(self.cursor, (0, 0))
        best, best_score = None, None
        for t in pool:
            if t == self.cursor or t not in self._centre:
                continue
            x, y = self._centre[t]
            ddx, ddy = (x - x0), (y - y0) * 2  # a line is about twice as tall as a column
            along = ddy * dy
            if along <= 0.5:
                continue
            score = along + 2.5 * abs(ddx * dy)
            if best_score is None or score < best_score:
                best, best_score = t, score
        return best

    def action_cycle(self, step: int) -> None:
        hexes = len(self.mapb.coords) if self.mapb is not None else 0  # no map: no pool
        pool = sorted(self.targets or {("hex", h) for h in range(hexes)}, key=self._order)
        if not pool:
            return
        i = pool.index(self.cursor) if self.cursor in pool else -1
        self.set_cursor(pool[(i + step) % len(pool)])

    def show_cursor(self, shown: bool) -> None:
        if shown != self.cursor_shown:
            self.cursor_shown = shown
            self.rebuild()

    def on_focus(self) -> None:
        self.show_cursor(True)

    def set_cursor(self, target) -> None:
        self.cursor = target
        self.cursor_shown = True
        self.rebuild()
        self.scroll_to_cursor()
        self.post_message(self.Moved(self, target))

    def scroll_to_cursor(self) -> None:
        if self.cursor in self._centre:
            x, y = self._centre[self.cursor]
            self.scroll_to_region(Region(int(x) - 5, int(y) - 3, 11, 7), animate=False, force=True)

    def action_pick(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Picked(self, self.cursor))

    def target_at(self, x: int, y: int) -> tuple[str, int] | None:
        """The hex or edge drawn at (x, y) of the whole map (scrolled part included)."""
        if self._geometry is None:
            return None
        return self._corner_owner.get((x, y)) or self._geometry.target_at(x, y)

    def on_click(self, event) -> None:
        sx, sy = self.scroll_offset
        target = self.target_at(event.x + sx, event.y + sy)
        if target is None:
            return
        self.cursor = target
        self.cursor_shown = True
        self.rebuild()
        self.post_message(self.Moved(self, target))
        self.post_message(self.Picked(self, target))


def _freeze(p):
    if p is None:
        return None
    return tuple(
        (k, repr(p.get(k))) for k in ("tiles", "properties", "rabbits", "roads", "extra_draw")
    )
