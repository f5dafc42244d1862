"""A Map Board as lines of styled text, for the HexMap widget (hexmap.py).

The picture is a grid of cells painted in a fixed order: for each hex its interior
text, its corners (a legal hex or the cursor) and its six edges. What never changes
for a board's shape at one scale (where each hex, edge and corner sits, the edges'
centres) is worked out once and kept; the styles are made once and shared, so that
a row whose characters and styles are the same objects as last time keeps the
segments it had (a move changes a few hexes: most rows are drawn as they
were). Rows are kept as segments, not Strips: the map makes a Strip only for the rows
it draws (a Strip carries seven caches, about 1.1 KiB).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from rich.segment import Segment
from rich.style import Style

from rules.sweet_lands import PlayerView

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
BORDER = Style(color="#8a8a8a")
ROAD = Style(color="#ffaf3a", bold=True)
LEGAL = Style(color="#5fff5f", bold=True)
PORT = Style(color="#6aa8ff", bold=True)
CURSOR = Style(reverse=True, bold=True)

# Each edge direction's cells, as offsets from the hex's top apex, with their glyph.
EDGE_CELLS: dict[str, dict[int, tuple[tuple[int, int, str], ...]]] = {
    "large": {
        2: ((-1, 0, "/"), (-3, 1, "/")),
        1: ((1, 0, "\\"), (3, 1, "\\")),
        3: ((-4, 2, "|"), (-4, 3, "|")),
        0: ((4, 2, "|"), (4, 3, "|")),
        4: ((-3, 4, "\\"), (-1, 5, "\\")),
        5: ((3, 4, "/"), (1, 5, "/")),
    },
    "small": {
        2: ((-1, 0, "/"),),
        1: ((1, 0, "\\"),),
        3: ((-2, 1, "|"),),
        0: ((2, 1, "|"),),
        4: ((-1, 2, "\\"),),
        5: ((1, 2, "/"),),
    },
}
# (x offset, y offset, width) of each interior run, top to bottom
INTERIOR = {
    "large": ((-2, 1, 5), (-3, 2, 7), (-3, 3, 7), (-2, 4, 5)),
    "small": ((-1, 1, 3),),
}


def darker(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"#{int(r * 0.6):02x}{int(g * 0.6):02x}{int(b * 0.6):02x}"


@cache
def fill_style(kind: str, tile_kind: str | None, flipped: bool, lit: bool, cursor: bool) -> Style:
    """A hex interior's style (one shared object for each look): a tile's colour, bold
    once flipped and darker before; a capital or an active extra draw area lit; an
    empty hex in its terrain's colour; reversed under the cursor."""
    if tile_kind is not None:
        bg = TERRAIN_BG.get(tile_kind)
        fill = Style(color="white", bgcolor=bg, bold=flipped, dim=False)
        if not flipped:
            fill = Style(color="#f0f0f0", bgcolor=darker(bg))  # type: ignore[arg-type]
    elif lit:
        fill = Style(color="white", bgcolor=TERRAIN_BG[kind], bold=True)
    else:
        fill = Style(color=TERRAIN_FG[kind])
    return fill + CURSOR if cursor else fill


@dataclass(frozen=True)
class Geometry:
    """Where everything of one board shape sits at one scale."""

    width: int
    height: int
    # per hex: (top apex x, top line y, interior runs clipped to the grid, corners
    # inside the grid, edges as (edge, cells inside the grid))
    hexes: tuple
    centre: dict  # ("hex"|"edge", n) -> (x, y), for the cursor keys

    def target_at(self, x: int, y: int) -> tuple[str, int] | None:
        """The hex or edge a click on cell (x, y) picks (corners excepted): the one
        painted there last, as ``paint`` goes (hex by hex, its interior then its
        edges). Looked up on demand rather than kept per cell: a click is rare, and a
        table of every cell was half of a geometry's memory."""
        for h in range(len(self.hexes) - 1, -1, -1):
            _cx, _y, runs, _corners, edges = self.hexes[h]
            for e, cells in reversed(edges):
                for cx, cy, _ch in cells:
                    if cx == x and cy == y:
                        return ("edge", e)
            for _x0, yy, _w, lo, hi in runs:
                if yy == y and lo <= x < hi:
                    return ("hex", h)
        return None


def _inside(width: int, height: int, x: int, y: int) -> bool:
    return 0 <= y < height and 0 <= x < width


def geometry(mapb, scale: str) -> Geometry:
    """The geometry of ``mapb``'s shape at ``scale``, worked out once for each shape
    (two boards of one shape share it)."""
    return _geometry(mapb.coords, mapb.hex_edges, scale)


