"""Effects and what placing a piece triggers."""

from __future__ import annotations

from typing import Any, cast

from ...core.text import counted
from ..facts import map_queries as MQ
from ..facts import primitives as PR
from ..facts import queries as Q
from ..facts import skills as SK
from ..model import data as D
from ..model.constants import MARKER_COLOUR, Op
from ..model.fields import StateFields
from ..model.frame_types import BonusFrame, ColumnFrame, Effect, PropertyFrame, TerrainRoadFrame
from ..model.story import amounts, article, bonus_name, tile_name
from . import character_steps as CS
from . import characters as C
from . import frames as FR
from .variants import take_advanced


def effect(s: StateFields, seat: int, op: str, v: Any, chain: int | None) -> None:
    EFFECTS_ALL[op](s, seat, v, chain)


def industry_bonus(s: StateFields, seat: int, colour: str, chain_from: int | None) -> None:
    d = D.load()
    P = s.p[seat]
    if colour == "any":
        column: ColumnFrame = {"op": Op.COLUMN, "seat": seat, "chain_from": chain_from}
        s.stack.append(column)
        return
    if chain_from is not None:
        for i, f in enumerate(s.stack):
            if f.get("chain") == chain_from:
                # finish the running Industry Bonus to the bottom first
                waiting: BonusFrame = {"op": Op.IBONUS_NOW, "seat": seat, "v": colour}
                s.stack.insert(i, waiting)
                s.log(
                    f"{s.players[seat]} earns {bonus_name(colour)}; it follows once the "
                    "running Industry Bonus is finished."
                )
                return
    s.log(f"{s.players[seat]} gains {bonus_name(colour)}.")
    if 12 in P.skills:
        SK.skill_vp(s, seat, 12)
    C.of(P).on_ibonus(s, seat)  # Carmen Mel's cubes
    s.chain += 1
    cid = s.chain
    items = list(d.player["columns"][colour]["ability"])
    effects = D.effects(items, "column")
    for uid in P.columns[colour]:
        effects += d.cards[d.deck[uid]].auto
    FR.push_effects(s, seat, effects, cid, why=f"{bonus_name(colour)}")


def place_terrain(s: StateFields, seat: int, h: int, special: int | None = None) -> None:
    D.load()
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    if special is not None:
        s.specials = [t for t in s.specials if t != special]
        P.tiles = {**P.tiles, h: (f"special:{special}", False)}
    else:
        P.tiles = {**P.tiles, h: (m.kinds[h], False)}
    s.log(f"{s.players[seat]} places a {tile_name(P.tiles[h][0])} on hex {h}.")
    todo = []
    if h in m.icons:
        todo += list(m.icons[h])
    if not P.roads.isdisjoint(m.hex_edges[h]):  # a road on an edge (no generator made)
        todo += PR.flip(s, seat, h)
    todo += _check_eda(s, seat)
    FR.push_effects(s, seat, todo, why=f"the tile on hex {h}")


def place_road(s: StateFields, seat: int, e: int) -> None:
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    P.roads = P.roads | {e}
    s.log(f"{s.players[seat]} places the road {MQ.road_name(m, e)}.")
    todo: list[Effect] = []
    for h in m.edge_hexes[e]:
        if h in P.tiles and not P.tiles[h][1]:
            todo += PR.flip(s, seat, h)
    todo += _check_eda(s, seat)
    FR.push_effects(s, seat, todo, why=f"the road {MQ.road_name(m, e)}")


def _check_eda(s: StateFields, seat):
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    out = []
    for h in m.edas:
        if h in P.eda:
            continue
        # a tile beside it and a road on one of its edges (isdisjoint: no generator
        # made; asked after every tile and road)
        if not P.tiles.keys().isdisjoint(m.neighbours[h]) and not P.roads.isdisjoint(
            m.hex_edges[h]
        ):
            P.eda = P.eda | {h}
            s.log(
                f"{s.players[seat]} activates the Extra Draw Area on hex {h}: a card now "
                "and one more in each later round's draw."
            )
            out.append(("draw", 1))
    return out


def place_property(s: StateFields, seat: int, kind: str, h: int) -> None:
    d = D.load()
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    todo = []
    after = []
    if kind in D.ROW_TYPES:
        row = P.rows[kind]
        P.rows = {**P.rows, kind: row + 1}
        P.props = {**P.props, h: kind}
        after = list(d.rows[row][kind])
    elif kind.startswith("shop-"):
        P.shops = [c for c in P.shops if c != kind[5:]]
        P.props = {**P.props, h: "shop"}
        after = [("ibonus", kind[5:])]
    elif kind == "lab":
        P.labs += 1
        P.props = {**P.props, h: "lab"}
    elif kind == "tower":
        P.tower = True
        P.props = {**P.props, h: "tower"}
        after = C.of(P).on_tower(s, seat)  # Clock Tower immediate abilities
    s.log(f"{s.players[seat]} places a {P.props[h]} on hex {h}.")
    if m.kinds[h] == "capital":
        todo += list(D.effects(d.board["capital_effect"], "capital"))
    else:
        todo += PR.tile_effect(P.tiles[h][0])
    if 10 in P.skills:
        SK.skill_vp(s, seat, 10)
    if after:
        parent = s.stack[-1] if s.stack else None
        if parent is not None and parent["op"] == Op.PROPERTY and parent["seat"] == seat:
            # a new frame in its place: the parent state shares the old one
            taking = cast(PropertyFrame, parent)
            longer: PropertyFrame = {**taking, "after": tuple(taking["after"]) + tuple(after)}
            s.stack[-1] = longer
        else:
            todo += after
    FR.push_effects(s, seat, todo, why=f"the {P.props[h]} on hex {h}")


