"""Load and validate the Happiness deck (data/cards.toml, a project-made substitute).

Every edge carries a symbol as well as a colour, so nothing depends on seeing colour:
fire F (red), water W (blue), leaf L (green), sun S (yellow), bolt * (silver, wild).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..core import DataError
from .view_types import CardFace

DATA = Path(__file__).with_name("data")

# symbol letter -> (colour, symbol name)
SYMBOLS = {
    "F": ("red", "fire"),
    "W": ("blue", "water"),
    "L": ("green", "leaf"),
    "S": ("yellow", "sun"),
    "*": ("silver", "bolt"),
}
COLOUR_SYMBOL = {colour: letter for letter, (colour, _) in SYMBOLS.items()}
WILD = "silver"
EDGE_NAMES = ("top", "right", "bottom", "left")
TOPICS = ("loss", "accidents", "fire", "drinking", "gambling", "water")
TOPIC_LABELS = {
    "loss": "Loss and grief",
    "accidents": "Accidents and injuries",
    "fire": "Fire",
    "drinking": "Drinking",
    "gambling": "Gambling",
    "water": "Water and swimming",
}
PLAYER_COUNTS = (2, 3, 4, 5, 6)
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    word: str
    kind: str  # "joy" (a Joycard) or "bummer"
    points: int  # Joypoints: 1-4 for Joycards, 0 for Bummers
    edges: tuple  # four colours: top, right, bottom, left
    topics: tuple = ()

    @property
    def is_bummer(self) -> bool:
        return self.kind == "bummer"

    @property
    def symbols(self) -> str:
        return "".join(COLOUR_SYMBOL[c] for c in self.edges)

    def to_dict(self) -> CardFace:
        return {
            "id": self.id,
            "word": self.word,
            "kind": self.kind,
            "points": self.points,
            "edges": list(self.edges),
            "symbols": [COLOUR_SYMBOL[c] for c in self.edges],
            "topics": list(self.topics),
        }


def matches(a: str, b: str) -> bool:
    """Two touching edge colours match when equal or when either is the wild silver."""
    return a == b or WILD in (a, b)


@dataclass(frozen=True)
class Catalogue:
    cards: tuple  # index = card id
    joycards: tuple  # ids
    bummers: tuple  # ids
    deck_sizes: dict  # players -> (joycards, bummers)
    by_word: dict  # word -> id

    def topic_count(self, topic: str) -> int:
        return sum(1 for c in self.cards if topic in c.topics)


def parse_edges(text, where: str) -> tuple:
    if not isinstance(text, str) or len(text) != 4:
        raise DataError(f"{where}: 'edges' must be four symbols (top, right, bottom, left)")
    out = []
    for ch in text.upper():
        if ch not in SYMBOLS:
            raise DataError(f"{where}: unknown edge symbol {ch!r} (use F, W, L, S or *)")
        out.append(SYMBOLS[ch][0])
    return tuple(out)


def build_catalogue(raw: dict) -> Catalogue:
    """The cards and deck sizes of the data, checked: any fault is a DataError naming
    the entry."""
    cards: list[Card] = []
    seen: set[str] = set()
    for section, kind in (("joycard", "joy"), ("bummer", "bummer")):
        entries = raw.get(section)
        if not isinstance(entries, list) or not entries:
            raise DataError(f"the deck needs at least one [[{section}]] entry")
        for e in entries:
            card = _card(len(cards), kind, e, f"{section} {e.get('word')!r}")
            if card.word.lower() in seen:
                raise DataError(f"{section} {card.word!r}: the word is used twice")
            seen.add(card.word.lower())
            cards.append(card)
    joy = [c.id for c in cards if c.kind == "joy"]
    bum = [c.id for c in cards if c.kind != "joy"]
    sizes = _deck_sizes(raw.get("deck", []), len(joy), len(bum))
    # Even with every topic left out, each player count must still get a playable deck.
    plain_joy = len([i for i in joy if not cards[i].topics])
    plain_bum = len([i for i in bum if not cards[i].topics])
    for n, (j, b) in sizes.items():
        if min(j, plain_joy) + min(b, plain_bum) < min_deck(n):
            raise DataError(f"with every topic left out, the {n}-player deck is too small")
    return Catalogue(tuple(cards), tuple(joy), tuple(bum), sizes, {c.word: c.id for c in cards})


def _card(card_id: int, kind: str, e: dict, where: str) -> Card:
    """One card entry of the data, checked."""
    word = e.get("word")
    if not isinstance(word, str) or not word.strip() or word != word.strip():
        raise DataError(f"{where}: every card needs a word without outer spaces")
    if kind == "joy":
        points = e.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or not 1 <= points <= 4:
            raise DataError(f"{where}: a Joycard is worth 1 to 4 Joypoints, not {points!r}")
    else:
        points = e.get("points", 0)
        if points != 0:
            raise DataError(f"{where}: a Bummer is worth no Joypoints")
    topics = e.get("topics", [])
    if not isinstance(topics, list) or any(t not in TOPICS for t in topics):
        raise DataError(f"{where}: topics must come from {', '.join(TOPICS)}")
    if len(set(topics)) != len(topics):
        raise DataError(f"{where}: a topic is listed twice")
    unknown = set(e) - {"word", "points", "edges", "topics"}
    if unknown:
        raise DataError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    return Card(card_id, word, kind, points, parse_edges(e.get("edges"), where), tuple(topics))


def _deck_sizes(entries: list, joycards: int, bummers: int) -> dict[int, tuple]:
    """Players -> (Joycards, Bummers) dealt into the deck, one entry per count, checked
    against the cards the data holds."""
    sizes: dict[int, tuple] = {}
    for d in entries:
        n = d.get("players")
        j, b = d.get("joycards"), d.get("bummers")
        if n not in PLAYER_COUNTS or n in sizes:
            raise DataError(f"deck entry for {n!r} players: players must be 2-6, once each")
        if not all(isinstance(x, int) and x >= 0 for x in (j, b)):
            raise DataError(f"deck for {n} players: joycards and bummers must be counts")
        if j > joycards or b > bummers:
            raise DataError(f"deck for {n} players asks for more cards than the data holds")
        if j + b < min_deck(n):
            raise DataError(f"deck for {n} players must hold at least {min_deck(n)} cards")
        sizes[n] = (j, b)
    if set(sizes) != set(PLAYER_COUNTS):
        raise DataError("the data needs one [[deck]] entry for each player count 2-6")
    return sizes


def min_deck(players: int) -> int:
    """A deck must fill every hand and leave at least one draw per player."""
    return (HAND_SIZE + 1) * players


@cache
def catalogue() -> Catalogue:
    raw = tomllib.loads((DATA / "cards.toml").read_text(encoding="utf-8"))
    return build_catalogue(raw)
