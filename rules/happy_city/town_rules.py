"""Happiest Town's rules, as functions of the card-row record: setting a game up,
who acts and the moves on offer, why any other move is refused, what each move does
(``DO``, by kind) and the flow of a turn, the score, and what a seat sees."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action
from .cards import Card
from .fields import BUILD, DISCARD, INFRA, OVER, REFILL, ROW_SIZE, CardRowFields
from .moves import buy_actions, discard_actions, draw_actions, row_problem, shape_problem
from .row import (
    deal_decks,
    discard,
    draw,
    end_triggered,
    gain,
    group_counts,
    hand_over,
    lay_out,
    meets,
    pay,
    printed_income,
    skip_empty_steps,
    take_offer,
)
from .scores import plain_breakdown
from .seat_views import row_view
from .town_cards import TYPE_COLOUR, TYPE_LETTER, TYPES, town_catalogue
from .views import CardFace, HappiestTownView, PlayerView

START_MONEY = 2
BOX_MONEY = 40  # 15 coins of 1 and 5 of 5


def children(state: CardRowFields) -> bool:
    return state.options.get("variant") == "children"


def set_up(state: CardRowFields, players: list[str], seed: int, options: dict[str, Any]) -> None:
    cat = town_catalogue()
    lay_out(state, players, seed, options, cat.cards, START_MONEY, BOX_MONEY)
    s, n = state, state.n
    s.box = list(cat.stores[n:])
    infra = list(cat.infrastructure)
    s.rng.shuffle(infra)
    if children(s):
        s.specials = []
        s.box += infra
    else:
        s.specials = sorted(infra[:3])
        s.box += infra[3:]
    s.piles = [list(ids) for _, ids in cat.residences]
    s.pile_names = tuple(name for name, _ in cat.residences)
    s.pile_faces = tuple(ids[0] for _, ids in cat.residences)
    deal_decks(s, cat.facilities)
    s.visible = [s.decks[0].pop() for _ in range(ROW_SIZE)]
    s.city = [[cat.stores[k]] for k in range(n)]
    s.round = 1
    s.stage = DISCARD
    s.log(
        f"New game of Happiest Town for {n} players"
        f"{' (children’s variant)' if children(s) else ''}; {players[0]} starts."
    )
    s.log(
        "Three low-cost facilities are dealt face up: "
        + ", ".join(s.cards[i].name for i in s.visible)
        + "."
    )
    if s.specials:
        s.log("Infrastructure in play: " + ", ".join(s.cards[i].name for i in s.specials) + ".")
    start_turn(s)


# ---- facts ------------------------------------------------------------------------------
def group_of(card: Card) -> str | None:
    """What an infrastructure card's needs count: the facility types."""
    return card.category if card.category in TYPES else None


def paid_on_build(card: Card) -> tuple[int, int] | None:
    extra = town_catalogue().extra.get(card.id)
    if extra and (extra["builder_money"] or extra["others_money"]):
        return extra["builder_money"], extra["others_money"]
    return None


def printed_cost(state: CardRowFields, seat: int, card: Card) -> int:
    return card.cost


def qualifying(state: CardRowFields, seat: int) -> list[int]:
    """Infrastructure cards the seat may take now."""
    if state.special[seat] is not None:
        return []
    return [i for i in state.specials if meets(state, seat, state.cards[i])]


# ---- the moves on offer and the refusals ---------------------------------------------------
def actors(state: CardRowFields) -> list[int]:
    return [] if state.stage == OVER else [state.turn]


def legal_actions(state: CardRowFields, seat: int) -> list[Action]:
    if state.stage == OVER or seat != state.turn:
        return []
    if state.stage == DISCARD:
        return discard_actions(state, seat, "Stop discarding")
    if state.stage == REFILL:
        return draw_actions(state, seat)
    if state.stage == BUILD:
        return [*buy_actions(state, seat, "Build"), Action(seat, "pass", (), "Build nothing")]
    names = [state.cards[i].name for i in state.pending or ()]
    return [Action(seat, "claim", (name,), f"Take {name}") for name in names]


def why_illegal(state: CardRowFields, action: Action) -> str | None:
    problem = shape_problem(state, action) or row_problem(state, action)
    offered = (state.cards[i].name for i in state.pending or ())
    if problem is None and action.kind == "claim" and action.args[0] not in offered:
        return f"{action.args[0]!r} is not one of the infrastructure cards on offer."
    return problem


# ---- what each move does -------------------------------------------------------------------
def _keep(state: CardRowFields, a: Action) -> None:
    state.log(f"{state.players[a.seat]} stops discarding.")
    state.stage = REFILL
    skip_empty_steps(state)


def _discard(state: CardRowFields, a: Action) -> None:
    i = discard(state, a.args[0])
    state.discarded += 1
    state.log(f"{state.players[a.seat]} discards {state.cards[i].name}.")
    if not state.visible:
        state.stage = REFILL
    skip_empty_steps(state)


