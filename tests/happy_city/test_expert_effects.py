"""Happy City Expert: one test per special building effect (see CLAUSES_EXPERT.md).

Scenes are set with tests.happy_city.scenario (cards moved by name), then real actions
are applied through the protocol wherever the effect fires during play.
"""

import pytest

from rules.core import Action, IllegalAction

from .scenario import act, expert_game, put, show

# Default draft in expert_game: seat 0 yellow, 1 blue, 2 green, 3 orange, 4 violet.


def fresh(n=3, **options):
    return expert_game(n, **options).copy()


def buy_stage(s, seat, coins=None):
    """Hand the turn to ``seat`` at its buy step."""
    s.turn = seat
    s.stage = "buy"
    if coins is not None:
        s.coins[seat] = coins
    return s


def end_game(s, filler_seat=None):
    """Finish the round now: give a city 10 cards if none has, then the last seat passes."""
    s = s.copy()
    if not s.end_triggered:
        seat = s.n - 1 if filler_seat is None else filler_seat
        fillers = [
            "Grocery",
            "Shoe Shop",
            "Bank",
            "Bookshop",
            "Florist",
            "Pastry Shop",
            "DIY Store",
            "Perfumery",
            "Shopping Mall",
            "Igloo",
        ]
        for name in fillers:
            if len(s.city[seat]) >= 10:
                break
            if not s.owns_name(seat, name):
                put(s, seat, name)
    s.turn = s.n - 1
    s.stage = "special"
    return s.apply(Action(s.n - 1, "pass"))


def symbols(s, seat, name, choice=None):
    i = s.city[seat].index(next(i for i in s.city[seat] if s.cards[i].name == name))
    return s.card_symbols(seat, i, s.cards[s.city[seat][i]], choice or {}, end=True)


# ---- effects when taken -------------------------------------------------------------------
def test_clown_hat_house_pays_one_coin_per_card_including_itself():
    s = fresh()
    put(s, 0, "Igloo", "House")  # market + 2 green cards
    s = claim_now(s, 0, "Clown-Hat House", coins=0)
    assert s.coins[0] == 1 + 4  # the coin taken; market, Igloo, House and the Clown-Hat House
    assert any("Clown-Hat House: P0 collects 4 coins" in line for line in s.log_for(None))


def _offer(s, name):
    """Make the named special available on the table (from wherever it is)."""
    for lst in (s.box, s.specials):
        for i in lst:
            if s.cards[i].name == name:
                lst.remove(i)
                s.specials.append(i)
                return s
    raise KeyError(name)


def claim_now(s, seat, name, coins=0):
    """Seat buys nothing, then takes the named special (its needs must be met)."""
    _offer(s, name)
    buy_stage(s, seat, coins)
    s = act(s, "coin")
    return act(s, "claim", name)


def test_theatre_pays_twice_the_income_now_and_costs_income_at_the_end():
    s = fresh()
    put(s, 0, "School", "Igloo", "Bank")  # needs Y1 B1 G1; income market 1 + Igloo 1 + Bank 1
    s = claim_now(s, 0, "Theatre", coins=0)
    assert s.coins[0] == 1 + 2 * 3  # the coin taken, then 2 x income 3
    b = s.breakdown(0)
    assert b["adjustments"] == [{"card": "Theatre", "effect": "lose_income", "points": -3}]
    assert b["score"] == b["base_score"] - 3


def test_race_circuit_gives_every_player_a_coin_and_has_two_hearts():
    s = fresh()
    put(s, 0, "Factory", "Igloo")  # Y (market) + V + G
    before = list(s.coins)
    s = claim_now(s, 0, "Race Circuit", coins=before[0])
    assert s.coins[0] == before[0] + 1 + 1  # the coin taken + the circuit's coin
    assert s.coins[1] == before[1] + 1 and s.coins[2] == before[2] + 1
    assert symbols(s, 0, "Race Circuit")["hearts"] == 2