def place_rabbit(s: StateFields, seat: int, h: int) -> None:
    d = D.load()
    P = s.p[seat]
    k = P.rabbits_taken
    P.rabbits_taken += 1
    P.rabbits = P.rabbits | {h}
    if 11 in P.skills:
        SK.skill_vp(s, seat, 11)
    s.log(f"{s.players[seat]} places a Cookie Rabbit on hex {h}.")
    FR.push_effects(s, seat, D.effects(d.player["food"]["rabbit_bonus"][k], "rabbit"))


def move_marker(s: StateFields, seat: int, marker: str, why: str = "") -> None:
    """One space on the Industry track; ``why``: what brought the step, for the log."""
    d = D.load()
    P = s.p[seat]
    last = len(d.industry) - 1
    pos = P.carriage if marker == "carriage" else P.loco
    name = "Carriage" if marker == "carriage" else "Locomotive"
    assert pos is not None, "the Locomotive moves only once it is taken"
    if pos == last:
        vp = d.player["end_of_industry_vp"]
        P.vp += vp
        said = f" (from {why})" if why else ""
        s.log(f"{s.players[seat]}'s {name} is at the end of the Industry track{said}: {vp} VP.")
        return
    pos += 1
    if marker == "carriage":
        P.carriage = pos
    else:
        P.loco = pos
    colour, bonus, _ = d.industry[pos]
    space = f"{s.players[seat]} advances the {name} to space {pos}"
    space += f" (from {why})" if why else ""
    if colour == MARKER_COLOUR[marker] and bonus:
        s.log(f"{space}, {article(colour)} {colour} space with a bonus.")
        FR.push_effects(s, seat, bonus, why=f"the bonus of Industry space {pos}")
    else:
        s.log(f"{space}.")


def advance_food(s: StateFields, seat: int, n: int) -> None:
    d = D.load()
    P = s.p[seat]
    food = d.player["food"]
    todo = []
    start, wheat = P.food, 0
    for _ in range(n):
        if P.food >= food["length"]:
            wheat += d.player["end_of_food_wheat"]
            continue
        P.food += 1
        for b in food["bonus"]:
            if b["at"] == P.food:
                todo += list(D.effects(b["effect"], "food"))
    P.res["wheat"] += wheat
    if P.food > start:
        s.log(f"{s.players[seat]} advances the Food track to {P.food}.")
    if wheat:
        s.log(f"{s.players[seat]}'s Food track is full: {wheat} wheat instead.")
    FR.push_effects(s, seat, todo, why="a Food track bonus")


def advance_prosperity(s: StateFields, seat: int, i: int) -> None:
    d = D.load()
    P = s.p[seat]
    t = d.prosperity[i]
    P.prosp = [*P.prosp[:i], P.prosp[i] + 1, *P.prosp[i + 1 :]]
    bonus = t["bonus"].get(P.prosp[i], ())
    step = f"{s.players[seat]} advances Prosperity track {t['id']} to {P.prosp[i]}"
    if P.prosp[i] == t["length"]:
        P.res["diamond"] -= 1
        s.log(f"{step}, its last space, paying 1 diamond.")
    else:
        s.log(f"{step}.")
    if P.prosp[i] == t["length"] and s.pros_first[i] is None:
        s.pros_first = list(s.pros_first)
        s.pros_first[i] = seat
        s.log(f"{s.players[seat]} is first to the end of {t['id']} and takes its bonus.")
        # pushed first: it follows the space's bonus
        FR.push_effects(s, seat, t["end_bonus"], why=f"the end bonus of Prosperity track {t['id']}")
    FR.push_effects(
        s, seat, bonus, why=f"the bonus of Prosperity track {t['id']}, space {P.prosp[i]}"
    )


def take_skill(s: StateFields, seat: int, sk: int) -> None:
    d = D.load()
    P = s.p[seat]
    if sk in s.skill_supply:
        s.skill_supply = {**s.skill_supply, sk: s.skill_supply[sk] - 1}
    else:  # F hook: an Advanced Skill Tile, paid with a diamond
        take_advanced(s, seat, sk)
    P.skills = [*P.skills, sk]
    s.log(f"{s.players[seat]} takes skill tile {sk}.")
    if d.skills[sk]["kind"] == "immediate":
        FR.push_effects(s, seat, d.skills[sk]["effect"], why=f"skill tile {sk}")


