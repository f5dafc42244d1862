"""A seat joins in a browser: `tabletop host --web` serves each seat a page (the
textual-serve page of `tabletop serve`), whose tab runs `tabletop join` for that seat."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys

import pytest

pytest.importorskip("textual_serve", reason="the optional 'web' extra is not installed")
aiohttp = pytest.importorskip("aiohttp", reason="the optional 'web' extra is not installed")

from tests.test_serve import Tab, fetch, free_port, wait_for_port, ws_url  # noqa: E402


def test_each_seat_has_its_own_browser_page_and_plays_there(tmp_path):
    port, web = free_port(), free_port()
    log = (tmp_path / "host.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop_tui", "host", "happy-city", "--players", "Ann", "Bob"]
        + ["--seed", "2", "--port", str(port), "--web", str(web), "--data-dir", str(tmp_path)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(web, proc)
        printed = (tmp_path / "host.log").read_text()
        pages = re.findall(r"in a browser: (http://\S+)", printed)
        assert len(pages) == 2
        status, html = fetch(pages[0])
        assert status == 200 and "textual.js" in html
        assert fetch(pages[0].rsplit("=", 1)[0] + "=not-a-seat")[0] == 403
        assert fetch(f"http://127.0.0.1:{web}/")[0] == 403

        async def browse() -> None:
            url = ws_url(html) + "?width=100&height=30"
            async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
                tab = Tab(ws)
                await tab.wait_for("Happy City")
                await tab.wait_for("Ann, your turn")  # Ann's seat, on her page
                await tab.press("1")  # draw from deck 1: the move reaches the host
                await tab.wait_for("draws")

        asyncio.run(asyncio.wait_for(browse(), timeout=120))
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
