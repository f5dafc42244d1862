"""`tabletop serve` for real: a server on a free loopback port, its page, and two
browser tabs (websockets), each drawing its own app's title screen."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the optional 'web' extra is not installed")
aiohttp = pytest.importorskip("aiohttp", reason="the optional 'web' extra is not installed")

ANSI = re.compile(r"\x1b(\[[0-9;?$]*[A-Za-z]|\][^\x07]*\x07|[()][A-Z0-9])")
TITLE = "hot-seat in your terminal"  # the title screen's tagline
SETUP = "Build a city of 10 cards"  # the first game's summary, near the top of setup


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server exited early"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listened on port {port} within {seconds} s")


@pytest.fixture
def server(tmp_path: Path):
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    env = {**os.environ, "COLUMNS": "400"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop_tui", "--data-dir", str(tmp_path), "serve"]
        + ["--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        wait_for_port(port, proc)
        yield port, tmp_path / "serve.log"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


class Tab:
    """One browser tab: a websocket and the screen text it has received."""

    def __init__(self, ws):
        self.ws = ws
        self.raw = ""

    def text(self) -> str:
        return ANSI.sub("", self.raw)

    async def wait_for(self, words: str, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while words not in self.text():
            left = deadline - time.monotonic()
            assert left > 0, f"{words!r} never drawn; got {self.text()[-400:]!r}"
            msg = await self.ws.receive(timeout=left)
            if msg.type == aiohttp.WSMsgType.BINARY:
                self.raw += msg.data.decode("utf-8", "replace")
            elif msg.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(f"the websocket closed ({msg.type}) before {words!r}")

    async def press(self, key: str) -> None:
        self.raw = ""
        await self.ws.send_json(["stdin", key])


def test_the_page_and_two_tabs_each_with_its_own_app(server):
    port, log = server
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
        html = page.read().decode()
    assert page.status == 200 and "textual.js" in html
    assert f"ws://127.0.0.1:{port}/ws" in html

    async def browse() -> None:
        url = f"http://127.0.0.1:{port}/ws?width=100&height=30"
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url) as ws1, session.ws_connect(url) as ws2:
                one, two = Tab(ws1), Tab(ws2)
                await asyncio.gather(one.wait_for(TITLE), two.wait_for(TITLE))
                await one.press("n")  # tab one opens the setup screen ...
                await one.wait_for(SETUP)
                await two.press("h")  # ... while tab two is still on its own title screen
                await two.wait_for("Rules reference")
                assert SETUP not in two.text()
                await one.press("\x11")  # ctrl+q quits tab one's app only

    # One bound for the whole exchange, so a stuck websocket fails the test, never hangs it.
    asyncio.run(asyncio.wait_for(browse(), timeout=150))
    text = log.read_text()
    assert "--data-dir" in text and str(log.parent) in text  # saves go to the same folder


def test_a_port_in_use_is_one_clear_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "tabletop_tui", "--data-dir", str(tmp_path), "serve"]
            + ["--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert out.returncode == 1
    assert out.stderr.strip().splitlines() == [out.stderr.strip()]
    assert f"cannot listen on 127.0.0.1:{port}" in out.stderr and "Traceback" not in out.stderr
