"""Tiles and milestones in full (issue 32): the view shows the advanced skill tiles
on show with their diamond cost, the explainer both conditions of each milestone and
which count; the Clock Tower and milestone refusals name every source and the missing
condition with where the seat stands."""

import pytest

from rules.core import IllegalAction, Ref
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.protocol import setup_tools as tools

from ..expect import given
from .helpers import EXPLAINER, edit, refusals, started


def test_advanced_skill_tiles_on_show_with_their_diamond_cost_from_the_explainer():
    s = SPEC.new_game(["Ann", "Bob"], seed=3, options={"advanced_skills": "on"})
    shown = s.view(1)["advanced_skills"]
    assert len(shown) == 3
    assert EXPLAINER.advanced_costs(s) == {str(t): {"diamond": 1} for t in shown}
    for t in shown:
        told = given(EXPLAINER.thing(s, 1, Ref("skill", t)))
        assert told.lines[0].label  # what the tile does, as printed


def test_milestone_explained_with_both_conditions_when_either_counts():
    s = edit(started(2))
    s.milestones = [[3, "a"]]
    (tile,) = s.view(0)["milestone_tiles"]
    assert tile["counting"] == ["a", "b"] and tile["face_up"] == "a"
    told = given(EXPLAINER.thing(s, 0, Ref("milestone", 3)))
    sides = [ln for ln in told.lines if ln.source != "so far"]  # then each seat's progress
    assert [(ln.label, ln.source) for ln in sides] == [
        ("side a: Food Track progress 7", "counts"),
        ("side b: 2 Wonder icons", "counts"),
    ]
    progress = {ln.label for ln in told.lines if ln.source == "so far"}
    assert progress <= {f"{name}, side {k}" for name in s.players for k in "ab"}
    s.options = {**s.options, "milestones": "face_up"}
    assert s.view(0)["milestone_tiles"][0]["counting"] == ["a"]
    told = given(EXPLAINER.thing(s, 0, Ref("milestone", 3)))
    assert [ln.source for ln in told.lines if ln.source != "so far"] == ["counts", ""]


def test_milestone_refusal_names_both_conditions_and_where_the_seat_stands():
    s = edit(started(2))
    s.milestones = [[3, "a"]]
    s.p[0].food = 2
    with pytest.raises(IllegalAction) as err:
        s.apply(SPEC.parse_action("0:fa_milestone:[3]"))
    assert "needs Food Track progress 7 (you have 2) or 2 Wonder icons (you have 0)" in str(
        err.value
    )


def test_clock_tower_refusal_names_every_wonder_source():
    s = edit(started(2))
    reason = refusals(s, 0)["tower"]
    for source in ("Food track (space 5)", "Industry track (space 6", "third Tent, House"):
        assert source in reason


def test_clock_tower_refusal_says_which_condition_is_unmet():
    s = edit(started(2))  # seat 0 plays Eline Macaron: 4 property tokens on the map
    s.p[0].wonders = 1
    s.p[0].props = {MQ.map_board(s, 0).capitals[0]: "tent"}
    reason = refusals(s, 0)["tower"]
    assert reason.endswith("not met yet: 4 property tokens on the map (you have 1).")


def test_advanced_tile_never_forced_when_no_regular_tile_is_left():
    s = edit(started(2))
    s.ext = {**s.ext, "advanced": (101, 102, 103)}  # as the option deals them
    s.skill_supply = dict.fromkeys(s.skill_supply, 0)
    s.p[0].res["diamond"] = 2
    tools.effect(s, 0, "skill", 1)
    tools.settle(s)
    legal = s.legal_actions(0)
    assert legal[0].kind == "done" and all("1 diamond" in a.label for a in legal[1:])
    s = s.apply(legal[0])
    assert s.p[0].res["diamond"] == 2 and not s.stack
