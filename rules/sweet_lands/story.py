"""Words for the game log: amounts, articles and the names of tiles.

The log is written in every playout, so these stay plain string work; nothing here
is called unless a line is written.
"""

from __future__ import annotations


def article(word: str) -> str:
    """ "an" before a vowel sound of the words the log uses, else "a"."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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
