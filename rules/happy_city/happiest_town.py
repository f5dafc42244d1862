"""Happiest Town, the original edition of Happy City, as its own game (2-4 players).

A turn, from the start player clockwise (seat 0 holds the start player marker):
  collect your income -> discard any number of the visible facilities, one at a time
  -> refill the row to 3, one draw at a time from a deck of your choice -> build one
  facility or residence, or nothing -> take an infrastructure card whose needs you now
  meet (at most one per game; asked only when several qualify).
Once a field holds 10 or more buildings (the Convenience Store and infrastructure
count), the round is played out to the last seat and the game ends. Score:
population x happiness, ties broken by money. The children's variant plays without
infrastructure and adds population and happiness.

The card data (data/happiest_town.toml) is a substitute that keeps every count the
rulebook gives; see that file's header.
"""

from __future__ import annotations

import tomllib
from functools import cache

from ..core import Action, GameState
from .card_row import CardRowRules
from .cards import DATA, Card, DataError

GOAL = 10  # buildings that end the game (the round is finished)
ROW_SIZE = 3
START_MONEY = 2
BOX_MONEY = 40  # 15 coins of 1 and 5 of 5
DECKS = ("low", "middle", "high")
DECK_COSTS = {1: (1, 3), 2: (4, 5), 3: (6, 9)}
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

DISCARD, REFILL, BUILD, INFRA, OVER = "discard", "refill", "build", "infra", "over"


