"""Happy City Expert: setup, the Happy Market draft, flow, views and bot (CLAUSES_EXPERT.md)."""

import json

import pytest

from rules.bots import make_bot
from rules.core import Action, IllegalAction, Ref
from rules.happy_city import HAPPY_CITY as SPEC
from rules.happy_city import effect_text
from rules.happy_city.cards import COLOURS, catalogue

from .scenario import act, expert_game, put


def new(n=3, seed=1, **options):
    return SPEC.new_game(
        [f"P{i}" for i in range(n)], seed=seed, options={"mode": "expert", **options}
    )


# ---- data -------------------------------------------------------------------------------------
def test_expert_has_38_red_specials_with_unique_names_texts_and_effects():
    cat = catalogue()
    cards = [cat.cards[i] for i in cat.expert_specials]
    assert len(cards) == 38
    assert len({c.name for c in cards}) == 38
    for c in cards:
        assert c.text and len(c.text) < 200, c.name
        assert c.effects, c.name
        assert c.needs and all(col in COLOURS for col, _ in c.needs)


def test_expert_special_needs_match_the_reference_sample():
    cat = catalogue()
    needs = {cat.cards[i].name: dict(cat.cards[i].needs) for i in cat.expert_specials}
    assert needs["Pyramid"] == {"blue": 1, "violet": 1}
    assert needs["Statue of Liberty"] == {"blue": 3}
    assert needs["Forest Park"] == {"yellow": 1, "blue": 2, "green": 1, "orange": 2}
    assert needs["Parthenon"] == {"yellow": 1, "blue": 2, "orange": 1, "violet": 1}


def test_mode_option_offers_family_and_expert():
    assert SPEC.options["mode"].choices == ("family", "expert")
    assert SPEC.options["mode"].default == "family"


# ---- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_expert_lays_out_players_plus_two_red_specials(n):
    s = new(n)
    expert = set(catalogue().expert_specials)
    assert len(s.specials) == n + 2 and set(s.specials) <= expert
    assert not set(s.specials) & set(catalogue().family_specials)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_expert_card_accounting_is_116(n):
    s = new(n)
    places = s.all_card_places()
    assert len(places) == 66 + 12 + 38 == len(set(places))


def test_expert_dwelling_piles_hold_players_minus_one():
    s = new(4)
    assert [len(p) for p in s.dwellings] == [3, 3, 3]


# ---- the Happy Market draft ---------------------------------------------------------------------
def test_market_draft_goes_from_the_last_player_counter_clockwise_to_the_first():
    s = new(4)
    order = []
    while s.stage == "market":
        seat = s.actors()[0]
        order.append(seat)
        s = s.apply(s.legal_actions(seat)[0])
    assert order == [3, 2, 1, 0]


def test_market_draft_happens_before_the_first_income_phase():
    s = new(3)
    assert s.round == 0 and s.coins == [2, 2, 2] and all(c == [] for c in s.city)
    s = expert_game(3)
    assert s.round == 1 and s.coins == [3, 3, 3]
    assert [s.cards[c[0]].colour for c in s.city] == ["yellow", "blue", "green"]


def test_market_draft_first_player_takes_the_last_colour_with_five_players():
    s = new(5)
    for _ in range(4):
        s = s.apply(s.legal_actions(s.actors()[0])[0])
    assert s.stage != "market" and s.round == 1
    colours = [s.cards[c[0]].colour for c in s.city]
    assert sorted(colours) == sorted(COLOURS)


def test_market_colour_can_be_picked_once_only():
    s = new(3)
    s = act(s, "market", "blue")
    with pytest.raises(IllegalAction):
        act(s, "market", "blue")
    assert "blue" not in s.view(None)["market_pool"]


def test_unpicked_market_colours_go_back_to_the_box():
    s = expert_game(3)
    assert any("go back to the box" in line for line in s.log_for(None))


def test_coloured_market_counts_towards_special_needs():
    s = expert_game(3).copy()
    put(s, 1, "School")  # blue market + School = 2 blue
    b2 = [
        c
        for c in catalogue().expert_specials
        if dict(catalogue().cards[c].needs) == {"blue": 2, "violet": 1}
    ]
    assert s.colour_counts(1) == {"blue": 2}
    assert s.meets(1, catalogue().cards[b2[0]]) is False
    put(s, 1, "Factory")
    assert s.meets(1, catalogue().cards[b2[0]]) is True


