"""Board queries on a player's map: cities, the capital network, and the free spots
for properties, terrain tiles, roads and Cookie Rabbits."""

from __future__ import annotations

from functools import cache
from typing import Any

from ..model import data as D
from ..model.fields import StateFields


def map_board(s: StateFields, seat: int) -> D.MapBoard:
    """The seat's Map Board (side A stands in before the seat has chosen one)."""
    return D.load().maps[s.p[seat].map or "A"]


DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")  # a border edge's side, as D.DIRS runs


def road_name(m: D.MapBoard, e: int) -> str:
    """A road (an edge) named as a player finds it: by the two hexes it joins ("9-14"),
    or on the map's border by its one hex and side ("9 E side"); never by the edge's
    number, which the map does not show."""
    hexes = m.edge_hexes[e]
    if len(hexes) == 2:
        return f"{hexes[0]}-{hexes[1]}"
    return f"{hexes[0]} {DIRECTIONS[m.hex_edges[hexes[0]].index(e)]} side"


@cache
def _edges_at(map_id: str) -> dict[int, tuple[int, ...]]:
    """Vertex -> the edges that end at it, on one map."""
    out: dict[int, list[int]] = {}
    for e, ends in enumerate(D.load().maps[map_id].edge_ends):
        for v in ends:
            out.setdefault(v, []).append(e)
    return {v: tuple(es) for v, es in out.items()}


@cache
def _hexes_beside(map_id: str) -> tuple[tuple[tuple[int, ...], ...], frozenset[int]]:
    """On one map: hex -> the buildable hexes that list it as a neighbour, and the
    buildable hexes beside a capital (a tile may go there from the start)."""
    m = D.load().maps[map_id]
    beside: list[list[int]] = [[] for _ in m.kinds]
    for h in m.buildable:
        for nb in m.neighbours[h]:
            beside[nb].append(h)
    by_capital = frozenset(
        h for h in m.buildable if any(m.kinds[nb] == "capital" for nb in m.neighbours[h])
    )
    return tuple(tuple(hs) for hs in beside), by_capital


def cities(s: StateFields, seat: int, extra: Any = None) -> list[list[int]]:
    """Groups of adjacent property tokens holding 3+ different types; ``extra``
    = (hex, type) counts one more token there, to weigh a placement."""
    P = s.p[seat]
    props = P.props
    if extra is not None:
        props = {**props, extra[0]: extra[1]}
    is_city = P.role.is_city  # Alice Tearose's cities differ
    m = map_board(s, seat)
    seen = set()
    out = []
    for h in props:
        if h in seen:
            continue
        group, todo = [], [h]
        seen.add(h)
        while todo:
            x = todo.pop()
            group.append(x)
            for nb in m.neighbours[x]:
                if nb in props and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if is_city(group, props, P.tower):
            out.append(group)
    return out


def capital_network(s: StateFields, seat) -> set:
    """Hexes linked to a capital through the seat's placed tiles (capitals included)."""
    P = s.p[seat]
    m = map_board(s, seat)
    seen = set(m.capitals)
    todo = list(m.capitals)
    while todo:
        x = todo.pop()
        for nb in m.neighbours[x]:
            if nb not in seen and nb in P.tiles:
                seen.add(nb)
                todo.append(nb)
    return seen


def connected_ports(s: StateFields, seat: int) -> int:
    # a milestone test the turn menu asks again whenever another count of the
    # board changes: kept with the tiles it was worked out from (see recall)
    P = s.p[seat]
    facts = (P.map, len(P.tiles))
    ports = P.recall("connected_ports", P.tiles, facts)
    if ports is None:
        seen = capital_network(s, seat)
        ports = sum(1 for h in map_board(s, seat).ports if h in seen and h in P.tiles)
        P.remember("connected_ports", P.tiles, facts, ports)
    return ports


def has_property_spot(s: StateFields, seat: int) -> bool:
    """Whether property_spots(seat) is not empty, without listing them."""
    P = s.p[seat]
    props = P.props
    # loops, not any(): no generator made (every new turn menu asks)
    for h in map_board(s, seat).capitals:
        if h not in props:
            return True
    for h, (_k, flipped) in P.tiles.items():  # noqa: SIM110
        if flipped and h not in props:
            return True
    return False


def property_spots(s: StateFields, seat: int, eligible: Any = None) -> list[int]:
    P = s.p[seat]
    m = map_board(s, seat)
    out = []
    for h in m.capitals:
        if h not in P.props:
            out.append(h)
    for h, (_kind, flipped) in P.tiles.items():
        if flipped and h not in P.props and (eligible is None or h in eligible):
            out.append(h)
    return sorted(out)


def terrain_spots(s: StateFields, seat: int) -> list[Any]:
    """The hexes a terrain tile may go on (the list is the caller's to change)."""
    return list(_terrain_spots_kept(s, seat))


def any_terrain_spot(s: StateFields, seat: int) -> bool:
    return bool(_terrain_spots_kept(s, seat))


