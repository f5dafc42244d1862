"""Words for Sweet Lands data: effects, costs, pass formulas, conditions, cards.

Everything here reads public data (rules/sweet_lands/model/data/*.toml) or a view dict;
nothing reaches into a game state. Only plain ASCII is produced (no emoji, no
ambiguous-width glyphs), so every terminal lines it up the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rules.core import counted
from rules.sweet_lands import CardView, PlayerView

RES_SHORT = {"gold": "g", "wheat": "wh", "wood": "wd", "iron": "ir", "diamond": "dia"}
RES_ORDER = ("gold", "wheat", "wood", "iron", "diamond")
PROP_LETTER = {"tent": "t", "house": "h", "building": "b", "shop": "s", "lab": "l", "tower": "k"}
PROP_WORD = {
    "tent": "tent",
    "house": "house",
    "building": "bldg",
    "shop": "shop",
    "lab": "lab",
    "tower": "tower",
}
COLOUR_LETTER = {"orange": "O", "green": "G", "grey": "Y", "none": "-"}
INDUSTRY_COLUMN = {"agricultural": "orange", "forestry": "green", "mining": "grey"}

COUNT_WORDS = {
    "cities": "city",
    "played_cards": "played card",
    "most_terrain_type": "tile of your most common terrain",
    "connected_ports": "connected port",
    "lowest_basic_income": "point of your lowest basic income",
    "highest_basic_income": "point of your highest basic income",
    "columns_min": "card in your shortest industry column",
    "food": "Food Track space",
    "ip_this_pass": "Industry Point gained by this pass",
    "automated": "automated card",
    "skills": "skill tile",
    "roads": "road",
    "rabbits": "Cookie Rabbit",
    "perimeter_terrain": "tile on the map's edge",
}


@lru_cache(maxsize=1)
def data():
    """The printed components (names, texts, boards), the same in every game."""
    from rules.sweet_lands import components

    return components()


@lru_cache(maxsize=1)
def solo_cards() -> dict:
    from rules.sweet_lands import solo_card_spaces

    return solo_card_spaces()


def cost_text(cost: dict | None, short: bool = False) -> str:
    if not cost:
        return "free" if not short else "-"
    parts = []
    for r in RES_ORDER:
        k = cost.get(r, 0)
        if k:
            parts.append(f"{k}{RES_SHORT[r]}" if short else f"{k} {r}")
    return (" " if short else ", ").join(parts) or ("-" if short else "free")


def count_text(spec: dict) -> str:
    per = spec["per"]
    if per == "tag":
        return f"{spec['tag']} tag"
    if per == "property":
        return f"{spec['kind']} token"
    if per == "terrain_of":
        return f"{spec['kind']} tile"
    return COUNT_WORDS.get(per, per.replace("_", " "))


def formula_text(spec: dict | None) -> str:
    """A pass / VP formula: '1 VP per played card', '3/5/7 VP at 3/6/9 Food'."""
    if not spec:
        return ""
    what = count_text(spec)
    if "steps" in spec:
        needs = "/".join(str(n) for n, _ in spec["steps"])
        vps = "/".join(str(v) for _, v in spec["steps"])
        return f"{vps} VP at {needs} x {what}"
    every = spec.get("every", 1)
    per = f"{every} {_plural_phrase(what)}" if every > 1 else what
    return f"{spec['vp']} VP per {per}"


def _plural_phrase(what: str) -> str:
    """'sea tile' -> 'sea tiles', 'Industry Point gained by this pass' -> 'Industry Points gained ...'."""
    head, sep, tail = what.partition(" gained")
    head, sep2, tail2 = head.partition(" of ")
    head = head if head.endswith("s") else head + "s"
    return head + sep2 + tail2 + sep + tail


def _one(op: str, v) -> str:
    words = EFFECT_WORDS.get(op)
    return words(v) if words is not None else f"{op} {v}"


def _terrain_road(v) -> str:
    t, r = v
    return f"up to {counted(t, 'tile')} + {counted(r, 'road')}"


# an effect's words, by its op, given its value
EFFECT_WORDS: dict[str, Callable[[Any], str]] = {
    "gain": lambda v: "+" + cost_text(dict(v), short=False).replace(", ", " +"),
    "basic": lambda v: f"+{v} basic (choice)",
    "income": lambda v: ", ".join(f"{r} income +{k}" for r, k in dict(v).items()),
    "income_any": lambda v: f"{counted(v, 'income step')} (choice)",
    "vp": lambda v: f"{v} VP",
    "vp_per": lambda v: formula_text(dict(v)),
    "draw": lambda v: f"draw {v}",
    "disc": lambda v: counted(v, "Action Disc"),
    "terrain": lambda v: f"up to {counted(v, 'tile')}",
    "road": lambda v: f"up to {counted(v, 'road')}",
    "terrain_road": _terrain_road,
    "food": lambda v: f"Food +{v}",
    "industry": lambda v: f"Industry +{v}",
    "prosperity": lambda v: f"Prosperity +{v}",
    "prosperity_colour": lambda v: f"{v[0]} Prosperity +{v[1]}",
    "rabbit": lambda v: counted(v, "Cookie Rabbit"),
    "property": lambda v: f"up to {counted(v, 'property', 'properties')}",
    "skill": lambda v: counted(v, "skill tile"),
    "wonder": lambda v: "Wonder",
    "locomotive": lambda v: "Locomotive",
    "ibonus": lambda v: "Industry Bonus (any column)" if v == "any" else f"{v} Industry Bonus",
    "discount": lambda v: f"wood discount -{v}",
    "capital": lambda v: "1 income or Prosperity step",
}


def fx_text(effects) -> str:
    """Effects as a short phrase; accepts [(op, v)] tuples or [[op, v]] lists."""
    if not effects:
        return "-"
    return "; ".join(_one(op, v) for op, v in effects)


def cond_text(cond: dict) -> str:
    """A milestone or Clock Tower condition."""
    t, n = cond["test"], cond.get("n", 1)
    words = {
        "terrain_types": lambda: f"{n}+ {'/'.join(cond['types'])} tiles",
        "properties": lambda: f"{n}+ property tokens",
        "connected_ports": lambda: f"{n}+ connected ports",
        "food": lambda: f"Food Track {n}+",
        "wonders": lambda: f"{n}+ Wonders",
        "played_cards": lambda: f"{n}+ played cards",
        "tag": lambda: f"{n}+ {cond.get('tag')} tags",
        "gold_income": lambda: f"gold income {n}+",
        "prosperity_colour_max": lambda: f"{n}+ steps on one colour's Prosperity Tracks",
        "industry_advance": lambda: f"an Industry marker on space {n}+",
        "vp": lambda: f"{n}+ VP during play",
        "cities": lambda: f"{n}+ cities",
        "skills": lambda: f"{n}+ skill tiles",
        "rabbits": lambda: f"{n}+ Cookie Rabbits on the map",
    }
    return words.get(t, lambda: f"{t} {n}")()


def card_of(cid: int):
    return data().cards[cid]


def card_summary(card: CardView) -> str:
    """One line: what a card does (immediate or pass), for a card dict from a view."""
    if card["kind"] == "pass":
        return "pass: " + formula_text(card["pass"])
    return fx_text(card["effect"])


def card_auto(card: CardView) -> str:
    if card["kind"] == "pass" or card["industry"] == "none":
        return "-"
    col = "any column" if card["industry"] == "wild" else INDUSTRY_COLUMN[card["industry"]]
    return f"[{col}] {fx_text(card['auto'])}"


def tags_text(tags) -> str:
    return " ".join(t[:4] for t in tags)


def tile_effect_text(kind: str) -> str:
    d = data()
    if kind.startswith("special:"):
        return fx_text(d.specials[int(kind[8:])])
    return fx_text(d.terrain_flip.get(kind, ()))


def player_tags(players: list) -> list[str]:
    """A one-letter tag per player (initial), made unique with the seat number."""
    firsts = [p["name"][:1].upper() or "?" for p in players]
    out = []
    for i, f in enumerate(firsts):
        out.append(f if firsts.count(f) == 1 else str(i + 1))
    return out


def token_cost(pv: PlayerView, kind: str) -> dict:
    """The cost of the next token of a kind, as the engine reports it in the view."""
    return pv.get("token_costs", {}).get(kind, {})


def resources_text(res: dict, short: bool = True) -> str:
    return (
        " ".join(f"{res.get(r, 0)}{RES_SHORT[r]}" for r in RES_ORDER if r in res)
        if short
        else ", ".join(f"{res.get(r, 0)} {r}" for r in RES_ORDER if r in res)
    )


def icon_text(effects) -> str:
    """At most 6 characters for a map bonus icon: +skill, +draw1, +4g, +3VP."""
    out = []
    for op, v in effects:
        if op == "skill":
            out.append("skill")
        elif op == "draw":
            out.append(f"draw{v}")
        elif op == "vp":
            out.append(f"{v}VP")
        elif op == "gain":
            out.append("".join(f"{k}{RES_SHORT[r]}" for r, k in dict(v).items()))
        else:
            out.append(op[:5])
    return "+" + "+".join(out)


def _short(op: str, v) -> str:
    words = EFFECT_SHORT.get(op)
    return words(v) if words is not None else op


# an effect in a few characters (track spaces), by its op, given its value
EFFECT_SHORT: dict[str, Callable[[Any], str]] = {
    "gain": lambda v: " ".join(f"+{k}{RES_SHORT[r]}" for r, k in dict(v).items()),
    "basic": lambda v: f"+{v}basic",
    "income": lambda v: " ".join(f"{r[:2]}inc+{k}" for r, k in dict(v).items()),
    "income_any": lambda v: f"inc+{v}",
    "vp": lambda v: f"{v}VP",
    "draw": lambda v: f"draw{v}",
    "disc": lambda v: f"{v}disc",
    "terrain": lambda v: f"{v}tile",
    "road": lambda v: f"{v}road",
    "terrain_road": lambda v: f"{v[0]}tile+{v[1]}road",
    "food": lambda v: f"food+{v}",
    "industry": lambda v: f"ind+{v}",
    "prosperity": lambda v: f"pros+{v}",
    "prosperity_colour": lambda v: f"{v[0][:2]}pros+{v[1]}",
    "rabbit": lambda v: f"{v}rabbit",
    "property": lambda v: f"{v}prop",
    "skill": lambda v: f"{v}skill",
    "wonder": lambda v: "Wonder",
    "locomotive": lambda v: "Loco",
    "ibonus": lambda v: "anyIB" if v == "any" else f"{v[:2]}IB",
    "discount": lambda v: f"wd-{v}",
    "capital": lambda v: "step",
}


def fx_short(effects) -> str:
    """Effects in a few characters, for track spaces: +3g, 2tile+1road, Loco, pros+1."""
    if not effects:
        return ""
    return " ".join(_short(op, v) for op, v in effects)


def place_facts(m, pv: PlayerView, target: tuple) -> list[str]:
    """What the map shows at a hex or an edge of the viewer's board, in words."""
    what, i = target
    if what == "hex":
        kind = m.kinds[i]
        tile = pv["tiles"].get(str(i))
        bits = [f"[b]Hex {i}[/b] {kind}"]
        if tile:
            bits.append(
                f"tile {tile[0]} {'flipped' if tile[1] else 'face up'} "
                f"(flip: {tile_effect_text(tile[0])})"
            )
        elif kind in ("wheat", "forest", "mine", "sea"):
            bits.append(f"empty (flip gives {tile_effect_text(kind)})")
        if str(i) in pv["properties"]:
            bits.append(pv["properties"][str(i)])
        if i in pv["rabbits"]:
            bits.append("Cookie Rabbit")
        if i in m.ports:
            bits.append("port")
        if i in m.icons and not tile:
            bits.append("icon: " + fx_text(m.icons[i]))
        if kind == "eda":
            bits.append(
                "active"
                if i in pv["extra_draw"]
                else "inactive: needs a tile beside it and a road on its edge"
            )
        if kind == "capital":
            bits.append("a property here gives 1 income or Prosperity step")
    else:
        hexes = m.edge_hexes[i]
        bits = [
            f"[b]Edge {i}[/b] between hex{'es' if len(hexes) > 1 else ''} "
            f"{' and '.join(map(str, hexes))}",
            "road" if i in pv["roads"] else "no road",
        ]
    return bits


def character_short(cid: str | None) -> str:
    """A character's first name for the compact player lines ("Solbee"); "-" while
    the seat has none yet."""
    return data().characters[cid]["name"].split()[0] if cid else "-"
