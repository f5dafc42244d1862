"""Happiest Town: one test per rule clause (see CLAUSES_EXPERT.md, Happiest Town part)."""

import json

import pytest

import rules
from rules.bots import make_bot
from rules.core import Action, IllegalAction
from rules.happy_city import HAPPIEST_TOWN as SPEC
from rules.happy_city.happiest_town import town_catalogue

from .scenario import act, put, show


def new(n=3, seed=1, **options):
    return SPEC.new_game([f"P{i}" for i in range(n)], seed=seed, options=options)


def names(s, ids):
    return [s.cards[i].name for i in ids]


def build_stage(s, seat=None, coins=None):
    s = s.copy()
    if seat is not None:
        s.turn = seat
    s.stage = "build"
    if coins is not None:
        s.coins[s.turn] = coins
    return s


# ---- components ------------------------------------------------------------------------------
def test_town_is_its_own_game_for_two_to_four_players():
    assert SPEC.id == "happiest-town" and (SPEC.min_players, SPEC.max_players) == (2, 4)
    assert "happiest-town" in rules.GAMES
    with pytest.raises(ValueError):
        new(5)


def test_town_has_62_facilities_4_stores_24_low_18_middle_16_high():
    cat = town_catalogue()
    assert len(cat.stores) == 4
    decks = [sum(1 for i in cat.facilities if cat.cards[i].deck == d) for d in (1, 2, 3)]
    assert decks == [24, 18, 16]
    assert len(cat.stores) + len(cat.facilities) == 62


def test_town_facility_costs_fit_their_decks():
    cat = town_catalogue()
    for i in cat.facilities:
        c = cat.cards[i]
        lo, hi = {1: (1, 3), 2: (4, 5), 3: (6, 9)}[c.deck]
        assert lo <= c.cost <= hi, c.name


def test_town_has_9_residences_3_of_each():
    cat = town_catalogue()
    assert [(n, len(ids)) for n, ids in cat.residences] == [
        ("House", 3),
        ("Housing Complex", 3),
        ("Tower Block", 3),
    ]
    assert [cat.cards[ids[0]].cost for _, ids in cat.residences] == [1, 3, 6]


def test_town_given_rows_metal_and_chemical_factory():
    cat = town_catalogue()
    for name in ("Metal Factory", "Chemical Factory"):
        ids = [i for i in cat.facilities if cat.cards[i].name == name]
        assert len(ids) == 2
        c = cat.cards[ids[0]]
        assert (c.category, c.cost, c.income, c.inhabitants, c.hearts, c.deck) == (
            "industrial",
            1,
            1,
            0,
            -1,
            1,
        )
        assert not c.substitute
    store = cat.cards[cat.stores[0]]
    assert (store.name, store.income, store.inhabitants, store.hearts) == (
        "Convenience Store",
        1,
        0,
        0,
    )


def test_town_given_infrastructure_airport_needs_and_harbor_money():
    cat = town_catalogue()
    by = {cat.cards[i].name: i for i in cat.infrastructure}
    assert len(by) == 4
    assert dict(cat.cards[by["Airport"]].needs) == {"public": 2, "commercial": 1, "leisure": 1}
    assert cat.extra[by["Harbor"]] == {"builder_money": 3, "others_money": 1}


def test_town_data_file_is_marked_substitute():
    from rules.happy_city.cards import DATA

    head = (DATA / "happiest_town.toml").read_text(encoding="utf-8")[:400]
    assert "SUBSTITUTE" in head


# ---- setup -------------------------------------------------------------------------------------
def test_town_setup_three_low_cost_face_up_a_store_and_two_money_each():
    s = new(3)
    assert len(s.visible) == 3 and all(s.cards[i].deck == 1 for i in s.visible)
    assert all(names(s, c)[0] == "Convenience Store" for c in s.city)
    # the start player has already collected the store's income for the first turn
    assert s.coins == [3, 2, 2]


