"""Headless bot-vs-bot play, used by `tabletop simulate` and the benchmarks."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import get_game
from .bots import Budget, RandomBot, make_bot


@dataclass
class SimStats:
    game: str
    players: int
    games: int = 0
    actions: int = 0
    winning_scores: list = field(default_factory=list)
    wins_by_bot: dict = field(default_factory=dict)  # level -> wins (a shared win counts 1/k)

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
            "wins_by_level": {k: round(v, 2) for k, v in self.wins_by_bot.items()},
        }


def play_one(
    game_id: str,
    kinds: list[str],
    seed: int,
    options: dict | None = None,
    budget: Budget | None = None,
):
    """Play one game with a bot level per seat ("easy", "normal", "hard", "random";
    "smart" means normal); return (final state, steps)."""
    spec = get_game(game_id)
    state = spec.new_game(
        [f"{k.title()} {i + 1}" for i, k in enumerate(kinds)], seed=seed, options=options
    )
    bots = [make_bot(game_id, k, seed * 31 + i, budget) for i, k in enumerate(kinds)]
    steps = 0
    while not state.is_over:
        seat = state.actors()[0]
        bot = bots[seat]
        if isinstance(bot, RandomBot):  # reads only the offered moves (see RandomBot.pick)
            state = state.apply(bot.pick(state.legal_actions(seat)))
        else:
            state = state.apply(bot.choose(state, seat))
        steps += 1
    return state, steps


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    options=None,
    kinds=None,
    on_game=None,
    levels: list[str] | None = None,
    budget: Budget | None = None,
) -> SimStats:
    """Play ``games`` bot games. ``levels`` (or its older name ``kinds``) gives each
    seat's bot level; one level is used for every seat; the default is normal."""
    spec = get_game(game_id)
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{spec.title} takes {spec.min_players}-{spec.max_players} players, not {players}"
        )
    levels = list(levels or kinds or ["normal"])
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"{len(levels)} bot levels given for {players} players")
    stats = SimStats(game_id, players)
    for g in range(games):
        state, steps = play_one(game_id, levels, seed + g, options, budget)
        res = state.result()
        stats.games += 1
        stats.actions += steps
        stats.winning_scores.append(res["scores"][res["winners"][0]])
        for w in res["winners"]:
            lv = levels[w]
            stats.wins_by_bot[lv] = stats.wins_by_bot.get(lv, 0) + 1 / len(res["winners"])
        if on_game:
            on_game(g)
    return stats
