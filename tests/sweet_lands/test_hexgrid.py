"""Property tests of the hex geometry: neighbours, edges and corners agree."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.sweet_lands.model import data as D
from rules.sweet_lands.model.hexgrid import DIRS, axial, build_grid

# random sets of hexes on grids up to 9 x 7, holes allowed
cells = st.sets(st.tuples(st.integers(0, 8), st.integers(0, 6)), min_size=1, max_size=63)


def grid_of(hexes):
    return build_grid(tuple(sorted(hexes)))


@settings(max_examples=60, deadline=None)
@given(cells)
def test_neighbours_are_symmetric_and_adjacent(hexes):
    g = grid_of(hexes)
    for h, nbs in enumerate(g.neighbours):
        assert h not in nbs and len(set(nbs)) == len(nbs) <= 6
        for nb in nbs:
            assert h in g.neighbours[nb]
            (q1, r1), (q2, r2) = axial(*g.coords[h]), axial(*g.coords[nb])
            assert (q2 - q1, r2 - r1) in DIRS


@settings(max_examples=60, deadline=None)
@given(cells)
def test_every_edge_has_two_sides_or_one_border(hexes):
    g = grid_of(hexes)
    sides = Counter(e for edges in g.hex_edges for e in edges)
    for e, beside in enumerate(g.edge_hexes):
        assert 1 <= len(beside) <= 2 and sides[e] == len(beside)
        for h in beside:
            assert e in g.hex_edges[h]
        if len(beside) == 2:
            a, b = beside
            assert b in g.neighbours[a]
        else:
            assert beside[0] in g.perimeter


@settings(max_examples=60, deadline=None)
@given(cells)
def test_edges_and_corners_are_consistent(hexes):
    g = grid_of(hexes)
    for edges in g.hex_edges:
        assert len(set(edges)) == 6
        # going round a hex, consecutive edges share exactly one corner, and the
        # six edges have six distinct corners between them
        corners = set()
        for d in range(6):
            a, b = set(g.edge_ends[edges[d]]), set(g.edge_ends[edges[(d + 1) % 6]])
            assert len(a) == 2 and len(a & b) == 1
            corners |= a
        assert len(corners) == 6
    # two neighbours share one edge and its two corners
    for h, nbs in enumerate(g.neighbours):
        for nb in nbs:
            shared = set(g.hex_edges[h]) & set(g.hex_edges[nb])
            assert len(shared) == 1


@settings(max_examples=60, deadline=None)
@given(cells)
def test_perimeter_is_hexes_with_a_missing_neighbour(hexes):
    g = grid_of(hexes)
    assert g.perimeter == {h for h, nbs in enumerate(g.neighbours) if len(nbs) < 6}


def test_the_game_maps_use_this_geometry():
    for m in D.load().maps.values():
        g = build_grid(m.coords)
        assert (g.neighbours, g.hex_edges, g.edge_hexes, g.edge_ends) == (
            m.neighbours,
            m.hex_edges,
            m.edge_hexes,
            m.edge_ends,
        )
        assert g.perimeter == m.perimeter
