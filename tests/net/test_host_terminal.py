"""The host's own terminal: hot-seat players and bots on the host, a seat elsewhere."""

from __future__ import annotations

import asyncio
import socket
import time

import rules
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.net.client import SeatLink, parse_address
from tabletop_tui.net.host import BOT, HOST, REMOTE, HostTable
from tabletop_tui.net.join import HostApp
from tabletop_tui.net.server import HostServer
from tabletop_tui.widgets.common import HandoffScreen


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_mixed_table_two_hot_seat_players_here_a_bot_and_a_seat_elsewhere(tmp_path):
    spec = rules.get_game("happy-city")
    state = spec.new_game(["Ann", "Bob", "Cat", "Dan"], seed=5)
    table = HostTable.start(spec, state, [HOST, HOST, REMOTE, BOT])
    port = free_port()
    app = HostApp(HostServer(table, port=port, bot_delay=0), data_dir=tmp_path, bot_delay=0)
    seen = {"elsewhere": 0}
    here: set[int] = set()  # the seats that moved on this terminal
    link = None
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            end = time.monotonic() + 30
            while link is None or link.table is None:
                await pilot.pause(0.05)
                if table.controller is app.controller:
                    link = SeatLink(
                        parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[2]}")
                    )
                    await asyncio.to_thread(link.connect)  # the host runs on this loop
            while table.state.step < 24 and time.monotonic() < end:
                c = table.controller
                step = c.next_step()
                if isinstance(app.screen, HandoffScreen):  # (a banner in Happy City by default)
                    await pilot.press("enter")
                elif step == "human" and isinstance(app.screen, GameScreenBase):
                    here.add(c.viewer)
                    app.screen.act_key(c.legal()[0].key)
                elif step == "wait" and link.table.legal and link.table.step == table.state.step:
                    await asyncio.to_thread(link.ask, "act", link.table.legal[0][0])
                    seen["elsewhere"] += 1
                await pilot.pause(0.02)
            assert table.state.step >= 24
            assert seen["elsewhere"] and here == {0, 1}, (seen, here)  # both hot-seat players
            assert any(key.startswith("3:") for key in table.state.action_keys())  # the bot
            # the seat elsewhere was sent the game as it is, and only its own view
            end = time.monotonic() + 5
            while link.table.step != table.state.step and time.monotonic() < end:
                await pilot.pause(0.02)
            assert link.table.view == table.state.view(2)
            # the host terminal's viewer is its own seats' business, never the remote one's
            assert table.controller.viewer in (0, 1, None)
            await asyncio.to_thread(link.close)
    finally:
        if link is not None:
            link.close()
