"""The game log: Textual's RichLog, wrapped to the panel's width, following the newest
entry unless the reader has scrolled up to read.

Each reader sees a differently redacted log, so a list of entries that does not
extend the one on show starts the log afresh; one that extends it only writes the
new entries. Entries are plain text, never read as markup. RichLog wraps a line
once, when written: at a new width the entries are written again, so they re-flow.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog


class LogView(RichLog, can_focus=True):
    # The scrollbar is always there, so the width lines wrap to stays when it would come
    DEFAULT_CSS = "LogView { height: 1fr; overflow-x: hidden; overflow-y: scroll; }"

    def __init__(self, **kw):
        kw.setdefault("wrap", True)
        kw.setdefault("markup", False)
        kw.setdefault("min_width", 1)  # wrap to the panel, however narrow
        super().__init__(**kw)
        self.entries: list[str] = []
        self.wrapped_at = 0  # the width the entries on show were wrapped to
        self.at_end = True  # false once the reader scrolls up to read

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.at_end = new >= self.max_scroll_y - 1

    def set_entries(self, entries: list[str]) -> None:
        if entries == self.entries:
            return
        follow = self.at_end
        if entries[: len(self.entries)] != self.entries:
            self.clear()
            self.entries = []
            follow = True
        for entry in entries[len(self.entries) :]:
            self.write(Text(entry), scroll_end=False)
        self.entries = list(entries)
        self.wrapped_at = self.scrollable_content_region.width
        if follow:
            self.scroll_end(animate=False)

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if not self.wrapped_at:  # the first size: RichLog writes what waited for it
            self.wrapped_at = width
        elif self.entries and width != self.wrapped_at:
            entries, self.entries = self.entries, []
            self.clear()
            self.set_entries(entries)
        if self.at_end:  # a shorter panel keeps the newest line on view
            self.scroll_end(animate=False)

    def lines_text(self) -> list[str]:
        """The wrapped lines as drawn (for tests)."""
        return [strip.text.rstrip() for strip in self.lines]

    def text(self) -> str:
        """Every entry, one line each (for tests and the clipboard)."""
        return "\n".join(self.entries)
