"""CPU of the end screen's round chart: each seat's score round by round, found by
replaying a finished game (``rules.coach.scores_by_round``, which the end screen runs
once the game's screen is gone), for each game at 2 and 4 players.

Each game is played to its end by easy bots (seeded), then the replay is timed
``--runs`` times in this process (CPU time of the process; the median is printed).

    nice -n 10 .venv/bin/python benchmarks/round_chart.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

import rules
from rules.bots import make_bot
from rules.coach import scores_by_round

GAMES = ["happy-city", "happiest-town", "happiness", "sweet-lands"]


def finished(game: str, players: int, seed: int):
    spec = rules.get_game(game)
    state = spec.new_game([f"P{i}" for i in range(players)], seed=seed)
    bots = [make_bot(game, "easy", seed + i) for i in range(players)]
    while not state.is_over:
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return spec, state


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=3)
    a = p.parse_args()
    print(f"{'game':14} {'players':>7} {'moves':>6} {'median ms':>9} {'max ms':>7}")
    for game in GAMES:
        for players in (2, 4):
            spec, state = finished(game, players, a.seed)
            times = []
            for _ in range(a.runs):
                start = time.process_time()
                scores_by_round(spec, state)
                times.append((time.process_time() - start) * 1000)
            moves = len(state.action_keys())
            print(
                f"{game:14} {players:7d} {moves:6d} {statistics.median(times):9.1f}"
                f" {max(times):7.1f}"
            )


if __name__ == "__main__":
    main()
