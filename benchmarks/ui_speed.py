"""UI speed figures (targets from the issue; printed, never asserted in tests).

1. Cold start to the title screen, as a ratio to a bare Textual app (Header, Static,
   Footer) measured in the same run (target <= 1.5x).
2. Median time from a key press to the repainted game screen in a Pilot session
   (target <= 30 ms).
3. Peak memory (max RSS) of a process playing a whole 4-player game through the UI
   (target <= 80 MiB).

Run: .venv/bin/python benchmarks/ui_speed.py [--runs N]
"""

import argparse
import statistics
import subprocess
import sys
import time

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

KEYS = """
import asyncio, statistics, sys, tempfile, time
from tabletop_tui.app import TabletopApp
from tabletop_tui.demo import mid_game

async def main():
    app = TabletopApp(data_dir=tempfile.mkdtemp(), bot_delay=0)
    paints = []
    real_display = app._display
    def display(screen, renderable):        # every frame written to the terminal
        paints.append(time.perf_counter())
        return real_display(screen, renderable)
    app._display = display
    first, settled = [], []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(mid_game(players=4, moves=30))
        await pilot.pause()
        for i in range(int(sys.argv[1])):
            await pilot.pause(0.05)
            paints.clear()
            t0 = time.perf_counter()
            await pilot.press("n")          # show the next city: a real re-render
            await pilot.pause(0.1)
            first.append(paints[0] - t0)
            settled.append(paints[-1] - t0)
    print(statistics.median(first) * 1000, statistics.median(settled) * 1000)

asyncio.run(main())
"""

MEMORY = """
import asyncio, resource, tempfile
from tabletop_tui.app import TabletopApp
from tabletop_tui.controller import Controller
from rules import get_game

async def main():
    app = TabletopApp(data_dir=tempfile.mkdtemp(), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        spec = get_game("happy-city")
        state = spec.new_game(["A", "B", "C", "D"], seed=3)
        c = Controller(spec, state, [{"kind": "bot"}] * 4)
        app.open_game(c)
        while not c.state.is_over:
            await pilot.pause(0.01)
        await pilot.pause()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)

asyncio.run(main())
"""


def run(code, *args):
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - t0, out.stdout.strip()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    bare = statistics.median(run(BARE)[0] for _ in range(a.runs))
    ours = statistics.median(run(OURS)[0] for _ in range(a.runs))
    print(
        f"cold start: bare Textual app {bare * 1000:.0f} ms, tabletop title {ours * 1000:.0f} ms, "
        f"ratio {ours / bare:.2f}x (target <= 1.5x)"
    )
    _, out = run(KEYS, "30")
    first, settled = map(float, out.split())
    print(
        f"key press -> repainted game screen: median {first:.1f} ms to the first frame, "
        f"{settled:.1f} ms to the last (target <= 30 ms)"
    )
    _, rss = run(MEMORY)
    print(f"peak memory through a 4-player game: {float(rss):.1f} MiB max RSS (target <= 80 MiB)")


if __name__ == "__main__":
    main()
