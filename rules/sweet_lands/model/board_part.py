"""The board facts a turn menu keeps for the next state's menu, and the turn menu's
moves without a changing part (shared by every state)."""

from __future__ import annotations

from functools import cache

from ...core import Action
from . import data as D
from .constants import Op

_BUY_LABELS = {r: f"Free: pay 4 gold for 1 {r}" for r in D.BASIC}
_SELL_LABELS = {r: f"Free: pay 1 {r} for 1 gold" for r in D.BASIC}
FIXED_LABELS = {
    "end": "End the turn",
    "pass": "Pass for the rest of the round",
    "fa_build": "Free: discard a card and pay 3 basic resources for 1 tile or road",
    "fa_draw": "Free: pay 15 gold, draw a card",
    "fa_trade": "Free: pay 3 basic resources for 1 of your choice",
    "fa_disc": "Free: return an Action Disc for 2 basic resources",
    "fa_card": "Free: discard a card for 2 basic resources",
    "fa_tower": "Free: place the Clock Tower",
}


# The menu's moves without a changing part are made once and shared by every
# state: an Action is an immutable value, and a shared one keeps its key text.
@cache
def _fixed_actions(seat: int) -> dict[str, Action]:
    return {kind: Action(seat, kind, (), label) for kind, label in FIXED_LABELS.items()}


@cache
def _buy_actions(seat: int) -> tuple[Action, ...]:
    return tuple(Action(seat, "fa_buy", (r,), _BUY_LABELS[r]) for r in D.BASIC)


@cache
def _sell_actions(seat: int) -> tuple[tuple[str, Action], ...]:
    return tuple((r, Action(seat, "fa_sell", (r,), _SELL_LABELS[r])) for r in D.BASIC)


class SeatMoves:
    """One seat's turn-menu moves without a changing part, read as attributes (the
    menu is built on every turn step): the shared actions of the tables above."""

    __slots__ = (
        "end",
        "pass_",
        "build",
        "draw",
        "trade",
        "disc",
        "card",
        "tower",
        "buys",
        "sell_wheat",
        "sell_wood",
        "sell_iron",
    )

    def __init__(self, seat: int) -> None:
        fixed = _fixed_actions(seat)
        self.end, self.pass_, self.tower = fixed["end"], fixed["pass"], fixed["fa_tower"]
        self.build, self.draw, self.trade = fixed["fa_build"], fixed["fa_draw"], fixed["fa_trade"]
        self.disc, self.card = fixed["fa_disc"], fixed["fa_card"]
        self.buys = _buy_actions(seat)
        sells = dict(_sell_actions(seat))
        self.sell_wheat, self.sell_wood, self.sell_iron = (sells[r] for r in D.BASIC)


# turn_menu._free_options lists the sales in this order (the order of D.BASIC)
assert D.BASIC == ("wheat", "wood", "iron")
seat_moves = cache(SeatMoves)


class BoardPart:
    """What the turn menu reads from the board rather than the purse: free spots
    (for properties and for building), milestones, the Clock Tower, character free
    actions, card prices, the areas with a free space and whether their effects could
    act (see turn_menu.py). Each is worked out on first use and kept here.

    A state hands the part its last menu used to the next one only across a move
    that changes nothing but resources and the pending steps paying them (see
    PURSE_MOVES): the seat on turn selling, buying or trading asks the same board
    questions again and again. Discarding a card (HAND_STEPS) keeps the part's
    board facts (for_new_hand). Any other move, and any automatic step, drops it
    (state.py, steps.py).
    """

    __slots__ = (
        "seat",
        "moves",
        "milestones",
        "tower",
        "character",
        "cards",
        "spot",
        "build_spot",
        "areas",
        "acts",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.moves: SeatMoves = seat_moves(seat)
        self.milestones: tuple[Action, ...] | None = None
        self.tower: bool | None = None
        self.character: list[Action] | None = None
        self.cards: list[tuple[int, int, Action]] | None = None
        self.spot: bool | None = None
        self.build_spot: bool | None = None  # turn_checks.build_spot
        self.areas: list[tuple] | None = None
        # (area, diamonds left after paying) -> whether its effect could act
        # (turn_checks.sort_areas' acts): a board fact, once the diamonds are given
        self.acts: dict[tuple[str, int], bool] | None = None

    def for_new_hand(self) -> BoardPart:
        """The facts that hold for the same board with another hand: all but the card
        prices and the character's free actions (some of which spend a card). A new
        part: this one still serves the states that share it."""
        part = BoardPart(self.seat)
        part.milestones, part.tower = self.milestones, self.tower
        part.spot, part.build_spot, part.areas = self.spot, self.build_spot, self.areas
        part.acts = self.acts
        return part


# Moves of the seat on turn that keep its BoardPart: turn moves by kind (fa_card
# only stacks its steps), pending steps by op (each answered with a basic resource
# to pay or to take).
PURSE_MOVES = frozenset({"fa_sell", "fa_buy", "fa_trade", "fa_disc", "fa_card"})
PURSE_STEPS = frozenset({Op.PAYBASIC, Op.BASIC})
# Pending steps that change only the seat's hand and the discard pile.
HAND_STEPS = frozenset({Op.DISCARD_ONE})