# A hot-seat game shows at most four shapes at two scales; older ones are let go.
@lru_cache(maxsize=8)
def _geometry(coords: tuple, hex_edges: tuple, scale: str) -> Geometry:
    cs, rs, margin, hh = SCALES[scale]
    width = margin * 2 + 9 * cs + 1
    height = 7 * rs + (hh - rs)
    hexes = []
    centre: dict = {}
    for h, (col, row) in enumerate(coords):
        cx, y = margin + col * cs + (cs // 2 if row & 1 else 0), row * rs
        runs = []
        for dx, dy, w in INTERIOR[scale]:
            x0, yy = cx + dx, y + dy
            lo, hi = max(x0, 0), min(x0 + w, width)  # the cells of the run on the grid
            if 0 <= yy < height and lo < hi:
                runs.append((x0, yy, w, lo, hi))
        corners = tuple(
            (x, yy) for x, yy in ((cx, y), (cx, y + hh - 1)) if _inside(width, height, x, yy)
        )
        centre[("hex", h)] = (cx, y + hh / 2)
        edges = []
        for d, e in enumerate(hex_edges[h]):
            cells = [(cx + dx, y + dy, ch) for dx, dy, ch in EDGE_CELLS[scale][d]]
            centre[("edge", e)] = (
                sum(c[0] for c in cells) / len(cells),
                sum(c[1] for c in cells) / len(cells),
            )
            cells = [c for c in cells if _inside(width, height, c[0], c[1])]
            edges.append((e, tuple(cells)))
        hexes.append((cx, y, tuple(runs), corners, tuple(edges)))
    return Geometry(width, height, tuple(hexes), centre)


def hex_text(mapb, scale: str, h: int, tile, prop, rabbit: bool, port: bool, eda_on: bool):
    """The words inside hex ``h``: three letters at the small scale, four lines at the
    large one (number, terrain or tile, property or bonus, port)."""
    kind = mapb.kinds[h]
    icon = mapb.icons.get(h)
    if scale == "small":
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


def paint(mapb, scale: str, pieces: PlayerView | None, targets, cursor) -> tuple[list, list, dict]:
    """The grid's characters and styles, row by row, and the owners of the corners
    drawn (a legal hex's or the cursor's); ``cursor`` is None when it is not shown."""
    geo = geometry(mapb, scale)
    width, height = geo.width, geo.height
    chars = [[" "] * width for _ in range(height)]
    styles: list[list[Style | None]] = [[None] * width for _ in range(height)]
    corner_owner: dict = {}
    # an empty board when no player's pieces are given
    tiles = pieces["tiles"] if pieces else {}
    props = pieces["properties"] if pieces else {}
    rabbits = set(pieces["rabbits"] if pieces else ())
    roads = set(pieces["roads"] if pieces else ())
    eda = set(pieces["extra_draw"] if pieces else ())
    ports = set(mapb.ports)
    large = scale == "large"
    for h, (_cx, _y, runs, corners, edges) in enumerate(geo.hexes):
        kind = mapb.kinds[h]
        tile = tiles.get(str(h))
        tile_kind = tile[0].split(":")[0] if tile else None
        lit = kind == "capital" or (kind == "eda" and h in eda)
        is_cursor = cursor == ("hex", h)
        fill = fill_style(kind, tile_kind, bool(tile and tile[1]), lit, is_cursor)
        texts = hex_text(
            mapb, scale, h, tile, props.get(str(h)), h in rabbits, h in ports, h in eda
        )
        for (x0, yy, w, lo, hi), text in zip(runs, texts, strict=False):
            text = text[:w].center(w) if large else text[:w].ljust(w)
            chars[yy][lo:hi] = text[lo - x0 : hi - x0]
            styles[yy][lo:hi] = [fill] * (hi - lo)
        if is_cursor or ("hex", h) in targets:
            marks = ("v", "^") if is_cursor else ("*", "*")
            style = CURSOR if is_cursor else LEGAL
            for (x, yy), mark in zip(corners, marks, strict=False):
                chars[yy][x], styles[yy][x] = mark, style
                corner_owner[(x, yy)] = ("hex", h)
        for e, cells in edges:
            sea = h in ports and len(mapb.edge_hexes[e]) == 1  # a port's sea edge
            style, glyph = edge_look(e, cursor, roads, targets, sea)
            for x, yy, ch in cells:
                chars[yy][x], styles[yy][x] = glyph or ch, style
    return chars, styles, corner_owner


def edge_look(e: int, cursor, roads: set, targets, sea: bool) -> tuple[Style, str | None]:
    """An edge's style and glyph (None: the border's own line), the first that applies:
    the cursor, a road, a legal place for one, a port's sea edge, the border."""
    if cursor == ("edge", e):
        return CURSOR, "@"
    if e in roads:
        return ROAD, "#"
    if ("edge", e) in targets:
        return LEGAL, "+"
    if sea:
        return PORT, "~"
    return BORDER, None


def row_segments(chars: list[str], styles: list, width: int) -> list[Segment]:
    """One row's segments: one for each run of cells sharing a style object."""
    starts = [0]
    starts += [
        x for x, a, b in zip(range(1, width), styles, styles[1:], strict=False) if a is not b
    ]
    ends = starts[1:] + [width]
    return [
        Segment("".join(chars[start:end]), styles[start])
        for start, end in zip(starts, ends, strict=True)
    ]


def rows_of_segments(
    chars: list, styles: list, width: int, kept: dict
) -> tuple[list[list[Segment]], dict]:
    """Every row's segments, taking the very list ``kept`` holds for a row the same (its
    text and the very style objects); returns the rows and what to keep for next time."""
    rows, keep = [], {}
    for row_chars, row_styles in zip(chars, styles, strict=True):
        key = ("".join(row_chars), tuple(map(id, row_styles)))
        row = kept.get(key)
        if row is None:
            row = row_segments(row_chars, row_styles, width)
        rows.append(row)
        keep[key] = row
    return rows, keep
