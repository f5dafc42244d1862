"""One test per skill ability: the first list (1-12), the ten further abilities
(21-30) and the Advanced Skill Tiles (101-114); the set in the skill spaces."""

import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.facts import primitives as PR
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.facts.skills import ADVANCED, FIRST, FURTHER
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves import effects as FX
from rules.sweet_lands.moves import turn_checks as TC
from rules.sweet_lands.moves.phases import pass_gains

from ..expect import given
from .helpers import act, edit, map_a, settle, started
from .test_play import invariants

DATA = D.load()


def with_skill(sk, chars=("eline", "nata"), seed=1):
    s = edit(started(2, seed=seed, chars=chars))
    s.p[0].skills.append(sk)
    return s


def flip(s, sk):
    return act(s, "flip", sk)


def card_uid(pred):
    return next(u for u, cid in enumerate(DATA.deck) if pred(DATA.cards[cid]))


def give(s, uid, seat=0):
    for pile in (s.deck, s.discard, *[p.hand for p in s.p]):
        if uid in pile:
            pile.remove(uid)
    s.p[seat].hand.append(uid)


# ---------------------------------------------------------------- the skill spaces
def test_skill_set_first_list_fills_the_spaces_by_default():
    s = started(2)
    assert sorted(s.skill_supply) == list(FIRST)


def test_skill_set_option_further_or_mixed():
    s = SPEC.new_game(["a", "b"], seed=1, options={"skill_tiles": "further"})
    assert sorted(s.skill_supply) == list(FURTHER)
    m = SPEC.new_game(["a", "b"], seed=1, options={"skill_tiles": "mixed"})
    assert len(m.skill_supply) == 12 and set(m.skill_supply) <= set(FIRST + FURTHER)


# ---------------------------------------------------------------- first list 1-12
@pytest.mark.parametrize("sk,colour", [(1, "orange"), (2, "green"), (3, "grey")])
def test_skill_first_list_immediate_three_prosperity_steps_of_a_colour(sk, colour):
    s = edit(started(2))
    s.stack.append({"op": "skill", "seat": 0, "n": 1})
    s = act(s, "skill", sk)
    f = s.stack[-1]
    assert f["op"] == "prosperity" and f["colour"] == colour and f["n"] == 3


def test_skill_first_list_pass_abilities_4_5_6():
    s = with_skill(4)
    s.p[0].skills += [5, 6]
    s.p[0].columns = {c: [card_uid(lambda c: c.kind == "immediate")] for c in D.COLOURS}
    s.p[0].food = 6
    base = edit(s)
    base.p[0].skills = []
    extra = pass_gains(s, 0)[2] - pass_gains(base, 0)[2]
    ip = Q.ip_icons(s, 0)
    six = max([0] + [v for need, v in [(2, 3), (4, 5), (6, 7), (8, 10)] if ip >= need])
    assert extra == 6 + 5 + six


@pytest.mark.parametrize(
    "sk,res", [(7, {"wheat": 1, "wood": 1, "iron": 1}), (8, {"diamond": 1}), (9, {"gold": 8})]
)
def test_skill_first_list_flip_gains(sk, res):
    s = with_skill(sk)
    before = dict(s.p[0].res)
    s = flip(s, sk)
    if sk == 7:
        s = act(s, "res", "iron")
        res = {**res, "iron": 2}
    for r, k in res.items():
        assert s.p[0].res[r] == before[r] + k


def test_skill_first_list_permanent_10_11_12():
    s = with_skill(10)
    s.p[0].skills += [11, 12]
    m = map_a()
    vp = s.p[0].vp
    FX.place_property(s, 0, "tent", m.capitals[0])
    FX.place_rabbit(s, 0, m.capitals[0])
    FX.industry_bonus(s, 0, "orange", None)
    assert s.p[0].vp - vp >= 2 + 3 + 3


# ---------------------------------------------------------------- further list 21-30
def test_skill_21_pass_vp_per_city():
    s = with_skill(21)
    m = map_a()
    for h, k in zip(m.capitals, ("tent", "house"), strict=True):
        s.p[0].props[h] = k
    nb = next(h for h in m.neighbours[m.capitals[0]] if m.kinds[h] in D.TERRAIN)
    s.p[0].tiles[nb] = (m.kinds[nb], True)
    s.p[0].props[nb] = "building"
    cities = len(MQ.cities(s, 0))
    base = edit(s)
    base.p[0].skills = []
    assert cities >= 1 and pass_gains(s, 0)[2] == pass_gains(base, 0)[2] + 2 * cities


def test_skill_22_pass_vp_per_connected_port():
    s = with_skill(22)
    m = map_a()
    s.p[0].tiles = {h: (m.kinds[h], False) for h in m.buildable}
    base = edit(s)
    base.p[0].skills = []
    ports = MQ.connected_ports(s, 0)
    assert ports and pass_gains(s, 0)[2] == pass_gains(base, 0)[2] + 2 * ports


def test_skill_23_pass_two_vp_per_tag_of_the_most_numerous_type():
    s = with_skill(23, chars=("sena", "eline"))
    base = edit(s)
    base.p[0].skills = []
    most = max(Q.tags(s, 0).values())
    assert most >= 1 and pass_gains(s, 0)[2] == pass_gains(base, 0)[2] + 2 * most


def test_skill_24_flip_pays_four_iron_for_three_industry_steps():
    s = with_skill(24)
    s.p[0].res["iron"] = 3
    assert "4 iron" in given(TC.skill_refusal(s, 0, 24))
    s.p[0].res["iron"] = 5
    s = flip(s, 24)
    s = settle(s)
    assert s.p[0].res["iron"] >= 1 and s.p[0].carriage == 3