def _draw(state: CardRowFields, a: Action) -> None:
    draw(state, a.seat, a.args[0])
    skip_empty_steps(state)


def _build(state: CardRowFields, a: Action) -> None:
    build(state, a.seat, take_offer(state, a.kind, a.args[0]))
    infrastructure_step(state)


def _pass(state: CardRowFields, a: Action) -> None:
    state.log(f"{state.players[a.seat]} builds nothing.")
    infrastructure_step(state)


def _claim(state: CardRowFields, a: Action) -> None:
    i = next(i for i in state.pending or () if state.cards[i].name == a.args[0])
    take_infra(state, a.seat, i)
    end_turn(state)


DO: dict[str, Callable[[CardRowFields, Action], None]] = {
    "keep": _keep,
    "discard": _discard,
    "draw": _draw,
    "buy": _build,
    "dwelling": _build,
    "pass": _pass,
    "claim": _claim,
}


def do(state: CardRowFields, action: Action) -> None:
    """Change the (already copied) state by a legal ``action``, by its kind."""
    DO[action.kind](state, action)


def take(state: CardRowFields, seat: int, kind: str, name: str) -> None:
    """``seat`` makes the legal take ``kind`` of ``name``, the turn not moved on (the
    explainer's "what it gives now", on a copy): a building brings the one
    infrastructure card it now meets with it."""
    if kind in ("buy", "dwelling"):
        build(state, seat, take_offer(state, kind, name))
        options = qualifying(state, seat)
        if len(options) == 1:
            take_infra(state, seat, options[0])
    elif kind == "claim":
        take_infra(state, seat, next(i for i in state.specials if state.cards[i].name == name))


# ---- flow ---------------------------------------------------------------------------------
def start_turn(state: CardRowFields) -> None:
    seat = state.turn
    got = gain(state, seat, printed_income(state, seat))
    state.log(f"{state.players[seat]}'s turn: income of {got} money.")
    state.discarded = 0
    state.stage = DISCARD
    skip_empty_steps(state)


def build(state: CardRowFields, seat: int, i: int) -> None:
    """Pay for card ``i`` (already taken from the row or its pile) and place it."""
    card = state.cards[i]
    pay(state, seat, card.cost)
    state.city[seat].append(i)
    state.log(f"{state.players[seat]} builds {card.name} for {card.cost}.")


def infrastructure_step(state: CardRowFields) -> None:
    seat = state.turn
    options = qualifying(state, seat)
    if len(options) == 1:
        take_infra(state, seat, options[0])
    elif len(options) > 1:
        state.pending = options
        state.stage = INFRA
        return
    end_turn(state)


def take_infra(state: CardRowFields, seat: int, i: int) -> None:
    state.specials.remove(i)
    state.city[seat].append(i)
    state.special[seat] = i
    state.pending = None
    card = state.cards[i]
    state.log(f"{state.players[seat]} meets the needs of {card.name} and builds it.")
    extra = town_catalogue().extra[i]
    if extra["builder_money"] or extra["others_money"]:
        got = gain(state, seat, extra["builder_money"])
        state.log(f"{card.name}: {state.players[seat]} receives {got} money.")
        for k in range(1, state.n):
            other = (seat + k) % state.n
            got = gain(state, other, extra["others_money"])
            state.log(f"{card.name}: {state.players[other]} receives {got} money.")


def end_turn(state: CardRowFields) -> None:
    hand_over(state)
    state.stage = DISCARD
    if state.turn == state.n - 1:
        if end_triggered(state):
            state.stage = OVER
            state.log(
                "A field has 10 or more buildings and the round is complete: the game is over."
            )
            return
        state.round += 1
        state.turn = 0
    else:
        state.turn += 1
    start_turn(state)


# ---- the score and the view ----------------------------------------------------------------
def breakdown(state: CardRowFields, seat: int) -> dict[str, Any]:
    b = plain_breakdown(state, seat, children(state))
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


def card_view(state: CardRowFields, i: int, seat: int | None = None) -> CardFace:
    d = state.cards[i].to_dict()
    d["population"] = d["inhabitants"]
    d["happiness"] = d["hearts"]
    d["type"] = d["category"] or None
    d["letter"] = TYPE_LETTER.get(d["category"], "-")
    extra = town_catalogue().extra.get(i)
    if extra and (extra["builder_money"] or extra["others_money"]):
        d["on_build"] = dict(extra)
    return d


def player_view(state: CardRowFields, seat: int, p: PlayerView) -> PlayerView:
    infra = state.special[seat]
    p["buildings"] = len(p["city"])
    p["infrastructure"] = state.cards[infra].name if infra is not None else None
    p["types"] = group_counts(state, seat)
    return p


def seat_view(state: CardRowFields, seat: int | None) -> HappiestTownView:
    return {
        **row_view(state, seat),
        "variant": "children" if children(state) else "standard",
        "pending": [state.cards[i].name for i in state.pending] if state.pending else None,
        "discarded_this_turn": state.discarded,
        "colours": {t: c for t, c in TYPE_COLOUR.items() if c},
    }
