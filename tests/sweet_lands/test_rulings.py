"""Clauses fixed or decided in the engine reshape (issues 10 and 17); see CLAUSES.md."""

import pytest

from rules.core import Action, IllegalAction
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.model import data as D
from rules.sweet_lands.protocol import setup_tools as tools

from .helpers import act, edge_between, edit, give_card, map_a, rich, settle, started

DATA = D.load()


def forest_by_capital(m):
    return next((h, c) for c in m.capitals for h in m.neighbours[c] if m.kinds[h] == "forest")


# ---------------------------------------------------------------- income order
def test_income_order_round_aid_road_flip_raises_that_rounds_wood_income():
    s = edit(started(1))
    m = map_a()
    h, capital = forest_by_capital(m)
    s.p[0].tiles = {h: ("forest", False)}
    wood_income = s.p[0].inc["wood"]
    wood = s.p[0].res["wood"]
    s.aid_spaces = [list(x) for x in s.aid_spaces]
    e = edge_between(m, h, capital)
    # the Round Aid road goes on the edge that flips the forest
    s.round = 2
    s.aid_spaces[0] = [[11], None]
    s.p[0].aid = 0
    tools.queue_income(s, 0)
    tools.settle(s)
    s = act(s, "edge", e)
    s = settle(s)
    assert s.p[0].inc["wood"] == wood_income + 1
    assert s.p[0].res["wood"] == wood + wood_income + 1


def test_income_order_extra_draw_area_from_round_aid_joins_that_draw():
    s = edit(started(1))
    m = map_a()
    eda = m.edas[0]
    nb = next(h for h in m.neighbours[eda] if m.kinds[h] in D.TERRAIN)
    s.p[0].tiles = {nb: (m.kinds[nb], True)}
    s.p[0].hand = s.p[0].hand[:1]
    e = next(e for e in m.hex_edges[eda] if e in MQ.road_spots(s, 0))
    s.aid_spaces = [[[11], None]] + [list(x) for x in s.aid_spaces[1:]]
    s.round = 2
    s.p[0].aid = 0
    tools.queue_income(s, 0)
    tools.settle(s)
    s = act(s, "edge", e)
    s = settle(s)
    # 1 kept + 1 for activating the area + the round's 5 (the printed draw: Mio takes
    # none by default) + 1 for the area itself
    draw = 5
    assert eda in s.p[0].eda and len(s.p[0].hand) == 1 + 1 + draw + 1


# ---------------------------------------------------------------- hand cost
def test_hand_cost_paid_in_full_or_not_offered_gretel_diamond():
    s = edit(started(2, chars=("gretel", "nata")))
    rich(s)
    P = s.p[0]
    P.hand = P.hand[:1]
    P.res["diamond"] = 1
    P.discs = 1
    s.occ["A"][0] = 1  # the free space of A now costs 2 cards
    s = act(s, "area", "A")
    kinds = {a.kind for a in s.legal_actions(0)}
    # one card (which must stay) and one diamond cannot pay 2: only the disc can
    assert kinds == {"disc"}
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "diamond"))
    s = act(s, "disc")
    assert s.p[0].discs == 0 and s.p[0].res["diamond"] == 1


def test_hand_cost_gretel_pays_cards_and_diamonds_in_full():
    s = edit(started(2, chars=("gretel", "nata")))
    rich(s)
    P = s.p[0]
    P.hand = P.hand[:2]
    P.res["diamond"] = 1
    P.discs = 0
    s.occ["A"][0] = 1
    s = act(s, "area", "A")
    s = act(s, "diamond")
    s = act(s, "discard", s.p[0].hand[0])
    assert s.p[0].res["diamond"] == 0 and len(s.p[0].hand) == 1
    assert not s.stack or s.stack[-1]["op"] != "hand"


# ---------------------------------------------------------------- Rikka Berry
def test_rikka_pays_any_part_of_a_rabbit_wheat_cost_with_wood():
    s = edit(started(2, chars=("rikka", "nata")))
    rich(s, n=10)
    s.p[0].food = 4  # the first Cookie Rabbit in reach, and a property to take it
    s.p[0].props = {MQ.map_board(s, 0).capitals[0]: "tent"}
    cost = DATA.areas["C"]["cost"]["wheat"]
    splits = sorted(
        a.args[1]
        for a in s.legal_actions(0)
        if a.kind == "area" and a.args[:1] == ("C",) and len(a.args) == 2
    )
    assert splits == list(range(1, cost + 1))
    s = act(s, "area", "C", 3)
    assert s.p[0].res["wheat"] == 10 - (cost - 3) and s.p[0].res["wood"] == 7


