"""Load and validate the Happiest Town card data (data/happiest_town.toml).

The data is a substitute that keeps every count the rulebook gives; see that file's
header. Cards are read with the same helpers as Happy City's (cards.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core import DataError
from .cards import (
    DATA,
    Card,
    CardMaker,
    check_deck_sizes,
    checked_deck_cost,
    needs_of,
    whole_number,
)

DECKS = ("low", "middle", "high")
DECK_SIZES = {1: 24, 2: 18, 3: 16}
TYPES = ("commercial", "industrial", "public", "leisure", "residence")
# Colours on screen follow Happy City's scheme, one per type, with a letter each.
TYPE_COLOUR = {
    "commercial": "yellow",
    "industrial": "violet",
    "public": "blue",
    "leisure": "orange",
    "residence": "green",
    "infrastructure": None,
    "": None,
}
TYPE_LETTER = {
    "commercial": "C",
    "industrial": "I",
    "public": "P",
    "leisure": "L",
    "residence": "R",
}


@dataclass(frozen=True)
class TownCatalogue:
    cards: tuple[Card, ...]
    stores: tuple[int, ...]
    facilities: tuple[int, ...]  # both copies
    residences: tuple[tuple[str, tuple[int, ...]], ...]
    infrastructure: tuple[int, ...]
    extra: dict[int, dict[str, int]]  # id -> {"builder_money": .., "others_money": ..}

    def by_name(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)


@cache
def town_catalogue() -> TownCatalogue:
    raw = tomllib.loads((DATA / "happiest_town.toml").read_text(encoding="utf-8"))
    make = CardMaker(people="population", joy="happiness")
    stores: list[int] = []
    for e in raw["store"]:
        stores += make.copies(e, f"store {e.get('name')!r}", "market", None)
    facilities: list[int] = []
    for e in raw["facility"]:
        where = f"facility {e.get('name')!r}"
        if e.get("deck") not in DECKS:
            raise DataError(f"{where}: deck must be one of {DECKS}")
        if e.get("type") not in TYPES[:4]:
            raise DataError(f"{where}: unknown facility type {e.get('type')!r}")
        deck = DECKS.index(e["deck"]) + 1
        cost = checked_deck_cost(e, where, deck, f"the {e['deck']} deck")
        facilities += make.copies(
            e,
            where,
            "building",
            TYPE_COLOUR[e["type"]],
            cost=cost,
            deck=deck,
            substitute=not e.get("given", False),
            category=e["type"],
        )
    residences = []
    for e in raw["residence"]:
        where = f"residence {e.get('name')!r}"
        cost = whole_number(e, "cost", where)
        ids = make.copies(
            e, where, "dwelling", "green", cost=cost, substitute=True, category="residence"
        )
        residences.append((e["name"], ids))
    infrastructure, extra = [], {}
    for e in raw["infrastructure"]:
        where = f"infrastructure {e.get('name')!r}"
        needs = needs_of(e, where, TYPES)
        substitute = not e.get("given", False)
        i = make.add(
            e, where, "special", None, needs=needs, substitute=substitute, category="infrastructure"
        )
        extra[i] = {
            "builder_money": e.get("builder_money", 0),
            "others_money": e.get("others_money", 0),
        }
        infrastructure.append(i)
    cat = TownCatalogue(
        tuple(make.cards),
        tuple(stores),
        tuple(facilities),
        tuple(residences),
        tuple(infrastructure),
        extra,
    )
    _validate(cat)
    return cat


def _validate(cat: TownCatalogue) -> None:
    check_deck_sizes(cat.cards, cat.facilities, DECK_SIZES)
    if len(cat.stores) != 4:
        raise DataError("Happiest Town has 4 Convenience Stores")
    if len(cat.stores) + len(cat.facilities) != 62:
        raise DataError("Happiest Town has 62 facility cards, stores included")
    shape = [(n, len(ids)) for n, ids in cat.residences]
    if shape != [("House", 3), ("Housing Complex", 3), ("Tower Block", 3)]:
        raise DataError("Happiest Town has 3 House, 3 Housing Complex and 3 Tower Block cards")
    if len(cat.infrastructure) != 4:
        raise DataError("Happiest Town has 4 infrastructure cards")
    given = {cat.cards[i].name: cat.cards[i] for i in cat.facilities if not cat.cards[i].substitute}
    printed = ("industrial", 1, 1, 0, -1, 1)
    for name in ("Metal Factory", "Chemical Factory"):
        c = given.get(name)
        if c is None or (c.category, c.cost, c.income, c.inhabitants, c.hearts, c.deck) != printed:
            raise DataError(
                f"{name} must be as printed: industrial, cost 1, income 1, happiness -1"
            )
    if sum(1 for i in cat.facilities if cat.cards[i].name == "Metal Factory") != 2:
        raise DataError("Metal Factory has 2 copies")
    names = {cat.cards[i].name: i for i in cat.infrastructure}
    airport = {"public": 2, "commercial": 1, "leisure": 1}
    if "Airport" not in names or dict(cat.cards[names["Airport"]].needs) != airport:
        raise DataError("the Airport needs 2 public, 1 commercial and 1 leisure facility")
    harbor: dict[str, Any] = {"builder_money": 3, "others_money": 1}
    if "Harbor" not in names or cat.extra[names["Harbor"]] != harbor:
        raise DataError("the Harbor pays 3 to its builder and 1 to every other player")
