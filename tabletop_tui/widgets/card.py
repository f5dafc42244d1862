"""The text of a card: colour letter + name for its title, short lines of stats inside.

Colour is never the only carrier of meaning: every card shows its colour letter
(Y B V O G) in its title as well as a tinted border.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LETTER = {"yellow": "Y", "blue": "B", "violet": "V", "orange": "O", "green": "G"}


def signed(n: int) -> str:
    return f"{n:+d}" if n < 0 else str(n)


def needs_text(needs, letters=None) -> str:
    letters = letters or LETTER
    return "".join(f"{letters.get(c, c[:1].upper())}{k}" for c, k in needs)


def mini_lines(card: Mapping[str, Any], stats=("inh", "hrt")) -> list[str]:
    """Eight-character lines for the compact city grid (i = inhabitants, h = hearts;
    p = population, h = happiness in Happiest Town)."""
    a, b = stats[0][0], stats[1][0]
    return [f"{a}{card['inhabitants']} {b}{card['hearts']}", f"+{card['income']}$"]


def card_lines(card: Mapping[str, Any], letters=None, stats=("inh", "hrt")) -> list[str]:
    """Two short lines of stats for a card dict from a Happy City or Happiest Town view."""
    inh, hrt, inc = card["inhabitants"], card["hearts"], card["income"]
    stats = f"{stats[0]} {signed(inh)} {stats[1]} {signed(hrt)}"
    if card["kind"] == "special":
        lines = [f"+{inc}$ {needs_text(card['needs'], letters)}", stats]
    elif card["kind"] == "market":
        return [f"+{inc}$ market", stats]
    else:
        cost = card.get("your_cost", card["cost"])
        price = f"cost {cost}" if cost == card["cost"] else f"cost {cost}({card['cost']})"
        lines = [f"{price} +{inc}$", stats]
    if card.get("on_build"):  # money paid out once, when built (the Harbor: 3 / 1)
        paid = card["on_build"]
        lines.append(f"built: {paid['builder_money']}$ you, {paid['others_money']}$ others")
    return lines


def card_letter(card: Mapping[str, Any]) -> str:
    """The letter in a card's title: its colour (or Happiest Town type) letter; specials
    and the Happy Market, which have no colour, get a symbol instead."""
    if card.get("colour") or "type" in card:
        return card["letter"]
    return {"special": "*", "market": "W"}.get(card["kind"], card.get("letter", "-"))