class TownCatalogue:
    def __init__(self, cards, stores, facilities, residences, infrastructure, extra):
        self.cards = cards
        self.stores = stores  # ids
        self.facilities = facilities  # ids, both copies
        self.residences = residences  # ((name, (ids...)), ...)
        self.infrastructure = infrastructure  # ids
        self.extra = extra  # id -> {"builder_money": .., "others_money": ..}

    def by_name(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise KeyError(name)


def _int(e: dict, key: str, where: str) -> int:
    v = e.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise DataError(f"{where}: '{key}' must be a whole number")
    return v


@cache
def town_catalogue() -> TownCatalogue:
    raw = tomllib.loads((DATA / "happiest_town.toml").read_text(encoding="utf-8"))
    cards: list[Card] = []

    def add(**kw) -> int:
        cards.append(Card(id=len(cards), **kw))
        return len(cards) - 1

    stores = []
    for e in raw["store"]:
        where = f"store {e.get('name')!r}"
        for _ in range(_int(e, "copies", where)):
            stores.append(
                add(
                    name=e["name"],
                    name_fr=e["name"],
                    kind="market",
                    colour=None,
                    cost=0,
                    income=_int(e, "income", where),
                    inhabitants=_int(e, "population", where),
                    hearts=_int(e, "happiness", where),
                )
            )
    facilities = []
    for e in raw["facility"]:
        where = f"facility {e.get('name')!r}"
        if e.get("deck") not in DECKS:
            raise DataError(f"{where}: deck must be one of {DECKS}")
        if e.get("type") not in TYPES[:4]:
            raise DataError(f"{where}: unknown facility type {e.get('type')!r}")
        deck = DECKS.index(e["deck"]) + 1
        lo, hi = DECK_COSTS[deck]
        if not lo <= _int(e, "cost", where) <= hi:
            raise DataError(f"{where}: cost {e['cost']} outside the {e['deck']} deck's {lo}-{hi}")
        for _ in range(_int(e, "copies", where)):
            facilities.append(
                add(
                    name=e["name"],
                    name_fr=e["name"],
                    kind="building",
                    colour=TYPE_COLOUR[e["type"]],
                    cost=e["cost"],
                    income=_int(e, "income", where),
                    inhabitants=_int(e, "population", where),
                    hearts=_int(e, "happiness", where),
                    deck=deck,
                    substitute=not e.get("given", False),
                    category=e["type"],
                )
            )
    residences = []
    for e in raw["residence"]:
        where = f"residence {e.get('name')!r}"
        ids = tuple(
            add(
                name=e["name"],
                name_fr=e["name"],
                kind="dwelling",
                colour="green",
                cost=_int(e, "cost", where),
                income=_int(e, "income", where),
                inhabitants=_int(e, "population", where),
                hearts=_int(e, "happiness", where),
                substitute=True,
                category="residence",
            )
            for _ in range(_int(e, "copies", where))
        )
        residences.append((e["name"], ids))
    infrastructure, extra = [], {}
    for e in raw["infrastructure"]:
        where = f"infrastructure {e.get('name')!r}"
        needs = tuple((t, n) for t, n in e["needs"].items())
        if any(t not in TYPES or not isinstance(n, int) or n < 1 for t, n in needs):
            raise DataError(f"{where}: bad needs {e['needs']!r}")
        i = add(
            name=e["name"],
            name_fr=e["name"],
            kind="special",
            colour=None,
            cost=0,
            income=_int(e, "income", where),
            inhabitants=_int(e, "population", where),
            hearts=_int(e, "happiness", where),
            needs=needs,
            substitute=not e.get("given", False),
            category="infrastructure",
        )
        extra[i] = {
            "builder_money": e.get("builder_money", 0),
            "others_money": e.get("others_money", 0),
        }
        infrastructure.append(i)
    cat = TownCatalogue(
        tuple(cards),
        tuple(stores),
        tuple(facilities),
        tuple(residences),
        tuple(infrastructure),
        extra,
    )
    _validate(cat)
    return cat


def _validate(cat: TownCatalogue) -> None:
    per_deck = {1: 0, 2: 0, 3: 0}
    for i in cat.facilities:
        per_deck[cat.cards[i].deck] += 1
    if per_deck != DECK_SIZES:
        raise DataError(f"facility decks {per_deck} differ from the rulebook's {DECK_SIZES}")
    if len(cat.stores) != 4:
        raise DataError("Happiest Town has 4 Convenience Stores")
    if len(cat.stores) + len(cat.facilities) != 62:
        raise DataError("Happiest Town has 62 facility cards, stores included")
    if [(n, len(ids)) for n, ids in cat.residences] != [
        ("House", 3),
        ("Housing Complex", 3),
        ("Tower Block", 3),
    ]:
        raise DataError("Happiest Town has 3 House, 3 Housing Complex and 3 Tower Block cards")
    if len(cat.infrastructure) != 4:
        raise DataError("Happiest Town has 4 infrastructure cards")
    given = {cat.cards[i].name: cat.cards[i] for i in cat.facilities if not cat.cards[i].substitute}
    for name in ("Metal Factory", "Chemical Factory"):
        c = given.get(name)
        if c is None or (c.category, c.cost, c.income, c.inhabitants, c.hearts, c.deck) != (
            "industrial",
            1,
            1,
            0,
            -1,
            1,
        ):
            raise DataError(
                f"{name} must be as printed: industrial, cost 1, income 1, happiness -1"
            )
    if sum(1 for i in cat.facilities if cat.cards[i].name == "Metal Factory") != 2:
        raise DataError("Metal Factory has 2 copies")
    names = {cat.cards[i].name: i for i in cat.infrastructure}
    if "Airport" not in names or dict(cat.cards[names["Airport"]].needs) != {
        "public": 2,
        "commercial": 1,
        "leisure": 1,
    }:
        raise DataError("the Airport needs 2 public, 1 commercial and 1 leisure facility")
    if "Harbor" not in names or cat.extra[names["Harbor"]] != {
        "builder_money": 3,
        "others_money": 1,
    }:
        raise DataError("the Harbor pays 3 to its builder and 1 to every other player")


class HappiestTownState(CardRowRules, GameState):
    MONEY = "money"
    __slots__ = (
        "players",
        "seed",
        "options",
        "rng",
        "_keys",
        "_log",
        "checkpoint",
        "cards",
        "coins",
        "city",
        "infra",
        "decks",
        "discards",
        "visible",
        "residences",
        "row",
        "box",
        "bank",
        "round",
        "turn",
        "stage",
        "pending",
        "discarded",
    )

    @classmethod
    def new(cls, players: list[str], seed: int, options: dict) -> HappiestTownState:
        s = cls.__new__(cls)
        cat = town_catalogue()
        n = len(players)
        s.cards = cat.cards
        s._setup(players, seed, options)
        s.box = list(cat.stores[n:])
        children = options.get("variant") == "children"
        infra = list(cat.infrastructure)
        s.rng.shuffle(infra)
        if children:
            s.row = []
            s.box += infra
        else:
            s.row = sorted(infra[:3])
            s.box += infra[3:]
        s.residences = [list(ids) for _, ids in cat.residences]
        s.decks = [[i for i in cat.facilities if s.cards[i].deck == d] for d in (1, 2, 3)]
        for deck in s.decks:
            s.rng.shuffle(deck)
        s.discards = [[], [], []]
        s.visible = [s.decks[0].pop() for _ in range(ROW_SIZE)]
        s.city = [[cat.stores[k]] for k in range(n)]
        s.infra = [None] * n
        s.coins = [START_MONEY] * n
        s.bank = (
            None if options.get("bank", "unlimited") == "unlimited" else BOX_MONEY - START_MONEY * n
        )
        s.round = 1
        s.turn = 0
        s.stage = DISCARD
        s.pending = None
        s.discarded = 0
        s.log(
            f"New game of Happiest Town for {n} players"
            f"{' (children’s variant)' if children else ''}; {players[0]} starts."
        )
        s.log(
            "Three low-cost facilities are dealt face up: "
            + ", ".join(s.cards[i].name for i in s.visible)
            + "."
        )
        if s.row:
            s.log("Infrastructure in play: " + ", ".join(s.cards[i].name for i in s.row) + ".")
        s._start_turn()
        return s

    def _copy(self) -> HappiestTownState:
        s = self._copy_base(HappiestTownState)
        for k in ("cards", "box", "bank", "round", "turn", "stage", "pending", "discarded"):
            setattr(s, k, getattr(self, k))
        s.coins = list(self.coins)
        s.city = [list(c) for c in self.city]
        s.infra = list(self.infra)
        s.decks = [list(d) for d in self.decks]
        s.discards = [list(d) for d in self.discards]
        s.visible = list(self.visible)
        s.residences = [list(p) for p in self.residences]
        s.row = list(self.row)
        return s

    # ---- facts ------------------------------------------------------------------------------
    @property
    def children(self) -> bool:
        return self.options.get("variant") == "children"

    def income_of(self, seat: int) -> int:
        return sum(self.cards[i].income for i in self.city[seat])

    def cost_of(self, seat: int, card: Card) -> int:
        return card.cost

    def type_counts(self, seat: int) -> dict:
        counts: dict = {}
        for i in self.city[seat]:
            t = self.cards[i].category
            if t in TYPES:
                counts[t] = counts.get(t, 0) + 1
        return counts

    def meets(self, seat: int, card: Card) -> bool:
        counts = self.type_counts(seat)
        return all(counts.get(t, 0) >= k for t, k in card.needs)

    def qualifying(self, seat: int) -> list[int]:
        """Infrastructure cards the seat may take now."""
        if self.infra[seat] is not None:
            return []
        return [i for i in self.row if self.meets(seat, self.cards[i])]

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def end_triggered(self) -> bool:
        return any(len(c) >= GOAL for c in self.city)

    # ---- protocol --------------------------------------------------------------------------
    def actors(self) -> list[int]:
        return [] if self.stage == OVER else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.stage == OVER or seat != self.turn:
            return []
        cards = self.cards
        out: list[Action] = []
        if self.stage == DISCARD:
            out.append(Action(seat, "keep", (), "Stop discarding"))
            seen = set()
            for i in self.visible:
                if cards[i].name not in seen:
                    seen.add(cards[i].name)
                    out.append(
                        Action(seat, "discard", (cards[i].name,), f"Discard {cards[i].name}")
                    )
        elif self.stage == REFILL:
            for d in self.drawable():
                out.append(Action(seat, "draw", (d,), f"Draw from the {DECKS[d - 1]}-cost deck"))
        elif self.stage == BUILD:
            seen = set()
            for i in self.visible:
                c = cards[i]
                if c.name in seen:
                    continue
                seen.add(c.name)
                if c.cost <= self.coins[seat] and not self.owns_name(seat, c.name):
                    out.append(Action(seat, "buy", (c.name,), f"Build {c.name} for {c.cost}"))
            for pile in self.residences:
                if pile:
                    c = cards[pile[-1]]
                    if c.cost <= self.coins[seat] and not self.owns_name(seat, c.name):
                        out.append(
                            Action(seat, "dwelling", (c.name,), f"Build {c.name} for {c.cost}")
                        )
            out.append(Action(seat, "pass", (), "Build nothing"))
        elif self.stage == INFRA:
            for i in self.pending:
                out.append(Action(seat, "claim", (cards[i].name,), f"Take {cards[i].name}"))
        return out

    def why_illegal(self, a: Action) -> str | None:
        allowed = {
            DISCARD: ("keep", "discard"),
            REFILL: ("draw",),
            BUILD: ("buy", "dwelling", "pass"),
            INFRA: ("claim",),
        }
        says = {
            DISCARD: "may discard visible facilities or stop discarding",
            REFILL: "must refill the row to 3 facilities",
            BUILD: "may build one building or nothing",
            INFRA: "must take one of the infrastructure cards it qualifies for",
        }
        if a.kind not in allowed.get(self.stage, ()):
            return f"Not now: {self.players[a.seat]} {says[self.stage]}."
        expect = 0 if a.kind in ("keep", "pass") else 1
        if len(a.args) != expect:
            return f"'{a.kind}' takes {expect} argument(s)."
        seat = a.seat
        if a.kind == "discard":
            if self._visible_named(a.args[0]) is None:
                return f"{a.args[0]} is not face up in the row."
        elif a.kind == "draw":
            if a.args[0] not in (1, 2, 3) or isinstance(a.args[0], bool):
                return "There are decks 1 (low), 2 (middle) and 3 (high) only."
            if a.args[0] not in self.drawable():
                return f"The {DECKS[a.args[0] - 1]}-cost deck and its discards are both empty."
        elif a.kind in ("buy", "dwelling"):
            name = a.args[0]
            if a.kind == "buy":
                k = self._visible_named(name)
                if k is None:
                    return f"{name} is not face up in the row."
                card = self.cards[self.visible[k]]
            else:
                pile = self._pile_named(name)
                if pile is None:
                    return f"There is no residence called {name}."
                if not pile:
                    return f"The {name} pile is empty."
                card = self.cards[pile[-1]]
            if self.owns_name(seat, name):
                return f"{self.players[seat]} already has a {name}; a field never holds two of one name."
            if card.cost > self.coins[seat]:
                return f"{name} costs {card.cost} but {self.players[seat]} has {self.coins[seat]}."
        elif a.kind == "claim":
            if not any(self.cards[i].name == a.args[0] for i in self.pending):
                return f"{a.args[0]} is not one of the infrastructure cards on offer."
        return None

    def _pile_named(self, name):
        for pile, (pname, _) in zip(self.residences, town_catalogue().residences, strict=False):
            if pname == name:
                return pile
        return None

    def _do(self, a: Action) -> None:
        seat, who, cards = a.seat, self.players[a.seat], self.cards
        if a.kind == "keep":
            self.stage = REFILL
        elif a.kind == "discard":
            i = self.visible.pop(self._visible_named(a.args[0]))
            self.discards[cards[i].deck - 1].append(i)
            self.discarded += 1
            self.log(f"{who} discards {cards[i].name}.")
            if not self.visible:
                self.stage = REFILL
        elif a.kind == "draw":
            d = a.args[0] - 1
            if not self.decks[d]:
                self.decks[d] = self.discards[d]
                self.discards[d] = []
                self.rng.shuffle(self.decks[d])
                self.log(
                    f"The {DECKS[d]}-cost deck is empty: its discards are shuffled into a new deck."
                )
            i = self.decks[d].pop()
            self.visible.append(i)
            self.checkpoint += 1
            self.log(f"{who} draws {cards[i].name} from the {DECKS[d]}-cost deck.")
        elif a.kind in ("buy", "dwelling"):
            if a.kind == "buy":
                i = self.visible.pop(self._visible_named(a.args[0]))
            else:
                i = self._pile_named(a.args[0]).pop()
            self._pay(seat, cards[i].cost)
            self.city[seat].append(i)
            self.log(f"{who} builds {cards[i].name} for {cards[i].cost}.")
            self._infrastructure_step()
            return
        elif a.kind == "pass":
            self.log(f"{who} builds nothing.")
            self._infrastructure_step()
            return
        elif a.kind == "claim":
            i = next(i for i in self.pending if cards[i].name == a.args[0])
            self._take_infra(seat, i)
            self._end_turn()
            return
        self._advance()

    # ---- flow ----------------------------------------------------------------------------------
    def _advance(self) -> None:
        if self.stage == DISCARD and not self.visible:
            self.stage = REFILL
        if self.stage == REFILL and (len(self.visible) >= ROW_SIZE or not self.drawable()):
            self.stage = BUILD

    def _start_turn(self) -> None:
        seat = self.turn
        got = self._gain(seat, self.income_of(seat))
        self.log(f"{self.players[seat]}'s turn: income of {got} coin{'s' if got != 1 else ''}.")
        self.discarded = 0
        self.stage = DISCARD
        self._advance()

    def _infrastructure_step(self) -> None:
        seat = self.turn
        options = self.qualifying(seat)
        if len(options) == 1:
            self._take_infra(seat, options[0])
        elif len(options) > 1:
            self.pending = options
            self.stage = INFRA
            return
        self._end_turn()

    def _take_infra(self, seat: int, i: int) -> None:
        self.row.remove(i)
        self.city[seat].append(i)
        self.infra[seat] = i
        self.pending = None
        card = self.cards[i]
        self.log(f"{self.players[seat]} meets the needs of {card.name} and builds it.")
        extra = town_catalogue().extra[i]
        if extra["builder_money"] or extra["others_money"]:
            got = self._gain(seat, extra["builder_money"])
            self.log(f"{card.name}: {self.players[seat]} receives {got} money.")
            for k in range(1, self.n):
                other = (seat + k) % self.n
                got = self._gain(other, extra["others_money"])
                self.log(f"{card.name}: {self.players[other]} receives {got} money.")

    def _end_turn(self) -> None:
        self.checkpoint += 1
        self.stage = DISCARD
        if self.turn == self.n - 1:
            if self.end_triggered:
                self.stage = OVER
                self.log(
                    "A field has 10 or more buildings and the round is complete: the game is over."
                )
                return
            self.round += 1
            self.turn = 0
        else:
            self.turn += 1
        self._start_turn()

    # ---- scoring ----------------------------------------------------------------------------------
    def breakdown(self, seat: int) -> dict:
        pop_plus = pop_minus = hap_plus = hap_minus = 0
        for i in self.city[seat]:
            c = self.cards[i]
            if c.inhabitants > 0:
                pop_plus += c.inhabitants
            else:
                pop_minus -= c.inhabitants
            if c.hearts > 0:
                hap_plus += c.hearts
            else:
                hap_minus -= c.hearts
        population = max(0, pop_plus - pop_minus)
        happiness = max(0, hap_plus - hap_minus)
        add = self.children
        return {
            "population": pop_plus,
            "crossed_population": pop_minus,
            "happiness": hap_plus,
            "crossed_happiness": hap_minus,
            "net_population": population,
            "net_happiness": happiness,
            # the same figures under Happy City's names, for shared widgets
            "inhabitants": pop_plus,
            "crossed_inhabitants": pop_minus,
            "hearts": hap_plus,
            "crossed_hearts": hap_minus,
            "net_inhabitants": population,
            "net_hearts": happiness,
            "rule": "add" if add else "multiply",
            "score": population + happiness if add else population * happiness,
            "coins": self.coins[seat],
            "cards": len(self.city[seat]),
        }

    # ---- views -------------------------------------------------------------------------------
    def card_view(self, i: int) -> dict:
        d = self.cards[i].to_dict()
        d["population"] = d["inhabitants"]
        d["happiness"] = d["hearts"]
        d["type"] = d["category"] or None
        d["letter"] = TYPE_LETTER.get(d["category"], "-")
        if d["needs"]:
            d["needs_text"] = ", ".join(f"{k} {t}" for t, k in self.cards[i].needs)
        extra = town_catalogue().extra.get(i)
        if extra and (extra["builder_money"] or extra["others_money"]):
            d["on_build"] = dict(extra)
        return d

    def view(self, seat: int | None) -> dict:
        players = []
        for s in range(self.n):
            city = [self.card_view(i) for i in self.city[s]]
            players.append(
                {
                    "seat": s,
                    "name": self.players[s],
                    "coins": self.coins[s],
                    "income": self.income_of(s),
                    "city": city,
                    "buildings": len(city),
                    "infrastructure": self.cards[self.infra[s]].name
                    if self.infra[s] is not None
                    else None,
                    "types": self.type_counts(s),
                    "score": self.breakdown(s),
                }
            )
        return {
            "game": "happiest-town",
            "options": dict(self.options),
            "viewer": seat,
            "variant": "children" if self.children else "standard",
            "round": self.round,
            "turn": self.turn,
            "stage": self.stage,
            "first_player": 0,
            "last_player": self.n - 1,
            "goal": GOAL,
            "end_triggered": self.end_triggered,
            "over": self.is_over,
            "bank": self.bank,
            "players": players,
            "decks": [
                {
                    "deck": d + 1,
                    "name": DECKS[d],
                    "count": len(self.decks[d]),
                    "discards": len(self.discards[d]),
                    "costs": list(DECK_COSTS[d + 1]),
                }
                for d in range(3)
            ],
            "visible": [self.card_view(i) for i in self.visible],
            "dwellings": [
                {"name": name, "count": len(pile), "card": self.card_view(ids[0])}
                for pile, (name, ids) in zip(
                    self.residences, town_catalogue().residences, strict=False
                )
            ],
            "infrastructure": [
                dict(self.card_view(i), qualifies=(seat is not None and i in self.qualifying(seat)))
                for i in self.row
            ],
            "pending": [self.cards[i].name for i in self.pending] if self.pending else None,
            "discarded_this_turn": self.discarded,
            "letters": dict(TYPE_LETTER),
            "colours": {t: c for t, c in TYPE_COLOUR.items() if c},
        }

    # ---- for tests ----------------------------------------------------------------------------------
    def all_card_places(self) -> list[int]:
        out = []
        for d in self.decks + self.discards:
            out += d
        out += self.visible
        for p in self.residences:
            out += p
        for c in self.city:
            out += c
        out += self.row
        out += self.box
        return out

    # ---- a copy for bots: what one seat knows, every hidden thing drawn afresh ----------------
    def resample(self, seat: int, seed: int) -> HappiestTownState:
        """Fields, row, infrastructure, money and discards are public (each discard is
        logged), so only the order of every deck and of the box, and the random
        generator, are hidden: they are redrawn from ``seed``, starting from a sorted
        order so that the copy depends on nothing the seat cannot know."""
        from ..core.rng import Rng

        s = self._copy()
        rng = Rng(seed)
        s.rng = Rng(rng.next64())
        s._log = [e for e in self._log if e[1] is None or e[1] == seat]
        s.box = sorted(self.box)
        for deck in s.decks:
            deck.sort()
            rng.shuffle(deck)
        return s


__all__ = ["HappiestTownState", "town_catalogue"]
