"""Each seat's score round by round, found by replaying a game's moves (the engines
keep only the current scores; a replay of the seed and the keys is exact and cheap)."""

from __future__ import annotations

from typing import Any


def scores_by_round(spec: Any, state: Any) -> list[tuple[str, list[float]]]:
    """(label, every seat's score) at the end of each round, then the final scores.
    Only public things are read: the round the public view gives (``round_under_way``,
    which tests/test_protocol.py holds equal to it: a whole view a move was most of a
    4-player Sweet Lands chart's half second) and the scores."""
    replay = spec.new_game(list(state.players), seed=state.seed, options=dict(state.options))
    points: list[tuple[str, list[float]]] = []
    shown = replay.round_under_way()
    for key in state.action_keys():
        replay = replay.apply(spec.parse_action(key))
        now = replay.round_under_way()
        if now != shown and not replay.is_over:
            points.append((f"R{shown}", scores_of(replay, in_play=True)))
            shown = now
    points.append(("end", scores_of(replay)))
    return points


def scores_of(state: Any, in_play: bool = False) -> list[float]:
    """Every seat's score; ``in_play``: during the game, the points already scored
    where the game's result gives them apart (Sweet Lands' score track, since its
    final scoring would charge an empty map's unconnected ports from round 1)."""
    res = state.result()
    shown = res.get("in_play", res["scores"]) if in_play else res["scores"]
    return [float(s) for s in shown]
