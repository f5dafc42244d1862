"""Public entry points for setting up and stepping positions by hand (tests, tools,
benchmarks). Moves go through ``apply``; these run one engine phase or effect on a
state the caller owns (see ``SweetLandsState.detached_copy``). Each tool changes the
state by hand, so it drops the turn menu's board facts (``_board``, see
board_part.BoardPart): the next menu asks the board afresh."""

from __future__ import annotations

from typing import Any

from ..model.fields import StateFields
from ..moves import effects as FX
from ..moves import frames as FR
from ..moves import phases as PH
from .steps import settle as settle_pending


def settle(s: StateFields) -> None:
    """Run automatic steps until a decision is needed or nothing is pending."""
    s._board = None
    settle_pending(s)


def queue_income(s: StateFields, seat: int) -> None:
    """Put the seat's income phase on the stack (run it with ``settle``)."""
    s._board = None
    PH.income(s, seat)


def resolve_effects(s: StateFields, seat: int, effects) -> None:
    """Resolve effects for a seat, stopping at the first decision they ask for."""
    s._board = None
    FR.push_effects(s, seat, list(effects))
    settle_pending(s)


def advance_food(s: StateFields, seat: int, steps: int) -> None:
    s._board = None
    FX.advance_food(s, seat, steps)


def advance_prosperity(s: StateFields, seat: int, track: int) -> None:
    s._board = None
    FX.advance_prosperity(s, seat, track)


def industry_bonus(s: StateFields, seat: int, colour: str, chain_from: int | None = None) -> None:
    s._board = None
    FX.industry_bonus(s, seat, colour, chain_from)


def effect(s: StateFields, seat: int, op: str, value: Any, chain: int | None = None) -> None:
    """Run one effect at once (its pending steps go on the stack)."""
    s._board = None
    FX.effect(s, seat, op, value, chain)


def begin_next_round(s: StateFields) -> None:
    s._board = None
    PH.begin_round(s)


def cleanup(s: StateFields) -> None:
    s._board = None
    PH.cleanup(s)
