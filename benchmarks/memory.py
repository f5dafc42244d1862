"""Memory through the UI: flat across games, flat per hand-off, and each game's peak.

1. Ten Happy City games in a row in one app session (4 humans sharing the terminal,
   every hand-off confirmed with Enter, moves chosen at random from the seat's legal
   actions), each started from the app as the setup screen starts it and left to the
   title from its end screen. After each game (and once before the first): the live
   objects (``gc.collect()`` then ``len(gc.get_objects())``) and the resident memory.
   Goal: flat, the tenth game ends where the second began (the first one loads the
   rules, the bots and Textual's widgets, which stay).
2. In the first game, the live objects after every hand-off: the growth per hand-off
   over the game's second half (goal: flat, about zero).
3. Per game, in a process of its own, the peak memory (max RSS) of a whole 4-human
   hot-seat game through the UI (goal <= 80 MiB).

``--timeline N`` lists, per peak game, the N moves or hand-offs that raised the peak
most (a peak is not what is alive at the end: this says when it happens).

``--top N`` also prints the N types whose live count grew most from game 2 to the
last game (the first thing to read when memory is not flat).

Run: .venv/bin/python benchmarks/memory.py [--games 10] [--peak happy-city,...] [--top 15]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.games.base import GameScreenBase  # noqa: E402
from tabletop_tui.settings import save_setting  # noqa: E402
from tabletop_tui.widgets.common import HandoffScreen  # noqa: E402

HUMANS = [{"kind": "human"}] * 4
NAMES = ["Ann", "Bob", "Cleo", "Dev"]
PAGE = os.sysconf("SC_PAGE_SIZE")
# Each game's options for the peak run (the 4-human game the setup screen starts).
PEAK_GAMES = {
    "happy-city": ("happy-city", {"mode": "family"}),
    "happiest-town": ("happiest-town", {}),
    "happiness": ("happiness", {}),
    "sweet-lands": ("sweet-lands", {}),
    # the same game size, every move pressed on the keys the screen offers (sl_keys.py)
    "sweet-lands-keys": ("sweet-lands-keys", {}),
}


class Timeline:
    """When the peak happens: after every step of a game (a move, a hand-off), the
    resident memory and the peak so far (VmRSS, VmHWM), so the steps that raised the
    peak can be listed with what was on screen."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, float, float]] = []
        self.traced: list[tuple[str, float, float]] = []

    def step(self, label: str) -> None:
        with open("/proc/self/status") as f:
            got = {
                k: int(v.split()[0]) / 1024
                for k, v in (ln.split(":", 1) for ln in f)
                if k in ("VmRSS", "VmHWM")
            }
        self.steps.append((label, got["VmRSS"], got["VmHWM"]))
        import tracemalloc

        if tracemalloc.is_tracing():  # with --trace: Python's own bytes, now and at most
            now, most = tracemalloc.get_traced_memory()
            tracemalloc.reset_peak()
            self.traced.append((label, now / 2**20, most / 2**20))

    def report(self, n: int) -> list[str]:
        """The n steps that raised the peak most, and the RSS every tenth of the game."""
        rises = [
            (hwm - self.steps[i - 1][2], i, label, rss, hwm)
            for i, (label, rss, hwm) in enumerate(self.steps)
            if i and hwm > self.steps[i - 1][2]
        ]
        lines = [f"{len(self.steps)} steps; the {n} that raised the peak most:"]
        for rise, i, label, rss, hwm in sorted(rises, reverse=True)[:n]:
            lines.append(
                f"  step {i:5d} {label:32s} +{rise:4.1f} -> peak {hwm:5.1f}, RSS {rss:5.1f}"
            )
        if self.traced:
            lines.append("traced MiB now/most since the step before, every tenth:")
            step = max(1, len(self.traced) // 10)
            lines.append("  " + ", ".join(f"{a:.1f}/{b:.1f}" for _, a, b in self.traced[::step]))
            top = sorted(self.traced, key=lambda t: t[2] - t[1], reverse=True)[:n]
            lines.append("the steps whose transient (most - now) was largest:")
            lines += [f"  {lb:32s} now {a:5.1f} most {b:5.1f}" for lb, a, b in top]
        every = max(1, len(self.steps) // 10)
        lines.append(
            "RSS / peak every tenth: "
            + ", ".join(f"{rss:.1f}/{hwm:.1f}" for _, rss, hwm in self.steps[::every])
        )
        return lines


TIMELINE = Timeline()
WATCH = {"on": False}


def note_step(label: str) -> None:
    if WATCH["on"]:
        TIMELINE.step(label)


def rss_mib() -> float:
    """The resident memory now (not the peak), from /proc."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE / 2**20


def hand_off_folder() -> str:
    """A data folder whose table asked for hand-off screens in every game (Happy City
    passes the keyboard with a banner otherwise, and the hand-offs are what is measured)."""
    folder = tempfile.mkdtemp()
    save_setting(Path(folder), "handoff_screens", True)
    return folder


def live_objects() -> int:
    gc.collect()
    # the app freezes what start-up left (memory_policy), and get_objects skips those
    return len(gc.get_objects()) + gc.get_freeze_count()


def by_type() -> Counter:
    gc.collect()
    return Counter(type(o).__qualname__ for o in gc.get_objects())


def take_step(app, rng: random.Random) -> str:
    """The harness's part of one step: a random legal move made on a game screen (its
    class's name returned), or what to wait for ("hand-off", "over", "wait": a notice, a
    countdown or a bot). It keeps no screen: one held while the app runs on would keep
    the game's screen alive after the game ends, which the app's collections then
    cannot free (as a person's play never does)."""
    screen = app.screen
    c = app.controller
    if isinstance(screen, HandoffScreen):
        return "hand-off"
    if c is None or c.state.is_over:
        return "over"
    if not isinstance(screen, GameScreenBase) or c.next_step() != "human":
        return "wait"
    screen._apply(rng.choice(c.legal()))
    return type(screen).__name__


async def play_one(
    app, pilot, game: str, options: dict, seed: int, on_handoff=None, at_end=None
) -> int:
    """A 4-human game from start to the title; returns the hand-offs confirmed."""
    rng = random.Random(seed)
    app.start_game(game, NAMES, HUMANS, options, seed)
    await pilot.pause()
    handoffs = 0
    for _ in range(50000):
        done = take_step(app, rng)
        if done == "hand-off":
            await pilot.press("enter")
            await pilot.pause()
            handoffs += 1
            note_step("hand-off Enter")
            if on_handoff is not None:
                on_handoff(handoffs)
            continue
        if done == "over":
            break
        await pilot.pause(0.01 if done == "wait" else None)
        if done != "wait":
            note_step(f"move on {done}")
    for _ in range(200):  # the end screen is shown once the last frame is drawn
        if not isinstance(app.screen, GameScreenBase | HandoffScreen):
            break
        await pilot.pause(0.01)
    note_step(f"end: {type(app.screen).__name__}")
    over = app.controller is not None and app.controller.state.is_over
    if at_end is not None:
        at_end()
    app.back_to_title()
    await pilot.pause()
    await pilot.pause(0.05)
    if not over:
        raise SystemExit(f"{game} seed {seed}: game did not finish")
    return handoffs


async def in_a_row(games: int, top: int) -> None:
    app = TabletopApp(data_dir=hand_off_folder(), bot_delay=0, silence_scale=0.01, tune_memory=True)
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(f"before the first game: {live_objects():7d} live objects, {rss_mib():5.1f} MiB RSS")
        counts: list[int] = []
        per_handoff: list[int] = []
        types: list[Counter] = []
        for n in range(1, games + 1):
            probe = (lambda _: per_handoff.append(live_objects())) if n == 1 else None
            handoffs = await play_one(app, pilot, "happy-city", {"mode": "family"}, n, probe)
            counts.append(live_objects())
            print(
                f"after game {n:2d}: {counts[-1]:7d} live objects, {rss_mib():5.1f} MiB RSS "
                f"({handoffs} hand-offs)"
            )
            if top and n in (2, games):
                types.append(by_type())
    if len(counts) >= 2:
        growth = (counts[-1] - counts[0]) / max(1, len(counts) - 1)
        print(
            f"growth per game: {growth:+.0f} objects (games 1 to {games}); "
            f"last game against the end of game 2: {counts[-1] - counts[1]:+d}"
        )
    if len(per_handoff) >= 4:
        half = per_handoff[len(per_handoff) // 2 :]
        rate = (half[-1] - half[0]) / max(1, len(half) - 1)
        print(
            f"game 1, per hand-off (second half, {len(half)} hand-offs): {rate:+.1f} "
            f"objects; range {min(half)}..{max(half)}"
        )
    if len(types) == 2:
        grew = types[1] - types[0]
        print(f"types grown most from game 2 to game {games}:")
        for name, k in grew.most_common(top):
            print(f"  {name:40s} {k:+d}")


PEAK = """
import asyncio, json, sys
sys.path.insert(0, sys.argv[3])
from memory import stage_rss
imported = stage_rss()  # the interpreter, Textual, the app and the rules it imports
from memory import hand_off_folder, play_one, traced_top
from tabletop_tui.app import TabletopApp

trace = int(sys.argv[4])
import memory
memory.WATCH["on"] = int(sys.argv[5]) > 0
got = {"imports": imported}

async def main():
    if sys.argv[1] == "sweet-lands-keys":  # every move made by its keys (sl_keys.py)
        from memory import sweet_lands_by_keys
        got["handoffs"] = await sweet_lands_by_keys(3, got, trace)
        return
    app = TabletopApp(
        data_dir=hand_off_folder(), bot_delay=0, silence_scale=0.01, tune_memory=True
    )
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        got["title"] = stage_rss()
        if trace:
            import tracemalloc
            tracemalloc.start(1)
        def at_end():
            got["end"] = stage_rss()
            if trace:
                got["top"] = traced_top(trace)
        got["handoffs"] = await play_one(
            app, pilot, sys.argv[1], json.loads(sys.argv[2]), 3, at_end=at_end
        )

asyncio.run(main())
# VmHWM, not ru_maxrss: Linux keeps ru_maxrss across exec, so a child would
# report its parent's peak when that is higher
with open("/proc/self/status") as f:
    got["peak"] = next(int(line.split()[1]) for line in f if line.startswith("VmHWM")) / 1024
if memory.WATCH["on"]:
    memory.note_step("after the game")
    got["timeline"] = memory.TIMELINE.report(int(sys.argv[5]))
print(json.dumps(got))
"""


async def sweet_lands_by_keys(seed: int, stages: dict, trace: int) -> int:
    """A whole 4-human Sweet Lands game at 120x40, each move chosen at random from the
    seat's legal moves (no bot in the process: four people play) and made with the
    fewest keys the screen offers for it (``sl_keys.py``), every hand-off confirmed
    with Enter; fills ``stages`` (RSS at the title and at the game's end, the traced
    files) and returns the hand-offs."""
    from types import SimpleNamespace

    from sl_keys import make_move, press

    from rules import get_game
    from tabletop_tui.games.sweet_lands.demo import controller
    from tabletop_tui.saves import new_save_path

    app = TabletopApp(data_dir=hand_off_folder(), bot_delay=0, tune_memory=True)
    app.animation_level = "none"
    rng = random.Random(seed)
    handoffs = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stages["title"] = stage_rss()
        if trace:
            import tracemalloc

            tracemalloc.start(1)
        state = get_game("sweet-lands").new_game(NAMES, seed=seed, options={})
        c = controller(state, viewer=0, save_path=new_save_path(app.data_dir, "sweet-lands"))
        app.open_game(c)
        await pilot.pause()
        keys = SimpleNamespace(pilot=pilot)  # make_move's timer, with nothing timed
        for _ in range(50000):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                handoffs += 1
                await press(pilot, "enter")
                note_step("hand-off Enter")
                continue
            if c.state.is_over or not isinstance(screen, GameScreenBase):
                break
            legal = c.legal()
            if not legal:  # a step the screen takes by itself: let it run
                await pilot.pause(0.01)
                continue
            action = rng.choice(legal)
            await make_move(keys, screen, c, action, False)
            note_step(f"move {action.key}"[:32])
        for _ in range(200):  # the end screen is shown once the last frame is drawn
            if not isinstance(app.screen, GameScreenBase | HandoffScreen):
                break
            await pilot.pause(0.01)
        note_step(f"end: {type(app.screen).__name__}")
        if not c.state.is_over:
            raise SystemExit(f"sweet-lands seed {seed}: game did not finish")
        stages["end"] = stage_rss()
        if trace:
            stages["top"] = traced_top(trace)
        app.back_to_title()
        await pilot.pause()
    return handoffs


def stage_rss() -> float:
    """The resident memory now, in MiB (after a collection, so garbage is not counted)."""
    gc.collect()
    return rss_mib()


def traced_top(n: int) -> list[tuple[str, float, int]]:
    """The n source files whose allocations since tracemalloc started are still alive
    (MiB, blocks), the project's files by path, a dependency by its package."""
    import tracemalloc

    gc.collect()
    by: Counter = Counter()
    blocks: Counter = Counter()
    root = str(Path(__file__).resolve().parents[1]) + "/"
    for stat in tracemalloc.take_snapshot().statistics("filename"):
        name = stat.traceback[0].filename
        if name.startswith(root):
            name = name[len(root) :]
        elif "/site-packages/" in name:
            name = name.split("/site-packages/")[1].split("/")[0]
        by[name] += stat.size
        blocks[name] += stat.count
    return [(name, size / 2**20, blocks[name]) for name, size in by.most_common(n)]


def peak(name: str, trace: int = 0, timeline: int = 0) -> None:
    game, options = PEAK_GAMES[name]
    here = str(Path(__file__).resolve().parent)
    run = subprocess.run(
        [sys.executable, "-c", PEAK, game, json.dumps(options), here, str(trace), str(timeline)],
        capture_output=True,
        text=True,
    )
    if run.returncode:
        raise SystemExit(f"{name}: the measuring process failed:\n{run.stderr[-3000:]}")
    got = json.loads(run.stdout.strip().splitlines()[-1])
    title = got.get("title", got["imports"])
    end = got.get("end", title)
    print(
        f"{name}: peak {got['peak']:.1f} MiB max RSS, whole 4-human game "
        f"({got['handoffs']} hand-offs): imports {got['imports']:.1f}, title up "
        f"{title:.1f}, game's end {end:.1f} (the game adds {got['peak'] - title:.1f} "
        "to the peak)"
    )
    for file, mib, blocks in got.get("top", ()):
        print(f"    {mib:6.2f} MiB {blocks:8d} blocks  {file}")
    for line in got.get("timeline", ()):
        print("    " + line)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=10, help="Happy City games in a row (0: none)")
    p.add_argument("--peak", default=",".join(PEAK_GAMES), help="games whose peak is measured")
    p.add_argument("--top", type=int, default=0, help="types grown most, game 2 to the last")
    p.add_argument(
        "--trace", type=int, default=0, help="per game, the N files holding most at its end"
    )
    p.add_argument(
        "--timeline",
        type=int,
        default=0,
        help="per game, the N steps (moves, hand-offs) that raised the peak most",
    )
    a = p.parse_args()
    if a.games:
        asyncio.run(in_a_row(a.games, a.top))
    for name in filter(None, a.peak.split(",")):
        peak(name, a.trace, a.timeline)
    print("goals: flat across games and per hand-off; peak <= 64 MiB Sweet Lands, 56 card games")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} (1 min)")
    print(f"(this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MiB)")


if __name__ == "__main__":
    main()