def test_statue_of_liberty_replaces_the_last_card_which_is_discarded():
    s = fresh()
    put(s, 1, "School", "Police Station", "Museum")  # blue market + 3 blue
    museum = s.city[1][-1]
    s = claim_now(s, 1, "Statue of Liberty", coins=0)
    names = [s.cards[i].name for i in s.city[1]]
    assert names == ["Happy Market", "School", "Police Station", "Statue of Liberty"]
    assert museum in s.discards[1]  # the Museum goes to deck 2's discards
    assert symbols(s, 1, "Statue of Liberty")["hearts"] == 4


def test_statue_of_liberty_may_be_taken_with_ten_cards_and_keeps_ten():
    s = fresh()
    put(
        s,
        1,
        "School",
        "Police Station",
        "Museum",
        "Library",
        "Square",
        "Hospital",
        "Observatory",
        "Grocery",
        "House",
    )
    assert len(s.city[1]) == 10
    _offer(s, "Statue of Liberty")
    buy_stage(s, 1, 0)
    s = act(s, "coin")
    assert s.stage == "special"
    s = act(s, "claim", "Statue of Liberty")
    assert len(s.city[1]) == 10
    # the discarded House (the last card) goes back on top of its pile of 2
    assert sum(1 for p in s.dwellings for i in p if s.cards[i].name == "House") == 2


def test_motorway_makes_the_next_card_free_once():
    s = fresh()
    put(s, 1, "School", "Factory")  # B2 with the blue market, V1
    s = claim_now(s, 1, "Motorway", coins=0)
    assert s.free[1] == 1
    s = s.copy()
    show(s, "Zoo", "Spa")
    buy_stage(s, 1, 0)
    assert s.cost_of(1, s.cards[s.visible[0]]) == 0
    s = act(s, "buy", "Zoo")
    assert s.coins[1] == 0 and s.free[1] == 0
    s = s.copy()
    buy_stage(s, 1, 0)
    assert '1:buy:["Spa"]' not in {a.key for a in s.legal_actions(1)}


def test_louvre_adds_a_chosen_opponents_income_for_the_next_two_income_phases():
    s = fresh()
    put(s, 0, "Igloo", "Haunted House", "Factory")  # Y (market) G O V
    put(s, 2, "DIY Store", "Perfumery")  # seat 2 income 1 + 2 + 2 = 5
    s = claim_now(s, 0, "Louvre", coins=0)
    assert s.borrow[0] == 2
    # play the round out: seats 1 and 2 take coins
    while s.stage != "target":
        s = (
            act(s, "coin")
            if s.stage == "buy"
            else act(
                s, s.legal_actions(s.actors()[0])[0].kind, *s.legal_actions(s.actors()[0])[0].args
            )
        )
    assert s.actors() == [0] and s.pending["options"] == [1, 2]
    own = s.income_of(0)
    coins = s.coins[0]
    s = act(s, "target", 2)
    assert s.coins[0] == coins + own + 5
    assert s.borrow[0] == 1
    assert any("Louvre" in line and "match P2's income" in line for line in s.log_for(None))


def test_louvre_picks_the_only_opponent_by_itself_with_two_players():
    s = fresh(2)
    put(s, 0, "Igloo", "Haunted House", "Factory")
    put(s, 1, "DIY Store")
    s = claim_now(s, 0, "Louvre", coins=0)
    s = s.copy()
    s.turn = 1
    s.stage = "special"
    coins = s.coins[0]
    s = act(s, "pass")  # round ends; a new income phase
    assert s.stage != "target"
    assert s.coins[0] == coins + s.income_of(0) + s.income_of(1)
    assert s.borrow[0] == 1


# ---- prices -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "special,needs,colour_card,price",
    [
        ("Harbour", ("Igloo",), "Museum", 1),  # blue 4 -> 1
        ("Airport", ("School", "Haunted House"), "Luxury Residence", 3),  # green 6 -> 3
        ("Train Station", ("School", "Igloo", "Factory"), "Zoo", 5),  # orange 8 -> 5
        ("Free Port", ("Haunted House", "Factory"), "Shoe Shop", 0),  # yellow 2 -> 0, not -1
    ],
)
def test_colour_discount_cards_lower_one_colour_by_three_never_below_zero(
    special, needs, colour_card, price
):
    s = fresh()
    seat = 0 if special != "Train Station" else 1
    if special == "Train Station":
        put(s, 1, "Igloo", "Factory")
    else:
        put(s, seat, *needs)
    s = claim_now(s, seat, special, coins=5)
    card = next(c for c in s.cards if c.name == colour_card)
    assert s.cost_of(seat, card) == price
    other = next(c for c in s.cards if c.kind == "building" and c.colour != card.colour)
    assert s.cost_of(seat, other) == other.cost  # other colours pay full price


