"""`tabletop serve` for real: a server on a free loopback port, its page, and two
browser tabs (websockets), each drawing its own app's title screen; and what keeps
the server to its user: the key, the origin check, the size cap, no listings, local
fonts, and a tab's process ended when the tab goes."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
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


def printed_url(log: Path, seconds: float = 30) -> str:
    """The address the server printed for browsers (it holds the launch's key)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = re.search(r"http://127\.0\.0\.1:\d+/\?key=[\w-]+", log.read_text())
        if found:
            return found.group(0)
        time.sleep(0.2)
    raise AssertionError(f"no address printed: {log.read_text()!r}")


SERVERS: dict[int, subprocess.Popen] = {}  # the running server by port, for Ctrl-C


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
    SERVERS[port] = proc
    try:
        wait_for_port(port, proc)
        yield port, tmp_path / "serve.log"
    finally:
        SERVERS.pop(port, None)
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


@asynccontextmanager
async def title_tab(html: str) -> AsyncIterator[Tab]:
    """One tab of the page (its HTML given), open on the title screen."""
    url = ws_url(html) + "?width=100&height=30"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        tab = Tab(ws)
        await tab.wait_for(TITLE)
        yield tab


def ws_url(html: str) -> str:
    return re.search(r'data-session-websocket-url="([^"]+)"', html).group(1)  # type: ignore[union-attr]


def fetch(url: str, headers: dict | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as page:
            return page.status, page.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, ""


def test_the_page_and_two_tabs_each_with_its_own_app(server):
    port, log = server
    status, html = fetch(printed_url(log))
    assert status == 200 and "textual.js" in html
    assert ws_url(html).startswith(f"ws://127.0.0.1:{port}/ws/")

    async def browse() -> None:
        url = ws_url(html) + "?width=100&height=30"
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(url) as ws1,
            session.ws_connect(url) as ws2,
        ):
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
    assert f"Games are saved in {log.parent}" in text  # the terminal app's folder


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
    assert out.returncode == 1 and out.stdout == ""  # no address printed for nothing
    assert out.stderr.strip().splitlines() == [out.stderr.strip()]
    assert f"cannot listen on 127.0.0.1:{port}" in out.stderr and "Traceback" not in out.stderr


def test_without_the_key_nothing_is_served_and_static_lists_nothing(server):
    port, log = server
    url = printed_url(log)
    assert fetch(f"http://127.0.0.1:{port}/")[0] == 403
    assert fetch(f"http://127.0.0.1:{port}/?key=guess")[0] == 403
    assert fetch(f"http://127.0.0.1:{port}/static/")[0] in (403, 404)
    assert fetch(f"http://127.0.0.1:{port}/static/fonts/")[0] in (403, 404)
    _, html = fetch(url)
    fetched = re.findall(r'(?:src|href)="([^"]+)"|url\("([^"]+)"\)', html)
    addresses = [a or b for a, b in fetched]
    assert addresses and "googleapis" not in html
    assert all(a.startswith(f"http://127.0.0.1:{port}/static/") for a in addresses), addresses
    font = re.search(r'url\("([^"]+\.ttf)"\)', html).group(1)  # type: ignore[union-attr]
    status, _ = fetch(font)
    assert status == 200  # the page's font comes from this server


def test_the_page_links_to_the_address_the_browser_used(server):
    """With --host 0.0.0.0 a browser on another machine asks for this machine's LAN
    address; the page's websocket must point there, not at the bind address."""
    port, log = server
    key = printed_url(log).split("key=")[1]
    _, html = fetch(f"http://127.0.0.1:{port}/?key={key}", {"Host": f"192.168.1.20:{port}"})
    assert ws_url(html) == f"ws://192.168.1.20:{port}/ws/{key}"
    assert f"http://192.168.1.20:{port}/static/" in html


def test_a_foreign_origin_or_a_missing_key_is_refused(server):
    port, log = server
    _, html = fetch(printed_url(log))
    good = ws_url(html) + "?width=80&height=24"
    wrong_key = f"ws://127.0.0.1:{port}/ws/guess?width=80&height=24"

    async def attempt(url: str, origin: str | None) -> int:
        headers = {"Origin": origin} if origin else {}
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(url, headers=headers) as ws:
                    await Tab(ws).wait_for(TITLE)
                    return 101
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status

    async def all_attempts() -> list[int]:
        return [
            await attempt(good, "http://evil.example"),
            await attempt(good, "http://127.0.0.1:1"),
            await attempt(wrong_key, None),
            await attempt(good, f"http://127.0.0.1:{port}"),  # the page itself: allowed
        ]

    assert asyncio.run(asyncio.wait_for(all_attempts(), timeout=120)) == [403, 403, 403, 101]


def session_processes(data_dir: Path) -> list[int]:
    """The app processes the server started for tabs (their command names the folder)."""
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
            environ = (proc / "environ").read_bytes()
        except OSError:
            continue
        if b"TABLETOP_SERVE_SESSION=" in environ and str(data_dir).encode() in b" ".join(cmdline):
            found.append(int(proc.name))
    return found


def memory_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads Linux's /proc")
def test_a_huge_size_is_capped_and_a_closed_tab_ends_its_process(server, tmp_path):
    port, log = server
    _, html = fetch(printed_url(log))

    async def browse() -> int:
        url = ws_url(html) + "?width=20000&height=20000"
        async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
            tab = Tab(ws)
            await tab.wait_for(TITLE)
            (pid,) = session_processes(tmp_path)
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            assert b"COLUMNS=400" in environ and b"ROWS=150" in environ
            await ws.send_json(["resize", {"width": 20000, "height": 20000}])
            await tab.press("n")  # still answering after the resize
            await tab.wait_for(SETUP)
            assert memory_kib(pid) < 600_000
        return pid  # the tab is closed here

    pid = asyncio.run(asyncio.wait_for(browse(), timeout=150))
    deadline = time.monotonic() + 30
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    alive = (
        Path(f"/proc/{pid}/status").exists()
        and "zombie" not in Path(f"/proc/{pid}/status").read_text()
    )
    assert not alive, "the tab's app was still running 30 s after the tab closed"


def test_the_key_bar_is_drawn_before_the_page_is_clicked_and_ctrl_c_closes_the_tab(server):
    """Textual's web driver starts the app blurred until the page is clicked; the
    title screen's key bar must show its keys at once all the same. Ctrl-C then
    closes the open tab as the server going away (the server once waited on it for
    about 20 s, then dropped it)."""
    port, log = server
    _, html = fetch(printed_url(log))

    async def browse() -> None:
        async with title_tab(html) as tab:
            await tab.wait_for("^q Quit", seconds=30)  # the key bar's right end
            assert "r Resume" in tab.text()
            SERVERS[port].send_signal(signal.SIGINT)
            ended = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
            while (await tab.ws.receive(timeout=60)).type not in ended:
                pass
            assert tab.ws.close_code == aiohttp.WSCloseCode.GOING_AWAY

    asyncio.run(asyncio.wait_for(browse(), timeout=120))


MALFORMED = [
    "[" * 100_000 + "]" * 100_000,  # too deep for the JSON reader: RecursionError
    "{not json",
    '["stdin", "\\ud800"]',  # keys no UTF-8 can carry
    '["resize", {"width": ' + "[" * 50_000 + "]" * 50_000 + "}]",
    "[]",
]


def test_malformed_messages_are_dropped_and_the_tab_plays_on(server):
    """A deeply nested message once ended the tab with a traceback on the console (only
    ValueError was caught); a lone surrogate as keys did the same."""
    port, log = server
    _, html = fetch(printed_url(log))

    async def browse() -> None:
        async with title_tab(html) as tab:
            for bad in MALFORMED:
                await tab.ws.send_str(bad)
            await tab.press("n")  # the same tab, still answering
            await tab.wait_for(SETUP)

    asyncio.run(asyncio.wait_for(browse(), timeout=150))
    assert "Traceback" not in log.read_text() and "Error" not in log.read_text()


def test_requests_are_logged_without_the_key_or_a_version_header(server):
    port, log = server
    url = printed_url(log)
    key = url.split("key=")[1]
    with urllib.request.urlopen(url, timeout=10) as page:
        assert page.status == 200 and page.headers.get("Server") is None
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/?key=guess", timeout=10)
    except urllib.error.HTTPError as exc:
        assert exc.code == 403 and exc.headers.get("Server") is None
    deadline = time.monotonic() + 30
    while '"GET /?key=…"' not in log.read_text():
        assert time.monotonic() < deadline, f"no request logged: {log.read_text()[-500:]!r}"
        time.sleep(0.2)
    lines = log.read_text().splitlines()
    assert key not in "\n".join(line for line in lines if "GET" in line)


def test_ctrl_c_stops_the_server_with_status_130(server):
    """serve once ended with status 0 on Ctrl-C, unlike every other command."""
    port, _log = server
    proc = SERVERS[port]
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) == 130
