"""One test per Family-mode rule clause (see CLAUSES.md for the table)."""

import pytest

from rules import IllegalAction
from rules.core import Action
from rules.happy_city.cards import catalogue

from .helpers import SPEC, act, give, new, show


# ---- components ---------------------------------------------------------------
def test_components_33_designs_two_copies_in_decks_of_28_20_18():
    cat = catalogue()
    assert len(cat.buildings) == 66
    assert len({cat.cards[i].name for i in cat.buildings}) == 33
    sizes = [sum(1 for i in cat.buildings if cat.cards[i].deck == d) for d in (1, 2, 3)]
    assert sizes == [28, 20, 18]


def test_components_deck_cost_ranges_1_3_4_5_6_9():
    cat = catalogue()
    for i in cat.buildings:
        c = cat.cards[i]
        lo, hi = {1: (1, 3), 2: (4, 5), 3: (6, 9)}[c.deck]
        assert lo <= c.cost <= hi


def test_components_scoring_example_from_rulebook_is_40():
    s = new(2)
    s.city[0] = [s.city[0][0]]
    give(
        s,
        0,
        "Museum",
        "Zoo",
        "House",
        "Spa",
        "School",
        "Luxury Residence",
        "Shoe Shop",
        "Steelworks",
        "Film Studios",
    )
    assert s.breakdown(0)["score"] == 5 * (9 - 1) == 40


# ---- setup ----------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_specials_players_plus_two_laid_out(n):
    assert len(new(n).specials) == n + 2


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_dwelling_piles_of_players_minus_one(n):
    s = new(n)
    assert [len(p) for p in s.dwellings] == [n - 1] * 3
    assert [s.cards[p[0]].name for p in s.dwellings] == [
        "House",
        "Apartment Block",
        "Luxury Residence",
    ]


def test_setup_two_coins_and_happy_market_white_side_first_card():
    s = SPEC.new_game(["A", "B", "C"], seed=3)
    for seat in range(3):
        first = s.cards[s.city[seat][0]]
        assert first.kind == "market" and first.colour is None and first.income == 1
        # 2 starting coins + 1 from the Market in the first income phase
        assert s.coins[seat] == 3


def test_setup_player_count_2_to_5():
    with pytest.raises(ValueError):
        SPEC.new_game(["A"], seed=1)
    with pytest.raises(ValueError):
        SPEC.new_game(list("ABCDEF"), seed=1)


# ---- income phase -----------------------------------------------------------------
def test_income_phase_simultaneous_sum_of_city_income_each_round():
    s = new(2)
    give(s, 1, "Grocery", "Shoe Shop")  # +1 +1
    before = list(s.coins)
    s.start_round()
    assert s.coins[0] - before[0] == 1
    assert s.coins[1] - before[1] == 3


# ---- turn structure ------------------------------------------------------------------
def test_turn_first_player_starts_and_play_goes_clockwise():
    s = new(3)
    assert s.actors() == [0]
    while s.actors() == [0]:
        s = s.apply(s.legal_actions(0)[-1] if s.stage != "refill" else s.legal_actions(0)[0])
    assert s.actors() == [1]


def test_discard_optional_one_visible_building_face_down_per_deck():
    s = new(2)
    show(s, "Museum", "Factory", "Zoo")
    s.stage = "discard"
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"keep", "discard"}
    s2 = act(s, "discard", "Museum")
    assert s2.cards[s2.discards[1][-1]].name == "Museum"
    assert "Museum" not in [s2.cards[i].name for i in s2.visible]
    # only one discard: now the player must draw
    assert {a.kind for a in s2.legal_actions(0)} == {"draw"}


def test_discard_pile_is_hidden_from_views():
    s = new(2)
    show(s, "Museum", "Factory", "Zoo")
    s.stage = "discard"
    s2 = act(s, "discard", "Museum")
    v = s2.view(1)
    assert v["decks"][1]["discards"] == 1
    assert "Museum" not in str(v["decks"])


