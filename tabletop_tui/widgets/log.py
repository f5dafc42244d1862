"""The game log: a scrolling view of the entries, wrapped to the panel's width,
following the newest entry unless the reader has scrolled up to read.

Each reader sees a differently redacted log, so a hand-off brings a list that does
not extend the one on show. Textual's RichLog can only start afresh then, wrapping
every entry again (a quarter of a millisecond each: most of a hand-off's time late
in a long game). This view keeps each entry's wrapped lines instead, and a new list
reuses them for every entry it shares with the old one: only the entries that differ
are wrapped. It keeps the lines of the entries on show and no others, so nothing of
the previous reader's log stays behind. Entries are plain text, never markup.

A wrapped line is kept as its segments, and made a Strip only while it is drawn: a
Strip carries seven small caches of its own (about 1.1 KiB), and a long game's log
holds thousands of lines of which a panel shows a few dozen.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .drawn_lines import DrawnLines

BLANK = Strip.blank(0)
Line = list[Segment]  # one wrapped line of an entry


class LogView(DrawnLines, ScrollView, can_focus=True):
    # The scrollbar is always there, so the width lines wrap to stays when it would come;
    # the look is RichLog's.
    DEFAULT_CSS = """
    LogView {
        height: 1fr; overflow-x: hidden; overflow-y: scroll;
        background: $surface; color: $foreground;
        &:focus { background-tint: $foreground 5%; }
    }
    """

    def __init__(self, **kw):
        super().__init__(**kw)
        self.entries: list[str] = []
        self.lines: list[Line] = []  # the wrapped lines of every entry, in order
        self.pieces: dict[str, list[Line]] = {}  # an entry's wrapped lines
        self.drawn: dict[int, Strip] = {}  # the strips of lines drawn lately, by index
        self.wrapped_at = 0  # the width the entries on show were wrapped to
        self.at_end = True  # false once the reader scrolls up to read

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.at_end = new >= self.max_scroll_y - 1

    def set_entries(self, entries: list[str]) -> None:
        width = self.scrollable_content_region.width
        if entries == self.entries and width == self.wrapped_at:
            return
        extends = entries[: len(self.entries)] == self.entries
        follow = self.at_end or not extends  # another reader's log starts at its end
        self.entries = list(entries)
        if width <= 0:
            return  # not laid out yet: the first resize wraps them
        kept = self.pieces if width == self.wrapped_at else {}
        pieces: dict[str, list[Line]] = {}
        lines: list[Line] = []
        for entry in self.entries:
            wrapped = pieces.get(entry) or kept.get(entry) or self.wrap(entry, width)
            pieces[entry] = wrapped
            lines.extend(wrapped)
        self.pieces, self.lines, self.wrapped_at = pieces, lines, width
        self.drawn = {}  # an index may now hold another line
        self.set_length(len(lines))
        self.refresh()
        if follow:
            # at once: the frame that draws the new lines draws them at the end
            # (after the refresh, it drew the old place first and the end a frame later)
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    def set_length(self, length: int) -> None:
        """Its scrollable length. A log whose height does not follow its length (every
        game's: 1fr) tells it to itself and its bar without a layout of the screen:
        the virtual size, a reactive, asked for one, which reached the screen after
        the other widgets' (a hand-off's second layout). Its bar is always there."""
        size = Size(self.wrapped_at, length)
        height = self.styles.height
        if height is None or height.is_auto or not self.show_vertical_scrollbar:
            self.virtual_size = size  # the layout follows it
            return
        self.set_reactive(LogView.virtual_size, size)
        self.vertical_scrollbar.window_virtual_size = length

    def wrap(self, entry: str, width: int) -> list[Line]:
        console = self.app.console
        segments = console.render(Text(entry), console.options.update_width(width))
        return list(Segment.split_lines(segments)) or [[]]

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if index >= len(self.lines):
            return self.fitted(BLANK, width)
        strip = self.drawn.get(index)
        if strip is None:
            if len(self.drawn) > 2 * self.size.height + 20:
                self.drawn.clear()  # two panels' worth, as fitted keeps
            strip = self.drawn[index] = Strip(self.lines[index])
        return self.fitted(strip, width)

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self.wrapped_at:
            self.set_entries(self.entries)  # re-flowed to the new width
        if self.at_end:  # a shorter panel keeps the newest line on view
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def lines_text(self) -> list[str]:
        """The wrapped lines as drawn (for tests)."""
        return ["".join(segment.text for segment in line).rstrip() for line in self.lines]

    def text(self) -> str:
        """Every entry, one line each (for tests and the clipboard)."""
        return "\n".join(self.entries)
