"""Words for the game log: amounts, articles and the names of tiles.

The log is written in every playout, so these stay plain string work; nothing here
is called unless a line is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.text import counted


def article(word: str) -> str:
    """ "an" before a vowel sound of the words the log uses, else "a"."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def amounts(res: dict[str, int]) -> str:
    """{"gold": 3, "wheat": 2} -> "3 gold and 2 wheat" (zero amounts left out)."""
    parts = [f"{k} {r}" for r, k in res.items() if k]
    if len(parts) < 2:
        return "".join(parts) or "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def tile_name(kind: str) -> str:
    """A placed tile's kind as words: "wheat tile", "special tile 3"."""
    if kind.startswith("special:"):
        return f"special tile {kind[8:]}"
    return f"{kind} tile"


def bonus_name(colour: str) -> str:
    """ "an orange Industry Bonus", "a grey Industry Bonus"."""
    return f"{article(colour)} {colour} Industry Bonus"


def _per(spec: dict) -> str:
    """What a VP formula counts, as words: "2 VP per shortcake card"."""
    tag = spec.get("tag")
    thing = f"{tag} tag" if tag else spec.get("kind") or str(spec.get("per", "")).replace("_", " ")
    every = spec.get("every", 1)
    return f"{spec.get('vp', 1)} VP per {f'{every} ' if every > 1 else ''}{thing}"


# effect op -> words for its value; an op missing here falls back to its name
_EFFECT_WORDS = {
    "gain": lambda v: "gain " + amounts(v),
    "basic": lambda v: "gain " + counted(v, "basic resource") + " of your choice",
    "income": lambda v: "raise income: " + amounts(v),
    "income_any": lambda v: "raise " + counted(v, "income track") + " of your choice",
    "vp": lambda v: f"{v} VP",
    "vp_per": _per,
    "draw": lambda v: "draw " + counted(v, "card"),
    "disc": lambda v: counted(v, "Action Disc"),
    "terrain": lambda v: "place " + counted(v, "terrain tile"),
    "road": lambda v: "place " + counted(v, "road"),
    "terrain_road": lambda v: f"place {counted(v[0], 'terrain tile')} and {counted(v[1], 'road')}",
    "food": lambda v: f"{counted(v, 'step')} on the Food track",
    "industry": lambda v: f"{counted(v, 'step')} on the Industry tracks",
    "prosperity": lambda v: f"{counted(v, 'step')} on the Prosperity tracks",
    "prosperity_colour": lambda v: f"{counted(v[1], 'step')} on the {v[0]} Prosperity track",
    "rabbit": lambda v: "place " + counted(v, "Cookie Rabbit"),
    "property": lambda v: "take " + counted(v, "property token"),
    "skill": lambda v: "take " + counted(v, "skill tile"),
    "wonder": lambda v: "unlock a Wonder icon",
    "locomotive": lambda v: "gain the Locomotive",
    "ibonus": lambda v: "an Industry Bonus of any colour" if v == "any" else bonus_name(v),
    "discount": lambda v: f"property tokens cost {v} wood less",
    "capital": lambda v: (
        "raise an income track or take a Prosperity step" + (f" ({v} times)" if v != 1 else "")
    ),
}


def effect_words(op: str, v: object) -> str:
    """One effect part as a player reads it: "gain 2 gold", "place 3 roads"."""
    words = _EFFECT_WORDS.get(op)
    if words is not None:
        try:
            return words(v)
        except (TypeError, KeyError, IndexError, AttributeError):
            pass  # an unexpected value shape: fall back to the plain form below
    return f"{op.replace('_', ' ')} {v}"


def condition_words(cond: Mapping[str, Any]) -> str:
    """A milestone or Clock Tower condition in words: "Food Track progress 7"."""
    t, n = cond["test"], cond.get("n", 1)
    words = {
        "industry_advance": f"an Industry marker {n} spaces along",
        "properties": f"{n} property tokens on the map",
        "cities": f"{n} {'city' if n == 1 else 'cities'}",
        "skills": f"{n} skill tiles",
        "played_cards": f"{n} cards played (automated ones count)",
        "rabbits": f"{n} Cookie Rabbits on the map",
        "food": f"Food Track progress {n}",
        "connected_ports": f"{n} Connected Port{'s' if n > 1 else ''}",
        "prosperity_colour_max": f"{n} Prosperity steps in one colour",
        "terrain_types": f"{n} {' or '.join(cond.get('types', ['terrain']))} tiles",
        "tag": f"{n} {cond.get('tag', '')} tags",
        "wonders": f"{n} Wonder icon{'s' if n > 1 else ''}",
        "gold_income": f"gold income {n}",
        "vp": f"{n} VP",
    }
    return words.get(t, f"{t} {n}")
