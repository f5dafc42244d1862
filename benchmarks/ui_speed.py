"""UI speed and memory figures on stock Textual (goals from issue 30; printed, never
asserted in tests).

1. Cold start to the title screen, as a ratio to a bare Textual app (Header, Static,
   Footer), paired: each run starts one of each back to back (the order swapped every
   run), and the ratio is the median of the runs' ratios, in wall time and in the CPU
   time of the process (goal <= 1.5x). Pairing keeps a change of the machine's load
   between the two series out of the ratio.
2. Per game, the time from a key press to the first repainted frame of the game screen
   in a Pilot session at 120x40: median and 95th percentile (goal: median <= 33 ms,
   p95 <= 100 ms for every kind of key). Three kinds of key: a view key (next city, or
   choosing a hand card), Enter on a move during a 4-human game (in the move list, or
   on the board's spot in Happiness), and Enter on the hand-off screen. Each figure is
   wall-clock time, and in brackets the CPU time of the app's thread, which the
   machine's load barely changes. Moves and hand-offs are also timed to their last
   frame (settled: the key's pause ends once 50 ms pass with no frame), which
   counts the layouts and frames that follow the first. The game is saved after every move, as one started
   from the menu is, and each key is pressed after a short pause (20 ms), as a player's
   next key comes later than that.
3. Per game, the peak memory (max RSS) of a process that plays a whole 4-player
   hot-seat game through the UI, every hand-off confirmed (goal <= 80 MiB).
4. Sweet Lands (``--games sweet-lands``, in the default set): ``sl_keys.py --frames``,
   run as it is, times every kind of key (moves, tab switches, the map cursor, the
   move list, hand-offs) through a solo game against Mio and 40 hand-offs of a 3-human
   game; its figures and peak memory are printed here too.

Frames are timed through a hook on the app: ``App._display``, the one call every frame
written to the terminal goes through, is wrapped to note the time. Textual has no public
event for "a frame was written" (``Screen`` signals and ``call_after_refresh`` fire
before the write or not once per frame), so this benchmark, which is not under the
public-API check, keeps that one private name; the app itself does not use it.

Run: .venv/bin/python benchmarks/ui_speed.py [--runs N] [--games happy-city,...] [--profile PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchkit import frame_figures

BARE = """
from textual.app import App
from textual.widgets import Footer, Header, Static
class Bare(App):
    def compose(self):
        yield Header(); yield Static("hello"); yield Footer()
    def on_mount(self):
        self.call_after_refresh(self.exit)
Bare().run(headless=True)
"""

OURS = """
import tempfile
from tabletop_tui.app import TabletopApp
class Timed(TabletopApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(lambda: self.call_after_refresh(self.exit))
Timed(data_dir=tempfile.mkdtemp()).run(headless=True)
"""

# (game id, options, the view key to press) for each measured game.
GAMES = {
    "happy-city": ("happy-city", {"mode": "family"}, "n"),
    "expert": ("happy-city", {"mode": "expert"}, "n"),
    "happiest-town": ("happiest-town", {}, "n"),
    "happiness": ("happiness", {}, "digit"),
}

PLAY = """
import asyncio, json, resource, sys, tempfile, time
from rules import get_game
from rules.bots import make_bot
from tabletop_tui.app import TabletopApp
from tabletop_tui.controller import Controller
from tabletop_tui.saves import new_save_path
from tabletop_tui.games.happiness.screen import Board
from tabletop_tui.widgets.common import HandoffScreen
from textual.widgets import OptionList

GAME, OPTIONS, VIEW_KEY, PRESSES = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], int(sys.argv[4])
PROFILE = sys.argv[5] if len(sys.argv) > 5 else ""  # a path: profile each timed key-to-frame
PROFILED = sys.argv[6] if len(sys.argv) > 6 else "move"  # of this kind of key
profiler = None
if PROFILE:
    import cProfile
    profiler = cProfile.Profile()

