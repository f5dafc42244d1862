"""Whether what an area, a skill flip or a free action brings could act now, in
words (None when some part can): an area's effect, its property tokens, the areas a
copy area may copy (turn_checks.copy_refusal asks about those). The turn's refusals (turn_checks.py) ask these after the price and hand cost."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..model import data as D
from ..model.fields import Cost, StateFields
from ..model.player import PlayerState
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


# What effect_blocked reads of a position for each op it is asked about, the
# diamonds left aside (a Prosperity track's last space): the seat's record (and
# whether special tiles are left), by op. Containers are read by identity first and
# then by value (a move replaces a container it changes, never changes one in place).
_EFFECT_READS: dict[str, Callable[[StateFields, PlayerState], tuple]] = {
    # any_terrain_spot: the map, the tiles, special tiles left, Elsa's anywhere
    "terrain": lambda s, P: (P.map, P.tiles, not s.specials, P.role.places_anywhere),
    "road": lambda s, P: (P.map, P.roads),  # any_road_spot
    "terrain_road": lambda s, P: (P.map, P.tiles, P.roads, not s.specials, P.role.places_anywhere),
    # the Food marker against the next rabbit's need, and any_rabbit_spot
    "rabbit": lambda s, P: (P.rabbits_taken, P.food, P.props, P.rabbits),
    "industry": lambda s, P: (P.carriage, P.loco, P.labs),  # marker_can_move
    "prosperity": lambda s, P: (P.prosp,),
}


@cache
def _effect_readers(aid: str) -> tuple[Callable[[StateFields, PlayerState], tuple], ...]:
    """The readers of _EFFECT_READS for the ops of area ``aid``'s effect."""
    ops = sorted({op for op, _v in D.load().areas[aid]["effect"] if op in BLOCKABLE_OPS})
    return tuple(_EFFECT_READS[op] for op in ops)


def area_effect_acts(s: StateFields, seat: int, aid: str, left: int) -> bool:
    """Whether the effect of area ``aid``, one whose effect alone decides (area_needs
    "effect"), could act with ``left`` diamonds left after paying: what
    area_effect_refusal answers, kept in the seat's memo by the area and ``left``
    with what effect_blocked reads for its ops. The seat's first menu of a turn asks
    about every such area, and another seat's moves change none of what it reads."""
    P = s.p[seat]
    readers = _effect_readers(aid)
    reads = readers[0](s, P) if len(readers) == 1 else tuple(r(s, P) for r in readers)
    kept = P.memo.get("area_effects")
    if kept is None:
        # shared by every copy of this player, on every line of play: an entry
        # serves only a record with equal values of what it was worked out from
        kept = P.memo["area_effects"] = {}
    hit = kept.get((aid, left))
    if hit is not None and hit[0] == reads:
        return hit[1]
    acts = effects_refusal(s, seat, D.load().areas[aid]["effect"], left) is None
    kept[aid, left] = (reads, acts)
    return acts


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
