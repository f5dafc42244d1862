"""Load and validate the Happy City card data (data/cards.toml)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..core import DataError
from .effects import COLOURS, validate_effect
from .views import CardFace

DATA = Path(__file__).with_name("data")
# One letter per colour so colour never carries meaning alone on screen.
COLOUR_LETTER = {"yellow": "Y", "blue": "B", "violet": "V", "orange": "O", "green": "G", None: "-"}
DECK_SIZES = {1: 28, 2: 20, 3: 18}
DECK_COSTS = {1: (1, 3), 2: (4, 5), 3: (6, 9)}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    name_fr: str
    kind: str  # building | dwelling | special | market
    colour: str | None
    cost: int
    income: int
    inhabitants: int
    hearts: int
    deck: int = 0
    needs: tuple = ()  # ((colour, count), ...) for specials
    text: str = ""  # effect text (project's own words), Expert specials only
    effect: dict = field(default_factory=dict, compare=False, hash=False)
    # Expert specials: mechanisms from data/expert.toml, each a dict {"do": ..., params}
    effects: tuple = field(default=(), compare=False, hash=False)
    substitute: bool = False  # designed stand-in, not a transcribed card
    category: str = ""  # Happiest Town: facility type (commercial, public, ...)

    def to_dict(self) -> CardFace:
        """The card's printed facts (its effect's words come from the explainer)."""
        return {
            "id": self.id,
            "name": self.name,
            "name_fr": self.name_fr,
            "kind": self.kind,
            "colour": self.colour,
            "letter": COLOUR_LETTER[self.colour],
            "cost": self.cost,
            "income": self.income,
            "inhabitants": self.inhabitants,
            "hearts": self.hearts,
            "deck": self.deck,
            "needs": [list(n) for n in self.needs],
            "effects": [e["do"] for e in self.effects],
            "substitute": self.substitute,
            "category": self.category,
        }


@dataclass(frozen=True)
class Catalogue:
    cards: tuple  # index = card id
    buildings: tuple  # ids, in data order, both copies
    dwellings: tuple  # ((name, (ids...)), ...) House, Apartment, Luxury
    family_specials: tuple  # ids
    markets: tuple  # ids of the 5 Happy Market cards (white side, Family mode)
    market_colours: tuple
    expert_specials: tuple = ()  # ids of the 38 Expert specials
    expert_markets: tuple = ()  # ids of the coloured sides, same order as market_colours

    def by_name(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)


def whole_number(entry: dict[str, Any], key: str, where: str) -> int:
    v = entry.get(key)
    if type(v) is not int:
        raise DataError(f"{where}: '{key}' must be a whole number")
    return v


class CardMaker:
    """Numbers cards as they are read: a card's id is its index in ``cards``.

    ``people`` and ``joy`` name the data keys for inhabitants and hearts (Happiest
    Town calls them population and happiness).
    """

    def __init__(self, people: str = "inhabitants", joy: str = "hearts"):
        self.cards: list[Card] = []
        self.people, self.joy = people, joy

    def add(self, e: dict[str, Any], where: str, kind: str, colour: str | None, **kw: Any) -> int:
        kw.setdefault("cost", 0)
        self.cards.append(
            Card(
                id=len(self.cards),
                name=e["name"],
                name_fr=e.get("name_fr", e["name"]),
                kind=kind,
                colour=colour,
                income=whole_number(e, "income", where),
                inhabitants=whole_number(e, self.people, where),
                hearts=whole_number(e, self.joy, where),
                **kw,
            )
        )
        return len(self.cards) - 1

    def copies(self, e: dict[str, Any], where: str, kind: str, colour: str | None, **kw: Any):
        return tuple(
            self.add(e, where, kind, colour, **kw) for _ in range(whole_number(e, "copies", where))
        )


def needs_of(e: dict[str, Any], where: str, allowed: tuple[str, ...]) -> tuple:
    """A special card's needs as ((group, count), ...), checked against ``allowed``."""
    raw = e.get("needs")
    if not isinstance(raw, dict):
        raise DataError(f"{where}: needs must be a table")
    needs = tuple((g, k) for g, k in raw.items())
    if any(g not in allowed or type(k) is not int or k < 1 for g, k in needs):
        raise DataError(f"{where}: bad needs {raw!r}")
    return needs


def checked_deck_cost(e: dict[str, Any], where: str, deck: int, deck_word: str) -> int:
    lo, hi = DECK_COSTS[deck]
    cost = whole_number(e, "cost", where)
    if not lo <= cost <= hi:
        raise DataError(f"{where}: cost {cost} outside {deck_word}'s range {lo}-{hi}")
    return cost


