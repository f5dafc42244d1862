"""Instructions per random Happy City (Family, Expert) and Happiest Town game, counted
by cachegrind (load-independent), as ``sl_instructions.py`` counts Sweet Lands'.

Plays seeded random games through the public protocol (seat counts cycling over the
game's range) and, with ``--measure``, runs itself under ``valgrind --tool=cachegrind``
once playing no game and once playing ``--games``: the difference is the games' cost
with the start-up (imports, loading the card data) left out.

Run (valgrind needed; a few minutes):
  .venv/bin/python benchmarks/card_row_instructions.py --measure [--games 20]
  PYTHONPATH=/tmp/old-tree .venv/bin/python benchmarks/card_row_instructions.py --measure
The second form counts another tree's ``rules`` (a checkout or ``git archive`` of it),
so before and after compare the same seeded games; the moves printed must agree.
"""

from __future__ import annotations

import argparse
import os
import random

from benchkit import cachegrind_instructions

import rules

CASES = {  # name -> (game id, options)
    "happy-city family": ("happy-city", {}),
    "happy-city expert": ("happy-city", {"mode": "expert"}),
    "happiest-town": ("happiest-town", {}),
}


def play(case: str, games: int) -> int:
    """Play ``games`` seeded random games of ``case``; returns the moves made."""
    gid, options = CASES[case]
    spec = rules.get_game(gid)
    seats = range(spec.min_players, spec.max_players + 1)
    moves = 0
    for seed in range(games):
        n = seats[seed % len(seats)]
        state = spec.new_game([f"P{i}" for i in range(n)], seed=seed, options=options)
        pick = random.Random(seed).random
        while not state.is_over:
            legal = state.legal_actions(state.actors()[0])
            state = state.apply(legal[int(pick() * len(legal))])
            moves += 1
        state.result()
    return moves


def instructions(case: str, games: int) -> int:
    """Instructions cachegrind counts for this script playing ``games`` games."""
    return cachegrind_instructions(__file__, ["--play", str(games), "--case", case])


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--case", choices=sorted(CASES), action="append")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--measure", action="store_true", help="run under cachegrind and print")
    p.add_argument("--play", type=int, help="just play this many games (what is measured)")
    a = p.parse_args()
    cases = a.case or list(CASES)
    if a.play is not None:
        for case in cases:
            play(case, a.play)
        return
    if not a.measure:
        p.error("give --measure (or --play N to run under valgrind by hand)")
    print(f"# rules from {os.path.dirname(rules.__file__)}")
    for case in cases:
        cost = instructions(case, a.games) - instructions(case, 0)
        moves = play(case, a.games)
        print(
            f"{case}: {cost / 1e6:.1f} M instructions for {a.games} games, {moves} moves "
            f"({cost / moves / 1e3:.1f} k a move)"
        )


if __name__ == "__main__":
    main()