def test_skill_25_flip_pays_four_wheat_for_food_and_a_rabbit():
    s = with_skill(25)
    s.p[0].res["wheat"] = 4
    s.p[0].food = 3
    s.p[0].props[map_a().capitals[0]] = "tent"
    s = flip(s, 25)
    s = settle(s)
    assert s.p[0].res["wheat"] == 0 and s.p[0].food == 4 and len(s.p[0].rabbits) == 1


def test_skill_26_flip_raises_gold_income_by_five():
    s = with_skill(26)
    gold = s.p[0].inc["gold"]
    s = flip(s, 26)
    assert s.p[0].inc["gold"] == gold + 5


def test_skill_27_flip_a_terrain_tile_and_a_road():
    s = with_skill(27)
    s = flip(s, 27)
    assert s.stack[-1]["op"] == "tr" and s.stack[-1]["t"] == 1 and s.stack[-1]["r"] == 1


def test_skill_28_flip_draws_two_then_discards_one():
    s = with_skill(28)
    hand = len(s.p[0].hand)
    s = flip(s, 28)
    assert s.stack[-1]["op"] == "discard1" and len(s.p[0].hand) == hand + 2
    s = s.apply(s.legal_actions(0)[0])
    assert len(s.p[0].hand) == hand + 1


def test_skill_29_vp_as_gold_income_rises():
    s = with_skill(29)
    vp = s.p[0].vp
    PR.raise_income(s, 0, "gold", 3)
    PR.raise_income(s, 0, "wheat", 1)
    assert s.p[0].vp == vp + 3


def test_skill_30_brownie_reduction_for_cards_without_one():
    s = with_skill(30, chars=("sena", "eline"))  # Sena holds a Brownie tag
    uid = card_uid(lambda c: not c.brownie and c.cost >= 2)
    give(s, uid)
    full = DATA.cards[DATA.deck[uid]].cost
    assert Q.card_cost(s, 0, uid) == full - Q.tags(s, 0)["brownie"] < full
    s.p[0].skills.remove(30)
    assert Q.card_cost(s, 0, uid) == full


# ---------------------------------------------------------------- advanced 101-114
def test_advanced_111_column_limit_and_free_automation():
    s = edit(started(2))
    limits = {c: Q.column_limit(s, 0, c) for c in D.COLOURS}
    s.stack.append({"op": "skill", "seat": 0, "n": 1})
    s.ext["advanced"] = (111,)
    s.p[0].res["diamond"] = 1
    uid = card_uid(lambda c: c.kind == "immediate" and c.industry == "agricultural")
    give(s, uid)
    s = act(s, "skill", 111)
    assert {c: Q.column_limit(s, 0, c) for c in D.COLOURS} == {c: v + 1 for c, v in limits.items()}
    assert s.stack[-1]["op"] == "free_auto"
    s = act(s, "automate", uid, "orange")
    assert uid in s.p[0].columns["orange"] and s.p[0].res["diamond"] == 0


def test_advanced_112_vp_per_card_played():
    s = with_skill(112)
    uid = card_uid(lambda c: c.kind == "pass")
    give(s, uid)
    s.p[0].res["gold"] = 50
    vp = s.p[0].vp
    s = act(s, "play", uid)
    assert s.p[0].vp == vp + 2


@pytest.mark.parametrize("sk,area,cost", [(113, "D", {"wood": 3}), (114, "A", {"wheat": 4})])
def test_advanced_113_114_area_costs_also_when_copied(sk, area, cost):
    s = with_skill(sk)
    assert Q.area_cost(s, 0, area) == cost
    s.p[0].skills.remove(sk)
    assert Q.area_cost(s, 0, area) != cost
    # area L copies pay area_cost(), so the replaced cost holds there too
    s.p[0].skills.append(sk)
    s.p[0].res.update({"gold": 4, "wheat": 4, "wood": 3, "iron": 0})
    assert TC.area_refusal(s, 0, area, copying=True) is None


@pytest.mark.parametrize("sk", ADVANCED[:10])
def test_advanced_substitute_tiles_resolve(sk):
    s = edit(started(2))
    s.p[0].res["diamond"] = 2
    s.ext["advanced"] = (sk,)
    s.stack.append({"op": "skill", "seat": 0, "n": 1})
    s = act(s, "skill", sk)
    s = settle(s)
    assert sk in s.p[0].skills and DATA.skills[sk]["substitute"] is True
    if DATA.skills[sk]["kind"] == "flip":
        s = flip(s, sk)
        assert sk in s.p[0].flipped


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("choice", ["further", "mixed"])
def test_skill_set_random_play_reaches_the_end(choice):
    rng = random.Random(choice)
    s = SPEC.new_game(["a", "b", "c"], seed=3, options={"skill_tiles": choice})
    while not s.is_over:
        seat = s.actors()[0]
        s = s.apply(rng.choice(s.legal_actions(seat)))
        invariants(s)
    assert s.result()["scores"]


def test_tile_25_food_step_only_gives():
    # the ruling that keeps tile 25's Food step (RULINGS.md): every Food space's bonus
    # is a gain, and a step past the end pays wheat, so declining one never helps
    food = D.load().player["food"]
    gains = {"gain", "terrain_road", "wonder", "discount", "skill", "prosperity"}
    assert {op for b in food["bonus"] for op, _v in D.effects(b["effect"], "food")} <= gains
    s = with_skill(25)
    s.p[0].food = food["length"]
    s.p[0].res["wheat"] = 4
    s = flip(s, 25)
    assert s.p[0].res["wheat"] == D.load().player["end_of_food_wheat"]
