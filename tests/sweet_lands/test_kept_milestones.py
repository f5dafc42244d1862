"""Milestone results kept with what their tests read (turn_checks.milestone_met_now)
against the results worked out afresh (queries.milestone_met), issue 47 item 6.

Each result is kept in the seat's memo, which every copy of the record shares on
every line of play, with the values of the fields its conditions read
(queries.TEST_READS) and the sides that count (the "milestones" option). The edge
positions below change one of those inputs at a time between two records sharing a
memo, so that the answer changes: a key missing that input would hand the second
record the first one's result."""

from __future__ import annotations

import random
from collections import deque

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves import characters as C
from rules.sweet_lands.moves import turn_checks as TC

from .helpers import edit, started

SHORTCAKE = [
    uid for uid, cid in enumerate(D.load().deck) if "shortcake" in D.load().cards[cid].tags
]
PLAIN = [
    uid for uid, cid in enumerate(D.load().deck) if "shortcake" not in D.load().cards[cid].tags
]


def _tiles_of(kinds: tuple[str, ...], n: int, other: int = 0) -> dict:
    """``n`` tiles of the kinds on map A's hexes, and ``other`` of another kind."""
    m = D.load().maps["A"]
    mine = [h for h in sorted(m.buildable) if m.kinds[h] in kinds][:n]
    rest = [h for h in sorted(m.buildable) if m.kinds[h] not in kinds][:other]
    assert len(mine) == n and len(rest) == other
    return {h: (m.kinds[h], False) for h in mine + rest}


def _road_to_ports() -> dict:
    """Tiles on map A joining a capital to its two nearest ports (shortest paths)."""
    m = D.load().maps["A"]
    came = {c: None for c in m.capitals}
    todo = deque(m.capitals)
    while todo:
        x = todo.popleft()
        for nb in m.neighbours[x]:
            if nb not in came and nb in m.buildable:
                came[nb] = x
                todo.append(nb)
    ports = sorted((p for p in m.ports if p in came), key=lambda p: _steps(came, p))[:2]
    hexes = set()
    for p in ports:
        while p is not None and p not in m.capitals:
            hexes.add(p)
            p = came[p]
    return {h: (m.kinds[h], False) for h in hexes}


def _steps(came: dict, h: int) -> int:
    n = 0
    while came[h] is not None:
        h, n = came[h], n + 1
    return n


def _set(**fields):
    def change(P):
        for name, value in fields.items():
            if name == "role":
                C.assign(P, value)
            else:
                setattr(P, name, value)

    return change


def _columns(orange=()):
    return {"orange": list(orange), "green": [], "grey": []}


# (milestone, side, the field changed, the record below, the same record with that
# field changed so the answer changes)
CASES = [
    (
        1,
        "a",
        "tiles",
        _set(tiles=_tiles_of(("wheat", "sea"), 9, 1)),
        _set(tiles=_tiles_of(("wheat", "sea"), 10)),
    ),
    (
        1,
        "b",
        "tiles",
        _set(tiles=_tiles_of(("forest", "mine"), 9, 1)),
        _set(tiles=_tiles_of(("forest", "mine"), 10)),
    ),
    (
        2,
        "a",
        "props",
        _set(props=dict.fromkeys(range(4), "tent")),
        _set(props=dict.fromkeys(range(5), "tent")),
    ),
    (2, "b", "tiles", _set(map="A", tiles={}), _set(map="A", tiles=_road_to_ports())),
    (2, "b", "map", _set(map="A", tiles=_road_to_ports()), None),  # the map found below
    (3, "a", "food", _set(food=6), _set(food=7)),
    (3, "b", "wonders", _set(wonders=1), _set(wonders=2)),
    (4, "a", "played", _set(played=PLAIN[:5], columns=_columns()), _set(played=PLAIN[:6])),
    (
        4,
        "a",
        "columns",
        _set(played=PLAIN[:5], columns=_columns()),
        _set(columns=_columns(PLAIN[5:6])),
    ),
    (4, "b", "played", _set(played=SHORTCAKE[:3], columns=_columns()), _set(played=SHORTCAKE[:4])),
    (
        4,
        "b",
        "columns",
        _set(played=SHORTCAKE[:3], columns=_columns()),
        _set(columns=_columns(SHORTCAKE[3:4])),
    ),
    (
        4,
        "b",
        "role",
        _set(played=SHORTCAKE[:3], columns=_columns(), role="eline"),
        _set(role="sena"),
    ),
    (
        5,
        "a",
        "inc",
        _set(inc={"gold": 29, "wheat": 0, "wood": 0, "iron": 0}),
        _set(inc={"gold": 30, "wheat": 0, "wood": 0, "iron": 0}),
    ),
    (5, "b", "prosp", _set(prosp=[2, 2, 0, 0, 0, 0]), _set(prosp=[3, 2, 0, 0, 0, 0])),
    (6, "a", "carriage", _set(carriage=7, loco=None), _set(carriage=8)),
    (6, "a", "loco", _set(carriage=0, loco=None), _set(loco=8)),
    (6, "b", "vp", _set(vp=14), _set(vp=15)),
]


