"""Render SVG screenshots of the Sweet Lands screen from seeded real games (bots play
up to the moment shown; the same seeds always give the same pictures).

Run: .venv/bin/python screenshots/make_sweet_lands_screenshots.py
Writes screenshots/sweet-lands-<panel>-<width>x<height>.svg at 160x50, 120x40 and 80x24:
each panel, the end review and the final table it opens.
"""

import asyncio
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.games.sweet_lands.demo import (  # noqa: E402
    controller,
    mid_game,
    new_state,
    play_until,
    solo_mid_game,
)


async def shoot(name, size, factory, keys=()):
    with tempfile.TemporaryDirectory() as tmp:
        app = TabletopApp(data_dir=tmp, bot_delay=0, default_seed=4242)
        app.animation_level = "none"
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.open_game(factory())
            await pilot.pause()
            for k in keys:
                await pilot.press(k)
                await pilot.pause()
            await pilot.pause()
            path = HERE / f"sweet-lands-{name}-{size[0]}x{size[1]}.svg"
            app.save_screenshot(filename=path.name, path=str(HERE))
            print(path)


def placing_tiles():
    return mid_game(players=2, seed=7, round_=3, want="hex")


def playing_cards():
    return mid_game(players=2, seed=7, round_=2, want="play")


def four_players():
    return mid_game(players=4, seed=9, round_=3, want="area")


def solo_end():
    return controller(play_until(new_state(1, 5), lambda s: s.is_over), viewer=0)


def two_player_end():
    return controller(play_until(new_state(2, 7), lambda s: s.is_over), viewer=None)


async def main():
    for size in [(160, 50), (120, 40), (80, 24)]:
        await shoot("map", size, placing_tiles, "m")
        await shoot("tracks", size, placing_tiles, "t")
        await shoot("board", size, four_players, "b")
        await shoot("hand", size, playing_cards, "h")
        await shoot("players", size, four_players, "p")
        await shoot("end", size, two_player_end)
        await shoot("review", size, two_player_end, "vn")  # the final table: Bob's map
    await shoot("solo-board", (120, 40), solo_mid_game, "b")
    await shoot("solo-end", (120, 40), solo_end)


if __name__ == "__main__":
    asyncio.run(main())
