"""Instructions per random Sweet Lands game, counted by cachegrind (load-independent).

Games per CPU-second on a shared machine swing with the other processes; the number
of instructions the interpreter executes for the same seeded games does not. This
script plays seeded random games through the public protocol (``legal_actions`` /
``apply``, moves picked as in ``engine_throughput.py``) and, with ``--measure``, runs
itself twice under ``valgrind --tool=cachegrind``: once playing only the first game
and once playing the first game and ``--games`` more. The difference divided by
``--games`` is the cost of one game with the start-up (imports, loading the data
files, the first game's warm caches) left out.

Run (valgrind needed; a few minutes at 4 players):
  .venv/bin/python benchmarks/sl_instructions.py --measure [--players 4] [--games 10]
  ../old-tree/.venv/bin/python benchmarks/sl_instructions.py --measure   # before
``rules`` is imported from the interpreter's own install, so the script may live in
either tree. The recipe by hand, for one count:
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
      .venv/bin/python benchmarks/sl_instructions.py --play 11 --players 4
and read "I refs"; subtract the run with --play 1 and divide by 10.
"""

from __future__ import annotations

import argparse
import os
import random

from benchkit import cachegrind_instructions

import rules


def play(players: int, games: int) -> int:
    """Play ``games`` seeded random games (seeds 0, 1, ...); returns the moves made."""
    spec = rules.get_game("sweet-lands")
    pick = random.Random(players).random  # as engine_throughput.playout picks
    moves = 0
    for seed in range(games):
        state = spec.new_game([f"P{i}" for i in range(players)], seed=seed)
        while not state.is_over:
            legal = state.legal_actions(state.actors()[0])
            state = state.apply(legal[int(pick() * len(legal))])
            moves += 1
    return moves


def instructions(players: int, games: int) -> int:
    """Instructions cachegrind counts for this script playing ``games`` games."""
    return cachegrind_instructions(__file__, ["--play", str(games), "--players", str(players)])


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--players", type=int, nargs="+", default=[4])
    p.add_argument("--games", type=int, default=10, help="games counted after the first")
    p.add_argument("--measure", action="store_true", help="run under cachegrind and print")
    p.add_argument("--play", type=int, help="just play this many games (what is measured)")
    a = p.parse_args()
    if a.play is not None:
        for n in a.players:
            play(n, a.play)
        return
    if not a.measure:
        p.error("give --measure (or --play N to run under valgrind by hand)")
    print(f"# rules from {os.path.dirname(rules.__file__)}")
    for n in a.players:
        first = instructions(n, 1)
        more = instructions(n, 1 + a.games)
        moves = play(n, 1 + a.games) - play(n, 1)
        per_game = (more - first) / a.games
        print(
            f"{n}p: {per_game / 1e6:.1f} M instructions a game "
            f"({per_game * a.games / moves / 1e3:.1f} k a move; {a.games} games after the first)"
        )


if __name__ == "__main__":
    main()
