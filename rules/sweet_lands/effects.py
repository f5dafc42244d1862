"""Effects and what placing a piece triggers."""

from __future__ import annotations

from typing import Any

from . import character_steps as CS
from . import characters as C
from . import data as D
from . import skills as SK
from .constants import MARKER_COLOUR
from .fields import Effect, StateFields
from .story import amounts, article, bonus_name, plural, tile_name
from .variants import take_advanced


class Effects(StateFields):
    __slots__ = ()

    def _push(self, seat: int, effects: Any, chain: int | None = None) -> None:
        for op, v in reversed(effects):
            self.stack.append({"op": "fx", "seat": seat, "fx": op, "v": v, "chain": chain})

    def _effect(self, seat: int, op: str, v: Any, chain: int | None) -> None:
        EFFECTS_ALL[op](self, seat, v, chain)

    def _step(self, op: str, seat: int, chain: int | None, **fields: Any) -> None:
        self.stack.append({"op": op, "seat": seat, "chain": chain, **fields})

    def _raise_income(self, seat: int, r: str, k: int) -> None:
        P = self.p[seat]
        P.inc = {**P.inc, r: P.inc[r] + k}  # copy on write (see PlayerState.copy)
        SK.on_income_rise(self, seat, r, k)  # F hook: skill tile 29

    def _draw(self, seat: int, n: int) -> None:
        d = D.load()
        got = []
        self.deck = list(self.deck)  # copy on write (see SweetLandsState._copy)
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = list(self.discard)
                self.discard = []
                self.own_rng().shuffle(self.deck)
                self.log("The Citizen Deck is empty: the discard pile is shuffled into a new deck.")
            got.append(self.deck.pop())
        P = self.p[seat]
        P.hand = P.hand + got  # copy on write (see PlayerState.copy)
        if got:
            self.checkpoint += 1
            self.log(f"{self.who(seat)} draws {len(got)} card{'s' if len(got) != 1 else ''}.")
            self.log("You draw: " + ", ".join(d.cards[d.deck[u]].name for u in got) + ".", seat)

    def _ibonus(self, seat: int, colour: str, chain_from: int | None) -> None:
        d = D.load()
        P = self.p[seat]
        if colour == "any":
            self.stack.append({"op": "column", "seat": seat, "chain_from": chain_from})
            return
        if chain_from is not None:
            for i, f in enumerate(self.stack):
                if f.get("chain") == chain_from:
                    # finish the running Industry Bonus to the bottom first
                    self.stack.insert(i, {"op": "ibonus_now", "seat": seat, "v": colour})
                    self.log(
                        f"{self.who(seat)} earns {bonus_name(colour)}; it follows once the "
                        "running Industry Bonus is finished."
                    )
                    return
        self.log(f"{self.who(seat)} gains {bonus_name(colour)}.")
        if 12 in P.skills:
            self._skill_vp(seat, 12)
        C.of(P).on_ibonus(self, seat)  # Carmen Mel's cubes
        self.chain += 1
        cid = self.chain
        items = list(d.player["columns"][colour]["ability"])
        effects = D.effects(items, "column")
        for uid in P.columns[colour]:
            effects += d.cards[d.deck[uid]].auto
        self._push(seat, effects, cid)

    def _place_terrain(self, seat: int, h: int, special: int | None = None) -> None:
        D.load()
        P = self.p[seat]
        m = self.mapb(seat)
        if special is not None:
            self.specials = [t for t in self.specials if t != special]
            P.tiles = {**P.tiles, h: (f"special:{special}", False)}
        else:
            P.tiles = {**P.tiles, h: (m.kinds[h], False)}
        self.log(f"{self.who(seat)} places a {tile_name(P.tiles[h][0])} on hex {h}.")
        todo = []
        if h in m.icons:
            todo += list(m.icons[h])
        if any(e in P.roads for e in m.hex_edges[h]):
            todo += self._flip(seat, h)
        todo += self._check_eda(seat)
        self._push(seat, todo)

    def _place_road(self, seat: int, e: int) -> None:
        P = self.p[seat]
        m = self.mapb(seat)
        P.roads = P.roads | {e}
        self.log(f"{self.who(seat)} places a road on edge {e}.")
        todo: list[Effect] = []
        for h in m.edge_hexes[e]:
            if h in P.tiles and not P.tiles[h][1]:
                todo += self._flip(seat, h)
        todo += self._check_eda(seat)
        self._push(seat, todo)

    def _tile_effect(self, kind: str) -> list[Effect]:
        d = D.load()
        if kind.startswith("special:"):
            return list(d.specials[int(kind[8:])])
        return list(d.terrain_flip[kind])

    def _flip(self, seat: int, h: int) -> list[Effect]:
        P = self.p[seat]
        kind = P.tiles[h][0]
        P.tiles = {**P.tiles, h: (kind, True)}
        self.log(f"{self.who(seat)} flips the {tile_name(kind)} on hex {h}.")
        return self._tile_effect(kind)

    def _check_eda(self, seat):
        P = self.p[seat]
        m = self.mapb(seat)
        out = []
        for h in m.edas:
            if h in P.eda:
                continue
            if any(nb in P.tiles for nb in m.neighbours[h]) and any(
                e in P.roads for e in m.hex_edges[h]
            ):
                P.eda = P.eda | {h}
                self.log(
                    f"{self.who(seat)} activates the Extra Draw Area on hex {h}: a card now "
                    "and one more in each later round's draw."
                )
                out.append(("draw", 1))
        return out

    def _place_property(self, seat: int, kind: str, h: int) -> None:
        d = D.load()
        P = self.p[seat]
        m = self.mapb(seat)
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
            after = C.of(P).on_tower(self, seat)  # Clock Tower immediate abilities
        self.log(f"{self.who(seat)} places a {P.props[h]} on hex {h}.")
        if m.kinds[h] == "capital":
            todo += list(D.effects(d.board["capital_effect"], "capital"))
        else:
            todo += self._tile_effect(P.tiles[h][0])
        if 10 in P.skills:
            self._skill_vp(seat, 10)
        if after:
            parent = self.stack[-1] if self.stack else None
            if parent is not None and parent["op"] == "property" and parent["seat"] == seat:
                # a new frame in its place: the parent state shares the old one
                self.stack[-1] = {**parent, "after": tuple(parent["after"]) + tuple(after)}
            else:
                todo += after
        self._push(seat, todo)

    def _place_rabbit(self, seat: int, h: int) -> None:
        d = D.load()
        P = self.p[seat]
        k = P.rabbits_taken
        P.rabbits_taken += 1
        P.rabbits = P.rabbits | {h}
        if 11 in P.skills:
            self._skill_vp(seat, 11)
        self.log(f"{self.who(seat)} places a Cookie Rabbit on hex {h}.")
        self._push(seat, D.effects(d.player["food"]["rabbit_bonus"][k], "rabbit"))

    def _move_marker(self, seat: int, marker: str) -> None:
        d = D.load()
        P = self.p[seat]
        last = len(d.industry) - 1
        pos = P.carriage if marker == "carriage" else P.loco
        name = "Carriage" if marker == "carriage" else "Locomotive"
        assert pos is not None, "the Locomotive moves only once it is taken"
        if pos == last:
            vp = d.player["end_of_industry_vp"]
            P.vp += vp
            self.log(f"{self.who(seat)}'s {name} is at the end of the Industry track: {vp} VP.")
            return
        pos += 1
        if marker == "carriage":
            P.carriage = pos
        else:
            P.loco = pos
        colour, bonus, _ = d.industry[pos]
        space = f"{self.who(seat)} advances the {name} to space {pos}"
        if colour == MARKER_COLOUR[marker] and bonus:
            self.log(f"{space}, {article(colour)} {colour} space with a bonus.")
            self._push(seat, bonus)
        else:
            self.log(f"{space}.")

    def _advance_food(self, seat: int, n: int) -> None:
        d = D.load()
        P = self.p[seat]
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
            self.log(f"{self.who(seat)} advances the Food track to {P.food}.")
        if wheat:
            self.log(f"{self.who(seat)}'s Food track is full: {wheat} wheat instead.")
        self._push(seat, todo)

    def _advance_prosperity(self, seat: int, i: int) -> None:
        d = D.load()
        P = self.p[seat]
        t = d.prosperity[i]
        P.prosp = [*P.prosp[:i], P.prosp[i] + 1, *P.prosp[i + 1 :]]
        todo = list(t["bonus"].get(P.prosp[i], ()))
        step = f"{self.who(seat)} advances Prosperity track {t['id']} to {P.prosp[i]}"
        if P.prosp[i] == t["length"]:
            P.res["diamond"] -= 1
            self.log(f"{step}, its last space, paying 1 diamond.")
        else:
            self.log(f"{step}.")
        if P.prosp[i] == t["length"]:
            if self.pros_first[i] is None:
                self.pros_first = list(self.pros_first)
                self.pros_first[i] = seat
                todo += list(t["end_bonus"])
                self.log(f"{self.who(seat)} is first to the end of {t['id']} and takes its bonus.")
        self._push(seat, todo)

    def _take_skill(self, seat: int, sk: int) -> None:
        d = D.load()
        P = self.p[seat]
        if sk in self.skill_supply:
            self.skill_supply = {**self.skill_supply, sk: self.skill_supply[sk] - 1}
        else:  # F hook: an Advanced Skill Tile, paid with a diamond
            take_advanced(self, seat, sk)
        P.skills = [*P.skills, sk]
        self.log(f"{self.who(seat)} takes skill tile {sk}.")
        if d.skills[sk]["kind"] == "immediate":
            self._push(seat, d.skills[sk]["effect"])

    def _skill_vp(self, seat: int, sk: int) -> None:
        """The VP a skill tile scores when it triggers, said in the log."""
        vp = D.load().skills[sk]["vp"]
        self.p[seat].vp += vp
        self.log(f"{self.who(seat)} scores {vp} VP with skill tile {sk}.")


