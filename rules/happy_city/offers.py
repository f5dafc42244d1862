"""Why a card on offer cannot be taken now, in a few words for the card itself ("2 coins
short", "you already own a School"); both editions put these in their view.

The refusals of an attempted move stay in the engines (``why_illegal``); these short
reasons say the same things before anyone tries.
"""

from __future__ import annotations

from typing import Any


def _need_text(state: Any, seat: int, card: Any, letters: dict[Any, str]) -> str:
    """What a special card still needs in the seat's city, in the letters its card
    shows its needs in: "still needs B1 G2" (one more blue, two more green)."""
    have = state.group_counts(seat)
    missing = [
        f"{letters.get(g, g)}{k - have.get(g, 0)}" for g, k in card.needs if have.get(g, 0) < k
    ]
    return "still needs " + " ".join(missing)


def _purchase_problem(state: Any, seat: int, card: Any) -> str | None:
    if not state.room_for(seat):
        return f"your {state.PLACE_WORD} is full"
    if state.owns_name(seat, card.name):
        article = "an" if card.name[:1] in "AEIOU" else "a"
        return f"you already own {article} {card.name}"
    short = state.cost_of(seat, card) - state.coins[seat]
    if short > 0:
        money = "coin" if state.MONEY == "coins" and short == 1 else state.MONEY
        return f"{short} {money} short"
    return None


def offer_problems(
    state: Any,
    seat: int | None,
    specials: list[int],
    takeable: list[int],
    has_special: bool,
    letters: dict[Any, str],
) -> dict[str, str]:
    """Card name -> why ``seat`` cannot take it, for the cards of the row and the piles
        at the seat's buying step, and for the special cards (``specials``, those it may take
        now being ``takeable``) throughout its turn; ``letters`` name the colours (or types)
    the needs count. Empty when it is not the seat's turn."""
    if seat is None or seat not in state.actors():
        return {}
    cards = state.cards
    out: dict[str, str] = {}
    if state.stage == state.BUY_STAGE:
        offers = list(state.visible) + [p[-1] for p in state.piles if p]
        for i in offers:
            problem = _purchase_problem(state, seat, cards[i])
            if problem is not None:
                out.setdefault(cards[i].name, problem)
    for i in specials:
        if i in takeable:
            continue
        card = cards[i]
        if has_special:
            out[card.name] = "you already have one"
        elif not state.meets(seat, card):
            out[card.name] = _need_text(state, seat, card, letters)
        else:
            out[card.name] = f"your {state.PLACE_WORD} is full"
    return out