def test_free_port_is_the_one_designed_substitute():
    s = fresh()
    subs = [
        s.cards[i].name
        for i in __import__("rules.happy_city.cards", fromlist=["c"]).catalogue().expert_specials
        if s.cards[i].substitute
    ]
    assert subs == ["Free Port"]


def test_hot_dog_stand_prices_row_cards_at_their_decks_lowest_cost():
    s = fresh()
    put(s, 0, "Igloo", "Haunted House", "Factory")
    s = claim_now(s, 0, "Hot-Dog Stand", coins=0)
    by = {c.name: c for c in s.cards}
    assert s.cost_of(0, by["Florist"]) == 1
    assert s.cost_of(0, by["Shopping Mall"]) == 4
    assert s.cost_of(0, by["Stadium"]) == 6
    assert s.cost_of(0, by["Luxury Residence"]) == 6  # dwellings are not in the central row


def test_cost_changes_show_in_the_log():
    s = fresh()
    put(s, 0, "Igloo")
    s = claim_now(s, 0, "Harbour", coins=0)
    s = s.copy()
    show(s, "Museum")
    buy_stage(s, 0, 5)
    s = act(s, "buy", "Museum")
    assert "Harbour: P0 pays 1 instead of 4." in s.log_for(None)


# ---- round events -------------------------------------------------------------------------------
def test_castle_takes_a_coin_when_a_neighbour_spends_four_or_more():
    s = fresh(4)
    put(s, 0, "Igloo", "Factory")
    s = claim_now(s, 0, "Castle", coins=0)
    s = s.copy()
    show(s, "Museum", "Grocery")
    buy_stage(s, 1, 10)  # seat 1 is seat 0's left neighbour
    c0 = s.coins[0]
    s = act(s, "buy", "Museum")
    assert s.coins[0] == c0 + 1
    s = s.copy()
    buy_stage(s, 3, 10)  # right neighbour, cheap card: nothing
    s = act(s, "buy", "Grocery")
    assert not any(line.startswith("Castle: P3") for line in s.log_for(None))
    assert any(line.startswith("Castle: P1 spent 4") for line in s.log_for(None))


def test_castle_ignores_players_who_are_not_neighbours():
    s = fresh(4)
    put(s, 0, "Igloo", "Factory")
    s = claim_now(s, 0, "Castle", coins=0)
    s = s.copy()
    show(s, "Museum")
    buy_stage(s, 2, 10)
    c0 = s.coins[0]
    s = act(s, "buy", "Museum")
    assert s.coins[0] == c0


def test_palace_takes_a_coin_from_the_richest_opponent_after_income_from_each_on_a_tie():
    s = fresh()
    put(s, 0, "School", "Police Station")  # Y + B2
    s = claim_now(s, 0, "Palace", coins=0)
    s = s.copy()
    s.coins[1] = s.coins[2] = 5
    s.turn, s.stage = 2, "special"
    c0 = s.coins[0]
    s = act(s, "pass")  # new round: income, then the Palace
    inc = [1, 1, 1]
    assert s.coins[1] == 5 + inc[1] - 1 and s.coins[2] == 5 + inc[2] - 1
    assert s.coins[0] == c0 + s.income_of(0) + 2
    assert sum("Palace: P0 takes 1 coin" in line for line in s.log_for(None)) == 2


