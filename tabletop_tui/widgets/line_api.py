"""What the widgets drawn line by line (Textual's Line API) share."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip


class FrameStyle:
    """Works out a widget's base style once a frame instead of once a line.

    ``rich_style`` walks every ancestor's styles; asked by each line of a card grid or
    the log it was a sixth of a hand-off's repaint. A mixin, listed before the widget
    class: Textual takes a widget's default CSS from its first widget base only."""

    _frame_style: Style | None = None
    rich_style: Any  # the widget's

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._frame_style = None

    @property
    def line_style(self) -> Style:
        """The base style for ``render_line``: this frame's, or worked out now."""
        return self._frame_style or self.rich_style


class KeptBackground:
    """A mixin for a Screen, listed before it: its own lines (the plain fill behind its
    widgets) are kept while they stay the same. Showing a screen again repaints all of
    it, and drawing the fill afresh each time was a tenth of a hand-off's repaint."""

    _background_key: tuple | None = None
    _background: list[Strip] = []
    styles: Any
    size: Any
    visual_style: Any
    background_colors: Any
    get_line_filters: Any

    def render_lines(self, crop: Region) -> list[Strip]:
        background = self.styles.background
        if background.a < 1:  # see-through: drawn from what lies beneath, each time
            return super().render_lines(crop)  # type: ignore[misc]
        key = (crop, self.size, background, self.visual_style, self.background_colors)
        key += (tuple(self.get_line_filters()),)
        if key != self._background_key:
            self._background_key = key
            self._background = super().render_lines(crop)  # type: ignore[misc]
        return self._background
