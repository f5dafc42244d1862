"""A seat's connection to a host, on a thread of its own.

The screens are synchronous: they ask for a move's explanation while drawing it. So
the link runs aiohttp's websocket client on its own event loop, in its own thread,
and ``ask`` waits for the answer (milliseconds on a table's network). Tables pushed
by the host are handed to ``on_table`` on the link's thread: a screen must pass them
to its own loop without waiting (``loop.call_soon_threadsafe``), since the screen's
thread may itself be waiting on ``ask``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from .protocol import (
    MAX_TO_SEAT,
    TO_SEAT,
    Answer,
    Ask,
    Bye,
    Hello,
    Message,
    Table,
    Welcome,
    decode,
    encode,
)


class JoinError(Exception):
    """Why joining failed, in one line."""


class AskRefused(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Address:
    ws_url: str
    token: str  # "" to watch


def parse_address(text: str) -> Address:
    """``http://HOST:PORT/seat/TOKEN`` (or ``/`` to watch) as the host prints it."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "ws") or not parts.hostname:
        raise JoinError(f"{text!r} is not a join address (http://HOST:PORT/seat/TOKEN)")
    try:
        port = parts.port or 80
    except ValueError:
        raise JoinError(f"{text!r} has no usable port") from None
    path = parts.path.strip("/").split("/") if parts.path.strip("/") else []
    if path and (len(path) != 2 or path[0] != "seat" or not path[1]):
        raise JoinError(f"{text!r} is not a join address (http://HOST:PORT/seat/TOKEN)")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return Address(f"ws://{host}:{port}/ws", path[1] if path else "")


class SeatLink:
    def __init__(self, address: Address):
        self.address = address
        self.welcome: Welcome | None = None
        self.table: Table | None = None
        self.on_table: Callable[[Table], None] | None = None
        # told when the connection ends: why, and whether the host said so (a bye: a
        # rejoin elsewhere, a bot took the seat) or it just went (worth joining again)
        self.on_bye: Callable[[str, bool], None] | None = None
        self.closed_reason = ""
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self._loop = asyncio.new_event_loop()
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._session: aiohttp.ClientSession | None = None
        threading.Thread(target=self._loop.run_forever, name="tabletop-seat", daemon=True).start()

    # ---- from the screen's thread ------------------------------------------------------
    def connect(self, timeout: float = 5.0) -> Welcome:
        """Join: the host's welcome (the first table is in ``table``), or JoinError."""
        future: Future = asyncio.run_coroutine_threadsafe(self._connect(timeout), self._loop)
        try:
            return future.result(timeout + 1)
        except JoinError:
            raise
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            raise JoinError(
                f"cannot reach {self.address.ws_url} ({type(exc).__name__}: {exc})".rstrip(": )")
                + ")"
            ) from None

    def ask(self, method: str, *args: Any, timeout: float = 10.0) -> Any:
        """The host's answer (after any table it sent first), or AskRefused."""
        future: Future = asyncio.run_coroutine_threadsafe(self._ask(method, list(args)), self._loop)
        try:
            answer: Answer = future.result(timeout)
        except TimeoutError:
            raise AskRefused("The host did not answer in time.") from None
        if answer.refused is not None:
            raise AskRefused(answer.refused)
        return answer.value

    def close(self) -> None:
        if not self._loop.is_running():
            return  # closed already
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(3)
        self._loop.call_soon_threadsafe(self._loop.stop)

    # ---- on the link's thread ----------------------------------------------------------
    async def _connect(self, timeout: float) -> Welcome:
        await self._close()  # a link joins again after a drop: the old one goes first
        self.closed_reason = ""
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None))
        try:
            self._ws = await asyncio.wait_for(
                self._session.ws_connect(
                    self.address.ws_url, heartbeat=5.0, max_msg_size=4 * MAX_TO_SEAT
                ),
                timeout,
            )
            await self._ws.send_str(encode(Hello(self.address.token)))
            welcome = await asyncio.wait_for(self._first(), timeout)
        except BaseException:  # refused or unreachable: nothing is left open
            await self._close()
            raise
        asyncio.ensure_future(self._read())
        return welcome

    async def _first(self) -> Welcome:
        """Read up to the welcome and the first table."""
        assert self._ws is not None
        while True:
            msg = await self._ws.receive()
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise JoinError("the host closed the connection before welcoming this seat")
            got = decode(msg.data, TO_SEAT, MAX_TO_SEAT)
            if isinstance(got, Bye):
                raise JoinError(got.reason)
            if isinstance(got, Welcome):
                self.welcome = got
            elif isinstance(got, Table) and self.welcome is not None:
                self.table = got
                return self.welcome

    async def _read(self) -> None:
        assert self._ws is not None
        reason, said = "The connection to the host was lost.", False
        async for msg in self._ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                bye = self._take(decode(msg.data, TO_SEAT, MAX_TO_SEAT))
                if bye is not None:
                    reason, said = bye, True
        self._ended(reason, said)

    def _take(self, got: Message | None) -> str | None:
        """Take one message from the host (None: a malformed one, dropped): a table is
        kept and passed on, an answer goes to the ask waiting for it; returns the
        reason a bye gives, if it is one."""
        if isinstance(got, Table):
            self.table = got
            if self.on_table is not None:
                self.on_table(got)
        elif isinstance(got, Answer):
            waiting = self._waiting.pop(got.id, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(got)
        elif isinstance(got, Bye):
            return got.reason
        return None

    def _ended(self, reason: str, said: bool) -> None:
        """The link is over: every ask still waiting is refused with ``reason``, and
        ``on_bye`` told it (``said``: the host gave it; else the connection was lost)."""
        self.closed_reason = reason
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_result(Answer(0, refused=reason))
        if self.on_bye is not None:
            self.on_bye(reason, said)

    async def _ask(self, method: str, args: list) -> Answer:
        if self._ws is None or self._ws.closed:
            return Answer(0, refused=self.closed_reason or "Not connected to the host.")
        ask_id = next(self._ids)
        waiting = self._loop.create_future()
        self._waiting[ask_id] = waiting
        await self._ws.send_str(encode(Ask(ask_id, method, args)))
        return await waiting

    async def _close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
            self._ws = None
        if self._session is not None:
            await self._session.close()
            self._session = None
