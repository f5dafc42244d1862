"""Move labels for the Sweet Lands move list, built from the view and the legal moves.

The costs and gains come from the engine's ``explain`` part of the view; the rest are
names and numbers the view shows (positions, card texts), never a rule worked out here.
"""

from __future__ import annotations

from .draft import keep_label
from .text import card_summary, cost_text, data, formula_text, fx_text


def label_for(a, v: dict, slots: dict[int, int] | None = None) -> str:
    """The move's words for the list: the engine's label, with costs and gains from the
    view (the engine's label alone where the view lacks a part a label reads)."""
    make = LABELS.get(a.kind)
    try:
        text = make(a, v, slots or {}) if make else None
    except (StopIteration, KeyError, IndexError, TypeError):
        text = None
    return text or a.label


def _area(a, v, _slots) -> str:
    aid = a.args[0]
    area = data().areas[aid]
    cost = dict(move_cost(v, a))
    k = cost.pop("cards", 1)
    eff = f"copy a {'/'.join(area['copy'])} area" if area["copy"] else fx_text(area["effect"])
    wood = f", {a.args[1]} of the wheat as wood" if len(a.args) > 1 else ""
    return (
        f"Area {aid}: {eff} ({cost_text(cost, short=True)}, {k} card{'s' if k > 1 else ''}{wood})"
    )


def _copy(a, v, _slots) -> str:
    area = data().areas[a.args[0]]
    return f"Copy {a.args[0]}: {fx_text(area['effect'])} ({cost_text(move_cost(v, a), short=True)})"


def _card(a, v, slots) -> str:
    """Play, discard or keep a card of the hand, with the digit key that chooses it."""
    hand = v["players"][a.seat]["hand"]
    card = next(c for c in hand if c["uid"] == a.args[0])
    place = slots.get(card["uid"]) or hand.index(card) + 1
    key = f"{place} " if place <= 9 else ""
    if a.kind == "play":
        return f"{key}Play {card['name']} ({card['play_cost']}g): {card_summary(card)}"
    return f"{key}{a.kind.title()} {card['name']}"


def _token(a, v, _slots) -> str:
    cost = move_cost(v, a)
    return f"Take a {a.args[0]} token ({cost_text(cost, short=True) if cost else 'free'})"


def _track(a, v, _slots) -> str:
    tr = data().prosperity[a.args[0]]
    return (
        f"Prosperity {tr['id']} ({tr['element'].replace('_', ' ')}): {', '.join(move_gains(v, a))}"
        + (" - pays 1 diamond" if move_cost(v, a).get("diamond") else "")
    )


def _skill(a, v, _slots) -> str:
    cost = move_cost(v, a)  # an Advanced Skill Tile costs a diamond
    paid = f" (advanced, pays {cost_text(cost, short=True)})" if cost else ""
    return f"Skill {a.args[0]}{paid}: {data().skills[a.args[0]]['text']}"


def _flip(a, _v, _slots) -> str:
    return f"Flip skill {a.args[0]}: {data().skills[a.args[0]]['text']}"


def _aid(a, v, _slots) -> str:
    d = data()
    sp = v["round_aid"][a.args[0]]
    std = "; ".join(fx_text(d.aid_standard[t]) for t in sp["standard"])
    pas = f" | pass: {formula_text(d.aid_pass[sp['pass']])}" if sp["pass"] is not None else ""
    return f"Round Aid space {a.args[0] + 1}: {std}{pas}"


def _character(a, v, _slots) -> str:
    ch = data().characters[a.args[0]]
    # F: the view's character table adds the Clock Tower and its condition
    row = next((r for r in v.get("characters") or () if r["id"] == a.args[0]), None)
    if row is None:
        return f"{ch['name']}: {ch['basic']}"
    return f"{ch['name']}: {ch['basic']} | Clock Tower ({row['condition']}): {row['clock_tower']}"


def _map(a, v, _slots) -> str | None:
    """F: the side's name with a small preview from the view."""
    side = next((m for m in v.get("maps") or () if m["id"] == a.args[0]), None)
    return f"{a.label}\n" + "\n".join(side["preview"]) if side is not None else None


def _special(a, _v, _slots) -> str:
    flip = fx_text(data().specials[a.args[1]])
    return f"Special tile {a.args[1]} on hex {a.args[0]} (flip: {flip})"


def _marker(a, v, _slots) -> str:
    name = "Carriage" if a.args[0] == "carriage" else "Locomotive"
    return f"Advance the {name}: {', '.join(move_gains(v, a))}"


def _edge(a, v, _slots) -> str:
    return road_label(a.args[0], places(v)["roads"].get(str(a.args[0])))


def _place(a, v, _slots) -> str | None:
    joined = places(v)["merges"].get(str(a.args[0]))
    return f"{a.label} - WARNING: {merge_text(joined)}" if joined else None


LABELS = {
    "area": _area,
    "copy": _copy,
    "play": _card,
    "discard": _card,
    "keep": _card,
    "token": _token,
    "track": _track,
    "skill": _skill,
    "flip": _flip,
    "aid": _aid,
    "character": _character,
    "map": _map,
    "special": _special,
    "marker": _marker,
    "edge": _edge,
    "place": _place,
    "draft": lambda a, v, _slots: keep_label(v, a.args[0]),
    "done": lambda _a, _v, _slots: "Stop here (S)",
    "end": lambda _a, _v, _slots: "End the turn (E)",
}


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