def test_arcade_pays_two_before_income_only_with_money_left():
    s = fresh()
    put(s, 0, "School", "Police Station", "Igloo")  # Y B2 G1
    s = claim_now(s, 0, "Arcade", coins=0)
    s = s.copy()
    s.coins[0] = 3
    s.turn, s.stage = 2, "special"
    s = act(s, "pass")
    assert s.coins[0] == 3 + 2 + s.income_of(0)
    s = s.copy()
    s.coins[0] = 0
    s.turn, s.stage = 2, "special"
    s = act(s, "pass")
    assert s.coins[0] == s.income_of(0)
    assert any("Arcade: P0 has no coin left" in line for line in s.log_for(None))


def test_big_ben_pays_three_when_buying_nothing():
    s = fresh()
    put(s, 0, "School", "Factory")  # Y B V
    s = claim_now(s, 0, "Big Ben", coins=0)
    s = s.copy()
    buy_stage(s, 0, 0)
    s = act(s, "coin")
    assert s.coins[0] == 3


# ---- ongoing income -------------------------------------------------------------------------------
def test_bowling_earns_three_per_violet_card():
    s = fresh()
    put(s, 0, "School", "Haunted House", "Factory", "Steelworks")
    s = claim_now(s, 0, "Bowling")
    assert s.income_of(0) == 1 + 0 + 1 + 1 + 1 + 3 * 2


def test_sushi_bar_earns_one_per_blue_card():
    s = fresh()
    put(s, 0, "School", "Police Station", "Igloo")
    s = claim_now(s, 0, "Sushi Bar")
    assert s.income_of(0) == 1 + 1 + 2  # market, Igloo, 2 blue


def test_croissant_bakery_earns_two_per_green_card():
    s = fresh()
    put(s, 0, "School", "Police Station", "Factory", "Igloo", "House")
    s = claim_now(s, 0, "Croissant Bakery")
    assert s.income_of(0) == 1 + 1 + 1 + 2 * 2


def test_barber_earns_three_only_when_strictly_lowest_income():
    s = fresh()
    put(s, 1, "School", "Igloo")  # blue market + B1 -> B2, G1; income 1 + 1
    put(s, 0, "DIY Store")  # income 3
    put(s, 2, "Perfumery")  # income 3
    s = claim_now(s, 1, "Barber")
    assert s.income_of(1) == 2 + 3
    s = s.copy()
    s.city[2] = s.city[2][:1]  # seat 2 back to its market alone...
    put(s, 2, "Grocery")  # ...and a Grocery: income 2, a tie with seat 1
    assert s.income_of(2) == 2
    assert s.income_of(1) == 2  # tied: no bonus


def test_safe_earns_two_with_no_more_yellow_cards_than_anyone():
    s = fresh()
    put(s, 1, "Grocery", "Factory")  # B (market) Y V
    put(s, 0, "Shoe Shop")  # seat 0: yellow market + Shoe Shop = 2 yellow
    put(s, 2, "Bank")  # 1 yellow
    s = claim_now(s, 1, "Safe")
    assert s.income_of(1) == 1 + 1 + 1 + 2
    s = s.copy()
    s.city[2] = s.city[2][:1]  # seat 2: no yellow now, fewer than seat 1
    assert s.income_of(1) == 3


def test_market_garden_earns_one_per_heart_and_inhabitant_pair():
    s = fresh()
    put(s, 0, "School", "Igloo", "House", "Haunted House", "Museum")  # B2 G2 O1
    # inhabitants 1 + 1 + 1 - 1 = 2, hearts 2
    s = claim_now(s, 0, "Market Garden")
    assert s.income_of(0) == 1 + 1 + 1 + 2


def test_billiards_hall_earns_one_per_colour_before_it():
    s = fresh()
    put(s, 0, "Grocery", "School", "Igloo")  # Y2 B1 G1
    s = claim_now(s, 0, "Billiards Hall")
    assert s.income_of(0) == 1 + 1 + 1 + 3  # yellow, blue, green before it
    s = s.copy()
    put(s, 0, "Factory")  # placed after: not counted
    assert s.income_of(0) == 1 + 1 + 1 + 3 + 1


