"""Load and validate the Happy City card data (data/cards.toml)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).with_name("data")
COLOURS = ("yellow", "blue", "violet", "orange", "green")
# One letter per colour so colour never carries meaning alone on screen.
COLOUR_LETTER = {"yellow": "Y", "blue": "B", "violet": "V", "orange": "O", "green": "G", None: "-"}
DECK_SIZES = {1: 28, 2: 20, 3: 18}
DECK_COSTS = {1: (1, 3), 2: (4, 5), 3: (6, 9)}


class DataError(ValueError):
    """The card data breaks a count or structure the rulebook states."""


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

    def to_dict(self) -> dict:
        return {
            "id": self.id, "name": self.name, "name_fr": self.name_fr, "kind": self.kind,
            "colour": self.colour, "letter": COLOUR_LETTER[self.colour], "cost": self.cost,
            "income": self.income, "inhabitants": self.inhabitants, "hearts": self.hearts,
            "deck": self.deck, "needs": [list(n) for n in self.needs], "text": self.text,
        }


@dataclass(frozen=True)
class Catalogue:
    cards: tuple  # index = card id
    buildings: tuple  # ids, in data order, both copies
    dwellings: tuple  # ((name, (ids...)), ...) House, Apartment, Luxury
    family_specials: tuple  # ids
    markets: tuple  # ids of the 5 Happy Market cards
    market_colours: tuple

    def by_name(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)


def _stat(entry: dict, key: str, where: str) -> int:
    v = entry.get(key)
    if not isinstance(v, int):
        raise DataError(f"{where}: '{key}' must be a whole number")
    return v


@lru_cache(maxsize=None)
def catalogue() -> Catalogue:
    raw = tomllib.loads((DATA / "cards.toml").read_text(encoding="utf-8"))
    cards: list[Card] = []

    def add(**kw) -> int:
        cards.append(Card(id=len(cards), **kw))
        return len(cards) - 1

    buildings = []
    for e in raw["building"]:
        where = f"building {e.get('name')!r}"
        if e.get("colour") not in COLOURS:
            raise DataError(f"{where}: unknown colour {e.get('colour')!r}")
        lo, hi = DECK_COSTS[_stat(e, "deck", where)]
        if not lo <= _stat(e, "cost", where) <= hi:
            raise DataError(f"{where}: cost {e['cost']} outside deck {e['deck']}'s range {lo}-{hi}")
        for _ in range(_stat(e, "copies", where)):
            buildings.append(add(name=e["name"], name_fr=e["name_fr"], kind="building",
                                 colour=e["colour"], cost=e["cost"], income=_stat(e, "income", where),
                                 inhabitants=_stat(e, "inhabitants", where),
                                 hearts=_stat(e, "hearts", where), deck=e["deck"]))
    dwellings = []
    for e in raw["dwelling"]:
        where = f"dwelling {e.get('name')!r}"
        ids = tuple(add(name=e["name"], name_fr=e["name_fr"], kind="dwelling", colour="green",
                        cost=_stat(e, "cost", where), income=_stat(e, "income", where),
                        inhabitants=_stat(e, "inhabitants", where), hearts=_stat(e, "hearts", where))
                    for _ in range(_stat(e, "copies", where)))
        dwellings.append((e["name"], ids))
    specials = []
    for e in raw["family_special"]:
        where = f"special {e.get('name')!r}"
        needs = tuple((c, n) for c, n in e["needs"].items())
        if any(c not in COLOURS or not isinstance(n, int) or n < 1 for c, n in needs):
            raise DataError(f"{where}: bad needs {e['needs']!r}")
        specials.append(add(name=e["name"], name_fr=e["name_fr"], kind="special", colour=None,
                            cost=0, income=_stat(e, "income", where),
                            inhabitants=_stat(e, "inhabitants", where),
                            hearts=_stat(e, "hearts", where), needs=needs))
    m = raw["market"][0]
    markets = tuple(add(name="Happy Market", name_fr="Happy Market", kind="market", colour=None,
                        cost=0, income=m["income"], inhabitants=0, hearts=0) for _ in range(5))
    cat = Catalogue(tuple(cards), tuple(buildings), tuple(dwellings), tuple(specials), markets,
                    tuple(m["expert_colours"]))
    _validate(cat)
    return cat


def _validate(cat: Catalogue) -> None:
    per_deck = {1: 0, 2: 0, 3: 0}
    for i in cat.buildings:
        per_deck[cat.cards[i].deck] += 1
    if per_deck != DECK_SIZES:
        raise DataError(f"deck sizes {per_deck} differ from the rulebook's {DECK_SIZES}")
    names = {cat.cards[i].name for i in cat.buildings}
    if len(names) != 33 or len(cat.buildings) != 66:
        raise DataError("Happy City has 33 building designs, two copies each")
    if len(cat.dwellings) != 3 or any(len(ids) != 4 for _, ids in cat.dwellings):
        raise DataError("Happy City has 3 dwelling types, 4 cards each")
    if len(cat.family_specials) != 18:
        raise DataError("Happy City has 18 Family special buildings")
