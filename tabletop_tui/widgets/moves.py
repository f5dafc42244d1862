"""The move list: Textual's OptionList, filled with a whole set of moves at once.

Enter acts on the highlighted move, so a list may open with nothing highlighted (no
move on it is harmless): Enter then posts ``NothingChosen`` for the screen to say
what to press. The arrows stop at the ends instead of wrapping, so Up from the first
move never lands on the last one (often a stop, a pass or the end of the turn)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from .steady import expect_room_given, outer_height


class MoveList(OptionList):
    # A new length (a new set of moves) set its virtual size, a reactive that laid the
    # whole screen out on every move; OptionList tells its scrollbar the new length
    # itself, so only a list whose height follows its length needs that layout
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class NothingChosen(Message):
        """Enter was pressed on a list with moves but none highlighted."""

        def __init__(self, move_list: MoveList):
            super().__init__()
            self.move_list = move_list

    def watch_virtual_size(self) -> None:
        if self.styles.auto_dimensions:
            self.refresh(layout=True)

    def set_moves(self, options: Sequence[Option], highlight: int | None = None) -> None:
        """Show these options, ``highlight`` highlighted (none if None or empty)."""
        if options:
            # in one step: emptied first, the list's length went to 0 and back, and
            # each new list laid the whole screen out, even one as long as the last
            self.set_options(options)
            self.expect_length()
        else:
            self.clear_options()
        self.highlighted = (
            min(highlight, len(options) - 1) if options and highlight is not None else None
        )

    def expect_length(self) -> None:
        """Tell the next layout the new options' length while the list has no room.

        A hidden list (another seat's turn) is laid out at no size, and an empty one
        whose height follows its options (under a hand-off at 80x24) at no height, so
        Textual counts its lines only when it is drawn again, after the layout that
        gives it room, and that count asks for a second layout of the whole screen. The
        width it last drew at (its virtual width) is the width it comes back at,
        unless the terminal was resized meanwhile; then Textual's count corrects it."""
        width = self.virtual_size.width or self.size.width  # (never drawn: laid out)
        if self.size.height or not width:
            return  # laid out: Textual counted the lines at its width already
        lines = self.get_content_height(self.size, self.size, width)
        self.virtual_size = Size(width, lines)
        if self.display and self.styles.height is not None and self.styles.height.is_auto:
            # the lines it takes come from the widget under it (the log): told too
            expect_room_given(self, outer_height(self, lines) - self.outer_size.height)

    def action_select(self) -> None:
        if self.highlighted is None:
            if self.option_count:
                self.post_message(self.NothingChosen(self))
            return
        super().action_select()

    def action_cursor_up(self) -> None:
        # nothing highlighted: Up starts at the top, as Down does (never on the last move)
        if self.highlighted is None or self.highlighted == 0:
            self.action_first()
            return
        super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted is not None and self.highlighted >= self.option_count - 1:
            return  # the last move stays highlighted: no wrap to the first
        super().action_cursor_down()
