"""The explainer tells the new characters', variants' and skill tiles' moves in the
engine's style: the cost and gains of each move, and a reason for each refusal."""

from rules.core import Action
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.model import data as D

from .helpers import act, edit, explained_moves, map_a, refusals, started
from .test_characters import put_props

DATA = D.load()


def explained(s, seat, kind):
    return [m for m in explained_moves(s, seat) if m["kind"] == kind]


def test_character_free_action_cost_gains_and_refusal_in_the_view():
    s = started(2, chars=("sakura", "eline"))
    (move,) = explained(s, 0, "fa_sakura")
    assert move["cost"] == {"cards": 1} and move["gains"] == ["1 Action Disc"]
    assert "fa_sakura" not in refusals(s, 0)["free"]
    s = act(s, "fa_sakura")
    s = s.apply(s.legal_actions(0)[0])  # the card discarded
    reason = refusals(s, 0)["free"]["fa_sakura"]
    assert "already used this round" in reason
    assert s.why_illegal(Action(0, "fa_sakura", ())) == reason


def test_biscuit_free_action_gains_name_the_industry_steps():
    s = edit(started(2, chars=("biscuit", "eline")))
    assert "No city of yours" in refusals(s, 0)["free"]["fa_biscuit"]
    s = edit(s)
    put_props(s, 0, ["lab", "tent", "house"])
    (move,) = explained(s, 0, "fa_biscuit")
    assert move["cost"] == {} and move["gains"] == ["1 Industry step"]


def test_lotus_flip_gains_and_refusal_name_the_tile():
    s = edit(started(2, chars=("lotus", "eline")))
    m = map_a()
    near = [x for x in m.neighbours[m.capitals[0]] if m.kinds[x] == "forest"]
    s.p[0].tiles[near[0]] = ("forest", False)
    s = act(s, "fa_lotus")
    (move,) = explained(s, 0, "flip_tile")
    assert move["gains"] and move["cost"] == {}
    s2 = edit(s)
    s2.p[0].tiles[near[0]] = ("forest", True)
    assert "already flipped" in s2.why_illegal(Action(0, "flip_tile", (near[0],)))
    assert "no terrain tile" in s.why_illegal(Action(0, "flip_tile", (m.capitals[0],)))


def test_free_automation_costs_nothing_in_the_view():
    s = edit(started(2))
    uid = next(
        u
        for u, cid in enumerate(DATA.deck)
        if DATA.cards[cid].kind == "immediate" and DATA.cards[cid].industry == "agricultural"
    )
    if uid not in s.p[0].hand:
        s.deck = [u for u in s.deck if u != uid]
        s.p[0].hand.append(uid)
    s.stack.append({"op": "free_auto", "seat": 0, "n": 1})
    moves = explained(s, 0, "automate")
    assert moves and all(m["cost"] == {} for m in moves)
    assert "cannot be automated into the green" in s.why_illegal(
        Action(0, "automate", (uid, "green"))
    )


def test_advanced_skill_tile_costs_a_diamond_and_says_so_when_short():
    s = edit(started(2))
    s.stack.append({"op": "skill", "seat": 0, "n": 1})
    s.ext["advanced"] = (112,)
    s.p[0].res["diamond"] = 1
    (move,) = [m for m in explained(s, 0, "skill") if m["key"].endswith("[112]")]
    assert move["cost"] == {"diamond": 1}
    s = edit(s)  # a fresh copy: the menu computed above is cached per step
    s.p[0].res["diamond"] = 0
    assert "costs 1 diamond" in s.why_illegal(Action(0, "skill", (112,)))


def test_flip_of_a_further_skill_tile_shows_its_cost():
    s = edit(started(2))
    s.p[0].skills.append(24)
    s.p[0].res["iron"] = 5
    (move,) = explained(s, 0, "flip")
    assert move["cost"] == {"iron": 4}


def test_draft_refusals_name_the_pick_for_every_seat_still_choosing():
    s = SPEC.new_game(["P1", "P2", "P3"], seed=2, options={"draft": "on"})
    while not (s.stack and s.stack[-1]["op"] == "draft"):
        s = s.apply(s.legal_actions(s.actors()[0])[0])
    for seat in range(3):
        ref = refusals(s, seat)
        assert "keep one card" in ref["areas"]["A"]
    s = s.apply(s.legal_actions(1)[0])
    assert refusals(s, 1)["areas"]["A"] == "It is not your turn."
    assert "has picked already" in s.why_illegal(Action(1, "draft", (s.ext["packs"][1][0],)))
