"""The shared move list: the highlight it is given, Enter with nothing highlighted,
and arrows that stop at the ends."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tabletop_tui.widgets.moves import MoveList


class OneList(App):
    CSS = "MoveList { height: 5; }"

    def __init__(self):
        super().__init__()
        self.events: list[str] = []

    def compose(self):
        yield MoveList()

    def on_move_list_nothing_chosen(self, _msg: MoveList.NothingChosen) -> None:
        self.events.append("nothing")

    def on_option_list_option_selected(self, msg: OptionList.OptionSelected) -> None:
        self.events.append(str(msg.option.id))


async def test_the_move_list_highlights_the_move_it_is_given_and_none_by_default():
    app = OneList()
    async with app.run_test() as pilot:
        moves = app.query_one(MoveList)
        moves.set_moves([Option(f"move {i}", id=str(i)) for i in range(4)], highlight=2)
        await pilot.pause()
        assert moves.highlighted == 2
        moves.set_moves([Option(f"other {i}", id=f"o{i}") for i in range(3)])
        await pilot.pause()
        assert moves.highlighted is None


async def _three_moves(app: OneList) -> MoveList:
    moves = app.query_one(MoveList)
    moves.set_moves([Option(f"move {i}", id=str(i)) for i in range(3)])
    moves.focus()
    return moves


async def test_enter_with_nothing_highlighted_selects_nothing_and_says_so():
    app = OneList()
    async with app.run_test() as pilot:
        await _three_moves(app)
        await pilot.press("enter", "enter")
        assert app.events == ["nothing", "nothing"]
        await pilot.press("down", "enter")
        assert app.events[-1] == "0"


async def test_the_arrows_never_wrap_from_one_end_of_the_list_to_the_other():
    app = OneList()
    async with app.run_test() as pilot:
        moves = await _three_moves(app)
        await pilot.press("up")  # nothing highlighted: Up starts at the top, not the last
        assert moves.highlighted == 0
        await pilot.press("up")
        assert moves.highlighted == 0
        await pilot.press("down", "down", "down", "down")
        assert moves.highlighted == 2
        await pilot.press("down")
        assert moves.highlighted == 2


async def test_a_new_list_as_long_as_the_last_is_shown_without_a_layout():
    app = OneList()
    async with app.run_test() as pilot:
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app, layouts.append)
        moves = app.query_one(MoveList)
        moves.set_moves([Option(f"move {i}", id=str(i)) for i in range(7)], highlight=0)
        await pilot.pause()
        assert moves.virtual_size.height == 7
        # the first list's layouts may land a pause late on a loaded machine: let them
        before = -1
        while before != len(layouts):
            before = len(layouts)
            await pilot.pause(0.05)
        moves.set_moves([Option(f"other {i}", id=f"o{i}") for i in range(7)], highlight=1)
        await pilot.pause()
        assert len(layouts) == before
        assert moves.get_option_at_index(6).id == "o6" and moves.highlighted == 1
        moves.set_moves([Option("last", id="last")])
        await pilot.pause()
        assert moves.virtual_size.height == 1 and moves.option_count == 1
        moves.set_moves([])
        await pilot.pause()
        assert moves.option_count == 0 and moves.virtual_size.height == 0
