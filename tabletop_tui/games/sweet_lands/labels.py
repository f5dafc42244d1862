"""Move labels for the Sweet Lands move list, built from the view and the legal moves.

The costs and gains come from the game's explainer (each move's ``Explanation``, asked
when the list is drawn); the rest are names and numbers the view shows (positions,
card texts), never a rule worked out here.
"""

from __future__ import annotations

from rules.core import Explanation
from rules.sweet_lands import SweetLandsView

from .asked import cost_of, gains_of, setup_of
from .draft import keep_label
from .text import card_summary, cost_text, data, formula_text, fx_text


def label_for(
    a, v: SweetLandsView, told: Explanation | None = None, slots: dict[int, int] | None = None
) -> str:
    """The move's words for the list: the engine's label, with the costs and gains the
    explainer told (``told``; the engine's label alone where a part a label reads is
    missing)."""
    make = LABELS.get(a.kind)
    try:
        text = make(a, v, told, slots or {}) if make else None
    except (StopIteration, KeyError, IndexError, TypeError):
        text = None
    return text or a.label


def _area(a, v, told, _slots) -> str:
    aid = a.args[0]
    area = data().areas[aid]
    cost = dict(cost_of(told))
    k = cost.pop("cards", 1)
    eff = f"copy a {'/'.join(area['copy'])} area" if area["copy"] else fx_text(area["effect"])
    wood = f", {a.args[1]} of the wheat as wood" if len(a.args) > 1 else ""
    return (
        f"Area {aid}: {eff} ({cost_text(cost, short=True)}, {k} card{'s' if k > 1 else ''}{wood})"
    )


def _copy(a, v, told, _slots) -> str:
    area = data().areas[a.args[0]]
    return f"Copy {a.args[0]}: {fx_text(area['effect'])} ({cost_text(cost_of(told), short=True)})"


def _card(a, v, _told, slots) -> str:
    """Play, discard or keep a card of the hand, with the digit key that chooses it."""
    hand = v["players"][a.seat]["hand"]
    card = next(c for c in hand if c["uid"] == a.args[0])
    place = slots.get(card["uid"]) or hand.index(card) + 1
    key = f"{place} " if place <= 9 else ""
    if a.kind == "play":
        return f"{key}Play {card['name']} ({card['play_cost']}g): {card_summary(card)}"
    return f"{key}{a.kind.title()} {card['name']}"


def _token(a, v, told, _slots) -> str:
    cost = cost_of(told)
    return f"Take a {a.args[0]} token ({cost_text(cost, short=True) if cost else 'free'})"


def _track(a, v, told, _slots) -> str:
    tr = data().prosperity[a.args[0]]
    return (
        f"Prosperity {tr['id']} ({tr['element'].replace('_', ' ')}): {', '.join(gains_of(told))}"
        + (" - pays 1 diamond" if cost_of(told).get("diamond") else "")
    )


def _skill(a, v, told, _slots) -> str:
    cost = cost_of(told)  # an Advanced Skill Tile costs a diamond
    paid = f" (advanced, pays {cost_text(cost, short=True)})" if cost else ""
    return f"Skill {a.args[0]}{paid}: {data().skills[a.args[0]]['text']}"


def _flip(a, _v, _told, _slots) -> str:
    return f"Flip skill {a.args[0]}: {data().skills[a.args[0]]['text']}"


def _aid(a, v, told, _slots) -> str:
    d = data()
    sp = v["round_aid"][a.args[0]]
    std = "; ".join(fx_text(d.aid_standard[t]) for t in sp["standard"])
    pas = f" | pass: {formula_text(d.aid_pass[sp['pass']])}" if sp["pass"] is not None else ""
    return f"Round Aid space {a.args[0] + 1}: {std}{pas}"


def _character(a, _v, told, _slots) -> str:
    ch = data().characters[a.args[0]]
    # the explainer adds the Clock Tower's ability and its condition
    said = {line.source: line.label for line in told.lines} if told is not None else {}
    if "Clock Tower condition" not in said:
        return f"{ch['name']}: {ch['basic']}"
    tower = f"Clock Tower ({said['Clock Tower condition']}): {said['Clock Tower ability']}"
    return f"{ch['name']}: {ch['basic']} | {tower}"


def _map(a, v, told, _slots) -> str | None:
    """F: the side's name with a small preview from the view."""
    side = next((m for m in v.get("maps") or () if m["id"] == a.args[0]), None)
    return f"{a.label}\n" + "\n".join(side["preview"]) if side is not None else None


def _special(a, _v, _told, _slots) -> str:
    flip = fx_text(data().specials[a.args[1]])
    return f"Special tile {a.args[1]} on hex {a.args[0]} (flip: {flip})"


def _marker(a, v, told, _slots) -> str:
    name = "Carriage" if a.args[0] == "carriage" else "Locomotive"
    return f"Advance the {name}: {', '.join(gains_of(told))}"


def _edge(a, _v, told, _slots) -> str:
    """The road by its hexes, with what it flips and wakes ("Road 9-14: flips ...")."""
    if told is None:
        return f"Road on edge {a.args[0]}"
    return f"{told.title}: " + (", ".join(gains_of(told)) or "flips nothing")


def _place(a, _v, told, _slots) -> str | None:
    merges = setup_of(told)  # a property that joins cities into one
    return f"{a.label} - WARNING: {'; '.join(merges)}" if merges else None


def _column(a, _v, told, _slots) -> str:
    """An Industry Bonus column with what it yields now ("Grey column: gain 2 iron, ...")."""
    return f"{a.args[0].capitalize()} column: " + (", ".join(gains_of(told)) or "nothing")


LABELS = {
    "column": _column,
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
    "draft": lambda a, v, _told, _slots: keep_label(v, a.args[0]),
    "done": lambda _a, _v, _told, _slots: "Stop here (s)",
    "end": lambda _a, _v, _told, _slots: "End the turn (e)",
}


def city_name(city: list[int]) -> str:
    return "-".join(map(str, city))
