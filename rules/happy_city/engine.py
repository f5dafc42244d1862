"""Happy City (Family and Expert modes) as a state machine of fine-grained actions.

Round: a simultaneous income phase, then each seat in turn from the first player
(seat 0 holds the first-player card all game):
  discard (optional, one visible building) -> refill to 3 visible, one draw at a
  time from a deck of the player's choice -> buy a building, buy a dwelling or take
  a coin -> claim a special building (optional, once per game).
The round in which any city reaches 10 cards is the last.

Expert mode adds: a draft of the coloured Happy Market sides before the first round
(last seat first, counter-clockwise, the first player last); the red special
buildings, whose effects are mechanisms listed in their data (see effects.py) and
reached through the edition's hooks (income_of, cost_of, breakdown) and the round
events; a choice of opponent for the Louvre before an income phase; and the
end-of-game questions (which neighbour, which special to copy) asked one by one
before the final result.

``HAPPY_CITY`` is the edition table the shared rules read; ``HappyCityState`` is the
record (fields.py) with the protocol on it, each method handing over to the module
that holds the rule (city_moves, city_turns, city_views, expert, expert_scoring, and
the shared row, moves, scores and seat_views).
"""

from __future__ import annotations

from typing import Any

from . import city_moves, city_turns, city_views, expert, expert_scoring, row, scores
from .cards import COLOUR_LETTER, Card
from .fields import (
    BUY,
    DISCARD,
    FINAL,
    MARKET,
    OVER,
    REFILL,
    SPECIAL,
    TARGET,
    CardRowFields,
    Edition,
)
from .views import HappyCityView

HAPPY_CITY = Edition(
    money="coins",
    place_word="city",
    item_word="cards",
    in_row="in the central row",
    pile_noun="dwelling",
    one_of_a_name="a city never holds two cards of one name.",
    decks_text="There are decks 1, 2 and 3 only.",
    symbol_words=("inhabitants", "hearts"),
    group_letters={k: v for k, v in COLOUR_LETTER.items() if k},
    deck_words=None,
    city_limit=city_moves.CITY_LIMIT,
    goal=10,
    stages={
        DISCARD: (("keep", "discard"), "may discard a visible building or keep the row"),
        REFILL: (("draw",), "must refill the row to 3 visible buildings"),
        BUY: (("buy", "dwelling", "coin"), "must buy a building or a dwelling, or take a coin"),
        SPECIAL: (("pass", "claim"), "may take a special building or pass"),
        MARKET: (("market",), "must pick a Happy Market colour"),
        TARGET: (("target",), "must pick the opponent whose income the Louvre adds"),
        FINAL: (("copy", "neighbour"), "must answer an end-of-game question"),
    },
    buy_stage=BUY,
    income_of=expert.income_of,
    cost_of=expert.cost_of,
    group_of=lambda card: card.colour,
    paid_on_build=lambda card: None,
    takeable_specials=city_moves.claimable,
    breakdown=city_views.breakdown,
    card_view=city_views.card_view,
    player_view=city_views.player_view,
)


class HappyCityState(CardRowFields[HappyCityView]):
    __slots__ = ()
    edition = HAPPY_CITY

    @classmethod
    def new(cls, players: list[str], seed: int, options: dict[str, Any]) -> HappyCityState:
        s = cls.__new__(cls)
        city_turns.set_up(s, players, seed, options)
        return s

    # ---- the protocol -----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    def handed_over_at(self) -> int | None:
        return self.passed_at if self.passed_at >= 0 else None

    # the rule functions themselves, set on the class: a move asks them several times
    actors = city_moves.actors
    legal_actions = city_moves.legal_actions
    why_illegal = city_moves.why_illegal
    _do = city_turns.do  # through the table of kinds, ``city_turns.DO``

    def result(self) -> dict[str, Any]:
        return scores.result(self)

    def round_under_way(self) -> int:
        return self.round

    def view(self, seat: int | None) -> HappyCityView:
        return city_views.seat_view(self, seat)

    def resample(self, seat: int, seed: int) -> HappyCityState:
        """Only the order of the decks and the box is hidden (see ``row.resample``)."""
        s = self._copy()
        row.resample(s, seat, seed)
        s._log = self.log_seen_by(seat)
        return s

    # ---- what the bot, the explainer, effects.py and the tests ask by name -------------
    # (the rule functions themselves, set on the class: asked on every move and key)
    @property
    def end_triggered(self) -> bool:
        return row.end_triggered(self)

    @property
    def dwellings(self) -> list[list[int]]:
        """The dwelling piles (the shared rules call them piles)."""
        return self.piles

    income_of = expert.income_of
    cost_of = expert.cost_of
    card_symbols = expert.card_symbols  # a card's income, inhabitants and hearts in a city
    breakdown = city_views.breakdown
    colour_counts = row.group_counts
    claimable = city_moves.claimable
    end_choices = expert_scoring.end_choices  # the answers given, the best guess for the rest
    neighbour_options = expert_scoring.neighbour_options
    start_round = city_turns.start_round  # the tests run an income phase with it
    card_view = city_views.card_view

    def taken(self, seat: int, kind: str, name: str) -> HappyCityState:
        """A copy in which ``seat`` has made the legal take ``kind`` of ``name``, the
        turn not moved on (the explainer's "what it gives now")."""
        s = self._copy()
        city_turns.take(s, seat, kind, name)
        return s

    # the card-row questions the explainer asks of either edition
    owns_name = row.owns_name
    meets = row.meets
    group_counts = row.group_counts
    has_special = row.has_special
    special_offer = row.special_offer
    takeable_specials = city_moves.claimable
    offered_card = row.offered_card
    room_for = row.room_for
    deck_name = row.deck_name

    def paid_on_build(self, card: Card) -> tuple[int, int] | None:
        return self.edition.paid_on_build(card)

    def all_card_places(self) -> list[int]:
        """Every card where it lies, once each (the Happy Market cards aside)."""
        cards = self.cards
        out = row.all_card_places(self)
        for c in self.city:
            out += [i for i in c if cards[i].kind != "market"]
        return out
