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
rules.sweet_lands.data.DIRS (0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .lines import refresh_changed
from .text import PROP_LETTER, PROP_WORD, icon_text

SCALES = {
    # col step, row step, left margin, hex height
    "large": (8, 4, 4, 6),
    "small": (4, 2, 2, 3),
}
TERRAIN_BG = {
    "wheat": "#6e5a12",
    "forest": "#1d5a2a",
    "mine": "#4d4d4d",
    "sea": "#1d4a78",
    "capital": "#6a2a6a",
    "special": "#4a3a80",
    "eda": "#1d5a5a",
}
TERRAIN_FG = {
    "wheat": "#e6c84a",
    "forest": "#5fd77a",
    "mine": "#b0b0b0",
    "sea": "#6aa8ff",
    "capital": "#e08ae0",
    "special": "#b09aff",
    "eda": "#5fd7d7",
}
LETTER = {
    "wheat": "w",
    "forest": "f",
    "mine": "m",
    "sea": "s",
    "special": "x",
    "capital": "C",
    "eda": "e",
}
WORD = {
    "wheat": "wheat",
    "forest": "forest",
    "mine": "mine",
    "sea": "sea",
    "special": "special",
    "capital": "CAPITAL",
    "eda": "extra",
}


def _edge_cells(scale: str, cx: int, y: int, d: int) -> list[tuple[int, int, str]]:
    if scale == "large":
        table = {
            2: [(cx - 1, y, "/"), (cx - 3, y + 1, "/")],
            1: [(cx + 1, y, "\\"), (cx + 3, y + 1, "\\")],
            3: [(cx - 4, y + 2, "|"), (cx - 4, y + 3, "|")],
            0: [(cx + 4, y + 2, "|"), (cx + 4, y + 3, "|")],
            4: [(cx - 3, y + 4, "\\"), (cx - 1, y + 5, "\\")],
            5: [(cx + 3, y + 4, "/"), (cx + 1, y + 5, "/")],
        }
    else:
        table = {
            2: [(cx - 1, y, "/")],
            1: [(cx + 1, y, "\\")],
            3: [(cx - 2, y + 1, "|")],
            0: [(cx + 2, y + 1, "|")],
            4: [(cx - 1, y + 2, "\\")],
            5: [(cx + 1, y + 2, "/")],
        }
    return table[d]


def _interior(scale: str, cx: int, y: int) -> list[tuple[int, int, int]]:
    """(x, y, width) of each interior run, top to bottom."""
    if scale == "large":
        return [(cx - 2, y + 1, 5), (cx - 3, y + 2, 7), (cx - 3, y + 3, 7), (cx - 2, y + 4, 5)]
    return [(cx - 1, y + 1, 3)]


def _apexes(scale: str, cx: int, y: int) -> tuple[tuple[int, int], tuple[int, int]]:
    h = SCALES[scale][3]
    return (cx, y), (cx, y + h - 1)


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
        self.pieces: dict | None = None
        self.targets: set = set()
        self.cursor: tuple[str, int] | None = None
        # The cursor is drawn while it is the one cursor: the map has focus or the move
        # list highlights a move on the map. Otherwise Enter acts elsewhere, and a drawn
        # cursor would suggest it acts on this hex.
        self.cursor_shown = True
        self.forced_scale: str | None = None
        self.scale = "small"
        self._key = None
        self._strips: list[Strip] = []
        self._owner: dict = {}
        self._centre: dict = {}
        self._width = 0
        self._known_size = (0, 0)  # the size it last had on view (hidden, it has none)

    # ---- data ----------------------------------------------------------------------
    def show(self, mapb, pieces: dict | None, targets=(), keep_cursor: bool = True) -> None:
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
        self._rebuild()

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
            self._rebuild()
            self.scroll_to_cursor()

    def toggle_scale(self) -> None:
        order = [None, "small", "large"]
        self.forced_scale = order[(order.index(self.forced_scale) + 1) % 3]
        self._rebuild()
        self.scroll_to_cursor()

    # ---- drawing -------------------------------------------------------------------
    def _hex_origin(self, h: int) -> tuple[int, int]:
        cs, rs, margin, _ = SCALES[self.scale]
        col, row = self.mapb.coords[h]
        return margin + col * cs + (cs // 2 if row & 1 else 0), row * rs

    def _rebuild(self) -> None:
        if self.mapb is None:
            return
        self.scale = self.pick_scale()
        key = (
            self.scale,
            id(self.mapb),
            _freeze(self.pieces),
            tuple(sorted(self.targets)),
            self.cursor if self.cursor_shown else None,
        )
        if key == self._key:
            return
        self._key = key
        m = self.mapb
        cs, rs, margin, hh = SCALES[self.scale]
        width = margin * 2 + 9 * cs + 1
        height = 7 * rs + (hh - rs)
        chars = [[" "] * width for _ in range(height)]
        styles: list[list[Style | None]] = [[None] * width for _ in range(height)]
        owner: dict = {}
        centre: dict = {}
        P = self.pieces or {}
        tiles = P.get("tiles", {})
        props = P.get("properties", {})
        rabbits = set(P.get("rabbits", []))
        roads = set(P.get("roads", []))
        eda = set(P.get("extra_draw", []))
        ports = set(m.ports)
        border = Style(color="#8a8a8a")
        road_style = Style(color="#ffaf3a", bold=True)
        legal_style = Style(color="#5fff5f", bold=True)
        port_style = Style(color="#6aa8ff", bold=True)
        cursor_style = Style(reverse=True, bold=True)
        Style(color="#8a8a8a")

        def put(x, y, ch, st, own=None):
            if 0 <= y < height and 0 <= x < width:
                chars[y][x] = ch
                styles[y][x] = st
                if own is not None:
                    owner[(x, y)] = own

        for h in range(len(m.coords)):
            cx, y = self._hex_origin(h)
            kind = m.kinds[h]
            tile = tiles.get(str(h))
            prop = props.get(str(h))
            # interior
            if tile:
                tkind = tile[0].split(":")[0]
                flipped = bool(tile[1])
                bg = TERRAIN_BG.get(tkind if tkind != "special" else "special")
                fill = Style(color="white", bgcolor=bg, bold=flipped, dim=False)
                if not flipped:
                    fill = Style(color="#f0f0f0", bgcolor=_darker(bg))
            elif kind in ("capital", "eda") and (kind == "capital" or h in eda):
                fill = Style(color="white", bgcolor=TERRAIN_BG[kind], bold=True)
            else:
                fill = Style(color=TERRAIN_FG[kind])
            is_cursor = self.cursor_shown and self.cursor == ("hex", h)
            if is_cursor:
                fill = fill + cursor_style
            texts = self._hex_text(h, kind, tile, prop, h in rabbits, h in ports, h in eda)
            for (x0, yy, w), text in zip(_interior(self.scale, cx, y), texts, strict=False):
                text = text[:w].center(w) if self.scale == "large" else text[:w].ljust(w)
                for i, ch in enumerate(text):
                    put(x0 + i, yy, ch, fill, ("hex", h))
            (ax, ay), (bx, by) = _apexes(self.scale, cx, y)
            if is_cursor:
                put(ax, ay, "v", cursor_style, ("hex", h))
                put(bx, by, "^", cursor_style, ("hex", h))
            elif ("hex", h) in self.targets:
                put(ax, ay, "*", legal_style, ("hex", h))
                put(bx, by, "*", legal_style, ("hex", h))
            centre[("hex", h)] = (cx, y + hh / 2)
            # edges
            for d, e in enumerate(m.hex_edges[h]):
                cells = _edge_cells(self.scale, cx, y, d)
                outer = len(m.edge_hexes[e]) == 1
                if self.cursor_shown and ("edge", e) == self.cursor:
                    st, glyph = cursor_style, "@"
                elif e in roads:
                    st, glyph = road_style, "#"
                elif ("edge", e) in self.targets:
                    st, glyph = legal_style, "+"
                elif outer and h in ports:
                    st, glyph = port_style, "~"
                else:
                    st, glyph = border, None
                for x, yy, ch in cells:
                    put(x, yy, glyph or ch, st, ("edge", e))
                centre[("edge", e)] = (
                    sum(c[0] for c in cells) / len(cells),
                    sum(c[1] for c in cells) / len(cells),
                )
        self._owner = owner
        self._centre = centre
        self._width = width
        strips = []
        for y in range(height):
            segs = []
            run, run_st = "", None
            for x in range(width):
                st = styles[y][x]
                if st is not run_st and run:
                    segs.append(Segment(run, run_st))
                    run = ""
                run_st = st
                run += chars[y][x]
            if run:
                segs.append(Segment(run, run_st))
            strips.append(Strip(segs, width))
        old, self._strips = self._strips, strips
        self.virtual_size = Size(width, height)
        if old and old[0].cell_length == width:  # the same scale: repaint the lines that changed
            refresh_changed(self, old, strips, top=self.scroll_offset.y)
        else:
            self.refresh()

    def _hex_text(self, h, kind, tile, prop, rabbit, port, eda_on) -> list[str]:
        icon = self.mapb.icons.get(h)
        if self.scale == "small":
            if tile:
                tk = tile[0]
                first = tk.split(":")[1] if tk.startswith("special:") else LETTER[tk].upper()
            elif kind == "eda":
                first = "E" if eda_on else "e"
            else:
                first = LETTER[kind]
            second = PROP_LETTER[prop] if prop else ("*" if tile and tile[1] else " ")
            third = "r" if rabbit else "P" if port else "!" if icon and not tile else " "
            return [first + second + third]
        # large
        top = str(h)
        if tile:
            tk = tile[0]
            word = f"SPEC-{tk.split(':')[1]}" if tk.startswith("special:") else tk.upper()
            word += "*" if tile[1] else ""
        elif kind == "eda":
            word = "EXTRA+" if eda_on else "extra"
        else:
            word = WORD[kind]
        if prop:
            mid = PROP_WORD[prop] + (" R" if rabbit else "")
        elif icon and not tile:
            mid = icon_text(icon)[:7]
        elif kind == "eda":
            mid = "draw+1" if eda_on else ""
        else:
            mid = ""
        bottom = "port" if port else ""
        return [top, word, mid, bottom]

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        line = y + sy
        width = self.size.width
        if 0 <= line < len(self._strips):
            return self._strips[line].crop(sx, sx + width).extend_cell_length(width)
        return Strip.blank(width)

    # ---- cursor and picking ---------------------------------------------------------
    def describe(self, target) -> str:
        return f"{target[0]} {target[1]}" if target else ""

    def action_move(self, dx: int, dy: int) -> None:
        if self.mapb is None or self.cursor is None:
            return
        pool = self.targets or {("hex", h) for h in range(len(self.mapb.coords))}
        x0, y0 = self._centre.get(self.cursor, (0, 0))
        best, best_score = None, None
        for t in pool:
            if t == self.cursor or t not in self._centre:
                continue
            x, y = self._centre[t]
            ddx, ddy = (x - x0), (y - y0) * 2  # a line is about twice as tall as a column
            along = ddx * dx + ddy * dy
            if along <= 0.5:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            score = along + 2.5 * across
            if best_score is None or score < best_score:
                best, best_score = t, score
        if best is not None:
            self.set_cursor(best)

    def action_cycle(self, step: int) -> None:
        pool = sorted(
            self.targets or {("hex", h) for h in range(len(self.mapb.coords))}, key=self._order
        )
        if not pool:
            return
        i = pool.index(self.cursor) if self.cursor in pool else -1
        self.set_cursor(pool[(i + step) % len(pool)])

    def show_cursor(self, shown: bool) -> None:
        if shown != self.cursor_shown:
            self.cursor_shown = shown
            self._rebuild()

    def on_focus(self) -> None:
        self.show_cursor(True)

    def set_cursor(self, target) -> None:
        self.cursor = target
        self.cursor_shown = True
        self._rebuild()
        self.scroll_to_cursor()
        self.post_message(self.Moved(self, target))

    def scroll_to_cursor(self) -> None:
        if self.cursor in self._centre:
            x, y = self._centre[self.cursor]
            self.scroll_to_region(Region(int(x) - 5, int(y) - 3, 11, 7), animate=False, force=True)

    def action_pick(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Picked(self, self.cursor))

    def on_click(self, event) -> None:
        sx, sy = self.scroll_offset
        target = self._owner.get((event.x + sx, event.y + sy))
        if target is None:
            return
        self.cursor = target
        self.cursor_shown = True
        self._rebuild()
        self.post_message(self.Moved(self, target))
        self.post_message(self.Picked(self, target))


def _darker(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"#{int(r * 0.6):02x}{int(g * 0.6):02x}{int(b * 0.6):02x}"


def _freeze(p):
    if p is None:
        return None
    return tuple(
        (k, repr(p.get(k))) for k in ("tiles", "properties", "rabbits", "roads", "extra_draw")
    )
