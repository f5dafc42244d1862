"""Why a card on offer cannot be taken now, in a few words for the card itself ("2 coins
short", "you already own a School", "still needs B1 G2"), as explanation lines.

The refusal of an attempted move is the engine's (``why_illegal``); these short
reasons say the same things on the card before anyone tries. The explainer adds them
to a refused take (explainer.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Line

if TYPE_CHECKING:
    from .card_row import CardRowState
    from .cards import Card


def purchase_problem(state: CardRowState, seat: int, card: Card) -> Line | None:
    """Why ``seat`` cannot buy ``card`` at its buying step, else None."""
    if not state.room_for(seat):
        return Line(f"your {state.PLACE_WORD} is full", kind="refusal")
    if state.owns_name(seat, card.name):
        article = "an" if card.name[:1] in "AEIOU" else "a"
        return Line(f"you already own {article} {card.name}", kind="refusal")
    short = state.cost_of(seat, card) - state.coins[seat]
    if short > 0:
        money = "coin" if state.MONEY == "coins" and short == 1 else state.MONEY
        return Line(f"{short} {money} short", short, money, kind="refusal")
    return None


def special_problem(state: CardRowState, seat: int, card: Card) -> Line | None:
    """Why ``seat`` cannot take the special (infrastructure) ``card`` at any step of its
    turn, else None: it has one, its city lacks what the card needs (in the letters its
    cards show the colours or types in: "still needs B1 G2"), or it is full."""
    if state.has_special(seat):
        return Line("you already have one", kind="refusal")
    if not state.meets(seat, card):
        have, letters = state.group_counts(seat), state.GROUP_LETTERS
        words, count = [], 0
        for group, need in card.needs:
            lacking = need - have.get(group, 0)
            if lacking > 0:
                words.append(f"{letters.get(group, group)}{lacking}")
                count += lacking
        return Line(f"still needs {' '.join(words)}", count, state.ITEM_WORD, kind="refusal")
    return Line(f"your {state.PLACE_WORD} is full", kind="refusal")
