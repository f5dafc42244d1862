"""Sweet Lands key-to-frame work, counted rather than timed: what a key lays out or
redraws (benchmarks/sl_keys.py --frames prints the times)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from rules.bots import make_bot, observe
from tabletop_tui.games.sweet_lands.cursor import pick_index
from tabletop_tui.games.sweet_lands.demo import mid_game
from tabletop_tui.widgets.moves import MoveList

from .test_sweet_lands_play import make_app


async def drawn_in_idle(pilot, screen) -> None:
    """Wait until the screen has drawn the hidden panels the last move changed, and
    laid out what it had to (on a loaded machine a layout can come a tick late)."""
    while screen._draw_hidden_timer is not None or screen._layout_required:
        await pilot.pause(0.01)
    await pilot.pause(0.05)


def record_calls(obj, name: str) -> list[tuple]:
    """The positional arguments of every call of ``obj.name`` from now on."""
    calls: list[tuple] = []
    real = getattr(obj, name)
    setattr(obj, name, lambda *args, **kw: (calls.append(args), real(*args, **kw))[1])
    return calls


async def test_a_move_that_keeps_the_tab_lays_nothing_out(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = mid_game(players=1, seed=7, round_=2, want="token")
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        moves = screen.query_one("#sl-actions", OptionList)
        assert screen.highlighted_move().kind == "token" and moves.option_count == 8
        tab, box = screen.query_one("#sl-tabs").active, moves.region
        # (the hidden panels drawn a little later, in idle time, have their own test)
        screen.draw_hidden_panel = lambda: None
        layouts = record_calls(screen, "_refresh_layout")
        await pilot.press("enter")  # the token: the list now offers where to put it
        await pilot.pause()
        assert c.view()["pending"]["op"] == "place" and moves.option_count == len(c.legal())
        assert (screen.query_one("#sl-tabs").active, moves.region) == (tab, box)
        assert layouts == []
        # the highlight is the one the screen picks, not the list's first line
        shown = screen._shown_moves
        assert moves.highlighted == pick_index(("x", "token"), shown, screen._explained)
        assert screen.highlighted_move() is shown[moves.highlighted]


class OneList(App):
    CSS = "MoveList { height: 5; }"

    def compose(self):
        yield MoveList()


async def test_the_move_list_highlights_the_move_it_is_given_and_the_first_by_default():
    app = OneList()
    async with app.run_test() as pilot:
        moves = app.query_one(MoveList)
        moves.set_moves([Option(f"move {i}", id=str(i)) for i in range(4)], highlight=2)
        await pilot.pause()
        assert moves.highlighted == 2
        moves.set_moves([Option(f"other {i}", id=f"o{i}") for i in range(3)])
        await pilot.pause()
        assert moves.highlighted == 0


def test_the_industry_and_food_tracks_drawn_side_by_side_from_kept_sides_match_the_grid(
    monkeypatch,
):
    from rich.console import Console
    from rich.measure import Measurement

    from tabletop_tui.games.sweet_lands.lines import Beside
    from tabletop_tui.games.sweet_lands.tracks import tracks_renderable

    console = Console(width=200, color_system="truecolor")
    c = mid_game(players=2, seed=7, round_=2, want="area")
    view = c.view()
    compared = 0
    measured: list = []
    real = Measurement.get

    def counting(con, opts, renderable):
        measured.append(renderable)
        return real(con, opts, renderable)

    for seat in range(2):
        for width in (81, 120):  # 81: the panel at 120x40, where Rich narrows the food side
            sides = [p for p in tracks_renderable(view, seat, width).renderables]
            side = next(p for p in sides if isinstance(p, Beside))
            options = console.options.update_width(width)
            kept: dict = {}
            made = side.from_columns(console, options, {}, kept)
            assert sum(1 for key in kept if key[:1].isdigit()) == 2  # each side drawn apart
            assert console.render_lines(made, options) == console.render_lines(side, options)
            measured.clear()
            monkeypatch.setattr(Measurement, "get", counting)
            again = side.from_columns(console, options, kept, {})  # from the kept sides
            monkeypatch.setattr(Measurement, "get", real)
            assert side.left not in measured and side.right not in measured
            assert console.render_lines(again, options) == console.render_lines(side, options)
            compared += 1
    assert compared == 4


async def map_step_in_focus(app, pilot):
    """A solo game on a step that asks for a hex, the map in focus; its HexMap."""
    from tabletop_tui.games.sweet_lands.hexmap import HexMap

    app.open_game(mid_game(players=1, seed=7, round_=2, want="hex"))
    await pilot.pause()
    hm = app.screen.query_one(HexMap)
    hm.focus()
    await pilot.pause()
    return hm


async def test_a_map_cursor_step_repaints_only_the_lines_it_changed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        hm = await map_step_in_focus(app, pilot)
        before = [hm.render_line(y).text for y in range(hm.size.height)]
        calls = record_calls(hm, "refresh")
        await pilot.press("right_square_bracket")
        await pilot.pause()
        lines = [region.y for regions in calls for region in regions]
        assert calls and all(calls) and 0 < len(lines) < hm.size.height // 2
        # the lines on screen are the map's lines: none was left as it was drawn before
        shown = [s.text for s in hm.render_lines(hm.size.region)]
        assert shown == [hm.render_line(y).text for y in range(hm.size.height)] != before


async def test_a_map_cursor_step_draws_only_the_rows_it_changed_again(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        hm = await map_step_in_focus(app, pilot)
        before = list(hm._strips)
        await pilot.press("right_square_bracket")
        await pilot.pause()
        after = hm._strips
        kept = [y for y, strip in enumerate(after) if strip is before[y]]
        changed = [y for y, strip in enumerate(after) if strip != before[y]]
        # every row the cursor left alone is the Strip it was (not drawn again)
        assert changed and len(kept) + len(changed) == len(after)


async def test_a_panel_repaints_only_the_lines_of_its_parts_that_changed(tmp_path):
    from rich.console import Group
    from rich.text import Text

    from tabletop_tui.games.sweet_lands.lines import Lines

    class OnePanel(App):
        def compose(self):
            yield Lines()

    app = OnePanel()
    async with app.run_test(size=(40, 10)) as pilot:
        panel = app.query_one(Lines)
        panel.show(Group(*(Text(f"line {i}") for i in range(6))))
        await pilot.pause()
        calls = record_calls(panel, "refresh")
        panel.show(Group(*(Text(f"line {i}" if i != 3 else "changed") for i in range(6))))
        await pilot.pause()
        assert [[(r.y, r.height) for r in regions] for regions in calls] == [[(3, 1)]]
        assert [s.text.rstrip() for s in panel.render_lines(panel.size.region)][2:5] == [
            "line 2",
            "changed",
            "line 4",
        ]


async def test_the_first_frame_after_a_hand_off_shows_the_next_players_moves(tmp_path):
    """The frame written first after a hand-off's Enter has the move list laid out and
    on view (the old code wrote that frame before the list had a height: the moves came
    a frame later, and sl_keys.py timed the incomplete frame)."""
    from tabletop_tui.widgets.common import HandoffScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(players=2, seed=7, round_=2, want="end"))
        await pilot.pause()
        await pilot.press("e")  # the turn ends: the other seat's hand-off
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        first: list[tuple] = []
        write = app._display  # every frame the app writes goes through it

        def display(screen, renderable):
            if renderable is not None and not first:
                shown = app.screen
                moves = shown.query_one("#sl-actions", OptionList)
                on_view = moves in shown._compositor.visible_widgets
                first.append((moves.option_count, on_view, moves.region.height))
            return write(screen, renderable)

        app._display = display
        await pilot.press("enter")
        await pilot.pause()
        count, on_view, height = first[0]
        assert count and on_view and height


async def test_the_hand_off_plans_the_repaint_of_the_public_view_before_enter(tmp_path):
    """Which widget draws which piece of the screen is worked out while the hand-off is
    up, once the public view is laid out: the full repaint after Enter follows that plan
    (tests/ui/test_paint.py checks its bytes) and asks no box hidden behind widgets."""
    from tabletop_tui.widgets.common import HandoffScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(players=2, seed=7, round_=2, want="end"))
        await pilot.pause()
        screen = app.screen
        await pilot.press("e")  # the turn ends: the other seat's hand-off
        await pilot.pause(0.1)
        assert isinstance(app.screen, HandoffScreen)
        plan = screen._compositor._plan
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.controller.viewer is not None
        assert screen._compositor._plan is plan
        asked = {step[0] for step in plan.steps}
        assert screen.query_one("#sl-actions") in asked and screen not in asked


async def test_a_move_list_growing_past_its_box_or_shrinking_into_it_asks_for_no_layout(tmp_path):
    """The move list's scrollbar is always there: a list that comes to need it (or no
    longer does) has nothing to place, so the list asks for no layout (it did on one
    move in three)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = mid_game(players=1, seed=7, round_=2, want="area")
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        moves = screen.query_one("#sl-actions", OptionList)
        bot = make_bot("sweet-lands", "normal", 7)
        crossings = 0
        for _ in range(40):
            if c.state.is_over or c.next_step() != "human":
                break
            action = bot.decide(observe(c.state, c.viewer))
            ids = [moves.get_option_at_index(i).id for i in range(moves.option_count)]
            tab, before = screen.query_one("#sl-tabs").active, moves.option_count
            moves.focus()
            moves.highlighted = ids.index(action.key)
            layouts: list[bool] = []
            real = moves.refresh
            moves.refresh = lambda *r, real=real, layouts=layouts, **kw: (  # type: ignore[method-assign]
                layouts.append(kw.get("layout", False) and not moves._quiet),
                real(*r, **kw),
            )[1]
            await pilot.press(*(["enter"] * (2 if action.kind == "pass" else 1)))
            await pilot.pause()
            height = moves.scrollable_content_region.height
            crossed = (before > height) != (moves.option_count > height)
            if crossed and screen.query_one("#sl-tabs").active == tab:
                crossings += 1
                assert not any(layouts), action.key  # the list asked for no layout
            del moves.refresh
        assert crossings >= 2


