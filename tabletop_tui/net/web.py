"""Browser seats of a hosted game: textual-serve's page, one per seat.

`tabletop serve` already runs the app in browser tabs; here the page's key is a
seat's token, and each tab runs `tabletop join` for that seat against the host (on
this machine). A tab holds no more than a terminal that joined: the seat's screen,
fed by the host.
"""

from __future__ import annotations

import secrets
import shlex
import sys
from pathlib import Path

from ..serve import TabletopServer, marked

# A phone lays out a page without this at a desktop's width (980 pixels) and shrinks it:
# the seat's terminal came out 100 columns wide in letters too small to read. With it,
# the terminal is as wide as the phone (40 columns at 390 pixels and the default font),
# where the game screens show their narrow layout.
PHONE_VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'


def fit_phones(page: str) -> str:
    """The page's head with the viewport a phone needs (once)."""
    if PHONE_VIEWPORT in page:
        return page
    return page.replace("<head>", f"<head>\n    {PHONE_VIEWPORT}", 1)


class SeatPages(TabletopServer):
    def __init__(self, join_base: str, tokens: list[str], host: str, port: int, data_dir: str):
        super().__init__("", host, port)
        self.join_base = join_base  # the host's own address, from this machine
        self.tokens = list(tokens)  # the seats' tokens: the keys a page opens with
        self.data_dir = data_dir
        page = Path(self.templates_path) / "app_index.html"
        page.write_text(fit_phones(page.read_text(encoding="utf-8")), encoding="utf-8")

    def right_key(self, given: str | None) -> bool:
        if not given:
            return False
        right = False
        for token in self.tokens:  # every one compared, in constant time
            right |= secrets.compare_digest(given.encode(), token.encode())
        return right

    def tab_key(self, given: str) -> str:
        return given  # the seat's token (right_key checked it): the tab joins that seat

    def session_command(self, session: str, key: str = "") -> str:
        address = f"{self.join_base}/seat/{key}"
        command = shlex.join(
            [sys.executable, "-m", "tabletop_tui", "join", address, "--data-dir", self.data_dir]
        )
        return marked(command, session)

    def seat_url(self, shown: str, token: str) -> str:
        return f"http://{shown}:{self.port}/?key={token}"

    async def on_startup(self, app) -> None:  # noqa: ANN001 - aiohttp's Application
        pass  # the host prints each seat's page with its other addresses