def _gain(s, seat, v, chain):
    res = s.p[seat].res
    for r, k in v.items():
        res[r] += k
    if any(v.values()):
        s.log(f"{s.who(seat)} gains {amounts(v)}.")


def _income(s, seat, v, chain):
    for r, k in v.items():
        s._raise_income(seat, r, k)
    s.log(f"{s.who(seat)}'s income rises by {amounts(v)}.")


def _vp(s, seat, v, chain):
    s.p[seat].vp += v
    s.log(f"{s.who(seat)} scores {v} VP.")


def _vp_per(s, seat, v, chain):
    vp = s.formula_vp(seat, v)
    s.p[seat].vp += vp
    s.log(f"{s.who(seat)} scores {vp} VP ({v['per'].replace('_', ' ')}).")


def _disc(s, seat, v, chain):
    s.p[seat].discs += v
    s.log(f"{s.who(seat)} gains {plural(v, 'Action Disc')}.")


def _wonder(s, seat, v, chain):
    P = s.p[seat]
    P.wonders += 1
    s.log(f"{s.who(seat)} unlocks a Wonder icon" + (" (a skill tile)." if P.wonders > 1 else "."))
    if P.wonders > 1:
        s._push(seat, (("skill", 1),), chain)


def _locomotive(s, seat, v, chain):
    P = s.p[seat]
    if P.loco is None:
        P.loco = 0
        s.log(f"{s.who(seat)} gains the Locomotive.")


