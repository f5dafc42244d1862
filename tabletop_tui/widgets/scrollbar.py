"""A vertical scrollbar drawn straight to strips, cell for cell what Textual's draws.

Textual's ScrollBar hands a Rich renderable to the console and then passes every line
through the styles cache; whenever the log grows or a panel is laid out again both
scrollbars of a game screen are drawn afresh that way, a tenth of a hand-off's repaint.
This one asks Textual's own bar maker (``ScrollBarRender.render_bar``) for the same
segments and keeps the strips until the bar changes.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip


class FastScrollBar(ScrollBar):
    _drawn_key: tuple | None = None
    _drawn: list[Strip] = []

    def render_lines(self, crop: Region) -> list[Strip]:
        bar = self.render()
        if not self.vertical or not isinstance(bar, ScrollBarRender):
            return super().render_lines(crop)  # pragma: no cover - only vertical bars here
        width, height = self.size
        base = self.visual_style.rich_style
        _, background = self.background_colors
        filters = tuple(self.get_line_filters())
        key = (width, height, bar.virtual_size, bar.window_size, bar.position, bar.style)
        key += (base, background, filters)
        if key != self._drawn_key:
            style = bar.style  # always a Style here: ScrollBar.render makes one
            assert not isinstance(style, str)
            segments = bar.render_bar(  # as ScrollBarRender.__rich_console__ asks for it
                size=height,
                window_size=bar.window_size,
                virtual_size=bar.virtual_size,
                position=bar.position,
                vertical=True,
                thickness=width,
                back_color=style.bgcolor or ScrollBarRender().style.bgcolor,  # type: ignore[union-attr]
                bar_color=style.color or ScrollBarRender().style.color,  # type: ignore[union-attr]
            ).segments
            strips = []
            for segment in segments[:height]:
                strip = Strip([Segment(segment.text, base + segment.style)], width)
                for line_filter in filters:
                    strip = strip.apply_filter(line_filter, background)
                strips.append(strip)
            strips += [Strip.blank(width, base)] * (height - len(strips))
            self._drawn_key, self._drawn = key, strips
        lines = self._drawn[crop.y : crop.bottom]
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            lines = [strip.crop(x1, x2) for strip in lines]
        return lines


class FastScrollbars:
    """A mixin for a scrolling widget, listed before it: its vertical bar is a
    FastScrollBar (made when first needed, as Textual makes its own)."""

    _vertical_scrollbar: Any
    scrollbar_size_vertical: Any
    app: Any

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        if self._vertical_scrollbar is None:
            bar = FastScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            )
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar


class FastVerticalScroll(FastScrollbars, VerticalScroll):
    """A VerticalScroll whose scrollbar is a FastScrollBar."""