def test_rikka_wood_amount_must_be_payable():
    s = edit(started(2, chars=("rikka", "nata")))
    rich(s, n=10)
    s.p[0].food = 4
    s.p[0].props = {MQ.map_board(s, 0).capitals[0]: "tent"}
    s.p[0].res["wood"] = 1
    with pytest.raises(IllegalAction, match="wood in place of wheat"):
        s.apply(SPEC.parse_action('0:area:["C",3]'))


# ---------------------------------------------------------------- immediate abilities
def test_immediate_ability_parts_in_the_order_chosen():
    s = edit(started(2))
    rich(s)
    s.p[0].food = 3  # one Food step short of the first Cookie Rabbit
    s.p[0].props = {MQ.map_board(s, 0).capitals[0]: "tent"}
    uid = give_card(s, 0, "Brownie Herder")  # a Cookie Rabbit and a Food step
    s = act(s, "play", uid)
    assert s.stack[-1]["op"] == "order"
    labels = [a.label for a in s.legal_actions(0)]
    assert len(labels) == 2
    s = act(s, "part", 1)  # the Food step first brings the rabbit in reach
    assert s.p[0].food == 4 and s.stack[-1]["op"] == "rabbit"


@pytest.mark.parametrize("name", ["Herald", "Smith", "Cartographer", "Farmer", "Brownie Broker"])
def test_no_order_question_when_the_parts_cannot_change_each_other(name):
    s = edit(started(2))
    rich(s)
    give_card(s, 0, name)
    play = next(a for a in s.legal_actions(0) if a.label == f"Play {name}")
    s = s.apply(play)
    assert s.stack[-1]["op"] != "order"


# ---------------------------------------------------------------- milestones
def _meets_only_side_b(s, seat=0):
    # milestone 3: side a needs Food 7, side b two Wonders
    s.milestones = [[3, "a"]]
    s.p[seat].wonders = 2
    s.p[seat].food = 0


def test_milestone_either_condition_qualifies_by_default():
    s = edit(started(2))
    _meets_only_side_b(s)
    assert s.find_action(0, "fa_milestone", 3) is not None


def test_milestone_face_up_side_only_with_the_option():
    s = edit(started(2))
    s.options = {**s.options, "milestones": "face_up"}
    _meets_only_side_b(s)
    assert s.find_action(0, "fa_milestone", 3) is None
    with pytest.raises(IllegalAction, match=r"needs Food Track progress 7 \(you have 0\)\.$"):
        s.apply(SPEC.parse_action("0:fa_milestone:[3]"))


# ---------------------------------------------------------------- appendix: granted actions
def _flipped_spot(s, seat=0):
    m = map_a()
    h = next(h for c in m.capitals for h in m.neighbours[c] if m.kinds[h] in D.TERRAIN)
    s.p[seat].tiles[h] = (m.kinds[h], True)
    return h


def test_granted_actions_cost_nothing_property_from_a_card():
    s = edit(started(2))
    rich(s)
    uid = give_card(s, 0, "Architect")  # a property and 2 VP
    s = act(s, "play", uid)  # no order question: the VP cannot change the placement
    before = dict(s.p[0].res)
    s = act(s, "token", "house")
    assert s.p[0].res == before  # the token's row cost is not paid


def test_granted_actions_cost_nothing_unless_the_paid_option_is_chosen():
    s = edit(started(2))
    s.options = {**s.options, "granted_costs": "paid"}
    rich(s)
    uid = give_card(s, 0, "Architect")
    s = act(s, "play", uid)  # no order question: the VP cannot change the placement
    before = dict(s.p[0].res)
    cost = Q.token_cost(s, 0, "house")
    s = act(s, "token", "house")
    assert cost and all(s.p[0].res[r] == before[r] - k for r, k in cost.items())


def test_granted_actions_cost_nothing_area_placement_still_pays():
    s = edit(started(2))
    rich(s)
    cost = Q.token_cost(s, 0, "tent")
    s = act(s, "area", "E")
    s = act(s, "discard", s.p[0].hand[0])
    before = dict(s.p[0].res)
    s = act(s, "token", "tent")
    assert cost and all(s.p[0].res[r] == before[r] - k for r, k in cost.items())


