"""One test per ability of the eight characters added to the six first ones."""

import random

import pytest

from rules.core import Ref
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.explaining.explainer import character_lines
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves import effects as FX
from rules.sweet_lands.moves.characters import CHARACTERS
from rules.sweet_lands.moves.phases import pass_gains
from rules.sweet_lands.protocol import setup_tools as tools

from ..expect import given
from .helpers import EXPLAINER, act, edit, map_a, new, settle, started
from .test_play import invariants

DATA = D.load()


def chain(m, k, start=None):
    """k hexes forming a connected chain from a capital (capitals and terrain)."""
    out = [start if start is not None else m.capitals[0]]
    while len(out) < k:
        for h in out:
            nb = next(
                (
                    x
                    for x in m.neighbours[h]
                    if x not in out and m.kinds[x] in (*D.TERRAIN, "capital")
                ),
                None,
            )
            if nb is not None:
                out.append(nb)
                break
    return out


def put_props(s, seat, kinds):
    """Property tokens on a connected chain of flipped tiles (or capitals)."""
    m = map_a()
    P = s.p[seat]
    hexes = chain(m, len(kinds))
    for h, k in zip(hexes, kinds, strict=True):
        if m.kinds[h] != "capital":
            P.tiles[h] = (m.kinds[h], True)
        P.props[h] = k
        if k == "tower":
            P.tower = True
    return hexes


def kinds_of(s, seat=0):
    return {a.kind for a in s.legal_actions(seat)}


def pass_now(s, seat=0):
    """Pass and answer the steps of the pass with the first choice."""
    return act(s, "pass", seat=seat)


# ---------------------------------------------------------------- Biscuit Bastet
def test_biscuit_free_action_industry_steps_per_lab_city():
    s = edit(started(2, chars=("biscuit", "eline")))
    assert "fa_biscuit" not in kinds_of(s)  # no city with a lab yet
    put_props(s, 0, ["lab", "tent", "house"])
    s = act(s, "fa_biscuit")
    assert s.p[0].carriage == 1
    assert "fa_biscuit" not in kinds_of(s), "once per round"
    assert s.p[0].ext["cubes"] == ("biscuit",)


def test_biscuit_tower_pass_industry_point_per_lab_city():
    s = edit(started(2, chars=("biscuit", "eline")))
    put_props(s, 0, ["lab", "tent", "tower"])
    cp, ip, vp = pass_gains(s, 0)
    assert ip == Q.ip_icons(s, 0) + 1
    s.p[0].tower = False
    assert pass_gains(s, 0)[1] == Q.ip_icons(s, 0)


# ---------------------------------------------------------------- Solbee Chocolat
def test_solbee_free_actions_by_food_progress_once_per_round():
    s = edit(started(2, chars=("solbee", "eline")))
    assert not {"fa_solbee3", "fa_solbee5", "fa_solbee9"} & kinds_of(s)
    s.p[0].food = 9
    assert {"fa_solbee3", "fa_solbee5", "fa_solbee9"} <= kinds_of(s)
    wheat = s.p[0].res["wheat"]
    s = act(s, "fa_solbee3")
    assert s.p[0].res["wheat"] == wheat + 1
    s = act(s, "fa_solbee5")
    assert s.stack[-1]["op"] == "road"
    s = settle(s)
    assert len(s.p[0].roads) == 1
    s = act(s, "fa_solbee9")
    assert s.stack[-1]["op"] == "prosperity"
    s = settle(s)
    assert sum(s.p[0].prosp) == 1
    assert not {"fa_solbee3", "fa_solbee5", "fa_solbee9"} & kinds_of(s)


def test_solbee_tower_pass_vp_per_rabbit():
    s = edit(started(2, chars=("solbee", "eline")))
    hexes = put_props(s, 0, ["tent", "house", "tower"])
    s.p[0].rabbits = set(hexes[:2])
    base = edit(s)
    base.p[0].tower = False
    assert pass_gains(s, 0)[2] == pass_gains(base, 0)[2] + 2


# ---------------------------------------------------------------- Lotus Che
def test_lotus_free_flip_gives_the_tile_bonus():
    s = edit(started(2, chars=("lotus", "eline")))
    assert "fa_lotus" not in kinds_of(s)
    m = map_a()
    h = next(x for x in m.neighbours[m.capitals[0]] if m.kinds[x] == "forest")
    s.p[0].tiles[h] = ("forest", False)
    wood = s.p[0].inc["wood"]
    s = act(s, "fa_lotus")
    s = act(s, "flip_tile", h)
    assert s.p[0].tiles[h] == ("forest", True)
    assert s.p[0].inc["wood"] == wood + 1
    assert "fa_lotus" not in kinds_of(s)


