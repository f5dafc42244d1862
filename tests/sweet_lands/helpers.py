"""Shared helpers: start games past setup and make moves by kind."""

from typing import Any

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands import SweetLandsExplainer
from rules.sweet_lands.model import data as D
from rules.sweet_lands.protocol import setup_tools as tools

from ..expect import given, of_type


def new(n=2, seed=1):
    return SPEC.new_game([f"P{i + 1}" for i in range(n)], seed=seed)


def act(s, kind, *args, seat=None):
    seat = s.actors()[0] if seat is None else seat
    a = s.find_action(seat, kind, *args)
    assert a is not None, (kind, args, [x.key for x in s.legal_actions(seat)])
    return s.apply(a)


def started(n=2, seed=1, chars=("eline", "nata", "gretel", "jasmine"), maps=None):
    """A game past setup and income: the first turn menu of round 1."""
    s = new(n, seed)
    while s.phase == "setup":
        f = s.stack[-1]
        seat = f["seat"]
        if f["op"] == "choose_char":
            s = act(s, "character", chars[seat])
        elif f["op"] == "choose_map":
            s = act(s, "map", (maps or ["A"] * 4)[seat])
        else:
            s = s.apply(s.legal_actions(seat)[0])
    return settle(s)


def settle(s):
    """Answer pending sub-steps with the first choice until a turn menu is reached."""
    s = s.detached_copy()
    tools.settle(s)
    while s.stack and not s.is_over:
        s = s.apply(s.legal_actions(s.actors()[0])[0])
    return s


def edit(s):
    """A private copy to set up a position by hand."""
    return s.detached_copy()


def map_a():
    return D.load().maps["A"]


def edge_between(m, a, b):
    common = set(m.hex_edges[a]) & set(m.hex_edges[b])
    assert common
    return common.pop()


def give_card(s, seat, name):
    """Move one physical copy of a named card into a hand; returns its uid."""
    uid = next(
        u
        for u, cid in enumerate(D.load().deck)
        if D.load().cards[cid].name == name and u not in s.p[seat].hand
    )
    for pile in (s.deck, s.discard, *[p.hand for p in s.p]):
        if uid in pile:
            pile.remove(uid)
    s.p[seat].hand.append(uid)
    return uid


def rich(s, seat=0, n=30):
    for r in ("gold", "wheat", "wood", "iron"):
        s.p[seat].res[r] = n
    s.p[seat].res["diamond"] = 5


# ---- the explainer, asked the way the screens ask it
EXPLAINER = of_type(SweetLandsExplainer, SPEC.explainer)
GROUPS = ("areas", "cards", "skills", "tokens", "milestones", "free", "tower")


def explained_moves(s, seat):
    """Each legal move of ``seat``: its key, kind, cost (by resource) and gains."""
    out = []
    for a in s.legal_actions(seat):
        told = EXPLAINER.action(s, seat, a)
        cost = {line.unit: -given(line.amount) for line in told.of_kind("cost")}
        gains = [line.label for line in told.of_kind("gain")]
        out.append({"key": a.key, "kind": a.kind, "cost": cost, "gains": gains})
    return out


def refusals(s, seat):
    """Why each piece of every group is closed to ``seat`` (the tower: its reason)."""
    out: dict[str, Any] = {group: EXPLAINER.refusals(s, seat, group) for group in GROUPS}
    out["tower"] = out["tower"].get("tower")
    return out
