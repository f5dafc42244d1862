"""The Sweet Lands panels: a one-line tab strip drawn by the screen and a switcher that
shows one panel (the tables whose rows are chosen with a click: widgets/pick_table.py).

Textual's TabbedContent puts about a dozen widgets around the panels (a tab bar, a tab
per panel, an animated underline, a pane around each panel) that are restyled, laid out
and painted at every switch and every move. Here the strip is one line of text, the
tab on show marked by brackets and bold as well as by colour, each tab a click target,
and each panel sits straight in the switcher.
"""

from __future__ import annotations

from rich.markup import escape
from textual import events
from textual.containers import Container
from textual.message import Message
from textual.widgets import Static

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


class Panels(Container):
    """The five panels, one on show; ``active`` names it (the others are not displayed).
    It says when its size changes (the first layout, a terminal resize): a panel's
    tables and lines are wrapped to the width they were drawn for.

    Not Textual's ContentSwitcher: its ``current`` is a reactive that repaints the
    switcher itself, all of the panels' area (46 lines at 160x50, 1-5 ms of blank
    lines cut at every edge), on every tab switch; here only the panel put on show
    is drawn.

    Every panel is laid out in the screen's first layout (empty), and again, drawn,
    once the screen has filled the panels not on show after its first frame
    (``show_all_once``), under the one on show (each panel has a layer of its own, the
    one on show put on top), then hidden: a panel's first visit finds its box, its
    scrollbar, its lines' width and its drawn lines already there, as a later visit
    does. Sized on that visit instead, each of them asked for a second layout of the
    whole screen (Textual notes a widget's new size as a change of its
    ``virtual_size``, which asks for a layout). Should another panel be put on show
    before that layout, only it is shown, as before."""

    class Resized(Message):
        """The panels' size changed."""

    def __init__(self, *children, initial: str, **kw) -> None:
        super().__init__(*children, **kw)
        self.shown_id = initial  # the panel on show
        self.sizing_all = False  # every panel displayed, the first on show on top

    def on_mount(self) -> None:
        for child in self.children:
            child.display = child.id == self.shown_id
        # sized empty in the screen's first layout, so that a table filled ahead knows
        # its width and its scroll bar before the layout that sizes it filled
        self.call_later(self.show_all_once)

    def show_all_once(self) -> None:
        """Lay out and draw every panel in the next frame, the one on show on top (what
        is seen stays the same), and hide the others after it."""
        self.sizing_all = True
        shown = self.get_child_by_id(self.shown_id)
        under = [child.styles.layer for child in self.children if child is not shown]
        self.styles.layers = " ".join(layer for layer in (*under, shown.styles.layer) if layer)
        for child in self.children:
            child.display = True
        # hidden again once that layout's frame is drawn (a callback after the refresh
        # could run before the layout the children's new display asks for)
        self.screen.screen_layout_refresh_signal.subscribe(self, self.laid_out_all)

    def laid_out_all(self, _screen: object) -> None:
        self.screen.screen_layout_refresh_signal.unsubscribe(self)
        self.show_only_active()

    def show_only_active(self) -> None:
        if self.sizing_all:
            self.sizing_all = False
            for child in self.children:
                child.display = child.id == self.shown_id

    def on_resize(self, _event: events.Resize) -> None:
        self.post_message(self.Resized())

    @property
    def active(self) -> str:
        return self.shown_id

    @active.setter
    def active(self, pane: str) -> None:
        if pane == self.shown_id and not self.sizing_all:
            return
        old, self.shown_id = self.shown_id, pane
        if self.sizing_all:
            self.show_only_active()  # another panel on top: the others hidden at once
            return
        self.get_child_by_id(old).display = False
        self.get_child_by_id(pane).display = True
