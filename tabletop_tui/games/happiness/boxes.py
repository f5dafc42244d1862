"""The story box, its skip line, and the move list folded to no height when empty.

A widget shown or hidden (``display``) renumbers the painting order of every widget
drawn after it, and Textual then repaints the whole screen; one that changes height
lays the screen out again and moves everything under it. The story box and its skip
line keep their place and size all game (closed outside the story step: they say what
they are for and take no focus), so a placement, which opens them, lays nothing out.
The move list comes and goes with the moves, folded to zero lines when there are none;
a folded one cannot take the focus, as a hidden one could not.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input

from ...widgets.moves import MoveList
from .text_box import TextBox


def fold(widget: Widget, folded: bool) -> None:
    """No lines at all (a border would keep two), or back to the stylesheet's look."""
    styles = widget.styles
    if folded:
        styles.height = 0
        styles.border = ("none", "black")
    else:  # None drops the inline rule: the stylesheet's height and border again
        styles.height = None
        styles.border = None


class StoryBox(Input):
    """Where a player types a story: open (focusable, its prompt shown) in the story
    step, closed (saying what it is for, no focus) outside it; never moved or resized."""

    OPEN_PROMPT = "Type your story"
    CLOSED_PROMPT = "Stories go here"

    def __init__(self, **kw):
        kw.setdefault("placeholder", self.CLOSED_PROMPT)
        super().__init__(**kw)
        self.open = False

    def allow_focus(self) -> bool:
        return self.open and super().allow_focus()

    def show(self, open_: bool) -> None:
        if open_ != self.open:
            self.open = open_
            self.placeholder = self.OPEN_PROMPT if open_ else self.CLOSED_PROMPT


class SkipLine(TextBox):
    """The line under the story box: a click on it skips the story while the box is
    open (Enter on an empty box does the same); closed, it says when stories come."""

    OPEN_TEXT = "[reverse] Skip the story [/]"
    CLOSED_TEXT = "[dim]told after each card[/]"

    class Skip(Message):
        """The player clicked the skip line of an open story box."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.open = False
        self.set_text(self.CLOSED_TEXT)

    def show(self, open_: bool) -> None:
        self.open = open_
        self.set_text(self.OPEN_TEXT if open_ else self.CLOSED_TEXT)

    def on_click(self, event: events.Click) -> None:
        if self.open:
            event.stop()
            self.post_message(self.Skip())


class FoldingMoveList(MoveList):
    """The moves to choose from; folded away while there are none."""

    folded = False

    def allow_focus(self) -> bool:
        return self.option_count > 0 and super().allow_focus()

    def fold(self) -> None:
        """Fold away when empty (in place of ``display = False``, which the shared
        move list code sets)."""
        empty = self.option_count == 0
        if not self.display:
            self.display = True
        if empty != self.folded:
            self.folded = empty
            fold(self, empty)
