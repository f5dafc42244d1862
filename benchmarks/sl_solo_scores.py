"""Sweet Lands solo scores per bot level on the same seeded deals, for calibrating Mio.

Plays ``--games`` solo games per level (seeds from ``--seed``; the same seed deals the
same game to every level) and prints each game's score, then per level the mean with
its 95% interval, the mean of each scoring part and how often each action area was
taken per game (so a change to Mio's cards can be judged by what it takes away).
Run: ``python benchmarks/sl_solo_scores.py --levels easy normal --games 40``.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter, defaultdict

from benchkit import mean_ci, play

from rules.bots import Budget

GAME = "sweet-lands"
LINES = (250, 300)  # the rulebook's solo lines


def areas_taken(keys: list[str]) -> Counter:
    """Action areas taken (L's copies counted as the area copied, marked with ')."""
    taken: Counter = Counter()
    for key in keys:
        _seat, _, rest = key.partition(":")
        kind, _, arg = rest.partition(":")
        if kind in ("area", "copy") and arg:
            taken[json.loads(arg)[0] + ("'" if kind == "copy" else "")] += 1
    return taken


def vp_sources(end) -> Counter:
    """In-game VP by the kind of log line that scored it (digits and names left out)."""
    found: Counter = Counter()
    for entry in end.log_entries():
        text = entry[0]
        hit = re.search(r"(\d+) VP", text)
        if hit and "passes:" in text:
            found["pass"] += int(hit.group(1))
        elif hit:
            kind = re.sub(r"\d+", "#", text.split(" ", 1)[1] if " " in text else text)
            found[kind[:60]] += int(hit.group(1))
    return found


def level_run(level: str, games: int, seed0: int, budget: Budget, options: dict) -> list[int]:
    scores: list[int] = []
    parts: dict[str, list[int]] = defaultdict(list)
    taken: Counter = Counter()
    sources: Counter = Counter()
    started = time.process_time()
    for g in range(games):
        end = play(GAME, options, [level], seed0 + g, budget, defaultdict(list))
        res = end.result()
        scores.append(res["scores"][0])
        for name, value in res["breakdown"][0].items():
            parts[name].append(value)
        taken.update(areas_taken(end.action_keys()))
        sources.update(vp_sources(end))
        print(f"  {level} seed {seed0 + g}: {res['scores'][0]} VP ({end.p[0].char})", flush=True)
    m, lo, hi = mean_ci(scores)
    took = (time.process_time() - started) / games
    lines = "  ".join(f">{line}: {sum(x > line for x in scores)}" for line in LINES)
    print(f"{level}: {games} games, mean {m:.1f} (95% CI {lo:.1f}-{hi:.1f}), {lines}")
    print(f"  min {min(scores)} max {max(scores)}; {took:.1f} s of process time a game")
    print("  parts: " + "  ".join(f"{k} {sum(v) / games:.1f}" for k, v in parts.items()))
    print("  areas a game: " + "  ".join(f"{a} {n / games:.1f}" for a, n in sorted(taken.items())))
    print("  in-game VP a game, by source:")
    for kind, vp in sources.most_common(8):
        print(f"    {vp / games:6.1f}  {kind}")
    print(f"  scores: {scores}", flush=True)
    return scores


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=1000, help="first game seed")
    p.add_argument("--seconds", type=float, default=0.2, help="hard's budget per decision")
    p.add_argument("--options", default="{}", help="game options as JSON")
    a = p.parse_args(argv)
    budget = Budget(seconds=a.seconds)
    for level in a.levels:
        level_run(level, a.games, a.seed, budget, json.loads(a.options))


if __name__ == "__main__":
    main()
