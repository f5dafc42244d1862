"""Sweet Lands' explainer against the engine: what it says a move or an area costs is
what applying the move takes, its refusals are apply's reasons, it tells a seat only
what that seat may know, and the view it replaced holds facts and no prose."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from rules.core import Action, IllegalAction, Ref
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands import PendingView, PlayerView, SweetLandsView
from rules.sweet_lands.model import data as D

from ..expect import given
from .helpers import EXPLAINER, GROUPS, edge_between, edit, map_a, started

DATA = D.load()
RESOURCES = ("gold", "wheat", "wood", "iron", "diamond")


def stock(s, seat):
    return {k: s.p[seat].res[k] for k in RESOURCES}


def cost_by_unit(told):
    return {line.unit: -line.amount for line in told.of_kind("cost")}


def test_an_areas_cost_is_what_using_it_takes():
    s = edit(started(2))
    s.p[0].res.update(wheat=10, wood=10, iron=10, gold=20)
    told = given(EXPLAINER.thing(s, 0, Ref("area", "A")))
    assert told.refused is None and told.title == "Area A"
    cost = cost_by_unit(told)
    cards = cost.pop("cards")
    before = stock(s, 0)
    after = s.apply(SPEC.parse_action('0:area:["A"]'))
    spent = {k: before[k] - after.p[0].res[k] for k in RESOURCES if before[k] != after.p[0].res[k]}
    assert spent == cost
    assert after.stack[-1]["op"] == "hand" and after.stack[-1]["n"] == cards  # the hand cost
    # the move's own explanation says the same
    assert cost_by_unit(EXPLAINER.action(s, 0, SPEC.parse_action('0:area:["A"]'))) == {
        **cost,
        "cards": cards,
    }


def test_every_legal_moves_cost_is_what_applying_it_takes():
    """Over seeded random games: for each area used (its effects wait behind the hand
    cost) and each purchase, the resources and cards the explainer says it costs are
    exactly what apply takes."""
    checked = 0
    for seed in (2, 5):
        s = SPEC.new_game(["A", "B"], seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if s.is_over:
                break
            seat = s.actors()[0]
            legal = s.legal_actions(seat)
            for a in legal:
                if a.kind not in ("area", "fa_buy", "fa_draw"):
                    continue
                cost = cost_by_unit(EXPLAINER.action(s, seat, a))
                cards = cost.pop("cards", 0)
                after = s.apply(a)
                if a.kind == "area" and not (after.stack and after.stack[-1]["op"] == "hand"):
                    continue  # no hand cost asked: the effects have begun
                spent = {k: s.p[seat].res[k] - after.p[seat].res[k] for k in RESOURCES}
                assert {k: v for k, v in spent.items() if v > 0} == cost, a.key
                if a.kind == "area":
                    assert after.stack[-1]["n"] == cards, a.key
                checked += 1
            s = s.apply(rng.choice(legal))
    assert checked > 20


def test_refusals_are_the_reasons_apply_raises():
    s = edit(started(2))
    s.p[0].res.update(gold=0, wheat=0, wood=0, iron=0, diamond=0)
    for aid, reason in EXPLAINER.refusals(s, 0, "areas").items():
        with pytest.raises(IllegalAction) as err:
            s.apply(Action(0, "area", (aid,)))
        assert err.value.reason == reason
        assert given(EXPLAINER.thing(s, 0, Ref("area", aid))).refused == reason
    for uid, reason in EXPLAINER.refusals(s, 0, "cards").items():
        with pytest.raises(IllegalAction) as err:
            s.apply(Action(0, "play", (int(uid),)))
        assert err.value.reason == reason
        assert given(EXPLAINER.thing(s, 0, Ref("card", int(uid)))).refused == reason
    draw = given(EXPLAINER.thing(s, 0, Ref("action", "fa_draw")))
    assert (
        draw.refused
        == s.why_illegal(Action(0, "fa_draw", ()))
        == "Drawing costs 15 gold, you have 0."
    )


def test_a_road_is_named_by_its_hexes_with_what_it_flips():
    s = edit(started(2))
    m = map_a()
    cap = m.capitals[0]
    nb = next(h for h in m.neighbours[cap] if m.kinds[h] == "forest")
    s.p[0].tiles[nb] = ("forest", False)
    other = next(h for h in m.neighbours[nb] if h != cap)
    e = edge_between(m, nb, other)
    told = given(EXPLAINER.thing(s, 0, Ref("road", e)))
    a, b = m.edge_hexes[e]
    assert told.title == f"Road {a}-{b}"
    assert f"flips the forest tile on {nb}" in [line.label for line in told.of_kind("gain")]
    assert told.refused is None  # no map step asked: nothing to refuse


def test_a_track_step_tells_its_rate_and_what_the_next_step_gives():
    s = edit(started(2))
    told = given(EXPLAINER.thing(s, 0, Ref("track", 0)))
    rate = EXPLAINER.track_rates(s, 0)[0]
    (total,) = told.of_kind("total")
    assert total.amount == rate["scores"] and total.unit == "VP"
    assert [line.label for line in told.of_kind("gain")][0] == "space 1"


def test_a_card_is_told_only_to_a_seat_that_may_see_it():
    s = edit(started(2))
    mine, theirs = s.p[0].hand[0], s.p[1].hand[0]
    told = given(EXPLAINER.thing(s, 0, Ref("card", mine)))
    assert told.title == DATA.cards[DATA.deck[mine]].name and told.of_kind("cost")
    assert EXPLAINER.thing(s, 0, Ref("card", theirs)) is None  # another hand
    assert EXPLAINER.thing(s, 0, Ref("card", s.deck[0])) is None  # the deck
    assert EXPLAINER.thing(s, None, Ref("card", mine)) is None  # the public view
    assert EXPLAINER.refusals(s, None, "cards") == {}
    # another seat's move is not weighed: whether it is legal would tell that hand
    s.turn = 1
    play = next(a for a in s.legal_actions(1) if a.kind == "play")
    assert EXPLAINER.action(s, 1, play).refused is None
    told = EXPLAINER.action(s, 0, play)
    assert told.refused == "Only the seat that makes a move is told of it." and not told.lines


def test_every_thing_on_the_table_is_explained_in_typed_lines():
    s = edit(started(2))
    refs = [Ref("area", aid) for aid in s.occ]
    refs += [Ref("skill", sk) for sk in s.p[0].skills]
    refs += [Ref("token", "house"), Ref("action", "fa_build"), Ref("character", "eline")]
    refs += [Ref("tile", t) for t in s.final_tiles] + [Ref("milestone", m) for m, _ in s.milestones]
    refs += [Ref("hex", map_a().capitals[0]), Ref("track", 5)]
    for ref in refs:
        told = EXPLAINER.thing(s, 0, ref)
        assert told is not None and told.title, ref
        assert all(line.label for line in told.lines), ref
    assert EXPLAINER.thing(s, 0, Ref("area", "no such area")) is None
    assert EXPLAINER.thing(s, 0, Ref("term", "anything")) is None


def test_every_groups_refusals_name_pieces_the_seat_has():
    s = edit(started(2))
    for group in GROUPS:
        for piece, reason in EXPLAINER.refusals(s, 1, group).items():
            assert reason == "It is not your turn." or group == "tokens", (group, piece)


PROSE_KEYS = {"explain", "final_standings", "advanced_costs", "solo_verdict"}
PROSE_KEYS |= {"prosperity_rates", "parts", "conditions", "verdict", "refusals"}


def keys_of(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys_of(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys_of(v)


def assert_declared(record: Mapping[str, Any], declared: Any) -> None:
    """The record has every key its TypedDict requires and none it does not declare."""
    assert declared.__required_keys__ <= set(record), declared.__required_keys__ - set(record)
    known = declared.__required_keys__ | declared.__optional_keys__
    assert set(record) <= known, set(record) - known


@pytest.mark.parametrize("players", [1, 3])
def test_the_view_holds_facts_and_no_explanation(players):
    options = {"draft": "on", "advanced_skills": "on"}
    s = SPEC.new_game([f"P{i}" for i in range(players)], seed=4, options=options)
    rng = random.Random(4)
    for step in range(300):
        if s.is_over:
            break
        if step % 25 == 0:
            for seat in (None, *range(players)):
                v = s.view(seat)
                assert json.loads(json.dumps(v)) == v
                assert not PROSE_KEYS & set(keys_of(v)), sorted(PROSE_KEYS & set(keys_of(v)))
                assert_declared(v, SweetLandsView)
                for pv in v["players"]:
                    assert_declared(pv, PlayerView)
                if v["pending"] is not None:
                    assert_declared(v["pending"], PendingView)
        seat = s.actors()[0]
        s = s.apply(rng.choice(s.legal_actions(seat)))
