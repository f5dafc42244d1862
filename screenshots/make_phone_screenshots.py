"""A seat's browser page on a phone and on a desktop: `tabletop host GAME --web PORT`
in headless Chromium (issue 50 items 6 and 7).

Starts a host with a browser page per seat, opens seat 1's page (or --seat N's) in headless Chromium
at 390x844 (a phone, portrait) and at a desktop size, waits until the app has drawn,
and saves PNGs here. It also notes how many columns and rows the page's terminal gives the app at 390 pixels
for a few font sizes (the page's ``fontsize`` parameter; the
default is 16), and prints them.

    .venv/bin/python screenshots/make_phone_screenshots.py [--game GAME] [--out DIR]
        [--seat N] [--chromium PATH] [--settle SECONDS] [--quick]

``--quick`` takes the phone shot only, at the default font (the test does). Chromium and the host are stopped before the script ends, also when it fails.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the DevTools driver of the `tabletop serve` screenshots

from make_browser_screenshot import (  # noqa: E402
    DevTools,
    free_port,
    port_open,
    start_chromium,
    stop,
    wait_until,
)

PHONE = (390, 844)
DESKTOP = (1280, 800)
FONT_SIZES = [16, 14, 12, 10]  # the page's fontsize: its default first
# The terminal's size in the page, as the page tells it to the app: the page opens its
# websocket with ?width=COLS&height=ROWS and sends ["resize", {...}] on a change; this
# wrapper, run before the page's own script, notes both.
NOTE_SIZES = """(() => {
  const Socket = window.WebSocket;
  window.tabletopSizes = [];
  window.WebSocket = function (url, protocols) {
    const ws = new Socket(url, protocols);
    const found = /width=(\\d+)&height=(\\d+)/.exec(url);
    if (found) window.tabletopSizes.push([+found[1], +found[2]]);
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      try {
        const said = JSON.parse(data);
        if (said[0] === 'resize') window.tabletopSizes.push([said[1].width, said[1].height]);
      } catch (e) {}
      return send(data);
    };
    return ws;
  };
  window.WebSocket.prototype = Socket.prototype;
})()"""
LAST_SIZE = "window.tabletopSizes && window.tabletopSizes[window.tabletopSizes.length - 1]"
GAMES = {  # the game's command line: a seed and names that make a readable first turn
    "happy-city": ["happy-city", "--players", "Ann", "Bob", "--seed", "2"],
    "sweet-lands": ["sweet-lands", "--players", "Ann", "Bob", "--seed", "7"],
    "happiness": ["happiness", "--players", "Ann", "Bob", "--seed", "3"],
}


async def open_page(dt: DevTools, url: str, size: tuple[int, int], mobile: bool) -> None:
    await dt.set_size(*size, mobile=mobile)
    await dt.call("Page.navigate", url=url)
    await dt.wait_for_app()


async def shoot(
    devtools_port: int, page: str, shots: list[tuple[str, tuple[int, int], bool]],
    fonts: list[int], out: Path,
) -> dict:  # fmt: skip
    """Each shot (file, size, mobile) saved in ``out``; the terminal's size at each of
    ``fonts`` at the phone's width; what was written and measured."""
    found: dict = {"written": [], "phone_terminal": {}}
    async with aiohttp.ClientSession() as session:
        async with session.put(f"http://127.0.0.1:{devtools_port}/json/new?about:blank") as r:
            target = await r.json(content_type=None)
        async with session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            dt = DevTools(ws)
            await dt.call("Page.enable")  # without it the script below is not run
            await dt.call("Page.addScriptToEvaluateOnNewDocument", source=NOTE_SIZES)
            for name, size, mobile in shots:
                await open_page(dt, page, size, mobile)
                shot = await dt.call("Page.captureScreenshot", format="png")
                path = out / name
                path.write_bytes(base64.b64decode(shot["data"]))
                found["written"].append(str(path))
                if size == PHONE:  # the default font's terminal, as the page just told it
                    found["phone_terminal"][FONT_SIZES[0]] = await dt.evaluate(LAST_SIZE)
            for font in fonts:
                await open_page(dt, f"{page}&fontsize={font}", PHONE, True)
                found["phone_terminal"][font] = await dt.evaluate(LAST_SIZE)
    return found


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="happy-city", choices=sorted(GAMES))
    p.add_argument("--seat", type=int, default=1, help="whose page to open (1)")
    p.add_argument("--out", type=Path, default=HERE, help="where the PNGs go (here)")
    p.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    p.add_argument("--settle", type=float, default=4.0, help="seconds to let the app draw")
    p.add_argument("--quick", action="store_true", help="the phone shot and default font only")
    a = p.parse_args()
    import make_browser_screenshot

    make_browser_screenshot.SETTLE = a.settle  # DevTools.wait_for_app waits this long
    shots = [(f"phone-{a.game}-390x844.png", PHONE, True)]
    if not a.quick:
        shots.append((f"desktop-{a.game}-1280x800.png", DESKTOP, False))
    fonts = [] if a.quick else FONT_SIZES[1:]  # the default one is measured with the shot
    with tempfile.TemporaryDirectory() as tmp:
        port, web = free_port(), free_port()
        printed = Path(tmp) / "host.txt"  # the pages' addresses hold the seats' tokens
        with printed.open("w") as log:
            host = subprocess.Popen(
                [sys.executable, "-m", "tabletop_tui", "host", *GAMES[a.game]]
                + ["--port", str(port), "--web", str(web), "--data-dir", tmp],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        browser = None
        try:
            wait_until(lambda: port_open(web), 30, "the host's pages")
            seat = rf"Seat {a.seat} \(\w+\) in a browser: (\S+)"
            pages = re.findall(seat, printed.read_text())
            if not pages:
                raise SystemExit(f"no page printed:\n{printed.read_text()}")
            browser, devtools_port = start_chromium(a.chromium, Path(tmp), DESKTOP)
            found = asyncio.run(shoot(devtools_port, pages[0], shots, fonts, a.out))
        finally:
            if browser is not None:
                stop(browser)
            stop(host)
    for path in found["written"]:
        print(f"wrote {path}")
    for font, size in found["phone_terminal"].items():
        if size:
            print(f"at {PHONE[0]}x{PHONE[1]} px, fontsize {font}: {size[0]}x{size[1]} cells")
    print(json.dumps(found["phone_terminal"]))  # the last line: for a test to read
    return 0


if __name__ == "__main__":
    sys.exit(main())