def test_refill_mandatory_to_three_one_card_at_a_time_from_any_deck():
    s = new(2)
    assert s.stage == "refill" and s.visible == []
    s = act(s, "draw", 3)
    assert len(s.visible) == 1 and s.cards[s.visible[0]].deck == 3
    s = act(s, "draw", 1)
    s = act(s, "draw", 2)
    assert [s.cards[i].deck for i in s.visible] == [3, 1, 2]
    assert s.stage == "buy"
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "draw", (1,)))


def test_refill_empty_deck_reshuffles_its_discards():
    s = new(2)
    s.discards[0] = s.decks[0][:]
    s.decks[0] = []
    s2 = act(s, "draw", 1)
    assert len(s2.decks[0]) == 27 and s2.discards[0] == []


def test_refill_deck_and_discards_both_empty_cannot_be_drawn():
    s = new(2)
    s.box = list(s.box) + s.decks[0]
    s.decks[0] = []
    assert [a.args[0] for a in s.legal_actions(0)] == [2, 3]
    with pytest.raises(IllegalAction, match="empty"):
        s.apply(Action(0, "draw", (1,)))


def test_refill_stops_short_when_every_deck_is_exhausted():
    s = new(2)
    s.box = list(s.box) + s.decks[0] + s.decks[1] + s.decks[2][1:]
    s.decks = [[], [], s.decks[2][:1]]
    s2 = act(s, "draw", 3)
    assert len(s2.visible) == 1 and s2.stage == "buy"


def test_buy_exactly_one_of_building_dwelling_or_coin():
    s = new(2)
    for d in (1, 1, 1):
        s = act(s, "draw", d)
    kinds = {a.kind for a in s.legal_actions(0)}
    assert "coin" in kinds and "dwelling" in kinds
    s2 = act(s, "coin")
    assert s2.coins[0] == s.coins[0] + 1
    assert s2.actors() != [0] or s2.stage == "special"


def test_buy_building_pays_cost_and_adds_to_city():
    s = new(2)
    s.stage = "buy"
    show(s, "Library", "Factory", "Grocery")
    s2 = act(s, "buy", "Library")
    assert s2.coins[0] == s.coins[0] - 2
    assert s2.cards[s2.city[0][-1]].name == "Library"
    assert len(s2.visible) == 2


def test_buy_dwelling_from_its_pile():
    s = new(3)
    s.stage = "buy"
    show(s, "Library", "Factory", "Grocery")
    s2 = act(s, "dwelling", "House")
    assert len(s2.dwellings[0]) == 1 and s2.cards[s2.city[0][-1]].name == "House"


def test_buy_cannot_afford_is_explained():
    s = new(2)
    s.stage = "buy"
    show(s, "Zoo", "Factory", "Grocery")
    with pytest.raises(IllegalAction, match="costs 8"):
        s.apply(Action(0, "buy", ("Zoo",)))
    assert "Zoo" not in [a.args[0] for a in s.legal_actions(0) if a.args]


def test_never_two_cards_of_one_name():
    s = new(2)
    s.coins[0] = 20
    give(s, 0, "Library")
    s.stage = "buy"
    show(s, "Library", "Factory", "Grocery")
    with pytest.raises(IllegalAction, match="two cards of one name"):
        s.apply(Action(0, "buy", ("Library",)))
    give(s, 0, "House")
    assert not any(a.kind == "dwelling" and a.args[0] == "House" for a in s.legal_actions(0))


def test_city_laid_out_in_rows_of_five():
    s = new(2)
    give(s, 0, "Library", "Factory", "Grocery", "School", "Museum", "Zoo")
    rows = s.view(None)["players"][0]["rows"]
    assert [len(r) for r in rows] == [5, 2]


def meet_the_first_specials_needs(s):
    """Give seat 0 the coloured buildings the first special on offer asks for."""
    needs = dict(s.cards[s.specials[0]].needs)
    pool = {
        "blue": ["School", "Police Station", "Library"],
        "green": ["House", "Igloo", "Tree House"],
        "orange": ["Haunted House", "Spa", "Zoo"],
        "violet": ["Factory", "Steelworks", "Garage"],
    }
    for colour, k in needs.items():
        give(s, 0, *pool[colour][:k])


