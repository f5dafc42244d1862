"""Lesson steps and key presses per game, through the real lesson and game screens.

Each lesson is played at 80x24 in a Pilot session (issue 49 item 6): Enter opens the
table at each step, and the step's expected move is made with the fewest keys of the
table's move list (arrows from the highlighted line, then Enter), checking that the
move pressed is the move the lesson took. A move the move list does not hold (a
Happiness card placed on the table, a map hex in Sweet Lands, which those screens
take by their own keys or a click) is made as a click on it and counted apart. Then
the lesson screen's Enter offers the real game, not pressed here.
Printed per game: lessons, steps, key presses (move list and Enter), clicks, and
keys per step; then the totals.

Run: nice -n 10 .venv/bin/python benchmarks/lessons.py [--size 80x24]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.widgets import OptionList  # noqa: E402

from rules.lessons import Lesson, all_lessons  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.lessons.screen import LessonScreen  # noqa: E402
from tabletop_tui.navigation import OpenLesson  # noqa: E402


async def keys_for_move(pilot, key: str) -> int | None:
    """Make the move ``key`` through the table's move list; the keys pressed, or None
    if the list does not hold it (the move is then clicked by the caller)."""
    table = pilot.app.screen
    for moves in table.query(OptionList):
        ids = [moves.get_option_at_index(i).id for i in range(moves.option_count)]
        if key not in ids or not moves.display:
            continue
        moves.focus()
        await pilot.pause()
        # no highlight (Sweet Lands: a default never spends): the first arrow lights line 1
        at = -1 if moves.highlighted is None else moves.highlighted
        target = ids.index(key)
        arrows = ["down"] * (target - at) if target >= at else ["up"] * (at - target)
        await pilot.press(*arrows, "enter")
        await pilot.pause()
        return len(arrows) + 1
    return None


async def play(lesson: Lesson, size: tuple[int, int]) -> tuple[int, int]:
    """(keys, clicks) the lesson took."""
    keys = clicks = 0
    with tempfile.TemporaryDirectory() as data:
        app = TabletopApp(data_dir=data, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            app.post_message(OpenLesson(lesson.id))
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LessonScreen)
            for step in lesson.steps:
                before = screen.run.index
                await pilot.press("enter")  # to the table
                await pilot.pause()
                keys += 1
                pressed = await keys_for_move(pilot, step.expect[0])
                if pressed is not None and screen.run.index == before + 1:
                    keys += pressed
                else:  # not in the list, or the list's Enter asks more first
                    if app.screen is not screen:
                        app.screen.act_key(step.expect[0])  # as a click on the card or hex
                        await pilot.pause()
                    clicks += 1
                    if pressed is not None:
                        print(
                            f"  ({lesson.id} step {before + 1}: the list's Enter did not make the move)"
                        )
                assert screen.run.index == before + 1, f"{lesson.id}: step {before + 1} not taken"
            assert screen.run.finished
    return keys, clicks


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="80x24", help="terminal size (80x24)")
    a = parser.parse_args()
    width, height = (int(x) for x in a.size.split("x"))
    per_game: dict[str, list[tuple[str, int, int, int]]] = defaultdict(list)
    for lesson in all_lessons():
        keys, clicks = await play(lesson, (width, height))
        per_game[lesson.game].append((lesson.id, len(lesson.steps), keys, clicks))
    print(f"Lessons through the real screens at {width}x{height}")
    print(f"{'game':<15}{'lessons':>8}{'steps':>7}{'keys':>6}{'clicks':>8}{'keys/step':>11}")
    totals = [0, 0, 0, 0]
    for game, rows in per_game.items():
        steps = sum(r[1] for r in rows)
        keys = sum(r[2] for r in rows)
        clicks = sum(r[3] for r in rows)
        print(f"{game:<15}{len(rows):>8}{steps:>7}{keys:>6}{clicks:>8}{keys / steps:>11.1f}")
        for lesson_id, s, k, c in rows:
            print(f"  {lesson_id:<30} {s} steps, {k} keys, {c} clicks")
        for i, v in enumerate((len(rows), steps, keys, clicks)):
            totals[i] += v
    n, steps, keys, clicks = totals
    print(f"{'all':<15}{n:>8}{steps:>7}{keys:>6}{clicks:>8}{keys / max(steps, 1):>11.1f}")


if __name__ == "__main__":
    asyncio.run(main())
