"""How well each searching level decides, position by position, against a long search.

``python benchmarks/bots_decisions.py [--only TITLE] [--positions N] [--reference R]``

Whole games between two levels need many games to tell two searches apart (a game
is won or lost by many decisions, most of them easy). This measures single
decisions instead: positions are taken from seeded games of the ``normal`` bot
(every third decision that offers a choice), and on each the levels asked answer
as at the table (their own budget of process time). A *reference* search then
judges every legal move on ``R`` imagined games (no candidate dropped, no stop
before its worlds are spent; the same kind of judge as hard's: mostly the share of
the win), and a level's *regret* on a position is how much worse its move did there
than the reference's best. It prints, per level: the mean regret with its 95%
interval, how often it chose a move as good as the best (within 0.01), the mean
process time per decision and the share of decisions under a tenth of the budget;
then, by decision kind (the game's stage: which deck to draw from, whether to
discard, what to build), each level's mean regret and ms, to show where it lies.
A level that searched faster but decides as well shows the same regret at less time.

Run it with another checkout first on PYTHONPATH to measure the code before a
change: the positions and the reference's worlds depend only on the seeds.
``--cache FILE`` keeps the reference's values there (they take nearly all the
time), so a second run over the same positions only asks the levels.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from benchkit import EVEN, bot_for, mean_ci

import rules
from rules.bots import Budget, SearchBot, make_bot, observe, policy_for
from rules.happy_city.bot import HappyCityBot

GAMES = (
    ("happy-city", {"mode": "family"}, "Happy City (Family)"),
    ("happy-city", {"mode": "expert"}, "Happy City (Expert)"),
    ("happiest-town", {}, "Happiest Town"),
)
AS_GOOD = 0.01  # a move within this of the reference's best counts as a best move


class Reference(SearchBot):
    """Every legal move, judged on the same worlds until its budget of worlds is spent."""

    def width(self, world) -> int:
        return 1000


def positions(game: str, options: dict, count: int, seed0: int) -> list:
    """``count`` positions with a choice, from seeded 2-player games of normal bots."""
    spec = rules.get_game(game)
    found: list = []
    seed = seed0
    while len(found) < count:
        state = spec.new_game(["P1", "P2"], seed=seed, options=options)
        bots = [make_bot(game, "normal", seed * 31 + i) for i in range(2)]
        choices = 0
        while not state.is_over and len(found) < count:
            seat = state.actors()[0]
            if len(state.legal_actions(seat)) > 1:
                choices += 1
                if choices % 3 == 0:
                    found.append(state)
            state = state.apply(bots[seat].choose(state, seat))
        seed += 1
    return found


def reference_values(game: str, state, worlds: int, seed: int) -> dict[str, float]:
    """Each legal move's mean value on the reference's worlds, by the move's key."""
    policy = policy_for(game, seed)
    policy.close_call = None  # this instance only: the reference never stops early
    if isinstance(policy, HappyCityBot):  # and plays its imagined moves as at the table
        policy.full_playouts = True
    ref = Reference(policy, seed, Budget(seconds=None, iterations=worlds))
    seat = state.actors()[0]
    return {r.action.key: r.value for r in ref.rank(observe(state, seat))}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", default="", help="play only titles containing this text")
    p.add_argument("--positions", type=int, default=30, help="positions per game")
    p.add_argument("--reference", type=int, default=300, help="the reference's worlds")
    p.add_argument(
        "--levels",
        nargs="+",
        default=["hard", EVEN, "expert"],
        help=f"levels asked ({EVEN}: hard with no close call, its whole budget each time)",
    )
    p.add_argument("--seed", type=int, default=4000, help="first game seed")
    p.add_argument("--cache", type=Path, help="a JSON file of reference values to reuse")
    p.add_argument(
        "--close-call",
        type=float,
        help="hard's and expert's close call instead of the policy's (tuning)",
    )
    args = p.parse_args(argv)
    cache = json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else {}
    for game, options, title in GAMES:
        if args.only.lower() not in title.lower():
            continue
        print(f"\n== {title}: {args.positions} positions, reference {args.reference} worlds")
        regrets: dict[str, list[float]] = {lv: [] for lv in args.levels}
        spent: dict[str, list[float]] = {lv: [] for lv in args.levels}
        stages: list[str] = []  # each position's decision kind (the game's stage)
        for k, state in enumerate(positions(game, options, args.positions, args.seed)):
            where = f"{title} {args.seed} {args.reference} {k}"
            if where not in cache:
                cache[where] = reference_values(game, state, args.reference, 7 + k)
            values = cache[where]
            best = max(v for v in values.values() if v is not None)
            seat = state.actors()[0]
            stages.append(str(state.stage))
            for level in args.levels:
                bot = bot_for(game, level, 11 + k, None)
                if level in ("hard", "expert") and args.close_call is not None:
                    assert isinstance(bot, SearchBot)  # this bot only:
                    if level == "hard":
                        bot.policy.close_call = args.close_call
                    else:
                        bot.policy.expert_close_call = args.close_call
                t0 = time.process_time()
                move = bot.choose(state, seat)
                spent[level].append(time.process_time() - t0)
                regrets[level].append(best - (values.get(move.key) or 0.0))
        if args.cache:
            args.cache.write_text(json.dumps(cache))
        first = args.levels[0]
        for level in args.levels:
            m, lo, hi = mean_ci(regrets[level])
            good = sum(r <= AS_GOOD for r in regrets[level])
            budget = 1.0 if level == "expert" else 0.2
            quick = sum(t < budget / 10 for t in spent[level])
            n = len(regrets[level])
            print(
                f"  {level:6} regret {m:.4f} (95% CI {lo:.4f} to {hi:.4f}); best move "
                f"{good}/{n}; {statistics.mean(spent[level]) * 1000:.0f} ms a decision, "
                f"{quick}/{n} under a tenth of the budget",
                flush=True,
            )
            if level != first:  # paired: the same positions, the same reference
                diff = [a - b for a, b in zip(regrets[level], regrets[first], strict=True)]
                m, lo, hi = mean_ci(diff)
                print(f"         regret minus {first}'s: {m:+.4f} (95% CI {lo:+.4f} to {hi:+.4f})")
        by_stage(stages, regrets, spent)


def by_stage(stages: list[str], regrets: dict[str, list[float]], spent: dict[str, list[float]]):
    """Each level's regret and time by decision kind: where the regret lies."""
    for stage in sorted(set(stages)):
        at = [k for k, s in enumerate(stages) if s == stage]
        figures = "; ".join(
            f"{level} {statistics.mean(regrets[level][k] for k in at):.4f} "
            f"({statistics.mean(spent[level][k] for k in at) * 1000:.0f} ms)"
            for level in regrets
        )
        print(f"    {stage:8} {len(at):3} positions, mean regret: {figures}", flush=True)


if __name__ == "__main__":
    main()
