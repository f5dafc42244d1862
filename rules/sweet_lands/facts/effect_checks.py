"""Whether what an area, a skill flip or a free action brings could act now, in
words (None when some part can): an area's effect, its property tokens, the areas a
copy area may copy (turn_checks.copy_refusal asks about those). The turn's refusals (turn_checks.py) ask these after the price and hand cost."""

from __future__ import annotations

from functools import cache

from ..model import data as D
from ..model.fields import Cost, StateFields
from . import economy as EC
from . import map_queries as MQ
from . import queries as Q
from .queries import BLOCKABLE_OPS, area_needs


@cache
def _copy_targets_among(aid: str, areas: tuple[str, ...]) -> tuple[str, ...]:
    """The areas in play that copy area ``aid`` may copy."""
    d = D.load()
    cats = d.areas[aid]["copy"]
    return tuple(
        a
        for a in areas
        if d.areas[a]["category"] in cats
        and not d.areas[a]["copy"]
        and "imitation" not in d.areas[a]
    )


def area_effect_refusal(
    s: StateFields, seat: int, aid: str, cost: Cost, total: Cost, spot: bool | None = None
) -> str | None:
    """The checks after price and hand cost, for the areas that need more: an area
    with an effect something it acts on, a property area a free spot and a token it
    can still pay for (a copy area's targets are turn_checks.copy_refusal's).
    ``total`` is what the seat pays before the effect (the area's cost, plus the
    copying area's when it is copied); ``spot`` is has_property_spot(seat) when the
    caller knows it already."""
    need = area_needs().get(aid)
    if need is None or need == "copy":
        return None
    if need == "effect":
        left = s.p[seat].res["diamond"] - total.get("diamond", 0)
        why = effects_refusal(s, seat, D.load().areas[aid]["effect"], left)
        return f"Area {aid} would do nothing now: {why}." if why else None
    if not (MQ.has_property_spot(s, seat) if spot is None else spot):
        return f"Area {aid} places properties, but no flipped tile or capital is free."
    if not _any_affordable_token(s, seat, total):
        return f"After paying for area {aid}, no property token is affordable."
    return None


def effects_refusal(
    s: StateFields, seat: int, effects: tuple | list, diamonds_left: int
) -> str | None:
    """Why none of ``effects`` could act now (each part's reason), so that the area,
    flip or free action bringing them is refused before anything is paid; None
    when some part can act. ``diamonds_left``: the seat's diamonds after the price
    (a Prosperity track's last space costs one)."""
    reasons: list[str] = []
    for op, _v in effects:
        if op not in BLOCKABLE_OPS:  # a part that always acts
            return None
        why = effect_blocked(s, seat, op, diamonds_left)
        if why is None:
            return None
        if why not in reasons:
            reasons.append(why)
    return "; ".join(reasons) if reasons else None


def effect_blocked(s: StateFields, seat: int, op: str, diamonds_left: int) -> str | None:
    """Why effect ``op`` (one of BLOCKABLE_OPS) finds nothing to act on; None if it can act."""
    if op in ("terrain", "road", "terrain_road"):
        return _map_blocked(s, seat, op)
    if op == "rabbit":
        return _rabbit_blocked(s, seat)
    if op == "industry":
        if Q.marker_can_move(s, seat, "carriage") or Q.marker_can_move(s, seat, "loco"):
            return None
        return "no Industry marker can advance (a Research Lab still on your board blocks it)"
    return _prosperity_blocked(s, seat, diamonds_left)


def _map_blocked(s: StateFields, seat: int, op: str) -> str | None:
    if op in ("terrain", "terrain_road") and MQ.any_terrain_spot(s, seat):
        return None
    if op in ("road", "terrain_road") and MQ.any_road_spot(s, seat):
        return None
    if op == "terrain":
        return "no hex can take a terrain tile"
    if op == "road":
        return "no edge can take a road"
    return "no hex can take a terrain tile and no edge a road"


def _rabbit_blocked(s: StateFields, seat: int) -> str | None:
    P = s.p[seat]
    if P.rabbits_taken >= 9:
        return None  # each rabbit owed scores VP instead
    need = D.load().player["food"]["rabbit_at"][P.rabbits_taken]
    if P.food < need:
        return f"the next Cookie Rabbit needs the Food marker on {need}, it is on {P.food}"
    if not MQ.any_rabbit_spot(s, seat):
        return "a Cookie Rabbit goes on a property of yours without one, and there is none"
    return None


def _prosperity_blocked(s: StateFields, seat: int, diamonds_left: int) -> str | None:
    P = s.p[seat]
    for i, track in enumerate(D.load().prosperity):
        pos = P.prosp[i]
        if pos + 1 < track["length"] or (pos + 1 == track["length"] and diamonds_left >= 1):
            return None
    return "no Prosperity track can advance (a track's last space costs a diamond)"


def copy_targets(s: StateFields, aid: str) -> tuple[str, ...]:
    return _copy_targets_among(aid, tuple(s.occ))


def _any_affordable_token(s: StateFields, seat: int, minus: Cost) -> bool:
    res = s.p[seat].res
    # the area menu asks often: a plain loop costs less than a generator per call
    for _kind, cost in Q.token_costs(s, seat):  # noqa: SIM110
        if EC.affordable(res, cost, minus):
            return True
    return False
