"""Render the coach's screenshots (a review, its first turning point on the game's own
screen, and the records' charts) from seeded games.

Run: .venv/bin/python screenshots/make_coach_screenshots.py
Writes screenshots/coach-review-120x40.svg, coach-turning-point-120x40.svg and
coach-records-120x40.svg.
"""

import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

import rules  # noqa: E402
from rules.bots import make_bot  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.coach.records import Record, add_record  # noqa: E402
from tabletop_tui.coach.review_screen import ReviewScreen  # noqa: E402
from tabletop_tui.coach.review_store import kept_review  # noqa: E402
from tabletop_tui.saves import write_save  # noqa: E402

SIZE = (120, 40)


def finished_game(seed: int, levels=("normal", "hard")):
    spec = rules.get_game("happy-city")
    state = spec.new_game(["Ann", "Bob"], seed=seed, options={})
    bots = [make_bot(spec.id, level, seed + k) for k, level in enumerate(levels)]
    while not state.is_over:
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return spec, state


async def shoot(app, name):
    path = HERE / f"coach-{name}-{SIZE[0]}x{SIZE[1]}.svg"
    app.save_screenshot(filename=path.name, path=str(HERE))
    print(path)


async def review(tmp: Path) -> None:
    spec, state = finished_game(9)
    save = tmp / "saves" / "game.json"
    write_save(save, spec, state, [{"kind": "human"}, {"kind": "bot", "level": "hard"}])
    app = TabletopApp(data_dir=tmp, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = ReviewScreen(spec, state, save, 0)
        await app.push_screen(screen)
        moves = len(state.action_keys())
        while kept_review(save, 0, moves) is None:  # kept once the review is shown
            await asyncio.sleep(0.2)
        await pilot.pause()
        await shoot(app, "review")
        await pilot.press("1")  # the first turning point on the game's own screen
        while not app.screen.query("#review-note"):
            await pilot.pause()
        await pilot.pause()
        await shoot(app, "turning-point")


async def records(tmp: Path) -> None:
    for n in range(12):
        level = ("easy", "normal", "hard")[n % 3]
        spec, state = finished_game(100 + n, ("normal", level))
        res = state.result()
        seats = [{"kind": "human"}, {"kind": "bot", "level": level}]
        add_record(
            tmp,
            Record(f"g{n}.json", spec.id, "Family", list(state.players), seats,
                   [float(s) for s in res["scores"]], list(res["winners"]), [n % 2, 0],
                   finished=1_780_000_000 + 86_400 * n),
        )  # fmt: skip
    app = TabletopApp(data_dir=tmp, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await shoot(app, "records")


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        await review(Path(tmp))
    with tempfile.TemporaryDirectory() as tmp:
        await records(Path(tmp))


if __name__ == "__main__":
    asyncio.run(main())
