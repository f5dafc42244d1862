"""One test per rule clause (see CLAUSES.md for the table)."""

import pytest

from rules.core import Action, IllegalAction
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.facts.scoring import breakdown, place_vp
from rules.sweet_lands.model import data as D
from rules.sweet_lands.protocol import setup_tools as tools

from .helpers import act, edge_between, edit, give_card, map_a, new, rich, settle, started

DATA = D.load()


def first_tile_hex(m):
    return next(h for c in m.capitals for h in m.neighbours[c] if m.kinds[h] in D.TERRAIN)


# ---------------------------------------------------------------- setup
def test_setup_order_counter_clockwise_from_right_of_start():
    s = new(3)
    order = []
    while s.stack[-1]["op"] == "choose_char" or s.stack[-1]["op"] == "choose_map":
        seat = s.actors()[0]
        if s.stack[-1]["op"] == "choose_char":
            order.append(seat)
        s = s.apply(s.legal_actions(seat)[0])
    assert order == [2, 1, 0]


def test_setup_characters_unique_and_b_maps_unique():
    s = new(2)
    s = act(s, "character", "eline")
    s = act(s, "map", "B1")
    assert s.find_action(0, "character", "eline") is None
    s = act(s, "character", "nata")
    assert s.find_action(0, "map", "B1") is None
    assert s.find_action(0, "map", "A") is not None


def test_setup_start_resources_and_income():
    s = new(1)
    s = act(s, "character", "nata")
    c = DATA.characters["nata"]
    assert s.p[0].res["iron"] == c["start"]["iron"] and s.p[0].inc == c["income"]


def test_setup_round_aid_tiles_by_player_count():
    for n, (std, pas) in {1: (8, 2), 2: (8, 2), 3: (9, 3), 4: (11, 3)}.items():
        s = new(n)
        assert sum(len(a) for a, _ in s.aid_spaces) == std
        assert sum(1 for _, p in s.aid_spaces if p is not None) == pas


def test_setup_round_aid_token_spaces_distinct():
    s = started(4)
    aids = [p.aid for p in s.p]
    assert len(set(aids)) == 4


def test_setup_milestones_and_final_tiles():
    s = new(3)
    assert len(s.milestones) == 5 and all(side in "ab" for _, side in s.milestones)
    assert len(s.final_tiles) == 2


def test_setup_imitation_boards_by_player_count():
    assert "H2" not in new(2).occ and "I2" not in new(3).occ
    assert "H2" in new(3).occ and "I2" in new(4).occ


# ---------------------------------------------------------------- income
def test_income_first_round_draws_six():
    s = started(2)
    assert [len(p.hand) for p in s.p] == [6, 6]


def test_income_later_rounds_draw_five_plus_extra_draw_areas():
    s = edit(started(1))
    s.options = {**s.options, "mio_takes": "nothing"}  # the printed draw, solo
    s.p[0].hand = s.p[0].hand[:1]
    s.p[0].aid = None
    s.p[0].eda = {10}
    s.round = 2
    tools.queue_income(s, 0)
    tools.settle(s)
    s = settle(s)
    assert len(s.p[0].hand) == 1 + 5 + 1


def test_income_order_aid_then_character_then_tracks():
    s = edit(started(1, chars=("gretel",)))
    before = dict(s.p[0].res)
    s.p[0].aid = next(i for i, (std, _) in enumerate(s.aid_spaces) if std)
    s.round = 2
    tools.queue_income(s, 0)
    kinds = [f.get("fx") for f in reversed(s.stack)][: len(s.aid_spaces[s.p[0].aid][0]) + 3]
    # character diamond, then the income tracks and the draw, both read when reached
    assert kinds[-3:] == ["gain", "income_tracks", "round_draw"]
    tools.settle(s)
    s = settle(s)
    assert s.p[0].res["diamond"] >= before["diamond"] + 1


# ---------------------------------------------------------------- action spaces and hand cost
def test_hand_cost_by_space_one_two_three():
    s = edit(started(2))
    rich(s)
    s.occ["K"] = [None]
    for idx, cost in enumerate((1, 2, 3)):
        t = edit(s)
        t.occ["A"] = [1] * idx + [None] * (3 - idx)
        t = act(t, "area", "A")
        assert t.stack[-1]["op"] == "hand" and t.stack[-1]["n"] == cost


def test_single_space_area_costs_one_card():
    s = act(started(2), "area", "K")
    assert s.stack[-1]["op"] == "hand" and s.stack[-1]["n"] == 1


