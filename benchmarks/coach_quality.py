"""How far the coach's hints can be trusted: order, stability, calibration and time.

Positions come from seeded two-player games of ``normal`` bots (a Sweet Lands game is
solo against Mio), every few moves where the seat has a choice. At each position the
hints are asked for ``--runs`` times with other seeds (other imagined games), as a
player pressing ? would get them, and the script prints per game:

- order contradictions: lists whose printed figures are not in order (goal 0);
- stability: of the comparisons called clear ("behind", the interval all on one
  side), the share that the other runs order the same way, and the share they call
  clear again (goal: at least 90% the same way);
- calibration: the first hint's figure against the points the seat really ends with
  when that move is played and ``--finish`` bots finish the game (mean error and mean
  absolute error; card games only, whose figure is points by the end);
- time: process seconds per hint, median and worst.

Run: .venv/bin/python benchmarks/coach_quality.py [--games happy-city ...]
     [--positions 4] [--runs 3] [--seconds 1.5] [--finish normal]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.bots import Budget, make_bot, observe  # noqa: E402
from rules.coach import hints  # noqa: E402

CASES = {
    "happy-city": {"mode": "family"},
    "happy-city-expert": {"mode": "expert"},
    "happiest-town": {},
    "happiness": {"silence": "turns"},
    "sweet-lands": {},
}


def game_of(case: str) -> str:
    return "happy-city" if case == "happy-city-expert" else case


def positions(case: str, count: int, seed: int = 11, every: int = 7):
    game = game_of(case)
    spec = rules.get_game(game)
    players = ["Ann"] if game == "sweet-lands" else ["Ann", "Bob"]
    state = spec.new_game(players, seed=seed, options=CASES[case])
    bots = [make_bot(game, "normal", k + 1) for k in range(len(players))]
    found = 0
    for step in range(5000):
        if state.is_over or found >= count:
            return
        seat = state.actors()[0]
        if step % every == every - 1 and len(state.legal_actions(seat)) > 2:
            found += 1
            yield state, seat
        state = state.apply(bots[seat].choose(state, seat))


def clear_claims(found) -> list[tuple[str, str]]:
    """(better, worse) action keys for each comparison called clear in one list."""
    first = found[0].action.key
    return [(first, h.action.key) for h in found[1:] if h.verdict == "behind"]


def finish(state, seat: int, move_key: str, game: str, level: str, seed: int) -> float:
    state = state.apply(next(a for a in state.legal_actions(seat) if a.key == move_key))
    bots = [make_bot(game, level, seed + k) for k in range(len(state.players))]
    while not state.is_over:
        actor = state.actors()[0]
        state = state.apply(bots[actor].choose(state, actor))
    return float(state.result()["scores"][seat])


def measure(case: str, args) -> None:
    game = game_of(case)
    budget = Budget(seconds=args.seconds)
    contradictions = lists = 0
    same_way = again_clear = claims = 0
    errors: list[float] = []
    times: list[float] = []
    for n, (state, seat) in enumerate(positions(case, args.positions)):
        runs = []
        for r in range(args.runs):
            started = time.process_time()
            found = hints(observe(state, seat), game, seed=1000 * n + r, budget=budget)
            times.append(time.process_time() - started)
            figures = [h.score for h in found if h.score is not None]
            contradictions += figures != sorted(figures, reverse=True)
            lists += 1
            runs.append(found)
        for r, found in enumerate(runs):
            for better, worse in clear_claims(found):
                for other in runs[:r] + runs[r + 1 :]:
                    score = {h.action.key: h.score for h in other}
                    if score.get(better) is None or score.get(worse) is None:
                        continue  # the other run did not list both
                    claims += 1
                    same_way += score[better] > score[worse]
                    again_clear += (better, worse) in clear_claims(other)
        first = runs[0][0]
        if game != "sweet-lands" and first.figure.endswith("by the end") and first.score:
            got = finish(state, seat, first.action.key, game, args.finish, 50 + n)
            errors.append(first.score - got)
    print(f"{case}: {lists} hint lists at {lists // max(1, args.runs)} positions")
    print(f"  order contradictions: {contradictions} (goal 0)")
    if claims:
        print(
            f"  clear comparisons re-imagined: {claims}; the same way {same_way / claims:.0%} "
            f"(goal 90%), called clear again {again_clear / claims:.0%}"
        )
    else:
        print("  clear comparisons re-imagined: none listed in two runs")
    if errors:
        mae = statistics.mean(abs(e) for e in errors)
        print(
            f"  calibration: first hint's points minus points played out by {args.finish} "
            f"bots: mean {statistics.mean(errors):+.1f}, mean absolute {mae:.1f} "
            f"(n={len(errors)})"
        )
    print(
        f"  time per hint: median {statistics.median(times):.2f} s, worst {max(times):.2f} s "
        f"of process time (budget {args.seconds} s)"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="*", default=list(CASES), choices=list(CASES))
    p.add_argument("--positions", type=int, default=4)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seconds", type=float, default=1.5, help="the hint's budget")
    p.add_argument("--finish", default="normal", help="the level that plays games out")
    args = p.parse_args(argv)
    for case in args.games:
        measure(case, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
