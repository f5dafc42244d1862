"""The box the table scrolls in, with scrollbars that keep their drawn lines.

The table changes size at most moves (the free spots come and go with the step), so
both bars of its box change between a few looks; Textual draws a bar afresh through
the styles cache at each change, and its box's own background with it. Here the
vertical bar is the shared FastScrollBar, the horizontal one keeps the lines of its
last few looks, and the box keeps its fill while it stays the same.
"""

from __future__ import annotations

from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip

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


class BoardScroll(FastScrollbars, ScrollableContainer):
    """The table's scrolling box."""

    _kept_key: tuple | None = None
    _kept: list[Strip] = []

    def render_lines(self, crop: Region) -> list[Strip]:
        # Its own lines are the fill behind the table: the same while its size and
        # colours (the see-through background's, from the boxes around) stay.
        key = (crop, self.size, self.styles.background, self.visual_style)
        key += (self.background_colors, tuple(self.get_line_filters()))
        if key != self._kept_key:
            self._kept_key, self._kept = key, super().render_lines(crop)
        return self._kept

    @property
    def horizontal_scrollbar(self) -> ScrollBar:
        bar = self._horizontal_scrollbar
        if bar is None:  # made when first needed, hidden, as Textual makes its own
            size = self.scrollbar_size_horizontal
            bar = KeptScrollBar(vertical=False, name="horizontal", thickness=size)
            self._horizontal_scrollbar, bar.display = bar, False
            self.app._start_widget(self, bar)
        return bar
