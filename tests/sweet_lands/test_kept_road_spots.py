"""The free road spots kept in the seat's memo (map_queries.road_spots: by the map and
the roads they were worked out from, and for added roads worked out from those)
against the spots worked out afresh, issue 47 item 6.

The memo is shared by every copy of a seat's record, on every line of play. The
edge positions give two records sharing it that differ in one input (the map, the
roads: other roads, more roads, roads changed in place), so that the spots differ;
seeded games compare every seat's spots on every step with a detached copy's,
which keeps nothing."""

from __future__ import annotations

import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import map_queries as MQ

from .helpers import edit, started


def _afresh(s, seat=0):
    return MQ.road_spots(s.detached_copy(), seat)


def _sibling(s, **fields):
    """A copy of ``s`` whose seat 0 shares its record's memo, with ``fields`` replaced
    (as a move replaces them)."""
    t = edit(s)
    t.p[0] = s.p[0].copy()
    for name, value in fields.items():
        setattr(t.p[0], name, value)
    return t


def _agree(make):
    """Ask the two states of ``make()`` in both orders: each agrees with afresh, and
    the two differ (else the position tests nothing)."""
    for order in ((0, 1), (1, 0)):
        states = make()
        afresh = [_afresh(x) for x in states]
        assert afresh[0] != afresh[1], "the edge position must change the spots"
        got = {i: MQ.road_spots(states[i], 0) for i in order}
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


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 11)])
def test_kept_road_spots_match_afresh_on_seeded_games(players, seed):
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed)
    pick = random.Random(seed).random
    asked = 0
    while not state.is_over:
        for seat in range(players):
            if state.p[seat].map:
                assert MQ.road_spots(state, seat) == _afresh(state, seat), asked
                asked += 1
        legal = state.legal_actions(state.actors()[0])
        state = state.apply(legal[int(pick() * len(legal))])
    assert asked > 500