def _terrain_spots_kept(s: StateFields, seat) -> tuple:
    # The turn menu asks on every new board whether building has a spot, and a
    # building step after every tile: the spots are kept in the seat's memo (shared
    # by every line of play) with what they were worked out from, the tiles' hexes
    # by value; for tiles that add to those, only the hexes beside the added ones
    # are new candidates.
    P = s.p[seat]
    tiles = P.tiles
    facts = (P.map, bool(s.specials), P.role.places_anywhere)  # Elsa Skyr: anywhere
    kept = P.memo.get("terrain_spots")
    if kept is not None and kept[0] == facts:
        held, was, spots = kept[1], kept[2], kept[3]
        if held is tiles and len(was) == len(tiles):  # the very tiles: no set made
            return spots
        if was.issubset(tiles):
            if len(was) == len(tiles):
                return spots
            return _keep_terrain_spots(P, facts, _spots_after(s, seat, was, spots))
    # a free buildable hex beside a tile or a capital (anywhere, for Elsa): the
    # hexes beside the tiles are gathered from the tiles, which are few
    m = map_board(s, seat)
    kinds, no_special, anywhere = m.kinds, not s.specials, facts[2]
    beside, by_capital = _hexes_beside(m.id)
    near = set(by_capital)
    if not anywhere:
        for t in tiles:
            near.update(beside[t])
    found = []
    for h in m.buildable:
        if h in tiles or (no_special and kinds[h] == "special"):
            continue
        if anywhere or h in near:
            found.append(h)
    return _keep_terrain_spots(P, facts, found)


def _spots_after(s: StateFields, seat: int, was: frozenset, spots: tuple) -> list[int]:
    """The terrain spots once tiles are added to those on hexes ``was`` (whose spots
    were ``spots``): the old ones still free, and the free hexes beside an added
    tile (none new for Elsa, whose spots are every free hex)."""
    P = s.p[seat]
    m = map_board(s, seat)
    tiles, no_special, kinds = P.tiles, not s.specials, m.kinds
    found = {h for h in spots if h not in tiles}
    if not P.role.places_anywhere:
        beside = _hexes_beside(m.id)[0]
        for t in tiles:
            if t not in was:
                for h in beside[t]:
                    if h not in tiles and not (no_special and kinds[h] == "special"):
                        found.add(h)
    order = _buildable_order(m.id)
    return sorted(found, key=order.__getitem__)


def _keep_terrain_spots(P: Any, facts: tuple, found: list[int]) -> tuple:
    spots = tuple(found)
    P.memo["terrain_spots"] = (facts, P.tiles, frozenset(P.tiles), spots)
    return spots


@cache
def _buildable_order(map_id: str) -> dict[int, int]:
    """Hex -> its place in the map's buildable hexes (the order spots are listed in)."""
    return {h: i for i, h in enumerate(D.load().maps[map_id].buildable)}


def road_spots(s: StateFields, seat: int) -> list[int]:
    """The edges a road may go on (the list is the caller's to change): the free
    edges touching a vertex of the capital or an end of one of the seat's roads."""
    # A building step asks again after every road. The spots are kept in the seat's
    # memo (shared by every line of play) with the map and the roads, by value, that
    # they were worked out from; for roads that add to those, only the added roads'
    # ends are new vertices of the network.
    return list(_road_spots_kept(s, seat))


def any_road_spot(s: StateFields, seat: int) -> bool:
    """Whether road_spots(seat) is not empty, without a list made."""
    return bool(_road_spots_kept(s, seat))


def _road_spots_kept(s: StateFields, seat: int) -> tuple[int, ...]:
    P = s.p[seat]
    roads = P.roads
    kept = P.memo.get("road_spots")
    if kept is not None and kept[0] == P.map:
        was, spots = kept[1], kept[2]
        if kept[3] is roads and len(was) == len(roads):  # the very roads: no compare
            return spots
        if was == roads:
            return spots
        if was <= roads:
            m = map_board(s, seat)
            touching = _edges_at(m.id)
            near = set(spots)
            for e in roads - was:
                for v in m.edge_ends[e]:
                    near.update(touching.get(v, ()))
            return _keep_road_spots(P, near - roads)
    m = map_board(s, seat)
    net = set(m.capital_vertices)
    for e in roads:
        net.update(m.edge_ends[e])
    touching = _edges_at(m.id)
    return _keep_road_spots(P, {e for v in net for e in touching.get(v, ())} - roads)


def _keep_road_spots(P: Any, spots: set[int]) -> tuple[int, ...]:
    found = tuple(sorted(spots))
    P.memo["road_spots"] = (P.map, frozenset(P.roads), found, P.roads)
    return found


def rabbit_spots(s: StateFields, seat: int) -> list[int]:
    P = s.p[seat]
    return sorted(h for h in P.props if h not in P.rabbits)


def any_rabbit_spot(s: StateFields, seat: int) -> bool:
    """Whether rabbit_spots(seat) is not empty, without a list made."""
    P = s.p[seat]
    rabbits = P.rabbits
    for h in P.props:  # noqa: SIM110 (a loop: no generator made)
        if h not in rabbits:
            return True
    return False
