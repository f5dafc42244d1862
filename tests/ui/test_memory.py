"""Games played one after another in one app session leave nothing behind.

Counted with the garbage collector, never timed: once the players are back on the
title, no game screen, hand-off screen or controller of a finished game is alive.
"""

import gc
import random

from textual.strip import Strip

from tabletop_tui.controller import Controller
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.settings import save_setting
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app

GAMES = 3


def alive(kind, earlier: tuple = ()) -> int:
    """How many objects of ``kind`` are alive, but those in ``earlier``."""
    gc.collect()
    held = {id(o) for o in earlier}
    return sum(isinstance(o, kind) and id(o) not in held for o in gc.get_objects())


def alive_now(kinds: tuple) -> tuple:
    """The objects of ``kinds`` alive now: other tests run in the same process may
    leave some for the collector (a worker's own thread still winding down), and a
    test counts only its own. Holding them keeps their ids from being reused."""
    gc.collect()
    return tuple(o for o in gc.get_objects() if isinstance(o, kinds))


async def few_turns(app, pilot, seed: int) -> None:
    """A 2-human game started as the setup screen starts it, four hand-offs in, then
    back to the title (a helper, so no screen stays in the test's own variables)."""
    rng = random.Random(seed)
    app.start_game("happy-city", ["Ann", "Bob"], [{"kind": "human"}] * 2, {}, seed)
    await pilot.pause()
    handoffs = 0
    assert app.controller is not None and app.controller.handoff_screens
    while handoffs < 4:  # a few turns, each ending in a hand-off
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            await pilot.press("enter")
            handoffs += 1
        elif isinstance(screen, GameScreenBase) and screen.controller.legal():
            screen.act_key(rng.choice(screen.controller.legal()).key)
        await pilot.pause()
    app.back_to_title()
    await pilot.pause()
    await pilot.pause(0.1)


async def test_games_in_a_row_leave_no_screens_or_controllers(tmp_path):
    save_setting(tmp_path, "handoff_screens", True)  # the table asks for hand-off screens
    earlier = alive_now((GameScreenBase, HandoffScreen, Controller))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for game in range(GAMES):
            await few_turns(app, pilot, game + 1)
        # Textual removes closed screens in tasks of its own: on a busy machine they may
        # still be running, so give them up to five seconds (a leak lasts for ever)
        kinds = (GameScreenBase, HandoffScreen, Controller)
        for _ in range(100):
            if not any(alive(kind, earlier) for kind in kinds):
                break
            await pilot.pause(0.05)
        assert alive(GameScreenBase, earlier) == 0
        assert alive(HandoffScreen, earlier) == 0
        assert alive(Controller, earlier) == 0


async def test_a_closed_game_leaves_none_of_its_drawn_lines(tmp_path):
    """Textual keeps the style caches of closed widgets alive (textual#6665), and with
    them every line they drew, unless the app empties them as the screen closes: the
    lines alive after a game are about those alive before it, not the game's
    thousands (about 1,350 in this short game without the emptying, 70 with it)."""
    save_setting(tmp_path, "handoff_screens", True)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await few_turns(app, pilot, 1)  # Textual's own first-use caches fill here
        before = alive(Strip)
        await few_turns(app, pilot, 2)
        assert alive(Strip) - before < 400
