"""What waits for a frame or for a pause in the keys: a move's save comes after the
frame that shows the move, young objects are collected in a pause, and drawn lines
make their caches only when they use them (fewer objects for the collector)."""

from __future__ import annotations

import gc
import json

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from tabletop_tui import app as app_module
from tabletop_tui import controller as controller_module
from tabletop_tui import lean_strip
from tabletop_tui.games import base as base_module
from tabletop_tui.games.sweet_lands.demo import mid_game
from tabletop_tui.saves import new_save_path
from tabletop_tui.widgets import common

from .test_sweet_lands_play import keys, make_app


def saved_steps(path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["actions"])


async def open_solo_game(pilot, app, tmp_path):
    c = mid_game(players=1, seed=7, round_=2, want="hex")
    c.save_path = new_save_path(tmp_path, "sweet-lands")
    app.open_game(c)
    await pilot.pause()
    return c


async def test_a_moves_save_is_written_after_the_frame_showing_it(tmp_path, monkeypatch):
    # The fallback for a frame that never comes is a quarter of a second; on a loaded
    # machine a frame can take longer than that, and this test is about the order.
    monkeypatch.setattr(base_module, "AFTER_FRAME_AT_MOST", 30.0)
    app = make_app(tmp_path)
    events: list[str] = []
    real_write = controller_module.write_save
    monkeypatch.setattr(
        controller_module,
        "write_save",
        lambda *a: (events.append("save"), real_write(*a))[1],
    )
    async with app.run_test(size=(120, 40)) as pilot:
        c = await open_solo_game(pilot, app, tmp_path)
        real_display = app._display

        def display(screen, renderable):
            if renderable is not None:
                events.append("frame")
            return real_display(screen, renderable)

        app._display = display
        for _ in range(5):  # a few moves, each by Enter on the highlighted one
            app.screen.query_one("#sl-actions").focus()
            await pilot.pause(0.1)
            events.clear()
            done = len(c.state.action_keys())
            await keys(pilot, "enter")
            await pilot.pause(0.1)
            if len(c.state.action_keys()) == done:
                continue  # (a pass asks first: no move, no save)
            for _ in range(100):  # a loaded machine may take a while to draw and save
                if "save" in events:
                    break
                await pilot.pause(0.05)
            assert "save" in events and "frame" in events
            assert events.index("frame") < events.index("save"), events
            assert saved_steps(c.save_path) == len(c.state.action_keys())


async def test_quitting_right_after_a_move_keeps_it_saved(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = await open_solo_game(pilot, app, tmp_path)
        before = saved_steps(c.save_path)
        assert c.act(c.legal()[0])
        assert c._save_due  # waiting for the frame
        app.exit()
    assert saved_steps(c.save_path) == before + 1 == len(c.state.action_keys())


def test_without_a_screen_a_save_is_written_at_once(tmp_path):
    c = mid_game(players=1, seed=7, round_=2, want="hex")
    c.save_path = new_save_path(tmp_path, "sweet-lands")
    assert c.act(c.legal()[0])
    assert saved_steps(c.save_path) == len(c.state.action_keys())


async def test_young_objects_are_collected_in_a_pause_of_the_keys(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    collected: list[int] = []
    monkeypatch.setattr(common.gc, "collect", lambda generation=2: collected.append(generation))
    monkeypatch.setattr(app_module, "IDLE_AFTER", 0.4)  # a pause a loaded machine can tell
    async with app.run_test(size=(120, 40)) as pilot:
        await open_solo_game(pilot, app, tmp_path)
        gc.disable()  # the young objects stay counted until the app collects them
        try:
            kept = [[] for _ in range(common.YOUNG_WORTH_COLLECTING + 500)]
            collected.clear()
            for _ in range(6):  # keys closer together than the pause: no collection
                await keys(pilot, "down")
                await pilot.pause(0.05)
                assert not collected
            assert app.idle_timer is not None
            while app.idle_timer is not None:
                await pilot.pause(0.05)
            assert app.idle_timer is None
            assert collected and collected[0] in (0, 1, 2)
        finally:
            gc.enable()
            del kept


def test_a_strip_makes_its_caches_when_first_used():
    assert lean_strip.install()  # the pinned Textual (the app installs it too)
    strip = Strip([Segment("hello"), Segment(" world", Style(bold=True))], 11)
    for name in lean_strip.CACHE_SIZES:  # every slot still empty
        slot = Strip.__dict__[name]
        try:
            slot.__get__(strip, Strip)
        except AttributeError:
            continue
        raise AssertionError(f"{name} was made with the strip")
    left, right = strip.divide([3, 11])
    assert (left.text, right.text) == ("hel", "lo world")
    assert strip.divide([3, 11])[0] is left  # kept in its cache, as Textual keeps it
    assert strip.crop(6, 11).text == "world"
    assert strip.crop(6, 11) is strip.crop(6, 11)
    bold = strip.apply_style(Style(italic=True))
    assert all(seg.style and seg.style.italic for seg in bold if seg.text)
    assert strip.extend_cell_length(14).cell_length == 14
    try:
        strip.no_such_attribute  # noqa: B018 - only the caches are made on demand
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown attribute was made")


def test_dividing_a_strip_into_one_piece_makes_no_cycle():
    lean_strip.install()
    strip = Strip([Segment("hello")], 5)
    assert strip.divide([5]) == [strip]
    try:  # nothing stored: Textual stored [strip] in the strip's own cache
        Strip.__dict__["_divide_cache"].__get__(strip, Strip)
    except AttributeError:
        pass
    else:
        raise AssertionError("the strip keeps itself in its cache")


def test_the_app_installs_the_lean_strip(tmp_path, monkeypatch):
    installed = []
    monkeypatch.setattr(app_module, "lean_strips", lambda: installed.append(True))
    make_app(tmp_path)
    assert installed
