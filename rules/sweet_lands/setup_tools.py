"""Public entry points for setting up and stepping positions by hand (tests, tools,
benchmarks). Moves go through ``apply``; these run one engine phase or effect on a
state the caller owns (see ``SweetLandsState.detached_copy``)."""

from __future__ import annotations

from typing import Any

from . import phases as PH
from .fields import StateFields
from .steps import settle


class PositionTools(StateFields):
    # Each tool changes the state by hand, so it drops the turn menu's board facts
    # (``_board``, see turn_menu.BoardPart): the next menu asks the board afresh.
    __slots__ = ()

    def settle(self) -> None:
        """Run automatic steps until a decision is needed or nothing is pending."""
        self._board = None
        settle(self)

    def queue_income(self, seat: int) -> None:
        """Put the seat's income phase on the stack (run it with ``settle``)."""
        self._board = None
        PH.income(self, seat)

    def resolve_effects(self, seat: int, effects) -> None:
        """Resolve effects for a seat, stopping at the first decision they ask for."""
        self._board = None
        self._push(seat, list(effects))
        settle(self)

    def advance_food(self, seat: int, steps: int) -> None:
        self._board = None
        self._advance_food(seat, steps)

    def advance_prosperity(self, seat: int, track: int) -> None:
        self._board = None
        self._advance_prosperity(seat, track)

    def industry_bonus(self, seat: int, colour: str, chain_from: int | None = None) -> None:
        self._board = None
        self._ibonus(seat, colour, chain_from)

    def effect(self, seat: int, op: str, value: Any, chain: int | None = None) -> None:
        """Run one effect at once (its pending steps go on the stack)."""
        self._board = None
        self._effect(seat, op, value, chain)

    def begin_next_round(self) -> None:
        self._board = None
        PH.begin_round(self)

    def cleanup(self) -> None:
        self._board = None
        PH.cleanup(self)

    def log_entries(self) -> list:
        """Every log entry, private ones included (the full record, not a seat's)."""
        return self._entries()