def _discount(s, seat, v, chain):
    P = s.p[seat]
    P.discount += v
    s.log(f"{s.who(seat)}'s property tokens now cost {P.discount} wood less.")


def _skill(s, seat, v, chain):
    # Jasmine Mei takes two skill tiles for each one granted.
    s._step("skill", seat, chain, n=v * C.of(s.p[seat]).skills_per_grant)


def _property(paid):
    def push(s, seat, v, chain):
        if not paid and s.options.get("granted_costs", "free") == "paid":
            paid_now = True
        else:
            paid_now = paid
        s._step(
            "property", seat, chain, n=v, after=(), eligible=s.property_spots(seat), paid=paid_now
        )

    return push


def _counted(op):
    """An effect that becomes a pending step counting ``v`` choices."""
    return lambda s, seat, v, chain: s._step(op, seat, chain, n=v)


def _income_now(s, seat, v, chain):
    # The income tracks are read when this part of the income phase is reached,
    # so that Round Aid and character bonuses raise the same round's income.
    inc = s.p[seat].inc
    res = s.p[seat].res
    for r, k in inc.items():
        res[r] += k
    s.log(f"{s.who(seat)}'s income tracks pay {amounts(inc)}.")


def _draw_now(s, seat, v, chain):
    # Likewise the draw counts the Extra Draw Areas active at this moment.
    s._draw(seat, v + len(s.p[seat].eda))


# Effect op -> handler (state, seat, value, chain). The data checker accepts exactly
# the ops listed in EFFECTS; INTERNAL ops are pushed by the engine itself.
EFFECTS = {
    "gain": _gain,
    "basic": _counted("basic"),
    "income": _income,
    "income_any": _counted("income_any"),
    "vp": _vp,
    "vp_per": _vp_per,
    "draw": lambda s, seat, v, chain: s._draw(seat, v),
    "disc": _disc,
    "terrain": _counted("terrain"),
    "road": _counted("road"),
    "terrain_road": lambda s, seat, v, chain: s._step("tr", seat, chain, t=v[0], r=v[1]),
    "food": lambda s, seat, v, chain: s._advance_food(seat, v),
    "industry": _counted("industry"),
    "prosperity": _counted("prosperity"),
    "prosperity_colour": lambda s, seat, v, chain: s._step(
        "prosperity", seat, chain, n=v[1], colour=v[0]
    ),
    "rabbit": _counted("rabbit"),
    "property": _property(paid=False),
    "skill": _skill,
    "wonder": _wonder,
    "locomotive": _locomotive,
    "ibonus": lambda s, seat, v, chain: s._ibonus(seat, v, chain),
    "discount": _discount,
    "capital": _counted("capital"),
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
