"""Whether an area's effect could act, kept in the turn menu's board facts by the area
and the diamonds left after paying (turn_checks.sort_areas' ``acts``), against the
same question asked afresh (no ``acts``), issue 47 item 6.

An area whose effect alone decides reads the board and, for a Prosperity track's
last space, the diamonds left once the area (and the copying area) is paid. The
edge positions ask two questions with one kept dict that differ in one input of
the key alone, and in the answer; seeded games compare every turn menu's areas
asked with the dict the menu kept and without one."""

from __future__ import annotations

import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.facts.effect_checks import area_effect_acts, effects_refusal
from rules.sweet_lands.facts.queries import area_needs
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves import turn_checks as TC

from .helpers import edit, map_a, rich, started


def _use(s, aid, minus=None):
    """Area ``aid`` as sort_areas takes it: a free space with no hand cost."""
    cost = Q.area_costs(s, 0)[aid]
    return (aid, cost, minus, *TC.price_items(cost), 0, False, None)


def _asked(s, uses, acts):
    why: dict = {}
    usable = TC.sort_areas(s, 0, uses, acts=acts, why=why)
    return [u[0] for u in usable], why


def _agree(questions):
    """Ask each (state, use) in both orders with one kept dict: each answer is the one
    asked afresh, and the answers afresh differ (or the position tests nothing)."""
    afresh = [_asked(s, [use], None) for s, use in questions]
    assert afresh[0] != afresh[1], "the edge position must change the answer"
    for order in ((0, 1), (1, 0)):
        kept: dict = {}
        got = {i: _asked(questions[i][0], [questions[i][1]], kept) for i in order}
        assert [got[0], got[1]] == afresh, order


def _last_spaces(s):
    """Every Prosperity track one space short of its end: the last costs a diamond."""
    s.p[0].prosp = [t["length"] - 1 for t in D.load().prosperity]
    return s


def test_the_area_is_in_the_key():
    # area A places terrain (a hex beside a capital is free), area C a Cookie Rabbit
    # (the Food marker is short of the first): same board, same diamonds
    s = edit(started(2))
    rich(s)
    _agree([(s, _use(s, "A")), (s, _use(s, "C"))])


def test_the_diamonds_left_are_in_the_key():
    # area G costs 2 diamonds and advances Prosperity: with every track at its last
    # space it acts only with a diamond left after paying
    states = []
    for diamonds in (2, 3):
        s = _last_spaces(edit(started(2)))
        rich(s)
        s.p[0].res["diamond"] = diamonds
        states.append(s)
    _agree([(states[0], _use(states[0], "G")), (states[1], _use(states[1], "G"))])


def test_the_copying_areas_price_counts_in_the_diamonds_left():
    # G asked as a copy, with a price on top that takes a diamond, against G alone
    s = _last_spaces(edit(started(2)))
    rich(s)
    s.p[0].res["diamond"] = 3
    _agree([(s, _use(s, "G")), (s, _use(s, "G", {"diamond": 1}))])


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 5, {}), (3, 7, {"skill_tiles": "mixed"}), (4, 11, {"advanced_skills": "on"})],
)
def test_areas_asked_with_the_kept_dict_match_afresh_on_seeded_games(players, seed, options):
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
    pick = random.Random(seed).random
    menus = kept_used = 0
    while not state.is_over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        part = state._board_made  # the board facts this menu kept
        if not state.stack and not state.main_done and part is not None and part.areas:
            acts = part.acts
            assert acts is not None
            before = len(acts)
            kept = TC.sort_areas(state, seat, part.areas, part.spot, acts=dict(acts))
            afresh = TC.sort_areas(state, seat, part.areas, part.spot)
            assert [u[0] for u in kept] == [u[0] for u in afresh], menus
            menus += 1
            kept_used += before > 0
        state = state.apply(legal[int(pick() * len(legal))])
    assert menus > 30 * players and kept_used > 10 * players, (menus, kept_used)


# ---- area_effect_acts: the same answers kept in the seat's memo across menus --------
EFFECT_AREAS = sorted(aid for aid, need in area_needs().items() if need == "effect")


def _afresh(s, seat, aid, left):
    return effects_refusal(s, seat, D.load().areas[aid]["effect"], left) is None


def _area_of(op):
    """An area whose effect is ``op`` alone."""
    return next(a for a in EFFECT_AREAS if {o for o, _v in D.load().areas[a]["effect"]} == {op})


