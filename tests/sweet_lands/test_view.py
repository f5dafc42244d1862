"""The view's facts (limits, cards kept) and the explainer's answers: costs and gains,
refusals (the same words apply() raises), rates and standings."""

import json

import pytest

from rules.core import Action, IllegalAction
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.model import data as D

from ..expect import given
from .helpers import EXPLAINER, edit, explained_moves, refusals, started

DATA = D.load()


def test_view_refusal_is_the_illegal_action_reason_for_an_area():
    s = edit(started(2))
    s.p[0].res["wheat"] = 2
    reason = refusals(s, 0)["areas"]["A"]
    assert reason == "Area A needs 6 wheat, you have 2."
    with pytest.raises(IllegalAction) as err:
        s.apply(SPEC.parse_action('0:area:["A"]'))
    assert err.value.reason == reason


def test_view_refusal_is_the_illegal_action_reason_for_a_card():
    s = edit(started(2))
    s.p[0].res["gold"] = 0
    uid = next(u for u in s.p[0].hand if Q.card_cost(s, 0, u) > 0)
    reason = refusals(s, 0)["cards"][str(uid)]
    with pytest.raises(IllegalAction) as err:
        s.apply(SPEC.parse_action(f"0:play:[{uid}]"))
    assert err.value.reason == reason and "gold, you have 0" in reason


def test_view_refusals_for_every_kind_of_piece():
    s = edit(started(2))
    s.p[0].res.update(gold=0, wheat=0, wood=0, iron=0, diamond=0)
    s.p[0].skills = [8]
    s.p[0].flipped = [8]
    ref = refusals(s, 0)
    assert ref["skills"]["8"] == "Skill tile 8 is already flipped this round."
    assert "wood" in ref["tokens"]["house"] or "needs" in ref["tokens"]["house"]
    assert ref["free"]["fa_draw"] == "Drawing costs 15 gold, you have 0."
    assert "Wonder" in ref["tower"]
    other = refusals(s, 1)
    assert set(other["areas"].values()) == {"It is not your turn."}


def test_view_move_costs_and_gains():
    s = edit(started(2))
    s.p[0].res.update(wheat=10)
    moves = {m["key"]: m for m in explained_moves(s, 0)}
    area_a = moves['0:area:["A"]']
    assert area_a["cost"] == {"wheat": 6, "cards": 1} and area_a["gains"] == [
        "place 3 terrain tiles"
    ]
    assert moves["0:pass"]["gains"][0].endswith("CP")
    buy = moves['0:fa_buy:["wheat"]']
    assert buy["cost"] == {"gold": 4} and buy["gains"] == ["1 wheat"]


def test_view_column_limits_and_next_step():
    s = edit(started(2))
    limits = s.view(None)["players"][0]["column_limits"]
    need = min(n for n, _lim in DATA.player["columns"]["limits"] if n > 0)
    assert limits["orange"] == {"cards": 0, "limit": 1, "property": "tent", "more_for_next": need}


def test_view_says_how_many_cards_must_stay_in_hand():
    s = edit(started(2))
    assert s.view(0)["cards_kept"] == 1  # rounds 1-4: one card stays
    s.round = 5
    assert s.view(0)["cards_kept"] == 0  # the hand may empty in round 5


def test_view_prosperity_rate_and_next_threshold():
    s = edit(started(2))
    rates = EXPLAINER.track_rates(s, 0)
    track = DATA.prosperity[0]
    assert rates[0]["track"] == track["id"] and rates[0]["position"] == 0
    first_above = next((frm, v, p) for frm, v, p in track["rates"] if frm > 0)
    assert rates[0]["next"] == {"at": first_above[0], "vp": first_above[1], "per": first_above[2]}


def test_view_final_tile_standings():
    s = edit(started(2))
    standings = EXPLAINER.standings(s)
    assert [t["tile"] for t in standings] == list(s.final_tiles)
    assert all(len(t["values"]) == 2 and len(t["vp"]) == 2 for t in standings)


def test_view_solo_verdict_lines():
    s = edit(started(1))
    verdict = given(EXPLAINER.solo_verdict(s))
    assert [ln["more_than"] for ln in verdict["lines"]] == [300, 250]
    assert verdict["title"] is None and "short of the 250 VP expert line" in verdict["verdict"]
    assert EXPLAINER.solo_verdict(started(2)) is None


def test_view_is_json_safe_and_the_explainer_refuses_only_to_a_seat():
    s = started(3)
    for seat in (None, 0, 1, 2):
        v = s.view(seat)
        assert json.loads(json.dumps(v)) == v
    assert EXPLAINER.refusals(s, None, "areas") == {}  # the public view is told no reasons


def test_view_map_reasons_are_the_illegal_action_reasons():
    s = edit(started(2))
    s.stack.append({"op": "terrain", "seat": 0, "n": 1})
    m = DATA.maps["A"]
    far = max(range(len(m.kinds)), key=lambda h: m.coords[h][0] + m.coords[h][1])
    capital = given(EXPLAINER.map_refusal(s, 0, "hex", m.capitals[0]))
    assert capital.startswith("Capital hexes take no terrain")
    for h in (far, m.capitals[0]):
        with pytest.raises(IllegalAction) as err:
            s.apply(SPEC.parse_action(f"0:hex:[{h}]"))
        assert err.value.reason == EXPLAINER.map_refusal(s, 0, "hex", h)
    assert EXPLAINER.map_refusal(s, 1, "hex", far) is None  # not seat 1's map step


def test_view_refusals_during_a_pending_step_match_apply():
    s = edit(started(2))
    s.p[0].res["wheat"] = 10
    s = s.apply(SPEC.parse_action('0:area:["A"]'))  # now the hand cost is asked
    reason = refusals(s, 0)["areas"]["B"]
    with pytest.raises(IllegalAction) as err:
        s.apply(SPEC.parse_action('0:area:["B"]'))
    assert err.value.reason == reason and "hand cost" in reason


def test_refusal_for_a_second_copy_of_a_card_names_the_offered_copy():
    s = edit(started(2))
    name = DATA.cards[DATA.deck[s.p[0].hand[0]]].name
    cid = DATA.deck[s.p[0].hand[0]]
    twin = next(u for u in s.deck if DATA.deck[u] == cid)  # another copy, still in the deck
    s.deck = [u for u in s.deck if u != twin]
    s.p[0].hand = [*s.p[0].hand, twin]
    offered = [a for a in s.legal_actions(0) if a.kind == "play" and DATA.deck[a.args[0]] == cid]
    assert len(offered) == 1
    other = s.p[0].hand[0] if offered[0].args[0] == twin else twin
    reason = s.why_illegal(Action(0, "play", (other,)))
    assert reason == f"Another copy of this card is the one offered: {offered[0].label}."
    assert name in reason