def test_family_mode_is_unchanged_no_draft_and_white_markets():
    s = SPEC.new_game(["a", "b", "c"], seed=1)
    assert s.stage != "market" and s.round == 1
    assert all(s.cards[c[0]].colour is None for c in s.city)
    assert set(s.specials) <= set(catalogue().family_specials)
    assert len(s.all_card_places()) == 96


# ---- flow -------------------------------------------------------------------------------------
def test_expert_each_player_takes_one_special_per_game():
    s = expert_game(3).copy()
    put(s, 0, "Igloo", "House", "School", "Police Station", "Factory")
    s.special[0] = s.specials[0]  # pretend one was taken already
    s.turn, s.stage = 0, "buy"
    s = act(s, "coin")
    assert s.actors() == [1]  # no special step was offered


def test_expert_no_eleventh_card_even_a_special():
    s = expert_game(3).copy()
    put(
        s,
        0,
        "Igloo",
        "House",
        "School",
        "Police Station",
        "Factory",
        "Haunted House",
        "Grocery",
        "Bank",
        "Museum",
    )
    assert len(s.city[0]) == 10
    s.turn, s.stage = 0, "buy"
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"coin"}
    s = act(s, "coin")
    assert not any(
        a.kind == "claim" and a.args[0] != "Statue of Liberty" for a in s.legal_actions(0)
    )


def test_game_is_over_only_after_every_end_question_is_answered():
    s = expert_game(3).copy()
    put(s, 0, "School", "Igloo", "Haunted House")
    s.specials.append(next(i for i in s.box + s.specials if s.cards[i].name == "Stonehenge"))
    if s.specials[-1] in s.box:
        s.box = [i for i in s.box if i != s.specials[-1]]
    s.turn, s.stage = 0, "buy"
    s = act(s, "coin")
    s = act(s, "claim", "Stonehenge")
    s = s.copy()
    put(
        s,
        2,
        "Grocery",
        "Shoe Shop",
        "Bank",
        "Bookshop",
        "Florist",
        "Pastry Shop",
        "DIY Store",
        "Perfumery",
        "Shopping Mall",
    )
    s.turn, s.stage = 2, "special"
    s = act(s, "pass")
    assert not s.is_over and s.stage == "final" and s.actors() == [0]
    assert s.legal_actions(1) == [] and s.legal_actions(2) == []
    assert s.view(None)["pending"]["kind"] == "neighbour"
    s = act(s, "neighbour", 2)
    assert s.is_over and s.result()["scores"]


def test_claimed_special_effect_fires_and_the_log_says_so():
    s = expert_game(3).copy()
    put(s, 0, "Igloo", "House")
    cc = next(i for i in s.box + s.specials if s.cards[i].name == "Clown-Hat House")
    if cc in s.box:
        s.box = [i for i in s.box if i != cc]
        s.specials.append(cc)
    s.turn, s.stage = 0, "buy"
    s = act(s, "coin")
    s = act(s, "claim", "Clown-Hat House")
    assert any(line.startswith("Clown-Hat House: P0 collects") for line in s.log_for(None))


# ---- protocol: views, keys, saves ------------------------------------------------------------
def test_expert_view_keeps_every_family_key():
    fam = SPEC.new_game(["a", "b"], seed=3).view(0)
    exp = expert_game(2, seed=3).view(0)
    assert set(fam) <= set(exp)
    assert set(fam["players"][0]) <= set(exp["players"][0])
    json.dumps(exp)


def test_expert_specials_on_the_table_have_their_effect_texts():
    s = expert_game(3)
    v = s.view(None)
    explain = s.spec.explainer.thing
    assert all(effect_text(explain(s, None, Ref("card", sp["name"]))) for sp in v["specials"])
    assert all(sp["effects"] for sp in v["specials"])  # the view names the mechanisms only
    assert v["mode"] == "expert"


def test_expert_view_never_shows_the_box_or_deck_order():
    s = expert_game(4, seed=2)
    hidden = {s.cards[i].name for i in s.box if s.cards[i].kind == "special"}
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(s.view(seat))
        assert not any(f'"{name}"' in text for name in hidden)
        assert all(set(d) == {"deck", "count", "discards", "costs"} for d in s.view(seat)["decks"])


