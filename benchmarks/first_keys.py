"""CPU per Sweet Lands key, first visits apart from repeat visits, in fresh apps.

Each run starts a FRESH app (issue 47 item 2: a long game visits every tab many times,
which hides what the first visit costs) at a mid-game position of a seeded game, at
one terminal size, and presses, each key timed on its own:

- a key nothing is bound to (F12), three times: "unbound key (floor)", what the app,
  the pilot and the timing window cost whatever the key;
- every tab (t b h p m, the one on show skipped), the first time in this app: "tab, first";
- the same tabs again, nothing changed meanwhile: "tab, again";
- the move list's arrows (Down x3, Up x3): "list arrow";
- the legend and the zoom, each twice (g g z z), and N (the next player's boards and
  back, 2-4 players): "legend / zoom", "next map";
- then --moves moves chosen by the normal bot, each taken with Enter on the move list
  (the arrows that bring the highlight there are pressed first and not timed): "move
  (Enter)"; after each move one tab other than the one on show: "tab, after a move"
  (its first visit since the position changed); and Enter on each hand-off screen
  (2-4 people at one terminal): "hand-off (Enter)". "move, less hand-off GC" is each
  move again without the full collection the memory policy runs once a hand-off
  screen is drawn (``memory_policy.between_players``): it falls in the window of the
  move that brought the hand-off, after that move's frame, while the terminal changes
  hands.

A key's figure is the CPU time of the app's thread (``time.thread_time``) from the
press until --settle seconds later (the frame is drawn well within it; the pilot
that presses runs on the same thread, and the bot thinks outside the window). Solo
(against Mio) and hot seat with 2-4 people, at 80x24 and 160x50. Printed: median and
p95 per key kind, for each table (solo / hot seat) and size, and over all; the goals
are 33 ms median and 50 ms p95 (issue 47). Nothing here asserts a time.

The apps run under ``tabletop play``'s memory policy (``tune_memory``: fewer young
collections, start-up objects frozen), as a player's app does and as the other key
benchmarks (sl_keys.py, key_trace.py) run; ``--gc-defaults`` keeps Python's thresholds,
as tests do (more collections inside keys).

Run: nice -n 10 .venv/bin/python benchmarks/first_keys.py [--seeds 2] [--moves 8]
     [--players 1,2,3,4] [--sizes 80x24,160x50] [--profile KIND] [--json PATH]
     [--gc-defaults] [--by-key]
     (``--merge A.json B.json ...`` prints the figures of runs written before)
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchkit import p95  # noqa: E402
from textual.widgets import OptionList  # noqa: E402

from rules.bots import make_bot, observe  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.games.sweet_lands.demo import mid_game  # noqa: E402
from tabletop_tui.games.sweet_lands.tabstrip import Panels  # noqa: E402
from tabletop_tui.widgets.common import HandoffScreen  # noqa: E402

TAB_KEYS = {
    "tab-map": "m",
    "tab-tracks": "t",
    "tab-board": "b",
    "tab-hand": "h",
    "tab-players": "p",
}
GOAL_MEDIAN_MS, GOAL_P95_MS = 33, 50


class Timer:
    """Presses keys and keeps each one's CPU time under its kind."""

    def __init__(self, pilot, settle: float, profile: str | None, by_key: bool = False):
        self.pilot = pilot
        self.by_key = by_key  # tab and legend / zoom keys apart, by their key
        self.settle = settle
        self.samples: dict[str, list[float]] = defaultdict(list)
        self.profile_kind = profile
        self.profiler = cProfile.Profile() if profile else None
        # The full collection the memory policy runs once a hand-off screen is drawn
        # (between players, not inside a key) falls in the window of the move that
        # brought the hand-off: its CPU is kept apart, so a move is shown both ways.
        self.between_players = 0.0
        self._collection_started: float | None = None
        gc.callbacks.append(self.on_collection)

    def on_collection(self, phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            handing_off = isinstance(self.pilot.app.screen, HandoffScreen)
            self._collection_started = time.thread_time() if handing_off else None
        elif self._collection_started is not None:
            self.between_players += time.thread_time() - self._collection_started
            self._collection_started = None

    def close(self) -> None:
        gc.callbacks.remove(self.on_collection)

    async def untimed(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
        await self.pilot.pause(self.settle)

    async def timed(self, kind: str, key: str) -> None:
        await self.pilot.pause(0.02)  # a person's next key comes later than that
        profiling = self.profiler is not None and kind == self.profile_kind
        if profiling:
            self.profiler.enable()
        start, collected = time.thread_time(), self.between_players
        await self.pilot.press(key)
        await self.pilot.pause(self.settle)
        spent = time.thread_time() - start
        if profiling:
            self.profiler.disable()
        if self.by_key and kind.startswith(("tab", "legend")):
            kind = f"{kind} [{key}]"
        self.samples[kind].append(spent * 1000)
        if kind == "move (Enter)":
            between = self.between_players - collected
            self.samples["move, less hand-off GC"].append((spent - between) * 1000)


def active_tab(app) -> str:
    return app.screen.query_one(Panels).active


async def visit_tabs(timer: Timer, app, kind: str) -> None:
    for pane, key in TAB_KEYS.items():
        if app.screen.query(Panels) and active_tab(app) != pane:
            await timer.timed(kind, key)


async def take_move(timer: Timer, app, action) -> bool:
    """Bring the list's highlight onto ``action`` (untimed) and press Enter (timed)."""
    screen = app.screen
    ol = screen.query_one(OptionList)
    ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
    if action.key not in ids:
        return False
    if not ol.has_focus:
        await timer.untimed("l")
    target = ids.index(action.key)
    at = ol.highlighted
    keys = ["home", *["down"] * target] if at is None else []
    if at is not None:
        keys = ["down" if target > at else "up"] * abs(target - at)
    await timer.untimed(*keys)
    await timer.timed("move (Enter)", "enter")
    if action.kind == "pass":  # asked once: Enter again passes
        await timer.timed("move (Enter)", "enter")
    return True


async def one_run(
    state_of, players: int, seed: int, size, moves: int, timer_args, tune_memory: bool = True
) -> Timer:
    c = state_of()
    app = TabletopApp(
        data_dir=Path(tempfile.mkdtemp()), bot_delay=0, default_seed=seed, tune_memory=tune_memory
    )
    app.animation_level = "none"
    bot = make_bot("sweet-lands", "normal", seed)
    async with app.run_test(size=size) as pilot:
        timer = Timer(pilot, *timer_args)
        app.open_game(c)
        await pilot.pause(0.3)
        for _ in range(3):  # what any key costs here: one that nothing is bound to
            await timer.timed("unbound key (floor)", "f12")
        await visit_tabs(timer, app, "tab, first")
        await visit_tabs(timer, app, "tab, again")
        await timer.untimed("l")
        for key in ("down", "down", "down", "up", "up", "up"):
            await timer.timed("list arrow", key)
        for key in ("g", "g", "z", "z"):
            await timer.timed("legend / zoom", key)
        if players > 1:
            for _ in range(players):  # round every player's boards, back to one's own
                await timer.timed("next map", "n")
        made = 0
        for _ in range(400):
            if made >= moves or c.state.is_over:
                break
            if isinstance(app.screen, HandoffScreen):
                await timer.timed("hand-off (Enter)", "enter")
                continue
            if c.next_step() != "human" or c.viewer is None:
                await pilot.pause(0.02)
                continue
            action = bot.decide(observe(c.state, c.viewer))
            if not await take_move(timer, app, action):
                c.act(action)  # not on the list as it stands: made directly
                app.screen.advance()
                await pilot.pause(timer.settle)
                continue
            made += 1
            if app.screen.query(Panels):
                others = [p for p in TAB_KEYS if p != active_tab(app)]
                await timer.timed("tab, after a move", TAB_KEYS[others[made % len(others)]])
        await pilot.pause(0.2)
    timer.close()
    return timer


def figures(samples: list[float]) -> str:
    med, top = statistics.median(samples), p95(samples)
    flag = "" if med <= GOAL_MEDIAN_MS and top <= GOAL_P95_MS else "  over"
    return f"{med:6.1f} {top:6.1f} {len(samples):5d}{flag}"


def report(title: str, groups: list[dict[str, list[float]]]) -> None:
    merged: dict[str, list[float]] = defaultdict(list)
    for group in groups:
        for kind, xs in group.items():
            merged[kind] += xs
    print(f"\n{title}")
    print(f"  {'key kind':22} {'median':>6} {'p95':>6} {'keys':>5}  (ms CPU of the app's thread)")
    for kind in sorted(merged):
        print(f"  {kind:22} {figures(merged[kind])}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", type=int, default=2, help="seeded games per table and size")
    ap.add_argument("--moves", type=int, default=8)
    ap.add_argument("--players", default="1,2,3,4")
    ap.add_argument("--sizes", default="80x24,160x50")
    ap.add_argument("--settle", type=float, default=0.06, help="seconds timed after a key")
    ap.add_argument("--profile", help="a key kind to profile (cProfile, its top lines)")
    ap.add_argument("--profile-out", help="write the --profile stats to this file too")
    ap.add_argument(
        "--by-key", action="store_true", help="tab and legend / zoom keys apart by their key"
    )
    ap.add_argument(
        "--gc-defaults",
        action="store_true",
        help="Python's collector thresholds, as in tests (default: `tabletop play`'s memory policy)",
    )
    ap.add_argument("--json", help="also write every sample to this file, by table and size")
    ap.add_argument("--merge", nargs="+", help="print the figures of --json files instead")
    args = ap.parse_args()
    if args.merge:
        merged: dict[str, list] = defaultdict(list)
        for name in args.merge:
            for group, runs in json.loads(Path(name).read_text()).items():
                merged[group] += runs
        for group, runs in sorted(merged.items()):
            report(group, runs)
        report("all", [run for runs in merged.values() for run in runs])
        return
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    players = [int(n) for n in args.players.split(",")]
    print(
        f"first_keys: fresh app per run, seeds {args.seeds}, moves {args.moves}, "
        f"load {os.getloadavg()[0]:.2f} at start, pid {os.getpid()}, "
        f"collector: {'Python defaults' if args.gc_defaults else 'memory policy of tabletop play'}"
    )
    by_group: dict[tuple[str, str], list[dict[str, list[float]]]] = defaultdict(list)
    profiler = None
    for n in players:
        for seed in range(1, args.seeds + 1):
            # one mid-game state per game, the same at both sizes
            start = mid_game(players=n, seed=seed + 6, round_=2, want="area").state

            def state_of(start=start, n=n):
                from tabletop_tui.games.sweet_lands.demo import controller

                return controller(start, viewer=start.actors()[0], kinds=["human"] * n)

            for size in sizes:
                timer = asyncio.run(
                    one_run(
                        state_of,
                        n,
                        seed,
                        size,
                        args.moves,
                        (args.settle, args.profile, args.by_key),
                        tune_memory=not args.gc_defaults,
                    )
                )
                table = "solo" if n == 1 else "hot seat"
                by_group[(table, f"{size[0]}x{size[1]}")].append(timer.samples)
                if timer.profiler is not None:
                    profiler = profiler or pstats.Stats(timer.profiler)
                    profiler.add(timer.profiler)
    for (table, size), groups in sorted(by_group.items()):
        report(f"{table}, {size}", groups)
    report("all", [g for groups in by_group.values() for g in groups])
    if args.json:
        kept = {f"{table}, {size}": groups for (table, size), groups in by_group.items()}
        Path(args.json).write_text(json.dumps(kept))
    print(f"\nload {os.getloadavg()[0]:.2f} at the end; goals {GOAL_MEDIAN_MS} / {GOAL_P95_MS} ms")
    if profiler is not None:
        print(f"\ncProfile of '{args.profile}' (cumulative, top 30):")
        profiler.sort_stats("cumulative").print_stats(30)
        if args.profile_out:
            profiler.dump_stats(args.profile_out)


if __name__ == "__main__":
    main()
