"""Map facts the screen shows (issue 32): what a road joins, flips and wakes, and
which property placements merge two cities. Each is checked against what the engine
then does, on every edge or hex of the board."""

from rules.sweet_lands.explaining import explain as E
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.moves import effects as FX

from .helpers import edit, map_a, started


def board_with_tiles():
    """Seat 0 on map A with face-up tiles beside an Extra Draw Area and the capital."""
    s = edit(started(1, seed=3, maps=["A"]))
    P = s.p[0]
    m = map_a()
    tiles = {h: (m.kinds[h], False) for h in (9, 11, 18, 28, 30)}
    P.tiles = {**P.tiles, **tiles, 3: (m.kinds[3], True)}
    return s


def test_road_facts_name_the_hexes_flips_and_wakes_that_placing_it_makes():
    s = board_with_tiles()
    m = map_a()
    seen = {"flips": 0, "wakes": 0}
    for e in range(len(m.edge_ends)):
        facts = E.road_facts(s, 0, e)
        after = edit(s)
        FX.place_road(after, 0, e)
        flipped = [h for h, (_k, up) in after.p[0].tiles.items() if up and not s.p[0].tiles[h][1]]
        assert facts["hexes"] == list(m.edge_hexes[e])
        assert [f.rsplit(" ", 1)[1] for f in facts["flips"]] == [str(h) for h in flipped]
        assert set(facts["wakes"]) == after.p[0].eda - s.p[0].eda
        assert (facts["side"] is None) == (len(facts["hexes"]) == 2)
        seen["flips"] += bool(flipped)
        seen["wakes"] += bool(facts["wakes"])
    assert seen["flips"] and seen["wakes"]  # the board above has both


def test_a_merge_is_named_exactly_where_a_property_leaves_fewer_cities():
    s = edit(started(1, seed=3, maps=["A"]))
    m = map_a()
    # two cities (tent, house, building each) with one free hex between them
    left, right = (8, 9, 17), (25, 26, 35)  # hex 18 touches both
    kinds = ("tent", "house", "building")
    s.p[0].props = {h: k for group in (left, right) for h, k in zip(group, kinds, strict=True)}
    assert len(MQ.cities(s, 0)) == 2
    merged = []
    for h in range(len(m.kinds)):
        if h in s.p[0].props:
            continue
        fewer = len(MQ.cities(s, 0, (h, "tent"))) < len(MQ.cities(s, 0))
        joined = E.city_merges(s, 0, h)
        assert bool(joined) == fewer, h
        if joined:
            merged.append(h)
            assert sorted(map(sorted, joined)) == sorted(map(sorted, (left, right)))
    assert 18 in merged
