"""Honest menus (issue 32): an area, skill flip or character free action whose effect
could do nothing now is left off the menu and refused with the engine's reason
before anything is paid. Areas and flips that always act (B, H-K, I2, food and gains)
are never refused this way."""

import pytest

from rules.core import IllegalAction
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.model import data as D

from .helpers import EXPLAINER, act, edit, rich, started

DATA = D.load()


def _rich_start(chars=("eline", "nata")):
    s = edit(started(2, chars=chars))
    rich(s)
    s.opened.update({"M", "N", "O", "P", "Q"})
    return s


def _moves(s, kind="area"):
    return {a.args[0] for a in s.legal_actions(0) if a.kind == kind}


def _refused(s, key, words):
    """The move is off the menu, refused with ``words``, and the view gives the same
    reason; the state is left as it was (apply never changes the state it is on)."""
    gold = s.p[0].res["gold"]
    hand = list(s.p[0].hand)
    with pytest.raises(IllegalAction, match=words):
        s.apply(s.spec.parse_action(key))
    assert s.p[0].res["gold"] == gold and s.p[0].hand == hand


def _fill_map(s, tiles=True, roads=True):
    m = MQ.map_board(s, 0)
    if tiles:
        s.p[0].tiles = {h: (m.kinds[h], False) for h in m.buildable}
    if roads:
        s.p[0].roads = frozenset(range(len(m.edge_ends)))


def _block_industry(s):
    s.p[0].labs = 0
    s.p[0].carriage = DATA.player["industry"]["labs_after"][0]
    s.p[0].loco = None


def test_area_C_refused_when_the_next_rabbit_is_out_of_reach():
    s = _rich_start()
    s.p[0].food = 2
    s.p[0].props = {MQ.map_board(s, 0).capitals[0]: "tent"}
    assert "C" not in _moves(s) and "O" not in _moves(s)
    _refused(s, '0:area:["C"]', "Food marker on 4, it is on 2")
    assert "Area C would do nothing now" in EXPLAINER.refusals(s, 0, "areas")["C"]
    s.p[0].food = 4
    assert "C" in _moves(s)


def test_area_C_refused_when_no_property_is_free_of_a_rabbit():
    s = _rich_start()
    s.p[0].food = 6
    assert "C" not in _moves(s)  # no property at all
    _refused(s, '0:area:["O"]', "property of yours without one")
    hexes = MQ.map_board(s, 0).capitals[0]
    s.p[0].props = {hexes: "tent"}
    assert {"C", "O"} <= _moves(s)
    s.p[0].rabbits = frozenset({hexes})
    assert "C" not in _moves(s)


def test_area_C_offered_once_every_rabbit_is_taken_for_its_vp():
    s = _rich_start()
    s.p[0].rabbits_taken = 9
    assert "C" in _moves(s)


def test_area_A_refused_when_no_hex_takes_a_tile():
    s = _rich_start()
    _fill_map(s, roads=False)
    assert "A" not in _moves(s) and "M" in _moves(s)  # M still places roads
    _refused(s, '0:area:["A"]', "no hex can take a terrain tile")


def test_area_D_refused_when_no_edge_takes_a_road():
    s = _rich_start()
    _fill_map(s, tiles=False)
    assert "D" not in _moves(s) and {"A", "M"} <= _moves(s)
    _refused(s, '0:area:["D"]', "no edge can take a road")


def test_area_M_refused_only_when_neither_tile_nor_road_fits():
    s = _rich_start()
    _fill_map(s)
    assert not {"A", "D", "M"} & _moves(s)
    _refused(s, '0:area:["M"]', "no hex can take a terrain tile and no edge a road")


def test_areas_F_and_Q_refused_when_a_lab_blocks_every_marker():
    s = _rich_start()
    _block_industry(s)
    assert not {"F", "Q"} & _moves(s)
    _refused(s, '0:area:["F"]', "no Industry marker can advance")
    s.p[0].loco = 0  # the Locomotive can still move
    assert {"F", "Q"} <= _moves(s)


def test_area_G_refused_when_no_prosperity_track_can_advance_after_its_price():
    s = _rich_start()
    s.p[0].prosp = [t["length"] - 1 for t in DATA.prosperity]
    s.p[0].res["diamond"] = 2  # G's price leaves none for a last space
    assert "G" not in _moves(s)
    _refused(s, '0:area:["G"]', "no Prosperity track can advance")
    s.p[0].res["diamond"] = 3
    assert "G" in _moves(s)


def test_area_L_copies_only_areas_that_can_act():
    s = _rich_start()
    _fill_map(s)
    s.p[0].food = 0
    _block_industry(s)
    s = act(s, "area", "L")
    s = act(s, "discard", s.p[0].hand[0])
    assert _moves(s, "copy") == {"B", "E"}
    _refused(s, '0:copy:["C"]', "Area C would do nothing now")


def test_areas_that_always_act_are_never_refused_for_their_effect():
    s = _rich_start()
    _fill_map(s)
    s.p[0].food = DATA.player["food"]["length"]  # B still pays wheat past the end
    _block_industry(s)
    assert set("BHIJK") <= _moves(s)


@pytest.mark.parametrize("sk,block", [(24, _block_industry), (27, _fill_map)])
def test_skill_flip_refused_when_its_effect_cannot_act(sk, block):
    s = _rich_start()
    s.p[0].skills = [sk]
    assert sk in _moves(s, "flip")
    block(s)
    assert sk not in _moves(s, "flip")
    _refused(s, f"0:flip:[{sk}]", f"Skill tile {sk} would do nothing now")


def test_biscuit_free_action_refused_when_a_lab_blocks_every_marker():
    s = _rich_start(chars=("biscuit", "eline"))
    m = MQ.map_board(s, 0)
    cap = m.capitals[0]
    near = [h for h in m.neighbours[cap] if h in m.buildable][:2]
    s.p[0].tiles = {h: (m.kinds[h], True) for h in near}
    s.p[0].props = {cap: "lab", near[0]: "tent", near[1]: "house"}
    assert "fa_biscuit" in {a.kind for a in s.legal_actions(0)}
    _block_industry(s)
    assert "fa_biscuit" not in {a.kind for a in s.legal_actions(0)}
    _refused(s, "0:fa_biscuit", "No Industry marker can advance")