def test_town_deals_three_of_the_four_infrastructure_cards():
    s = new(2)
    assert len(s.row) == 3
    assert sum(1 for i in s.box if s.cards[i].category == "infrastructure") == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_town_card_accounting_is_75(n):
    s = new(n)
    places = s.all_card_places()
    assert len(places) == 62 + 9 + 4 == len(set(places))


# ---- turn ------------------------------------------------------------------------------------
def test_town_income_comes_at_the_start_of_your_own_turn():
    s = new(3)
    s = s.copy()
    put(s, 1, "Bakery")  # seat 1 income now 2
    s.stage = "build"
    coins1 = s.coins[1]
    s = act(s, "pass")  # seat 0's turn ends
    assert s.turn == 1 and s.coins[1] == coins1 + 2
    assert s.coins[2] == 2  # seat 2 has not been paid yet


def test_town_discard_any_number_of_visible_facilities():
    s = new(3)
    a, b = names(s, s.visible[:2])
    s = act(s, "discard", a)
    assert s.stage == "discard"
    s = act(s, "discard", b) if b != a else act(s, "discard", a)
    assert len(s.visible) == 1 and s.stage == "discard"
    s = act(s, "keep")
    assert s.stage == "refill"


def test_town_refill_one_by_one_from_any_deck_to_three():
    s = new(3)
    s = act(s, "discard", names(s, s.visible)[0])
    s = act(s, "discard", names(s, s.visible)[0])
    s = act(s, "keep")
    s = act(s, "draw", 3)
    assert s.stage == "refill" and s.cards[s.visible[-1]].deck == 3
    s = act(s, "draw", 2)
    assert s.stage == "build" and len(s.visible) == 3


def test_town_an_empty_deck_is_rebuilt_from_its_discards():
    s = new(2).copy()
    s.discards[2] = s.decks[2]
    s.decks[2] = []
    s.visible = s.visible[:2]
    s.stage = "refill"
    s = act(s, "draw", 3)
    assert len(s.visible) == 3 and len(s.decks[2]) == 15 and s.discards[2] == []


def test_town_build_one_building_or_nothing_paying_the_bank():
    s = build_stage(new(3), coins=5)
    show(s, "Museum")
    s = act(s, "buy", "Museum")
    assert s.coins[0] == 1 and s.turn == 1
    s = build_stage(s, coins=0)
    s = act(s, "pass")
    assert s.turn == 2 and s.coins[1] == 0 and len(s.city[1]) == 1  # nothing built, nothing gained


def test_town_building_nothing_gives_no_money():
    s = build_stage(new(3), coins=0)
    s = act(s, "pass")
    assert s.coins[0] == 0


def test_town_residences_are_bought_from_their_piles():
    s = build_stage(new(3), coins=3)
    s = act(s, "dwelling", "Housing Complex")
    assert names(s, s.city[0])[-1] == "Housing Complex" and s.coins[0] == 0
    assert len(s.residences[1]) == 2


def test_town_never_two_buildings_of_one_name():
    s = build_stage(new(3), coins=9)
    put(s, 0, "House")
    assert "dwelling" not in {a.kind for a in s.legal_actions(0) if a.args == ("House",)}
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "dwelling", ("House",)))


def test_town_cannot_build_beyond_its_money():
    s = build_stage(new(3), coins=3)
    show(s, "Stadium")
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "buy", ("Stadium",)))


# ---- infrastructure -------------------------------------------------------------------------------
def town_with_row(n, *infra, variant=None, seed=1):
    s = new(n, seed=seed, **({"variant": variant} if variant else {})).copy()
    cat = town_catalogue()
    ids = [i for i in cat.infrastructure if cat.cards[i].name in infra]
    s.box = [i for i in s.box if i not in ids] + [i for i in s.specials if i not in ids]
    s.specials = ids
    return s


