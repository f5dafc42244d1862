"""Pending steps put on the stack: effects to resolve one by one, or a step of a
given kind (the stack is the state's ``stack``, top last)."""

from __future__ import annotations

from typing import Any

from .constants import Op
from .fields import StateFields


def push_effects(s: StateFields, seat: int, effects: Any, chain: int | None = None) -> None:
    for op, v in reversed(effects):
        s.stack.append({"op": Op.FX, "seat": seat, "fx": op, "v": v, "chain": chain})


def push_step(s: StateFields, op: str, seat: int, chain: int | None, **fields: Any) -> None:
    s.stack.append({"op": op, "seat": seat, "chain": chain, **fields})
