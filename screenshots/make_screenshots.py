"""Render SVG screenshots of the key screens from seeded real games.

Run: .venv/bin/python screenshots/make_screenshots.py
Writes screenshots/<screen>-<width>x<height>.svg, which the README shows.
"""

import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.demo import finished, happiness_mid_game, happiness_window, mid_game  # noqa: E402
from tabletop_tui.widgets.common import HandoffScreen  # noqa: E402


async def shoot(name, size, prepare):
    with tempfile.TemporaryDirectory() as tmp:
        app = TabletopApp(data_dir=tmp, bot_delay=0, default_seed=4242)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await prepare(pilot)
            await pilot.pause()
            path = HERE / f"{name}-{size[0]}x{size[1]}.svg"
            app.save_screenshot(filename=path.name, path=str(HERE))
            print(path)


async def title(pilot):
    pass


async def setup(pilot):
    await pilot.press("n")


async def game(pilot):
    pilot.app.open_game(mid_game())


async def handoff(pilot):
    pilot.app.push_screen(HandoffScreen("Bob"))


async def end(pilot):
    pilot.app.show_end(finished())


async def happiness(pilot):
    pilot.app.open_game(happiness_mid_game())


async def silence(pilot):
    pilot.app.silence_scale = 1000  # hold the countdown still for the picture
    pilot.app.open_game(happiness_window())


async def expert(pilot):
    pilot.app.open_game(mid_game(options={"mode": "expert"}, moves=45, seed=4))


async def town(pilot):
    pilot.app.open_game(mid_game(game="happiest-town", moves=50, seed=3))


async def main():
    for size in [(120, 40), (80, 24)]:
        for name, prep in [
            ("title", title),
            ("setup", setup),
            ("happy-city", game),
            ("handoff", handoff),
            ("end", end),
            ("happiness", happiness),
            ("happiness-silence", silence),
            ("happy-city-expert", expert),
            ("happiest-town", town),
        ]:
            await shoot(name, size, prep)


if __name__ == "__main__":
    asyncio.run(main())