def test_special_optional_claim_when_colour_needs_met():
    s = new(2)
    name = s.cards[s.specials[0]].name
    meet_the_first_specials_needs(s)
    s.stage = "buy"
    show(s, "Grocery", "Shoe Shop", "Bank")
    s2 = act(s, "coin")
    assert s2.stage == "special"
    assert {a.kind for a in s2.legal_actions(0)} >= {"pass", "claim"}
    s3 = act(s2, "claim", name)
    assert s3.special[0] is not None and name not in [s3.cards[i].name for i in s3.specials]
    assert s3.actors() == [1]


def test_special_needs_unmet_is_refused():
    s = new(2)
    s.stage = "special"
    name = s.cards[s.specials[0]].name
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "claim", (name,)))


def test_special_only_one_per_player_per_game():
    s = new(2)
    give(
        s, 0, "School", "Library", "Museum", "House", "Igloo", "Tree House", "Spa", "Zoo", "Factory"
    )
    s.city[0] = s.city[0][:7]
    s.special[0] = s.specials[0]
    s.stage = "buy"
    show(s, "Grocery", "Shoe Shop", "Bank")
    s2 = act(s, "coin")
    assert s2.actors() == [1]  # no special step offered


def test_special_step_skipped_when_nothing_claimable():
    s = new(2)
    s.stage = "buy"
    show(s, "Grocery", "Shoe Shop", "Bank")
    s2 = act(s, "coin")
    assert s2.actors() == [1]


def test_never_an_eleventh_card_not_even_a_special():
    s = new(2)
    s.coins[0] = 50
    give(
        s, 0, "School", "Library", "Museum", "House", "Igloo", "Tree House", "Spa", "Zoo", "Factory"
    )
    assert len(s.city[0]) == 10
    s.stage = "buy"
    show(s, "Grocery", "Shoe Shop", "Bank")
    assert [a.kind for a in s.legal_actions(0)] == ["coin"]
    with pytest.raises(IllegalAction, match="at most 10"):
        s.apply(Action(0, "buy", ("Grocery",)))
    assert s.claimable(0) == []


def test_tenth_card_ends_game_after_last_player_of_round():
    s = new(3)
    s.coins[0] = 50
    give(s, 0, "School", "Library", "Museum", "House", "Igloo", "Tree House", "Spa", "Zoo")
    s.stage = "buy"
    show(s, "Grocery", "Shoe Shop", "Bank")
    s = act(s, "buy", "Grocery")
    if s.stage == "special":
        s = act(s, "pass")
    assert len(s.city[0]) == 10 and not s.is_over and s.actors() == [1]
    while s.actors() == [1] or s.actors() == [2]:
        seat = s.actors()[0]
        s = s.apply(
            next(a for a in s.legal_actions(seat) if a.kind in ("keep", "draw", "coin", "pass"))
        )
    assert s.is_over and s.actors() == []


def test_last_player_reaching_ten_ends_game_at_once():
    s = new(2)
    s.turn = 1
    s.coins[1] = 50
    give(s, 1, "School", "Library", "Museum", "House", "Igloo", "Tree House", "Spa", "Zoo")
    s.stage = "buy"
    show(s, "Grocery", "Shoe Shop", "Bank")
    s = act(s, "buy", "Grocery")
    if s.stage == "special":
        s = act(s, "pass")
    assert s.is_over


# ---- scoring ------------------------------------------------------------------------
def test_score_inhabitants_times_hearts():
    s = new(2)
    give(s, 0, "Hospital", "Museum", "Zoo")  # 2 inh, 2+3 hearts
    assert s.breakdown(0)["score"] == 2 * 5


def test_score_crossed_out_symbols_count_minus_one():
    s = new(2)
    give(s, 0, "Hospital", "Museum", "Haunted House", "Factory")  # 2-1 inh, 2-1 hearts
    b = s.breakdown(0)
    assert (b["crossed_inhabitants"], b["crossed_hearts"]) == (1, 1)
    assert b["score"] == 1 * 1


def test_score_totals_never_below_zero():
    s = new(2)
    give(s, 0, "Haunted House", "Factory")
    assert s.breakdown(0)["score"] == 0