def _other_map_changes_the_answer():
    """The map the tiles of _road_to_ports join fewer than two ports on."""
    s = _position(2, "b", _set(map="A", tiles=_road_to_ports()))
    for name in D.load().maps:
        t = _position(2, "b", _set(map=name, tiles=_road_to_ports()))
        if not Q.milestone_met(t, 0, 2):
            assert Q.milestone_met(s, 0, 2)
            return _set(map=name)
    raise AssertionError("every map joins two ports with these tiles")


def _position(mid, side, change, options=None):
    s = edit(started(2))
    s.options = {**s.options, "milestones": "face_up", **(options or {})}
    s.milestones, s.ms_claimed = [[mid, side]], {}
    change(s.p[0])
    return s


def _sibling(s, change, options=None):
    """A copy of ``s`` whose seat 0 shares its record's memo, with ``change`` made
    (fields replaced, as a move does)."""
    t = edit(s)
    t.p[0] = s.p[0].copy()
    if options:
        t.options = {**t.options, **options}
    change(t.p[0])
    return t


def _both_orders(mid, make):
    for first in (0, 1):
        states = make()
        afresh = [Q.milestone_met(x, 0, mid) for x in states]
        assert afresh[0] != afresh[1], "the edge position must change the answer"
        order = (0, 1) if first == 0 else (1, 0)
        kept = {i: TC.milestone_met_now(states[i], 0, mid) for i in order}
        assert [kept[0], kept[1]] == afresh, (first, afresh)


@pytest.mark.parametrize(
    ("mid", "side", "field", "low", "high"), CASES, ids=[f"{c[0]}{c[1]}-{c[2]}" for c in CASES]
)
def test_a_kept_milestone_result_follows_each_input_of_its_test(mid, side, field, low, high):
    if high is None:
        high = _other_map_changes_the_answer()

    def make():
        s = _position(mid, side, low)
        return s, _sibling(s, high)

    _both_orders(mid, make)


def test_every_input_of_every_milestone_test_has_an_edge_position():
    tiles = D.load().milestones
    wanted = {
        (mid, side, field)
        for mid, tile in tiles.items()
        for side in ("a", "b")
        for field in Q.TEST_READS[tile[side]["test"]]
    }
    assert {(mid, side, field) for mid, side, field, _l, _h in CASES} == wanted


FOREST = _set(tiles=_tiles_of(("forest", "mine"), 10))


@pytest.mark.parametrize(
    ("change", "options"),
    [
        (lambda t: setattr(t, "milestones", [[1, "b"]]), None),  # the other side face up
        (lambda t: None, {"milestones": "either"}),  # either side
    ],
    ids=["face-up-side", "either-side"],
)
def test_a_kept_milestone_result_follows_the_sides_that_count(change, options):
    # milestone 1: 10 wheat and sea tiles (side a) or 10 forest and mine tiles (side
    # b); both sides read the tiles alone, so the record's fields are the same
    def make():
        s = _position(1, "a", FOREST)
        t = _sibling(s, _set(), options)
        change(t)
        return s, t

    _both_orders(1, make)


