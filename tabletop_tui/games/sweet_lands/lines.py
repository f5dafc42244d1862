"""A widget that shows a Rich renderable pre-rendered to lines (the Line API).

A Static re-renders its Rich renderable each time its region is repainted; a panel of
nested tables then costs a few milliseconds per frame. This widget renders once per
change of content or width and afterwards only hands out ready Strips.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.segment import Segment
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget


class Lines(Widget):
    DEFAULT_CSS = "Lines { height: auto; }"

    def __init__(self, **kw):
        super().__init__(**kw)
        self._renderable: RenderableType | None = None
        self._strips: list[Strip] = []
        self._width = -1

    def show(self, renderable: RenderableType | None) -> None:
        self._renderable = renderable
        self._width = -1
        old = len(self._strips)
        self._render_strips(self.size.width or self._fallback_width())
        self.refresh(layout=len(self._strips) != old)

    def text(self) -> str:
        """Plain text of every line (for tests)."""
        return "\n".join(s.text for s in self._strips)

    def _fallback_width(self) -> int:
        parent = self.parent
        while parent is not None and not getattr(parent, "size", None):
            parent = parent.parent
        return max(20, (parent.size.width - 2) if parent is not None and parent.size.width else 80)

    def _render_strips(self, width: int) -> None:
        if width == self._width:
            return
        self._width = width
        if self._renderable is None:
            self._strips = []
            return
        console = self.app.console
        options = console.options.update_width(width)
        lines = console.render_lines(self._renderable, options, pad=False)
        self._strips = [Strip(Segment.simplify(line)) for line in lines]

    def on_resize(self) -> None:
        old = len(self._strips)
        self._render_strips(self.size.width)
        if len(self._strips) != old:
            self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._render_strips(width)
        return len(self._strips)

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._strips):
            return self._strips[y].extend_cell_length(self.size.width)
        return Strip.blank(self.size.width)