@cache
def catalogue() -> Catalogue:
    raw = tomllib.loads((DATA / "cards.toml").read_text(encoding="utf-8"))
    make = CardMaker()
    buildings: list[int] = []
    for e in raw["building"]:
        where = f"building {e.get('name')!r}"
        if e.get("colour") not in COLOURS:
            raise DataError(f"{where}: unknown colour {e.get('colour')!r}")
        deck = whole_number(e, "deck", where)
        if deck not in DECK_COSTS:
            raise DataError(f"{where}: deck must be 1, 2 or 3")
        cost = checked_deck_cost(e, where, deck, f"deck {deck}")
        buildings += make.copies(e, where, "building", e["colour"], cost=cost, deck=deck)
    dwellings = []
    for e in raw["dwelling"]:
        where = f"dwelling {e.get('name')!r}"
        cost = whole_number(e, "cost", where)
        dwellings.append((e["name"], make.copies(e, where, "dwelling", "green", cost=cost)))
    specials = []
    for e in raw["family_special"]:
        where = f"special {e.get('name')!r}"
        specials.append(make.add(e, where, "special", None, needs=needs_of(e, where, COLOURS)))
    m = {"name": "Happy Market", "inhabitants": 0, "hearts": 0, **raw["market"][0]}
    markets = tuple(make.add(m, "market", "market", None) for _ in range(5))
    if sorted(m["expert_colours"]) != sorted(COLOURS):
        raise DataError("the coloured Happy Market sides must be one of each colour")
    # The coloured (Expert) sides of the same five cards, as their own card faces.
    expert_markets = tuple(make.add(m, "market", "market", c) for c in m["expert_colours"])
    expert = _load_expert(make)
    cat = Catalogue(
        tuple(make.cards),
        tuple(buildings),
        tuple(dwellings),
        tuple(specials),
        markets,
        tuple(m["expert_colours"]),
        expert,
        expert_markets,
    )
    _validate(cat)
    return cat


def _load_expert(make: CardMaker) -> tuple[int, ...]:
    raw = tomllib.loads((DATA / "expert.toml").read_text(encoding="utf-8"))
    ids = []
    for e in raw["expert_special"]:
        where = f"expert special {e.get('name')!r}"
        needs = needs_of(e, where, COLOURS)
        effects = e.get("effects", [])
        if not effects:
            raise DataError(f"{where}: an Expert special needs at least one effect")
        for eff in effects:
            reason = validate_effect(eff, where)
            if reason:
                raise DataError(reason)
        if not isinstance(e.get("text"), str) or not e["text"]:
            raise DataError(f"{where}: needs its effect text")
        ids.append(
            make.add(
                e,
                where,
                "special",
                None,
                needs=needs,
                text=e["text"],
                effects=tuple(dict(x) for x in effects),
                substitute=bool(e.get("substitute", False)),
            )
        )
    return tuple(ids)


def check_deck_sizes(cards: tuple[Card, ...], ids: tuple[int, ...], sizes: dict[int, int]) -> None:
    per_deck = {1: 0, 2: 0, 3: 0}
    for i in ids:
        per_deck[cards[i].deck] += 1
    if per_deck != sizes:
        raise DataError(f"deck sizes {per_deck} differ from the rulebook's {sizes}")


def _validate(cat: Catalogue) -> None:
    check_deck_sizes(cat.cards, cat.buildings, DECK_SIZES)
    names = {cat.cards[i].name for i in cat.buildings}
    if len(names) != 33 or len(cat.buildings) != 66:
        raise DataError("Happy City has 33 building designs, two copies each")
    if len(cat.dwellings) != 3 or any(len(ids) != 4 for _, ids in cat.dwellings):
        raise DataError("Happy City has 3 dwelling types, 4 cards each")
    if len(cat.family_specials) != 18:
        raise DataError("Happy City has 18 Family special buildings")
    if len(cat.expert_specials) != 38:
        raise DataError("Happy City has 38 Expert special buildings")
    if sum(cat.cards[i].substitute for i in cat.expert_specials) != 1:
        raise DataError("exactly one Expert special is a designed substitute (the 38th card)")
    seen: set = set()
    for i in cat.buildings:  # two copies of each building share a name
        seen.add(cat.cards[i].name)
    for _, ids in cat.dwellings:
        seen.add(cat.cards[ids[0]].name)
    for i in cat.family_specials + cat.expert_specials:
        name = cat.cards[i].name
        if name in seen:
            raise DataError(f"two kinds of card share the name {name!r}")
        seen.add(name)
