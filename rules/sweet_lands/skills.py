"""Skill abilities beyond the first list's own hooks: the further list and the
Advanced Skill Tiles (data in ``data/skills.toml``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D

if TYPE_CHECKING:
    from .state import SweetLandsState

PLAY_VP = 112  # advanced tile: VP each time a Citizen Card is played


def on_play(s: SweetLandsState, seat: int) -> None:
    """Each time the seat plays a Citizen Card (at a cost or not)."""
    P = s.p[seat]
    if PLAY_VP in P.skills:
        P.vp += D.load().skills[PLAY_VP]["vp"]
