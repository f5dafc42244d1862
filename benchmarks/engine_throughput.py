"""Random-playout throughput of the engines (targets on one idle core: >= 300 4-player
Happy City games/s, >= 50 4-player Sweet Lands games/s).

Run: .venv/bin/python benchmarks/engine_throughput.py [--games N] [--game ID]
Uses one core; prints games/s and actions/s per game and player count. On a shared
machine compare games/CPU-s, and compare before and after on the same load.

Paired against another revision (issue 47):
  .venv/bin/python benchmarks/engine_throughput.py --against 0a4cbab --game sweet-lands \\
      --players 4 --games 40 --rounds 5
checks the revision out with ``git worktree add`` under /tmp (once; kept for later
runs), then alternates fresh processes of this tree and of that one, the order
swapped each round, each playing the same seeded games. Each round gives the ratio
of games per CPU-second (this tree / that one) of two runs made side by side, so a
change of the machine's load between rounds cancels out; it prints each round's
ratio and their median. ``rules`` is imported from the tree under test in each
process (the script itself may not exist in the old tree).
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import rules

HERE = Path(__file__).resolve().parent.parent  # this tree's root


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


def measure(gid: str, n: int, games: int) -> tuple[float, float, int]:
    """Play ``games`` seeded random games; (wall seconds, CPU seconds, moves)."""
    spec = rules.get_game(gid)
    rng = random.Random(n)
    t0, c0 = time.perf_counter(), time.process_time()
    acts = sum(playout(spec, n, seed, rng) for seed in range(games))
    return time.perf_counter() - t0, time.process_time() - c0, acts


def old_tree(rev: str) -> Path:
    """A checkout of ``rev`` under /tmp (git worktree add, detached), made once."""
    sha = subprocess.run(
        ["git", "-C", str(HERE), "rev-parse", "--short=12", rev],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    path = Path("/tmp") / f"tabletop-{sha}"
    if not (path / "rules" / "__init__.py").exists():
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", str(path), sha],
            check=True,
            capture_output=True,
        )
    return path


def child_run(tree: Path, gid: str, n: int, games: int) -> tuple[float, int]:
    """Games per CPU-second and moves of a fresh process importing ``tree``'s rules."""
    cmd = [sys.executable, __file__, "--child", gid, str(n), str(games)]
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
    where, cpu, moves = out.split()
    if Path(where).resolve() != (tree / "rules").resolve():
        raise SystemExit(f"the child imported rules from {where}, not from {tree}")
    return games / float(cpu), int(moves)


def paired(rev: str, gid: str, counts: list[int], games: int, rounds: int) -> None:
    base = old_tree(rev)
    print(f"# this tree {HERE} against {rev} at {base}; {games} games a run, {rounds} rounds")
    for n in counts:
        ratios, mine_all, theirs_all = [], [], []
        for r in range(rounds):
            order = [HERE, base] if r % 2 == 0 else [base, HERE]
            got = {tree: child_run(tree, gid, n, games) for tree in order}
            (mine, my_moves), (theirs, their_moves) = got[HERE], got[base]
            same = (
                "" if my_moves == their_moves else f"  (moves differ: {my_moves} / {their_moves})"
            )
            ratios.append(mine / theirs)
            mine_all.append(mine)
            theirs_all.append(theirs)
            print(
                f"{gid:14s} {n}p round {r + 1}: {mine:8.1f} vs {theirs:8.1f} games/CPU-s, "
                f"ratio {mine / theirs:.2f}{same}"
            )
        print(
            f"{gid:14s} {n}p: median ratio {statistics.median(ratios):.2f} "
            f"(range {min(ratios):.2f}-{max(ratios):.2f}; this tree "
            f"{statistics.median(mine_all):.1f}, {rev} {statistics.median(theirs_all):.1f} "
            f"games/CPU-s)"
        )


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--game", default=None, help="one game id (default: all registered)")
    p.add_argument("--players", type=int, nargs="+", help="player counts (default: all)")
    p.add_argument("--against", metavar="REV", help="paired, interleaved runs against REV")
    p.add_argument("--rounds", type=int, default=5, help="pairs of runs with --against")
    p.add_argument("--child", nargs=3, help=argparse.SUPPRESS)  # gid n games: one run
    a = p.parse_args()
    if a.child:
        gid, n, games = a.child[0], int(a.child[1]), int(a.child[2])
        _wall, cpu, acts = measure(gid, n, games)
        print(Path(rules.__file__).parent, cpu, acts)
        return
    ids = [a.game] if a.game else sorted(rules.GAMES)
    for gid in ids:
        spec = rules.get_game(gid)
        counts = a.players or list(range(spec.min_players, spec.max_players + 1))
        if a.against:
            paired(a.against, gid, counts, a.games, a.rounds)
            continue
        for n in counts:
            dt, cpu, acts = measure(gid, n, a.games)
            # games per CPU-second too: on a shared machine wall time mostly measures
            # the other processes
            print(
                f"{gid:14s} {n}p: {a.games / dt:8.1f} games/s {acts / dt:10.0f} actions/s "
                f"({acts / a.games:.0f} actions/game; {a.games / cpu:.1f} games/CPU-s)"
            )


if __name__ == "__main__":
    main()
