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
