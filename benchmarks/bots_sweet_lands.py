"""Sweet Lands bot figures: VP per level solo and at 2-4 players, hard against normal.

Every seat of a game plays at the same level, so a multiplayer game gives one
winner's score at that level and each seat's score. Called from ``bots.py``; run
alone with ``python benchmarks/bots_sweet_lands.py [--scale X] [--levels ...]
[--players ...]``. ``--head-to-head N --players 3 4`` plays only N games of hard at
one seat (seed mod n) against normal bots at each count (``--seed 1500``: seeds
2000-2009, the figures in RULINGS.md's "A stronger search with several rivals").
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

from benchkit import mean_ci, pct, play, timing_line, wilson

from rules.bots import Budget
from rules.sweet_lands import data as D

GAME = "sweet-lands"
LEVELS = ("easy", "normal", "hard")
# games per (level, player count) at scale 1; hard is the slow one (about 0.2 s for
# each of ~110 turn-menu decisions per seat and game)
GAMES = {
    "easy": {1: 40, 2: 20, 3: 12, 4: 10},
    "normal": {1: 40, 2: 20, 3: 12, 4: 10},
    "hard": {1: 20, 2: 8, 3: 12, 4: 10},
}
HEAD_TO_HEAD = 40  # hard vs normal 2-player games at scale 1 (about a minute of CPU each)
COUNTS = (1, 2, 3, 4)  # player counts
LINES = {1: (250, 300), 0: (270, 320)}  # the rulebook's lines: solo, with rivals (winner)


def spread(xs: list[int]) -> str:
    return (
        f"min {min(xs)}  q1 {pct(xs, 0.25)}  median {pct(xs, 0.5)}  "
        f"q3 {pct(xs, 0.75)}  max {max(xs)}"
    )


def mean_text(xs: list[int]) -> str:
    m, lo, hi = mean_ci(xs)
    return f"mean {m:.1f} (95% CI {lo:.0f}-{hi:.0f})" if len(xs) > 1 else f"{m:.0f}"


def reached(xs: list[int], lines: tuple[int, int]) -> str:
    return "  ".join(f">={line}: {sum(x >= line for x in xs)}/{len(xs)}" for line in lines)


def level_table(level: str, scale: float, budget: Budget, seed0: int, times, counts) -> None:
    for n in counts:
        games = max(1, round(GAMES[level][n] * scale))
        seats, winners = [], []
        started = time.process_time()
        for g in range(games):
            res = play(GAME, {}, [level] * n, seed0 + g, budget, times).result()
            seats += res["scores"]
            winners.append(max(res["scores"]))
        took = time.process_time() - started
        print(f"  {level} x{n}: {games} games, {took / games:.1f} s of process time each")
        if n == 1:
            print(f"    VP {mean_text(seats)}  {spread(seats)}  {reached(seats, LINES[1])}")
            continue
        print(
            f"    winner VP {mean_text(winners)}  {spread(winners)}  {reached(winners, LINES[0])}"
        )
        print(f"    every seat VP {mean_text(seats)}  {spread(seats)}")


def head_to_head(
    games: int, budget: Budget, seed0: int, times, each: bool = False, players: int = 2
) -> None:
    """hard against normal: hard at one seat (seed mod ``players``, so the seats take
    turns), normal at the others; ``each``: a line a game. The margin is hard's score
    less the best rival's."""
    score, margins, vps = 0.0, [], []
    for g in range(games):
        seed = seed0 + g
        me = seed % players
        levels = ["hard" if s == me else "normal" for s in range(players)]
        res = play(GAME, {}, levels, seed, budget, times).result()
        if me in res["winners"]:
            score += 1.0 / len(res["winners"])
        best = max(v for s, v in enumerate(res["scores"]) if s != me)
        margins.append(res["scores"][me] - best)
        vps.append(res["scores"][me])
        if each:
            print(f"    seed {seed}: hard {res['scores'][me]}, best normal {best}")
    lo, hi = wilson(score, games)
    print(
        f"  hard vs normal ({players} players): hard wins {score / games:.0%} of {games} games "
        f"(95% CI {lo:.0%}-{hi:.0%}); hard's VP {mean_text(vps)}; "
        f"its margin over the best rival {mean_text(margins)}"
    )


