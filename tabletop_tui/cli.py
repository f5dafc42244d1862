"""The `tabletop` command: play (the default), simulate, replay, review, records, serve.

Kept light on imports so the app starts fast and `simulate` never loads Textual.
Every mistake on the command line is reported as one line on stderr with exit
status 2; argparse's own usage dump is replaced by that line. Ctrl-C (or SIGINT)
ends every command with status 130: ``simulate`` first reports the games it
finished, the full-screen apps save first (interrupt.py), ``serve`` closes its tabs.
An unexpected error ends a command with one line, status 1 and a crash log (crash.py).
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import sys
import time
from collections.abc import Sequence
from typing import NoReturn

from .interrupt import INTERRUPTED

LEVELS = ("easy", "normal", "hard", "expert")

MAIN_EXAMPLES = """\
examples:
  tabletop                          open the title screen (same as `tabletop play`)
  tabletop play --data-dir ./saves  keep saves in a folder of your choice
  tabletop learn                    guided lessons for a newcomer
  tabletop simulate --game happy-city --players 4 --games 200
  tabletop replay ~/.local/share/tabletop/saves/20261201-101500-happy-city.json
  tabletop serve                    play in a web browser (it prints the address)
  tabletop --version
"""

PLAY_EXAMPLES = """\
examples:
  tabletop play
  tabletop play --data-dir /tmp/tabletop-test
"""

LEARN_EXAMPLES = """\
examples:
  tabletop learn                 every game's lessons
  tabletop learn happy-city      the lessons of one game

A lesson sets up a game, points at one thing at a time and checks your move.
"""

SIMULATE_EXAMPLES = """\
examples:
  tabletop simulate --game happy-city --players 4 --games 500 --seed 1
  tabletop simulate --game happiness --players 3 --options '{"silence": "turns"}'
  tabletop simulate --game sweet-lands --players 2 --level hard easy --json
"""

REPLAY_EXAMPLES = """\
examples:
  tabletop replay saves/20261201-101500-happy-city.json
  tabletop replay game.json --step 0     start before the first move

Only public information is shown until you choose a seat to follow (key F).
"""

SERVE_EXAMPLES = """\
examples:
  tabletop serve                        this machine only, at the printed address
  tabletop serve --port 8080
  tabletop serve --host 0.0.0.0         other machines too: it prints their address
  tabletop serve --public-url https://games.example.org   behind a proxy

Needs the optional web extra: pip install 'tabletop[web]'
(from a checkout: pip install -e '.[web]'). Each browser tab runs its own game;
saves go to the same folder as the terminal app's. The address printed at start
holds a key made for this launch: only a browser given it can play.
"""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are a single line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def package_version() -> str:
    """The version recorded in the installed package's metadata (pyproject's [project])."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tabletop")
    except PackageNotFoundError:
        return "unknown (the package is not installed)"


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1-65535, not {port}")
    return port


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        shown = repr(text) if len(text) <= 40 else repr(text[:40]) + "…"  # one short line
        if text.strip().lstrip("+-").isdigit():  # more digits than Python converts
            raise argparse.ArgumentTypeError(f"a number far too long: {shown}") from None
        raise argparse.ArgumentTypeError(f"not a whole number: {shown}") from None