OPTIONS = [{}, {"milestones": "face_up"}]
# random play rarely meets a milestone: these seeds do, several times


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize(("players", "seed"), [(3, 7), (4, 11)])
def test_kept_milestone_results_match_afresh_on_seeded_games(players, seed, options):
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
    pick = random.Random(seed).random
    asked = met = 0
    while not state.is_over:
        for seat in range(players):
            for mid, _side in state.milestones:
                kept = TC.milestone_met_now(state, seat, mid)
                assert kept == Q.milestone_met(state, seat, mid), (asked, seat, mid)
                asked += 1
                met += kept
        legal = state.legal_actions(state.actors()[0])
        state = state.apply(legal[int(pick() * len(legal))])
    assert asked > 1000 and met > 0


# The whole answer of milestones_met is kept too, with the milestones dealt, the
# option and the claimed ones to leave out, each the very container of the same
# size: each test below changes one of those between two asks on one record (the
# fields read stay equal), so that the answer changes.


def _meets_three_and_six():
    """Seat 0 meets milestone 3 (side a: the Food marker on 7) and 6 (side b: 15 VP)."""
    s = edit(started(2))
    s.options = {**s.options, "milestones": "face_up"}
    s.ms_claimed = {}
    s.p[0].food, s.p[0].vp = 7, 15
    return s


def _afresh(s, skip=()):
    return [mid for mid, _side in s.milestones if mid not in skip and Q.milestone_met(s, 0, mid)]


def test_the_whole_answer_follows_the_milestones_dealt():
    s = _meets_three_and_six()
    s.milestones = [[3, "a"]]
    assert TC.milestones_met(s, 0) == _afresh(s) == [3]
    s.milestones = [[6, "b"]]  # another list of the same size
    assert TC.milestones_met(s, 0) == _afresh(s) == [6]


def test_the_whole_answer_follows_milestones_dealt_changed_in_place():
    s = _meets_three_and_six()
    s.milestones = [[3, "a"]]
    assert TC.milestones_met(s, 0) == [3]
    s.milestones.append([6, "b"])
    assert TC.milestones_met(s, 0) == _afresh(s) == [3, 6]


def test_the_whole_answer_follows_the_option():
    s = _meets_three_and_six()
    s.milestones = [[3, "b"]]  # side b face up (3 Wonder icons): only "either" meets it
    face_up = TC.milestones_met(s, 0)
    s.options = {**s.options, "milestones": "either"}
    either = TC.milestones_met(s, 0)
    assert (face_up, either) == ([], [3]) == ([], _afresh(s))


def test_the_whole_answer_follows_the_milestones_left_out():
    s = _meets_three_and_six()
    s.milestones = [[3, "a"], [6, "b"]]
    assert TC.milestones_met(s, 0, {3: 1}) == _afresh(s, {3: 1}) == [6]
    assert TC.milestones_met(s, 0, {6: 1}) == _afresh(s, {6: 1}) == [3]  # same size


def test_the_whole_answer_follows_milestones_left_out_changed_in_place():
    s = _meets_three_and_six()
    s.milestones = [[3, "a"], [6, "b"]]
    claimed: dict = {}
    assert TC.milestones_met(s, 0, claimed) == [3, 6]
    claimed[3] = 1
    assert TC.milestones_met(s, 0, claimed) == _afresh(s, claimed) == [6]


@pytest.mark.parametrize(
    ("mid", "side", "field", "low", "high"), CASES, ids=[f"{c[0]}{c[1]}-{c[2]}" for c in CASES]
)
def test_the_whole_answer_follows_each_input_of_the_tests(mid, side, field, low, high):
    # as test_a_kept_milestone_result_follows_each_input_of_its_test, with the very
    # milestones dealt and claimed shared by both states: only the record differs
    if high is None:
        high = _other_map_changes_the_answer()
    for order in ((0, 1), (1, 0)):
        s = _position(mid, side, low)
        t = _sibling(s, high)
        t.milestones, t.ms_claimed = s.milestones, s.ms_claimed
        states = (s, t)
        afresh = [_afresh(x) for x in states]
        assert afresh[0] != afresh[1], "the edge position must change the answer"
        kept = {i: TC.milestones_met(states[i], 0, states[i].ms_claimed) for i in order}
        assert [kept[0], kept[1]] == afresh, order
