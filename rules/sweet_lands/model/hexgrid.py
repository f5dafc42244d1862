"""Hex geometry of a map board: neighbours, edges and corners of offset hex grids.

A map lists its hexes by (column, row) in "odd-r" offset layout (odd rows shifted
half a hex to the right). Here they become axial coordinates, where the six
directions are fixed steps. An edge is the side two hex positions share (one of them
may lie off the map: then the edge is on the border); a corner (vertex) is the point
three hex positions share. Everything is computed once when a map is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass

# axial directions, in order around a hex (consecutive ones are neighbours):
# 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Axial = tuple[int, int]


def axial(col: int, row: int) -> Axial:
    """Odd-r offset (col, row) -> axial (q, r)."""
    return (col - (row - (row & 1)) // 2, row)


@dataclass(frozen=True)
class HexGrid:
    """The geometry of a set of hexes; hex ids are indexes into ``coords``."""

    coords: tuple  # hex id -> (col, row)
    neighbours: tuple  # hex id -> tuple of hex ids on the map
    hex_edges: tuple  # hex id -> its 6 edge ids, in DIRS order
    edge_hexes: tuple  # edge id -> the 1 or 2 hex ids on the map beside it
    edge_ends: tuple  # edge id -> (vertex, vertex)
    perimeter: frozenset  # hex ids with a side on the border of the map


def build_grid(coords: tuple) -> HexGrid:
    ax = [axial(c, r) for c, r in coords]
    by_ax = {a: i for i, a in enumerate(ax)}
    edges: dict[frozenset, int] = {}
    edge_ends: list[tuple[int, int]] = []
    hex_edges = []
    vertex_ids: dict[frozenset, int] = {}

    def vertex(a: Axial, b: Axial, c: Axial) -> int:
        return vertex_ids.setdefault(frozenset((a, b, c)), len(vertex_ids))

    for q, r in ax:
        mine = []
        for d, (dq, dr) in enumerate(DIRS):
            nb = (q + dq, r + dr)
            key = frozenset(((q, r), nb))
            if key not in edges:
                edges[key] = len(edges)
                # the edge's two corners are shared with the hexes in the
                # directions either side of d
                p, n = DIRS[d - 1], DIRS[(d + 1) % 6]
                edge_ends.append(
                    (
                        vertex((q, r), nb, (q + p[0], r + p[1])),
                        vertex((q, r), nb, (q + n[0], r + n[1])),
                    )
                )
            mine.append(edges[key])
        hex_edges.append(tuple(mine))
    edge_hexes: list = [None] * len(edges)
    for key, e in edges.items():
        edge_hexes[e] = tuple(sorted(by_ax[a] for a in key if a in by_ax))
    neighbours = []
    perimeter = set()
    for i, (q, r) in enumerate(ax):
        nbs = []
        for dq, dr in DIRS:
            j = by_ax.get((q + dq, r + dr))
            if j is None:
                perimeter.add(i)
            else:
                nbs.append(j)
        neighbours.append(tuple(nbs))
    return HexGrid(
        coords=tuple(coords),
        neighbours=tuple(neighbours),
        hex_edges=tuple(hex_edges),
        edge_hexes=tuple(edge_hexes),
        edge_ends=tuple(edge_ends),
        perimeter=frozenset(perimeter),
    )
