"""`tabletop serve`: textual-serve's server, made to serve only its user.

Built on textual-serve's public API (its Server's handlers and AppService), with:

- a key made at each launch, in the address printed at start: the page and the
  websocket refuse any request without it, so another web page cannot find the app;
- the websocket's Origin checked against the address the browser asked for, so a
  page from elsewhere cannot drive a tab's app even with the key;
- the terminal size a browser asks for capped (a huge one would make the app
  allocate gigabytes);
- a session's process ended when its tab goes: asked to quit, then killed if it
  has not within a few seconds;
- the launch key kept out of the access log, no Server header naming versions, and
  a malformed websocket message (of any kind) dropped, never the session;
- static files without directory listings, and the page's font served from them
  (no outside font service: offline play works, and visits leak nowhere);
- the page's websocket address taken from the address the browser used, so
  ``--host 0.0.0.0`` works from other machines without ``--public-url``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import secrets
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMessage, WSMsgType, web
from aiohttp.abc import AbstractAccessLogger
from textual_serve import server as serve_module
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .addresses import lan_address

log = logging.getLogger("tabletop-serve")

MAX_COLUMNS = 400
MAX_ROWS = 150
STOP_SECONDS = 5.0  # a session's app gets this long to quit before it is killed
SESSION_VARIABLE = "TABLETOP_SERVE_SESSION"  # marks a session's process for the kill
FONT_FACE = """<style>
      @font-face { font-family: "Roboto Mono"; font-style: normal;
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf"); }
      @font-face { font-family: "Roboto Mono"; font-style: italic;
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf"); }
    </style>"""
OUTSIDE_FONT = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>", re.S)


def marked(command: str, session: str) -> str:
    """``command`` with its process marked as ``session``'s (see session_command)."""
    if os.name != "posix":  # pragma: no cover - Windows: no mark, no kill
        return command
    return f"{SESSION_VARIABLE}={session} exec {command}"


def clamp(value: Any, default: int, most: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(1, min(number, most))


def local_template_folder() -> Path:
    """textual-serve's page with its outside font link replaced by the font it ships."""
    page = Path(serve_module.__file__).parent / "templates" / "app_index.html"
    html = OUTSIDE_FONT.sub(lambda _: FONT_FACE, page.read_text(encoding="utf-8"))
    folder = Path(tempfile.mkdtemp(prefix="tabletop-serve-"))
    (folder / "app_index.html").write_text(html, encoding="utf-8")
    return folder


def browser_urls(host: str, port: int, key: str, public_url: str | None) -> list[str]:
    """The addresses to print: the public URL if given, else this machine's."""
    if public_url:
        return [f"{public_url.rstrip('/')}/?key={key}"]
    hosts = [host]
    if host in ("0.0.0.0", "::", ""):
        hosts = [a for a in (lan_address(),) if a] + ["127.0.0.1"]
    return [f"http://{h if ':' not in h else f'[{h}]'}:{port}/?key={key}" for h in hosts]


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux's /proc; elsewhere none are found)."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
            found += kids
            todo += kids
    return found


def kill_session(session: str) -> None:
    """Kill what is left of one session's app (it did not quit when asked)."""
    mark = f"{SESSION_VARIABLE}={session}".encode()
    for pid in descendants(os.getpid()):
        try:
            if mark in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
                os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


async def close_quietly(websocket: web.WebSocketResponse) -> None:
    """Close the tab's websocket (textual-serve asks with no arguments, no answer)."""
    await websocket.close()


async def no_server_header(_request: web.Request, response: web.StreamResponse) -> None:
    """aiohttp names itself and Python's version in every answer: nobody needs to know."""
    response.headers.popall("Server", None)


KEY_IN_PATH = re.compile(r"(/ws/|[?&]key=)[^/?&#\s]+")


def redacted(path: str) -> str:
    """A request's path with the launch key left out (it admits anyone who reads it)."""
    return KEY_IN_PATH.sub(r"\1…", path)


class RedactedAccessLog(AbstractAccessLogger):
    """One line per request, as aiohttp's own, without the launch key."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info(
            '%s "%s %s" %s %.3fs',
            request.remote,
            request.method,
            redacted(request.path_qs),
            response.status,
            time,
        )


def envelope(message: WSMessage) -> tuple[Any, Any] | None:
    """What a browser's message asks, as (kind, data), data None when not given; None
    for a message to drop: not text, not JSON (or nested too deep to read), not a
    list with a kind first."""
    if message.type != WSMsgType.TEXT:
        return None
    try:
        parsed = message.json()
    except Exception:  # noqa: BLE001 - bad JSON, nesting too deep: one message lost
        return None
    if not isinstance(parsed, list) or not parsed:
        return None
    return parsed[0], (parsed[1] if len(parsed) > 1 else None)


async def act_on(
    websocket: web.WebSocketResponse, service: AppService, kind: Any, data: Any
) -> None:
    """Do what one message of the browser asks; one whose data does not fit its
    kind, or of a kind not known, does nothing."""
    if kind == "stdin" and isinstance(data, str):
        try:
            keys = data.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: no key can be made of it
            return
        await service.send_bytes(keys)
    elif kind == "resize" and isinstance(data, dict):
        await service.set_terminal_size(
            clamp(data.get("width"), 80, MAX_COLUMNS),
            clamp(data.get("height"), 24, MAX_ROWS),
        )
    elif kind == "ping":
        await websocket.send_json(["pong", data])
    elif kind == "blur":
        await service.blur()
    elif kind == "focus":
        await service.focus()


class TabletopServer(Server):
    def __init__(
        self,
        command: str,
        host: str,
        port: int,
        public_url: str | None = None,
        saves_folder: str = "",
    ):
        super().__init__(
            command,
            host=host,
            port=port,
            title="tabletop",
            public_url=public_url,
            templates_path=local_template_folder(),
        )
        self.key = secrets.token_urlsafe(16)
        self.given_public_url = public_url
        self.saves_folder = saves_folder
        self.urls = browser_urls(host, port, self.key, public_url)
        self.open_tabs: set[web.WebSocketResponse] = set()  # closed when the server stops
        self.stopped_by: int | None = None  # the signal that stopped it, if one did

    # ---- the page ------------------------------------------------------------------
    def base_url(self, request: web.Request) -> str:
        """The address this browser used (or --public-url): links work from anywhere."""
        if self.given_public_url:
            return self.given_public_url.rstrip("/")
        return f"{request.scheme}://{request.host}"

    def right_key(self, given: str | None) -> bool:
        return given is not None and secrets.compare_digest(given, self.key)

    def tab_key(self, given: str) -> str:
        """The key a page's tabs open their websocket with (the page's own, checked):
        here the launch key; a server whose tabs differ by key passes it on."""
        return self.key

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.right_key(request.query.get("key")):
            raise web.HTTPForbidden(
                text="tabletop: open the address `tabletop serve` printed (it holds a key).\n"
            )
        base = self.base_url(request)
        ws_base = "wss" + base[5:] if base.startswith("https") else "ws" + base[4:]
        context = {
            "font_size": clamp(request.query.get("fontsize", "16"), 16, 64),
            "app_websocket_url": f"{ws_base}/ws/{self.tab_key(request.query['key'])}",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    # ---- the websocket --------------------------------------------------------------
    def origin_allowed(self, request: web.Request) -> bool:
        """A browser names the page that opened the websocket: it must be ours. Clients
        that are not browsers send no Origin; the key alone admits them."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        allowed = {request.host.lower()}
        if self.given_public_url:
            allowed.add(urlsplit(self.given_public_url).netloc.lower())
        return urlsplit(origin).netloc.lower() in allowed

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self.right_key(request.match_info.get("key")) or not self.origin_allowed(request):
            raise web.HTTPForbidden(text="tabletop: this page may not open a game here.\n")
        width = clamp(request.query.get("width"), 80, MAX_COLUMNS)
        height = clamp(request.query.get("height"), 24, MAX_ROWS)
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        self.open_tabs.add(websocket)
        session = secrets.token_hex(8)
        service = AppService(
            self.session_command(session, request.match_info.get("key", "")),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=lambda: close_quietly(websocket),
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await service.start(width, height)
            await self.relay(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # noqa: BLE001 - one session's fault ends that session
            log.exception(error)
        finally:
            self.open_tabs.discard(websocket)
            await self.end_session(service, session)
        return websocket

    def session_command(self, session: str, key: str = "") -> str:
        """The tab's command, its process marked (and the shell replaced by it) so that
        ``kill_session`` can find it; as given where the shell is not a POSIX one.
        ``key``, the one the tab's page was opened with, is for a server whose tabs
        differ by key (a hosted game's seats); this one runs the same app in each."""
        return marked(self.command, session)

    async def relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """Pass the browser's keys and sizes to the app; anything malformed is dropped."""
        async for message in websocket:
            asked = envelope(message)
            if asked is not None:
                await act_on(websocket, service, *asked)

    async def end_session(self, service: AppService, session: str) -> None:
        try:
            await asyncio.wait_for(service.stop(), STOP_SECONDS)
        except Exception:  # noqa: BLE001 - a timeout or a broken pipe: make sure it ends
            kill_session(session)

    # ---- running ----------------------------------------------------------------------
    def make_web_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws/{key}", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        app.on_response_prepare.append(no_server_header)
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl-C: close every tab's websocket, so that each session ends (its app asked
        to quit) at once; aiohttp would otherwise wait on open tabs for many seconds."""
        for websocket in list(self.open_tabs):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"tabletop serve stopped")

    async def on_startup(self, app: web.Application) -> None:
        self.console.print("tabletop: open this address in a web browser:", highlight=False)
        for url in self.urls:
            self.console.print(f"  {url}", highlight=False, soft_wrap=True)
        if self.saves_folder:
            self.console.print(f"Games are saved in {self.saves_folder}", highlight=False)
        self.console.print("Press Ctrl+C to stop.", highlight=False)

    def stop_on(self, sig: int) -> None:
        """A signal stops the server; the command's status says which (130 for SIGINT)."""
        self.stopped_by = sig
        self.request_exit()

    def serve(self, debug: bool = False) -> None:
        self.debug = debug
        self.stopped_by = None
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows has no such handlers
                loop.add_signal_handler(sig, self.stop_on, sig)
        try:
            web.run_app(
                self.make_web_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                access_log_class=RedactedAccessLog,
                print=lambda *args: None,
            )
        finally:
            shutil.rmtree(self.templates_path, ignore_errors=True)  # the page made at start