def test_children_variant_adds_instead_of_multiplying():
    s = new(2, scoring="add")
    give(s, 0, "Hospital", "Museum", "Zoo")
    assert s.breakdown(0)["score"] == 2 + 5


def test_children_scoring_subtracts_each_crossed_out_symbol():
    s = new(2, scoring="add")
    give(s, 0, "Hospital", "Factory")  # 2 inhabitants, a heart crossed out
    part = s.breakdown(0)
    assert part["net_hearts"] == -1 and part["score"] == 2 - 1
    s = new(2, scoring="add")
    give(s, 0, "Haunted House", "Factory")  # only crossed-out symbols: never below 0
    assert s.breakdown(0)["score"] == 0


def test_tie_broken_by_coins():
    s = new(2)
    give(s, 0, "Hospital", "Museum")
    give(s, 1, "Hospital", "Museum")
    s.coins = [3, 5]
    s.stage = "over"
    r = s.result()
    assert r["ranking"] == [[1], [0]] and r["winners"] == [1]
    assert "coins" in r["tie_break"]


def test_tie_on_points_and_coins_is_shared():
    s = new(2)
    s.coins = [4, 4]
    s.stage = "over"
    assert s.result()["ranking"] == [[0, 1]]


# ---- bank ruling -------------------------------------------------------------------
def test_bank_unlimited_by_default():
    assert new(2).bank is None


def test_bank_box_option_holds_seventy_coins():
    s = new(3, bank="box")
    assert s.bank + sum(s.coins) == 70
    s.bank = 0
    s.stage = "buy"
    show(s, "Zoo", "Spa", "Stadium")
    s2 = act(s, "coin")
    assert s2.coins[0] == s.coins[0] and s2.bank == 0


# ---- protocol ------------------------------------------------------------------------
def test_action_by_seat_not_to_act_is_refused_and_state_unchanged():
    s = new(2)
    before = s.view(None)
    with pytest.raises(IllegalAction, match="turn"):
        s.apply(Action(1, "draw", (1,)))
    assert s.view(None) == before


def test_wrong_step_is_explained():
    s = new(2)
    with pytest.raises(IllegalAction, match="refill"):
        s.apply(Action(0, "coin"))


def _log(state) -> list[str]:
    return [entry.text for entry in state.log_entries()]


def _first_turn_done(s):
    """P0 fills the empty row and takes a coin: P1's turn starts at its discard step."""
    while s.stage == "refill":
        s = act(s, "draw", 1)
    return act(s, "coin")


def test_log_keeping_the_row_is_logged():
    s = _first_turn_done(new(2))
    assert s.stage == "discard"
    assert "P1 keeps the row." in _log(act(s, "keep"))


def test_log_passing_a_special_is_logged():
    s = new(2)
    meet_the_first_specials_needs(s)
    s.stage = "buy"
    s = act(act(s, "coin"), "pass")
    assert "P0 takes no special building." in _log(s)


def test_log_every_turn_starts_with_a_header():
    log = _log(_first_turn_done(new(2)))
    assert "-- P0's turn --" in log and log[-1] == "-- P1's turn --"


def test_log_the_last_round_trigger_is_logged_once():
    s = new(3)
    give(s, 0, "School", "Police Station", "Library", "House", "Igloo", "Tree House")
    give(s, 0, "Spa", "Zoo")  # with the market: 9 cards
    s.stage = "buy"
    show(s, "Grocery", "Shoe Shop", "Bank")
    s.coins[0] = 20
    s = act(s, "buy", s.cards[s.visible[0]].name)
    s = s if s.stage != "special" else act(s, "pass")
    triggers = [line for line in _log(s) if "last round" in line]
    assert triggers == [
        "P0's city has 10 cards: this is the last round; it ends with the player before "
        "the first player."
    ]
    s = act(s, "keep")
    while s.stage == "refill":
        s = act(s, "draw", 1)
    s = act(s, "coin")  # P1's turn ends: no second notice
    assert len([line for line in _log(s) if "last round" in line]) == 1
