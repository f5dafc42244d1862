"""What the Sweet Lands map and panels keep between drawings: their lines as segments,
and a Strip (seven caches of its own) only for the lines on view."""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip

from tabletop_tui.games.sweet_lands.demo import new_state, play_until
from tabletop_tui.games.sweet_lands.hexdraw import geometry
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.games.sweet_lands.lines import Lines

from .test_sweet_lands_keys import at_turn_start, open_state
from .test_sweet_lands_play import keys, make_app


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
            assert len(panel.fitted_lines) <= 2 * max(panel.size.height, 0) + 21
            texts = panel.line_texts(panel.content_region.width) if panel.display else []
            assert texts == ["".join(s.text for s in line) for line in lines]


async def test_the_map_shares_its_boards_owners_and_picks_a_drawn_corner_first(tmp_path):
    async with make_app(tmp_path).run_test(size=(120, 40)) as pilot:
        hm = (await at_a_turn_start(pilot)).query_one(HexMap)
        geo = geometry(hm.mapb, hm.scale)
        assert hm._owner is geo.owner  # not copied for each drawing
        assert hm._corner_owner  # the cursor's corners
        for (x, y), target in hm._corner_owner.items():
            assert hm.target_at(x, y) == target
        assert hm.target_at(*next(iter(geo.owner))) == geo.owner[next(iter(geo.owner))]
        shared = {id(t) for t in geo.owner.values()}
        # a tuple per hex and per edge side, not per cell (thousands)
        assert len(shared) <= 2 * len(set(geo.owner.values()))
        assert len(shared) < len(geo.owner) / 3
