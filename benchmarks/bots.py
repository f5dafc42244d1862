"""Bot strength and speed, measured: `python benchmarks/bots.py [--games N] [--seconds S]`.

For each card game (and mode) it plays 2-player matches of each level against the
next lower one (hard vs normal, normal vs easy), the stronger level in seat 1 for
half the games and seat 2 for the other half, and prints:

- the stronger level's win rate (a shared win counts half) with the number of games
  and a 95% Wilson confidence interval;
- the decision time of each level (median, 95th percentile, max), in milliseconds of
  process time, over every decision that offered more than one legal action.

Sweet Lands is left out until its engine offers resampled copies (its own bot
rewrite measures its VP figures). The default run takes about ten minutes of one
core, nearly all of it the hard level thinking for 0.2 s a move.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict

import rules
from rules.bots import Budget, make_bot

CARD_GAMES = (
    ("happy-city", {"mode": "family"}, "Happy City (Family)"),
    ("happy-city", {"mode": "expert"}, "Happy City (Expert)"),
    ("happiest-town", {}, "Happiest Town"),
    ("happiness", {"silence": "turns"}, "Happiness"),
)
PAIRS = (("hard", "normal"), ("normal", "easy"))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: str, options: dict, levels: list[str], seed: int, budget: Budget, times):
    """One game; returns the final state. Decision times go into ``times[level]``."""
    spec = rules.get_game(game)
    state = spec.new_game([f"P{i + 1}" for i in range(len(levels))], seed=seed, options=options)
    bots = [make_bot(game, lv, seed * 31 + i, budget) for i, lv in enumerate(levels)]
    while not state.is_over:
        seat = state.actors()[0]
        many = len(state.legal_actions(seat)) > 1
        t0 = time.process_time()
        action = bots[seat].choose(state, seat)
        if many:
            times[levels[seat]].append(time.process_time() - t0)
        state = state.apply(action)
    return state


def match(game, options, strong, weak, games, budget, times, seed0=1000):
    score = 0.0
    for g in range(games):
        levels = [strong, weak] if g % 2 == 0 else [weak, strong]
        res = play(game, options, levels, seed0 + g, budget, times).result()
        me = levels.index(strong)
        if me in res["winners"]:
            score += 1.0 / len(res["winners"])
    return score


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def report(title, results, times) -> None:
    print(f"\n== {title}")
    for (strong, weak), (score, n) in results.items():
        lo, hi = wilson(score, n)
        print(
            f"  {strong} vs {weak}: {strong} wins {score / n:.0%} of {n} games "
            f"(95% CI {lo:.0%}-{hi:.0%})"
        )
    for level in ("easy", "normal", "hard"):
        xs = times.get(level)
        if xs:
            ms = [x * 1000 for x in xs]
            print(
                f"  {level:6} decision ms: median {statistics.median(ms):.1f}  "
                f"p95 {pct(ms, 0.95):.1f}  max {max(ms):.1f}  ({len(ms)} decisions)"
            )


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=16, help="hard vs normal games (default 16)")
    p.add_argument("--easy-games", type=int, default=60, help="normal vs easy games (default 60)")
    p.add_argument("--seconds", type=float, default=0.2, help="hard's budget per decision")
    p.add_argument("--only", default="", help="play only titles containing this text")
    args = p.parse_args(argv)
    budget = Budget(seconds=args.seconds)
    for game, options, title in CARD_GAMES:
        if args.only.lower() not in title.lower():
            continue
        times: dict[str, list[float]] = defaultdict(list)
        results = {}
        for strong, weak in PAIRS:
            n = args.games if strong == "hard" else args.easy_games
            results[(strong, weak)] = (match(game, options, strong, weak, n, budget, times), n)
        report(title, results, times)


if __name__ == "__main__":
    main()
