"""The screen's boxes: they keep their own drawn lines, and the table's box has
scrollbars that keep theirs.

The table changes size at most moves (the free spots come and go with the step), so
both bars of its box change between a few looks; Textual draws a bar afresh through
the styles cache at each change, and its box's own background with it. Here the
vertical bar is the shared FastScrollBar, the horizontal one keeps the lines of its
last few looks, and every box keeps its fill while it stays the same.
"""

from __future__ import annotations

from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.geometry import Region
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip

from ...widgets.line_api import KeptFill
from ...widgets.scrollbar import FastScrollBar, FastScrollbars


class KeptScrollBar(FastScrollBar):
    """A FastScrollBar that, lying down, keeps Textual's lines for each look it had."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self._looks: dict[tuple, list[Strip]] = {}

    def render_lines(self, crop: Region) -> list[Strip]:
        if self.vertical:
            return super().render_lines(crop)
        bar = self.render()
        if not isinstance(bar, ScrollBarRender):  # pragma: no cover - a themed-out bar
            return ScrollBar.render_lines(self, crop)
        look = (crop, self.size, bar.virtual_size, bar.window_size, bar.position, bar.style)
        look += (self.visual_style, self.background_colors, tuple(self.get_line_filters()))
        lines = self._looks.get(look)
        if lines is None:
            if len(self._looks) > 16:
                self._looks.clear()
            lines = self._looks[look] = ScrollBar.render_lines(self, crop)
        return lines


class BoardScroll(KeptFill, FastScrollbars, ScrollableContainer):
    """The table's scrolling box."""

    @property
    def horizontal_scrollbar(self) -> ScrollBar:
        bar = self._horizontal_scrollbar
        if bar is None:  # made when first needed, hidden, as Textual makes its own
            size = self.scrollbar_size_horizontal
            bar = KeptScrollBar(vertical=False, name="horizontal", thickness=size)
            self._horizontal_scrollbar, bar.display = bar, False
            self.app._start_widget(self, bar)
        return bar


class KeptHorizontal(KeptFill, Horizontal):
    """A Horizontal box that keeps its fill."""


class KeptVertical(KeptFill, Vertical):
    """A Vertical box that keeps its fill."""
