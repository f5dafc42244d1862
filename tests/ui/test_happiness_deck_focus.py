"""Happiness deck building opens with the move list in focus (issue 46: no panel showed
the focus and a newcomer took 8 keys to find it): the first Down lands on its first
move, and the list's focus shows."""

from __future__ import annotations

import rules
from tabletop_tui.controller import Controller
from tabletop_tui.games.happiness.boxes import FoldingMoveList

from ..expect import offered
from .helpers import make_app


async def test_the_deck_screen_opens_on_its_move_list(tmp_path):
    spec = rules.get_game("happiness")
    state = spec.new_game(["Ann", "Bob"], seed=1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(Controller(spec, state, [{"kind": "human"}, {"kind": "bot"}], viewer=0))
        await pilot.pause()
        await pilot.pause()
        moves = app.screen.focused
        assert isinstance(moves, FoldingMoveList) and moves.id == "hp-moves"
        assert moves.highlighted is None  # nothing chosen for the player
        await pilot.press("down")
        first = moves.get_option_at_index(0).id
        assert moves.highlighted == 0 and first == offered(state.find_action(0, "build_done")).key
