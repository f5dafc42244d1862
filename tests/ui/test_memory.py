"""Games played one after another in one app session leave nothing behind.

Counted with the garbage collector, never timed: once the players are back on the
title, no game screen, hand-off screen or controller of a finished game is alive.
"""

import gc
import random
import weakref

from textual.strip import Strip
from textual.widget import Widget

from tabletop_tui import memory_policy
from tabletop_tui.controller import Controller
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.settings import save_setting
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app

GAMES = 3


def alive(kind, earlier: tuple = ()) -> int:
    """How many objects of ``kind`` (a class or a tuple of them) are alive, but those in
    ``earlier``."""
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
    earlier = alive_now((GameScreenBase, HandoffScreen, Controller, Widget))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for game in range(GAMES):
            await few_turns(app, pilot, game + 1)
        # Textual removes closed screens in tasks of its own: on a busy machine they may
        # still be running, so give them up to five seconds (a leak lasts for ever)
        kinds = (GameScreenBase, HandoffScreen, Controller)
        for _ in range(100):
            if not alive(kinds, earlier):  # one collection for the three kinds
                break
            await pilot.pause(0.05)
        assert alive(GameScreenBase, earlier) == 0
        assert alive(HandoffScreen, earlier) == 0
        assert alive(Controller, earlier) == 0
        # nor any widget taken away: kept by a watcher or a signal of something that
        # stays (the app, the title screen's key line), they would add up game by game
        assert widgets_detached(earlier) == []


def widgets_detached(earlier: tuple) -> list[str]:
    gc.collect()
    held = {id(o) for o in earlier}
    return [
        type(o).__name__
        for o in gc.get_objects()
        if isinstance(o, Widget) and not o.is_attached and id(o) not in held
    ]


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


async def full_collections_through_hand_offs(tmp_path, applied: bool) -> tuple[list[str], int]:
    """A 2-human Happy City game four hand-offs in, the cycle collector's own runs
    turned off: each full collection, named by the screen on show when it ran, and
    the hand-offs shown."""
    full: list[str] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(type(app.screen).__name__)

    save_setting(tmp_path, "handoff_screens", True)
    app = make_app(tmp_path)
    rng = random.Random(4)
    handoffs = 0
    was_applied = memory_policy.Policy.applied
    memory_policy.Policy.applied = applied  # as `tabletop play` sets it, or as tests keep it
    gc.callbacks.append(seen)
    gc.disable()  # only the policy collects (the thresholds would add runs of their own)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_game("happy-city", ["Ann", "Bob"], [{"kind": "human"}] * 2, {}, 4)
            await pilot.pause()
            while handoffs < 4:
                screen = app.screen
                if isinstance(screen, HandoffScreen):
                    await pilot.pause()  # drawn, the device changing hands
                    await pilot.press("enter")
                    handoffs += 1
                elif isinstance(screen, GameScreenBase) and screen.controller.legal():
                    screen.act_key(rng.choice(screen.controller.legal()).key)
                await pilot.pause()
    finally:
        gc.enable()
        gc.callbacks.remove(seen)
        memory_policy.Policy.applied = was_applied
    return full, handoffs


async def test_under_the_memory_policy_each_hand_off_collects_in_full_while_it_shows(tmp_path):
    """``tabletop play`` collects less often (memory_policy), so the garbage of a turn
    is freed in one full collection while the terminal changes hands: one a hand-off,
    each while the hand-off screen is on show, none while a player's screen is (and
    one as the game is first drawn, under its first hand-off, before the freeze)."""
    full, handoffs = await full_collections_through_hand_offs(tmp_path, applied=True)
    assert full == ["HandoffScreen"] * (1 + handoffs)


async def test_without_the_memory_policy_a_hand_off_leaves_the_collector_alone(tmp_path):
    full, handoffs = await full_collections_through_hand_offs(tmp_path, applied=False)
    assert handoffs == 4 and full == []


async def end_screen_of_a_game(app, pilot, on_game_screen=None) -> None:
    """A game opened mid-way, played to its end by bots, and its end screen shown until
    the round chart is drawn (it waits until the game's screen is freed);
    ``on_game_screen`` is given a weak reference to the game's screen."""
    from tabletop_tui.demo import bot_moves, mid_game

    c = mid_game(seed=5)
    app.open_game(c)
    if on_game_screen is not None:
        on_game_screen(weakref.ref(app.screen))
    await pilot.pause()
    c.state = bot_moves(c.state, 10_000)  # the rest of the game, by bots
    app.show_end(c)
    for _ in range(10):  # frames
        await pilot.pause()
        if app.screen.query("#end-rounds"):
            break


