"""The moves both editions list and refuse the same way: discarding from the row,
drawing to refill it, buying (building) from the row or a pile, and the refusals of
a move of the wrong stage or shape or of a take the rules forbid."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action
from .fields import NO_ARGS, CardRowFields
from .row import deck_name, drawable, owns_name, pile_named, room_for, visible_named


def row_labels(
    keep: str, verb: str, deck: Callable[[int], str]
) -> dict[str, Callable[[Action], str]]:
    """Labels for the keys both editions share (a spec's labeler reads a key without a
    state, so these cannot ask the state for its words)."""
    return {
        "keep": lambda a: keep,
        "discard": lambda a: f"Discard {a.args[0]}",
        "draw": lambda a: f"Draw from {deck(a.args[0])}",
        "buy": lambda a: f"{verb} {a.args[0]}",
        "dwelling": lambda a: f"{verb} {a.args[0]}",
        "claim": lambda a: f"Take {a.args[0]}",
    }


def whole(value: Any) -> bool:
    """A JSON whole number (True and 1.0 are not: a key must say what it means)."""
    return type(value) is int


# ---- the moves on offer -------------------------------------------------------------------
def discard_actions(state: CardRowFields, seat: int, keep_label: str) -> list[Action]:
    out = [Action(seat, "keep", (), keep_label)]
    seen: set[str] = set()
    for i in state.visible:
        name = state.cards[i].name
        if name not in seen:
            seen.add(name)
            out.append(Action(seat, "discard", (name,), f"Discard {name}"))
    return out


def draw_actions(state: CardRowFields, seat: int) -> list[Action]:
    return [Action(seat, "draw", (d,), f"Draw from {deck_name(state, d)}") for d in drawable(state)]


def buy_actions(state: CardRowFields, seat: int, verb: str) -> list[Action]:
    """Every building of the row and dwelling on top of a pile the seat may take."""
    if not room_for(state, seat):
        return []
    cards, cost_of = state.cards, state.edition.cost_of
    offers = [("buy", i) for i in state.visible] + [("dwelling", p[-1]) for p in state.piles if p]
    out: list[Action] = []
    seen = {cards[i].name for i in state.city[seat]}  # a city holds one card of a name
    for kind, i in offers:
        c = cards[i]
        if c.name in seen:
            continue
        seen.add(c.name)
        cost = cost_of(state, seat, c)
        if cost <= state.coins[seat]:
            out.append(Action(seat, kind, (c.name,), f"{verb} {c.name} for {cost}"))
    return out


# ---- refusals -----------------------------------------------------------------------------
def shape_problem(state: CardRowFields, a: Action) -> str | None:
    """Wrong stage, wrong number or wrong type of arguments."""
    kinds, says = state.edition.stages.get(state.stage, ((), "may not act"))
    if a.kind not in kinds:
        return f"Not now: {state.players[a.seat]} {says}."
    expect = 0 if a.kind in NO_ARGS else 1
    if len(a.args) != expect:
        return f"'{a.kind}' takes {expect} argument(s)."
    return None


def row_problem(state: CardRowFields, a: Action) -> str | None:
    """Reasons to refuse a discard, a draw or a purchase; None if it is allowed."""
    if a.kind == "discard":
        if not isinstance(a.args[0], str) or visible_named(state, a.args[0]) is None:
            return f"{a.args[0]} is not {state.edition.in_row}."
    elif a.kind == "draw":
        d = a.args[0]
        if not whole(d) or d not in (1, 2, 3):
            return state.edition.decks_text
        if d not in drawable(state):
            return f"{deck_name(state, d).capitalize()} and its discards are both empty."
    elif a.kind in ("buy", "dwelling"):
        return buy_problem(state, a.seat, a.kind, a.args[0])
    return None


def buy_problem(state: CardRowFields, seat: int, kind: str, name: object) -> str | None:
    words = state.edition
    if not isinstance(name, str):
        return f"{name!r} is not the name of a card."
    if kind == "buy":
        k = visible_named(state, name)
        if k is None:
            return f"{name} is not {words.in_row}."
        card = state.cards[state.visible[k]]
    else:
        pile = pile_named(state, name)
        if pile is None:
            return f"There is no {words.pile_noun} called {name}."
        if not pile:
            return f"The {name} pile is empty."
        card = state.cards[pile[-1]]
    if not room_for(state, seat):
        return f"A {words.place_word} holds at most {words.city_limit} {words.item_word}."
    if owns_name(state, seat, name):
        return f"{state.players[seat]} already has a {name}; {words.one_of_a_name}"
    cost = words.cost_of(state, seat, card)
    if cost > state.coins[seat]:
        return f"{name} costs {cost} but {state.players[seat]} has {state.coins[seat]}."
    return None
