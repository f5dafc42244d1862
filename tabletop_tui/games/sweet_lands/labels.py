"""Move labels for the Sweet Lands move list, built from the view and the legal moves.

The costs and gains come from the engine's ``explain`` part of the view; the rest are
names and numbers the view shows (positions, card texts), never a rule worked out here.
"""

from __future__ import annotations

from .draft import keep_label
from .text import card_summary, cost_text, data, formula_text, fx_text


def label_for(a, v: dict, slots: dict[int, int] | None = None) -> str:
    """The move's words for the list: the engine's label, with costs and gains from the view."""
    d = data()
    me = a.seat
    pv = v["players"][me]
    try:
        if a.kind == "area":
            aid = a.args[0]
            area = d.areas[aid]
            cost = dict(move_cost(v, a))
            k = cost.pop("cards", 1)
            eff = (
                f"copy a {'/'.join(area['copy'])} area" if area["copy"] else fx_text(area["effect"])
            )
            wood = f", {a.args[1]} of the wheat as wood" if len(a.args) > 1 else ""
            return f"Area {aid}: {eff} ({cost_text(cost, short=True)}, {k} card{'s' if k > 1 else ''}{wood})"
        if a.kind == "copy":
            area = d.areas[a.args[0]]
            return f"Copy {a.args[0]}: {fx_text(area['effect'])} ({cost_text(move_cost(v, a), short=True)})"
        if a.kind in ("play", "discard", "keep"):
            card = next(c for c in pv["hand"] if c["uid"] == a.args[0])
            place = (slots or {}).get(card["uid"]) or pv["hand"].index(card) + 1
            key = f"{place} " if place <= 9 else ""  # the digit key that chooses it
            if a.kind == "play":
                return f"{key}Play {card['name']} ({card['play_cost']}g): {card_summary(card)}"
            return f"{key}{a.kind.title()} {card['name']}"
        if a.kind == "token":
            cost = move_cost(v, a)
            return f"Take a {a.args[0]} token ({cost_text(cost, short=True) if cost else 'free'})"
        if a.kind == "track":
            tr = d.prosperity[a.args[0]]
            return (
                f"Prosperity {tr['id']} ({tr['element'].replace('_', ' ')}): {', '.join(move_gains(v, a))}"
                + (" - pays 1 diamond" if move_cost(v, a).get("diamond") else "")
            )
        if a.kind == "skill":
            cost = move_cost(v, a)  # an Advanced Skill Tile costs a diamond
            paid = f" (advanced, pays {cost_text(cost, short=True)})" if cost else ""
            return f"Skill {a.args[0]}{paid}: {d.skills[a.args[0]]['text']}"
        if a.kind == "flip":
            return f"Flip skill {a.args[0]}: {d.skills[a.args[0]]['text']}"
        if a.kind == "aid":
            sp = v["round_aid"][a.args[0]]
            std = "; ".join(fx_text(d.aid_standard[t]) for t in sp["standard"])
            pas = (
                f" | pass: {formula_text(d.aid_pass[sp['pass']])}" if sp["pass"] is not None else ""
            )
            return f"Round Aid space {a.args[0] + 1}: {std}{pas}"
        if a.kind == "character":
            ch = d.characters[a.args[0]]
            # F: the view's character table adds the Clock Tower and its condition
            row = next((r for r in v.get("characters") or () if r["id"] == a.args[0]), None)
            if row is None:
                return f"{ch['name']}: {ch['basic']}"
            tower = f"Clock Tower ({row['condition']}): {row['clock_tower']}"
            return f"{ch['name']}: {ch['basic']} | {tower}"
        if a.kind == "map":  # F: a small preview of the side from the view
            side = next((m for m in v.get("maps") or () if m["id"] == a.args[0]), None)
            if side is not None:
                return f"{a.label}\n" + "\n".join(side["preview"])
        if a.kind == "special":
            return f"Special tile {a.args[1]} on hex {a.args[0]} (flip: {fx_text(d.specials[a.args[1]])})"
        if a.kind == "marker":
            name = "Carriage" if a.args[0] == "carriage" else "Locomotive"
            return f"Advance the {name}: {', '.join(move_gains(v, a))}"
        if a.kind == "edge":
            return road_label(a.args[0], places(v)["roads"].get(str(a.args[0])))
        if a.kind == "place":
            joined = places(v)["merges"].get(str(a.args[0]))
            if joined:
                return f"{a.label} - WARNING: {merge_text(joined)}"
        if a.kind == "draft":
            return keep_label(v, a.args[0]) or a.label
        if a.kind == "done":
            return "Stop here (S)"
        if a.kind == "end":
            return "End the turn (E)"
    except (StopIteration, KeyError, IndexError, TypeError):
        pass
    return a.label


def move_cost(view: dict, action) -> dict:
    """The cost the engine reports in the view for one legal move ({} if none)."""
    return _explained(view, action).get("cost") or {}


def move_gains(view: dict, action) -> list[str]:
    """The gains the engine reports in the view for one legal move ([] if none)."""
    return _explained(view, action).get("gains") or []


def _explained(view: dict, action) -> dict:
    for move in (view.get("explain") or {}).get("moves") or ():
        if move["key"] == action.key:
            return move
    return {}


def places(view: dict) -> dict:
    """The engine's facts about the viewer's map places (roads, cities, merges)."""
    return (view.get("explain") or {}).get("places") or {"cities": [], "roads": {}, "merges": {}}


def road_name(facts: dict) -> str:
    """A road named by the two hexes it joins ("9-14"), or by its hex and side on the border."""
    hexes = facts["hexes"]
    if len(hexes) == 2:
        return f"{hexes[0]}-{hexes[1]}"
    return f"{hexes[0]} {facts['side']} side"


def road_label(edge: int, facts: dict | None) -> str:
    if facts is None:
        return f"Road on edge {edge}"
    effects = [f"flips {x}" for x in facts["flips"]]
    effects += [f"wakes the Extra Draw Area on {h}" for h in facts["wakes"]]
    return f"Road {road_name(facts)}: " + (", ".join(effects) if effects else "flips nothing")


def city_name(city: list[int]) -> str:
    return "-".join(map(str, city))


def merge_text(joined: list[list[int]]) -> str:
    names = [city_name(c) for c in joined]
    return f"joins cities {', '.join(names[:-1])} and {names[-1]} into one city"


MAP_KINDS = {"hex": "hex", "special": "hex", "place": "hex", "rabbit": "hex", "edge": "edge"}


def map_targets(legal: list) -> dict[tuple[str, int], list]:
    """The legal moves aimed at the map, by the hex or edge each is aimed at."""
    targets: dict = {}
    for a in legal:
        what = MAP_KINDS.get(a.kind)
        if what:
            targets.setdefault((what, a.args[0]), []).append(a)
    return targets
