"""The story box and the move list, folded to no height instead of hidden.

A widget shown or hidden (``display``) renumbers the painting order of every widget
drawn after it, and Textual then repaints the whole screen. These two come and go at
every turn, so they stay in place and fold to zero lines instead; a folded one cannot
take the focus, as a hidden one could not.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Input

from ...widgets.line_api import PlainFocusStyle
from ...widgets.moves import MoveList
from ...widgets.static_text import KeptLines


def fold(widget: Widget, folded: bool) -> None:
    """No lines at all (a border would keep two), or back to the stylesheet's look."""
    styles = widget.styles
    if folded:
        styles.height = 0
        styles.border = ("none", "black")
    else:  # None drops the inline rule: the stylesheet's height and border again
        styles.height = None
        styles.border = None


class StoryBox(PlainFocusStyle, KeptLines, Input):
    """Where a player types a story; folded away outside the story step.

    It opens as it opened last time (empty, focused, the cursor shown): the lines
    drawn for each look are kept, so opening it draws nothing new."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.open = False
        fold(self, True)

    def allow_focus(self) -> bool:
        return self.open and super().allow_focus()

    def look(self) -> tuple:
        """Everything of its own that the Input's line shows: its colours and border
        are in the kept lines' key already, and the theme stands for the cursor's and
        placeholder's colours (restyled at every fold and focus, so not kept by
        those)."""
        return (
            self.app.theme,
            self.value,
            self.placeholder,
            self.password,
            self.has_focus,
            self._cursor_visible,
            self.cursor_position,
            self.selection,
            self._suggestion,
            self.scroll_offset,
        )

    def show(self, open_: bool) -> None:
        if open_ != self.open:
            self.open = open_
            fold(self, not open_)


class FoldingMoveList(MoveList):
    """The moves to choose from (the shared list: its drawn moves kept, a fast
    scrollbar); folded away while there are none."""

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
