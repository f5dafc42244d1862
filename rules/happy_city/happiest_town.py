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

``HAPPIEST_TOWN`` is the edition table the shared rules read; ``HappiestTownState`` is
the record (fields.py) with the protocol on it, handing over to town_rules and the
shared row, scores and seat_views. Its infrastructure cards are the record's specials.
"""

from __future__ import annotations

from typing import Any

from . import row as row_rules  # the class names its infrastructure row ``row``
from . import scores, town_rules
from .cards import Card
from .fields import BUILD, COPY_BOTH, DISCARD, INFRA, OVER, REFILL, CardRowFields, Edition
from .town_cards import DECKS, TYPE_LETTER, town_catalogue
from .views import HappiestTownView

HAPPIEST_TOWN = Edition(
    money="money",
    place_word="town",
    item_word="buildings",
    in_row="face up in the row",
    pile_noun="residence",
    one_of_a_name="a field never holds two of one name.",
    decks_text="There are decks 1 (low), 2 (middle) and 3 (high) only.",
    symbol_words=("population", "happiness"),
    group_letters=TYPE_LETTER,
    deck_words=DECKS,
    city_limit=None,
    goal=10,
    stages={
        DISCARD: (("keep", "discard"), "may discard visible facilities or stop discarding"),
        REFILL: (("draw",), "must refill the row to 3 facilities"),
        BUILD: (("buy", "dwelling", "pass"), "may build one building or nothing"),
        INFRA: (("claim",), "must take one of the infrastructure cards it qualifies for"),
    },
    buy_stage=BUILD,
    income_of=row_rules.printed_income,
    cost_of=town_rules.printed_cost,
    group_of=town_rules.group_of,
    paid_on_build=town_rules.paid_on_build,
    takeable_specials=town_rules.qualifying,
    breakdown=town_rules.breakdown,
    card_view=town_rules.card_view,
    player_view=town_rules.player_view,
)


class HappiestTownState(CardRowFields[HappiestTownView]):
    __slots__ = ()
    edition = HAPPIEST_TOWN
    COPY = COPY_BOTH  # Happy City's fields stay empty here: copies share them

    @classmethod
    def new(cls, players: list[str], seed: int, options: dict[str, Any]) -> HappiestTownState:
        s = cls.__new__(cls)
        town_rules.set_up(s, players, seed, options)
        return s

    # ---- the protocol -----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    def handed_over_at(self) -> int | None:
        return self.passed_at if self.passed_at >= 0 else None

    # the rule functions themselves, set on the class: a move asks them several times
    actors = town_rules.actors
    legal_actions = town_rules.legal_actions
    why_illegal = town_rules.why_illegal
    _do = town_rules.do  # through the table of kinds, ``town_rules.DO``

    def result(self) -> dict[str, Any]:
        return scores.result(self)

    def round_under_way(self) -> int:
        return self.round

    def view(self, seat: int | None) -> HappiestTownView:
        return town_rules.seat_view(self, seat)

    def resample(self, seat: int, seed: int) -> HappiestTownState:
        """Only the order of the decks and the box is hidden (see ``row.resample``)."""
        s = self._copy()
        row_rules.resample(s, seat, seed)
        s._log = self.log_seen_by(seat)
        return s

    # ---- what the bot, the explainer and the tests ask by name --------------------------
    @property
    def end_triggered(self) -> bool:
        return row_rules.end_triggered(self)

    @property
    def children(self) -> bool:
        return town_rules.children(self)

    @property
    def residences(self) -> list[list[int]]:
        """The residence piles (the shared rules call them piles)."""
        return self.piles

    @property
    def infra(self) -> list[int | None]:
        """Each seat's infrastructure card, once built (the record's ``special``)."""
        return self.special

    @property
    def row(self) -> list[int]:
        """The infrastructure cards in play, not yet built (the record's ``specials``)."""
        return self.specials

    # the rule functions themselves, set on the class: asked on every move and key
    income_of = row_rules.printed_income
    cost_of = town_rules.printed_cost
    breakdown = town_rules.breakdown
    type_counts = row_rules.group_counts
    qualifying = town_rules.qualifying
    card_view = town_rules.card_view

    def taken(self, seat: int, kind: str, name: str) -> HappiestTownState:
        """A copy in which ``seat`` has made the legal take ``kind`` of ``name``, the
        turn not moved on (the explainer's "what it gives now")."""
        s = self._copy()
        town_rules.take(s, seat, kind, name)
        return s

    # the card-row questions the explainer asks of either edition
    owns_name = row_rules.owns_name
    meets = row_rules.meets
    group_counts = row_rules.group_counts
    has_special = row_rules.has_special
    special_offer = row_rules.special_offer
    takeable_specials = town_rules.qualifying
    offered_card = row_rules.offered_card
    room_for = row_rules.room_for
    deck_name = row_rules.deck_name

    def paid_on_build(self, card: Card) -> tuple[int, int] | None:
        return self.edition.paid_on_build(card)

    def all_card_places(self) -> list[int]:
        """Every card where it lies, once each."""
        out = row_rules.all_card_places(self)
        for c in self.city:
            out += c
        return out


__all__ = ["HAPPIEST_TOWN", "HappiestTownState", "town_catalogue"]
