"""Scores: each seat's Joypoints by kind, and the result at the end."""

from __future__ import annotations

from typing import Any

from ...core import ranked_result
from ..explain import FORMULA, score_items
from ..view_types import HappinessScore
from .fields import HappinessFields


def score(state: HappinessFields, seat: int) -> int:
    return state.joy[seat] + state.euphoria[seat] + state.bummed[seat] - state.lost[seat]


def score_view(state: HappinessFields, seat: int) -> HappinessScore:
    return {
        "joypoints": state.joy[seat],
        "euphoria": state.euphoria[seat],
        "bummed_out": state.bummed[seat],
        "lost_to_bummers": state.lost[seat],
        "score": score(state, seat),
        "euphoria_pile": len(state.euphoria_pile[seat]),
        "bummer_pile": len(state.bummer_pile[seat]),
        "pluses": [[bonus, list(words)] for bonus, words in state.pluses[seat]],
    }


def breakdown(state: HappinessFields, seat: int) -> dict[str, Any]:
    return {**score_view(state, seat)}


def result(state: HappinessFields) -> dict:
    parts = [breakdown(state, s) for s in range(state.n)]
    res = ranked_result(
        parts,
        "score",
        [
            ("euphoria_pile", "Euphoria Pile: among the tied players, the most cards in it wins"),
            ("bummer_pile", "Bummer Pile: still tied, the most cards in it wins"),
        ],
        unshared="none needed: the most Joypoints is not shared",
        shared="still tied after both piles: the tied players share the win",
    )
    strip = state.options.get("bummer_scoring", "take") == "strip"
    res["items"] = [score_items(p, strip) for p in parts]  # every point, for the end screen
    res["formula"] = FORMULA
    res["summary"] = [["Euphoria pile", "euphoria_pile"], ["Bummer pile", "bummer_pile"]]
    return res