async def full_collections_at_the_end(tmp_path, applied: bool) -> list[tuple[str, bool, bool]]:
    """A game on show, then its end: each full collection (the collector's own runs
    turned off), named by the screen on show when it ran, with whether the game's
    screen was still alive once it ran (attached or held) and whether the end screen's
    round chart was there."""
    full: list[tuple[str, bool, bool]] = []
    game_screens: list = []  # the game's screen (a weak reference), once shown

    def seen(phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            chart = bool(app.screen.query("#end-rounds"))
            on_show = type(app.screen).__name__
            full.append((on_show, any(s() is not None for s in game_screens), chart))

    app = make_app(tmp_path)
    was_applied = memory_policy.Policy.applied
    memory_policy.Policy.applied = applied
    gc.callbacks.append(seen)
    gc.disable()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await end_screen_of_a_game(app, pilot, on_game_screen=game_screens.append)
            assert type(app.screen).__name__ == "EndScreen"
            assert app.screen.query("#end-rounds")  # the round chart, drawn by now
    finally:
        gc.enable()
        gc.callbacks.remove(seen)
        memory_policy.Policy.applied = was_applied
        memory_policy.Policy.game_frozen = False
        memory_policy.Policy.left.clear()
        gc.unfreeze()  # the test process's own freeze (tests/conftest.py) follows the test
    return full


async def test_under_the_memory_policy_a_game_over_collects_before_the_end_screen_and_its_chart(
    tmp_path,
):
    """The game's screen, once drawn, is collected and frozen; the last turn's garbage is
    freed before the end screen is built (a card game's peak is that moment), while the
    game's screen still shows; the game's screen is freed once removed, before the end
    screen's round chart is drawn (a Sweet Lands game's peak was that moment). Textual's
    tasks may hold the removed screen a frame or more, depending on the machine's load:
    the end screen's collection is then tried again after a frame, up to FREEZE_TRIES."""
    full = await full_collections_at_the_end(tmp_path, applied=True)
    assert full[:2] == [("HappyCityScreen", True, False)] * 2
    at_end = full[2:]
    assert 1 <= len(at_end) <= memory_policy.FREEZE_TRIES
    # every try but the last found the game's screen still held; the last freed it
    assert at_end == [("EndScreen", True, False)] * (len(at_end) - 1) + [
        ("EndScreen", False, False)
    ]


async def test_without_the_memory_policy_a_game_over_leaves_the_collector_alone(tmp_path):
    assert await full_collections_at_the_end(tmp_path, applied=False) == []


async def frozen_and_freed(tmp_path, leave) -> tuple[bool, bool, bool]:
    """A 2-human Happy City game under the memory policy, two hand-offs in, then left by
    ``leave(app, controller)``: whether the game's screen was out of the collector's
    sight (frozen) at each hand-off, whether collections freed it and its hand-off
    screen once the game was left (a frozen object is never collected), and whether a
    game's objects were frozen then."""
    save_setting(tmp_path, "handoff_screens", True)
    app = make_app(tmp_path)
    rng = random.Random(4)
    was_applied = memory_policy.Policy.applied
    memory_policy.Policy.applied = True
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            app.start_game("happy-city", ["Ann", "Bob"], [{"kind": "human"}] * 2, {}, 4)
            await pilot.pause()
            screens = weakref.WeakSet(
                s for s in app.screen_stack if isinstance(s, GameScreenBase | HandoffScreen)
            )
            assert len(screens) == 2
            game_screen = weakref.ref(next(s for s in screens if isinstance(s, GameScreenBase)))
            frozen = True
            handoffs = 0
            while handoffs < 2:
                screen = app.screen
                if isinstance(screen, HandoffScreen):
                    await pilot.pause()
                    frozen = frozen and all(o is not game_screen() for o in gc.get_objects())
                    await pilot.press("enter")
                    handoffs += 1
                elif isinstance(screen, GameScreenBase) and screen.controller.legal():
                    screen.act_key(rng.choice(screen.controller.legal()).key)
                await pilot.pause()
            leave(app, app.controller)
            del screen
            for _ in range(100):  # Textual removes a closed screen in a task of its own
                await pilot.pause(0.05)
                gc.collect()  # walks no frozen object
                a_game_on_show = isinstance(app.screen, GameScreenBase | HandoffScreen)
                if not screens and (memory_policy.Policy.game_frozen or not a_game_on_show):
                    break
            freed = not screens
            frozen_after = memory_policy.Policy.game_frozen  # a game shown now frozen
    finally:
        memory_policy.Policy.applied = was_applied
        memory_policy.Policy.game_frozen = False
        memory_policy.Policy.left.clear()
        gc.unfreeze()  # the test process's own freeze (tests/conftest.py) follows the test
    return frozen, freed, frozen_after


def finish(app, controller) -> None:
    """The rest of the game by bots, then its end; the game-over collection must walk the
    game's objects (the last turn's cycles go before the end screen is built), so nothing
    is frozen as it starts."""
    from tabletop_tui.demo import bot_moves

    frozen_at_full: list[int] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            frozen_at_full.append(gc.get_freeze_count())

    controller.state = bot_moves(controller.state, 10_000)
    gc.callbacks.append(seen)
    try:
        app.show_end(controller)
    finally:
        gc.callbacks.remove(seen)
    assert frozen_at_full[:1] == [0]


async def test_under_the_memory_policy_a_game_left_for_the_title_is_freed_though_frozen(
    tmp_path,
):
    """Once drawn, the game's screen is frozen (the collections between players and
    inside keys do not walk it); left for the title, it is unfrozen and collected."""
    left = await frozen_and_freed(tmp_path, lambda app, _: app.back_to_title())
    assert left == (True, True, False)


async def test_under_the_memory_policy_a_finished_game_is_freed_though_frozen(tmp_path):
    assert await frozen_and_freed(tmp_path, finish) == (True, True, False)


async def test_under_the_memory_policy_a_game_left_for_another_is_freed_though_frozen(tmp_path):
    def another(app, _) -> None:
        app.start_game("happy-city", ["Ann", "Bob"], [{"kind": "human"}] * 2, {}, 5)

    """The new game is frozen too, once the one left is gone."""
    assert await frozen_and_freed(tmp_path, another) == (True, True, True)


async def test_an_end_screen_left_for_the_title_leaves_no_round_chart_behind(tmp_path):
    """textual-plotext's plot subscribes to the app's theme signal and never lets go, so
    the signal kept every end screen's round chart (and its figure) for the app's life;
    the project's Chart lets go as it is taken away."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await end_screen_of_a_game(app, pilot)
        chart = weakref.ref(app.screen.query_one("#end-rounds"))
        app.show_title()
        for _ in range(5):  # Textual's tasks that remove the end screen let go of it
            await pilot.pause()
            gc.collect()
            if chart() is None:
                break
        assert chart() is None
