"""How much code one move key runs: the files and functions a single key press goes
through, from the key to the engine and back to the screen.

A Pilot session at 120x40 opens a seeded position and highlights a move in the move
list; then ``sys.setprofile`` records every Python function called while Enter is
pressed and the app settles (``pilot.press`` and two ``pilot.pause``: the key, the
move, the save, the screen's update and its repaint). Counted: distinct files and
distinct functions (code objects: a function, method, lambda, comprehension or
generator, each once however often it runs) under our own packages ``rules/`` and
``tabletop_tui/``; beside them the same as Python 3.12 and later count them (list,
dict and set comprehensions are inlined there, PEP 709: generator expressions and
lambdas stay functions), the same without any comprehension or lambda, and every
file and function run, Textual, Rich and the Pilot's own code included. Issue 35's
figures were counted the second way: on the tree its work started from (d4315b0)
this script gives its 269 functions exactly. The app's size check
(``TabletopApp.check_size``, ``widgets/common.size_fits``) is a 0.25 s timer, not the
key: it is counted when it fires while the key is traced, so a figure may move by a
function or two (and those two files) from run to run.

- Sweet Lands: a solo game against Mio (seed 7) played by bots into round 2 up to a
  decision of the player's where an area may be used; the key applies the first
  area move of the list.
- Happy City: a family game of two humans (seed 3), past the first hand-off; the key
  applies the first move of the list.

Run: .venv/bin/python benchmarks/key_trace.py [--list]  (--list prints our functions)
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual.widgets import OptionList  # noqa: E402

from rules import get_game  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.controller import Controller  # noqa: E402
from tabletop_tui.games.sweet_lands.demo import mid_game  # noqa: E402
from tabletop_tui.saves import new_save_path  # noqa: E402
from tabletop_tui.widgets.common import HandoffScreen  # noqa: E402

OURS = tuple(str(ROOT / p) + "/" for p in ("rules", "tabletop_tui"))
INLINED = ("<listcomp>", "<dictcomp>", "<setcomp>")  # not functions from Python 3.12
SMALL = ("<lambda>", "<genexpr>", *INLINED)


class Trace:
    """The code objects called while it is on (sys.setprofile, every thread)."""

    def __init__(self) -> None:
        self.codes: set = set()

    def _hook(self, frame, event, _arg):
        if event == "call":
            self.codes.add(frame.f_code)

    def __enter__(self) -> Trace:
        threading.setprofile(self._hook)
        sys.setprofile(self._hook)
        return self

    def __exit__(self, *exc) -> None:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]

    def figures(self) -> dict[str, tuple[int, int]]:
        ours = [c for c in self.codes if c.co_filename.startswith(OURS)]
        named = [c for c in ours if c.co_name not in SMALL]
        every = list(self.codes)
        return {
            "ours": _count(ours),
            "ours as Python 3.12+ counts": _count([c for c in ours if c.co_name not in INLINED]),
            "ours without comprehensions and lambdas": _count(named),
            "all (Textual, Rich, asyncio, Pilot...)": _count(every),
        }

    def ours(self) -> list[str]:
        return sorted(
            f"{Path(c.co_filename).relative_to(ROOT)}:{c.co_firstlineno} {c.co_qualname}"
            for c in self.codes
            if c.co_filename.startswith(OURS)
        )


def _count(codes: list) -> tuple[int, int]:
    return len({c.co_filename for c in codes}), len(codes)


async def _settle(pilot) -> None:
    while isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")
        await pilot.pause()


async def trace_move(controller: Controller, pick) -> tuple[Trace, str]:
    """Open ``controller``'s game, highlight the move ``pick`` chooses from the list's
    option ids, and trace the Enter that makes it."""
    app = TabletopApp(data_dir=Path(tempfile.mkdtemp()), bot_delay=0, tune_memory=True)
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        controller.save_path = new_save_path(app.data_dir, controller.spec.id)
        app.open_game(controller)
        await pilot.pause()
        await _settle(pilot)
        ol = app.screen.query_one(OptionList)
        ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
        key = pick(ids)
        ol.focus()
        ol.highlighted = ids.index(key)
        await pilot.pause()
        done = len(controller.state.action_keys())
        with Trace() as trace:
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
        made = controller.state.action_keys()[done : done + 1]
        if made != [key]:
            raise SystemExit(f"Enter did not make {key} (made {made})")
    return trace, key


def sweet_lands() -> tuple[Trace, str]:
    c = mid_game(players=1, seed=7, round_=2, want="area")
    return asyncio.run(trace_move(c, lambda ids: next(i for i in ids if i.startswith("0:area:"))))


def happy_city() -> tuple[Trace, str]:
    spec = get_game("happy-city")
    state = spec.new_game(["Ann", "Bob"], seed=3, options={"mode": "family"})
    c = Controller(spec, state, [{"kind": "human"}] * 2, None)
    return asyncio.run(trace_move(c, lambda ids: ids[0]))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--list", action="store_true", help="print our functions each key ran")
    a = p.parse_args()
    for title, run in (("Sweet Lands", sweet_lands), ("Happy City", happy_city)):
        trace, key = run()
        print(f"{title}: one key press (Enter on {key!r})")
        for what, (files, functions) in trace.figures().items():
            print(f"  {what:42s} {files:4d} files {functions:5d} functions")
        if a.list:
            print("\n".join("    " + line for line in trace.ours()))


if __name__ == "__main__":
    main()
