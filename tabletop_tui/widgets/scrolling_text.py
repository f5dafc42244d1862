"""Text (Textual markup) in a box of its own height that scrolls when the text is longer.

A Static in a scroll box (Sweet Lands' "Enter >" line and this turn's steps) changed
height with its text: each line more or less laid the whole screen out, and after the
layout Textual's scroll views drew their bars in a frame of their own. Nearly every move
lengthens the steps. This view wraps the text itself and tells the new length to itself
and its bar, as the log does (``LogView.set_length``): a new text is a repaint. Where its
height follows its length (height auto: the narrow layout), the layout follows it.
"""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, visualize


class ScrollingText(ScrollView):
    DEFAULT_CSS = "ScrollingText { overflow-x: hidden; }"

    def __init__(self, text: str = "", gap: int = 0, **kw):
        super().__init__(**kw)
        self.text = text
        # blank cells between the text and the bar (Textual puts the bar inside the
        # padding: a Static's right padding in a scroll box was left of the box's bar)
        self.gap = gap
        self.lines: list[Strip] = []  # the text wrapped at width ``wrapped_at``
        self.wrapped_at = 0
        self.wrapped_for = Size(0, 0)  # the room it was wrapped for (``room``)

    def update(self, text: str) -> None:
        """Show ``text``; nothing is drawn again when it is the text on show."""
        if text == self.text and self.wrapped_for == self.room():
            return
        self.text = text
        self.wrap()

    def plain(self) -> str:
        """The text without its markup, as shown (for tests)."""
        return Content.from_markup(self.text).plain

    def room(self) -> Size:
        """The width the text wraps to, and the lines the box shows; where its height
        follows the text's length, the width without a bar and no lines."""
        if self.follows_length():
            return Size(max(0, self.content_region.width - self.gap), 0)
        region = self.scrollable_content_region  # (its bar always there)
        return Size(max(0, region.width - self.gap), region.height)

    def wrap(self) -> None:
        room = self.wrapped_for = self.room()
        width = room.width
        if width <= 0:
            self.lines, self.wrapped_at = [], 0  # not laid out yet: its first resize wraps it
            self.virtual_size = Size(0, 0)  # (the layout sizes it)
            return
        visual = visualize(self, self.text)
        lines = Visual.to_strips(self, visual, width, None, self.visual_style)
        if len(lines) < room.height:  # the box filled, as a Static as high as it drew it
            lines = Visual.to_strips(self, visual, width, room.height, self.visual_style)
        if self.follows_length() and len(lines) > self.most_lines():
            # longer than its most: the bar comes, and the text wraps beside it
            width = max(1, width - self.styles.scrollbar_size_vertical)
            lines = Visual.to_strips(self, visual, width, None, self.visual_style)
        self.lines, self.wrapped_at = lines, width
        self.set_length(len(self.lines))
        self.refresh()

    def set_length(self, length: int) -> None:
        """Its scrollable length, told to it and its bar without a layout of the screen
        while its height does not follow its length (a layout only repeated the size
        and drew the bars again); the scroll kept within the new length."""
        size = Size(self.wrapped_at, length)
        if self.follows_length() or not self.show_vertical_scrollbar:
            self.virtual_size = size  # a reactive: the layout follows it
            return
        self.set_reactive(ScrollingText.virtual_size, size)
        self.vertical_scrollbar.window_virtual_size = length  # (repaints it when new)
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    def follows_length(self) -> bool:
        """True where its height follows its length (height auto)."""
        height = self.styles.height
        return height is None or height.is_auto

    def most_lines(self) -> float:
        """The lines its max-height leaves the text (any number without one)."""
        high = self.styles.max_height
        if high is None or not high.is_cells:
            return float("inf")
        return int(high.value) - self.styles.gutter.height

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.wrapped_at
        if index < len(self.lines):
            line = self.lines[index]
        else:
            line = Strip.blank(width, self.visual_style.rich_style)
        if not self.gap:
            return line
        # cut as a Static's line in its padding is (the padding a segment of its own)
        base, background = self.background_colors
        inner = Style(background=base + background).rich_style
        gap = Segment(" " * self.gap, inner)
        return Strip([*line.adjust_cell_length(width, inner), gap], width + self.gap)

    def render_lines(self, crop: Region) -> list[Strip]:
        lines = super().render_lines(crop)
        # The columns under the bar left out (the bar draws them): cut there with the
        # bar's, a line lost its zero-width pieces (an empty line's), where a Static's
        # line in a scroll box, which ends at the bar, kept them
        bar_x = self.outer_size.width - self.scrollbar_size_vertical
        if self.show_vertical_scrollbar and crop.right > bar_x:
            lines = [line.crop(0, max(0, bar_x - crop.x)) for line in lines]
        return lines

    def on_resize(self, _event: events.Resize) -> None:
        if self.room() != self.wrapped_for:
            self.wrap()  # wrapped again for the new size