def test_action_disc_makes_hand_cost_zero():
    s = edit(started(2))
    s.p[0].discs = 1
    hand = len(s.p[0].hand)
    s = act(s, "area", "K")
    s = act(s, "disc")
    assert len(s.p[0].hand) == hand and s.p[0].discs == 0 and not s.stack


def test_hand_never_empty_in_rounds_1_to_4():
    s = edit(started(2))
    s.p[0].hand = s.p[0].hand[:1]
    kinds = {a.kind for a in s.legal_actions(0)}
    assert "play" not in kinds and "area" not in kinds and "fa_card" not in kinds


def test_hand_may_empty_in_round_5():
    s = edit(started(2))
    s.p[0].hand = s.p[0].hand[:1]
    s.round = 5
    assert any(a.kind == "area" for a in s.legal_actions(0))


def test_occupied_area_refused():
    s = edit(started(2))
    s.occ["K"] = [1]
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "area", ("K",)))


def test_advanced_areas_open_in_rounds_2_and_3():
    s = started(2)
    assert s.opened >= {"Q"} and not ({"M", "N", "O", "P"} & s.opened)
    s2 = edit(s)
    s2.round = 1
    tools.begin_next_round(s2)
    assert {"M", "N"} <= s2.opened and not ({"O", "P"} & s2.opened)
    tools.begin_next_round(s2)
    assert {"O", "P"} <= s2.opened


def test_one_main_action_per_turn_then_end():
    s = settle(act(act(started(2), "area", "K"), "discard", started(2).p[0].hand[0]))
    kinds = {a.kind for a in s.legal_actions(0)}
    assert "end" in kinds and "area" not in kinds and "pass" not in kinds


# ---------------------------------------------------------------- areas A-Q
def area(s, aid):
    s = act(s, "area", aid)
    return act(s, "discard", s.p[0].hand[0])


def test_area_A_pays_6_wheat_places_up_to_3_terrain():
    s = edit(started(2))
    rich(s)
    s = area(s, "A")
    assert s.p[0].res["wheat"] == 24 and s.stack[-1]["op"] == "terrain" and s.stack[-1]["n"] == 3


def test_area_B_pays_4_wheat_food_2():
    s = edit(started(2))
    rich(s)
    s.p[0].food = 0
    s = settle(area(s, "B"))
    assert s.p[0].food == 2 and s.p[0].res["wheat"] == 26 + 2  # space 1 bonus: 2 wheat


def test_area_C_places_a_cookie_rabbit():
    s = edit(started(2))
    rich(s)
    s.p[0].food = 4
    s.p[0].props[map_a().capitals[0]] = "tent"
    s = settle(area(s, "C"))
    assert s.p[0].rabbits == {map_a().capitals[0]}


def test_area_D_pays_6_wood_up_to_3_roads():
    s = edit(started(2))
    rich(s)
    s = area(s, "D")
    assert s.p[0].res["wood"] == 24 and s.stack[-1]["op"] == "road" and s.stack[-1]["n"] == 3


def test_area_E_places_up_to_2_properties():
    s = edit(started(2))
    rich(s)
    s = area(s, "E")
    assert s.stack[-1]["op"] == "property" and s.stack[-1]["n"] == 2


def test_area_F_pays_3_iron_industry_2():
    s = edit(started(2, chars=("eline", "nata")))
    rich(s)
    s = settle(area(s, "F"))
    assert s.p[0].carriage == 2 and s.p[0].res["iron"] == 30 - 3 + 2


def test_area_G_two_diamonds_two_prosperity_steps():
    s = edit(started(2))
    rich(s)
    s = area(s, "G")
    assert (
        s.p[0].res["diamond"] == 3 and s.stack[-1]["op"] == "prosperity" and s.stack[-1]["n"] == 2
    )


def test_area_H_takes_an_action_disc():
    assert settle(area(started(2), "H")).p[0].discs == 1


def test_area_I_takes_a_diamond():
    s = started(2)
    assert settle(area(s, "I")).p[0].res["diamond"] == s.p[0].res["diamond"] + 1


def test_area_J_draws_two_cards():
    s = started(2)
    assert len(settle(area(s, "J")).p[0].hand) == len(s.p[0].hand) - 1 + 2


def test_area_K_takes_six_gold():
    s = started(2)
    assert settle(area(s, "K")).p[0].res["gold"] == s.p[0].res["gold"] + 6


def test_area_L_copies_a_basic_area_with_its_cost():
    s = edit(started(2))
    rich(s)
    s.occ["K"] = [1]
    s.p[0].food = 0
    s = area(s, "L")
    assert s.stack[-1]["op"] == "copy"
    # C is left out: with the Food marker on 0 its Cookie Rabbit is out of reach
    assert {a.args[0] for a in s.legal_actions(0)} == set("ABDEF")
    s = settle(act(s, "copy", "B"))
    assert s.p[0].food == 2 and s.p[0].res["gold"] == 26 and s.p[0].res["wheat"] == 28


