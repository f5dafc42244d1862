"""`tabletop host` and `tabletop join`: the commands of play across screens."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable
from pathlib import Path

HOST_EXAMPLES = """\
examples:
  tabletop host happy-city --players Ann Bob          two seats, each joins from elsewhere
  tabletop host sweet-lands --players Ann Bob Cat --bot 3 --play 1
                                                      seat 3 a bot, seat 1 on this terminal
  tabletop host happiness --players Ann Bob --lan     other machines on the network may join
  tabletop host --resume SAVE                         go on after the host stopped

It prints one join address per seat; give each player theirs (it holds the seat's
token). Without --lan the host listens on 127.0.0.1 only: this machine's terminals.
"""

JOIN_EXAMPLES = """\
examples:
  tabletop join http://127.0.0.1:8765/seat/TOKEN     take your seat
  tabletop join http://127.0.0.1:8765/               watch (the public view only)
"""


def add_parsers(sub, fmt) -> None:
    host = sub.add_parser(
        "host",
        help="host a game whose seats play from other terminals",
        description="Start a game here; each seat joins from its own terminal.",
        epilog=HOST_EXAMPLES,
        formatter_class=fmt,
    )
    host.add_argument("game", nargs="?", metavar="GAME", help="a game id (happy-city, ...)")
    host.add_argument("--players", nargs="+", metavar="NAME", help="the seats' names, in order")
    host.add_argument("--bot", type=int, action="append", default=[], metavar="SEAT",
                      help="a seat (1, 2, ...) played by a bot on the host")  # fmt: skip
    host.add_argument("--level", default="normal", help="the bots' level (normal)")
    host.add_argument("--away-bot", type=float, metavar="SECONDS",
                      help="a bot takes over a seat away this long (default: never)")  # fmt: skip
    host.add_argument("--play", type=int, action="append", default=[], metavar="SEAT",
                      help="a seat played on this terminal (more than one: hot-seat)")  # fmt: skip
    host.add_argument("--watch", action="store_true", help="watch the table on this terminal")
    host.add_argument("--seed", type=int, help="the game's seed (random by default)")
    host.add_argument("--options", help='game options as JSON, e.g. \'{"mode": "expert"}\'')
    host.add_argument("--port", type=int, default=8765, help="the port to listen on (8765)")
    host.add_argument("--lan", action="store_true", help="listen on every network, not only here")
    host.add_argument("--web", type=int, metavar="PORT",
                      help="also serve each seat a browser page on this port")  # fmt: skip
    host.add_argument("--resume", metavar="SAVE", help="go on with a save this host wrote")
    host.add_argument("--data-dir", default=argparse.SUPPRESS, help="where saves live")
    join = sub.add_parser(
        "join",
        help="take a seat in a hosted game",
        description="Play one seat of a game hosted elsewhere, on this terminal.",
        epilog=JOIN_EXAMPLES,
        formatter_class=fmt,
    )
    join.add_argument("address", metavar="ADDRESS", help="the address the host printed")
    join.add_argument("--data-dir", default=argparse.SUPPRESS, help="where settings live")


def _fail(command: str, message: str) -> int:
    print(f"tabletop {command}: {message}", file=sys.stderr)
    return 2


def seats_path(save: Path) -> Path:
    """The seats' tokens beside the save (not .json: the save list reads those)."""
    return save.with_name(save.stem + ".seats")


def host_command(a: argparse.Namespace) -> int:
    try:
        table, save = _table_from_args(a)
    except ValueError as exc:
        return _fail("host", str(exc))
    table.write_seats(seats_path(save))
    from ..addresses import listen_problem
    from .server import HostServer

    bind = "0.0.0.0" if a.lan else "127.0.0.1"  # noqa: S104 - asked for with --lan
    problem = listen_problem(bind, a.port) if a.port else None
    if problem:
        return _fail("host", problem[1])
    server = HostServer(table, bind, a.port, away_bot=a.away_bot, level=a.level)
    shown = _lan_address() if a.lan else "127.0.0.1"
    if a.web:
        if a.play or a.watch or not a.port:
            return _fail("host", "--web serves the seats' pages from a host without --play or "
                         "--watch, on a port given with --port")  # fmt: skip
        return _serve_pages(a, server, table, shown, save)
    if not (a.play or a.watch):
        return _serve_forever(server, table, shown, save, a.lan)
    if not a.port:
        return _fail("host", "--play and --watch need a port given with --port")
    _print_addresses(table, shown, a.port, save, qr=a.lan)
    print("Give each player their address; the game opens here in 3 seconds.", flush=True)
    import time

    time.sleep(3)
    from .join import HostApp

    app = HostApp(server, data_dir=a.data_dir)
    app.run()
    return 0


def _serve_pages(a: argparse.Namespace, server, table, shown: str, save: Path) -> int:
    """The host on a thread, the seats' browser pages in front (Ctrl-C stops both)."""
    try:
        import textual_serve.server  # noqa: F401 - only to know the extra is installed
    except ImportError:
        return _fail("host", "--web needs the optional 'web' extra: pip install 'tabletop[web]'")
    from ..addresses import listen_problem
    from ..saves import data_dir
    from .host import REMOTE
    from .web import SeatPages

    problem = listen_problem(server.host, a.web)
    if problem:
        return _fail("host", problem[1])
    port = server.run_in_thread()
    remote = [t for t, kind in zip(table.tokens, table.kinds, strict=True) if kind == REMOTE]
    pages = SeatPages(
        f"http://127.0.0.1:{port}", remote, server.host, a.web, str(data_dir(a.data_dir))
    )
    _print_addresses(table, shown, port, save, qr=False)  # the browsers' codes below
    for seat, kind in enumerate(table.kinds):
        if kind == REMOTE:
            name = table.state.players[seat]
            page = pages.seat_url(shown, table.tokens[seat])
            print(f"Seat {seat + 1} ({name}) in a browser: {page}")
            if a.lan:
                _print_qr(page)
    print("Hosting. Ctrl-C stops the host (the game is saved after every move).", flush=True)
    pages.serve()
    return 130 if pages.stopped_by is not None else 0


