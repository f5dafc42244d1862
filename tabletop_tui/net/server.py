"""The host on the network: aiohttp websockets in front of a HostTable.

One connection per seat (or watcher). The first message names the seat by its token;
then every move or question is answered for that seat alone, and after every change
each connection is sent its own table. Bots and the interrupt window's countdown run
here, on the event loop, so the table is only ever touched from one thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from .host import HostTable, Refused
from .protocol import (
    MAX_TO_HOST,
    MAX_TO_SEAT,
    TO_HOST,
    Answer,
    Ask,
    Bye,
    Hello,
    Message,
    Welcome,
    decode,
    encode,
)

log = logging.getLogger("tabletop.net")
MOVES = ("act", "undo")  # what a seat asks that changes the game
HEARTBEAT = 5.0  # seconds between pings: a seat that stops answering is away soon after


@dataclass
class HostServer:
    table: HostTable
    host: str = "127.0.0.1"
    port: int = 0
    bot_delay: float = 0.6  # seconds before a bot moves, so people can follow its moves
    away_bot: float | None = None  # seconds away after which a bot takes a seat over
    # False where a screen on the host runs the bots (as in hot-seat play): one runner
    runs_bots: bool = True
    level: str = "normal"  # that bot's level
    sockets: dict[web.WebSocketResponse, int | None] = field(default_factory=dict)
    _runner: web.AppRunner | None = None
    _dirty: bool = False
    _bot_task: asyncio.Task | None = None
    _window_task: asyncio.Task | None = None
    _watch_task: asyncio.Task | None = None
    loop: asyncio.AbstractEventLoop | None = None
    # told after each push: the host's own screen follows the game (on the same loop)
    listeners: list[Callable[[], None]] = field(default_factory=list)
    _push_due: bool = False
    _thread: threading.Thread | None = None  # run_in_thread's

    async def start(self) -> int:
        """Listen; returns the port (a free one if ``port`` was 0)."""
        self.loop = asyncio.get_running_loop()
        self.moving = asyncio.Lock()
        app = web.Application()
        app.router.add_get("/ws", self.connection)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.table.on_change = self._changed
        self._after_change()
        if self.away_bot is not None:
            self._watch_task = asyncio.ensure_future(self._watch_away(self.away_bot))
        return self.port

    async def stop(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def run_in_thread(self) -> int:
        """Start on a thread of its own (for tests and a host that also plays); the port."""
        started = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            loop.run_until_complete(self.start())
            started.set()
            loop.run_forever()
            _finish_tasks(loop)
            loop.close()

        self._thread = threading.Thread(target=run, name="tabletop-host", daemon=True)
        self._thread.start()
        if not started.wait(10):
            raise RuntimeError("the host did not start")
        return self.port

    def stop_thread(self, timeout: float = 5.0) -> None:
        """Stop a host started by ``run_in_thread``: its sockets closed, its loop and
        thread ended (nothing of the game stays alive after it)."""
        loop, thread = self.loop, self._thread
        if loop is None or thread is None or not thread.is_alive():
            return
        with contextlib.suppress(Exception):  # a socket that will not close cleanly
            asyncio.run_coroutine_threadsafe(self.stop(), loop).result(timeout)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)

    # ---- one connection ----------------------------------------------------------------
    async def connection(self, request: web.Request) -> web.WebSocketResponse:
        # aiohttp closes anything far over the cap; decode drops what is over it
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=4 * MAX_TO_HOST)
        await ws.prepare(request)
        admitted, seat = await self._greet(ws)
        if not admitted:
            return ws
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    log.warning("dropped a message that is not text (%s)", msg.type.name)
                    continue
                ask = decode(msg.data, TO_HOST, MAX_TO_HOST)
                if not isinstance(ask, Ask):
                    if ask is not None:
                        log.warning("dropped a second hello")
                    continue
                await self._answer(ws, seat, ask)
        finally:
            if self.sockets.pop(ws, "gone") != "gone":  # (one taken over was counted then)
                self.table.disconnected(seat)
                log.info("%s left", self._who(seat))
            await self._push()
        return ws

    async def _greet(self, ws: web.WebSocketResponse) -> tuple[bool, int | None]:
        """Read the Hello: (admitted, the seat: None to watch)."""
        try:
            msg = await ws.receive(timeout=10)
        except TimeoutError:
            await self._send(ws, Bye("No hello came."))
            await ws.close()
            return False, None
        hello = decode(msg.data, TO_HOST, MAX_TO_HOST) if msg.type == WSMsgType.TEXT else None
        if not isinstance(hello, Hello):
            await self._send(ws, Bye("The first message must be a hello of this version."))
            await ws.close()
            return False, None
        try:
            seat = self.table.seat_of(hello.token)
        except Refused as exc:
            await self._send(ws, Bye(exc.reason))
            await ws.close()
            return False, None
        if seat is not None:  # a rejoin takes the seat over from a connection gone quiet
            for old, held in list(self.sockets.items()):
                if held == seat:
                    self.sockets.pop(old)
                    self.table.disconnected(seat)
                    await self._send(old, Bye("This seat was joined again elsewhere."))
                    await old.close()
        state = self.table.state
        await self._send(
            ws, Welcome(self.table.spec.id, list(state.players), dict(state.options), seat)
        )
        await self._send(ws, self.table.table_for(seat))
        self.sockets[ws] = seat
        self.table.connected(seat)
        log.info("%s joined", self._who(seat))
        await self._push()
        return True, seat

    def _who(self, seat: int | None) -> str:
        if seat is None:
            return "A watcher"
        return f"Seat {seat + 1} ({self.table.state.players[seat]})"

    async def _answer(self, ws: web.WebSocketResponse, seat: int | None, ask: Ask) -> None:
        try:
            if ask.method in MOVES:  # one change at a time (a bot may be thinking)
                async with self.moving:
                    value = self.table.ask(seat, ask.method, ask.args)
            else:  # states never change: a question reads the one in place
                value = self.table.ask(seat, ask.method, ask.args)
        except Refused as exc:
            await self._send(ws, Answer(ask.id, refused=exc.reason))
            return
        except Exception as exc:  # noqa: BLE001 - one bad question must not stop the host
            log.exception("asking %r failed", ask.method)
            await self._send(ws, Answer(ask.id, refused=f"The host failed ({type(exc).__name__})."))
            return
        await self._push()  # the seat's new table comes before the answer to its move
        await self._send(ws, Answer(ask.id, value))

    async def _send(self, ws: web.WebSocketResponse, message: Message) -> None:
        if not ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await ws.send_str(encode(message))

    # ---- after every change ----------------------------------------------------------------
    def _changed(self) -> None:
        """The game changed (a move from a seat, a bot, the host's own screen): the
        tables go out once the change is done, from the loop."""
        self._dirty = True
        if self.loop is not None and not self._push_due:
            self._push_due = True
            self.loop.call_soon_threadsafe(self._push_soon)  # a bot moves on a worker thread

    def _push_soon(self) -> None:
        self._push_due = False
        asyncio.ensure_future(self._push())

    async def _push(self) -> None:
        """Each connection its own table, if the game changed since the last push."""
        if not self._dirty:
            return
        self._dirty = False
        tables: dict[int | None, str] = {}
        for ws, seat in list(self.sockets.items()):
            if seat not in tables:
                tables[seat] = encode(self.table.table_for(seat))
                if len(tables[seat]) > MAX_TO_SEAT // 2:  # a seat drops one over the cap
                    log.warning("a table of %d characters for seat %s", len(tables[seat]), seat)
            if not ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.send_str(tables[seat])
        for listener in self.listeners:
            listener()
        self._after_change()

    def _after_change(self) -> None:
        """Start a bot's move or the window's countdown if the game now waits on one."""
        if (
            self.runs_bots
            and self.table.bot_due()
            and (self._bot_task is None or self._bot_task.done())
        ):
            self._bot_task = asyncio.ensure_future(self._bot_turn())
        if self.table.window_open() and (self._window_task is None or self._window_task.done()):
            self._window_task = asyncio.ensure_future(self._window())

    async def _bot_turn(self) -> None:
        """A bot's move, after a pause people can follow. It thinks on a worker thread,
        so the seats' questions are answered meanwhile; moves wait for it."""
        await asyncio.sleep(self.bot_delay)
        async with self.moving:
            if self.table.bot_due():
                await asyncio.get_running_loop().run_in_executor(None, self.table.bot_step)
        await self._push()

    async def _watch_away(self, seconds: float) -> None:
        """Hand each seat away for ``seconds`` to a bot (checked once a second)."""
        while True:
            await asyncio.sleep(min(1.0, seconds / 4))
            async with self.moving:
                for seat in self.table.away_longer_than(seconds, time.monotonic()):
                    log.warning("seat %d was away for %g s: a bot plays it now", seat + 1, seconds)
                    self.table.hand_to_bot(seat, self.level)
            await self._push()

    async def _window(self) -> None:
        opened = time.monotonic()
        deadline = opened + self.table.window_seconds()
        while self.table.window_open():
            await asyncio.sleep(0.1)
            now = time.monotonic()
            async with self.moving:
                changed = self.table.window_step(now - opened, now >= deadline)
            if changed:
                await self._push()


def _finish_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """Let a bot still thinking on a worker thread finish, then cancel what the stopped
    loop still holds (a push queued by that move, the away watch, a countdown) and let
    each take its cancellation, so none is dropped unstarted when the loop closes
    (Python warns of a coroutine never awaited). A task ending may start another (a
    connection's last push starts a bot's turn): those are cancelled in the next pass."""
    loop.run_until_complete(loop.shutdown_default_executor())
    for _ in range(5):
        pending = asyncio.all_tasks(loop)
        if not pending:
            return
        for task in pending:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
