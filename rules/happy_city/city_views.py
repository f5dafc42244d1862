"""Happy City: a seat's score as it stands (Family's plain count, Expert's with its
effects) and what a seat sees: the price it pays for each card, each city in rows of
five with its special, colours and Expert facts, the draft and the question asked."""

from __future__ import annotations

from typing import Any

from . import expert, expert_scoring
from .city_moves import CITY_LIMIT
from .effects import ROW  # cards in a row of a city, as laid out on the table
from .fields import CardRowFields
from .row import group_counts
from .scores import plain_breakdown
from .seat_views import row_view
from .views import CardFace, HappyCityView, PlayerView


def breakdown(
    state: CardRowFields, seat: int, choice: dict[str, Any] | None = None
) -> dict[str, Any]:
    if state.expert:
        return expert_scoring.expert_breakdown(state, seat, choice)
    return plain_breakdown(state, seat, state.options.get("scoring") == "add")


def card_view(state: CardRowFields, i: int, seat: int | None = None) -> CardFace:
    d = state.cards[i].to_dict()
    if seat is not None and d["kind"] in ("building", "dwelling"):
        d["your_cost"] = expert.cost_of(state, seat, state.cards[i])
    return d


def player_view(state: CardRowFields, seat: int, p: PlayerView) -> PlayerView:
    city, own, cards = p["city"], state.city[seat], state.cards
    special = expert.special_card(state, seat)
    p["rows"] = [city[k : k + ROW] for k in range(0, len(city), ROW)]
    p["special"] = special.name if special else None
    p["colours"] = group_counts(state, seat)
    p["market_colour"] = cards[own[0]].colour if own and cards[own[0]].kind == "market" else None
    p["free_cards"] = state.free[seat]
    p["louvre_phases"] = state.borrow[seat]
    p["end_choices"] = dict(state.choices[seat])
    return p


def seat_view(state: CardRowFields, seat: int | None) -> HappyCityView:
    return {
        **row_view(state, seat),
        "city_limit": CITY_LIMIT,
        "mode": "expert" if state.expert else "family",
        "market_pool": list(state.market_pool),
        "pending": dict(state.pending) if state.pending else None,
    }
