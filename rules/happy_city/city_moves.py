"""Happy City: who acts, each seat's moves at every step (the Happy Market draft, the
Louvre's and the end-of-game questions included), and why any other move is refused."""

from __future__ import annotations

from ..core import Action
from . import expert
from .expert import has_effect
from .fields import BUY, DISCARD, FINAL, MARKET, OVER, REFILL, TARGET, CardRowFields
from .moves import buy_actions, discard_actions, draw_actions, row_problem, shape_problem
from .row import meets

CITY_LIMIT = 10


def claimable(state: CardRowFields, seat: int) -> list[int]:
    """The special buildings the seat may take now."""
    if state.special[seat] is not None:
        return []
    if len(state.city[seat]) >= CITY_LIMIT:
        # Only a card that takes the place of another keeps the city at 10.
        return [
            i
            for i in state.specials
            if state.expert
            and has_effect(state.cards[i], "replace_last")
            and expert.replaceable(state, seat)
            and meets(state, seat, state.cards[i])
        ]
    return [i for i in state.specials if meets(state, seat, state.cards[i])]


def actors(state: CardRowFields) -> list[int]:
    if state.stage == OVER:
        return []
    if state.stage in (TARGET, FINAL):
        return [state.pending["seat"]]
    return [state.turn]


def legal_actions(state: CardRowFields, seat: int) -> list[Action]:
    if seat not in actors(state):
        return []
    if state.stage == MARKET:
        return [
            Action(seat, "market", (colour,), f"Take the {colour} Happy Market")
            for colour in state.market_pool
        ]
    if state.stage in (TARGET, FINAL):
        return question_actions(state, seat)
    if state.stage == DISCARD:
        return discard_actions(state, seat, "Keep the row as it is")
    if state.stage == REFILL:
        return draw_actions(state, seat)
    if state.stage == BUY:
        coin = Action(seat, "coin", (), "Buy nothing and take 1 coin")
        return [*buy_actions(state, seat, "Buy"), coin]
    cards = state.cards
    # the specials first: passing, which gives one up for good, is never the first move
    out = [
        Action(seat, "claim", (cards[i].name,), f"Take {cards[i].name}")
        for i in claimable(state, seat)
    ]
    return [*out, Action(seat, "pass", (), "Take no special building")]


def question_actions(state: CardRowFields, seat: int) -> list[Action]:
    """The Louvre's choice of opponent, or an end-of-game question."""
    p = state.pending
    out = []
    for o in p["options"]:
        if p["kind"] == "target":
            label = f"Add {state.players[o]}'s income ({expert.income_of(state, o)})"
        elif p["kind"] == "copy":
            label = "Copy a special drawn at random from the box" if o == "box" else f"Copy {o}"
        else:
            label = f"{p['source']}: use {state.players[o]}'s city"
        out.append(Action(seat, p["kind"], (o,), label))
    return out


def why_illegal(state: CardRowFields, action: Action) -> str | None:
    problem = shape_problem(state, action)
    if problem:
        return problem
    if state.stage == FINAL and action.kind != state.pending["kind"]:
        return f"Not now: {state.players[action.seat]} must answer the {state.pending['kind']} question."
    if action.kind == "market":
        if action.args[0] not in state.market_pool:
            return f"No {action.args[0]!r} Happy Market is left to pick."
    elif action.kind in ("target", "copy", "neighbour"):
        options = state.pending["options"]
        if not any(type(o) is type(action.args[0]) and o == action.args[0] for o in options):
            return f"{action.args[0]!r} is not one of the choices: {options}."
    elif action.kind == "claim":
        return claim_problem(state, action.seat, action.args[0])
    return row_problem(state, action)


def claim_problem(state: CardRowFields, seat: int, name: object) -> str | None:
    cards = state.cards
    match = [i for i in state.specials if cards[i].name == name]
    if not match:
        return f"{name} is not an available special building."
    if state.special[seat] is not None:
        return "Each player takes at most one special building per game."
    if len(state.city[seat]) >= CITY_LIMIT and match[0] not in claimable(state, seat):
        return f"A city holds at most {CITY_LIMIT} cards, specials included."
    if not meets(state, seat, cards[match[0]]):
        need = ", ".join(f"{k} {c}" for c, k in cards[match[0]].needs)
        return f"{name} needs {need} in the city."
    return None
