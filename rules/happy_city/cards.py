"""Load and validate the Happy City card data (data/cards.toml)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
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
    # Expert specials: mechanisms from data/expert.toml, each a dict {"do": ..., params}
    effects: tuple = field(default=(), compare=False, hash=False)
    substitute: bool = False  # designed stand-in, not a transcribed card
    category: str = ""  # Happiest Town: facility type (commercial, public, ...)

    def to_dict(self) -> dict:
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
            "text": self.text,
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


def _stat(entry: dict, key: str, where: str) -> int:
    v = entry.get(key)
    if not isinstance(v, int):
        raise DataError(f"{where}: '{key}' must be a whole number")
    return v


@cache
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
            buildings.append(
                add(
                    name=e["name"],
                    name_fr=e["name_fr"],
                    kind="building",
                    colour=e["colour"],
                    cost=e["cost"],
                    income=_stat(e, "income", where),
                    inhabitants=_stat(e, "inhabitants", where),
                    hearts=_stat(e, "hearts", where),
                    deck=e["deck"],
                )
            )
    dwellings = []
    for e in raw["dwelling"]:
        where = f"dwelling {e.get('name')!r}"
        ids = tuple(
            add(
                name=e["name"],
                name_fr=e["name_fr"],
                kind="dwelling",
                colour="green",
                cost=_stat(e, "cost", where),
                income=_stat(e, "income", where),
                inhabitants=_stat(e, "inhabitants", where),
                hearts=_stat(e, "hearts", where),
            )
            for _ in range(_stat(e, "copies", where))
        )
        dwellings.append((e["name"], ids))
    specials = []
    for e in raw["family_special"]:
        where = f"special {e.get('name')!r}"
        needs = tuple((c, n) for c, n in e["needs"].items())
        if any(c not in COLOURS or not isinstance(n, int) or n < 1 for c, n in needs):
            raise DataError(f"{where}: bad needs {e['needs']!r}")
        specials.append(
            add(
                name=e["name"],
                name_fr=e["name_fr"],
                kind="special",
                colour=None,
                cost=0,
                income=_stat(e, "income", where),
                inhabitants=_stat(e, "inhabitants", where),
                hearts=_stat(e, "hearts", where),
                needs=needs,
            )
        )
    m = raw["market"][0]
    markets = tuple(
        add(
            name="Happy Market",
            name_fr="Happy Market",
            kind="market",
            colour=None,
            cost=0,
            income=m["income"],
            inhabitants=0,
            hearts=0,
        )
        for _ in range(5)
    )
    if sorted(m["expert_colours"]) != sorted(COLOURS):
        raise DataError("the coloured Happy Market sides must be one of each colour")
    # The coloured (Expert) sides of the same five cards, as their own card faces.
    expert_markets = tuple(
        add(
            name="Happy Market",
            name_fr="Happy Market",
            kind="market",
            colour=c,
            cost=0,
            income=m["income"],
            inhabitants=0,
            hearts=0,
        )
        for c in m["expert_colours"]
    )
    expert = _load_expert(add)
    cat = Catalogue(
        tuple(cards),
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


def _load_expert(add) -> tuple:
    from .effects import validate_effect  # late: effects imports this module

    raw = tomllib.loads((DATA / "expert.toml").read_text(encoding="utf-8"))
    ids = []
    for e in raw["expert_special"]:
        where = f"expert special {e.get('name')!r}"
        needs = tuple((c, n) for c, n in e["needs"].items())
        if any(c not in COLOURS or not isinstance(n, int) or n < 1 for c, n in needs):
            raise DataError(f"{where}: bad needs {e['needs']!r}")
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
            add(
                name=e["name"],
                name_fr=e["name_fr"],
                kind="special",
                colour=None,
                cost=0,
                income=_stat(e, "income", where),
                inhabitants=_stat(e, "inhabitants", where),
                hearts=_stat(e, "hearts", where),
                needs=needs,
                text=e["text"],
                effects=tuple(dict(x) for x in effects),
                substitute=bool(e.get("substitute", False)),
            )
        )
    return tuple(ids)


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