def test_lotus_tower_city_point_rate_tile():
    s = edit(started(2, chars=("lotus", "eline")))
    put_props(s, 0, ["tent", "house", "building"])
    assert pass_gains(s, 0)[0] == DATA.board["city_points"][1]
    s.p[0].tower = True
    rate = DATA.characters["lotus"]["city_point_rate"]
    assert pass_gains(s, 0)[0] == rate[1] != DATA.board["city_points"][1]


# ---------------------------------------------------------------- Alice Tearose
def test_alice_three_adjacent_tokens_make_a_city():
    s = edit(started(2, chars=("alice", "eline")))
    put_props(s, 0, ["tent", "tent", "tent"])
    put_props(s, 1, ["tent", "tent", "tent"])
    assert len(MQ.cities(s, 0)) == 1 and len(MQ.cities(s, 1)) == 0


def test_alice_tower_alone_is_a_city_and_pass_vp_per_city():
    s = edit(started(2, chars=("alice", "eline")))
    put_props(s, 0, ["tower"])
    assert len(MQ.cities(s, 0)) == 1
    base = edit(s)
    base.p[0].tower = False
    base.p[0].props = {}
    assert pass_gains(s, 0)[2] == pass_gains(base, 0)[2] + 1


# ---------------------------------------------------------------- Elsa Skyr
def test_elsa_terrain_on_any_empty_hex():
    s = started(2, chars=("elsa", "nata"))
    m = map_a()
    far = [h for h in m.buildable if all(m.kinds[nb] != "capital" for nb in m.neighbours[h])]
    assert set(far) <= set(MQ.terrain_spots(s, 0))
    assert not set(far) & set(MQ.terrain_spots(s, 1))


def test_elsa_pass_places_a_terrain_tile_first():
    s = started(2, chars=("elsa", "nata"))
    tiles = len(s.p[0].tiles)
    s = act(s, "pass")
    assert s.stack[-1]["op"] == "terrain" and s.actors() == [0]
    assert not any(e.startswith("P1 passes") for e in s.log_for(None))
    s = s.apply(next(a for a in s.legal_actions(0) if a.kind == "hex"))
    assert len(s.p[0].tiles) == tiles + 1
    assert any(e.startswith("P1 passes") for e in s.log_for(None))


def test_elsa_may_decline_her_pass_tile():
    s = started(2, chars=("elsa", "nata"))
    tiles = len(s.p[0].tiles)
    s = act(s, "pass")
    assert s.legal_actions(0)[-1].kind == "done"  # offered, never first
    s = act(s, "done")
    assert len(s.p[0].tiles) == tiles
    assert any(e.startswith("P1 passes") for e in s.log_for(None))


def test_elsa_tower_pass_two_vp_per_connected_port():
    s = edit(started(2, chars=("elsa", "nata")))
    m = map_a()
    port = m.ports[0]
    s.p[0].tiles = {h: (m.kinds[h], False) for h in m.buildable}
    s.p[0].tiles[port] = (m.kinds[port], False)
    ports = MQ.connected_ports(s, 0)
    assert ports >= 1
    base = pass_gains(s, 0)[2]
    s.p[0].tower = True
    assert pass_gains(s, 0)[2] == base + 2 * ports


# ---------------------------------------------------------------- Carmen Mel
def through_setup(s, chars):
    while s.phase == "setup":
        f = s.stack[-1]
        if f["op"] == "choose_char":
            s = act(s, "character", chars[f["seat"]])
        elif f["op"] == "choose_map":
            s = act(s, "map", "A")
        else:
            s = s.apply(s.legal_actions(f["seat"])[0])
    return s


def test_carmen_first_round_two_cards_and_two_free_automations():
    s = through_setup(new(2, seed=3), ("carmen", "eline"))
    while s.stack[-1]["op"] != "free_auto":
        s = s.apply(s.legal_actions(s.actors()[0])[0])
    assert s.actors() == [0] and len(s.p[0].hand) == 8
    diamonds = s.p[0].res["diamond"]
    for _ in range(2):
        s = s.apply(next(a for a in s.legal_actions(0) if a.kind == "automate"))
    assert Q.automated(s, 0) == 2 and len(s.p[0].hand) == 6
    assert s.p[0].res["diamond"] == diamonds, "automation at no cost"