def test_area_M_terrain_and_roads_any_order():
    s = edit(started(2))
    rich(s)
    s.opened.add("M")
    s = area(s, "M")
    f = s.stack[-1]
    assert f["op"] == "tr" and (f["t"], f["r"]) == (3, 3)
    assert s.p[0].res["wheat"] == 22 and s.p[0].res["wood"] == 22


def test_area_N_food_3():
    s = edit(started(2))
    rich(s)
    s.opened.add("N")
    s.p[0].food = 0
    assert settle(area(s, "N")).p[0].food == 3


def test_area_O_up_to_2_rabbits():
    s = edit(started(2))
    rich(s)
    s.opened.add("O")
    s.p[0].food = 5  # the first two rabbits in reach, and two properties to take them
    s.p[0].props = dict.fromkeys(MQ.map_board(s, 0).capitals, "tent")
    s = area(s, "O")
    assert s.stack[-1]["op"] == "rabbit" and s.stack[-1]["n"] == 2
    assert s.p[0].res["wheat"] == 21


def test_area_P_one_wood_then_up_to_3_properties():
    s = edit(started(2))
    rich(s)
    s.opened.add("P")
    s = area(s, "P")
    assert s.p[0].res["wood"] == 29 and s.stack[-1]["op"] == "property" and s.stack[-1]["n"] == 3


def test_area_Q_5_iron_industry_3():
    s = edit(started(2))
    rich(s)
    s = settle(area(s, "Q"))
    assert s.p[0].carriage == 3


# ---------------------------------------------------------------- map
def test_terrain_only_next_to_capital_or_tiles():
    s = edit(started(2))
    m = map_a()
    spots = set(MQ.terrain_spots(s, 0))
    near = {
        h for c in m.capitals for h in m.neighbours[c] if m.kinds[h] in D.TERRAIN + ("special",)
    }
    assert spots == near


def test_terrain_matches_hex_type_and_never_on_capital():
    s = edit(started(2))
    rich(s)
    s = area(s, "A")
    h = first_tile_hex(map_a())
    s = act(s, "hex", h)
    assert s.p[0].tiles[h] == (map_a().kinds[h], False)
    assert all(a.args[0] not in map_a().capitals for a in s.legal_actions(0) if a.kind == "hex")


def test_special_terrain_hex_takes_a_special_tile():
    s = edit(started(2))
    m = map_a()
    sp = next(h for h, k in enumerate(m.kinds) if k == "special")
    nb = next(h for h in m.neighbours[sp] if m.kinds[h] in D.TERRAIN)
    s.p[0].tiles[nb] = (m.kinds[nb], False)
    s.stack.append({"op": "terrain", "seat": 0, "n": 1})
    s = act(s, "special", sp, 3)
    assert s.p[0].tiles[sp][0] == "special:3" and 3 not in s.specials


def test_road_next_to_capital_edges_or_roads():
    s = edit(started(2))
    m = map_a()
    spots = set(MQ.road_spots(s, 0))
    assert all(set(m.edge_ends[e]) & m.capital_vertices for e in spots)
    e = sorted(spots)[0]
    s.p[0].roads.add(e)
    assert set(MQ.road_spots(s, 0)) > spots - {e}


def test_road_flips_adjacent_tile_and_gives_its_bonus():
    s = edit(started(2))
    m = map_a()
    h = first_tile_hex(m)
    s.p[0].tiles[h] = (m.kinds[h], False)
    e = edge_between(m, h, next(c for c in m.capitals if c in m.neighbours[h]))
    inc = dict(s.p[0].inc)
    s.stack.append({"op": "road", "seat": 0, "n": 1})
    s = settle(act(s, "edge", e))
    assert s.p[0].tiles[h][1] is True
    kind = m.kinds[h]
    res = {"wheat": "wheat", "forest": "wood", "mine": "iron"}.get(kind)
    if res:
        assert s.p[0].inc[res] == inc[res] + 1


def test_tile_placed_next_to_road_flips_at_once():
    s = edit(started(2))
    m = map_a()
    h = first_tile_hex(m)
    s.p[0].roads.add(m.hex_edges[h][0])
    s.stack.append({"op": "terrain", "seat": 0, "n": 1})
    s = settle(act(s, "hex", h))
    assert s.p[0].tiles[h][1] is True


