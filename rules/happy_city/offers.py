"""Why a card on offer cannot be taken now, in a few words for the card itself ("2 coins
short", "you already own a School", "still needs B1 G2"), as explanation lines.

The refusal of an attempted move is the engine's (``why_illegal``); these short
reasons say the same things on the card before anyone tries. The explainer adds them
to a refused take (explainer.py).
"""

from __future__ import annotations

from ..core import Line
from .cards import Card
from .fields import CardRowFields
from .row import group_counts, has_special, meets, owns_name, room_for


def purchase_problem(state: CardRowFields, seat: int, card: Card) -> Line | None:
    """Why ``seat`` cannot buy ``card`` at its buying step, else None."""
    words = state.edition
    if not room_for(state, seat):
        return Line(f"your {words.place_word} is full", kind="refusal")
    if owns_name(state, seat, card.name):
        article = "an" if card.name[:1] in "AEIOU" else "a"
        return Line(f"you already own {article} {card.name}", kind="refusal")
    short = words.cost_of(state, seat, card) - state.coins[seat]
    if short > 0:
        money = "coin" if words.money == "coins" and short == 1 else words.money
        return Line(f"{short} {money} short", short, money, kind="refusal")
    return None


def special_problem(state: CardRowFields, seat: int, card: Card) -> Line | None:
    """Why ``seat`` cannot take the special (infrastructure) ``card`` at any step of its
    turn, else None: it has one, its city lacks what the card needs (in the letters its
    cards show the colours or types in: "still needs B1 G2"), or it is full."""
    edition = state.edition
    if has_special(state, seat):
        return Line("you already have one", kind="refusal")
    if not meets(state, seat, card):
        have, letters = group_counts(state, seat), edition.group_letters
        words, count = [], 0
        for group, need in card.needs:
            lacking = need - have.get(group, 0)
            if lacking > 0:
                words.append(f"{letters.get(group, group)}{lacking}")
                count += lacking
        return Line(f"still needs {' '.join(words)}", count, edition.item_word, kind="refusal")
    return Line(f"your {edition.place_word} is full", kind="refusal")
