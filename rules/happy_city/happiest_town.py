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

from typing import Any, ClassVar

from ..core import Action
from .card_row import ROW_SIZE, CardRowState
from .cards import Card
from .town_cards import DECKS, TYPE_COLOUR, TYPE_LETTER, TYPES, town_catalogue
from .views import CardFace, DeckView, HappiestTownView, PlayerView

START_MONEY = 2
BOX_MONEY = 40  # 15 coins of 1 and 5 of 5

DISCARD, REFILL, BUILD, INFRA, OVER = "discard", "refill", "build", "infra", "over"


class HappiestTownState(CardRowState):
    __slots__ = ("infra", "row", "discarded")
    PLACE_WORD, ITEM_WORD = "town", "buildings"
    infra: list[int | None]  # each seat's infrastructure card, once built
    row: list[int]  # infrastructure cards in play, not yet built
    discarded: int  # facilities discarded this turn
    pending: list[int] | None  # the infrastructure cards a seat must choose between

    COPY = {**CardRowState.COPY, "infra": list, "row": list}

    MONEY = "money"
    SYMBOL_WORDS = ("population", "happiness")
    GROUP_LETTERS = TYPE_LETTER
    IN_ROW = "face up in the row"
    PILE_NOUN = "residence"
    ONE_OF_A_NAME = "a field never holds two of one name."
    DECKS_TEXT = "There are decks 1 (low), 2 (middle) and 3 (high) only."
    BUY_STAGE = BUILD
    STAGES: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {
        DISCARD: (("keep", "discard"), "may discard visible facilities or stop discarding"),
        REFILL: (("draw",), "must refill the row to 3 facilities"),
        BUILD: (("buy", "dwelling", "pass"), "may build one building or nothing"),
        INFRA: (("claim",), "must take one of the infrastructure cards it qualifies for"),
    }

    @classmethod
    def new(cls, players: list[str], seed: int, options: dict[str, Any]) -> HappiestTownState:
        cat = town_catalogue()
        s = cls._laid_out(players, seed, options, cat.cards, START_MONEY, BOX_MONEY)
        n = s.n
        s.box = list(cat.stores[n:])
        infra = list(cat.infrastructure)
        s.rng.shuffle(infra)
        if s.children:
            s.row = []
            s.box += infra
        else:
            s.row = sorted(infra[:3])
            s.box += infra[3:]
        s.piles = [list(ids) for _, ids in cat.residences]
        s.pile_names = tuple(name for name, _ in cat.residences)
        s.pile_faces = tuple(ids[0] for _, ids in cat.residences)
        s._deal_decks(cat.facilities)
        s.visible = [s.decks[0].pop() for _ in range(ROW_SIZE)]
        s.city = [[cat.stores[k]] for k in range(n)]
        s.infra = [None] * n
        s.round = 1
        s.stage = DISCARD
        s.discarded = 0
        s.log(
            f"New game of Happiest Town for {n} players"
            f"{' (children’s variant)' if s.children else ''}; {players[0]} starts."
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

    # ---- facts ------------------------------------------------------------------------------
    @property
    def residences(self) -> list[list[int]]:
        """The residence piles (the shared code calls them piles)."""
        return self.piles

    @property
    def children(self) -> bool:
        return self.options.get("variant") == "children"

    def deck_name(self, d: int) -> str:
        return f"the {DECKS[d - 1]}-cost deck"

    def group_of(self, card: Card) -> str | None:
        return card.category if card.category in TYPES else None

    def has_special(self, seat: int) -> bool:
        return self.infra[seat] is not None

    def special_offer(self) -> list[int]:
        return self.row

    def paid_on_build(self, card: Card) -> tuple[int, int] | None:
        extra = town_catalogue().extra.get(card.id)
        if extra and (extra["builder_money"] or extra["others_money"]):
            return extra["builder_money"], extra["others_money"]
        return None

    def takeable_specials(self, seat: int) -> list[int]:
        return self.qualifying(seat)

    def taken(self, seat: int, kind: str, name: str) -> HappiestTownState:
        s = self._copy()
        if kind in ("buy", "dwelling"):
            s._build(seat, s._take_offer(kind, name))
            options = s.qualifying(seat)
            if len(options) == 1:  # the one infrastructure it now meets comes with it
                s._take_infra(seat, options[0])
        elif kind == "claim":
            s._take_infra(seat, next(i for i in s.row if s.cards[i].name == name))
        return s

    def type_counts(self, seat: int) -> dict[str, int]:
        return self.group_counts(seat)

    def qualifying(self, seat: int) -> list[int]:
        """Infrastructure cards the seat may take now."""
        if self.infra[seat] is not None:
            return []
        return [i for i in self.row if self.meets(seat, self.cards[i])]

    # ---- protocol --------------------------------------------------------------------------
    def actors(self) -> list[int]:
        return [] if self.stage == OVER else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.stage == OVER or seat != self.turn:
            return []
        if self.stage == DISCARD:
            return self._discard_actions(seat, "Stop discarding")
        if self.stage == REFILL:
            return self._draw_actions(seat)
        if self.stage == BUILD:
            return [*self._buy_actions(seat, "Build"), Action(seat, "pass", (), "Build nothing")]
        names = [self.cards[i].name for i in self.pending or ()]
        return [Action(seat, "claim", (name,), f"Take {name}") for name in names]

    def why_illegal(self, a: Action) -> str | None:
        problem = self._shape_problem(a) or self._row_problem(a)
        offered = (self.cards[i].name for i in self.pending or ())
        if problem is None and a.kind == "claim" and a.args[0] not in offered:
            return f"{a.args[0]!r} is not one of the infrastructure cards on offer."
        return problem

    def _do(self, a: Action) -> None:
        seat, who, cards = a.seat, self.players[a.seat], self.cards
        if a.kind == "keep":
            self.log(f"{who} stops discarding.")
            self.stage = REFILL
        elif a.kind == "discard":
            i = self._discard(a.args[0])
            self.discarded += 1
            self.log(f"{who} discards {cards[i].name}.")
            if not self.visible:
                self.stage = REFILL
        elif a.kind == "draw":
            self._draw(seat, a.args[0])
        elif a.kind in ("buy", "dwelling"):
            self._build(seat, self._take_offer(a.kind, a.args[0]))
            self._infrastructure_step()
            return
        elif a.kind == "pass":
            self.log(f"{who} builds nothing.")
            self._infrastructure_step()
            return
        elif a.kind == "claim":
            i = next(i for i in self.pending or () if cards[i].name == a.args[0])
            self._take_infra(seat, i)
            self._end_turn()
            return
        self._advance()

    # ---- flow ----------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        seat = self.turn
        got = self._gain(seat, self.income_of(seat))
        self.log(f"{self.players[seat]}'s turn: income of {got} money.")
        self.discarded = 0
        self.stage = DISCARD
        self._advance()

    def _build(self, seat: int, i: int) -> None:
        """Pay for card ``i`` (already taken from the row or its pile) and place it."""
        card = self.cards[i]
        self._pay(seat, card.cost)
        self.city[seat].append(i)
        self.log(f"{self.players[seat]} builds {card.name} for {card.cost}.")

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
        self.passed_at = self.checkpoint  # play only changes hands (see the controller)
        self.log_last_round_trigger()
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
    def breakdown(self, seat: int) -> dict[str, Any]:
        b = self._plain_breakdown(seat, self.children)
        return {
            "population": b["inhabitants"],
            "crossed_population": b["crossed_inhabitants"],
            "happiness": b["hearts"],
            "crossed_happiness": b["crossed_hearts"],
            "net_population": b["net_inhabitants"],
            "net_happiness": b["net_hearts"],
            # the same figures under Happy City's names, for shared widgets
            **b,
        }

    # ---- views -------------------------------------------------------------------------------
    def card_view(self, i: int, seat: int | None = None) -> CardFace:
        d = self.cards[i].to_dict()
        d["population"] = d["inhabitants"]
        d["happiness"] = d["hearts"]
        d["type"] = d["category"] or None
        d["letter"] = TYPE_LETTER.get(d["category"], "-")
        extra = town_catalogue().extra.get(i)
        if extra and (extra["builder_money"] or extra["others_money"]):
            d["on_build"] = dict(extra)
        return d

    def _decks_view(self) -> list[DeckView]:
        decks = super()._decks_view()
        for deck in decks:
            deck["name"] = DECKS[deck["deck"] - 1]
        return decks

    def _player_view(self, seat: int) -> PlayerView:
        p = super()._player_view(seat)
        infra = self.infra[seat]
        p["buildings"] = len(p["city"])
        p["infrastructure"] = self.cards[infra].name if infra is not None else None
        p["types"] = self.type_counts(seat)
        return p

    def seat_view(self, seat: int | None) -> HappiestTownView:
        return {
            **self._row_view(seat),
            "variant": "children" if self.children else "standard",
            "pending": [self.cards[i].name for i in self.pending] if self.pending else None,
            "discarded_this_turn": self.discarded,
            "colours": {t: c for t, c in TYPE_COLOUR.items() if c},
        }

    # ---- for tests ----------------------------------------------------------------------------------
    def all_card_places(self) -> list[int]:
        out = super().all_card_places()
        for c in self.city:
            out += c
        return out + self.row

    # ---- a copy for bots: what one seat knows, every hidden thing drawn afresh ----------------


__all__ = ["HappiestTownState", "town_catalogue"]
