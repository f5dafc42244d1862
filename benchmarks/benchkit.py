"""What the bot benchmarks share: playing one game, intervals, percentiles, timing lines."""

from __future__ import annotations

import math
import os
import re
import statistics
import subprocess
import sys
import time

import rules
from rules.bots import Bot, Budget, SearchBot, make_bot, policy_for
from rules.happiness.bot.search import SearchingHappinessBot
from rules.happy_city.bot import HappyCityBot

# The hard search as it was before issue 51 item 3 in the card games: no close call, so
# every decision spends the whole budget, and in Happy City its imagined moves weighed
# as at the table (``bots.py --pair even`` measures against it).
EVEN = "hard-even"
# Hard with one close call for every decision, as before minor steps had their own
# (``bots.py --pair uniform``).
UNIFORM = "hard-uniform"


class UniformSearch(SearchBot):
    """The hard search with the policy's one close call at every step."""

    def close_call(self, world) -> float | None:
        return self.policy.close_call


def bot_for(game: str, level: str, seed: int, budget: Budget | None) -> Bot:
    """``make_bot``'s bot, or for ``EVEN`` the hard search with no close call, for
    ``UNIFORM`` with one close call everywhere."""
    if level == UNIFORM:
        return UniformSearch(policy_for(game, seed), seed + 2, budget)
    if level != EVEN:
        return make_bot(game, level, seed, budget)
    hard = make_bot(game, "hard", seed, budget)
    if isinstance(hard, SearchingHappinessBot):  # Happiness: the planner's own search
        hard.close_call = None  # this bot only
        return hard
    policy = policy_for(game, seed)
    policy.close_call = None  # this instance only
    if isinstance(policy, HappyCityBot):  # and its imagined moves as before
        policy.full_playouts = True
    return SearchBot(policy, seed + 2, budget)


def cachegrind_instructions(script: str, args: list[str]) -> int:
    """Instructions cachegrind counts for ``script`` run with ``args`` by this Python."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    cmd += [sys.executable, script, *args]
    # a fixed hash seed: set and dict orders of strings, and so the count, repeat
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr}")
    return int(found.group(1).replace(",", ""))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson interval of a win rate (a shared win counted as half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval (no interval for one value)."""
    m = statistics.mean(xs)
    if len(xs) < 2:
        return m, math.nan, math.nan
    half = z * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def p95(xs: list[float]) -> float:
    """The 95th percentile, nearest rank over the sorted samples."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]


# Issue 30's goals for a key press to its first repainted frame, on stock Textual.
GOAL_MEDIAN_MS = 33
GOAL_P95_MS = 100
GOAL_PEAK_MIB = 80


def frame_figures(samples, width: int = 0) -> str:
    """Median and p95 of [wall ms, CPU ms] key-to-frame samples (``width``: each
    figure padded to line up in a table), and whether the wall-clock figures meet
    the goals."""
    if not samples:
        return "no samples"
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    w = width
    return (
        f"median {statistics.median(wall):{w}.1f} ms, p95 {p95(wall):{w}.1f} ms "
        f"(CPU {statistics.median(cpu):{w}.1f} / {p95(cpu):{w}.1f} ms; n={len(samples)})"
        + ("" if meets_goals(wall) else "  OVER GOAL")
    )


def meets_goals(wall_ms: list[float]) -> bool:
    return statistics.median(wall_ms) <= GOAL_MEDIAN_MS and p95(wall_ms) <= GOAL_P95_MS


def timing_line(level: str, seconds: list[float], per_game: list[float] | None = None) -> str:
    """A level's decision times in ms (median, p95, max) and, given ``per_game``
    (each seat's seconds over a game), the mean process time a seat spends a game."""
    ms = [x * 1000 for x in seconds]
    game = f"; {statistics.mean(per_game):.2f} s a game" if per_game else ""
    return (
        f"  {level:6} decision ms: median {statistics.median(ms):.1f}  "
        f"p95 {pct(ms, 0.95):.1f}  max {max(ms):.1f}  ({len(ms)} decisions{game})"
    )


def play(game: str, options: dict, levels: list[str], seed: int, budget: Budget | None, times):
    """One game; returns the final state. Decision times go into ``times[level]``, and
    each seat's process time over the game into ``times[level + " game"]``; ``budget``
    None: each searching level its own default (hard 0.2 s, expert 1 s)."""
    spec = rules.get_game(game)
    state = spec.new_game([f"P{i + 1}" for i in range(len(levels))], seed=seed, options=options)
    bots = [bot_for(game, lv, seed * 31 + i, budget) for i, lv in enumerate(levels)]
    spent = [0.0] * len(levels)
    while not state.is_over:
        seat = state.actors()[0]
        many = len(state.legal_actions(seat)) > 1
        t0 = time.process_time()
        action = bots[seat].choose(state, seat)
        took = time.process_time() - t0
        spent[seat] += took
        if many:
            times[levels[seat]].append(took)
        state = state.apply(action)
    for level, seconds in zip(levels, spent, strict=True):
        times[f"{level} game"].append(seconds)
    return state
