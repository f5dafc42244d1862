"""Sweet Lands map by place (issue 32 item 5): the focus stays where the player put
it, digits type hex numbers in a map step (a road: both its hexes), roads are named by
their hexes and effects, and the map's arrows reach every legal place."""

from __future__ import annotations

from textual.widgets import OptionList

from rules.sweet_lands import components
from tabletop_tui.games.sweet_lands.chooser import place_codes, typed_index
from tabletop_tui.games.sweet_lands.demo import first_game_where
from tabletop_tui.games.sweet_lands.hexmap import HexMap

from .helpers import keys
from .test_sweet_lands_keys import highlighted, open_state
from .test_sweet_lands_play import make_app


def roads_to_build(s):
    """Seat 0 asked for tiles and roads, with three roads to place."""
    f = s.stack[-1] if s.stack else None
    return s.actors() == [0] and f is not None and f["op"] == "tr" and f.get("r", 0) >= 3


async def test_roads_are_chosen_by_their_two_hexes_and_the_focus_stays_on_the_list(tmp_path):
    state = first_game_where(roads_to_build, players=1, seeds=range(1, 10))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        hm = screen.query_one(HexMap)
        assert screen.query_one(OptionList).has_focus and not hm.has_focus
        assert "Hex no." in screen.app.screen.query_one("KeyBar").text()
        edge_hexes = components().maps[c.view()["players"][0]["map"]].edge_hexes
        codes = [place_codes(a, edge_hexes) for a in screen.chooser.moves]
        # the last two-hex road of the list, typed by its hexes
        i = max(i for i, a in enumerate(screen.chooser.moves) if len(codes[i]) == 2)
        road = screen.chooser.moves[i]
        a, b = edge_hexes[road.args[0]]
        assert screen.chooser.at().labels[road.key].startswith(f"Road {a}-{b}: ")
        typed = next(
            codes[i][0][:n]
            for n in range(1, len(codes[i][0]) + 1)
            if typed_index(codes[i][0][:n], codes) == i
        )
        await keys(pilot, *typed)
        assert highlighted(screen).id == road.key
        await keys(pilot, "enter")
        assert c.state.action_keys()[-1] == road.key
        assert screen.query_one(OptionList).has_focus  # still the list after the move
        # on the map (M), left / right reach every legal place in turn
        await keys(pilot, "m")
        assert hm.has_focus
        hm.set_cursor(min(hm.targets, key=lambda t: (hm._centre[t][1], hm._centre[t][0])))
        await keys(pilot, "right")  # the key steps, as the action below does
        seen = {hm.cursor}
        for _ in range(len(hm.targets)):
            hm.action_move(1, 0)
            seen.add(hm.cursor)
        seen.add(min(hm.targets, key=lambda t: (hm._centre[t][1], hm._centre[t][0])))
        assert seen == hm.targets


async def test_a_typed_number_that_names_no_place_is_refused_and_cleared(tmp_path):
    state = first_game_where(roads_to_build, players=1, seeds=range(1, 10))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        edge_hexes = components().maps[c.view()["players"][0]["map"]].edge_hexes
        codes = [place_codes(a, edge_hexes) for a in screen.chooser.moves]
        i = max(i for i, a in enumerate(screen.chooser.moves) if len(codes[i]) == 2)
        road = screen.chooser.moves[i]
        # a legal number's first digit, then digits until nothing starts so
        code = codes[i][0]
        wrong = next(
            code[:1] + tail
            for tail in ("0", "00", "000", "9", "99", "999")
            if typed_index(code[:1] + tail, codes) is None
        )
        before = c.state
        await keys(pilot, *wrong)
        assert app.notes[-1].title == "Not a legal place" and wrong in app.notes[-1].message
        assert screen.chooser.typed == "" and c.state is before
        # the road's own number now reads as itself: no stale digit before it
        typed = next(code[:n] for n in range(1, len(code) + 1) if typed_index(code[:n], codes) == i)
        await keys(pilot, *typed)
        assert screen.chooser.typed == typed and highlighted(screen).id == road.key


def test_up_and_down_on_the_map_go_to_the_nearest_place_most_straight_that_way():
    hm = HexMap()
    # centres (x, y): a line is about twice as tall as a column
    hm._centre = {("hex", 0): (0, 0), ("hex", 1): (0, 2), ("hex", 2): (4, 1), ("edge", 3): (9, 0)}
    pool = set(hm._centre)
    hm.cursor = ("hex", 0)
    assert hm.nearest_towards(pool, 1) == ("hex", 1)  # straight below, before the nearer one aside
    assert hm.nearest_towards(pool, -1) is None  # nothing above the top line
    hm.cursor = ("hex", 1)
    assert hm.nearest_towards(pool, -1) == ("hex", 0)
    assert hm.nearest_towards({("hex", 2), ("edge", 3)}, -1) == ("hex", 2)
    # left / right in reading order: line by line, then by column; none past either end
    hm.cursor = ("hex", 0)
    assert hm.next_in_reading_order(pool, 1) == ("edge", 3)
    assert hm.next_in_reading_order(pool, -1) is None
    hm.cursor = ("hex", 1)
    assert hm.next_in_reading_order(pool, -1) == ("hex", 2)
    hm.cursor = None
    assert hm.next_in_reading_order(pool, 1) == ("hex", 0)
