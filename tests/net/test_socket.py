"""The host and its seats over a real socket on 127.0.0.1 (an ephemeral port)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

import rules
from rules.happiness import HAPPINESS
from rules.happy_city import HAPPY_CITY
from tabletop_tui.net.client import AskRefused, JoinError, SeatLink, parse_address
from tabletop_tui.net.host import REMOTE, HostTable
from tabletop_tui.net.server import HostServer

from ..expect import given


def wait_for(check, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the host did not send it"
        time.sleep(0.01)


@pytest.fixture
def hosted():
    spec = HAPPINESS
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
    spec = HAPPY_CITY
    state = spec.new_game(["Ann", "Bob"], seed=3)
    table = HostTable.start(spec, state, [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0, away_bot=0.3, level="easy").run_in_thread()
    ann = SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[0]}"))
    bob = SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[1]}"))
    ann.connect()
    bob.connect()
    bob.close()
    wait_for(lambda: given(ann.table).seat_kinds == ["remote", "bot"])
    assert 1 not in given(ann.table).away  # a bot's seat is never away
    # the bot moves when Bob's turn comes
    while 0 in table.state.actors():
        ann.ask("act", given(ann.table).legal[0][0])
    wait_for(lambda: any(k.startswith("1:") for k in table.state.action_keys()))
    with pytest.raises(JoinError, match="bot plays this seat"):
        SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[1]}")).connect()
    ann.close()


@pytest.mark.parametrize("game", ["happy-city", "happiest-town", "happiness", "sweet-lands"])
def test_what_each_seat_receives_over_the_socket_holds_no_other_seats_hidden_cards(game):
    """Clients for every seat play a seeded game over a real socket; every table each
    one is sent, and the explainer's answer to each of its moves, is checked against
    what the other seats hold privately at that step."""
    import random

    from tabletop_tui.net.protocol import encode

    from .test_host_privacy import check_message, secrets_kept_from

    spec = rules.get_game(game)
    table = HostTable.start(spec, spec.new_game(["Ann", "Bob", "Cat"], seed=8), [REMOTE] * 3)
    port = HostServer(table, bot_delay=0).run_in_thread()
    links = [SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{t}")) for t in table.tokens]
    received: list[tuple[int, object]] = []
    for seat, link in enumerate(links):
        link.on_table = lambda sent, seat=seat: received.append((seat, sent))
        link.connect()
    rng = random.Random(8)
    try:
        for _ in range(40):
            state = table.state
            if state.is_over:
                break
            wait_for(
                lambda state=state: all(given(link.table).step == state.step for link in links)
            )
            for seat, link in enumerate(links):
                hidden = secrets_kept_from(state, seat)
                check_message(encode(given(link.table)), *hidden, f"{game} seat {seat}")
                for key, _label in given(link.table).legal[:3]:
                    told = link.ask("action", key)
                    check_message(json.dumps(told), *hidden, f"{game} seat {seat} asked")
            seat = rng.choice(state.actors())
            links[seat].ask("act", rng.choice(given(links[seat].table).legal)[0])
        assert len(received) >= 3 * 20  # every seat was sent a table after every move
    finally:
        for link in links:
            link.close()


def test_a_rejoin_while_the_old_connection_lingers_takes_the_seat_over_and_it_is_not_away(hosted):
    table, _port, join = hosted
    ann, bob = join(table.tokens[0]), join(table.tokens[1])
    again = join(table.tokens[1])  # Bob's laptop slept; he joins from his phone
    wait_for(lambda: bob.closed_reason == "This seat was joined again elsewhere.")
    time.sleep(0.2)  # the old connection's end has been handled
    wait_for(lambda: ann.table.away == [])
    assert table.connections[1] == 1 and again.table.view == table.state.view(1)


def test_a_seat_elsewhere_breaks_the_happiness_silence_with_a_bummer():
    """The silence window is open to every seat at once: a seat that holds a Bummer
    is offered the claim in its own table and the host takes it from that seat."""
    import random

    spec = HAPPINESS
    state = spec.new_game(["Ann", "Bob", "Cat"], seed=11, options={"silence_seconds": 10})
    rng = random.Random(11)
    while not any(state.find_action(s, "claim") for s in range(3)):  # to a silence with a claim
        seat = rng.choice(state.actors())
        moves = [a for a in state.legal_actions(seat) if a.kind != "claim"]
        state = state.apply(rng.choice(moves))
    claimer = next(s for s in range(3) if state.find_action(s, "claim"))
    table = HostTable.start(spec, state, [REMOTE] * 3)
    port = HostServer(table, bot_delay=0).run_in_thread()
    link = SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[claimer]}"))
    link.connect()
    try:
        assert given(link.table).window
        claim = next(key for key, _label in given(link.table).legal if ":claim" in key)
        assert link.ask("act", claim) is True
        assert table.state.step == state.step + 1 and not table.state.interrupt_window
    finally:
        link.close()


def test_a_link_the_host_drops_unsaid_refuses_the_asks_left_waiting_and_says_it_was_lost():
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    spec = HAPPINESS
    table = HostTable.start(spec, spec.new_game(["Ann", "Bob"], seed=3), [REMOTE, REMOTE])
    server = HostServer(table, bot_delay=0)
    port = server.run_in_thread()
    link = SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{table.tokens[0]}"))
    byes: list[tuple[str, bool]] = []
    link.on_bye = lambda reason, said: byes.append((reason, said))
    link.connect()
    key = given(link.table).legal[0][0]
    loop = given(server.loop)
    # the host holds its one move at a time: the seat's move waits for an answer
    asyncio.run_coroutine_threadsafe(server.moving.acquire(), loop).result(5)
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(link.ask, "act", key)
        time.sleep(0.2)
        for ws in list(server.sockets):  # the connection closes with no word of why
            asyncio.run_coroutine_threadsafe(ws.close(), loop).result(5)
        with pytest.raises(AskRefused, match="The connection to the host was lost."):
            waiting.result(5)
    assert byes == [("The connection to the host was lost.", False)]
    assert link.closed_reason == "The connection to the host was lost."
    loop.call_soon_threadsafe(server.moving.release)
    link.close()
    server.stop_thread()


def test_a_seat_joined_again_elsewhere_is_told_why_its_link_ends(hosted):
    table, _port, join = hosted
    bob = join(table.tokens[1])
    byes: list[tuple[str, bool]] = []
    bob.on_bye = lambda reason, said: byes.append((reason, said))
    join(table.tokens[1])
    wait_for(lambda: bool(byes))
    assert byes == [("This seat was joined again elsewhere.", True)]


def test_a_host_stopped_with_moves_still_queued_leaves_no_coroutine_unstarted():
    # a push queued by a bot's last move, the away watch and the bots' turns are all on
    # the loop when it stops: each is cancelled and run to its end, none dropped unstarted
    spec = HAPPY_CITY
    table = HostTable.start(spec, spec.new_game(["Ann", "Bob"], seed=3), [REMOTE, REMOTE])
    server = HostServer(table, bot_delay=0, away_bot=0.3, level="easy")
    server.run_in_thread()
    loop = server.loop
    assert loop is not None
    unstarted: list[asyncio.Task] = []

    def stop_with_the_push_unstarted() -> None:
        unstarted.extend(asyncio.all_tasks(loop))
        loop.stop()

    def queue_a_push_and_stop() -> None:
        assert table.on_change is not None
        table.on_change()  # as a move does: the push is queued for the loop's next turn
        loop.call_soon(stop_with_the_push_unstarted)

    loop.call_soon_threadsafe(queue_a_push_and_stop)
    wait_for(loop.is_closed)  # the host's thread has ended
    assert unstarted, "the loop stopped with nothing on it"
    assert all(task.done() for task in unstarted)