CHOICE_GAMES = 200  # normal-level games (player counts 1-4 in turn) for the choice counts
SAME_DEALS = 10  # solo deals played by both hard and normal at scale 1


def same_deals(games: int, budget: Budget, seed0: int, times) -> None:
    """hard and normal solo on the same seeded deals (the same bot seeds, so the same
    character and map as a rule): hard's gain with its 95% interval."""
    gains, same_setup = [], 0
    for g in range(games):
        ends = [play(GAME, {}, [lv], seed0 + g, budget, times) for lv in ("normal", "hard")]
        gains.append(ends[1].result()["scores"][0] - ends[0].result()["scores"][0])
        same_setup += (ends[0].p[0].char, ends[0].p[0].map) == (ends[1].p[0].char, ends[1].p[0].map)
    print(
        f"  hard - normal solo on the same {games} deals: {mean_text(gains)} VP "
        f"({same_setup}/{games} with the same character and map)"
    )


def choice_counts(games: int, seed0: int) -> None:
    """How often each character, map board, skill tile and Round Aid space is taken by
    ``normal`` bots over ``games`` games of 1-4 players in turn."""
    picks: dict[str, Counter] = defaultdict(Counter)
    seats = 0
    for g in range(games):
        n = COUNTS[g % len(COUNTS)]
        end = play(GAME, {}, ["normal"] * n, seed0 + g, Budget(iterations=1), defaultdict(list))
        for P in end.p:
            seats += 1
            picks["characters"][P.char] += 1
            picks["maps"][P.map] += 1
            picks["skill tiles"].update(P.skills)
    everything = {"characters": D.load().characters, "maps": D.load().maps}
    print(f"  setup choices by normal bots, {games} games (1-4 players), {seats} seats:")
    for kind, counter in picks.items():
        names = list(everything.get(kind, sorted(counter)))
        text = "  ".join(f"{name} {counter.get(name, 0)}" for name in names)
        print(f"    {kind}: {text}")
        missing = [str(name) for name in names if not counter.get(name)]
        print(f"      never taken: {', '.join(missing) if missing else 'none'}")


def run(scale: float, budget: Budget, seed0: int, levels=LEVELS, counts=COUNTS) -> None:
    print("\n== Sweet Lands (every seat at the level; seeds from", seed0, ")")
    times: dict[str, list[float]] = defaultdict(list)
    for level in levels:
        level_table(level, scale, budget, seed0, times, counts)
    if "hard" in levels and "normal" in levels and 1 in counts:
        same_deals(max(2, round(SAME_DEALS * scale)), budget, seed0 + 300, times)
    if "hard" in levels and "normal" in levels and 2 in counts:
        head_to_head(max(2, round(HEAD_TO_HEAD * scale)), budget, seed0 + 500, times)
    choice_counts(max(4, round(CHOICE_GAMES * scale)), seed0 + 700)
    for level in LEVELS:
        if times.get(level):
            print(timing_line(level, times[level]))


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", type=float, default=1.0, help="games: this times the default")
    p.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    p.add_argument("--seconds", type=float, default=0.2, help="hard's budget per decision")
    p.add_argument("--seed", type=int, default=1000, help="first game seed")
    p.add_argument(
        "--players", nargs="+", type=int, choices=COUNTS, help="player counts (default 1-4)"
    )
    p.add_argument(
        "--head-to-head",
        type=int,
        metavar="N",
        help="only N games of hard against normal bots, at each of --players (default 2)",
    )
    args = p.parse_args(argv)
    budget = Budget(seconds=args.seconds)
    if args.head_to_head:
        times: dict[str, list[float]] = defaultdict(list)
        for n in [n for n in args.players or [2] if n > 1]:
            head_to_head(args.head_to_head, budget, args.seed + 500, times, True, n)
        print(timing_line("hard", times["hard"]))
        return
    run(args.scale, budget, args.seed, tuple(args.levels), tuple(args.players or COUNTS))


if __name__ == "__main__":
    main()