def test_extra_draw_area_activation_draws_once():
    s = edit(started(2))
    m = map_a()
    eda = m.edas[0]
    nb = next(h for h in m.neighbours[eda] if m.kinds[h] in D.TERRAIN)
    s.p[0].tiles[nb] = (m.kinds[nb], False)
    e = next(e for e in m.hex_edges[eda] if e in MQ.road_spots(s, 0))
    hand = len(s.p[0].hand)
    s.stack.append({"op": "road", "seat": 0, "n": 2})
    s = act(s, "edge", e)
    assert eda in s.p[0].eda and len(s.p[0].hand) == hand + 1
    e2 = next(x for x in m.hex_edges[eda] if x in MQ.road_spots(s, 0))
    s = act(s, "edge", e2)
    assert len(s.p[0].hand) == hand + 1


# ---------------------------------------------------------------- properties
def test_property_only_on_tiles_flipped_before_the_action_or_capital():
    s = edit(started(2))
    rich(s)
    m = map_a()
    h = first_tile_hex(m)
    s.p[0].tiles[h] = (m.kinds[h], False)
    s = area(s, "E")
    assert set(s.stack[-1]["eligible"]) == set(m.capitals)
    s.p[0].tiles[h] = (m.kinds[h], True)  # flipped during the action: still not eligible
    assert h not in MQ.property_spots(s, 0, s.stack[-1]["eligible"])


def test_property_one_per_hex():
    s = edit(started(2))
    c = map_a().capitals[0]
    s.p[0].props[c] = "tent"
    assert c not in MQ.property_spots(s, 0)


def test_property_rows_bottom_first_row_cost_and_bonus():
    s = edit(started(2))
    rich(s)
    s = area(s, "E")
    s = act(s, "token", "tent")
    assert s.p[0].res["wood"] == 29 and s.p[0].res["gold"] == 28
    wheat_inc = s.p[0].inc["wheat"]
    s = act(s, "place", map_a().capitals[0])
    s = act(s, "income", "gold")  # the capital bonus
    s = settle(act(s, "done"))
    assert s.p[0].rows["tent"] == 1 and s.p[0].inc["wheat"] == wheat_inc + 1
    assert Q.token_cost(s, 0, "tent") == {k: v for k, v in DATA.rows[1]["cost"].items()}


def test_wood_discount_lowers_property_wood_cost():
    s = edit(started(2))
    s.p[0].discount = 3
    assert Q.token_cost(s, 0, "tent").get("wood", 0) == 0
    s.p[0].rows["tent"] = 4
    assert Q.token_cost(s, 0, "tent")["wood"] == DATA.rows[4]["cost"]["wood"] - 3


def test_shop_gives_its_industry_bonus():
    s = edit(started(2))
    rich(s)
    s = area(s, "E")
    s = act(s, "token", "shop-orange")
    s = act(s, "place", map_a().capitals[0])
    s = act(s, "income", "gold")  # the capital bonus
    s = settle(act(s, "done"))
    assert s.p[0].res["wheat"] == 30 - 2 + 2  # shop cost 2 wheat; orange column gives 2 wheat


def test_research_labs_in_track_order_with_their_costs():
    s = edit(started(2))
    assert Q.token_cost(s, 0, "lab") == DATA.player["industry"]["lab_costs"][0]
    s.p[0].labs = 2
    assert Q.token_cost(s, 0, "lab") == DATA.player["industry"]["lab_costs"][2]


def test_capital_property_gives_capital_bonus():
    s = edit(started(2))
    rich(s)
    s = area(s, "E")
    s = act(s, "token", "tent")
    s = act(s, "place", map_a().capitals[0])
    assert s.stack[-1]["op"] == "capital"


# ---------------------------------------------------------------- industry track
def test_industry_carriage_gains_orange_bonuses():
    s = edit(started(2))
    s.stack.append({"op": "industry", "seat": 0, "n": 1})
    iron = s.p[0].res["iron"]
    s = settle(s)
    assert s.p[0].carriage == 1 and s.p[0].res["iron"] == iron + 2


def test_industry_locomotive_joins_and_takes_green_bonuses():
    s = edit(started(2))
    s.p[0].labs = 1
    s.p[0].carriage = 3
    s.stack.append({"op": "industry", "seat": 0, "n": 1})
    s = settle(s)
    assert s.p[0].loco == 0
    s.stack.append({"op": "industry", "seat": 0, "n": 2})
    gold = s.p[0].res["gold"]
    s = act(s, "marker", "loco")
    s = act(s, "marker", "loco")
    s = settle(s)
    assert s.p[0].loco == 2 and s.p[0].res["gold"] == gold + 5


