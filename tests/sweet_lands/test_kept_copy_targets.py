"""A copy area's targets, kept with their prices added to the copying area's
(turn_checks.copy_refusal), against the same question asked afresh: each target
asked with the copying area's price on top (sort_areas' ``minus``), issue 47 item 6.

The kept targets are made once per copying area, its price (the very dict), the
seat's cost table and Rikka's wood; seeded games with Rikka Berry (wood pays wheat)
and Nata (iron cheaper) compare every answer, and an edge position asks one area
with two prices."""

from __future__ import annotations

import random

import pytest

from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.facts.effect_checks import copy_targets
from rules.sweet_lands.facts.queries import area_needs
from rules.sweet_lands.moves import turn_checks as TC

from .helpers import edit, rich, started

COPY_AREAS = sorted(aid for aid, need in area_needs().items() if need == "copy")


def _copies_afresh(s, seat, aid, cost):
    """Whether some area ``aid`` copies may be paid for (``cost`` on top) and act."""
    costs = Q.area_costs(s, seat)
    for c in copy_targets(s, aid):
        use = (c, costs[c], cost, *TC.price_items(costs[c]), None, Q.rikka_area(s, seat, c), None)
        if c in s.opened and TC.sort_areas(s, seat, [use]):
            return True
    return False


@pytest.mark.parametrize(
    ("chars", "seed"),
    [(("rikka", "nata", "gretel", "jasmine"), 3), (("nata", "rikka", "sena", "alice"), 4)],
)
def test_copy_areas_asked_with_kept_targets_match_afresh_on_seeded_games(chars, seed):
    state = started(4, seed=seed, chars=chars)
    pick = random.Random(seed).random
    asked = {True: 0, False: 0}
    rikka_asked = 0
    while not state.is_over:
        seat = state.actors()[0]
        if not state.stack and not state.main_done:
            costs = Q.area_costs(state, seat)
            for aid in COPY_AREAS:
                if aid in state.opened:
                    kept = TC.copy_refusal(state, seat, aid, costs[aid]) is None
                    assert kept == _copies_afresh(state, seat, aid, costs[aid]), (aid, seat)
                    asked[kept] += 1
                    rikka_asked += state.p[seat].role.wood_for_wheat
        legal = state.legal_actions(seat)
        state = state.apply(legal[int(pick() * len(legal))])
    assert asked[True] > 20 and asked[False] > 20 and rikka_asked > 5, (asked, rikka_asked)


def test_the_copying_areas_price_is_in_the_key():
    # every resource 30: a copy priced 4 gold finds a target, one priced 31 gold none
    s = edit(started(2))
    rich(s)
    aid = COPY_AREAS[0]
    prices = [Q.area_costs(s, 0)[aid], {"gold": 31}]
    afresh = [_copies_afresh(s, 0, aid, cost) for cost in prices]
    assert afresh == [True, False], "the edge position must change the answer"
    for order in ((0, 1), (1, 0), (0, 1)):
        got = {i: TC.copy_refusal(s, 0, aid, prices[i]) is None for i in order}
        assert [got[0], got[1]] == afresh, order


def test_rikkas_wood_is_in_the_key():
    # Rikka Berry and Gretel with one cost table, 4 gold for the copy, wood and no
    # wheat: area C (4 wheat, a Cookie Rabbit) is a target Rikka alone can pay for
    s = edit(started(2, chars=("rikka", "gretel")))
    assert Q.area_costs(s, 0) is Q.area_costs(s, 1)
    for P in s.p:
        P.res.update(gold=4, wheat=0, wood=5, iron=0, diamond=0)
        P.food, P.props = 99, {**P.props, sorted(P.tiles or [0])[0]: "tent"}
    aid = "L"
    cost = Q.area_costs(s, 0)[aid]
    afresh = [_copies_afresh(s, seat, aid, cost) for seat in (0, 1)]
    assert afresh == [True, False], "the edge position must change the answer"
    for order in ((0, 1), (1, 0), (0, 1)):
        got = {seat: TC.copy_refusal(s, seat, aid, cost) is None for seat in order}
        assert [got[0], got[1]] == afresh, order