def test_art_gallery_copies_the_card_before_it_without_its_colour():
    s = fresh()
    put(s, 0, "School", "Police Station", "DIY Store")
    s = claim_now(s, 0, "Art Gallery")
    assert s.income_of(0) == 1 + 2 + 2  # market, DIY Store, and its copy
    assert s.colour_counts(0).get("yellow") == 2  # market + DIY Store only


# ---- end-of-game symbols ----------------------------------------------------------------------------
def test_moai_two_hearts_with_exactly_nine_cards_four_with_fewer_none_with_ten():
    s = fresh()
    put(s, 0, "Haunted House", "Factory")
    s = claim_now(s, 0, "Moai")
    assert symbols(s, 0, "Moai")["hearts"] == 4
    put(s, 0, "Grocery", "Shoe Shop", "Bank", "Bookshop", "Florist")
    assert len(s.city[0]) == 9 and symbols(s, 0, "Moai")["hearts"] == 2
    put(s, 0, "Pastry Shop")
    assert symbols(s, 0, "Moai")["hearts"] == 0


def test_burger_bar_three_two_or_one_hearts_by_blue_majority():
    s = fresh()
    put(s, 0, "School", "Igloo", "Factory")
    s = claim_now(s, 0, "Burger Bar")
    # seat 0 has 1 blue, seat 1 has 1 (market): tied for most
    assert symbols(s, 0, "Burger Bar")["hearts"] == 2
    put(s, 0, "Police Station")
    assert symbols(s, 0, "Burger Bar")["hearts"] == 3
    put(s, 1, "Library", "Square")
    assert symbols(s, 0, "Burger Bar")["hearts"] == 1


def test_mayan_pyramid_three_hearts_only_for_strictly_most_green():
    s = fresh()
    put(s, 0, "School", "Police Station", "Igloo", "House")
    s = claim_now(s, 0, "Mayan Pyramid")
    assert symbols(s, 0, "Mayan Pyramid")["hearts"] == 3
    put(s, 2, "Igloo")  # seat 2: green market + Igloo = 2, a tie
    assert symbols(s, 0, "Mayan Pyramid")["hearts"] == 1


def test_wind_turbine_one_heart_per_green_card():
    s = fresh()
    put(s, 0, "School", "Haunted House", "Factory", "Igloo", "House")
    s = claim_now(s, 0, "Wind Turbine")
    assert symbols(s, 0, "Wind Turbine")["hearts"] == 2


def test_st_basils_three_hearts_without_orange():
    s = fresh()
    put(s, 0, "School", "Igloo", "House", "Factory")
    s = claim_now(s, 0, "St Basil's")
    assert symbols(s, 0, "St Basil's")["hearts"] == 3
    put(s, 0, "Haunted House")
    assert symbols(s, 0, "St Basil's")["hearts"] == 0


def test_parthenon_four_inhabitants_without_green():
    s = fresh()
    put(s, 0, "School", "Police Station", "Haunted House", "Factory")
    s = claim_now(s, 0, "Parthenon")
    assert symbols(s, 0, "Parthenon")["inhabitants"] == 4
    put(s, 0, "House")
    assert symbols(s, 0, "Parthenon")["inhabitants"] == 0


def test_taj_mahal_three_hearts_with_income_below_both_neighbours():
    s = fresh()
    put(s, 0, "School", "Igloo", "Haunted House")  # income 1 + 1 + 1 = 3
    s = claim_now(s, 0, "Taj Mahal")
    put(s, 1, "DIY Store", "Perfumery")  # 5
    put(s, 2, "Garage")  # 3: not above seat 0
    assert symbols(s, 0, "Taj Mahal")["hearts"] == 1
    put(s, 2, "Offices")  # 5
    assert symbols(s, 0, "Taj Mahal")["hearts"] == 3


def test_machu_picchu_counts_orange_in_the_left_neighbours_city():
    s = fresh()
    put(s, 0, "School", "Haunted House", "Factory")
    s = claim_now(s, 0, "Machu Picchu")
    put(s, 1, "Spa", "Zoo")  # left neighbour = next seat
    put(s, 2, "Casino")
    assert symbols(s, 0, "Machu Picchu")["inhabitants"] == 2