def test_industry_research_lab_blocks_and_movement_is_lost():
    s = edit(started(2))
    s.p[0].carriage = 3
    s.stack.append({"op": "industry", "seat": 0, "n": 2})
    s = settle(s)
    assert s.p[0].carriage == 3 and not s.stack


def test_industry_end_of_track_gives_vp():
    s = edit(started(2))
    s.p[0].labs = 4
    s.p[0].carriage = len(DATA.industry) - 1
    vp = s.p[0].vp
    s.stack.append({"op": "industry", "seat": 0, "n": 2})
    s = settle(s)
    assert s.p[0].vp == vp + 2


# ---------------------------------------------------------------- food track and rabbits
def test_food_wood_discounts_at_7_and_11():
    s = edit(started(2))
    s.p[0].food = 6
    tools.advance_food(s, 0, 5)
    s = settle(s)
    assert s.p[0].food == 11 and s.p[0].discount == 3


def test_food_end_of_track_gives_wheat():
    s = edit(started(2))
    s.p[0].food = 14
    w = s.p[0].res["wheat"]
    tools.advance_food(s, 0, 2)
    assert s.p[0].res["wheat"] == w + 4


def test_food_wonder_unlocks_then_gives_skill():
    s = edit(started(2))
    s.p[0].food = 4
    tools.advance_food(s, 0, 1)
    s = settle(s)
    assert s.p[0].wonders == 1 and not s.p[0].skills
    tools.effect(s, 0, "wonder", 1, None)
    s = settle(s)
    assert s.p[0].wonders == 2 and len(s.p[0].skills) == 1


def test_rabbit_needs_food_marker_at_its_space():
    s = edit(started(2))
    s.p[0].props[map_a().capitals[0]] = "tent"
    s.p[0].food = 3
    assert not Q.rabbit_ready(s, 0)
    s.p[0].food = 4
    assert Q.rabbit_ready(s, 0)


def test_rabbit_only_on_a_property_without_rabbit():
    s = edit(started(2))
    c = map_a().capitals
    s.p[0].props[c[0]] = "tent"
    s.p[0].props[c[1]] = "house"
    s.p[0].rabbits.add(c[0])
    assert MQ.rabbit_spots(s, 0) == [c[1]]


def test_rabbit_none_left_gives_6_vp_each():
    s = edit(started(2))
    s.p[0].rabbits_taken = 9
    vp = s.p[0].vp
    s.stack.append({"op": "rabbit", "seat": 0, "n": 2})
    s = settle(s)
    assert s.p[0].vp == vp + 12


# ---------------------------------------------------------------- prosperity
def test_prosperity_end_costs_a_diamond_and_first_takes_bonus():
    s = edit(started(2))
    s.p[0].prosp[0] = 4
    s.p[1].prosp[0] = 4
    s.p[0].res["diamond"] = 1
    s.p[1].res["diamond"] = 1
    tools.advance_prosperity(s, 0, 0)
    s = settle(s)
    assert s.p[0].res["diamond"] == 0 and s.pros_first[0] == 0
    vp = s.p[1].vp
    tools.advance_prosperity(s, 1, 0)
    assert s.pros_first[0] == 0 and s.p[1].vp == vp and not s.stack


def test_prosperity_end_needs_a_diamond():
    s = edit(started(2))
    s.p[0].prosp[0] = 4
    s.p[0].res["diamond"] = 0
    assert 0 not in Q.pros_movable(s, 0)


# ---------------------------------------------------------------- citizen cards
def test_card_play_pays_cost_and_resolves_immediate_ability():
    s = edit(started(2))
    uid = give_card(s, 0, "Treasurer")
    gold = s.p[0].res["gold"]
    s = settle(act(s, "play", uid))
    assert s.p[0].res["gold"] == gold - 1 + 6 and uid in s.p[0].played


def test_brownie_reduction_ignores_the_card_itself():
    s = edit(started(2))
    uid = give_card(s, 0, "Brownie Sage")
    assert Q.card_cost(s, 0, uid) == 10
    other = give_card(s, 0, "Brownie Baker")
    s.p[0].hand.remove(other)
    s.p[0].played.append(other)
    assert Q.card_cost(s, 0, uid) == 9


def test_automation_costs_a_diamond_and_respects_column_limit():
    s = edit(started(2))
    s.p[0].res["diamond"] = 3
    s.p[0].res["gold"] = 30
    u1 = give_card(s, 0, "Miller")
    s = act(s, "play", u1)
    s = settle(s) if s.stack and s.stack[-1]["op"] != "automate" else s
    s = act(s, "automate", "orange")
    assert s.p[0].columns["orange"] == [u1] and s.p[0].res["diamond"] == 2
    s = edit(s)
    s.main_done = False
    u2 = give_card(s, 0, "Farmer")
    s = act(s, "play", u2)
    while s.stack[-1]["op"] != "automate":
        s = s.apply(s.legal_actions(0)[0])
    assert s.find_action(0, "automate", "orange") is None  # limit 1 with fewer than 2 tents