async def main():
    app = TabletopApp(data_dir=tempfile.mkdtemp(), bot_delay=0, silence_scale=0.01, tune_memory=True)
    paints = []
    real_display = app._display
    def display(screen, renderable):  # every frame the app writes to the terminal
        paints.append((time.perf_counter(), time.thread_time()))
        if profiler is not None and len(paints) == 1:
            profiler.disable()  # (a no-op outside a profiled move)
        return real_display(screen, renderable)
    app._display = display

    async def timed(pilot, *keys, kind=""):
        # Wall time, and the CPU time of the thread the app runs in (everything runs
        # on the event loop's thread), which other processes on the machine barely move.
        await pilot.pause(0.02)
        paints.clear()
        if kind == PROFILED and profiler is not None:
            profiler.enable()  # until the first frame is written (display, above)
        t0, c0 = time.perf_counter(), time.thread_time()
        await pilot.press(*keys)
        await pilot.pause(0.05)
        if not paints:
            return None
        drawn = 0
        while drawn != len(paints):  # until a pause passes with no frame: settled
            drawn = len(paints)
            await pilot.pause(0.05)
        first, last = paints[0], paints[-1]
        settled[kind].append([(last[0] - t0) * 1000, (last[1] - c0) * 1000])
        return [(first[0] - t0) * 1000, (first[1] - c0) * 1000]

    got = {"view": [], "move": [], "handoff": []}
    # the same keys to the last frame they caused (the screen laid out and drawn whole)
    settled = {"view": [], "move": [], "handoff": []}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        spec = get_game(GAME)
        state = spec.new_game(["Ann", "Bob", "Cleo", "Dev"], seed=3, options=OPTIONS)
        # saved after every move, as a game started from the menu is
        c = Controller(spec, state, [{"kind": "human"}] * 4, new_save_path(app.data_dir, GAME))
        chooser = make_bot(GAME, "smart", 9)
        app.open_game(c)
        await pilot.pause()
        steps = 0
        while not c.state.is_over and steps < 5000:
            steps += 1
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                ms = await timed(pilot, "enter", kind="handoff") if len(got["handoff"]) < PRESSES else None
                if ms is None:
                    await pilot.press("enter")
                else:
                    got["handoff"].append(ms)
                await pilot.pause()
                continue
            if getattr(screen, "controller", None) is not c:
                await pilot.pause(0.01)
                continue
            if c.next_step() != "human":
                await pilot.pause(0.01)
                continue
            if len(got["view"]) < PRESSES:  # a key that only changes what is shown
                key = "2" if VIEW_KEY == "digit" else VIEW_KEY
                ms = await timed(pilot, key, kind="view")
                if ms is not None:
                    got["view"].append(ms)
            action = chooser.choose(c.state, c.viewer)
            ol = screen.query_one(OptionList)
            keys = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
            timing = len(got["move"]) < PRESSES
            if action.key in keys and timing:
                ol = screen.query_one(OptionList)
                ol.focus()
                ol.highlighted = keys.index(action.key)
                ms = await timed(pilot, "enter", kind="move")
                if ms is not None:
                    got["move"].append(ms)
            elif action.kind == "place" and timing:  # Happiness: pick the card, Enter on its spot
                word, x, y = action.args
                hand = [card["word"] for card in c.view()["hand"]]
                if screen.selected != hand.index(word):
                    screen.action_digit(hand.index(word) + 1)
                    await pilot.pause()
                board = screen.query_one(Board)
                board.focus()
                board.cursor = (x, y)
                board.refresh()
                ms = await timed(pilot, "enter", kind="move")
                if ms is not None:
                    got["move"].append(ms)
            else:
                screen._apply(action)
                await pilot.pause()
        await pilot.pause()
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(PROFILE)
    got["settled"] = settled
    got["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    got["over"] = c.state.is_over
    print(json.dumps(got))

asyncio.run(main())
"""


def run(code, *args):
    return run_python("-c", code, *args)


def timed_start(code):
    """Wall and CPU seconds (user + system, the child's own) of one cold start."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall, _ = run(code)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def cold_start(runs):
    """Bare Textual against the tabletop title, paired run by run."""
    pairs = []
    for i in range(runs):
        first, second = (BARE, OURS) if i % 2 == 0 else (OURS, BARE)
        got = {first: timed_start(first), second: timed_start(second)}
        pairs.append((got[BARE], got[OURS]))
    for label, at in (("wall", 0), ("CPU", 1)):
        bare = statistics.median(b[at] for b, _ in pairs)
        ours = statistics.median(o[at] for _, o in pairs)
        ratios = sorted(o[at] / b[at] for b, o in pairs)
        print(
            f"cold start ({label}, {runs} pairs): bare Textual app {bare * 1000:.0f} ms, "
            f"tabletop title {ours * 1000:.0f} ms, ratio median {statistics.median(ratios):.2f}x "
            f"(runs {ratios[0]:.2f}-{ratios[-1]:.2f}; goal <= 1.5x)"
        )


SWEET_LANDS = "sweet-lands"


def sweet_lands():
    """Sweet Lands' keys as ``sl_keys.py --frames`` times them (a solo game against Mio,
    then 40 hand-offs of a 3-human game), printed in this script's form."""
    script = Path(__file__).with_name("sl_keys.py")
    _, out = run_python(str(script), "--frames")
    part = "solo"
    for line in out.splitlines():
        if "humans hot-seat" in line:
            part = "3-human hot-seat"
        elif "median" in line and "p95" in line:
            kind, _, figures = line.strip().partition("  ")
            print(f"sweet-lands {part}: {kind} to first frame: {figures.strip()}")
        elif line.startswith("peak memory"):
            print(f"sweet-lands: {line} (solo game and 40 hot-seat hand-offs)")


def run_python(*args):
    """Seconds and printed output of a Python process run with ``args``."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, *args], capture_output=True, text=True, check=True)
    return time.perf_counter() - t0, out.stdout.strip()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5, help="cold-start pairs to time")
    p.add_argument("--presses", type=int, default=40, help="timed keys of each kind per game")
    p.add_argument("--games", default=",".join([*GAMES, SWEET_LANDS]))
    p.add_argument(
        "--profile",
        metavar="PATH",
        help="cProfile each timed key-to-frame of one kind (--profile-key) into "
        "PATH.<game> (pstats); the timings then include the profiler",
    )
    p.add_argument(
        "--profile-key",
        choices=["move", "handoff", "view"],
        default="move",
        help="the keys profiled: Enter on a placement (Happiness) or a move in the "
        "move list that is not one, Enter on a hand-off, or the view key",
    )
    a = p.parse_args()
    if a.runs:
        cold_start(a.runs)
    for name in filter(None, a.games.split(",")):
        if name == SWEET_LANDS:
            sweet_lands()
            continue
        game, options, key = GAMES[name]
        profile = [f"{a.profile}.{name}", a.profile_key] if a.profile else []
        _, out = run(PLAY, game, json.dumps(options), key, str(a.presses), *profile)
        got = json.loads(out.splitlines()[-1])
        print(f"{name}: view key ({key}) to first frame: {frame_figures(got['view'])}")
        print(f"{name}: Enter on a move to first frame: {frame_figures(got['move'])}")
        print(f"{name}: Enter on a hand-off to first frame: {frame_figures(got['handoff'])}")
        for kind, words in (("move", "Enter on a move"), ("handoff", "Enter on a hand-off")):
            figures = frame_figures(got["settled"][kind])
            print(f"{name}: {words} to its last frame (settled): {figures}")
        end = "" if got["over"] else " (game not finished!)"
        print(f"{name}: peak memory, 4-human game: {got['rss']:.1f} MiB max RSS{end}")
    print("goals: median <= 33 ms, p95 <= 100 ms, peak memory <= 80 MiB")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main()
