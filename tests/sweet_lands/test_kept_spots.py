"""The free road and terrain spots kept in the seat's memo (map_queries.road_spots and
terrain_spots: by what they were worked out from, and for added roads or tiles
worked out from those) against the spots worked out afresh, issue 47 item 6.

The memo is shared by every copy of a seat's record, on every line of play. The
edge positions give two records sharing it that differ in one input (the map, the
roads or tiles: others, more, changed in place; for tiles also the special tiles
left and Elsa's placing anywhere), so that the spots differ; seeded games compare
every seat's spots on every step with a detached copy's, which keeps nothing."""

from __future__ import annotations

import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves import characters as C

from .helpers import edit, started


def _afresh(s, seat=0, spots=MQ.road_spots):
    return spots(s.detached_copy(), seat)


def _sibling(s, **fields):
    """A copy of ``s`` whose seat 0 shares its record's memo, with ``fields`` replaced
    (as a move replaces them)."""
    t = edit(s)
    t.p[0] = s.p[0].copy()
    for name, value in fields.items():
        setattr(t.p[0], name, value)
    return t


def _agree(make, spots=MQ.road_spots):
    """Ask the two states of ``make()`` in both orders: each agrees with afresh, and
    the two differ (else the position tests nothing)."""
    for order in ((0, 1), (1, 0)):
        states = make()
        afresh = [_afresh(x, 0, spots) for x in states]
        assert afresh[0] != afresh[1], "the edge position must change the spots"
        got = {i: spots(states[i], 0) for i in order}
        assert [got[0], got[1]] == afresh, order


def _base(roads=()):
    s = edit(started(2))
    s.p[0].map, s.p[0].roads = "A", set(roads)
    return s


def _first_spots():
    return MQ.road_spots(_base(), 0)


def _far_pair():
    """Two first roads whose free spots differ (not the same network)."""
    spots = _first_spots()
    first = {e: set(MQ.road_spots(_base([e]), 0)) for e in spots}
    return next((a, b) for a in spots for b in spots if a < b and first[a] != first[b])


def test_the_map_is_in_the_key():
    _agree(lambda: (lambda s: (s, _sibling(s, map="B1")))(_base()))


def test_other_roads_are_worked_out_afresh():
    a, b = _far_pair()
    _agree(lambda: (lambda s: (s, _sibling(s, roads={b})))(_base([a])))


@pytest.mark.parametrize("added", [1, 2, 3])
def test_added_roads_join_the_network(added):
    def make():
        s = _base()
        roads: set[int] = set()
        for _ in range(added):
            roads = roads | {MQ.road_spots(_base(roads), 0)[-1]}
        return s, _sibling(s, roads=roads)

    _agree(make)


def test_roads_changed_in_place_are_not_taken_for_the_kept_ones():
    s = _base()
    before = MQ.road_spots(s, 0)
    s.p[0].roads.add(before[0])  # by hand, in place (positions are set up so)
    assert MQ.road_spots(s, 0) == _afresh(s) != before


# ---- terrain spots
TERRAIN = MQ.terrain_spots


def _land(tiles=(), specials=True, role="eline"):
    s = edit(started(2))
    m = D.load().maps["A"]
    s.p[0].map, s.p[0].tiles = "A", {h: (m.kinds[h], False) for h in tiles}
    C.assign(s.p[0], role)
    s.specials = s.specials if specials else []
    return s


def _tiles(s, hexes):
    m = D.load().maps["A"]
    return {h: (m.kinds[h], False) for h in hexes}


def test_the_map_is_in_the_terrain_key():
    _agree(lambda: (lambda s: (s, _sibling(s, map="B1")))(_land()), TERRAIN)


def test_placing_anywhere_is_in_the_terrain_key():
    def make():
        s = _land()
        t = _sibling(s)
        C.assign(t.p[0], "elsa")
        return s, t

    _agree(make, TERRAIN)


def test_special_tiles_left_are_in_the_terrain_key():
    # Elsa may place on any hex: a special hex only while special tiles are left
    def make():
        s = _land(role="elsa")
        t = _sibling(s)
        t.specials = []
        return s, t

    _agree(make, TERRAIN)


def test_other_tiles_are_worked_out_afresh():
    first = MQ.terrain_spots(_land(), 0)
    a = first[0]
    b = next(h for h in first if set(TERRAIN(_land([h]), 0)) != set(TERRAIN(_land([a]), 0)))
    _agree(lambda: (lambda s: (s, _sibling(s, tiles=_tiles(s, [b]))))(_land([a])), TERRAIN)


@pytest.mark.parametrize("added", [1, 2, 3])
def test_added_tiles_bring_the_hexes_beside_them(added):
    def make():
        s = _land()
        hexes: list[int] = []
        for _ in range(added):
            hexes.append(TERRAIN(_land(hexes), 0)[-1])
        return s, _sibling(s, tiles=_tiles(s, hexes))

    _agree(make, TERRAIN)


def test_a_tile_beside_a_special_hex_brings_it_only_while_special_tiles_are_left():
    m = D.load().maps["A"]
    special = next(h for h in m.buildable if m.kinds[h] == "special")
    reach = [h for h in m.neighbours[special] if h in m.buildable and m.kinds[h] != "special"]

    def make():
        s = _land(specials=False)
        return s, _sibling(s, tiles=_tiles(s, reach[:1]))

    _agree(make, TERRAIN)
    # with special tiles left, the same tile does bring the special hex
    assert special in TERRAIN(_land(reach[:1]), 0)


def test_tiles_changed_in_place_are_not_taken_for_the_kept_ones():
    s = _land()
    before = TERRAIN(s, 0)
    m = D.load().maps["A"]
    s.p[0].tiles[before[-1]] = (m.kinds[before[-1]], False)  # by hand, in place
    assert TERRAIN(s, 0) == _afresh(s, 0, TERRAIN) != before


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 11)])
def test_kept_spots_match_afresh_on_seeded_games(players, seed):
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed)
    pick = random.Random(seed).random
    asked = 0
    while not state.is_over:
        for seat in range(players):
            if state.p[seat].map:
                fresh = state.detached_copy()
                assert MQ.road_spots(state, seat) == MQ.road_spots(fresh, seat), asked
                assert TERRAIN(state, seat) == TERRAIN(fresh, seat), asked
                asked += 1
        legal = state.legal_actions(state.actors()[0])
        state = state.apply(legal[int(pick() * len(legal))])
    assert asked > 500
