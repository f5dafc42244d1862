"""Screenshot of tabletop running in a web browser: `tabletop serve` in headless Chromium.

Starts `tabletop serve` on a free loopback port with an empty data folder, opens the
page in headless Chromium (the Debian `chromium` package), waits until the app has
drawn its first screen, optionally types keys into it, and saves PNGs here. Chromium
is driven through its DevTools protocol with aiohttp, which the `web` extra installs.

    .venv/bin/python screenshots/make_browser_screenshot.py [--chromium PATH]

Both processes are stopped before the script ends, also when it fails.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import itertools
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

HERE = Path(__file__).resolve().parent
WIDTH, HEIGHT = 1200, 760
SETTLE = 4.0  # seconds for the app to draw after its first byte, or after a key
# (file name, keys typed before the shot); the game's seed is whatever setup offers
SHOTS = [
    ("browser-title.png", []),
    ("browser-setup.png", ["n"]),
    ("browser-game.png", ["n", "ctrl+s", "Enter"]),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise SystemExit(f"gave up waiting for {what} after {seconds} s")


def port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class DevTools:
    """The few DevTools protocol calls this script needs, over one websocket."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse):
        self.ws = ws
        self.ids = itertools.count(1)

    async def call(self, method: str, **params) -> dict:
        msg_id = next(self.ids)
        await self.ws.send_json({"id": msg_id, "method": method, "params": params})
        while True:
            reply = await self.ws.receive_json(timeout=30)
            if reply.get("id") == msg_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    async def set_size(self, width: int, height: int, mobile: bool = False) -> None:
        """The page's size in CSS pixels (``mobile``: as a phone lays a page out), one
        device pixel each: headless Chromium without a GPU draws the terminal's canvas
        at one, and at two a shot showed its left half, doubled."""
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    async def evaluate(self, expression: str):
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def wait_for_app(self, seconds: float = 30) -> None:
        """Until the app's first output reached the page (the terminal is a canvas,
        so its text cannot be read back; the page marks the first byte on <body>)."""
        probe = "document.body.classList.contains('-first-byte')"
        deadline = time.monotonic() + seconds
        while not await self.evaluate(probe):
            if time.monotonic() > deadline:
                raise SystemExit("the app never drew anything in the page")
            await asyncio.sleep(0.25)
        await asyncio.sleep(SETTLE)

    async def focus_terminal(self) -> None:
        """Click the page once so that typed keys reach the terminal."""
        for kind in ("mousePressed", "mouseReleased"):
            await self.call(
                "Input.dispatchMouseEvent", type=kind, x=10, y=HEIGHT // 2, button="left",
                clickCount=1,
            )  # fmt: skip

    async def type_key(self, key: str) -> None:
        """A key such as "n", "Enter" or "ctrl+s", typed into the focused terminal."""
        ctrl = key.startswith("ctrl+")
        key = key.removeprefix("ctrl+")
        params: dict = {"key": key, "modifiers": 2 if ctrl else 0}
        if len(key) == 1:
            params |= {"code": f"Key{key.upper()}", "windowsVirtualKeyCode": ord(key.upper())}
            params |= {} if ctrl else {"text": key}
        elif key == "Enter":
            params |= {"code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r"}
        await self.call("Input.dispatchKeyEvent", type="keyDown", **params)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **params)


async def shoot(devtools_port: int, url: str) -> list[Path]:
    async with aiohttp.ClientSession() as session:
        async with session.put(f"http://127.0.0.1:{devtools_port}/json/new?about:blank") as r:
            target = await r.json(content_type=None)
        async with session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            dt = DevTools(ws)
            await dt.set_size(WIDTH, HEIGHT)
            await dt.call("Page.navigate", url=url)
            written = []
            for name, keys in SHOTS:
                await dt.wait_for_app()
                if keys:
                    await dt.focus_terminal()
                for key in keys:
                    await dt.type_key(key)
                    await asyncio.sleep(SETTLE)
                shot = await dt.call("Page.captureScreenshot", format="png")
                path = HERE / name
                path.write_bytes(base64.b64decode(shot["data"]))
                written.append(path)
                await dt.call("Page.navigate", url=url)  # a fresh tab, a fresh app
            return written


def start_chromium(
    chromium: str, folder: Path, size: tuple[int, int]
) -> tuple[subprocess.Popen, int]:
    """Headless Chromium with a fresh profile in ``folder``; its DevTools port."""
    profile = folder / "chromium"
    browser = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
         "--hide-scrollbars", "--no-first-run", "--remote-debugging-port=0",
         f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    active = profile / "DevToolsActivePort"
    try:
        wait_until(lambda: active.exists() and active.read_text().strip(), 30, "Chromium")
    except SystemExit:
        stop(browser)
        raise
    return browser, int(active.read_text().split()[0])


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        printed = Path(tmp) / "serve.txt"  # the address holds the launch's key
        with printed.open("w") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "tabletop_tui", "--data-dir", tmp, "serve"]
                + ["--port", str(port)],
                stdout=out,
                stderr=subprocess.DEVNULL,
            )
        browser = None
        try:
            wait_until(lambda: port_open(port), 30, "tabletop serve")
            browser, devtools_port = start_chromium(a.chromium, Path(tmp), (WIDTH, HEIGHT))
            wait_until(lambda: "key=" in printed.read_text(), 30, "the printed address")
            url = next(w for w in printed.read_text().split() if "key=" in w)
            for path in asyncio.run(shoot(devtools_port, url)):
                print(f"wrote {path.relative_to(HERE.parent)}")
        finally:
            if browser is not None:
                stop(browser)
            stop(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