def test_carmen_redraw_when_fewer_than_two_fit():
    s = edit(started(2, chars=("carmen", "eline")))
    passes = [u for u, cid in enumerate(DATA.deck) if DATA.cards[cid].kind == "pass"]
    P = s.p[0]
    for u in P.hand + [u for c in P.columns.values() for u in c]:
        s.deck.append(u)
    P.columns = {c: [] for c in P.columns}
    mine = [u for u in passes if u in s.deck][:8]
    for u in mine:
        s.deck.remove(u)
    P.hand = mine
    FX.effect(s, 0, "carmen_automate", 2, None)
    assert len(P.hand) == 8 and not set(mine) & set(P.hand)
    assert s.deck[:8] == mine, "returned under the deck"
    assert s.stack[-1]["op"] == "free_auto"


def test_carmen_cube_per_industry_bonus_and_tower_vp():
    s = edit(started(2, chars=("carmen", "eline")))
    FX.industry_bonus(s, 0, "orange", None)
    FX.industry_bonus(s, 0, "green", None)
    assert s.p[0].ext["carmen_cubes"] == 2
    base = pass_gains(s, 0)[2]
    s.p[0].tower = True
    assert pass_gains(s, 0)[2] == base + 2


# ---------------------------------------------------------------- Sakura Mochi
def test_sakura_wagashi_tag():
    s = started(2, chars=("sakura", "eline"))
    assert Q.tags(s, 0)["wagashi"] == 1 and Q.tags(s, 1)["wagashi"] == 0


def test_sakura_free_discard_for_an_action_disc():
    s = started(2, chars=("sakura", "eline"))
    hand = len(s.p[0].hand)
    s = act(s, "fa_sakura")
    s = s.apply(s.legal_actions(0)[0])
    assert s.p[0].discs == 1 and len(s.p[0].hand) == hand - 1
    assert "fa_sakura" not in kinds_of(s)


def test_sakura_tower_search_two_pass_cards():
    s = edit(started(2, chars=("sakura", "eline")))
    played, hand = len(s.p[0].played), len(s.p[0].hand)
    FX.place_property(s, 0, "tower", map_a().capitals[0])
    tools.settle(s)
    if s.stack[-1]["op"] == "capital":  # the capital's own bonus first
        s = s.apply(s.legal_actions(0)[0])
    assert s.stack[-1]["op"] == "sakura_search"
    first = s.legal_actions(0)
    assert first and all(DATA.cards[a.args[0]].kind == "pass" for a in first)
    s = s.apply(first[0])
    s = s.apply(s.legal_actions(0)[0])
    assert len(s.p[0].played) == played + 1 and len(s.p[0].hand) == hand + 1
    assert DATA.cards[DATA.deck[s.p[0].played[-1]]].kind == "pass"
    assert not s.stack


# ---------------------------------------------------------------- Coral Lyla
def test_coral_income_steps_on_least_colour():
    s = edit(started(2, chars=("coral", "eline")))
    s.p[0].prosp = [1, 1, 1, 0, 2, 0]  # green least
    FX.effect(s, 0, "coral_steps", 2, None)
    f = s.stack[-1]
    assert f["op"] == "prosperity" and f["colour"] == "green" and f["n"] == 2
    s.stack.pop()
    s.p[0].prosp = [0, 0, 0, 0, 1, 0]  # orange and green tie
    FX.effect(s, 0, "coral_steps", 2, None)
    assert s.stack[-1]["op"] == "least_colour"
    assert {a.args[0] for a in s.legal_actions(0)} == {"orange", "green"}


def test_coral_tower_pass_vp_per_least_colour_step():
    s = edit(started(2, chars=("coral", "eline")))
    s.p[0].prosp = [2, 1, 3, 0, 2, 2]
    base = pass_gains(s, 0)[2]
    s.p[0].tower = True
    assert pass_gains(s, 0)[2] == base + 2 * 3


# ---------------------------------------------------------------- shared rules
def test_character_free_action_cube_removed_at_cleanup():
    s = edit(started(2, chars=("sakura", "eline")))
    s.p[0].ext["cubes"] = ("sakura",)
    tools.cleanup(s)
    assert "cubes" not in s.p[0].ext


def test_character_boards_one_side_per_board():
    s = new(2)
    s = act(s, "character", "nata")  # board 1, with Biscuit Bastet on the back
    s = act(s, "map", "A")
    ids = {a.args[0] for a in s.legal_actions(s.actors()[0])}
    assert "biscuit" not in ids and "eline" in ids
    t = SPEC.new_game(["a", "b"], seed=1, options={"character_boards": "any"})
    t = act(t, "character", "nata")
    t = act(t, "map", "A")
    assert "biscuit" in {a.args[0] for a in t.legal_actions(t.actors()[0])}


