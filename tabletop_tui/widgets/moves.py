"""The move list: Textual's OptionList, filled with a whole set of moves at once."""

from __future__ import annotations

from collections.abc import Sequence

from textual.widgets import OptionList
from textual.widgets.option_list import Option


class MoveList(OptionList):
    def set_moves(self, options: Sequence[Option], highlight: int | None = 0) -> None:
        """Show these options, ``highlight`` highlighted (none if None or empty)."""
        self.clear_options()
        self.add_options(options)
        if options and highlight is not None:
            self.highlighted = min(highlight, len(options) - 1)
