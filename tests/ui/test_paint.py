"""The sparse partial repaint (tabletop_tui/paint.py) writes what Textual's would.

Real screens of every game are driven through Pilot: moves, view keys and tab
switches, hand-offs, resizes. Every update the game screen's compositor makes is
applied to a grid of cells the way a terminal would apply it, and each partial update
is also compared, byte for byte, with the one Textual's own compositor makes from the
same changed regions. After each key the grid must equal a full render of the screen.
Each full update (a hand-off, a resize) is compared with Textual's the same way.
A compositor that leaves out a widget in front of a changed region (a toast here) is
caught by the same check.
"""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import OptionList

from rules import get_game
from rules.bots import make_bot
from tabletop_tui import paint
from tabletop_tui.controller import Controller
from tabletop_tui.games import base
from tabletop_tui.games.happiness.screen import Board
from tabletop_tui.paint import FullPlan, SparseCompositor
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app

Cell = tuple[str, Style | None]

# (game, options, the view keys pressed in turn before moves)
GAMES = {
    "happy-city": ("happy-city", {"mode": "family"}, ["n"]),
    "expert": ("happy-city", {"mode": "expert"}, ["n"]),
    "happiest-town": ("happiest-town", {}, ["n"]),
    "happiness": ("happiness", {}, ["2", "1"]),
    "sweet-lands": ("sweet-lands", {}, ["t", "b", "h", "p", "m"]),
}


def cells(strip: Strip) -> list[Cell]:
    """A strip as the cells a terminal shows (a wide character, then an empty cell)."""
    out: list[Cell] = []
    for text, style, control in strip:
        if control:
            continue
        for char in text:
            out.append((char, style))
            if cell_len(char) == 2:
                out.append(("", style))
    return out


