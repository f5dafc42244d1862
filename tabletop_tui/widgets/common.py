"""Small screens used by every game: the hand-off and the too-small notice."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from .. import memory_policy
from ..text import markup_safe as escape
from .keybar import KeyBar
from .sizes import MIN_HEIGHT, MIN_WIDTH, NARROW_HEIGHT, NARROW_WIDTH


class FitsNarrow:
    """A screen that has a narrow layout: it works from NARROW_WIDTH x NARROW_HEIGHT
    under MIN_WIDTH columns (the game screens, the hand-off and what they open)."""


def size_fits(screen: object, width: int, height: int) -> bool:
    """Whether ``screen`` can be drawn in a terminal of ``width`` x ``height``."""
    if width >= MIN_WIDTH and height >= MIN_HEIGHT:
        return True
    narrow = isinstance(screen, FitsNarrow)
    return narrow and width < MIN_WIDTH and width >= NARROW_WIDTH and height >= NARROW_HEIGHT


class HandoffScreen(FitsNarrow, Screen):
    """Opaque: nothing of the previous player's screen shows through."""

    BINDINGS = [
        Binding("enter", "ready", "I am ready"),
        Binding("space", "ready", "Ready", show=False),
        Binding("u", "take_back", "Take back the last move"),
        Binding("escape", "leave", "Title (game saved)"),
    ]
    TAKE_BACK, LEAVE = "take back", "leave"  # what dismiss answers besides True
    READIED = "readied"  # what dismiss answers once Enter has handed the table over
    DEFAULT_CSS = """
    HandoffScreen { background: $background; align: center middle; }
    HandoffScreen #handoff-box { width: 60; max-width: 100%; height: auto; border: double $accent; padding: 1 2;
        background: $panel; text-align: center; }
    """

    def __init__(self, name: str, reason: str = "", take_back: str | None = None):
        super().__init__()
        self.player_name = name
        self.reason = reason
        self.take_back = take_back  # the move that ended the last turn, while undoable
        # What Enter does while this screen still covers the table: the game screen
        # draws the seat's view and dismisses this screen (READIED) once it is laid out
        # (GameScreenBase.hand_over_under); None: Enter dismisses it at once.
        self.hand_over: Callable[[], None] | None = None
        self.handing = False  # Enter pressed, the table being drawn: no key acts meanwhile

    def text(self) -> str:
        name = escape(self.player_name)
        # each line escaped apart: the escape shows a newline as a mark, not a break
        reason = "\n".join(escape(line) for line in self.reason.split("\n"))
        return (
            f"[b]Pass the terminal to {name}.[/b]\n\n"
            f"{reason + chr(10) + chr(10) if reason else ''}"
            f"{name}: press Enter (or click here) when the others cannot see the screen."
            + (f"\n\nU takes back {escape(self.take_back)}." if self.take_back else "")
        )

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.text(), id="handoff-box")
        yield KeyBar()

    def set_player(self, name: str, reason: str = "", take_back: str | None = None) -> None:
        """Ask another player: a game shows one hand-off screen again and again."""
        self.player_name, self.reason, self.take_back = name, reason, take_back
        self.hand_over, self.handing = None, False
        if self.is_mounted:
            self.query_one("#handoff-box", Static).update(self.text())
            self.refresh_bindings()

    def on_screen_resume(self) -> None:
        # nobody presses a key while the device changes hands: collect the cycles then,
        # once this screen is drawn, rather than inside a later key
        self.call_after_refresh(memory_policy.between_players)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.handing:
            return False
        if action == "take_back":
            return bool(self.take_back)  # shown only while there is a move to take back
        return True

    def on_click(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        if self.handing:
            return  # a second Enter (or click) while the table is drawn
        if self.hand_over is None:
            self.dismiss(True)
            return
        self.handing = True
        self.hand_over()

    def action_take_back(self) -> None:
        self.dismiss(self.TAKE_BACK)

    def action_leave(self) -> None:
        self.dismiss(self.LEAVE)


class NoticeScreen(HandoffScreen):
    """A private word for the player at the keyboard; Enter hands the terminal back.

    Opaque like the hand-off, so the rest of the table cannot see the message shown."""

    BINDINGS = [
        Binding("enter", "ready", "Done"),
        Binding("space", "ready", "Done", show=False),
        Binding("escape", "ready", "Done", show=False),
    ]

    def __init__(self, text: str):
        super().__init__("", text)

    def compose(self) -> ComposeResult:
        text = f"{escape(self.reason)}\n\nPress Enter, then give the terminal back to the table."
        with Middle(), Center():
            yield Static(text, id="handoff-box")
        yield KeyBar()


class TooSmallScreen(Screen):
    DEFAULT_CSS = """
    TooSmallScreen { background: $background; align: center middle; }
    TooSmallScreen Static { width: auto; height: auto; }
    """

    def __init__(self, narrow: bool = False):
        super().__init__()
        self.narrow = narrow  # the screen under it has a narrow layout

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self) -> None:
        self.update_text()

    def set_narrow(self, narrow: bool) -> None:
        """The screen under the notice changed (a hand-off came, or went)."""
        if narrow != self.narrow:
            self.narrow = narrow
            self.update_text()

    def update_text(self) -> None:
        w, h = self.app.size
        needs = f"{MIN_WIDTH}x{MIN_HEIGHT}"
        if self.narrow:
            needs += f",\nor {NARROW_WIDTH}x{NARROW_HEIGHT} for this screen's narrow layout"
        self.query_one("#too-small", Static).update(
            f"This terminal is {w}x{h}.\ntabletop needs at least {needs}.\n"
            "Enlarge the window to continue,\nor press Ctrl+Q to quit."
        )
