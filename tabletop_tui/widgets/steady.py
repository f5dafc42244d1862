"""A Static whose new text lays the screen out again only when its height changes,
and then only once.

``Static.update`` asks for a layout of the whole screen on every new text: every
widget is arranged again, and the scroll views (the move list, the log) then paint
their bars in a frame of their own. For a line whose box keeps its height (a fixed
height, or new text taking as many lines as the old) nothing moves, and a repaint of
the widget is all the change needs: on Sweet Lands' list arrows, whose highlighted
move rewrites the "Enter >" line above the list, that layout was most of the key.

When the height does change, the layout Textual runs gives the widget its new size and
sets its ``virtual_size`` to it; a changed ``virtual_size`` asks for a layout of its
own, so every change of height cost two layouts (and two frames of scrollbars).
``expect_outer_height`` sets that size before the first layout, which then finds it
unchanged.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def outer_height(widget: Widget, content_lines: int) -> int:
    """The height a layout gives ``widget`` (its padding and border, its min-height and
    max-height in cells applied) for ``content_lines`` lines of content."""
    styles = widget.styles
    height = content_lines + styles.gutter.height
    low, high = styles.min_height, styles.max_height
    if low is not None and low.is_cells:
        height = max(height, int(low.value))
    if high is not None and high.is_cells:
        height = min(height, int(high.value))
    return height


def expect_outer_height(widget: Widget, height: int) -> None:
    """Ask for a layout in which ``widget`` (laid out before, its width kept) is
    ``height`` lines high, telling it first the size that layout will give it (its
    ``virtual_size``; for a widget that does not scroll, its outer size), so the layout
    asks for no second one. A wrong guess costs only that second layout."""
    width = widget.outer_size.width
    if width and not widget.is_scrollable:
        widget.virtual_size = Size(width, height)  # a reactive: it asks for the layout
        box = widget.parent
        if isinstance(box, Widget) and box.is_scrollable and list(box.children) == [widget]:
            # the box it scrolls in alone (the steps' box): its scrollable size is its
            # content region's, or the widget's whole height when longer
            room = box.scrollable_content_region.size
            margin = widget.styles.margin
            box.virtual_size = Size(room.width, max(room.height, height + margin.height))
    widget.refresh(layout=True, repaint=False)


class SteadyStatic(Static):
    """A Static that asks for a layout only when its new content changes its height."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=False)  # repaints it
        if not layout:
            return
        lines = self.new_content_lines()
        if lines is None:  # never laid out (or hidden): its first layout sizes it
            # repaint=False keeps the height just measured for the layout to use
            self.refresh(layout=True, repaint=False)
        elif (height := outer_height(self, lines)) != self.outer_size.height:
            expect_outer_height(self, height)

    def new_content_lines(self) -> int | None:
        """The lines the content now shown takes at the width laid out (a fixed height's
        lines, whatever the text), or None when no layout can be reused."""
        if not self.is_mounted or not self.display or not self.size:
            return None  # never laid out (or hidden): nothing to keep
        if self.is_scrollable:
            return None  # its scrollbar follows the content's whole height
        height = self.styles.height
        if height is not None and height.is_cells:
            return self.content_region.height  # so many lines, whatever the text
        width = self.content_region.width
        return self.get_content_height(self.container_size, self.app.size, width)
