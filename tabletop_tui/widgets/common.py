"""Small screens used by every game: the hand-off and the too-small notice."""

from __future__ import annotations

import gc

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ..text import markup_safe as escape
from .keybar import KeyBar
from .line_api import KeptBackground
from .static_text import KeptLines, set_text

MIN_WIDTH, MIN_HEIGHT = 80, 24


class Box(KeptLines, Static):
    """The hand-off's message: one of a few texts (one per player), each drawn once."""


def collect_while_waiting() -> None:
    """Collect the young objects now, and everything when a full pass is nearly due:
    the full pass comes as often as Python would run it, only at a moment of our choice."""
    full_due = gc.get_count()[2] + 1 >= gc.get_threshold()[2]
    gc.collect(2 if full_due else 1)


# Young objects worth a collection in a pause between keys (about 10 ms of work for
# 5,000); with fewer, the collection waits for a later pause.
YOUNG_WORTH_COLLECTING = 5_000


def collect_when_idle() -> None:
    """In a pause between keys: collect the young objects once there are enough, with
    the middle generation (or everything) when Python's own collector would next."""
    young, middle, _old = gc.get_count()
    if middle + 1 >= gc.get_threshold()[1]:
        collect_while_waiting()
    elif young >= YOUNG_WORTH_COLLECTING:
        gc.collect(0)


class HandoffScreen(KeptBackground, Screen):
    """Opaque: nothing of the previous player's screen shows through."""

    BINDINGS = [
        Binding("enter", "ready", "I am ready"),
        Binding("space", "ready", "Ready", show=False),
    ]
    DEFAULT_CSS = """
    HandoffScreen { background: $background; align: center middle; }
    HandoffScreen #handoff-box { width: 60; height: auto; border: double $accent; padding: 1 2;
        background: $panel; text-align: center; }
    """

    def __init__(self, name: str, reason: str = ""):
        super().__init__()
        self.player_name = name
        self.reason = reason

    def text(self) -> str:
        name = escape(self.player_name)
        reason = escape(self.reason)
        return (
            f"[b]Pass the terminal to {name}.[/b]\n\n"
            f"{reason + chr(10) + chr(10) if reason else ''}"
            f"{name}: press Enter (or click here) when the others cannot see the screen."
        )

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Box(self.text(), id="handoff-box")
        yield KeyBar()

    def set_player(self, name: str, reason: str = "") -> None:
        """Ask another player: a game shows one hand-off screen again and again."""
        self.player_name, self.reason = name, reason
        if self.is_mounted:
            set_text(self.query_one("#handoff-box", Static), self.text())

    _styled_for: int | None = None  # the app's count of CSS changes when last styled

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual styles a pushed screen afresh each time (a tenth of the key that ends
        # a turn); this one is shown again and again unchanged, so only a new theme or
        # stylesheet since it was last styled (the app counts those) calls for it.
        count = self.app._css_update_count
        if self._styled_for == count:
            event.refresh_styles = False
        self._styled_for = count
        # The terminal changes hands now, once this screen is on view: the time for the
        # cycle collector, and for the screen below to draw ahead what it can, rather
        # than in the middle of someone's key.
        self.call_after_refresh(self._while_waiting)

    def _while_waiting(self) -> None:
        collect_while_waiting()
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        paint_ahead = getattr(below, "paint_ahead", None)
        if paint_ahead is not None:
            paint_ahead()

    def on_click(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(True)


class NoticeScreen(HandoffScreen):
    """A private word for the player at the keyboard; Enter hands the terminal back.

    Opaque like the hand-off, so the rest of the table cannot see the message shown."""

    BINDINGS = [Binding("enter", "ready", "Done"), Binding("space", "ready", "Done", show=False)]

    def __init__(self, text: str):
        super().__init__("", text)

    def compose(self) -> ComposeResult:
        text = f"{escape(self.reason)}\n\nPress Enter, then give the terminal back to the table."
        with Middle():
            with Center():
                yield Static(text, id="handoff-box")
        yield KeyBar()


class TooSmallScreen(Screen):
    DEFAULT_CSS = """
    TooSmallScreen { background: $background; align: center middle; }
    TooSmallScreen Static { width: auto; height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self) -> None:
        self.update_text()

    def update_text(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small", Static).update(
            f"This terminal is {w}x{h}.\ntabletop needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
            "Enlarge the window to continue,\nor press Ctrl+Q to quit."
        )
