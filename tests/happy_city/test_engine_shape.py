"""Happy City and Happiest Town keep the one engine shape (docs/architecture.md): one
record for both editions that holds no rule, rule modules of plain functions of the
record, an edition table for what tells the editions apart, and a state class per
edition that is the record with the protocol on it and only what is asked of it by
name (no class chain, nothing overridden)."""

import inspect
import random
from types import ModuleType

import pytest

from rules.core import GameState
from rules.happy_city import (
    city_moves,
    city_turns,
    city_views,
    engine,
    expert,
    expert_scoring,
    fields,
    happiest_town,
    moves,
    offers,
    row,
    scores,
    seat_views,
    town_rules,
)
from rules.happy_city.engine import HAPPY_CITY, HappyCityState
from rules.happy_city.fields import CardRowFields, Edition
from rules.happy_city.happiest_town import HAPPIEST_TOWN, HappiestTownState

RULE_MODULES: tuple[ModuleType, ...] = (
    row,
    scores,
    seat_views,
    moves,
    offers,
    expert,
    expert_scoring,
)
RULE_MODULES += (city_moves, city_turns, city_views, town_rules)
PROTOCOL = {"new", "is_over", "handed_over_at", "actors", "legal_actions", "why_illegal"}
PROTOCOL |= {"_do", "result", "view", "resample", "round_under_way"}
# what the explainer, the bots and the tests ask of either edition's state by name
BOTH = {"end_triggered", "income_of", "cost_of", "breakdown", "taken", "owns_name", "meets"}
BOTH |= {"group_counts", "has_special", "special_offer", "takeable_specials", "offered_card"}
BOTH |= {"room_for", "deck_name", "paid_on_build", "card_view", "all_card_places"}
ASKED = {
    HappyCityState: BOTH
    | {"dwellings", "card_symbols", "colour_counts", "claimable", "end_choices"}
    | {"neighbour_options", "start_round"},
    HappiestTownState: BOTH
    | {"children", "residences", "infra", "row", "type_counts"}
    | {"qualifying"},
}


def _own_members(cls):
    """The methods and properties a class adds (less ``_copy``, which GameState writes
    out for every class from its slots)."""
    made = {k for k, v in vars(cls).items() if callable(v) or isinstance(v, property | classmethod)}
    return made - {"_copy"}


@pytest.mark.parametrize("state_class", [HappyCityState, HappiestTownState])
def test_each_edition_is_the_record_with_the_protocol_and_no_chain(state_class):
    assert state_class.__mro__[1:3] == (CardRowFields, GameState)
    assert _own_members(CardRowFields) == set()  # the record holds no rule
    assert _own_members(state_class) == PROTOCOL | ASKED[state_class]
    assert state_class.__slots__ == ()  # every field is the record's


def test_the_editions_differ_by_their_tables_not_by_overriding():
    assert HappyCityState.edition is HAPPY_CITY and HappiestTownState.edition is HAPPIEST_TOWN
    assert isinstance(HAPPY_CITY, Edition) and isinstance(HAPPIEST_TOWN, Edition)
    assert HappiestTownState not in HappyCityState.__mro__
    assert HappyCityState not in HappiestTownState.__mro__
    assert HAPPY_CITY.money == "coins" and HAPPIEST_TOWN.money == "money"


@pytest.mark.parametrize("module", [*RULE_MODULES, fields])
def test_the_rule_modules_hold_plain_functions_of_the_record(module):
    defined = [
        v for v in vars(module).values() if getattr(v, "__module__", None) == module.__name__
    ]
    classes = {v.__name__ for v in defined if inspect.isclass(v)}
    assert classes == ({"CardRowFields", "Edition"} if module is fields else set()), module
    for function in (v for v in defined if inspect.isfunction(v)):
        params = list(inspect.signature(function).parameters.values())
        if params and params[0].name == "state":  # typed as the record, not a state class
            assert params[0].annotation == "CardRowFields", function.__qualname__


@pytest.mark.parametrize(
    "module,state_class", [(city_turns, HappyCityState), (town_rules, HappiestTownState)]
)
def test_a_move_is_done_through_a_table_of_kinds(module, state_class):
    kinds = {k for allowed, _ in state_class.edition.stages.values() for k in allowed}
    assert set(module.DO) == kinds
    assert state_class._do is module.do
    assert "DO[action.kind](state, action)" in inspect.getsource(module.do)


@pytest.mark.parametrize("module", [*RULE_MODULES, fields, engine, happiest_town])
def test_no_rule_is_reached_by_a_name_looked_up(module):
    assert "getattr(" not in inspect.getsource(module)


def test_happiest_town_leaves_happy_city_fields_empty_so_its_copies_may_share_them():
    assert set(HappiestTownState.COPY) == set(fields.COPY_BOTH)
    assert set(HappyCityState.COPY) == set(fields.COPY_BOTH) | set(fields.COPY_EXPERT)
    state = HappiestTownState.new(["Ann", "Bob", "Cy"], 5, {})
    rng = random.Random(5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions(state.actors()[0])))
        assert (state.market_pool, state.free, state.borrow, state.choices) == ([], [], [], [])
        assert state.targets == {}