def test_stonehenge_counts_blue_in_the_chosen_neighbours_city():
    s = fresh()
    put(s, 0, "School", "Igloo", "Haunted House")
    s = claim_now(s, 0, "Stonehenge")
    put(s, 2, "Library", "Square", "Museum")
    assert symbols(s, 0, "Stonehenge", {"neighbour": 1})["inhabitants"] == 1  # blue market
    assert symbols(s, 0, "Stonehenge", {"neighbour": 2})["inhabitants"] == 3
    assert s.end_choices(0)["neighbour"] == 2  # the projection takes the better one


def test_leaning_tower_counts_yellow_in_the_chosen_neighbours_city():
    s = fresh()
    put(s, 0, "School", "Police Station", "Library", "Igloo")
    s = claim_now(s, 0, "Leaning Tower")
    put(s, 1, "Grocery", "Bank")
    assert symbols(s, 0, "Leaning Tower", {"neighbour": 1})["hearts"] == 2


def test_golden_gate_two_touching_cards_of_one_colour_give_a_heart_and_an_inhabitant():
    s = fresh()
    put(s, 0, "School", "Police Station", "Spa")  # positions 1-3
    s = claim_now(s, 0, "Golden Gate")  # position 4, end of the first row of 5
    assert symbols(s, 0, "Golden Gate")["hearts"] == 0  # one touching card so far
    put(s, 0, "Zoo", "Casino", "Library", "Museum", "Ski Resort")  # 5-9; 9 is below it
    got = symbols(s, 0, "Golden Gate")  # touching: 3 (Spa) and 9 (Ski Resort), both orange
    assert (got["inhabitants"], got["hearts"]) == (1, 1)


def test_golden_gate_three_touching_cards_of_one_colour_give_two_hearts():
    s = fresh()
    put(s, 0, "Haunted House", "School", "Police Station", "Library", "Square", "Museum")
    s = claim_now(s, 0, "Golden Gate")  # position 7: touches 6 (left), 2 (above), 8 (right)
    put(s, 0, "Hospital")  # position 8, blue
    got = symbols(s, 0, "Golden Gate")
    assert (got["inhabitants"], got["hearts"]) == (1, 2)


def test_great_wall_three_hearts_if_the_next_two_cards_share_a_colour():
    s = fresh()
    put(s, 0, "School", "Igloo", "Factory")
    s = claim_now(s, 0, "Great Wall")
    assert symbols(s, 0, "Great Wall")["hearts"] == 1  # nothing after it yet
    put(s, 0, "Spa")
    assert symbols(s, 0, "Great Wall")["hearts"] == 1
    put(s, 0, "Zoo")
    assert symbols(s, 0, "Great Wall")["hearts"] == 3
    s2 = fresh()
    put(s2, 0, "School", "Igloo", "Factory")
    s2 = claim_now(s2, 0, "Great Wall")
    put(s2, 0, "Spa", "Museum")
    assert symbols(s2, 0, "Great Wall")["hearts"] == 1


# ---- end-of-game copies and score changes -------------------------------------------------------
def test_pyramid_copies_a_neighbours_ordinary_card_in_the_same_position():
    s = fresh()
    put(s, 0, "School", "Factory")
    s = claim_now(s, 0, "Pyramid")  # position 3
    put(s, 1, "Grocery", "Bank", "Museum")  # position 3: Museum, 2 hearts
    put(s, 2, "Igloo", "House", "Hospital")  # position 3: Hospital, 2 inhabitants
    assert s.neighbour_options(0, s.cards[s.special[0]]) == [1, 2]
    assert symbols(s, 0, "Pyramid", {"neighbour": 1})["hearts"] == 2
    assert symbols(s, 0, "Pyramid", {"neighbour": 2})["inhabitants"] == 2
    assert s.colour_counts(0).get("blue", 0) == 1  # the colour is not copied