async def test_a_panel_changed_by_a_move_is_drawn_before_its_tab_is_opened(tmp_path):
    """After a move, the hidden panels it changed are drawn while the player looks:
    opening one then draws nothing (it drew the panel's tables at the switch)."""
    from tabletop_tui.games.sweet_lands.lines import Lines

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = mid_game(players=1, seed=7, round_=2, want="area")
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        for key in ("t", "p", "m"):  # each panel laid out once, as a player would look
            await pilot.press(key)
        players = screen.query_one("#sl-players", Lines)
        drawn: list[int] = []
        real = Lines._render_strips

        def render_strips(lines: Lines, width: int) -> None:
            if width != lines._width:
                drawn.append(width)
            real(lines, width)

        for _ in range(12):  # moves until one changes the players panel
            before, made = players.text(), len(c.state.action_keys())
            await pilot.press("l", "enter")  # the highlighted move in the move list
            await drawn_in_idle(pilot, screen)
            assert len(c.state.action_keys()) > made
            drawn.clear()
            Lines._render_strips = render_strips  # type: ignore[method-assign]
            try:
                await pilot.press("p")
            finally:
                Lines._render_strips = real  # type: ignore[method-assign]
            assert screen.query_one("#sl-tabs").active == "tab-players"
            if players.text() != before:
                break
            await pilot.press("m")
        assert players.text() != before
        assert drawn == []


