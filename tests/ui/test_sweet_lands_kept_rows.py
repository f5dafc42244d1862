"""What the Sweet Lands map and panels keep between drawings: their lines as segments,
and a Strip (seven caches of its own) only for the lines on view."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.strip import Strip

from tabletop_tui.games.sweet_lands import hexdraw
from tabletop_tui.games.sweet_lands.demo import new_state, play_until
from tabletop_tui.games.sweet_lands.hexdraw import geometry, paint
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.games.sweet_lands.lines import Lines
from tabletop_tui.games.sweet_lands.text import data

from .helpers import keys
from .test_sweet_lands_keys import at_turn_start, open_state
from .test_sweet_lands_play import make_app


async def at_a_turn_start(pilot):
    """The app's screen on a solo game at the start of a turn."""
    return await open_state(pilot, play_until(new_state(1, 5), at_turn_start))


async def test_the_map_keeps_its_rows_as_segments_and_strips_only_for_rows_on_view(tmp_path):
    async with make_app(tmp_path).run_test(size=(80, 24)) as pilot:
        hm = (await at_a_turn_start(pilot)).query_one(HexMap)
        hm.focus()
        await pilot.pause()
        rows = hm._rows
        assert rows and all(isinstance(seg, Segment) for row in rows for seg in row)
        shown = hm.size.height
        assert 0 < len(hm._drawn) <= 2 * shown + 21
        assert all(line < len(rows) for line, _, _ in hm._drawn)
        drawn_before = dict(hm._drawn)
        await keys(pilot, "right")  # the cursor moves: a few rows change
        kept = [
            k for k, (row, strip) in hm._drawn.items() if drawn_before.get(k, (0, 0))[1] is strip
        ]
        changed = [k for k, (row, _) in hm._drawn.items() if row is not hm._rows[k[0]]]
        assert kept, "a row the move left alone keeps its Strip"
        assert not changed
        hm.toggle_scale()  # forced small, then large: taller than the view
        hm.toggle_scale()
        await pilot.pause()
        assert len(hm._rows) > hm.size.height
        assert len(hm._drawn) <= 2 * hm.size.height + 21


async def test_a_panel_keeps_its_lines_as_segments_and_the_fitted_strips_of_its_lines(tmp_path):
    async with make_app(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await at_a_turn_start(pilot)
        for panel in screen.query(Lines):
            lines = panel.drawn(panel.content_region.width) if panel.display else []
            assert all(isinstance(line, list) for line in lines)
            assert not any(isinstance(line, Strip) for line in lines)
            # (a hidden panel keeps the strips it was drawn with, ahead of its first
            # visit: bounded by the height it was laid out at, which it keeps)
            assert len(panel.fitted_lines) <= 2 * panel.outer_size.height + 21
            texts = panel.line_texts(panel.content_region.width) if panel.display else []
            assert texts == ["".join(s.text for s in line) for line in lines]


async def test_the_map_picks_a_drawn_corner_first_then_the_place_painted_there(tmp_path):
    async with make_app(tmp_path).run_test(size=(120, 40)) as pilot:
        hm = (await at_a_turn_start(pilot)).query_one(HexMap)
        geo = geometry(hm.mapb, hm.scale)
        assert hm._corner_owner  # the cursor's corners
        for (x, y), target in hm._corner_owner.items():
            assert hm.target_at(x, y) == target
        x, y = next(
            (x, y)
            for y in range(geo.height)
            for x in range(geo.width)
            if (x, y) not in hm._corner_owner and geo.target_at(x, y)
        )
        assert hm.target_at(x, y) == geo.target_at(x, y)


@pytest.mark.parametrize(("board", "scale"), [("A", "large"), ("B1", "small")])
def test_a_cell_picks_the_hex_or_edge_the_cursor_paints_there(board, scale):
    """Every cell but a corner picks the one place whose cursor changes that cell: an
    edge's cursor draws its cells, a hex's reverses its interior."""
    mapb = data().maps[board]
    geo = geometry(mapb, scale)
    plain = paint(mapb, scale, None, set(), None)[:2]
    places = [("hex", h) for h in range(len(mapb.coords))]
    places += sorted({("edge", e) for edges in mapb.hex_edges for e in edges})
    corners = {c for hx in geo.hexes for c in hx[3]}
    painted_by: dict = {}
    for place in places:
        chars, styles, _ = paint(mapb, scale, None, set(), place)
        for y in range(geo.height):
            for x in range(geo.width):
                if (x, y) in corners:
                    continue
                if chars[y][x] != plain[0][y][x] or styles[y][x] is not plain[1][y][x]:
                    painted_by.setdefault((x, y), []).append(place)
    for y in range(geo.height):
        for x in range(geo.width):
            if (x, y) in corners:
                continue
            assert geo.target_at(x, y) == (painted_by.get((x, y)) or [None])[-1], (x, y)
    assert len(painted_by) > geo.width * geo.height / 3


def test_boards_of_one_shape_share_one_geometry_and_few_are_kept():
    maps = data().maps
    assert maps["B1"] is not maps["B4"] and maps["B1"].coords == maps["B4"].coords
    assert geometry(maps["B1"], "large") is geometry(maps["B4"], "large")
    assert geometry(maps["A"], "large") is not geometry(maps["B1"], "large")
    for scale in ("small", "large"):
        for mapb in maps.values():
            assert geometry(mapb, scale).hexes
    shapes = {(m.coords, scale) for m in maps.values() for scale in ("small", "large")}
    assert len(shapes) > 8
    assert hexdraw._geometry.cache_info().currsize <= 8