def test_pass_cards_cannot_be_automated():
    s = edit(started(2))
    uid = give_card(s, 0, "Rabbit Keeper")
    s = act(s, "play", uid)
    assert not s.stack and uid in s.p[0].played


def test_industry_bonus_resolves_column_top_to_bottom():
    s = edit(started(2))
    m1 = give_card(s, 0, "Quarry Boss")  # auto: industry 1
    m2 = give_card(s, 0, "Prospector")  # auto: 1 iron
    for u in (m1, m2):
        s.p[0].hand.remove(u)
    s.p[0].columns["grey"] = [m1, m2]
    tools.industry_bonus(s, 0, "grey", None)
    ops = [f.get("fx") for f in reversed(s.stack)][:3]
    assert ops == ["gain", "industry", "gain"]


def test_nested_industry_bonus_waits_for_the_running_one():
    s = edit(started(2))
    a = give_card(s, 0, "Foreman")  # not used in a column here
    s.p[0].hand.remove(a)
    tools.industry_bonus(s, 0, "orange", None)
    chain = s.stack[-1]["chain"]
    s.stack.append({"op": "fx", "seat": 0, "fx": "gain", "v": {"gold": 1}, "chain": chain})
    tools.industry_bonus(s, 0, "green", chain)
    assert any(f["op"] == "ibonus_now" for f in s.stack)
    idx = next(i for i, f in enumerate(s.stack) if f["op"] == "ibonus_now")
    assert all(f.get("chain") == chain for f in s.stack[idx + 1 :])


# ---------------------------------------------------------------- skills, wonders, clock tower
def test_skill_tiles_no_duplicates():
    s = edit(started(2))
    s.p[0].skills = [7]
    s.stack.append({"op": "skill", "seat": 0, "n": 1})
    assert 7 not in [a.args[0] for a in s.legal_actions(0)]


def test_flip_ability_once_per_round_reset_at_cleanup():
    s = edit(started(2))
    s.p[0].skills = [9]
    gold = s.p[0].res["gold"]
    s = settle(act(s, "flip", 9))
    assert s.p[0].res["gold"] == gold + 8 and s.p[0].flipped == [9]
    s = act(s, "end")
    s = edit(s)
    s.turn = 0
    assert s.find_action(0, "flip", 9) is None
    tools.cleanup(s)
    assert s.p[0].flipped == []


def test_clock_tower_needs_wonder_and_character_condition():
    s = edit(started(2, chars=("gretel", "nata")))
    assert s.find_action(0, "fa_tower") is None
    s.p[0].wonders = 1
    assert s.find_action(0, "fa_tower") is None  # gretel needs a city
    m = map_a()
    c0, c1 = m.capitals
    nb = next(h for h in m.neighbours[c0] if m.kinds[h] in D.TERRAIN and h in m.neighbours[c1])
    s.p[0].props.update({c0: "tent", c1: "house"})
    s.p[0].tiles[nb] = (m.kinds[nb], True)
    s.p[0].props[nb] = "building"
    s.p[0].tiles[first_tile_hex(m)] = (m.kinds[first_tile_hex(m)], True)
    assert s.find_action(0, "fa_tower") is not None


# ---------------------------------------------------------------- free actions
def test_free_pay_15_gold_draw():
    s = edit(started(2))
    s.p[0].res["gold"] = 15
    n = len(s.p[0].hand)
    s = act(s, "fa_draw")
    assert s.p[0].res["gold"] == 0 and len(s.p[0].hand) == n + 1


def test_free_pay_4_gold_for_a_basic():
    s = edit(started(2))
    s.p[0].res["gold"] = 4
    s = act(s, "fa_buy", "iron")
    assert s.p[0].res["gold"] == 0


def test_free_pay_1_basic_for_1_gold():
    s = edit(started(2))
    g = s.p[0].res["gold"]
    s = act(s, "fa_sell", "wheat")
    assert s.p[0].res["gold"] == g + 1


def test_free_three_basics_for_one():
    s = edit(started(2))
    total = sum(s.p[0].res[r] for r in D.BASIC)
    s = act(s, "fa_trade")
    s = act(act(act(s, "res", "wheat"), "res", "wheat"), "res", "wood")
    s = act(s, "res", "iron")
    assert sum(s.p[0].res[r] for r in D.BASIC) == total - 2


