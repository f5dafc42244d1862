"""The Sweet Lands panels: a one-line tab strip drawn by the screen, a switcher that
shows one panel, and the tables whose rows are chosen with a click.

Textual's TabbedContent puts about a dozen widgets around the panels (a tab bar, a tab
per panel, an animated underline, a pane around each panel) that are restyled, laid out
and painted at every switch and every move. Here the strip is one line of text, the
tab on show marked by brackets and bold as well as by colour, each tab a click target,
and each panel sits straight in the switcher.
"""

from __future__ import annotations

from rich.markup import escape
from textual import events
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import ContentSwitcher, DataTable, Static

from ...widgets.sizes import MIN_WIDTH

# key -> (pane id, label); the key letter is underlined in the label
TAB_LABELS = {
    "m": ("tab-map", "Map"),
    "t": ("tab-tracks", "Tracks"),
    "b": ("tab-board", "Board"),
    "h": ("tab-hand", "Hand"),
    "p": ("tab-players", "Players"),
}


def strip_markup(active: str, tight: bool = False) -> str:
    """The strip's text: every tab a link to its key's action, the active one bold in
    brackets (so it does not depend on colour). ``tight``: one space between tabs, as
    under 80 columns (a phone), where the spaced strip took two lines of 40."""
    parts = []
    for key, (pane, label) in TAB_LABELS.items():
        shown = f"[u]{escape(label[0])}[/u]{escape(label[1:])}"
        if pane == active:
            parts.append(f"[@click=screen.tab('{key}')][b $accent]\\[{shown}][/][/]")
        elif tight:
            parts.append(f"[@click=screen.tab('{key}')]{shown}[/]")
        else:
            parts.append(f"[@click=screen.tab('{key}')] {shown} [/]")
    return " ".join(parts)


class TabStrip(Static):
    """The tab strip: one line, every tab a click target, the one on show marked."""

    DEFAULT_CSS = "TabStrip { height: 1; width: 1fr; padding: 0 1; text-wrap: nowrap; }"

    shown: str | None = None  # the text on show (redrawn only when it changes)
    active = ""  # the tab on show

    def show(self, active: str) -> None:
        self.active = active
        text = strip_markup(active, tight=self.app.size.width < MIN_WIDTH)
        if self.shown != text:
            self.shown = text
            self.update(text)

    def on_resize(self) -> None:
        if self.active:
            self.show(self.active)  # spaced or tight for the new width


class Panels(ContentSwitcher):
    """The switcher of the five panels; ``active`` names the one on show. It says when
    its size changes (the first layout, a terminal resize): a panel's tables and lines
    are wrapped to the width they were drawn for."""

    class Resized(Message):
        """The panels' size changed."""

    def on_resize(self, _event: events.Resize) -> None:
        self.post_message(self.Resized())

    @property
    def active(self) -> str:
        return self.current or ""

    @active.setter
    def active(self, pane: str) -> None:
        self.current = pane


class PickTable(DataTable):
    """A DataTable where one click on a row chooses it (Enter works too)."""

    # Only the focused widget shows a cursor: a highlighted row elsewhere read as the
    # move Enter would make.
    DEFAULT_CSS = """
    PickTable > .datatable--cursor { background: transparent; color: $foreground;
                                     text-style: none; }
    PickTable:focus > .datatable--cursor { background: $block-cursor-background;
        color: $block-cursor-foreground; text-style: $block-cursor-text-style; }
    """

    def __init__(self, **kw):
        super().__init__(cursor_type="row", zebra_stripes=True, **kw)
        self._before = None
        self.header_stale = False

    def refilled(self) -> None:
        """Its rows were put in afresh. The table measures them on its next idle, and
        a header it drew before that (under load, after a terminal resize) keeps the
        old column widths: draw the rows again once they are measured."""
        self.header_stale = True

    def on_idle(self) -> None:
        # runs before DataTable's own idle handler measures the rows: the redraw
        # goes in after it
        if self.header_stale:
            self.header_stale = False
            self.call_next(self.redraw)

    def redraw(self) -> None:
        """Draw every row again at the measured widths (update_cell renews what the
        table keeps drawn, whatever the cell)."""
        if self.row_count and self.columns:
            cell = self.coordinate_to_cell_key(Coordinate(0, 0))
            self.update_cell(cell.row_key, cell.column_key, self.get_cell(*cell))

    def on_mouse_down(self) -> None:
        self._before = self.cursor_coordinate

    def on_click(self, event) -> None:
        meta = event.style.meta
        if "row" not in meta or meta["row"] < 0 or "column" not in meta:
            return
        if self.cursor_coordinate == self._before and self.cursor_row != meta["row"]:
            # we run before the built-in handler: put the cursor there, so it chooses
            self.move_cursor(row=meta["row"], column=meta["column"], animate=False)
        elif self.cursor_coordinate != self._before:
            # the built-in handler ran first and only moved the cursor: choose now
            self.action_select_cursor()
        self._before = None
