"""F1 speed: CPU time of opening the rules reference (F1) and of going back (Escape),
per game and for the title screen's reference of every game (printed, never asserted).

Each game is opened at 120x40 in a Pilot session; F1 and Escape are pressed twice (the
second F1 shows whether a reference already built is reused). Figures are the CPU time
of the app's thread (``time.thread_time``), which the machine's load barely changes, and
in brackets wall time; the widget count is that of the help screen once open.

    nice -n 10 .venv/bin/python benchmarks/help_speed.py [--size 120x40]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tabletop_tui.app import TabletopApp  # noqa: E402


def _controller(game: str):
    if game == "sweet-lands":
        from tabletop_tui.games.sweet_lands.demo import controller, new_state

        return controller(new_state(players=2, seed=3))
    if game == "happiness":
        from tabletop_tui.demo import happiness_mid_game

        return happiness_mid_game(players=2)
    from tabletop_tui.demo import mid_game

    return mid_game(players=2, moves=10, game=game)


async def _press(pilot, key: str) -> tuple[float, float]:
    cpu, wall = time.thread_time(), time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    return time.thread_time() - cpu, time.perf_counter() - wall


def _line(label: str, app, f1: tuple[float, float], back: tuple[float, float]) -> str:
    return f"{label:<28} F1 {f1[0]:6.3f} s ({f1[1]:6.3f})  Escape {back[0]:6.3f} s ({back[1]:6.3f})"


async def _game(game: str, size: tuple[int, int]) -> None:
    app = TabletopApp(data_dir=Path(tempfile.mkdtemp()), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.open_game(_controller(game))
        await pilot.pause()
        await pilot.pause()
        for round_ in (1, 2):
            f1 = await _press(pilot, "f1")
            widgets = len(list(app.screen.query("*")))
            name = type(app.screen).__name__
            back = await _press(pilot, "escape")
            print(_line(f"{game} F1 #{round_}", app, f1, back), f"{widgets} widgets ({name})")


async def _title(size: tuple[int, int]) -> None:
    app = TabletopApp(data_dir=Path(tempfile.mkdtemp()), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for round_ in (1, 2):
            f1 = await _press(pilot, "h")
            widgets = len(list(app.screen.query("*")))
            back = await _press(pilot, "escape")
            print(_line(f"title reference #{round_}", app, f1, back), f"{widgets} widgets")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="120x40", help="terminal size, COLSxROWS")
    parser.add_argument(
        "--games",
        default="happy-city,happiest-town,happiness,sweet-lands",
        help="comma-separated game ids",
    )
    args = parser.parse_args()
    cols, rows = (int(n) for n in args.size.split("x"))
    for game in args.games.split(","):
        asyncio.run(_game(game, (cols, rows)))
    asyncio.run(_title((cols, rows)))


if __name__ == "__main__":
    main()
