"""Bot strength and speed, measured: `python benchmarks/bots.py [--quick | --full]`.

For each card game (and mode) it plays 2-player matches of each level against the
next lower one (hard vs normal, normal vs easy), the stronger level in seat 1 for
half the games and seat 2 for the other half (each deal played from both seats,
unless ``--no-mirror``), and prints:

- the stronger level's win rate (a shared win counts half) with the number of games
  and a 95% Wilson confidence interval;
- the decision time of each level (median, 95th percentile, max), in milliseconds of
  process time, over every decision that offered more than one legal action, and
  the process time a seat of that level spends over a game.

``--pair even`` plays hard against ``hard-even``, the hard search with no close call
(every decision spends its whole budget, as hard did before issue 51 item 3), on the
same deals: the win rate says whether stopping early costs strength, and the two
levels' seconds a game what it saves. ``--pair uniform`` plays hard against
``hard-uniform``, hard with its one close call at every step (as before Happy City's
minor steps took a coarser one). ``--pair expert``: expert against hard.

For Sweet Lands it plays games with every seat at one level, solo and at 2-4
players, and prints per level and player count the VP mean with a 95% confidence
interval, the spread (min / quartiles / max), how many reach the rulebook's lines
(250 / 300 solo; the winner's 270 / 320 with rivals), the winners' mean, and the
decision times; then hard against normal in 2-player games (see ``sweet_lands``).

Runs: ``--quick`` (a few minutes: few games, for a smoke test), the default (about
half an hour of one core), ``--full`` (several hours: enough games for tight
intervals). ``--only`` picks titles; nearly all the time is hard thinking 0.2 s a
move, so a busy machine reads slow (process time is measured, not wall time).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import bots_sweet_lands
from benchkit import EVEN, UNIFORM, play, timing_line, wilson

from rules.bots import Budget

CARD_GAMES = (
    ("happy-city", {"mode": "family"}, "Happy City (Family)"),
    ("happy-city", {"mode": "expert"}, "Happy City (Expert)"),
    ("happiest-town", {}, "Happiest Town"),
    ("happiness", {"silence": "turns"}, "Happiness"),
)
PAIRS = (
    ("expert", "hard"),
    ("hard", EVEN),
    ("hard", UNIFORM),
    ("hard", "normal"),
    ("normal", "easy"),
)
# which pairs each --pair plays (expert against hard only when asked: a second a move)
PAIR_CHOICES = {
    "both": ("hard", "easy"),
    "hard": ("hard",),
    "easy": ("easy",),
    "expert": ("expert",),
    "even": (EVEN,),
    "uniform": (UNIFORM,),
    "all": ("expert", "hard", "easy"),
}


def match(game, options, strong, weak, games, budget, times, seed0=1000, mirror=True):
    """The stronger level's score over ``games`` games, seats alternating. Mirrored,
    each deal (seed) is played twice, once from each seat, so that a lucky deal
    counts for both levels alike and the win rate reads the play, not the cards."""
    score = 0.0
    for g in range(games):
        levels = [strong, weak] if g % 2 == 0 else [weak, strong]
        seed = seed0 + (g // 2 if mirror else g)
        res = play(game, options, levels, seed, budget, times).result()
        me = levels.index(strong)
        won = 1.0 / len(res["winners"]) if me in res["winners"] else 0.0
        score += won
        if strong == "expert" or weak in (EVEN, UNIFORM):  # a slow pair: each game as it ends
            outcome = (
                "won" if won == 1 else "lost" if won == 0 else "shared"
            )  # ties: the tie-break's
            print(
                f"    seed {seed}: {strong} seat {me + 1}, scores {res['scores']}, {outcome}",
                flush=True,
            )
    return score


def report_pair(strong, weak, score, n) -> None:
    lo, hi = wilson(score, n)
    print(
        f"  {strong} vs {weak}: {strong} wins {score / n:.0%} of {n} games "
        f"(95% CI {lo:.0%}-{hi:.0%})",
        flush=True,  # a long run shows each figure as soon as it is measured
    )


def report_times(times) -> None:
    for level in ("easy", "normal", "hard", EVEN, UNIFORM, "expert"):
        if times.get(level):
            print(timing_line(level, times[level], times.get(f"{level} game")), flush=True)


RUNS = {  # games per run kind: card hard/normal, card normal/easy, Sweet Lands scale
    "quick": (4, 10, 0.25),
    "default": (16, 60, 1.0),
    "full": (60, 200, 4.0),
}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    kind = p.add_mutually_exclusive_group()
    kind.add_argument("--quick", action="store_true", help="a few games of each (minutes)")
    kind.add_argument("--full", action="store_true", help="many games (hours)")
    p.add_argument("--games", type=int, help="card games: hard vs normal games")
    p.add_argument("--easy-games", type=int, help="card games: normal vs easy games")
    p.add_argument(
        "--seconds",
        type=float,
        help="every searching level's budget per decision (default: hard 0.2, expert 1.0)",
    )
    p.add_argument("--only", default="", help="play only titles containing this text")
    p.add_argument("--seed", type=int, default=1000, help="first game seed")
    p.add_argument(
        "--pair",
        choices=tuple(PAIR_CHOICES),
        default="both",
        help="card games: hard vs normal and normal vs easy (both), one of them (hard, "
        "easy), expert vs hard (expert), hard vs hard spending every decision's whole "
        "budget as before issue 51 item 3 (even), hard vs hard with one close call at "
        "every step (uniform), or expert, hard and easy (all)",
    )
    p.add_argument(
        "--no-mirror",
        action="store_true",
        help="card games: a fresh deal every game (default: each deal from both seats)",
    )
    args = p.parse_args(argv)
    hard_games, easy_games, scale = RUNS[
        "quick" if args.quick else "full" if args.full else "default"
    ]
    args.games = args.games or hard_games
    args.easy_games = args.easy_games or easy_games
    budget = None if args.seconds is None else Budget(seconds=args.seconds)
    if budget is None:
        print("budgets: hard 200 ms, expert 1000 ms of process time per decision")
    else:
        print(f"every search's budget: {args.seconds * 1000:.0f} ms of process time per decision")
    for game, options, title in CARD_GAMES:
        if args.only.lower() not in title.lower():
            continue
        times: dict[str, list[float]] = defaultdict(list)
        print(f"\n== {title}", flush=True)
        for strong, weak in PAIRS:
            chosen = weak if strong == "normal" or weak in (EVEN, UNIFORM) else strong
            if chosen not in PAIR_CHOICES[args.pair]:
                continue
            n = args.easy_games if strong == "normal" else args.games
            score = match(
                game, options, strong, weak, n, budget, times, args.seed, not args.no_mirror
            )
            report_pair(strong, weak, score, n)
        report_times(times)
    if args.only.lower() in "sweet lands":
        bots_sweet_lands.run(scale, budget, args.seed)


if __name__ == "__main__":
    main()
