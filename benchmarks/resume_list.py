"""The resume list with many saves (issue 47 item 4; goal: the first frame in at most
150 ms of CPU with 1,000 saves; printed here, never asserted in tests).

A saves folder of ``--saves`` files is made from seeded real games of every game
(finished ones and games in progress), each copy with a time of its own. Each run is
a fresh process (nothing kept in memory from the run before) at 80x24 that presses R
on the title screen; the figure is the time from that key to the first frame written
after the resume screen is on show: wall clock and, in brackets, the CPU time of the
app's thread (the load of the machine barely moves it). The game packages (``rules``)
are imported before the key is pressed: the first listing in a process imports them
whatever the folder holds, and their import is measured by ``ui_speed.py``'s start-up.
Four cases:

1. the first open of the folder: no index yet, every header is read once;
2. a later open: the index written by the first is used;
3. a later open after ``--changed`` saves were rewritten since the index was made
   (those are read again);
4. for scale, a later open of a folder of 10 saves: what the screen costs with
   almost nothing to list.

Frames are timed as ``ui_speed.py`` times them, through a hook on ``App._display``
(Textual has no public "frame written" event); the app itself does not use it.

Run: nice -n 10 .venv/bin/python benchmarks/resume_list.py [--saves 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.simulate import play_one  # noqa: E402
from tabletop_tui.save_index import RACY_NS  # noqa: E402
from tabletop_tui.saves import saves_dir, write_save  # noqa: E402

GOAL_CPU_MS = 150
FIRST_TIME = 1_780_000_000.0  # the oldest copy's time; each later copy a minute on


def templates(folder: Path) -> list[Path]:
    """Seeded real saves: per game two finished games and two in progress."""
    made = []
    for n, spec in enumerate(rules.GAMES.values()):
        players = max(2, spec.min_players)
        for seed in (1, 2):
            state, _ = play_one(spec.id, ["normal"] * players, seed=seed)
            made.append(write_one(folder, f"{spec.id}-done-{seed}", spec, state))
            state = spec.new_game([f"P{i + 1}" for i in range(players)], seed=seed + n)
            for _ in range(10 * seed):
                if state.is_over:
                    break
                state = state.apply(state.legal_actions(state.actors()[0])[0])
            made.append(write_one(folder, f"{spec.id}-live-{seed}", spec, state))
    return made


def write_one(folder: Path, name: str, spec, state) -> Path:
    path = folder / f"{name}.json"
    write_save(path, spec, state, [{"kind": "human"}] * len(state.players))
    return path


def make_folder(count: int) -> Path:
    base = Path(tempfile.mkdtemp(prefix="resume-bench-"))
    target = saves_dir(base)
    target.mkdir(parents=True)
    originals = templates(Path(tempfile.mkdtemp(prefix="resume-templates-")))
    raws = [json.loads(p.read_text()) for p in originals]
    for i in range(count):
        raw = raws[i % len(raws)]
        when = FIRST_TIME + 60 * i
        raw["header"]["saved_at"] = raw["ui"]["saved_at"] = when
        (target / f"save-{i:05d}.json").write_text(json.dumps(raw))
    shutil.rmtree(originals[0].parent)
    time.sleep(RACY_NS / 1e9)  # a save changed just now is not indexed yet: let them settle
    return base


OPEN = """
import asyncio, json, sys, time
import rules  # the game packages: a cost of its own, the same for 1 save or 10,000
from tabletop_tui.app import TabletopApp
from tabletop_tui.screens.resume import ResumeScreen

async def main():
    app = TabletopApp(data_dir=sys.argv[1], bot_delay=0)
    paints = []
    real_display = app._display
    def display(screen, renderable):  # every frame the app writes to the terminal
        if isinstance(app.screen, ResumeScreen):
            paints.append((time.perf_counter(), time.thread_time()))
        return real_display(screen, renderable)
    app._display = display
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        t0, c0 = time.perf_counter(), time.thread_time()
        await pilot.press("r")
        for _ in range(400):
            if paints:
                break
            await pilot.pause(0.01)
        listed = app.screen.query_one("#resume-list").option_count
    wall, cpu = paints[0][0] - t0, paints[0][1] - c0
    print(json.dumps({"wall": wall * 1000, "cpu": cpu * 1000, "listed": listed}))

asyncio.run(main())
"""


def open_once(base: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", OPEN, str(base)], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def index_files(base: Path) -> list[Path]:
    return [p for p in saves_dir(base).iterdir() if p.name.startswith(".index")]


def figures(samples: list[dict]) -> str:
    wall = statistics.median(s["wall"] for s in samples)
    cpu = statistics.median(s["cpu"] for s in samples)
    over = "" if cpu <= GOAL_CPU_MS else "  OVER GOAL"
    return (
        f"median {wall:.0f} ms (CPU {cpu:.0f} ms; CPU range "
        f"{min(s['cpu'] for s in samples):.0f}-{max(s['cpu'] for s in samples):.0f}; "
        f"n={len(samples)}; {samples[0]['listed']} listed){over}"
    )


def touch(base: Path, changed: int) -> None:
    """Rewrite ``changed`` saves with a new time, as a game played on would be."""
    for path in sorted(saves_dir(base).glob("save-*.json"))[:changed]:
        raw = json.loads(path.read_text())
        raw["header"]["saved_at"] = raw["ui"]["saved_at"] = raw["header"]["saved_at"] + 1
        path.write_text(json.dumps(raw))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--saves", type=int, default=1000, help="saves in the folder")
    p.add_argument("--runs", type=int, default=5, help="fresh processes per case")
    p.add_argument("--changed", type=int, default=20, help="saves rewritten for case 3")
    a = p.parse_args()
    base = make_folder(a.saves)
    try:
        first = []
        for _ in range(a.runs):
            for index in index_files(base):
                index.unlink()
            first.append(open_once(base))
        print(f"{a.saves} saves, first open (no index): {figures(first)}")
        later = [open_once(base) for _ in range(a.runs)]
        print(f"{a.saves} saves, later open (index kept): {figures(later)}")
        changed = []
        for _ in range(a.runs):
            touch(base, a.changed)
            changed.append(open_once(base))
        print(f"{a.saves} saves, {a.changed} changed since the index: {figures(changed)}")
    finally:
        shutil.rmtree(base)
    few = make_folder(10)
    try:
        open_once(few)  # writes its index
        print(
            f"10 saves, later open (index kept): {figures([open_once(few) for _ in range(a.runs)])}"
        )
    finally:
        shutil.rmtree(few)
    print(f"goal: first frame <= {GOAL_CPU_MS} ms CPU with 1,000 saves")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} (1 min)")


if __name__ == "__main__":
    main()
