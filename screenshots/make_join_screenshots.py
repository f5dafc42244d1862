"""Render a seat joined from another terminal (`tabletop join`): a Sweet Lands game
hosted on this machine, seen by one seat on its own screen, from a seeded game.

Run: .venv/bin/python screenshots/make_join_screenshots.py
Writes screenshots/join-sweet-lands-120x40.svg.
"""

import asyncio
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent))

import rules  # noqa: E402
from tabletop_tui.games.base import GameScreenBase  # noqa: E402
from tabletop_tui.net.host import REMOTE, HostTable  # noqa: E402
from tabletop_tui.net.join import JoinApp, controller_for, join_link  # noqa: E402
from tabletop_tui.net.server import HostServer  # noqa: E402

SIZE = (120, 40)


def mid_game(seed: int, moves: int):
    spec = rules.get_game("sweet-lands")
    state = spec.new_game(["Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = rng.choice(state.actors())
        state = state.apply(rng.choice(state.legal_actions(seat)))
    while 0 not in state.actors():  # Ann's move, on Ann's screen
        seat = state.actors()[0]
        state = state.apply(rng.choice(state.legal_actions(seat)))
    return spec, state


async def main() -> None:
    spec, state = mid_game(3, 40)
    table = HostTable.start(spec, state, [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0).run_in_thread()
    link = await asyncio.to_thread(join_link, f"http://127.0.0.1:{port}/seat/{table.tokens[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        app = JoinApp(controller_for(link), data_dir=tmp, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            while not isinstance(app.screen, GameScreenBase):
                await pilot.pause(0.05)
            await pilot.pause(0.5)
            path = HERE / f"join-sweet-lands-{SIZE[0]}x{SIZE[1]}.svg"
            app.save_screenshot(filename=path.name, path=str(HERE))
            print(path)
    await asyncio.to_thread(link.close)


if __name__ == "__main__":
    asyncio.run(main())