def test_granted_actions_cost_nothing_free_token_needs_no_resources():
    s = edit(started(2))
    for r in ("gold", "wheat", "wood", "iron"):
        s.p[0].res[r] = 0
    s.p[0].res["gold"] = 20
    uid = give_card(s, 0, "Architect")
    s = act(s, "play", uid)  # no order question: the VP cannot change the placement
    assert {a.args[0] for a in s.legal_actions(0) if a.kind == "token"} >= {"tent", "house"}


# ---------------------------------------------------------------- refusals
def test_refusal_names_the_missing_resource():
    s = edit(started(2))
    s.p[0].res["wheat"] = 2
    with pytest.raises(IllegalAction, match="Area A needs 6 wheat, you have 2"):
        s.apply(SPEC.parse_action('0:area:["A"]'))


def test_refusal_of_a_card_that_costs_too_much():
    s = edit(started(2))
    s.p[0].res["gold"] = 0
    uid = next(u for u in s.p[0].hand if Q.card_cost(s, 0, u) > 0)
    with pytest.raises(IllegalAction, match="gold, you have 0"):
        s.apply(SPEC.parse_action(f"0:play:[{uid}]"))


@pytest.mark.parametrize(
    "key",
    [
        "0:area:[5]",
        '0:area:["Z"]',
        "0:area:[[1]]",
        '0:area:["A",{"x":1}]',
        '0:play:["x"]',
        "0:play:[true]",
        "0:play:[99999]",
        "0:flip:[null]",
        "0:fa_milestone:[true]",
        '0:fa_buy:["gold"]',
        '0:fa_sell:["nothing"]',
        "0:nonsense",
        "0:pass:[1,2,3]",
    ],
)
def test_refusal_of_malformed_keys_is_an_illegal_action(key):
    s = started(2)
    with pytest.raises(IllegalAction):
        s.apply(SPEC.parse_action(key))


def test_refusal_of_malformed_keys_inside_a_pending_step():
    s = edit(started(2))
    rich(s)
    s = act(s, "area", "A")
    for key in ("0:discard:[[1]]", '0:discard:["x"]', "0:hex:[1]", "0:done"):
        with pytest.raises(IllegalAction):
            s.apply(SPEC.parse_action(key))


def _ready_for(s, kind):
    """Set up the position each kind of granted action needs to have a choice."""
    m = map_a()
    if kind in ("rabbit", "property"):
        h = _flipped_spot(s)
        if kind == "rabbit":
            s.p[0].props[h] = "tent"
            s.p[0].food = DATA.player["food"]["rabbit_at"][0]
    if kind == "road":
        s.p[0].tiles = {}
    if kind == "industry":
        s.p[0].loco = 0  # two markers: a real choice
    return m


@pytest.mark.parametrize(
    "op,value",
    [
        ("terrain", 1),
        ("road", 1),
        ("terrain_road", (1, 1)),
        ("food", 1),
        ("industry", 1),
        ("rabbit", 1),
        ("prosperity", 1),
        ("draw", 1),
        ("property", 1),
    ],
)
def test_granted_actions_cost_nothing_by_kind(op, value):
    s = edit(started(2))
    rich(s)
    _ready_for(s, op)
    before = dict(s.p[0].res)
    progress = _progress(s)
    tools.resolve_effects(s, 0, [(op, value)])
    s = settle(s)
    assert _progress(s) > progress, op  # the granted action really happened
    for r in D.BASIC + ("gold",):
        assert s.p[0].res[r] >= before[r], (op, r)


def _progress(s):
    P = s.p[0]
    pieces = len(P.tiles) + len(P.roads) + len(P.rabbits) + len(P.props) + len(P.hand)
    return pieces + P.food + P.carriage + (P.loco or 0) + sum(P.prosp)


# ---------------------------------------------------------------- labels and log (issue 32)
def test_income_choices_carry_their_numbers():
    s = edit(started(2))
    tools.effect(s, 0, "income_any", 1)
    tools.settle(s)
    labels = [a.label for a in s.legal_actions(0)]
    assert "Raise gold income (+3)" in labels and "Raise wheat income (+1)" in labels


def test_mio_log_names_the_blocked_spaces():
    s = started(1)
    blocked = [
        f"{a} space {i + 1}" for a, occ in s.occ.items() for i, o in enumerate(occ) if o == "mio"
    ]
    line = next(e for e in s.log_for(0) if e.startswith("Mio reveals"))
    assert blocked and all(b in line for b in blocked)
