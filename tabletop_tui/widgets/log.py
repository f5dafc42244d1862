"""The game log: wrapped to the panel's width, following the newest entry.

A RichLog keeps the lines as they were wrapped when written, and must be cleared and
refilled whenever the reader changes (each reader sees a differently redacted log).
This view keeps the plain entries instead and draws only the lines on screen:

- a new list of entries that extends the old one only wraps the new entries;
- a different reader's list keeps the wrapped lines of the part both lists share;
- an entry wraps the same way every time at one width, so its lines are kept by
  (entry, width): after a hand-off most of the new reader's list wraps from memory;
- a new width wraps everything again, so the log re-flows after a resize;
- it stays scrolled to the newest entry unless the reader has scrolled up to read,
  also when the panel gets shorter or narrower.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .line_api import FrameStyle
from .scrollbar import FastScrollbars


class LogView(FrameStyle, FastScrollbars, ScrollView, can_focus=True):
    DIRECT_LINES = True
    KEEP_LINES = True
    DEFAULT_CSS = "LogView { height: 1fr; overflow-x: hidden; }"

    def __init__(self, **kw):
        super().__init__(**kw)
        self.entries: list[str] = []
        self._lines: list[str] = []  # wrapped lines of every entry, in order
        self._starts: list[int] = []  # index in _lines of each entry's first line
        self._width = 0
        self._follow = True  # at the newest entry; false once the reader scrolls up
        self._wrapped: dict[tuple[str, int], list[str]] = {}  # (entry, width) -> lines

    # ---- content ------------------------------------------------------------------------
    def set_entries(self, entries: list[str]) -> None:
        if entries == self.entries:
            return
        keep = 0
        for old, new in zip(self.entries, entries, strict=False):
            if old != new:
                break
            keep += 1
        follow = self._follow
        if keep < len(self.entries):
            del self._lines[self._starts[keep] :]
            del self._starts[keep:]
        self.entries = list(entries)
        for entry in self.entries[keep:]:
            self._add(entry)
        self._resized(follow)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._follow = new >= self.max_scroll_y - 1

    def _wrap_width(self) -> int:
        return max(10, self.scrollable_content_region.width - 1)

    def _add(self, entry: str) -> None:
        width = self._width or self._wrap_width()
        lines = self._wrapped.get((entry, width))
        if lines is None:
            wrapped = Text(entry).wrap(self.app.console, width, overflow="fold")
            lines = self._wrapped[entry, width] = [line.plain.rstrip() for line in wrapped]
        self._starts.append(len(self._lines))
        self._lines.extend(lines)

    def _rewrap(self) -> None:
        self._wrapped.clear()  # a new width: every entry wraps anew
        self._width = self._wrap_width()
        self._lines, self._starts = [], []
        for entry in self.entries:
            self._add(entry)

    def _resized(self, follow: bool) -> None:
        size = Size(self._width, len(self._lines))
        if size.width == self.virtual_size.width:
            # Only longer or shorter: no layout pass for the whole screen. The bars are
            # updated here, and if one appears or goes that lays the screen out itself.
            self.set_reactive(ScrollView.virtual_size, size)
            self._scroll_update(size)
        else:
            self.virtual_size = size
        if self._wrap_width() != self._width:  # the bar came or went: a new width
            self._rewrap()
            self.set_reactive(ScrollView.virtual_size, Size(self._width, len(self._lines)))
            self._scroll_update(self.virtual_size)
        self.refresh()
        if follow:  # now, not after a refresh: lines drawn ahead (under a hand-off) stay
            self.scroll_end(animate=False, immediate=True)

    def on_resize(self) -> None:
        follow = self._follow
        if self._wrap_width() != self._width:
            self._rewrap()
            self._resized(follow)
        elif follow:  # shorter, same width: the newest line would drop below the edge
            self.scroll_end(animate=False)

    def on_mount(self) -> None:
        self._width = self._wrap_width()

    # ---- drawing -----------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_y) + y
        width = self.scrollable_content_region.width
        style = self.line_style
        if 0 <= index < len(self._lines):
            text = self._lines[index]
            pad = width - cell_len(text)
            if pad >= 0:  # one strip a line: padded here rather than adjusted after
                return Strip([Segment(text + " " * pad, style)], width)
            return Strip([Segment(text, style)]).adjust_cell_length(width, style)
        return Strip.blank(width, style)

    def text(self) -> str:
        """Every entry, one line each (for tests and the clipboard)."""
        return "\n".join(self.entries)