def add_simulate(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--game", required=True, help="game id, e.g. happy-city")
    sim.add_argument("--players", type=whole_number, required=True, help="number of seats")
    sim.add_argument("--games", type=whole_number, default=100, help="games to play (100)")
    sim.add_argument("--seed", type=whole_number, default=1, help="seed of the first game (1)")
    sim.add_argument("--options", default="{}", help="game options as a JSON object")
    sim.add_argument(
        "--level",
        nargs="+",
        choices=LEVELS,
        metavar="LEVEL",
        help="bot level (easy, normal, hard, expert): one for every seat, or one per seat",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")


def build_parser() -> Parser:
    fmt = argparse.RawDescriptionHelpFormatter
    p = Parser(
        prog="tabletop",
        description="Board and card games, hot-seat in the terminal or in a web browser.",
        epilog=MAIN_EXAMPLES,
        formatter_class=fmt,
    )
    p.add_argument("--version", action="version", version=f"tabletop {package_version()}")
    p.add_argument("--data-dir", help="where saves live (default: the user data folder)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    data_help = argparse.SUPPRESS  # the top-level --data-dir also works after the command

    play = sub.add_parser(
        "play", help="open the app (the default)", epilog=PLAY_EXAMPLES, formatter_class=fmt
    )
    play.add_argument("--data-dir", default=data_help, help="where saves live")

    learn = sub.add_parser(
        "learn",
        help="guided lessons: learn a game by playing it",
        description="Open the app on the guided lessons (one game's, if named).",
        epilog=LEARN_EXAMPLES,
        formatter_class=fmt,
    )
    learn.add_argument("game", nargs="?", metavar="GAME", help="a game id (happy-city, ...)")
    learn.add_argument("--data-dir", default=data_help, help="where saves live")

    add_simulate(sub.add_parser(
        "simulate",
        help="play bot games headlessly and print statistics",
        description="Play bot-only games without a screen and print statistics.",
        epilog=SIMULATE_EXAMPLES,
        formatter_class=fmt,
    ))  # fmt: skip
    rep = sub.add_parser(
        "replay",
        help="step through a saved game, read-only",
        description="Open a save in a read-only viewer that steps through it move by move.",
        epilog=REPLAY_EXAMPLES,
        formatter_class=fmt,
    )
    rep.add_argument("save", metavar="SAVE", help="a save file (.json)")
    rep.add_argument("--step", type=whole_number, help="the move to open at (default: the last)")

    from .coach.cli_records import add_records_parser
    from .coach.cli_review import add_review_parser

    add_review_parser(sub, fmt)
    add_records_parser(sub, fmt)

    srv = sub.add_parser(
        "serve",
        help="play in a web browser (needs the 'web' extra)",
        description="Serve the app to web browsers with textual-serve.",
        epilog=SERVE_EXAMPLES,
        formatter_class=fmt,
    )
    srv.add_argument("--host", default="127.0.0.1", help="address to bind (127.0.0.1)")
    srv.add_argument("--port", type=port_number, default=8000, help="port to bind (8000)")
    srv.add_argument("--public-url", help="the address browsers use, if a proxy stands in between")
    srv.add_argument("--data-dir", default=data_help, help="where saves live")

    from .net.cli import add_parsers as add_net_parsers

    add_net_parsers(sub, fmt)  # host, join: one game across several screens
    return p


# ---- simulate ------------------------------------------------------------------------
def _fail(command: str, message: str) -> int:
    print(f"tabletop {command}: {message}", file=sys.stderr)
    return 2


class _Refused(Exception):
    """An argument of ``simulate`` that is refused, with the one line that says why."""


def _simulate(a: argparse.Namespace) -> int:
    import rules

    try:
        spec = rules.get_game(a.game)
    except KeyError as exc:
        return _fail("simulate", exc.args[0])
    try:
        _check_counts(a, spec)
        options = _simulated_options(spec, a.options)
        extra = {"levels": _seat_levels(a)} if a.level else {}
    except _Refused as exc:
        return _fail("simulate", str(exc))
    return _run_simulation(a, spec, options, extra)


def _check_counts(a: argparse.Namespace, spec) -> None:
    """The players, the number of games and their seeds, within what the game and
    the seeds allow."""
    from rules.core import MAX_SEED

    if not spec.min_players <= a.players <= spec.max_players:
        raise _Refused(
            f"{spec.title} takes {spec.min_players}-{spec.max_players} players, not {a.players}"
        )
    if not 1 <= a.games <= MAX_SEED:
        raise _Refused(f"--games must be 1-{MAX_SEED}, not {a.games}")
    if not -MAX_SEED <= a.seed <= MAX_SEED - a.games + 1:
        raise _Refused(f"--seed must be within -{MAX_SEED} and {MAX_SEED} for every game")


def _simulated_options(spec, text: str) -> dict:
    """``--options``: a JSON object of the game's options, resolved by the game."""
    try:
        options = json.loads(text)
        if not isinstance(options, dict):
            raise ValueError('give a JSON object such as \'{"mode": "expert"}\'')
        return spec.resolve_options(options)
    except RecursionError:
        raise _Refused("bad --options: nested far too deeply") from None
    except (ValueError, TypeError) as exc:
        raise _Refused(f"bad --options: {str(exc)[:200]}") from None


def _seat_levels(a: argparse.Namespace) -> list[str]:
    """``--level``: one bot level for every seat, or one a seat."""
    import inspect

    from rules.simulate import simulate

    if len(a.level) not in (1, a.players):
        raise _Refused(f"--level takes 1 or {a.players} values, not {len(a.level)}")
    if "levels" not in inspect.signature(simulate).parameters:
        raise _Refused("bot levels are not available in this version")
    return list(a.level) * a.players if len(a.level) == 1 else list(a.level)


def _play_games(a: argparse.Namespace, options: dict, extra: dict, on_game) -> tuple:
    """Play the games one at a time: (stats of those finished, whether Ctrl-C stopped
    them). Ctrl-C ends the game being played; the finished ones are kept."""
    from rules.simulate import simulate

    total = None
    try:
        for g in range(a.games):
            one = simulate(a.game, a.players, 1, a.seed + g, options, **extra)
            if total is None:
                total = one
            else:
                total.games += one.games
                total.actions += one.actions
                total.winning_scores += one.winning_scores
                for level, wins in one.wins_by_bot.items():
                    total.wins_by_bot[level] = total.wins_by_bot.get(level, 0) + wins
            on_game(g)
    except KeyboardInterrupt:
        return total, True
    return total, False


def _run_simulation(a: argparse.Namespace, spec, options: dict, extra: dict) -> int:
    t0 = time.perf_counter()
    if a.json or not sys.stdout.isatty():
        stats, stopped = _play_games(a, options, extra, lambda g: None)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as progress:
            task = progress.add_task(f"{spec.title}, {a.players} players", total=a.games)
            stats, stopped = _play_games(a, options, extra, lambda g: progress.advance(task))
    status = INTERRUPTED if stopped else 0
    if stats is None:
        print("tabletop simulate: stopped (Ctrl-C) before a game was finished", file=sys.stderr)
        return status
    out = stats.as_dict(time.perf_counter() - t0)
    if stopped:
        out["stopped_early"] = True
        out["games_asked"] = a.games
    if a.json:
        print(json.dumps(out))
        return status
    print(f"{spec.title}, {a.players} players, seed {a.seed}")
    if stopped:
        print(f"stopped by Ctrl-C:   {out['games']} of {a.games} games were played")
    if "levels" in extra:
        print(f"bot levels:          {', '.join(extra['levels'])}")
    print(f"games played:        {out['games']}")
    print(
        f"winning score:       mean {out['mean_winning_score']}, "
        f"min {out['min_winning_score']}, max {out['max_winning_score']}"
    )
    print(f"actions per game:    {out['mean_actions_per_game']}")
    print(f"games per second:    {out['games_per_second']}")
    wins = out.get("wins_by_level")  # from simulators that know bot levels
    if wins:
        print("wins by level:       " + ", ".join(f"{k} {v}" for k, v in wins.items()))
    return status


# ---- play, replay, serve ---------------------------------------------------------------
def terminal_problem() -> str | None:
    """Why this terminal cannot draw the app, if it cannot."""
    import os

    if "TEXTUAL_DRIVER" in os.environ:  # a browser tab of `tabletop serve` draws it
        return None
    if os.environ.get("TERM") == "dumb" and sys.stdout.isatty():
        return (
            "this terminal (TERM=dumb) cannot draw the app; run it in a full terminal, "
            "or play in a web browser with `tabletop serve`"
        )
    return None


def _play(a: argparse.Namespace) -> int:
    from .app import TabletopApp

    problem = terminal_problem()
    if problem:
        return _fail("play", problem)
    from .crash import app_status, capture_errors

    app = TabletopApp(data_dir=a.data_dir, tune_memory=True)
    errors = capture_errors(app)
    app.run()
    if app.rescued is not None:
        print(
            f"tabletop play: the game could not be saved in its place; it was written to "
            f"{app.rescued}",
            file=sys.stderr,
        )
    return app_status("play", app, errors, a.data_dir)


def _learn(a: argparse.Namespace) -> int:
    from rules.lessons import LessonError, all_lessons

    try:
        games = list(dict.fromkeys(lesson.game for lesson in all_lessons()))
    except LessonError as exc:
        return _fail("learn", str(exc))
    if a.game is not None and a.game not in games:
        return _fail("learn", f"no lessons for {a.game!r} (lessons exist for: {', '.join(games)})")
    problem = terminal_problem()
    if problem:
        return _fail("learn", problem)
    from .app import TabletopApp
    from .crash import app_status, capture_errors

    app = TabletopApp(data_dir=a.data_dir, tune_memory=True, learn=a.game or "")
    errors = capture_errors(app)
    app.run()
    return app_status("learn", app, errors, a.data_dir)


def _replay(a: argparse.Namespace) -> int:
    from .replay import ReplayError, load_replay

    try:
        replay = load_replay(a.save)
    except ReplayError as exc:
        return _fail("replay", str(exc))
    if a.step is not None and not 0 <= a.step <= replay.last:
        return _fail("replay", f"--step must be 0-{replay.last} for this save, not {a.step}")
    problem = terminal_problem()
    if problem:
        return _fail("replay", problem)
    from .crash import app_status, capture_errors
    from .screens.replay import ReplayApp

    app = ReplayApp(replay, step=a.step)
    errors = capture_errors(app)
    app.run()
    return app_status("replay", app, errors, a.data_dir)


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def data_folder(data_dir: str | None) -> str:
    from .saves import data_dir as resolve

    return str(resolve(data_dir).resolve())


def serve_command(data_dir: str | None) -> str:
    """The shell command textual-serve runs for each browser tab."""
    import shlex

    folder = data_folder(data_dir)
    return f"{shlex.quote(sys.executable)} -m tabletop_tui play --data-dir {shlex.quote(folder)}"


def _serve(a: argparse.Namespace) -> int:
    try:
        import textual_serve.server  # noqa: F401 - only to know the extra is installed
    except ImportError:
        print(
            "tabletop serve: browser play needs the optional 'web' extra; install it with "
            "pip install 'tabletop[web]' (from a checkout: pip install -e '.[web]')",
            file=sys.stderr,
        )
        return 1
    from . import serve
    from .addresses import listen_problem

    problem = listen_problem(a.host, a.port)
    if problem:
        print(f"tabletop serve: {problem[1]}", file=sys.stderr)
        return problem[0]
    if not is_loopback(a.host):
        print(
            f"tabletop serve: warning: binding {a.host} lets anyone who can reach port "
            f"{a.port} and has the printed address play and read your saves",
            file=sys.stderr,
        )
    server = serve.TabletopServer(
        serve_command(a.data_dir),
        host=a.host,
        port=a.port,
        public_url=a.public_url,
        saves_folder=data_folder(a.data_dir),
    )
    try:
        server.serve()
    except OSError as exc:
        print(
            f"tabletop serve: cannot listen on {a.host}:{a.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1
    if server.stopped_by is not None:  # Ctrl-C: 130, as every command; SIGTERM: 143
        print("tabletop serve: stopped", file=sys.stderr)
        return 128 + server.stopped_by
    return 0


def _review(a: argparse.Namespace) -> int:
    from .coach.cli_review import run_review

    return run_review(a)


def _records(a: argparse.Namespace) -> int:
    from .coach.cli_records import run_records

    return run_records(a)


COMMANDS = {
    "play": _play,
    "learn": _learn,
    "simulate": _simulate,
    "replay": _replay,
    "review": _review,
    "records": _records,
    "serve": _serve,
    "host": lambda a: _net("host", a),
    "join": lambda a: _net("join", a),
}


def _net(command: str, a: argparse.Namespace) -> int:
    from .net.cli import host_command, join_command

    return host_command(a) if command == "host" else join_command(a, terminal_problem)


def quiet_stdout() -> None:
    """Point stdout at the null device, so that Python's flush at exit does not fail
    again on the closed pipe (as Python's documentation on SIGPIPE advises)."""
    import contextlib
    import os

    # no real stdout (a test's capture): nothing to flush
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        a = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version and errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    command = a.command or "play"
    try:
        return COMMANDS[command](a)
    except KeyboardInterrupt:
        print(f"tabletop {command}: stopped (Ctrl-C)", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader of our output left (`| head`): no one to tell
        quiet_stdout()
        return 1
    except Exception as exc:  # noqa: BLE001 - one line and a crash log, never a traceback
        from .crash import report_exception

        return report_exception(command, exc, a.data_dir)


if __name__ == "__main__":
    sys.exit(main())
