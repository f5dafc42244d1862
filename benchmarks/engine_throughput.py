"""Random-playout throughput of the engines (targets on one idle core: >= 300 4-player
Happy City games/s, >= 50 4-player Sweet Lands games/s).

Run: .venv/bin/python benchmarks/engine_throughput.py [--games N] [--game ID]
Uses one core; prints games/s and actions/s per game and player count. On a shared
machine compare games/CPU-s, and compare before and after on the same load.
"""

import argparse
import random
import time

import rules


def playout(spec, n, seed, rng):
    s = spec.new_game([f"P{i}" for i in range(n)], seed=seed)
    steps = 0
    # random() is one C call, randrange() three Python frames: this loop should
    # measure the engine, and it picks among a handful of moves, uniformly either way
    pick = rng.random
    while not s.is_over:
        seat = s.actors()[0]
        acts = s.legal_actions(seat)
        s = s.apply(acts[int(pick() * len(acts))])
        steps += 1
    return steps


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--game", default=None, help="one game id (default: all registered)")
    a = p.parse_args()
    ids = [a.game] if a.game else sorted(rules.GAMES)
    for gid in ids:
        spec = rules.get_game(gid)
        for n in range(spec.min_players, spec.max_players + 1):
            rng = random.Random(n)
            t0, c0 = time.perf_counter(), time.process_time()
            acts = sum(playout(spec, n, seed, rng) for seed in range(a.games))
            dt, cpu = time.perf_counter() - t0, time.process_time() - c0
            # games per CPU-second too: on a shared machine wall time mostly measures
            # the other processes
            print(
                f"{gid:14s} {n}p: {a.games / dt:8.1f} games/s {acts / dt:10.0f} actions/s "
                f"({acts / a.games:.0f} actions/game; {a.games / cpu:.1f} games/CPU-s)"
            )


if __name__ == "__main__":
    main()