class PaintCheck:
    """Applies a screen's every repaint to a grid of cells and checks its partial
    updates against Textual's own compositor, from the same changed regions."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.compositor = screen._compositor
        self.grid: list[list[Cell]] | None = None
        self.console = Console(file=io.StringIO(), color_system="truecolor", force_terminal=True)
        self.partials = self.sparser = self.checks = self.asked = 0
        self.byte_diffs: list[int] = []
        self.fulls = 0
        self.full_diffs: list[int] = []
        self.unplanned = 0  # partial repaints that looked at every widget (no plan)
        self.cell_diffs: list[str] = []
        own_partial = self.compositor.render_partial_update
        own_full = self.compositor.render_full_update

        def partial() -> ChopsUpdate | None:
            self.count_asks()
            dirty = set(self.compositor._dirty_regions)
            self.asked = 0
            update = own_partial()
            if update is not None:
                self.compare_with_textual(update, dirty)
                self.apply(update)
            return update

        def full(simplify: bool = False) -> LayoutUpdate:
            update = own_full(simplify)
            self.fulls += 1  # and Textual's own, from the same screen, byte for byte
            stock = Compositor.render_full_update(self.compositor, simplify)
            if update.render_segments(self.console) != stock.render_segments(self.console):
                self.full_diffs.append(self.fulls)
            self.grid = [cells(Strip.join(list(row))) for row in update.strips]
            return update

        self.compositor.render_partial_update = partial
        self.compositor.render_full_update = full
        own_chops = self.compositor._render_dirty_chops

        def unplanned(regions):
            self.unplanned += 1
            return own_chops(regions)

        self.compositor._render_dirty_chops = unplanned

    def count_asks(self) -> None:
        """Count the widgets each compositor asks for lines (``self.asked``)."""
        for widget in self.compositor.visible_widgets:
            if "render_lines" not in widget.__dict__:
                lines = widget.render_lines

                def counted(crop: Region, lines=lines) -> list[Strip]:
                    self.asked += 1
                    return lines(crop)

                widget.render_lines = counted

    def compare_with_textual(self, update: ChopsUpdate, dirty: set[Region]) -> None:
        asked, self.asked = self.asked, 0
        self.compositor._dirty_regions.update(dirty)
        stock = Compositor.render_partial_update(self.compositor)
        assert stock is not None
        self.partials += 1
        if update.render_segments(self.console) != stock.render_segments(self.console):
            self.byte_diffs.append(self.partials)
        self.sparser += asked < self.asked  # Textual's asked more widgets

    def apply(self, update: ChopsUpdate) -> None:
        """What ``ChopsUpdate.render_segments`` writes, written to the grid."""
        if self.grid is None:
            return  # nothing on screen yet to update (the first frame is a full one)
        for y, x1, x2 in update.spans:
            ends = update.chop_ends[y]
            for end, (x, strip) in zip(ends, update.chops[y].items(), strict=False):
                if strip is None or x > x2 or end <= x1:
                    continue
                if not (x2 > x >= x1 and end <= x2):
                    strip = strip.crop(0, min(end, x2) - x)
                new = cells(strip)
                self.grid[y][x : x + len(new)] = new

    async def check(self, pilot, what: str) -> None:
        """After a key: once the screen has painted, the grid equals a full render."""
        for _ in range(5):
            await pilot.pause()
            if not (self.compositor._dirty_regions or self.screen._dirty_widgets):
                break
        if pilot.app.screen is not self.screen or self.grid is None:
            return
        self.checks += 1
        full = [cells(strip) for strip in self.compositor.render_strips()]
        wrong = [y for y, row in enumerate(full) if row != self.grid[y]]
        if wrong:
            self.cell_diffs.append(f"after {what}: rows {wrong}")


def move_list(screen) -> OptionList | None:
    """The move list on view (Sweet Lands has one per pane that needs one)."""
    shown = [ol for ol in screen.query(OptionList) if ol.display and ol.region]
    return shown[0] if shown else None


async def make_move(pilot, screen, chooser) -> str:
    """The chooser's move, by Enter on the move list or on the board's spot; a move
    that needs a key sequence this test does not model goes straight to the screen."""
    c = screen.controller
    action = chooser.choose(c.state, c.viewer)
    ol = move_list(screen)
    ids = [o.id for o in ol._options] if ol is not None else []
    if action.key in ids:
        ol.focus()
        ol.highlighted = ids.index(action.key)
        await pilot.press("enter")
        return "move (list)"
    if action.kind == "place":  # Happiness: the card's digit, then Enter on its spot
        word, x, y = action.args
        hand = [card["word"] for card in c.view()["hand"]]
        await pilot.press(str(hand.index(word) + 1))
        board = screen.query_one(Board)
        board.focus()
        board.cursor = (x, y)
        await pilot.press("enter")
        return "move (board)"
    screen._apply(action)
    return "move (direct)"


async def drive(pilot, game: str, keys: int, on_screen=None) -> PaintCheck:
    """A 2-human hot-seat game: view keys, moves, hand-offs and two resizes, checked
    after each key; ``on_screen`` may swap the game screen's compositor first."""
    app = pilot.app
    spec_id, options, view_keys = GAMES[game]
    spec = get_game(spec_id)
    state = spec.new_game(["Ann", "Bob"], seed=5, options=options)
    controller = Controller(spec, state, [{"kind": "human"}] * 2)
    app.open_game(controller)
    screen = app.screen
    if on_screen is not None:
        on_screen(screen)
    check = PaintCheck(screen)
    chooser = make_bot(spec_id, "smart", 3)
    await check.check(pilot, "opening")
    pressed = turns = 0
    while pressed < keys and not controller.state.is_over:
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            what = "hand-off"
        elif app.screen is not screen or controller.next_step() != "human":
            await pilot.pause(0.01)
            continue
        elif pressed in (keys // 3, keys // 3 + 1):
            await pilot.resize_terminal(*((80, 24) if pressed == keys // 3 else (120, 40)))
            what = "resize"
        elif turns % 2 == 0:
            key = view_keys[(turns // 2) % len(view_keys)]
            await pilot.press(key)
            what = f"view key {key}"
            turns += 1
        else:
            what = await make_move(pilot, screen, chooser)
            turns += 1
        pressed += 1
        await check.check(pilot, what)
    return check


@pytest.mark.parametrize("game", list(GAMES))
async def test_each_game_paints_the_same_as_textual(tmp_path, game):
    app = make_app(tmp_path, silence_scale=0.01)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        check = await drive(pilot, game, keys=26)
    assert isinstance(check.compositor, SparseCompositor)
    assert check.checks >= 18 and check.partials >= 15, (check.checks, check.partials)
    assert check.byte_diffs == [], f"partial updates {check.byte_diffs} differ from Textual's"
    assert check.fulls >= 4 and check.full_diffs == [], (check.fulls, check.full_diffs)
    assert check.cell_diffs == []
    # the point of it: some repaints ask fewer widgets (or rows) than Textual's would,
    # each following the plan of who draws which piece
    assert check.sparser > 0
    assert check.unplanned == 0


class OnlyRefreshedWidgets(SparseCompositor):
    """A wrong override, for the test below: it asks only the widgets that asked to
    be repainted, so a widget in front of them (a toast) is painted over."""

    _refreshed: set = set()

    def update_widgets(self, widgets) -> None:
        self._refreshed = set(widgets)
        super().update_widgets(widgets)

    def plan_full_update(self) -> FullPlan:  # who draws which piece, from them alone
        shown = self.visible_widgets
        return FullPlan({w: at for w, at in shown.items() if w in self._refreshed}, self.cuts)

    def _render_dirty_chops(self, regions):
        assert self.cuts  # the widgets' edges, worked out from every widget on view
        shown = self.visible_widgets
        self._visible_widgets = {w: at for w, at in shown.items() if w in self._refreshed}
        try:
            return super()._render_dirty_chops(regions)
        finally:
            self._visible_widgets = shown


async def toasted_game(tmp_path, on_screen=None) -> PaintCheck:
    app = make_app(tmp_path, silence_scale=0.01)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()

        def swap_and_toast(screen) -> None:
            if on_screen is not None:
                on_screen(screen)
            app.notify("A toast over the table " * 3, timeout=60)

        return await drive(pilot, "happy-city", keys=12, on_screen=swap_and_toast)


async def test_a_toast_over_repainted_widgets_stays_in_front(tmp_path):
    check = await toasted_game(tmp_path)
    assert check.checks >= 10
    assert check.byte_diffs == [] and check.cell_diffs == []


async def test_the_check_catches_a_repaint_that_skips_a_widget_in_front(tmp_path):
    def wrong(screen) -> None:
        screen._compositor = OnlyRefreshedWidgets()

    check = await toasted_game(tmp_path, on_screen=wrong)
    assert check.cell_diffs, "the toast was painted over, and the check must say so"
    assert check.byte_diffs


def test_other_textual_versions_get_textuals_own_compositor(monkeypatch):
    assert type(paint.compositor()) is SparseCompositor
    monkeypatch.setattr(paint, "TEXTUAL_VERSION", "8.3.0")
    assert type(paint.compositor()) is Compositor


def test_game_screens_install_it():
    assert base.compositor is paint.compositor


async def test_a_focus_move_or_a_new_title_repaints_no_whole_screen(tmp_path):
    """Textual repaints a whole screen for either; a game screen repaints the widgets
    a focus move restyles and the header, and the terminal still shows it all."""
    app = make_app(tmp_path, silence_scale=0.01)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        spec = get_game("sweet-lands")
        state = spec.new_game(["Ann", "Bob"], seed=5, options={})
        app.open_game(Controller(spec, state, [{"kind": "human"}] * 2))
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.screen
        check = PaintCheck(screen)
        check.grid = [cells(strip) for strip in screen._compositor.render_strips()]
        next(w for w in screen.query("*") if w.focusable and not w.has_focus).focus()
        await check.check(pilot, "focus")
        screen.title = "Sweet Lands - a new title"
        await check.check(pilot, "title")
        assert check.fulls == 0 and check.partials >= 2
        assert check.cell_diffs == [] and check.byte_diffs == []
        assert "a new title" in "".join(char for char, _style in check.grid[0])
