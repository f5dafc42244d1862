"""`tabletop join`: the game's own screens, fed by the host over a real socket."""

from __future__ import annotations

import asyncio
import time

import pytest
from textual.widgets import OptionList, Static

import rules
from rules.happiness import HAPPINESS
from rules.happy_city import HAPPY_CITY
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.net.client import SeatLink, parse_address
from tabletop_tui.net.host import REMOTE, HostTable
from tabletop_tui.net.join import JoinApp, controller_for, join_link
from tabletop_tui.net.server import HostServer

from ..expect import given, of_type
from ..ui.helpers import screen_text


async def settle(pilot, check, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the screen did not catch up with the host"
        await pilot.pause(0.02)


def hosted_for_two(game: str):
    """A seeded game of Ann and Bob, both seats played elsewhere, hosted on a thread:
    its first state, the host's table, the port, the seat to act first and its link."""
    spec = rules.get_game(game)
    state = spec.new_game(["Ann", "Bob"], seed=5)
    table = HostTable.start(spec, state, [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0).run_in_thread()
    mine = state.actors()[0]
    return state, table, port, mine, join_link(f"http://127.0.0.1:{port}/seat/{table.tokens[mine]}")


@pytest.mark.parametrize(
    ("game", "players"),
    [("happy-city", 2), ("happiness", 2), ("sweet-lands", 2), ("happiest-town", 2)],
)
async def test_a_joined_seat_plays_on_the_games_own_screen_and_sees_the_other_seats_moves(
    game, players, tmp_path
):
    state, table, port, mine, link = hosted_for_two(game)
    other = SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[1 - mine]}"))
    other.connect()
    app = JoinApp(controller_for(link), data_dir=tmp_path, bot_delay=0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, GameScreenBase))
            screen = of_type(GameScreenBase, app.screen)
            shown = [str(o.prompt) for o in screen.query_one(OptionList).options]
            listed = [a for a in state.legal_actions(mine) if a.kind not in screen.UNLISTED_KINDS]
            assert len(shown) == len(listed) > 0  # (Sweet Lands words its own from the explainer)
            # no coach hints on a joined seat: a hint needs the game itself, held by the host
            assert not screen.coach.seat_may_have_hints()
            # this seat moves on its screen until the other seat is to act
            while app.remote.next_step() == "human":
                move = app.remote.legal()[0]
                screen.act_key(move.key)
                await pilot.pause()
            await settle(pilot, lambda: app.remote.state.step == table.state.step > 0)
            # the seat waits for a player elsewhere, not for a hand-off at this terminal
            assert "take the terminal" not in screen_text(app)
            if game == "sweet-lands" and (1 - mine) in table.state.actors():
                other_name = ["Ann", "Bob"][1 - mine]
                assert f"Waiting for {other_name} to move." in screen_text(app)
            # the other seat moves from elsewhere (Happiness: the silence may be open to
            # both; the first to act breaks it): this screen follows
            before = table.state.step
            while (1 - mine) in table.state.actors() and table.state.step - before < 3:
                other.ask("act", given(other.table).legal[0][0])
            await settle(pilot, lambda: app.remote.state.step == table.state.step > before)
            assert app.remote.view() == table.state.view(mine)
    finally:
        link.close()
        other.close()


async def test_a_finished_game_joined_shows_how_it_ended_without_the_seed_or_a_game_again(
    tmp_path,
):
    from tabletop_tui.screens.end import EndScreen

    from .games import played

    *_, over = played("happy-city", 2, {}, 7)
    assert over.is_over
    spec = HAPPY_CITY
    table = HostTable.start(spec, over, [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0).run_in_thread()
    link = join_link(f"http://127.0.0.1:{port}/seat/{table.tokens[1]}")
    app = JoinApp(controller_for(link), data_dir=tmp_path, bot_delay=0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, EndScreen))
            text = " ".join(str(s.content) for s in app.screen.query(Static))
            assert "Tie-break" in text and "Seed" not in text
            assert not app.screen.query("#end-again")
            await pilot.press("t")  # the title: for a joined seat, the app closes
            await settle(pilot, lambda: app.return_code is not None)
    finally:
        link.close()


async def test_a_joined_seat_joins_again_by_itself_once_a_stopped_host_is_back(tmp_path):
    import asyncio

    from .test_host_terminal import free_port

    spec = HAPPY_CITY
    state = spec.new_game(["Ann", "Bob"], seed=5)
    table = HostTable.start(spec, state, [REMOTE, REMOTE])
    port = free_port()
    first = HostServer(table, port=port, bot_delay=0)
    first.run_in_thread()
    mine = state.actors()[0]
    link = join_link(f"http://127.0.0.1:{port}/seat/{table.tokens[mine]}")
    app = JoinApp(controller_for(link), data_dir=tmp_path, bot_delay=0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, GameScreenBase))
            assert first.loop is not None
            stopped = asyncio.run_coroutine_threadsafe(first.stop(), first.loop)
            await asyncio.to_thread(stopped.result, 10)
            table.ask(mine, "act", [state.legal_actions(mine)[0].key])  # moved while away
            HostServer(table, port=port, bot_delay=0).run_in_thread()  # the host is back
            await settle(pilot, lambda: app.remote.state.step == 1, seconds=15)
            assert app.remote.view() == table.state.view(mine)
    finally:
        await asyncio.to_thread(link.close)


async def test_a_watcher_sees_the_public_table_and_can_move_nothing(tmp_path):
    spec = HAPPINESS
    state = spec.new_game(["Ann", "Bob"], seed=5)
    table = HostTable.start(spec, state, [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0).run_in_thread()
    link = join_link(f"http://127.0.0.1:{port}/")
    app = JoinApp(controller_for(link), data_dir=tmp_path, bot_delay=0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, GameScreenBase))
            assert app.remote.viewer is None and app.remote.next_step() == "wait"
            assert app.remote.view() == state.view(None) and app.remote.legal() == []
            await pilot.press("down", "enter")  # keys move nothing for a watcher
            await pilot.pause(0.2)
            assert table.state.step == 0
    finally:
        await asyncio.to_thread(link.close)
