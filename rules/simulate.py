"""Headless bot-vs-bot play, used by `tabletop simulate` and the benchmarks."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import get_game
from .bots import make_bot


@dataclass
class SimStats:
    game: str
    players: int
    games: int = 0
    actions: int = 0
    winning_scores: list = field(default_factory=list)
    wins_by_bot: dict = field(default_factory=dict)

    def as_dict(self, seconds: float) -> dict:
        ws = self.winning_scores or [0]
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "mean_winning_score": round(sum(ws) / len(ws), 2),
            "min_winning_score": min(ws),
            "max_winning_score": max(ws),
            "mean_actions_per_game": round(self.actions / max(1, self.games), 2),
            "games_per_second": round(self.games / seconds, 2) if seconds > 0 else None,
            "seconds": round(seconds, 3),
        }


def play_one(game_id: str, kinds: list[str], seed: int, options: dict | None = None):
    """Play one game with the given bot kinds per seat; return (final state, steps)."""
    spec = get_game(game_id)
    state = spec.new_game(
        [f"{k.title()} {i + 1}" for i, k in enumerate(kinds)], seed=seed, options=options
    )
    bots = [make_bot(game_id, k, seed * 31 + i) for i, k in enumerate(kinds)]
    steps = 0
    while not state.is_over:
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
        steps += 1
    return state, steps


def simulate(
    game_id: str, players: int, games: int, seed: int, options=None, kinds=None, on_game=None
) -> SimStats:
    spec = get_game(game_id)
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{spec.title} takes {spec.min_players}-{spec.max_players} players, not {players}"
        )
    stats = SimStats(game_id, players)
    kinds = kinds or ["smart"] * players
    for g in range(games):
        state, steps = play_one(game_id, kinds, seed + g, options)
        res = state.result()
        stats.games += 1
        stats.actions += steps
        stats.winning_scores.append(res["scores"][res["winners"][0]])
        if on_game:
            on_game(g)
    return stats