def _gain(s, seat, v, chain):
    res = s.p[seat].res
    for r, k in v.items():
        res[r] += k
    if any(v.values()):
        s.log(f"{s.players[seat]} gains {amounts(v)}.")


def _income(s, seat, v, chain):
    for r, k in v.items():
        PR.raise_income(s, seat, r, k)
    s.log(f"{s.players[seat]}'s income rises by {amounts(v)}.")


def _vp(s, seat, v, chain):
    s.p[seat].vp += v
    s.log(f"{s.players[seat]} scores {v} VP.")


def _vp_per(s, seat, v, chain):
    vp = Q.formula_vp(s, seat, v)
    s.p[seat].vp += vp
    s.log(f"{s.players[seat]} scores {vp} VP ({v['per'].replace('_', ' ')}).")


def _disc(s, seat, v, chain):
    s.p[seat].discs += v
    s.log(f"{s.players[seat]} gains {counted(v, 'Action Disc')}.")


def _wonder(s, seat, v, chain):
    P = s.p[seat]
    P.wonders += 1
    s.log(
        f"{s.players[seat]} unlocks a Wonder icon" + (" (a skill tile)." if P.wonders > 1 else ".")
    )
    if P.wonders > 1:
        FR.push_effects(s, seat, (("skill", 1),), chain)


def _locomotive(s, seat, v, chain):
    P = s.p[seat]
    if P.loco is None:
        P.loco = 0
        s.log(f"{s.players[seat]} gains the Locomotive.")


def _discount(s, seat, v, chain):
    P = s.p[seat]
    P.discount += v
    s.log(f"{s.players[seat]}'s property tokens now cost {P.discount} wood less.")


def _skill(s, seat, v, chain):
    # Jasmine Mei takes two skill tiles for each one granted.
    FR.push_counted(s, Op.SKILL, seat, chain, v * C.of(s.p[seat]).skills_per_grant)


def _property(paid):
    def push(s, seat, v, chain):
        paid_now = paid or s.options.get("granted_costs", "free") == "paid"
        f: PropertyFrame = {
            "op": Op.PROPERTY,
            "seat": seat,
            "chain": chain,
            "n": v,
            "after": (),
            "eligible": MQ.property_spots(s, seat),
            "paid": paid_now,
        }
        s.stack.append(f)

    return push


def _terrain_road(s, seat, v, chain):
    f: TerrainRoadFrame = {
        "op": Op.TERRAIN_ROAD,
        "seat": seat,
        "chain": chain,
        "t": v[0],
        "r": v[1],
    }
    s.stack.append(f)


def _counted(op):
    """An effect that becomes a pending step counting ``v`` choices."""
    return lambda s, seat, v, chain: FR.push_counted(s, op, seat, chain, v)


def _income_now(s, seat, v, chain):
    # The income tracks are read when this part of the income phase is reached,
    # so that Round Aid and character bonuses raise the same round's income.
    inc = s.p[seat].inc
    res = s.p[seat].res
    for r, k in inc.items():
        res[r] += k
    s.log(f"{s.players[seat]}'s income tracks pay {amounts(inc)}.")


def _draw_now(s, seat, v, chain):
    # Likewise the draw counts the Extra Draw Areas active at this moment.
    PR.draw(s, seat, v + len(s.p[seat].eda))


# Effect op -> handler (state, seat, value, chain). The data checker accepts exactly
# the ops listed in EFFECTS; INTERNAL ops are pushed by the engine itself.
EFFECTS = {
    "gain": _gain,
    "basic": _counted(Op.BASIC),
    "income": _income,
    "income_any": _counted(Op.INCOME_ANY),
    "vp": _vp,
    "vp_per": _vp_per,
    "draw": lambda s, seat, v, chain: PR.draw(s, seat, v),
    "disc": _disc,
    "terrain": _counted(Op.TERRAIN),
    "road": _counted(Op.ROAD),
    "terrain_road": _terrain_road,
    "food": lambda s, seat, v, chain: advance_food(s, seat, v),
    "industry": _counted(Op.INDUSTRY),
    "prosperity": _counted(Op.PROSPERITY),
    "prosperity_colour": lambda s, seat, v, chain: FR.push_prosperity(s, seat, chain, v[1], v[0]),
    "rabbit": _counted(Op.RABBIT),
    "property": _property(paid=False),
    "skill": _skill,
    "wonder": _wonder,
    "locomotive": _locomotive,
    "ibonus": lambda s, seat, v, chain: industry_bonus(s, seat, v, chain),
    "discount": _discount,
    "capital": _counted(Op.CAPITAL),
    **CS.DATA_EFFECTS,  # ops the skill data uses (data/skills.toml)
}
INTERNAL = {
    "area_property": _property(paid=True),
    "income_tracks": _income_now,
    "round_draw": _draw_now,
}
EFFECTS_ALL = {**EFFECTS, **INTERNAL, **CS.EXTRA_EFFECTS}
if set(EFFECTS) != D.EFFECT_OPS:  # the data checker's list and this table, in step
    raise RuntimeError(
        f"effect ops out of step with data.EFFECT_OPS: {set(EFFECTS) ^ D.EFFECT_OPS}"
    )