def test_pyramid_skips_a_neighbour_without_an_ordinary_card_there():
    s = fresh()
    put(s, 0, "School", "Factory")
    s = claim_now(s, 0, "Pyramid")
    put(s, 1, "Grocery")  # seat 1 has only 2 cards: nothing at position 3
    put(s, 2, "Igloo", "House", "Hospital")
    assert s.neighbour_options(0, s.cards[s.special[0]]) == [2]
    s = end_game(s, filler_seat=2)
    assert s.is_over and s.choices[0]["neighbour"] == 2  # the only choice is made by itself


def test_pyramid_asks_which_neighbour_at_the_end():
    s = fresh()
    put(s, 0, "School", "Factory")
    s = claim_now(s, 0, "Pyramid")
    put(s, 1, "Grocery", "Bank", "Museum")
    put(s, 2, "Igloo", "House", "Hospital")
    s = end_game(s, filler_seat=2)
    assert s.stage == "final" and s.actors() == [0]
    assert {a.key for a in s.legal_actions(0)} == {"0:neighbour:[1]", "0:neighbour:[2]"}
    s = act(s, "neighbour", 1)
    assert s.is_over and s.breakdown(0)["effect_hearts"] == 2


def test_sphinx_copies_an_opponents_special_at_the_end():
    s = fresh()
    put(s, 0, "School", "Igloo", "House")
    s = claim_now(s, 0, "Sphinx")
    put(s, 2, "Grocery", "School", "Haunted House", "Factory")  # G Y B O V
    s = claim_now(s, 2, "Wind Turbine")
    s = end_game(s, filler_seat=1)
    assert s.stage == "final"
    assert set(s.pending["options"]) == {"Wind Turbine", "box"}
    s = act(s, "copy", "Wind Turbine")
    assert s.is_over
    assert s.breakdown(0)["effect_hearts"] == 2  # seat 0's own two green cards


def test_sphinx_draws_from_the_box_when_no_opponent_has_a_special():
    s = fresh()
    put(s, 0, "School", "Igloo", "House")
    s = claim_now(s, 0, "Sphinx")
    s = end_game(s, filler_seat=1)
    while s.stage == "final":  # the copied card may ask for a neighbour
        s = act(s, s.pending["kind"], s.pending["options"][0])
    assert s.is_over
    copied = s.choices[0]["copy"]
    assert s.choices[0]["copy_from"] == "box"
    assert any(s.cards[i].name == copied for i in s.box)
    assert any(f"draws {copied} from the box" in line for line in s.log_for(None))


def test_sphinx_copying_forest_park_doubles_a_small_score():
    s = fresh()
    put(s, 0, "School", "Igloo", "House")
    s = claim_now(s, 0, "Sphinx")
    put(s, 1, "Grocery", "Police Station", "Igloo", "Spa", "Zoo")  # B2 (market) Y G O2
    s = claim_now(s, 1, "Forest Park")
    put(s, 0, "Library")  # seat 0: 3 inhabitants x 1 heart
    b = s.breakdown(0, {"copy": "Forest Park"})
    assert b["base_score"] == 3 and b["score"] == 6


def test_forest_park_doubles_points_only_below_thirty():
    s = fresh()
    put(s, 1, "Grocery", "Police Station", "Igloo", "Spa", "Zoo")  # 2 inhabitants, 5 hearts
    s = claim_now(s, 1, "Forest Park")
    b = s.breakdown(1)
    assert b["base_score"] == 2 * 5 and b["score"] == 20
    put(s, 1, "Tree House", "Luxury Residence")  # 8 inhabitants x 5 hearts = 40
    b = s.breakdown(1)
    assert b["base_score"] == 40 and b["score"] == 40


def test_end_effects_are_logged_when_the_game_ends():
    s = fresh()
    put(s, 0, "School", "Haunted House", "Factory", "Igloo", "House")
    s = claim_now(s, 0, "Wind Turbine")
    s = end_game(s, filler_seat=1)
    assert s.is_over
    assert "Wind Turbine: 2 hearts (P0)" in s.log_for(None)


def test_a_copy_that_cannot_be_made_leaves_nothing_to_copy():
    s = fresh()
    put(s, 0, "School", "Factory")
    s = claim_now(s, 0, "Pyramid")
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "neighbour", (1,)))  # not asked before the end