def test_every_character_is_explained_with_its_abilities_and_condition():
    s = new(2)
    rows = s.view(None)["characters"]
    assert len(rows) == 14
    for r in rows:
        told = given(EXPLAINER.thing(s, None, Ref("character", r["id"])))
        said = {line.source: line.label for line in told.lines}
        assert said["basic ability"] and said["Clock Tower ability"]
        assert "Wonder" in said["Clock Tower condition"]
    choose = s.legal_actions(s.actors()[0])[0]  # the choice itself says the same
    assert EXPLAINER.action(s, choose.seat, choose).lines == character_lines(choose.args[0])


@pytest.mark.parametrize("cid", sorted(DATA.characters))
def test_every_character_plays_to_the_end_with_the_invariants(cid):
    other = "eline" if DATA.characters[cid]["board"] != 4 else "nata"
    rng = random.Random(cid)
    s = through_setup(new(2, seed=len(cid)), (cid, other))
    while not s.is_over:
        seat = s.actors()[0]
        s = s.apply(rng.choice(s.legal_actions(seat)))
        invariants(s)
    assert s.result()["scores"]


@pytest.mark.parametrize("cid", sorted(DATA.characters))
def test_bot_plays_every_character(cid):
    from rules.sweet_lands.bot.greedy import SweetLandsBot

    s = through_setup(SPEC.new_game(["Solo"], seed=2), (cid,))
    bot = SweetLandsBot(1)
    while not s.is_over:
        s = s.apply(bot.choose(s, 0))
    assert s.p[0].char == cid and s.result()["scores"][0] > 0


# ---------------------------------------------------------------- Wonder icons
def test_wonder_icon_from_the_third_property_of_a_type():
    s = edit(started(2))
    m = map_a()
    s.p[0].rows["house"] = 2  # the next house is the third, from the Wonder row
    wonders = s.p[0].wonders
    FX.place_property(s, 0, "house", m.capitals[0])
    s = settle(s)
    assert s.p[0].wonders == wonders + 1
    assert all(("wonder", 1) in DATA.rows[2][k] for k in D.ROW_TYPES)


def test_map_step_view_previews_each_side():
    s = new(2)
    s = act(s, "character", "nata")
    sides = s.view(0)["maps"]
    assert [m["id"] for m in sides] == list(DATA.maps)
    for side in sides:
        m = DATA.maps[side["id"]]
        text = "".join(side["preview"])
        assert text.count("C") == len(m.capitals) and text.count("P") == len(m.ports)
    assert "maps" not in started(2).view(0), "only while setting up"


# ---------------------------------------------------------------- data
def test_data_fourteen_characters_on_seven_double_sided_boards():
    chars = DATA.characters
    assert len(chars) == 14
    boards: dict[int, list[str]] = {}
    for c in chars.values():
        boards.setdefault(c["board"], []).append(c["side"])
    assert sorted(boards) == list(range(1, 8))
    assert all(sorted(sides) == ["a", "b"] for sides in boards.values())
    added = [c for c in chars.values() if "substitute" in c]
    assert len(added) == 8 and all(
        {"start", "income", "clock_tower"} <= set(c["substitute"]) for c in added
    )


def test_data_eline_starts_with_the_highest_income():
    eline = DATA.characters["eline"]["income"]
    for cid, c in DATA.characters.items():
        if cid != "eline":
            assert all(c["income"][r] <= eline[r] for r in eline)
            assert sum(c["income"].values()) < sum(eline.values())


def test_explainer_says_why_a_character_free_action_is_refused():
    s = edit(started(2, chars=("solbee", "eline")))
    assert "solbee3" in s.view(0)["players"][0]["extra"]["free_actions"]

    def refused(s):
        return given(EXPLAINER.thing(s, 0, Ref("action", "fa_solbee3"))).refused

    assert "Food Track progress 3" in refused(s)
    s.p[0].food = 3
    assert refused(edit(s)) is None  # (a fresh copy: the menu is kept per step)
    s = act(s, "fa_solbee3")
    assert "already used this round" in refused(s)
    assert s.view(0)["players"][0]["extra"]["free_used"] == ["solbee3"]


def test_every_character_has_one_registry_entry_with_its_free_actions():
    """The registry holds each character of the data once, and the free actions a
    character's object labels are those the data gives it."""
    assert sorted(CHARACTERS) == sorted(DATA.characters)
    for cid, character in CHARACTERS.items():
        assert character.id == cid
        assert sorted(character.free_labels) == sorted(DATA.characters[cid].get("free", ()))
