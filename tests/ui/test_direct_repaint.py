"""A widget's repaint reaches its screen at once, without Textual's message round trip
(direct_repaint.py); a layout still takes Textual's way."""

from __future__ import annotations

from textual import messages
from textual.widget import Widget

from tabletop_tui import app as app_module
from tabletop_tui import direct_repaint
from tabletop_tui.games.sweet_lands.demo import mid_game

from .test_sweet_lands_play import keys, make_app


async def test_a_repaint_reaches_the_screen_without_an_update_message(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(players=1, seed=7, round_=2, want="hex"))
        await pilot.pause()
        screen = app.screen
        status = screen.query_one("#sl-status")
        posted = []
        real_post = screen.post_message
        screen.post_message = lambda m: (posted.append(m), real_post(m))[1]
        screen._dirty_widgets.clear()
        status.refresh()
        assert status in screen._dirty_widgets  # noted at once
        assert not status._repaint_required  # nothing left for its own idle
        await pilot.pause()
        assert not [m for m in posted if isinstance(m, messages.Update)]
        screen.post_message = real_post


async def test_a_layout_takes_textuals_way(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(players=1, seed=7, round_=2, want="hex"))
        await pilot.pause()
        status = app.screen.query_one("#sl-status")
        status.refresh(layout=True)
        assert status._layout_required and status._repaint_required
        await pilot.pause()
        assert not status._layout_required


async def test_every_repaint_asked_for_in_a_move_is_drawn(tmp_path, monkeypatch):
    """A few moves through the real keys: each visible widget that asked for a repaint
    (one that draws lines itself, not a container) is asked for its lines afterwards."""
    asked: set = set()
    drawn: set = set()
    real_refresh, real_lines = Widget.refresh, Widget.render_lines
    monkeypatch.setattr(
        Widget, "refresh", lambda w, *r, **kw: (asked.add(w), real_refresh(w, *r, **kw))[1]
    )
    monkeypatch.setattr(
        Widget, "render_lines", lambda w, crop: (drawn.add(w), real_lines(w, crop))[1]
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = mid_game(players=1, seed=7, round_=2, want="hex")
        app.open_game(c)
        await pilot.pause()
        for _ in range(4):
            app.screen.query_one("#sl-actions").focus()
            await pilot.pause(0.1)
            asked.clear()
            drawn.clear()
            done = len(c.state.action_keys())
            await keys(pilot, "enter")
            await pilot.pause(0.1)
            screen = app.screen
            shown = screen._compositor.visible_widgets
            leaves = {w for w in asked if w in shown and not w.children and w is not screen}
            assert len(c.state.action_keys()) > done or not leaves
            assert leaves <= drawn, [w.id or type(w).__name__ for w in leaves - drawn]


def test_the_app_sends_repaints_straight_to_the_screen(tmp_path, monkeypatch):
    installed = []
    monkeypatch.setattr(app_module, "direct_repaints", lambda: installed.append(True))
    make_app(tmp_path)
    assert installed
    assert direct_repaint.install()  # the pinned Textual


async def test_a_frame_never_shows_a_focus_move_half_done(tmp_path):
    """Moves that send the focus between the move list and the map: at every frame
    the focused widget has taken the focus and no other still holds it (the list's
    highlight and the map's tint are drawn for the focus as it is)."""
    app = make_app(tmp_path)
    half_done = []
    async with app.run_test(size=(120, 40)) as pilot:
        c = mid_game(players=1, seed=7, round_=2, want="hex")
        app.open_game(c)
        await pilot.pause()
        real_display = app._display

        def display(screen, renderable):
            if renderable is not None and hasattr(screen, "controller"):
                focused = screen.focused
                others = [w for w in screen.walk_children() if w.has_focus and w is not focused]
                if (focused is not None and not focused.has_focus) or others:
                    half_done.append(screen.controller.state.action_keys()[-1:])
            return real_display(screen, renderable)

        app._display = display
        moved = 0
        for _ in range(12):
            kinds = {a.kind for a in c.legal()}
            before = app.screen.focused
            await keys(pilot, "enter")  # on the map or the list, whichever has the keys
            await pilot.pause(0.1)
            moved += app.screen.focused is not before
            if not kinds:
                break
        assert moved  # the moves did send the focus across
    assert not half_done
