"""Pending steps answered on the map: terrain tiles, roads, Cookie Rabbits, tokens."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...core import Action
from ..facts import map_queries as MQ
from ..facts import queries as Q
from ..model import data as D
from ..model.constants import Op
from ..model.fields import StateFields
from ..model.frame_types import Counted, PlaceFrame, TerrainRoadFrame
from . import effects as FX
from .frames import F, Step


def _terrain_options(s: StateFields, seat: int) -> list[Action]:
    # A building turn asks for these again after each payment: they are kept with
    # the tiles they were made from (see PlayerState.recall).
    P = s.p[seat]
    facts = (seat, P.map, P.char, len(P.tiles), tuple(s.specials))
    out = P.recall("terrain_options", P.tiles, facts)
    if out is None:
        out = P.remember("terrain_options", P.tiles, facts, _terrain_actions(s, seat))
    return list(out)


def _terrain_actions(s: StateFields, seat: int) -> tuple[Action, ...]:
    m = MQ.map_board(s, seat)
    out = []
    for h in MQ.terrain_spots(s, seat):
        if m.kinds[h] == "special":
            for tid in s.specials:
                out.append(_special_action(seat, h, tid))
        else:
            out.append(_hex_action(seat, h, m.kinds[h]))
    return tuple(out)


def _road_options(s: StateFields, seat: int) -> list[Action]:
    P = s.p[seat]
    facts = (seat, P.map, len(P.roads))
    out = P.recall("road_options", P.roads, facts)
    if out is None:
        out = tuple([_edge_action(seat, e) for e in MQ.road_spots(s, seat)])
        P.remember("road_options", P.roads, facts, out)
    return list(out)


# A building step's menu is made again after every tile or road: its moves are made
# once a seat and spot and shared, as an Action is an immutable value.
@cache
def _hex_action(seat: int, h: int, kind: str) -> Action:
    return Action(seat, "hex", (h,), f"{kind.title()} tile on hex {h}")


@cache
def _special_action(seat: int, h: int, tid: int) -> Action:
    return Action(seat, "special", (h, tid), f"Special terrain tile {tid} on hex {h}")


@cache
def _edge_action(seat: int, e: int) -> Action:
    return Action(seat, "edge", (e,), f"Road on edge {e}")


@cache
def _place_action(seat: int, h: int) -> Action:
    return Action(seat, "place", (h,), f"Place it on hex {h}")


_MAP_KINDS = {"hex", "special", "edge", "place", "rabbit"}


def map_refusal(s: StateFields, f: Mapping[str, Any], a: Action) -> str | None:
    """Why a hex or an edge cannot be chosen in a map step; None when the action is
    not about the map or the reason is not a map one."""
    if a.kind not in _MAP_KINDS or not a.args or not isinstance(a.args[0], int):
        return None
    seat, op = f["seat"], f["op"]
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    ident = a.args[0]
    if a.kind == "edge":
        if not 0 <= ident < len(m.edge_ends):
            return f"There is no edge {ident} on your map."
        if op in (Op.TERRAIN, Op.PLACE, Op.RABBIT) or (op == Op.TERRAIN_ROAD and f["r"] <= 0):
            return "A hex is asked for here, not an edge."
        road = MQ.road_name(m, ident)
        if ident in P.roads:
            return f"The road {road} is already built."
        return (
            f"The road {road} is not connected: a road must touch an edge of your capital "
            "or an edge holding one of your roads."
        )
    if not 0 <= ident < len(m.kinds):
        return f"There is no hex {ident} on your map."
    return _hex_refusal(s, f, ident)


def _hex_refusal(s: StateFields, f: Mapping[str, Any], h: int) -> str | None:
    seat, op = f["seat"], f["op"]
    if op in (Op.TERRAIN, Op.TERRAIN_ROAD) and (op == Op.TERRAIN or f["t"] > 0):
        return _terrain_refusal(s, seat, h)
    if op in (Op.ROAD, Op.TERRAIN_ROAD):
        return "Roads go on edges: pick an edge."
    if op == Op.PLACE:
        return _property_refusal(s, seat, h)
    if op == Op.RABBIT:
        return _rabbit_refusal(s, seat, h)
    return None


def _terrain_refusal(s: StateFields, seat: int, h: int) -> str:
    kind = MQ.map_board(s, seat).kinds[h]
    if kind == "capital":
        return "Capital hexes take no terrain tile (properties go on them directly)."
    if kind == "eda":
        return (
            "Extra Draw Areas take no tile: a tile beside one and a road on its edge activate it."
        )
    if s.p[seat].tiles.get(h):
        return f"Hex {h} already holds a tile."
    if kind == "special" and not s.specials:
        return "No special terrain tile is left in the supply."
    return f"Hex {h} is not next to your capital or to one of your tiles."


def _property_refusal(s: StateFields, seat: int, h: int) -> str | None:
    P = s.p[seat]
    if h in P.props:
        return f"Hex {h} already holds a property."
    if MQ.map_board(s, seat).kinds[h] == "capital":
        return None
    tile = P.tiles.get(h)
    if not tile:
        return f"Hex {h} has no tile: properties go on flipped tiles or capitals."
    if not tile[1]:
        return f"The tile on hex {h} is not flipped yet: a road on one of its edges flips it."
    return f"The tile on hex {h} was flipped during this action: it takes a token next time."


def _rabbit_refusal(s: StateFields, seat: int, h: int) -> str | None:
    P = s.p[seat]
    if h not in P.props:
        return "A Cookie Rabbit goes on a hex holding one of your properties."
    if h in P.rabbits:
        return f"Hex {h} already has a Cookie Rabbit."
    if not Q.rabbit_ready(s, seat):
        return "Your Food marker has not reached the next Cookie Rabbit yet."
    return None


class MapStep(Step[F]):
    """A step answered on the map: refusals name what is wrong with the hex or edge."""

    def refusal(self, s: StateFields, f: F, a: Action) -> str:
        return map_refusal(s, f, a) or super().refusal(s, f, a)


class PlaceTerrain(MapStep[Counted]):
    op = Op.TERRAIN
    stoppable = counted = True
    question = "place terrain tiles (or stop)"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        return _terrain_options(s, f["seat"]) if f["n"] > 0 else []

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        self.take_one(s, f)
        FX.place_terrain(s, a.seat, a.args[0], a.args[1] if a.kind == "special" else None)


class PlaceRoad(MapStep[Counted]):
    op = Op.ROAD
    stoppable = counted = True
    question = "place roads (or stop)"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        return _road_options(s, f["seat"]) if f["n"] > 0 else []

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        self.take_one(s, f)
        FX.place_road(s, a.seat, a.args[0])


class TerrainAndRoads(MapStep[TerrainRoadFrame]):
    """Terrain tiles ("t" left) and roads ("r" left) in any order; with "one" set, a
    single tile or road (the free build action)."""

    op = Op.TERRAIN_ROAD
    stoppable = True
    question = "place terrain tiles and roads in any order (or stop)"

    def spent(self, f: TerrainRoadFrame) -> bool:
        return f["t"] <= 0 and f["r"] <= 0

    def options(self, s: StateFields, f: TerrainRoadFrame) -> list[Action]:
        seat = f["seat"]
        out = _terrain_options(s, seat) if f["t"] > 0 else []
        if f["r"] > 0:
            out += _road_options(s, seat)
        return out

    def resolve(self, s: StateFields, f: TerrainRoadFrame, a: Action) -> None:
        road = a.kind == "edge"
        if f.get("one"):
            f["t"] = f["r"] = 0
        elif road:
            f["r"] -= 1
        else:
            f["t"] -= 1
        if self.spent(f) and s.stack and s.stack[-1] is f:
            s.stack.pop()
        if road:
            FX.place_road(s, a.seat, a.args[0])
        else:
            FX.place_terrain(s, a.seat, a.args[0], a.args[1] if a.kind == "special" else None)


class PlaceRabbit(MapStep[Counted]):
    op = Op.RABBIT
    stoppable = counted = True
    question = "place a Cookie Rabbit on a property without one (or stop)"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        seat = f["seat"]
        if not Q.rabbit_ready(s, seat):
            return []
        return [
            Action(seat, "rabbit", (h,), f"Cookie Rabbit on hex {h}")
            for h in MQ.rabbit_spots(s, seat)
        ]

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        self.take_one(s, f)
        FX.place_rabbit(s, a.seat, a.args[0])

    def dropped(self, s: StateFields, f: Counted) -> None:
        # With every rabbit already taken, each rabbit owed scores VP instead.
        P = s.p[f["seat"]]
        if f["n"] > 0 and P.rabbits_taken >= 9:
            vp = D.load().player["no_rabbit_vp"] * f["n"]
            P.vp += vp
            s.log(f"{s.players[f['seat']]} has no Cookie Rabbit left: {vp} VP instead.")


class PlaceToken(MapStep[PlaceFrame]):
    op = Op.PLACE
    question = "place the token on a flipped tile or a capital without a property"

    def options(self, s: StateFields, f: PlaceFrame) -> list[Action]:
        seat = f["seat"]
        return [_place_action(seat, h) for h in MQ.property_spots(s, seat, f.get("eligible"))]

    def resolve(self, s: StateFields, f: PlaceFrame, a: Action) -> None:
        s.stack.pop()
        FX.place_property(s, a.seat, f["type"], a.args[0])
