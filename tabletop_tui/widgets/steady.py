"""A Static whose new text lays the screen out again only when its height changes.

``Static.update`` asks for a layout of the whole screen on every new text: every
widget is arranged again, and the scroll views (the move list, the log) then paint
their bars in a frame of their own. For a line whose box keeps its height (a fixed
height, or new text taking as many lines as the old) nothing moves, and a repaint of
the widget is all the change needs: on Sweet Lands' list arrows, whose highlighted
move rewrites the "Enter >" line above the list, that layout was most of the key.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


class SteadyStatic(Static):
    """A Static that asks for a layout only when its new content changes its height."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=False)  # repaints it
        if layout and not self.keeps_height():
            # repaint=False keeps the height just measured for the layout to use
            self.refresh(layout=True, repaint=False)

    def keeps_height(self) -> bool:
        """Whether the content now shown fits the box laid out for the content before
        (the same number of lines at the same width, or a box of fixed height)."""
        if not self.is_mounted or not self.display or not self.size:
            return False  # never laid out (or hidden): nothing to keep
        if self.is_scrollable:
            return False  # its scrollbar follows the content's whole height
        height = self.styles.height
        if height is not None and height.is_cells:
            return True  # so many lines, whatever the text
        width = self.content_region.width
        lines = self.get_content_height(self.container_size, self.app.size, width)
        return lines == self.content_region.height