async def test_opening_the_map_panel_lays_the_screen_out_once(tmp_path):
    """Hidden, the map keeps drawing for the size it had on view: shown again it needs
    no second drawing at its own scale and no second layout pass."""
    from tabletop_tui.games.sweet_lands.hexmap import HexMap

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = mid_game(players=2, seed=7, round_=2, want="area")
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        scale = screen.query_one(HexMap).scale
        assert scale == "large"  # the room of 120x40
        for key in ("t", "n", "b"):  # another player's map drawn while it is hidden
            await pilot.press(key)
        await drawn_in_idle(pilot, screen)
        layouts = record_calls(screen, "_refresh_layout")
        await pilot.press("m")
        await pilot.pause()
        assert screen.query_one(HexMap).scale == scale
        assert len(layouts) == 1


async def test_the_focus_moving_between_moves_and_map_matches_the_stylesheet_once_a_look(
    tmp_path,
):
    from tabletop_tui.games.sweet_lands.hexmap import HexMap

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        hm = await map_step_in_focus(app, pilot)
        moves = app.screen.query_one(MoveList)
        for widget in (moves, hm, moves, hm):  # each of the four looks, once
            widget.focus()
            await pilot.pause()
        restyled: list = []
        real = app.update_styles
        app.update_styles = lambda node, animate=True: (
            restyled.append(type(node).__name__) or real(node, animate)
        )
        tints = []
        for widget in (moves, hm, moves, hm):
            widget.focus()
            await pilot.pause()
            tints.append(hm.styles.background_tint)
        assert restyled == []  # the looks seen before are set again, not matched afresh
        assert isinstance(app.focused, HexMap) and tints[0] == tints[2] != tints[1] == tints[3]


async def test_the_tab_strip_draws_each_tab_once_and_keeps_its_lines(tmp_path, monkeypatch):
    from textual.widget import Widget

    from tabletop_tui.games.sweet_lands.tabstrip import TabStrip

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await map_step_in_focus(app, pilot)
        strip = app.screen.query_one(TabStrip)
        for key in "tmtm":  # each look drawn once
            await pilot.press(key)
            await pilot.pause()
        drawn: list = []
        real = Widget.render_lines
        monkeypatch.setattr(
            Widget,
            "render_lines",
            lambda self, crop: (drawn.append(self) if self is strip else None, real(self, crop))[1],
        )
        for key in "tmtm":
            await pilot.press(key)
            await pilot.pause()
        assert drawn == []
        assert "[Tracks]" not in strip.render_line(0).text and "[Map]" in strip.render_line(0).text
