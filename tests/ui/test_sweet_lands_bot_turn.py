"""While a bot moves, the Sweet Lands move list keeps its place (issue 46: it was taken
out of the layout for the bot's turn, so the panels below jumped up and came back,
the move list "briefly out of view" after each bot turn)."""

from __future__ import annotations

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.demo import controller, new_state, play_until

from .helpers import record_notes

PARTS = ("#sl-steps", "#sl-others", "#sl-log")  # the panels around the list


def at_turn_of(seat: int):
    return lambda s: s.phase == "action" and not s.stack and s.actors() == [seat]


async def regions(tmp_path, state, size):
    app = record_notes(TabletopApp(data_dir=tmp_path, bot_delay=30, default_seed=7))
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        app.open_game(controller(state, viewer=0, kinds=["human", "bot"]))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        return {part: screen.query_one(part).region for part in PARTS}, screen.controller


async def test_the_move_list_keeps_its_place_while_the_bot_moves(tmp_path):
    for size in ((120, 40), (80, 24)):
        ann = play_until(new_state(2, seed=7), at_turn_of(0))
        bob = play_until(ann, at_turn_of(1))
        mine, _ = await regions(tmp_path, ann, size)
        theirs, c = await regions(tmp_path, bob, size)
        assert c.next_step() == "bot" and not c.legal()  # nothing for Ann to choose
        assert theirs == mine, size  # nothing moved up into the list's place