def test_free_disc_or_card_for_two_basics():
    s = edit(started(2))
    s.p[0].discs = 1
    total = sum(s.p[0].res[r] for r in D.BASIC)
    s = act(act(act(s, "fa_disc"), "res", "iron"), "res", "iron")
    assert s.p[0].discs == 0 and sum(s.p[0].res[r] for r in D.BASIC) == total + 2
    n = len(s.p[0].hand)
    s = act(s, "fa_card")
    s = act(s, "discard", s.p[0].hand[0])
    s = act(act(s, "res", "wood"), "res", "wood")
    assert len(s.p[0].hand) == n - 1


def test_free_discard_and_3_basics_for_a_tile_or_road():
    s = edit(started(2))
    s = act(s, "fa_build")
    s = act(s, "discard", s.p[0].hand[0])
    for _ in range(3):
        s = s.apply(s.legal_actions(0)[0])
    assert s.stack[-1]["op"] == "tr"
    s = act(s, "hex", first_tile_hex(map_a()))
    s = settle(s)
    assert len(s.p[0].tiles) == 1 and not s.p[0].roads


def test_free_milestone_third_removes_the_rest():
    s = edit(started(2))
    s.milestones = [[1, "a"], [2, "a"], [3, "a"], [4, "a"], [5, "a"]]
    s.ms_claimed = {1: 1, 2: 1}
    s.p[0].food = 7
    s = act(s, "fa_milestone", 3)
    assert s.p[0].milestones == [3] and len(s.milestones) == 3


# ---------------------------------------------------------------- passing
def test_pass_city_points_by_number_of_cities():
    s = edit(started(2))
    m = map_a()
    c0, c1 = m.capitals
    nb = next(h for h in m.neighbours[c0] if m.kinds[h] in D.TERRAIN and h in m.neighbours[c1])
    s.p[0].props.update({c0: "tent", c1: "house", nb: "shop"})
    s.p[0].tiles[nb] = (m.kinds[nb], True)
    assert len(MQ.cities(s, 0)) == 1
    s = act(s, "pass")
    assert s.p[0].cp == 1


def test_pass_same_types_are_not_a_city():
    s = edit(started(2))
    c0, c1 = map_a().capitals
    s.p[0].props.update({c0: "tent", c1: "tent"})
    assert MQ.cities(s, 0) == []


def test_pass_industry_points_from_icons_reached():
    s = edit(started(2))
    s.p[0].carriage = 4
    s = act(s, "pass")
    assert s.p[0].ip == sum(DATA.industry[i][2] for i in range(1, 5))


def test_pass_aid_tile_then_skills_then_cards():
    s = edit(started(2))
    sp = next(i for i, (_, p) in enumerate(s.aid_spaces) if p == 2)
    s.p[0].aid = sp
    s.p[1].aid = (sp + 1) % len(s.aid_spaces)
    uid = give_card(s, 0, "Rabbit Keeper")
    s.p[0].hand.remove(uid)
    s.p[0].played.append(uid)
    vp = s.p[0].vp
    s = act(s, "pass")
    assert s.p[0].vp == vp + 1  # pass aid 2: 1 VP per played card; Rabbit Keeper: 0 rabbits


def test_pass_first_passer_becomes_start_player_and_token_moves():
    s = started(2)
    old = s.p[0].aid
    s = act(s, "pass")
    assert s.stack[-1]["op"] == "aid_move"
    assert s.find_action(0, "aid", old) is None and s.find_action(0, "aid", s.p[1].aid) is None
    s = s.apply(s.legal_actions(0)[0])
    assert s.next_start == 0 and s.actors() == [1]
    s = act(s, "pass")
    s = s.apply(s.legal_actions(1)[0])
    s = settle(s)
    assert s.round == 2 and s.start == 0


def test_pass_in_the_last_round_moves_no_round_aid_token():
    """The move chooses next round's aid; after the last round there is none."""
    s = edit(started(2))
    s.round = D.load().board["rounds"]
    old = s.p[0].aid
    s = act(s, "pass")
    assert all(f["op"] != "aid_move" for f in s.stack) and s.p[0].aid == old
    assert s.actors() == [1]


def test_passed_player_is_skipped():
    s = started(2)
    s = s.apply(s.legal_actions(0)[-0 + 0] if False else s.find_action(0, "pass"))
    s = s.apply(s.legal_actions(0)[0])
    s = settle(act(s, "area", "K", seat=1))
    if s.stack:
        s = settle(s)
    s = act(s, "end") if s.find_action(1, "end") else s
    assert s.actors() == [1]


