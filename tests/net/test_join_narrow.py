"""A seat joined from a narrow terminal (a phone's browser page gives about 43x40)
gets the game screens' narrow layout: drawn at 40x30, its moves in sight and played
by keys, the end screen too (issue 50 item 7)."""

from __future__ import annotations

import pytest

import rules
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.net.host import REMOTE, HostTable
from tabletop_tui.net.join import JoinApp, controller_for, join_link
from tabletop_tui.net.server import HostServer
from tabletop_tui.screens.end import EndScreen
from tabletop_tui.widgets.common import TooSmallScreen
from tabletop_tui.widgets.moves import MoveList

from .test_join_screen import hosted_for_two, settle

PHONE = (40, 30)


@pytest.mark.parametrize("game", ["happy-city", "happiness", "sweet-lands", "happiest-town"])
async def test_a_seat_joined_at_40x30_plays_on_the_narrow_layout(game, tmp_path):
    _, table, _, _, link = hosted_for_two(game)
    app = JoinApp(controller_for(link), data_dir=tmp_path, bot_delay=0)
    try:
        async with app.run_test(size=PHONE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, GameScreenBase))
            await pilot.pause(0.3)  # the size check runs every quarter second
            screen = app.screen
            assert isinstance(screen, GameScreenBase) and screen.has_class("-narrow")
            moves = screen.query_one(MoveList)
            listed = screen.listed_moves(app.remote.legal())
            assert moves.display and moves.region.height >= 3 and moves.option_count == len(listed)
            assert moves.region.bottom <= PHONE[1] - 1  # above the key bar, in sight
            moves.focus()
            await pilot.press("home", "enter")  # the first move, by keys
            await settle(pilot, lambda: table.state.step > 0)
    finally:
        link.close()


async def test_a_finished_game_joined_at_40x30_shows_its_end_screen(tmp_path):
    from .games import played

    *_, over = played("happy-city", 2, {}, 7)
    table = HostTable.start(rules.get_game("happy-city"), over, [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0).run_in_thread()
    link = join_link(f"http://127.0.0.1:{port}/seat/{table.tokens[1]}")
    app = JoinApp(controller_for(link), data_dir=tmp_path, bot_delay=0)
    try:
        async with app.run_test(size=PHONE) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, EndScreen))
            await pilot.pause(0.3)
            assert isinstance(app.screen, EndScreen)
            assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
    finally:
        link.close()
