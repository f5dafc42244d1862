"""`tabletop join ADDRESS`: one seat of a hosted game, on this screen.

The app is the usual one, opened straight on the game's own screen with a
RemoteController. Tables the host pushes arrive on the link's thread and are passed
to the app's loop without waiting (the app's thread may itself be waiting on the
host's answer to a move).
"""

from __future__ import annotations

import asyncio
import time

import rules

from ..app import TabletopApp
from ..games.base import GameScreenBase
from ..navigation import BackToTitle
from .client import JoinError, SeatLink, parse_address
from .protocol import Table
from .remote import RemoteController
from .server import HostServer

REJOIN_SECONDS = 2.0  # between attempts to join again after the connection went


class JoinApp(TabletopApp):
    def __init__(self, controller: RemoteController, **kw):
        super().__init__(**kw)
        self.remote = controller
        self._loop: asyncio.AbstractEventLoop | None = None
        self._away_told: list[int] = []
        self._kinds_told: list[str] = []

    def on_mount(self) -> None:
        # Textual runs TabletopApp.on_mount as well: this adds the game on top of it.
        self._loop = asyncio.get_running_loop()
        link = self.remote.link
        assert link is not None
        link.on_table = self._table_from_host
        link.on_bye = self._bye_from_host
        self.open_game(self.remote, fresh=False)
        if self.remote.state.is_over:
            self.notify("This game is over: here is how it ended.", timeout=8)

    def on_back_to_title(self, message: BackToTitle) -> None:
        """Leaving the game leaves the app: this terminal has no games of its own here
        (the seat rejoins with the same address)."""
        message.prevent_default()
        self.exit()

    # ---- called on the link's thread: hand over to the app's loop, never wait -----------
    def _table_from_host(self, table: Table) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.show_table, table)

    def _bye_from_host(self, reason: str, said: bool) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.show_bye, reason, said)

    # ---- on the app's loop ------------------------------------------------------------
    def show_table(self, table: Table) -> None:
        self.remote.receive(table)
        self._tell_away(table)
        for screen in self.screen_stack:
            if isinstance(screen, GameScreenBase) and screen.is_mounted:
                screen.advance()

    def _tell_away(self, table: Table) -> None:
        names = self.remote.state.players
        gone = [s for s in table.away if s not in self._away_told]
        back = [s for s in self._away_told if s not in table.away]
        self._away_told = list(table.away)
        for seat in gone:
            self.notify(f"{names[seat]} is away (not connected).", severity="warning")
        for seat in back:
            if table.seat_kinds[seat] != "bot":
                self.notify(f"{names[seat]} is back.")
        for seat, kind in enumerate(table.seat_kinds):
            if kind == "bot" and self._kinds_told and self._kinds_told[seat] != "bot":
                self.notify(f"A bot plays for {names[seat]} now.", severity="warning")
        self._kinds_told = list(table.seat_kinds)

    def show_bye(self, reason: str, said: bool) -> None:
        """The host said goodbye (the seat was taken elsewhere, a bot plays it): say
        why. The connection just went (the host stopped, the network failed): join
        again every few seconds, as a player would with the same address."""
        if said:
            self.notify(reason, title="Disconnected", severity="error", timeout=30)
            return
        self.notify(f"{reason} Joining again...", title="Disconnected", severity="warning")
        self.run_worker(self._rejoin, thread=True, exclusive=True, group="rejoin")

    def _rejoin(self) -> None:
        """On a worker thread: join until the host answers, or refuses for good."""
        link = self.remote.link
        assert link is not None
        while self.is_running:
            try:
                link.connect(timeout=3)
            except JoinError as exc:
                if "token" in str(exc) or "bot" in str(exc):  # refused: no use trying again
                    self.call_from_thread(self.notify, str(exc), severity="error", timeout=30)
                    return
                time.sleep(REJOIN_SECONDS)
                continue
            if link.table is not None:
                self.call_from_thread(self.show_table, link.table)
                self.call_from_thread(self.notify, "Joined again.", title="Connected")
            return


class HostApp(TabletopApp):
    """The host's own terminal: the hosted game's screen, on the host's controller.

    The server runs on this app's loop, so the screen and the seats' moves touch the
    game from one thread. The terminal plays its own seats (hot-seat among them, with
    the usual hand-offs) or watches; seats played elsewhere are waited for, and each
    change pushed to them is followed here."""

    def __init__(self, server: HostServer, **kw):
        super().__init__(**kw)
        self.server = server

    def on_mount(self) -> None:
        # Textual runs TabletopApp.on_mount as well: this adds the server and the game.
        self.run_worker(self.start_hosting(), exclusive=True)

    async def start_hosting(self) -> None:
        self.server.runs_bots = False  # the game's screen runs them, as in hot-seat play
        try:
            await self.server.start()
        except OSError as exc:
            self.exit(message=f"tabletop host: cannot listen: {exc.strerror or exc}")
            return
        self.server.listeners.append(self.follow)
        controller = self.server.table.controller
        controller.handoff_screens = self.wants_handoff_screens()  # the table's setting
        self.open_game(controller, fresh=False)

    def follow(self) -> None:
        """The game changed (here or elsewhere): the screen catches up."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreenBase) and screen.is_mounted:
                screen.call_later(screen.advance)

    def on_back_to_title(self, message: BackToTitle) -> None:
        """Leaving the game stops the host (resume it with --resume SAVE)."""
        message.prevent_default()
        self.exit()


def join_link(address: str, timeout: float = 5.0) -> SeatLink:
    """A link to the host at ``address``, joined; JoinError in one line if not."""
    link = SeatLink(parse_address(address))
    try:
        link.connect(timeout)
    except JoinError:
        link.close()
        raise
    return link


def controller_for(link: SeatLink) -> RemoteController:
    assert link.welcome is not None
    try:
        spec = rules.get_game(link.welcome.game)
    except KeyError:
        link.close()
        raise JoinError(f"the host plays {link.welcome.game!r}, which this version lacks") from None
    return RemoteController.joined(spec, link)
