"""A card drawn as a bordered box: colour letter + name in the title, stats inside.

Colour is never the only carrier of meaning: every card shows its colour letter
(Y B V O G) in its title as well as a tinted border.
"""

from __future__ import annotations

from textual.message import Message
from textual.widgets import Static

LETTER = {"yellow": "Y", "blue": "B", "violet": "V", "orange": "O", "green": "G"}


def signed(n: int) -> str:
    return f"{n:+d}" if n < 0 else str(n)


def needs_text(needs, letters=None) -> str:
    letters = letters or LETTER
    return "".join(f"{letters.get(c, c[:1].upper())}{k}" for c, k in needs)


def mini_lines(card: dict, stats=("inh", "hrt")) -> list[str]:
    """Eight-character lines for the compact city grid (i = inhabitants, h = hearts;
    p = population, h = happiness in Happiest Town)."""
    a, b = stats[0][0], stats[1][0]
    return [f"{a}{card['inhabitants']} {b}{card['hearts']}", f"+{card['income']}$"]


def card_lines(card: dict, letters=None, stats=("inh", "hrt")) -> list[str]:
    """Two short lines of stats for a card dict from a Happy City or Happiest Town view."""
    inh, hrt, inc = card["inhabitants"], card["hearts"], card["income"]
    stats = f"{stats[0]} {signed(inh)} {stats[1]} {signed(hrt)}"
    if card["kind"] == "special":
        return [f"+{inc}$ {needs_text(card['needs'], letters)}", stats]
    if card["kind"] == "market":
        return [f"+{inc}$ market", stats]
    cost = card.get("your_cost", card["cost"])
    price = f"cost {cost}" if cost == card["cost"] else f"cost {cost}({card['cost']})"
    return [f"{price} +{inc}$", stats]


def card_letter(card: dict) -> str:
    """The letter in a card's title: its colour (or Happiest Town type) letter; specials
    and the Happy Market, which have no colour, get a symbol instead."""
    if card.get("colour") or "type" in card:
        return card["letter"]
    return {"special": "*", "market": "W"}.get(card["kind"], card.get("letter", "-"))


class CardBox(Static, can_focus=False):
    """One card slot. Empty slots are hidden; clicks are reported with the slot."""

    class Clicked(Message):
        def __init__(self, box: CardBox):
            super().__init__()
            self.box = box

    def __init__(self, area: str, index: int, **kw):
        super().__init__("", classes="card", **kw)
        self.area = area
        self.index = index
        self.card: dict | None = None
        self._shown: tuple | None = None
        self._colour = ""

    def show_card(
        self,
        card: dict | None,
        extra: str = "",
        usable: bool = False,
        mini: bool = False,
        letters=None,
        stats=("inh", "hrt"),
    ) -> None:
        self.card = card
        # Repainting is the slow part of a frame: touch nothing that has not changed.
        # (The view builds fresh dicts each time, so compare contents, never ids.)
        key = (card, extra, usable, mini, letters, stats)
        if key == self._shown:
            return
        self._shown = key
        self.display = card is not None
        if card is None:
            return
        colour = f"c-{card.get('colour') or 'none'}"
        if colour != self._colour:  # one class off, one on: not six set_class calls
            if self._colour:
                self.remove_class(self._colour)
            self.add_class(colour)
            self._colour = colour
        self.set_class(usable, "usable")
        self.border_title = f"{card_letter(card)} {card['name']}"
        lines = mini_lines(card, stats) if mini else card_lines(card, letters, stats)
        if extra:
            lines.append(extra)
        self.update("\n".join(lines))

    def on_click(self) -> None:
        if self.card is not None:
            self.post_message(self.Clicked(self))
