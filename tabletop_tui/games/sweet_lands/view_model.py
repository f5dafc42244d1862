"""The models the Sweet Lands screen's parts are drawn from (see widgets/view_model.py).

A panel of the left-hand tabs is drawn from the position (the state: states are never
changed in place, so the same state object is the same position, and the seat's view,
legal moves and the explainer's answers are all functions of it and the reader), the
reader, the seat whose boards are on show, the panel's width and the map legend. A
hidden panel is drawn when it is next shown, if its model changed meanwhile."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import GameState


@dataclass(frozen=True)
class PanelModel:
    state: GameState  # compared by identity (a state has no equality of its own)
    reader: int | None  # the seat at the keyboard (None: the public view)
    shown: int  # the seat whose map and boards are on show
    width: int  # the panels' width, which the panels wrap to
    legend: bool = False  # the map's legend under it (key g)


@dataclass(frozen=True)
class StepModel:
    """The step asked and who answers it: a new one opens its panel (once)."""

    op: str | None
    reader: int | None


@dataclass(frozen=True)
class FooterModel:
    """What the key bar offers beyond the fixed keys."""

    ends_turn: bool  # E: end the turn or pass
    stops: bool  # S: stop an effect early
    undo: bool
    map_step: bool  # the digits type hex numbers instead of choosing cards
