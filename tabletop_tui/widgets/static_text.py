"""Giving a Static new text without a layout pass when its size stays.

Static.update lays out the whole screen by default: every widget is measured and
placed again, and whatever moved is repainted. Text that still fills the lines it
had needs none of that."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Static


def size_may_change(widget: Static) -> bool:
    """Whether the widget, holding its new text, may need another size."""
    styles = widget.styles
    if styles.width is not None and styles.width.is_auto:
        return True  # its width follows the text (no width: it fills its container)
    if styles.height is not None and not styles.height.is_auto:
        return False  # a fixed height (rows or a share of its container)
    width, height = widget.content_region.size
    if not width or not widget.display:
        return True  # never laid out, or hidden: the next layout measures it
    lines = widget._render().get_height(styles, width)
    least = styles.min_height
    if least is not None and least.is_cells:  # a box kept taller than its text
        lines = max(lines, int(least.value) - styles.gutter.height)
    return lines != height


def set_text(widget: Static, text: str) -> None:
    """Show ``text`` (markup) in ``widget``, laying the screen out only if needed."""
    widget.update(text, layout=False)
    if size_may_change(widget):
        widget.refresh(layout=True)


class KeptLines:
    """A mixin for a Static, listed before it, whose few texts come back again and again
    (the key bar, the hand-off box): the drawn lines of the last texts are kept, by
    text, size and style, so showing one again draws nothing."""

    KEPT = 16  # texts whose lines are kept
    size: Any
    rich_style: Any
    styles: Any
    background_colors: Any
    get_line_filters: Any
    content: Any

    def look(self) -> Hashable:
        """What decides the text drawn (a Static's content, when it is a string)."""
        return self.content

    def render_lines(self, crop: Region) -> list[Strip]:
        key = (crop, self.size, self.look(), self.rich_style, self.styles.border)
        key += (self.background_colors, tuple(self.get_line_filters()))
        kept: dict = self.__dict__.setdefault("_kept_lines", {})
        lines = kept.get(key)
        if lines is None:
            lines = kept[key] = super().render_lines(crop)  # type: ignore[misc]
            if len(kept) > self.KEPT:
                del kept[next(iter(kept))]
        return lines