def _serve_forever(server, table, shown: str, save: Path, lan: bool) -> int:
    import logging

    # the host's terminal tells who joins and leaves, and every message it drops
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
    logging.getLogger("aiohttp").setLevel(logging.WARNING)

    async def run() -> None:
        port = await server.start()
        _print_addresses(table, shown, port, save, qr=lan)
        print("Hosting. Ctrl-C stops the host (the game is saved after every move).", flush=True)
        await asyncio.Event().wait()

    asyncio.run(run())
    return 0


# Without --lan the addresses name 127.0.0.1, which no other device reaches: no code.
LOOPBACK_QR_NOTE = "QR codes of the addresses are printed with --lan (127.0.0.1 is this machine)."


def _print_addresses(table, shown: str, port: int, save: Path, qr: bool) -> None:
    """Each seat's join address (``qr``: each with its QR code, where it fits)."""
    names = table.state.players
    for seat, kind in enumerate(table.kinds):
        if kind == "bot":
            print(f"Seat {seat + 1} ({names[seat]}): a bot on the host")
        else:
            address = f"http://{shown}:{port}/seat/{table.tokens[seat]}"
            print(f"Seat {seat + 1} ({names[seat]}): tabletop join {address}")
            if qr:
                _print_qr(address)
    if shown == "127.0.0.1":
        print(LOOPBACK_QR_NOTE)
    print(f"Watch: tabletop join http://{shown}:{port}/")
    print(f"Saved after every move to {save}", flush=True)
    if table.state.is_over:
        print("This game is over: seats that join see how it ended.", flush=True)


def _print_qr(address: str) -> None:
    """The address's QR code, if it fits this terminal (else a line saying so)."""
    import os
    import shutil

    from .qr import print_qr

    size = shutil.get_terminal_size()
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    if not print_qr(address, size.columns, size.lines, colour):
        print("(its QR code does not fit this terminal: enlarge it to see the code)")


def _lan_address() -> str:
    from ..addresses import lan_address

    return lan_address() or "0.0.0.0"  # noqa: S104 - only printed


def _table_from_args(a: argparse.Namespace):
    import rules

    from ..saves import BadSave, data_dir, load_checked, new_save_path
    from .host import BOT, HOST, REMOTE, HostTable, read_seats

    if a.resume:
        save = Path(a.resume)
        state = load_checked(save)
        if isinstance(state, BadSave):
            raise ValueError(state.reason)
        spec = rules.get_game(state.spec.id)
        try:
            kinds, tokens = read_seats(seats_path(save), len(state.players))
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot read the seats kept beside the save ({exc})") from None
        kinds = local_kinds(a, [REMOTE if k == HOST else k for k in kinds])
        return HostTable.start(spec, state, kinds, a.level, save, tokens), save
    if not a.game:
        raise ValueError(
            "name a game (happy-city, happiest-town, happiness, sweet-lands) or --resume SAVE"
        )
    try:
        spec = rules.get_game(a.game)
    except KeyError:
        raise ValueError(f"no game {a.game!r} (choose from {', '.join(rules.GAMES)})") from None
    names = a.players or [f"Player {i + 1}" for i in range(max(2, spec.min_players))]
    try:
        options = json.loads(a.options) if a.options else {}
    except ValueError:
        raise ValueError('--options must be JSON, e.g. \'{"mode": "expert"}\'') from None
    import secrets

    seed = a.seed if a.seed is not None else secrets.randbelow(1 << 31)
    state = spec.new_game(names, seed=seed, options=options)  # ValueError says what is wrong
    if any(not 1 <= b <= len(names) for b in a.bot):
        raise ValueError(f"--bot names a seat from 1 to {len(names)}")
    kinds = local_kinds(a, [BOT if s + 1 in a.bot else REMOTE for s in range(len(names))])
    save = new_save_path(data_dir(a.data_dir), spec.id)
    table = HostTable.start(spec, state, kinds, a.level, save)
    table.controller.write_now()
    return table, save


def local_kinds(a: argparse.Namespace, kinds: list[str]) -> list[str]:
    """The seats with those ``--play`` names played on this terminal; ValueError for
    a seat that does not exist or is a bot's."""
    from .host import BOT, HOST

    for seat in a.play:
        if not 1 <= seat <= len(kinds) or kinds[seat - 1] == BOT:
            raise ValueError(f"--play names a seat from 1 to {len(kinds)} that is not a bot's")
    return [HOST if s + 1 in a.play else kind for s, kind in enumerate(kinds)]


def join_command(a: argparse.Namespace, terminal_problem: Callable[[], str | None]) -> int:
    """Join the address; ``terminal_problem`` says why this terminal cannot show the
    app (asked once the address answered, so a bad one is told even without one)."""
    from .client import JoinError

    try:
        from .join import JoinApp, controller_for, join_link

        link = join_link(a.address)
        controller = controller_for(link)
    except JoinError as exc:
        return _fail("join", str(exc))
    problem = terminal_problem()
    if problem:
        link.close()
        return _fail("join", problem)
    if controller.state.is_over:
        print("tabletop join: this game is over; showing how it ended.", file=sys.stderr)
    JoinApp(controller, data_dir=a.data_dir).run()
    link.close()
    return 0
