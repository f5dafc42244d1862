"""Sweet Lands bot figures: VP per level solo and at 2-4 players, hard against normal.

Every seat of a game plays at the same level, so a multiplayer game gives one
winner's score at that level and each seat's score. Called from ``bots.py``; run
alone with ``python benchmarks/bots_sweet_lands.py [--scale X] [--levels ...]
[--players ...]``. ``--head-to-head N --players 3 4`` plays only N games of hard at
one seat (seed mod n) against normal bots at each count (``--seed 1500``: seeds
2000-2009, the figures in RULINGS.md's "A stronger search with several rivals").

Issue 51's figures: ``--setups N [--levels ...]`` counts the character and map board
each level takes at the first choice of N seeded solo games (only the choices are
played); ``--record FILE --deals N`` plays N seeded solo games with hard and writes
each game's score, setup and decision times, one JSON line a game (``--same-setup
OTHER`` gives every deal the character and map OTHER's game of that seed had);
``--compare BEFORE AFTER`` reads two such files and prints, on the deals both
played, the paired score difference, the CPU per game, the decisions at full
budget and where the time goes by kind of decision. ``--record-level hard-even``
records hard's search spending its whole budget on every decision (no close call,
as hard searched before issue 51 item 3): the same deals, so a paired comparison.
Run ``--record`` with another checkout first on PYTHONPATH to measure the code
before a change.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

from benchkit import EVEN, bot_for, mean_ci, pct, play, timing_line, wilson

import rules
from rules.botkit.base import DEFAULT_SECONDS
from rules.botkit.paired_interval import paired
from rules.bots import Budget, SearchBot, make_bot
from rules.sweet_lands.model import data as D

GAME = "sweet-lands"
LEVELS = ("easy", "normal", "hard")
# every level --levels may name; expert (a second a move) only when asked for
ALL_LEVELS = (*LEVELS, "expert")
# games per (level, player count) at scale 1; hard is the slow one (about 0.2 s for
# each of ~110 turn-menu decisions per seat and game)
GAMES = {
    "easy": {1: 40, 2: 20, 3: 12, 4: 10},
    "normal": {1: 40, 2: 20, 3: 12, 4: 10},
    "hard": {1: 20, 2: 8, 3: 12, 4: 10},
    "expert": {1: 24, 2: 8, 3: 6, 4: 4},  # issue 51's goal: a solo mean on 24 deals
}
HEAD_TO_HEAD = 40  # hard vs normal 2-player games at scale 1 (about a minute of CPU each)
COUNTS = (1, 2, 3, 4)  # player counts
LINES = {1: (250, 300), 0: (270, 320)}  # the rulebook's lines: solo, with rivals (winner)


def spread(xs: list[int]) -> str:
    return (
        f"min {min(xs)}  q1 {pct(xs, 0.25)}  median {pct(xs, 0.5)}  "
        f"q3 {pct(xs, 0.75)}  max {max(xs)}"
    )


def mean_text(xs: list, digits: int = 0) -> str:
    m, lo, hi = mean_ci(xs)
    if len(xs) < 2:
        return f"{m:.{digits}f}"
    return f"mean {m:.{max(1, digits)}f} (95% CI {lo:.{digits}f} to {hi:.{digits}f})"


def reached(xs: list[int], lines: tuple[int, int]) -> str:
    return "  ".join(f">={line}: {sum(x >= line for x in xs)}/{len(xs)}" for line in lines)


def level_table(level: str, scale: float, budget: Budget | None, seed0: int, times, counts) -> None:
    for n in counts:
        games = max(1, round(GAMES[level][n] * scale))
        seats, winners = [], []
        started = time.process_time()
        for g in range(games):
            res = play(GAME, {}, [level] * n, seed0 + g, budget, times).result()
            seats += res["scores"]
            winners.append(max(res["scores"]))
            if level == "expert":  # a slow level: each game's figures as they come
                print(f"    seed {seed0 + g}: VP {res['scores']}", flush=True)
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
    games: int,
    budget: Budget | None,
    seed0: int,
    times,
    each: bool = False,
    players: int = 2,
    strong: str = "hard",
    weak: str = "normal",
) -> None:
    """``strong`` against ``weak``: the strong level at one seat (seed mod
    ``players``, so the seats take turns), the weak at the others; ``each``: a line a
    game. The margin is the strong level's score less the best rival's."""
    score, margins, vps = 0.0, [], []
    for g in range(games):
        seed = seed0 + g
        me = seed % players
        levels = [strong if s == me else weak for s in range(players)]
        res = play(GAME, {}, levels, seed, budget, times).result()
        if me in res["winners"]:
            score += 1.0 / len(res["winners"])
        best = max(v for s, v in enumerate(res["scores"]) if s != me)
        margins.append(res["scores"][me] - best)
        vps.append(res["scores"][me])
        if each:
            print(f"    seed {seed}: {strong} {res['scores'][me]}, best {weak} {best}", flush=True)
    lo, hi = wilson(score, games)
    print(
        f"  {strong} vs {weak} ({players} players): {strong} wins {score / games:.0%} of "
        f"{games} games (95% CI {lo:.0%}-{hi:.0%}); {strong}'s VP {mean_text(vps)}; "
        f"its margin over the best rival {mean_text(margins)}"
    )


CHOICE_GAMES = 200  # normal-level games (player counts 1-4 in turn) for the choice counts
SAME_DEALS = 10  # solo deals played by both hard and normal at scale 1


def same_deals(games: int, budget: Budget | None, seed0: int, times) -> None:
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


SETUP_OPS = ("choose_char", "choose_map")
FULL = 0.9  # a decision that took this share of its budget or more thought it through


def setup_shares(level: str, setups: int, seed0: int, budget: Budget | None) -> None:
    """The character and map board ``level`` takes at the first choice of ``setups``
    seeded solo games (the bot seeded as in a benchmark game), with 95% intervals."""
    picks: dict[str, Counter] = {"characters": Counter(), "maps": Counter()}
    for g in range(setups):
        seed = seed0 + g
        state = rules.get_game(GAME).new_game(["P1"], seed=seed)
        bot = make_bot(GAME, level, seed * 31, budget)
        while state.stack and state.stack[-1]["op"] in SETUP_OPS:
            state = state.apply(bot.choose(state, 0))
        picks["characters"][state.p[0].char] += 1
        picks["maps"][state.p[0].map] += 1
    print(f"  {level}: first choices of {setups} solo setups (seeds {seed0}-{seed0 + setups - 1})")
    everything = {"characters": D.load().characters, "maps": D.load().maps}
    for kind, counter in picks.items():
        shares = []
        for name in sorted(everything[kind], key=lambda n: -counter[n]):
            lo, hi = wilson(counter[name], setups)
            shares.append(f"{name} {counter[name] / setups:.1%} ({lo:.0%}-{hi:.0%})")
        low = min(counter[n] for n in everything[kind]) / setups
        high = max(counter.values()) / setups
        print(f"    {kind}: lowest {low:.1%}, highest {high:.1%}")
        print("      " + ", ".join(shares))


def recorded_game(seed: int, budget: Budget | None, setup: tuple[str, str] | None,
                  level: str = "hard") -> dict:  # fmt: skip
    """One solo game of ``level``: its score, setup and, for each decision with a
    choice, its process time in ms, its kind (the pending step, or "turn" at the turn
    menu), the worlds searched and, when two candidates were compared, the answer's
    paired lead over the runner-up ([mean, low end of its 95% interval], in the
    search's units); ``setup``: the character and map it must take."""
    state = rules.get_game(GAME).new_game(["P1"], seed=seed)
    bot = bot_for(GAME, level, seed * 31, budget)
    times, kinds, worlds, leads = [], [], [], []
    while not state.is_over:
        legal = state.legal_actions(0)
        op = state.stack[-1]["op"] if state.stack else None
        if setup is not None and op in SETUP_OPS:
            wanted = setup[SETUP_OPS.index(op)]
            state = state.apply(next(a for a in legal if a.args[0] == wanted))
            continue
        t0 = time.process_time()
        action = bot.choose(state, 0)
        if len(legal) > 1:
            times.append(round((time.process_time() - t0) * 1000, 2))
            kinds.append(op or "turn")
            worlds.append(bot.last_iterations if isinstance(bot, SearchBot) else 0)
            leads.append(lead_of(bot.last_ranking) if isinstance(bot, SearchBot) else None)
        state = state.apply(action)
    P = state.p[0]
    return {"seed": seed, "level": level, "score": state.result()["scores"][0],
            "setup": [P.char, P.map], "ms": times, "kinds": kinds, "worlds": worlds,
            "leads": leads}  # fmt: skip


def lead_of(ranking: list) -> list[float] | None:
    """The first candidate's paired lead over the second on the worlds both saw:
    [mean, low end of the 95% interval] (None: fewer than two compared)."""
    if len(ranking) < 2 or not ranking[1].values:
        return None
    d = paired(ranking[0].values, ranking[1].values)
    return [round(d.mean, 3), round(d.low, 3) if d.low > -1e9 else None]


def record(path: Path, deals: int, seed0: int, budget: Budget | None, same: Path | None,
           level: str = "hard") -> None:  # fmt: skip
    setups = {g["seed"]: tuple(g["setup"]) for g in read_games(same)} if same else {}
    with path.open("a", encoding="utf-8") as out:
        for g in range(deals):
            seed = seed0 + g
            if same and seed not in setups:
                continue
            game = recorded_game(seed, budget, setups.get(seed), level)
            out.write(json.dumps(game) + "\n")
            out.flush()
            print(
                f"    seed {seed}: {game['score']} VP with {'/'.join(game['setup'])}, "
                f"{sum(game['ms']) / 1000:.1f} s of decisions",
                flush=True,
            )


def read_games(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def compare(before: Path, after: Path, budget: Budget | None) -> None:
    """``after`` against ``before`` on the deals both played: the paired score
    difference, CPU per game, decisions at full budget and the worst overrun."""
    games = [{g["seed"]: g for g in read_games(p)} for p in (before, after)]
    seeds = sorted(set(games[0]) & set(games[1]))
    limit_ms = (budget.seconds if budget and budget.seconds else DEFAULT_SECONDS) * 1000
    print(f"  {after.name} against {before.name}, {len(seeds)} solo deals: {seeds}")
    diffs = [games[1][s]["score"] - games[0][s]["score"] for s in seeds]
    same = sum(games[0][s]["setup"] == games[1][s]["setup"] for s in seeds)
    print(f"    score difference {mean_text(diffs)} VP ({same} deals with the same setup)")
    for name, by_seed in zip((before.name, after.name), games, strict=True):
        scores = [by_seed[s]["score"] for s in seeds]
        ms = [t for s in seeds for t in by_seed[s]["ms"]]
        cpu = [sum(by_seed[s]["ms"]) / 1000 for s in seeds]
        full = sum(t >= FULL * limit_ms for t in ms)
        print(
            f"    {name}: VP {mean_text(scores)}; CPU per game {mean_text(cpu)} s; "
            f"{full / len(ms):.0%} of {len(ms)} decisions at >= {FULL:.0%} of the budget; "
            f"decision ms median {statistics.median(ms):.1f}, p95 {pct(ms, 0.95):.1f}, "
            f"max {max(ms):.1f} ({max(ms) / limit_ms - 1:+.1%} over the budget)"
        )
    ratio = [sum(games[1][s]["ms"]) / sum(games[0][s]["ms"]) for s in seeds]
    print(f"    CPU per game, after / before, deal by deal: {mean_text(ratio, 2)}")
    for name, by_seed in zip((before.name, after.name), games, strict=True):
        by_kind([by_seed[s] for s in seeds], limit_ms, name)


def by_kind(games: list[dict], limit_ms: float, name: str) -> None:
    """Where a level's time goes, by the kind of decision: how many, their share of
    the CPU, median ms, the share at full budget, and at full budget how far the
    answer led the runner-up (median paired lead, and how often its 95% interval
    was clear of nothing)."""
    if not all("kinds" in g for g in games):
        return
    rows: dict[str, list[tuple]] = defaultdict(list)
    for g in games:
        for row in zip(g["ms"], g["kinds"], g["worlds"], g["leads"], strict=True):
            rows[row[1]].append(row)
    total = sum(sum(g["ms"]) for g in games)
    print(f"    {name} by kind of decision (kind: n, CPU share, median ms, at full budget, "
          "their median lead and share clear):")  # fmt: skip
    for kind, got in sorted(rows.items(), key=lambda kv: -sum(r[0] for r in kv[1])):
        ms = [r[0] for r in got]
        full = [r for r in got if r[0] >= FULL * limit_ms]
        leads = [r[3][0] for r in full if r[3]]
        clear = sum(1 for r in full if r[3] and r[3][1] is not None and r[3][1] > 0)
        lead = f"{statistics.median(leads):.2f}" if leads else "-"
        print(
            f"      {kind:12} {len(got):5}  {sum(ms) / total:5.1%}  {statistics.median(ms):6.1f}  "
            f"{len(full) / len(got):5.0%}  {lead:>6}  {clear / max(1, len(full)):4.0%}"
        )


def run(scale: float, budget: Budget | None, seed0: int, levels=LEVELS, counts=COUNTS) -> None:
    print("\n== Sweet Lands (every seat at the level; seeds from", seed0, ")")
    times: dict[str, list[float]] = defaultdict(list)
    for level in levels:
        level_table(level, scale, budget, seed0, times, counts)
    if "hard" in levels and "normal" in levels and 1 in counts:
        same_deals(max(2, round(SAME_DEALS * scale)), budget, seed0 + 300, times)
    if "hard" in levels and "normal" in levels and 2 in counts:
        head_to_head(max(2, round(HEAD_TO_HEAD * scale)), budget, seed0 + 500, times)
    choice_counts(max(4, round(CHOICE_GAMES * scale)), seed0 + 700)
    for level in ALL_LEVELS:
        if times.get(level):
            print(timing_line(level, times[level], times.get(f"{level} game")))


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", type=float, default=1.0, help="games: this times the default")
    p.add_argument("--levels", nargs="+", default=list(LEVELS), choices=ALL_LEVELS)
    p.add_argument(
        "--seconds",
        type=float,
        help="every searching level's budget per decision (default: hard 0.2, expert 1.0)",
    )
    p.add_argument("--seed", type=int, default=1000, help="first game seed")
    p.add_argument(
        "--players", nargs="+", type=int, choices=COUNTS, help="player counts (default 1-4)"
    )
    p.add_argument(
        "--head-to-head",
        type=int,
        metavar="N",
        help="only N games of --strong against --weak bots, at each of --players (default 2)",
    )
    p.add_argument("--strong", default="hard", choices=ALL_LEVELS, help="--head-to-head's one")
    p.add_argument("--weak", default="normal", choices=ALL_LEVELS, help="--head-to-head's rest")
    p.add_argument("--setups", type=int, metavar="N", help="only the setup choices of N games")
    p.add_argument("--record", type=Path, metavar="FILE", help="append solo hard games to FILE")
    p.add_argument("--deals", type=int, default=10, help="--record: how many deals")
    p.add_argument(
        "--record-level",
        default="hard",
        choices=("hard", EVEN, "expert"),
        help=f"--record: the level ({EVEN}: hard's search spending its whole budget)",
    )
    p.add_argument("--same-setup", type=Path, metavar="OTHER", help="--record: OTHER's setups")
    p.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = p.parse_args(argv)
    budget = None if args.seconds is None else Budget(seconds=args.seconds)
    if args.setups:
        for level in args.levels:
            setup_shares(level, args.setups, args.seed, budget)
        return
    if args.record:
        record(args.record, args.deals, args.seed, budget, args.same_setup, args.record_level)
        return
    if args.compare:
        compare(*args.compare, budget)
        return
    if args.head_to_head:
        times: dict[str, list[float]] = defaultdict(list)
        for n in [n for n in args.players or [2] if n > 1]:
            head_to_head(
                args.head_to_head, budget, args.seed + 500, times, True, n, args.strong, args.weak
            )
        for level in (args.strong, args.weak):
            print(timing_line(level, times[level], times.get(f"{level} game")))
        return
    run(args.scale, budget, args.seed, tuple(args.levels), tuple(args.players or COUNTS))


if __name__ == "__main__":
    main()