def test_town_infrastructure_is_taken_as_soon_as_its_needs_are_met():
    s = town_with_row(3, "Airport", "Power Plant", "Railway Station")
    put(s, 0, "Clinic", "Playground", "Bakery")  # public 2, commercial 1
    s = build_stage(s, coins=9)
    show(s, "Karaoke Bar")  # leisure
    s = act(s, "buy", "Karaoke Bar")
    assert names(s, s.city[0])[-1] == "Airport"
    assert s.infra[0] is not None and len(s.row) == 2


def test_town_at_most_one_infrastructure_each():
    s = town_with_row(3, "Airport", "Power Plant", "Railway Station")
    put(s, 0, "Clinic", "Playground", "Bakery")
    s = build_stage(s, coins=9)
    show(s, "Karaoke Bar")
    s = act(s, "buy", "Karaoke Bar")
    s = s.copy()
    put(s, 0, "Metal Factory", "Stationery Shop")  # now meets the Power Plant too
    s.turn = 0
    s = build_stage(s, coins=0)
    s = act(s, "pass")
    assert sum(1 for i in s.city[0] if s.cards[i].category == "infrastructure") == 1


def test_town_player_picks_when_several_infrastructure_cards_qualify():
    s = town_with_row(3, "Airport", "Power Plant", "Railway Station")
    put(s, 0, "Clinic", "Playground", "Bakery", "Metal Factory")  # Airport lacks leisure
    s = build_stage(s, coins=9)
    show(s, "Stationery Shop", "Karaoke Bar")
    s = act(s, "buy", "Karaoke Bar")  # meets the Airport only
    assert names(s, s.city[0])[-1] == "Airport"
    s2 = town_with_row(3, "Airport", "Power Plant", "Railway Station")
    put(s2, 0, "Clinic", "Playground", "Bakery", "Metal Factory", "Karaoke Bar")
    s2 = build_stage(s2, coins=9)
    show(s2, "Stationery Shop")
    s2 = act(s2, "buy", "Stationery Shop")  # commercial 2: the Power Plant now too
    assert s2.stage == "infra" and s2.actors() == [0]
    assert {a.args[0] for a in s2.legal_actions(0)} == {"Airport", "Power Plant"}
    s2 = act(s2, "claim", "Power Plant")
    assert names(s2, s2.city[0])[-1] == "Power Plant" and s2.turn == 1


def test_town_harbor_pays_three_to_its_builder_and_one_to_each_other_player():
    s = town_with_row(3, "Harbor", "Power Plant", "Railway Station")
    put(s, 0, "Metal Factory", "Chemical Factory")
    s = build_stage(s, coins=2)
    show(s, "Bakery")
    before = list(s.coins)
    s = act(s, "buy", "Bakery")
    assert names(s, s.city[0])[-1] == "Harbor"
    assert s.coins[0] == before[0] - 2 + 3
    assert s.coins[2] == before[2] + 1
    assert s.coins[1] == before[1] + 1 + s.income_of(1)  # seat 1's turn began: income too


def test_town_children_variant_has_no_infrastructure():
    s = new(3, variant="children")
    assert s.row == []
    assert sum(1 for i in s.box if s.cards[i].category == "infrastructure") == 4
    assert s.view(None)["specials"] == []


# ---- end and scoring --------------------------------------------------------------------------------
FILL = [
    "Bakery",
    "Stationery Shop",
    "Clinic",
    "Fire Station",
    "Playground",
    "Shrine",
    "Tea House",
    "Ramen Shop",
    "Bookstore",
    "Museum",
    "Hospital",
]


def test_town_game_ends_after_the_round_in_which_someone_reaches_ten():
    s = new(3).copy()
    put(s, 0, *FILL[:8])  # 9 buildings with the store
    s = build_stage(s, coins=2)
    show(s, "Metal Factory")
    s = act(s, "buy", "Metal Factory")  # the 10th
    assert s.end_triggered and not s.is_over and s.turn == 1
    s = build_stage(s)
    s = act(s, "pass")
    assert not s.is_over and s.turn == 2
    s = build_stage(s)
    s = act(s, "pass")
    assert s.is_over