def test_expert_action_keys_round_trip_and_have_labels():
    s = new(3)
    for a in s.legal_actions(s.actors()[0]):
        b = SPEC.parse_action(a.key)
        assert b.key == a.key and b.label and b.label != b.key


def test_expert_same_seed_same_game_and_save_load():
    bots = [make_bot("happy-city", "smart", i) for i in range(3)]
    s = new(3, seed=11)
    while not s.is_over:
        seat = s.actors()[0]
        s = s.apply(bots[seat].choose(s, seat))
    saved = json.loads(json.dumps(SPEC.to_save(s)))
    again = SPEC.from_save(saved)
    assert again.view(None) == s.view(None)
    assert again.result() == s.result()


# ---- bot ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_expert_bot_finishes_games_for_every_player_count(n):
    from rules.simulate import play_one

    s, steps = play_one("happy-city", ["smart"] * n, 5, {"mode": "expert"})
    assert s.is_over and max(s.result()["scores"]) > 0


def test_expert_bot_beats_random_players():
    from rules.simulate import play_one

    wins = 0
    for seed in range(10):
        s, _ = play_one("happy-city", ["smart", "random"], seed, {"mode": "expert"})
        wins += 0 in s.result()["winners"]
    assert wins >= 8


def test_expert_bot_values_a_discount():
    s = expert_game(2).copy()
    put(s, 0, "Igloo")  # meets the Harbour's needs (yellow market + green)
    harbour = next(i for i in s.box + s.specials if s.cards[i].name == "Harbour")
    s.box = [i for i in s.box if i != harbour]
    s.specials = [harbour]
    s.turn, s.stage = 0, "buy"
    s = act(s, "coin")
    bot = make_bot("happy-city", "smart", 1)
    assert bot.choose(s, 0).kind == "claim"


def test_expert_bot_answers_end_questions_for_the_better_score():
    s = expert_game(3).copy()
    put(s, 0, "School", "Igloo", "Haunted House", "Library")
    st = next(i for i in s.box + s.specials if s.cards[i].name == "Stonehenge")
    s.box = [i for i in s.box if i != st]
    s.specials = [x for x in s.specials if x != st] + [st]
    s.turn, s.stage = 0, "buy"
    s = act(s, "coin")
    s = act(s, "claim", "Stonehenge")
    s = s.copy()
    put(
        s,
        2,
        "Police Station",
        "Square",
        "Museum",
        "Observatory",
        "Hospital",
        "Grocery",
        "Shoe Shop",
        "Bank",
        "Bookshop",
    )
    s.turn, s.stage = 2, "special"
    s = act(s, "pass")
    assert s.stage == "final"
    bot = make_bot("happy-city", "smart", 1)
    assert bot.choose(s, 0).args == (2,)  # seat 2 has the blue cards


def test_louvre_bot_picks_the_richest_income():
    s = expert_game(3).copy()
    put(s, 0, "Igloo", "Haunted House", "Factory")
    put(s, 2, "DIY Store")
    lv = next(i for i in s.box + s.specials if s.cards[i].name == "Louvre")
    s.box = [i for i in s.box if i != lv]
    s.specials = [x for x in s.specials if x != lv] + [lv]
    s.turn, s.stage = 0, "buy"
    s = act(s, "coin")
    s = act(s, "claim", "Louvre")
    s = s.copy()
    s.turn, s.stage = 2, "special"
    s = act(s, "pass")
    assert s.stage == "target"
    assert make_bot("happy-city", "smart", 0).choose(s, 0) == Action(0, "target", (2,))


def test_expert_children_scoring_subtracts_each_crossed_out_symbol():
    s = expert_game(2, scoring="add")
    put(s, 0, "Hospital", "Factory")  # 2 inhabitants, a heart crossed out
    part = s.breakdown(0)
    assert part["net_hearts"] == -1 and part["score"] == 2 - 1


def test_every_symbol_mechanism_of_the_card_data_has_its_rule():
    from rules.happy_city.effects import MECHANISMS, SYMBOL_RULES

    symbol_mechanisms = {name for name, (hook, _) in MECHANISMS.items() if hook == "symbols"}
    assert symbol_mechanisms == set(SYMBOL_RULES)
