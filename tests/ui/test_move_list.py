"""The shared move list: the highlight it is given."""

from __future__ import annotations

from textual.app import App
from textual.widgets.option_list import Option

from tabletop_tui.widgets.moves import MoveList


class OneList(App):
    CSS = "MoveList { height: 5; }"

    def compose(self):
        yield MoveList()


async def test_the_move_list_highlights_the_move_it_is_given_and_the_first_by_default():
    app = OneList()
    async with app.run_test() as pilot:
        moves = app.query_one(MoveList)
        moves.set_moves([Option(f"move {i}", id=str(i)) for i in range(4)], highlight=2)
        await pilot.pause()
        assert moves.highlighted == 2
        moves.set_moves([Option(f"other {i}", id=f"o{i}") for i in range(3)])
        await pilot.pause()
        assert moves.highlighted == 0
