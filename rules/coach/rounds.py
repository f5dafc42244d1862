"""Each seat's score round by round, found by replaying a game's moves (the engines
keep only the current scores; a replay of the seed and the keys is exact and cheap)."""

from __future__ import annotations

from typing import Any


def scores_by_round(spec: Any, state: Any) -> list[tuple[str, list[float]]]:
    """(label, every seat's score) at the end of each round, then the final scores.
    Only public things are read: the public view's round and the scores."""
    replay = spec.new_game(list(state.players), seed=state.seed, options=dict(state.options))
    points: list[tuple[str, list[float]]] = []
    shown = replay.view(None).get("round")
    for key in state.action_keys():
        replay = replay.apply(spec.parse_action(key))
        now = replay.view(None).get("round")
        if now != shown and not replay.is_over:
            points.append((f"R{shown}", scores_of(replay)))
            shown = now
    points.append(("end", scores_of(replay)))
    return points


def scores_of(state: Any) -> list[float]:
    return [float(s) for s in state.result()["scores"]]
