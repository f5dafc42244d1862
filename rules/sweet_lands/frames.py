"""Pending steps put on the stack: effects to resolve one by one, or a step of a
given kind (the stack is the state's ``stack``, top last). The records each kind
of frame follows are in ``frame_types``."""

from __future__ import annotations

from typing import Any

from .constants import Op
from .fields import StateFields
from .frame_types import Counted, EffectFrame, ProsperityFrame


def push_effects(s: StateFields, seat: int, effects: Any, chain: int | None = None) -> None:
    for op, v in reversed(effects):
        f: EffectFrame = {"op": Op.FX, "seat": seat, "fx": op, "v": v, "chain": chain}
        s.stack.append(f)


def push_counted(s: StateFields, op: str, seat: int, chain: int | None, n: int) -> None:
    """A step of ``n`` choices of kind ``op``."""
    f: Counted = {"op": op, "seat": seat, "chain": chain, "n": n}
    s.stack.append(f)


def push_prosperity(s: StateFields, seat: int, chain: int | None, n: int, colour: str) -> None:
    """``n`` Prosperity steps on tracks of ``colour`` only."""
    f: ProsperityFrame = {
        "op": Op.PROSPERITY,
        "seat": seat,
        "chain": chain,
        "n": n,
        "colour": colour,
    }
    s.stack.append(f)
