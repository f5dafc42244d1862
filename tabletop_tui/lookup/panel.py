"""The look-up panel: docked under the table, never focused, so every key still goes
to the game while it shows; it follows the focus and the mouse until Escape closes it."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual.containers import VerticalScroll
from textual.widgets import Static

REFRESH_SECONDS = 0.25  # how often an open panel checks what it should explain


@runtime_checkable
class Followed(Protocol):
    """A screen whose look-up panel follows its focus."""

    def refresh_lookup(self) -> None: ...


class LookupPanel(VerticalScroll, can_focus=False):
    DEFAULT_CSS = """
    LookupPanel { dock: bottom; height: auto; max-height: 11; margin: 0 0 1 0;
                  border: round $accent; background: $panel; padding: 0 1; }
    LookupPanel #lookup-text { height: auto; }
    """

    def __init__(self, reader: object = None, **kw):
        super().__init__(id="lookup-panel", **kw)
        self.reader = reader  # whose knowledge it speaks from (the seat at the keyboard)
        self.border_title = "Info (F2 looks up what you point at)"
        self.border_subtitle = "F2: all terms - Esc closes"
        self.shown: object = None  # what the text is about (its key), to redraw only on change
        self.whole_glossary = False  # F2 pressed again: every term of the game
        self.words = Static("", id="lookup-text")  # filled before the panel is mounted

    def compose(self):
        yield self.words

    def on_mount(self) -> None:
        # the panel follows the focus while it is open (its timer goes with it)
        self.set_interval(REFRESH_SECONDS, self.follow)

    def follow(self) -> None:
        screen = self.screen
        if isinstance(screen, Followed):
            screen.refresh_lookup()

    def show(self, key: object, text: str) -> None:
        if key == self.shown:
            return
        self.shown = key
        self.words.update(text)
        if self.is_mounted:
            self.scroll_home(animate=False)

    @property
    def text(self) -> str:
        """The words on show (for tests and the tmux walk)."""
        return str(self.words.content)