# ---------------------------------------------------------------- cleanup
def test_cleanup_keep_one_card_return_discs():
    s = edit(started(2))
    s.p[0].discs = 2
    s.next_start = 0
    tools.cleanup(s)
    assert s.p[0].discs == 0 and all(o is None for occ in s.occ.values() for o in occ)
    s = settle(s)
    assert all(len(p.hand) == 6 for p in s.p)  # 1 kept + 5 drawn in round 2


# ---------------------------------------------------------------- scoring
def test_scoring_prosperity_rates():
    s = edit(started(2))
    m = map_a()
    for h in list(m.buildable)[:6]:
        s.p[0].tiles[h] = (m.kinds[h], False)
    base = breakdown(s, 0)["prosperity"]
    t = DATA.prosperity[0]

    def expect(pos):
        frm, vp, per = max((r for r in t["rates"] if r[0] <= pos), key=lambda r: r[0])
        return 6 * vp // per

    for pos in (1, 3, 5):
        s.p[0].prosp[0] = pos
        assert breakdown(s, 0)["prosperity"] == base + expect(pos)
    assert expect(1) < expect(3) < expect(5)


def test_scoring_city_points_double():
    s = edit(started(2))
    s.p[0].cp = 7
    assert breakdown(s, 0)["city_points"] == 14


def test_scoring_full_rows_bonuses():
    s = edit(started(2))
    s.p[0].rows = {"tent": 5, "house": 5, "building": 5}
    s.p[0].rabbits = {1, 2}
    s.p[0].cp, s.p[0].ip = 4, 9
    assert breakdown(s, 0)["property_sets"] == 2 * 2 + 4 + 9


def test_scoring_gold_and_diamonds():
    s = edit(started(2))
    s.p[0].res["gold"] = 14
    s.p[0].res["diamond"] = 3
    b = breakdown(s, 0)
    assert b["gold"] == 2 and b["diamonds"] == 3


def test_scoring_ports_table():
    s = edit(started(2))
    assert breakdown(s, 0)["ports"] == -40
    m = map_a()
    s.p[0].tiles = {h: (m.kinds[h], False) for h in m.buildable}
    assert MQ.connected_ports(s, 0) == 4 and breakdown(s, 0)["ports"] == 10


def test_scoring_milestones_ten_each():
    s = edit(started(2))
    s.p[0].milestones = [1, 4]
    assert breakdown(s, 0)["milestones"] == 20


def test_scoring_final_tiles_with_neutral_player():
    assert place_vp([5, 3], 4, (15, 7)) == [15, 0]
    assert place_vp([5, 5], 4, (15, 7)) == [15, 15]
    assert place_vp([3, 2], 4, (15, 7)) == [7, 0]
    assert place_vp([4, 4], 4, (15, 7)) == [15, 15]


def test_scoring_total_is_sum_of_parts():
    s = edit(started(2))
    b = breakdown(s, 0)
    assert b["total"] == sum(v for k, v in b.items() if k != "total")


def test_tie_break_cookie_rabbits():
    s = edit(started(2))
    s.phase, s.is_over = "over", True
    s.p[0].rabbits = {1}
    r = s.result()
    if r["scores"][0] == r["scores"][1]:
        assert r["winners"] == [0]
    s.p[1].rabbits = {1}
    s.p[0].vp = s.p[1].vp = 0
    r = s.result()
    if r["scores"][0] == r["scores"][1]:
        assert r["winners"] == [0, 1] and "share" in r["tie_break"]


# ---------------------------------------------------------------- solo
def test_solo_mio_blocks_spaces_each_round():
    s = started(1, chars=("eline",))
    blocked = [(a, i) for a, occ in s.occ.items() for i, o in enumerate(occ) if o == "mio"]
    assert blocked and len(s.solo_shown) == 2 and len(s.solo_a) == 7 and len(s.solo_b) == 7


def test_solo_mio_follows_round_aid_token():
    s = started(1, chars=("eline",))
    old = s.p[0].aid
    assert s.mio_aid is None
    s = act(s, "pass")
    s = s.apply(s.legal_actions(0)[0])
    assert s.mio_aid == old


def test_solo_no_milestones_or_final_tiles():
    s = new(1)
    assert s.milestones == [] and s.final_tiles == []


def test_solo_titles_at_250_and_300():
    s = edit(started(1, chars=("eline",)))
    s.phase, s.is_over = "over", True
    s.p[0].vp = 400
    assert s.result()["solo_title"] == "history"
    s.p[0].vp = 260 - (breakdown(s, 0)["total"] - 400)
    assert s.result()["solo_title"] == "expert"