def test_town_game_ends_at_once_when_the_last_player_reaches_ten():
    s = new(3).copy()
    put(s, 2, *FILL[:8])
    s = build_stage(s, seat=2, coins=2)
    show(s, "Metal Factory")
    s = act(s, "buy", "Metal Factory")
    assert s.is_over


def test_town_store_and_infrastructure_count_towards_ten_and_a_town_may_pass_ten():
    s = town_with_row(3, "Airport", "Power Plant", "Railway Station")
    put(
        s,
        0,
        "Clinic",
        "Playground",
        "Bakery",
        "Stationery Shop",
        "Shrine",
        "Fire Station",
        "Tea House",
        "Ramen Shop",
    )  # 9 with the store: public 4, commercial 4
    s = build_stage(s, coins=9)
    show(s, "Karaoke Bar")
    s = act(s, "buy", "Karaoke Bar")  # 10th, and the Airport (or a pick) makes 11
    if s.stage == "infra":
        s = act(s, "claim", "Airport")
    assert len(s.city[0]) == 11 and s.end_triggered


def test_town_score_is_population_times_happiness_with_crossed_symbols():
    s = new(2).copy()
    put(s, 0, "Hospital", "Museum", "Metal Factory", "House")  # pop 3, happiness 2 - 1
    b = s.breakdown(0)
    assert (b["net_population"], b["net_happiness"], b["score"]) == (3, 1, 3)


def test_town_children_variant_adds_population_and_happiness():
    s = new(2, variant="children").copy()
    put(s, 0, "Hospital", "Museum", "Metal Factory", "House")
    assert s.breakdown(0)["score"] == 3 + 1


def test_town_children_scoring_subtracts_each_crossed_out_symbol():
    s = new(2, variant="children").copy()
    put(s, 0, "Hospital", "Metal Factory")  # 2 population, 1 happiness crossed out
    assert s.breakdown(0)["score"] == 2 - 1


def test_town_ties_are_broken_by_money_then_shared():
    s = new(2).copy()
    put(s, 0, "Hospital", "Museum")
    put(s, 1, "Hospital", "Museum")
    s.coins = [5, 3]
    r = s.result()
    assert r["ranking"] == [[0], [1]] and "money" in r["tie_break"]
    s.coins = [4, 4]
    assert s.result()["winners"] == [0, 1]


# ---- protocol, bot --------------------------------------------------------------------------------
def test_town_view_is_json_and_hides_deck_order():
    s = new(3)
    v = s.view(1)
    json.dumps(v)
    assert all(set(d) == {"deck", "name", "count", "discards", "costs"} for d in v["decks"])
    assert v["game"] == "happiest-town" and len(v["specials"]) == 3


def test_town_action_labels_and_keys_round_trip():
    s = new(3)
    for a in s.legal_actions(0):
        b = SPEC.parse_action(a.key)
        assert b.key == a.key and b.label and b.label != b.key


@pytest.mark.parametrize("variant", ["standard", "children"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_town_bot_finishes_games(n, variant):
    from rules.simulate import play_one

    s, _ = play_one("happiest-town", ["smart"] * n, 3, {"variant": variant})
    assert s.is_over and max(s.result()["scores"]) > 0


def test_town_bot_beats_random_players():
    from rules.simulate import play_one

    wins = sum(
        0 in play_one("happiest-town", ["smart", "random"], seed)[0].result()["winners"]
        for seed in range(10)
    )
    assert wins >= 8


def test_town_simulator_runs():
    from rules.simulate import simulate

    st = simulate("happiest-town", 3, 3, 1)
    assert st.games == 3


def test_town_save_load_and_same_seed_same_game():
    bots = [make_bot("happiest-town", "smart", i) for i in range(3)]
    s = new(3, seed=9)
    while not s.is_over:
        seat = s.actors()[0]
        s = s.apply(bots[seat].choose(s, seat))
    again = SPEC.from_save(json.loads(json.dumps(SPEC.to_save(s))))
    assert again.view(None) == s.view(None)
