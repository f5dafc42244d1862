"""The 4-player Imitation areas as the rulebook's area table prints them (issue 32):
calibration may move only numbers the rulebook does not print, so I2 gives 1 diamond
and L2 costs 4 gold, as I and L do (the issue-14 raise is undone; RULINGS.md)."""

from rules.sweet_lands.facts.scoring import breakdown
from rules.sweet_lands.model import data as D

from .helpers import act, edit, rich, settle, started

DATA = D.load()


def take_area(s, aid):
    s = act(s, "area", aid)
    return act(s, "discard", s.p[0].hand[0])


def test_four_player_imitation_areas_are_only_on_the_four_player_board():
    for aid in ("I2", "L2"):
        assert DATA.areas[aid]["min_players"] == 4 and DATA.areas[aid]["spaces"] == 1
    assert "I2" not in started(3).occ and "L2" in started(4).occ


def test_area_I2_gives_one_diamond_as_printed():
    s = edit(started(4))
    before = s.p[0]
    diamonds, hand = before.res["diamond"], len(before.hand)
    s = settle(take_area(s, "I2"))
    # one card paid for the space, none drawn
    assert s.p[0].res["diamond"] == diamonds + 1
    assert len(s.p[0].hand) == hand - 1


def test_area_L2_costs_4_gold_as_printed_besides_the_copied_areas_cost():
    s = edit(started(4))
    rich(s)
    s.p[0].food = 0
    s = take_area(s, "L2")
    assert s.stack[-1]["op"] == "copy"
    s = settle(act(s, "copy", "B"))
    # B's own wheat is paid, and L2's 4 gold, as when L copies it
    assert s.p[0].food == 2 and s.p[0].res["gold"] == 26 and s.p[0].res["wheat"] == 28


def test_terrain_track_pays_the_rulebooks_example_rates():
    # calibration moves only unprinted numbers: the rulebook's scoring example prints
    # this track (nothing at the start, 1 VP per 3 tiles, per 2 tiles, then per tile)
    s = edit(started(1))
    track = next(i for i, t in enumerate(DATA.prosperity) if t["element"] == "terrain")
    assert not any(s.p[0].prosp)
    s.p[0].tiles = {h: ("wheat", False) for h in range(12)}
    got = {}
    for pos in range(DATA.prosperity[track]["length"] + 1):
        s.p[0].prosp[track] = pos
        got[pos] = breakdown(s, 0)["prosperity"]
    assert got == {0: 0, 1: 4, 2: 4, 3: 6, 4: 6, 5: 12}
