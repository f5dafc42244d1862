"""The `tabletop` command: starts the app, or runs `tabletop simulate ...` headless.

Kept light on imports so the app starts fast and `simulate` never loads Textual.
"""

from __future__ import annotations

import argparse
import json
import sys
import time


def _simulate(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="tabletop simulate", description="Play bot games headlessly.")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", default="{}", help="game options as JSON")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        a = p.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)

    import rules
    from rules.simulate import simulate

    def fail(msg: str) -> int:
        print(f"tabletop simulate: {msg}", file=sys.stderr)
        return 2

    try:
        spec = rules.get_game(a.game)
    except KeyError as exc:
        return fail(exc.args[0])
    if not spec.min_players <= a.players <= spec.max_players:
        return fail(
            f"{spec.title} takes {spec.min_players}-{spec.max_players} players, not {a.players}"
        )
    if a.games < 1:
        return fail("--games must be at least 1")
    try:
        options = spec.resolve_options(json.loads(a.options))
    except (ValueError, AttributeError) as exc:
        return fail(f"bad --options: {exc}")

    t0 = time.perf_counter()
    if a.json or not sys.stdout.isatty():
        stats = simulate(a.game, a.players, a.games, a.seed, options)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as progress:
            task = progress.add_task(f"{spec.title}, {a.players} players", total=a.games)
            stats = simulate(
                a.game,
                a.players,
                a.games,
                a.seed,
                options,
                on_game=lambda g: progress.advance(task),
            )
    out = stats.as_dict(time.perf_counter() - t0)
    if a.json:
        print(json.dumps(out))
    else:
        print(f"{spec.title}, {a.players} players, seed {a.seed}")
        print(f"games played:        {out['games']}")
        print(
            f"winning score:       mean {out['mean_winning_score']}, "
            f"min {out['min_winning_score']}, max {out['max_winning_score']}"
        )
        print(f"actions per game:    {out['mean_actions_per_game']}")
        print(f"games per second:    {out['games_per_second']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "simulate":
        return _simulate(argv[1:])
    p = argparse.ArgumentParser(
        prog="tabletop", description="Board and card games, hot-seat in the terminal."
    )
    p.add_argument("--data-dir", help="where saves live (default: the user data folder)")
    a = p.parse_args(argv)
    from .app import TabletopApp

    TabletopApp(data_dir=a.data_dir).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