def _flips(op, setup, change, left=1):
    """Ask area_effect_acts of a position, change one thing effect_blocked reads for
    ``op`` (on the same record, whose memo keeps the first answer) and ask again:
    each answer is the one asked afresh, and the change flips it."""
    s = edit(started(2))
    setup(s, s.p[0])
    aid = _area_of(op)
    first = area_effect_acts(s, 0, aid, left)
    assert first == _afresh(s, 0, aid, left)
    change(s, s.p[0])
    second = area_effect_acts(s, 0, aid, left)
    assert second == _afresh(s, 0, aid, left)
    assert first != second, "the change must flip the answer"


def _blocked_carriage(s, P):
    P.carriage = D.load().player["industry"]["labs_after"][0]  # a lab still blocks it
    P.loco, P.labs = None, 0


def test_kept_industry_answer_follows_the_labs():
    _flips("industry", _blocked_carriage, lambda s, P: setattr(P, "labs", 1))


def test_kept_industry_answer_follows_the_carriage():
    _flips("industry", _blocked_carriage, lambda s, P: setattr(P, "carriage", P.carriage - 1))


def test_kept_industry_answer_follows_the_locomotive():
    _flips("industry", _blocked_carriage, lambda s, P: setattr(P, "loco", 0))


def _tracks_at_last_space(s, P):
    P.prosp = [t["length"] - 1 for t in D.load().prosperity]


def test_kept_prosperity_answer_follows_the_tracks():
    _flips("prosperity", _tracks_at_last_space, lambda s, P: setattr(P, "prosp", [0] * 6), left=0)


def test_kept_prosperity_answer_follows_the_diamonds_left():
    s = edit(started(2))
    _tracks_at_last_space(s, s.p[0])
    aid = _area_of("prosperity")
    assert [area_effect_acts(s, 0, aid, left) for left in (0, 1, 0)] == [False, True, False]


def _a_property_short_of_food(s, P):
    hexes = sorted(map_a().capitals)
    P.props = {hexes[0]: "tent"}
    P.food, P.rabbits_taken, P.rabbits = 0, 0, set()


def test_kept_rabbit_answer_follows_the_food_marker():
    need = D.load().player["food"]["rabbit_at"][0]
    _flips("rabbit", _a_property_short_of_food, lambda s, P: setattr(P, "food", need))


def test_kept_rabbit_answer_follows_the_rabbits_taken():
    # every rabbit taken: each one owed scores instead, so the effect always acts
    _flips("rabbit", _a_property_short_of_food, lambda s, P: setattr(P, "rabbits_taken", 9))


def _food_for_a_rabbit(s, P):
    _a_property_short_of_food(s, P)
    P.food = D.load().player["food"]["rabbit_at"][0]


def test_kept_rabbit_answer_follows_the_properties():
    _flips("rabbit", _food_for_a_rabbit, lambda s, P: setattr(P, "props", {}))


def test_kept_rabbit_answer_follows_the_rabbits_placed():
    _flips("rabbit", _food_for_a_rabbit, lambda s, P: setattr(P, "rabbits", set(P.props)))


def _map_full(s, P):
    """Every buildable hex of map A tiled but the special ones, no special tile left;
    every edge a road."""
    m = map_a()
    P.tiles = {h: (m.kinds[h], False) for h in m.buildable if m.kinds[h] != "special"}
    P.roads = set(range(len(m.edge_ends)))
    s.specials = []


def test_kept_terrain_answer_follows_the_tiles():
    _flips("terrain", _map_full, lambda s, P: setattr(P, "tiles", {}))


def test_kept_terrain_answer_follows_the_special_tiles_left():
    _flips("terrain", _map_full, lambda s, P: setattr(s, "specials", [1]))


def test_kept_road_answer_follows_the_roads():
    _flips("road", _map_full, lambda s, P: setattr(P, "roads", set()))


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 5, {}), (3, 8, {"character_boards": "any"}), (4, 12, {"advanced_skills": "on"})],
)
def test_kept_effect_answers_match_afresh_on_seeded_games(players, seed, options):
    # every turn menu of the game (the memo warm from the menus before it): each
    # effect area asked with 0-2 diamonds left, kept against afresh
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
    pick = random.Random(seed).random
    asked = kept = 0
    while not state.is_over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        if not state.stack and state.phase == "action":
            memo = state.p[seat].memo.get("area_effects", {})
            for aid in EFFECT_AREAS:
                for left in range(3):
                    kept += (aid, left) in memo
                    got = area_effect_acts(state, seat, aid, left)
                    assert got == _afresh(state, seat, aid, left), (aid, left, state.step)
                    asked += 1
        state = state.apply(legal[int(pick() * len(legal))])
    assert asked > 300 * players and kept > asked // 2, (asked, kept)
