"""The host and its seats over a real socket on 127.0.0.1 (an ephemeral port)."""

from __future__ import annotations

import time

import pytest

import rules
from tabletop_tui.net.client import AskRefused, JoinError, SeatLink, parse_address
from tabletop_tui.net.host import REMOTE, HostTable
from tabletop_tui.net.server import HostServer


def wait_for(check, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the host did not send it"
        time.sleep(0.01)


@pytest.fixture
def hosted():
    spec = rules.get_game("happiness")
    table = HostTable.start(spec, spec.new_game(["Ann", "Bob"], seed=3), [REMOTE, REMOTE])
    server = HostServer(table, bot_delay=0)
    port = server.run_in_thread()
    links: list[SeatLink] = []

    def join(token: str) -> SeatLink:
        link = SeatLink(
            parse_address(
                f"http://127.0.0.1:{port}/seat/{token}" if token else f"http://127.0.0.1:{port}/"
            )
        )
        links.append(link)
        link.connect()
        return link

    yield table, port, join
    for link in links:
        link.close()


def test_two_seats_join_and_a_move_on_one_reaches_the_other(hosted):
    table, _port, join = hosted
    ann, bob = join(table.tokens[0]), join(table.tokens[1])
    assert ann.welcome.seat == 0 and bob.welcome.seat == 1
    assert ann.table.view == table.state.view(0) and bob.table.view == table.state.view(1)
    mover = ann if 0 in table.state.actors() else bob
    other = bob if mover is ann else ann
    key = mover.table.legal[0][0]
    assert mover.ask("act", key) is True
    assert mover.table.step == 1  # its new table came before the answer
    wait_for(lambda: other.table.step == 1)
    assert other.table.view == table.state.view(other.welcome.seat)
    with pytest.raises(AskRefused, match="own seat"):
        other.ask("act", key)  # the mover's move, sent from the other seat


def test_a_bad_token_is_refused_in_one_line_and_a_watcher_sees_the_public_view(hosted):
    table, port, join = hosted
    with pytest.raises(JoinError, match="token"):
        join("not-a-token-of-this-game")
    watcher = join("")
    assert watcher.welcome.seat is None and watcher.table.view == table.state.view(None)


def test_a_seat_that_leaves_is_away_and_back_when_it_rejoins_with_its_token(hosted):
    table, _port, join = hosted
    ann, bob = join(table.tokens[0]), join(table.tokens[1])
    wait_for(lambda: ann.table.away == [])
    bob.close()
    wait_for(lambda: ann.table.away == [1])
    again = join(table.tokens[1])
    assert again.table.view == table.state.view(1)
    wait_for(lambda: ann.table.away == [])


def test_an_unreachable_address_says_so_in_one_line():
    link = SeatLink(parse_address("http://127.0.0.1:9/seat/abc"))
    with pytest.raises(JoinError, match="cannot reach") as failed:
        link.connect(timeout=2)
    assert "\n" not in str(failed.value)
    link.close()
    with pytest.raises(JoinError):
        parse_address("ftp://x/seat/abc")
    with pytest.raises(JoinError):
        parse_address("http://127.0.0.1:80/table/abc")


def test_a_seat_away_too_long_is_handed_to_a_bot_that_plays_on():
    spec = rules.get_game("happy-city")
    state = spec.new_game(["Ann", "Bob"], seed=3)
    table = HostTable.start(spec, state, [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0, away_bot=0.3, level="easy").run_in_thread()
    ann = SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[0]}"))
    bob = SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[1]}"))
    ann.connect()
    bob.connect()
    bob.close()
    wait_for(lambda: ann.table.seat_kinds == ["remote", "bot"])
    assert 1 not in ann.table.away  # a bot's seat is never away
    # the bot moves when Bob's turn comes
    while 0 in table.state.actors():
        ann.ask("act", ann.table.legal[0][0])
    wait_for(lambda: any(k.startswith("1:") for k in table.state.action_keys()))
    with pytest.raises(JoinError, match="bot plays this seat"):
        SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[1]}")).connect()
    ann.close()
