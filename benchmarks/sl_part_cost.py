"""What a part of every Sweet Lands move costs, in instructions: the part done twice.

The seeded random games of ``sl_instructions.py`` are played under cachegrind as they
are and with one part of the engine done twice, the first result thrown away (the
games stay the same: the second result is the one used). The difference is what the
part costs. ``sl_function_share.py`` replays a function's recorded answers instead,
which serves only for plain data; these parts hand out moves or new records, whose
identity matters (``apply`` knows a menu's very moves). A part done a second time
finds the seat's memo warm, so a menu's figure is a little low.

Parts: ``menu`` (every turn menu), ``fresh-menu`` (the turn menus that start from
no kept board facts: a seat's first menu of a turn, and the first after a move that
changes the board), ``state-copy`` (``SweetLandsState._copy``), ``seat-copy``
(``PlayerState.copy``).

Run (valgrind needed; about a minute a part at 4 players):
  .venv/bin/python benchmarks/sl_part_cost.py menu fresh-menu state-copy seat-copy
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from benchkit import cachegrind_instructions
from sl_instructions import play

PARTS = ("menu", "fresh-menu", "state-copy", "seat-copy")


def _twice(part: str) -> None:
    """Make ``part`` run twice wherever the engine runs it."""
    from rules.sweet_lands.model.player import PlayerState
    from rules.sweet_lands.protocol import state
    from rules.sweet_lands.protocol.state import SweetLandsState

    if part in ("menu", "fresh-menu"):
        menu = state.turn_options

        def menu_twice(s: Any, seat: int) -> Any:
            # the first call takes the board facts handed down: give them back
            kept = s._board
            if part == "menu" or kept is None or kept.seat != seat:
                menu(s, seat)
                s._board = kept
            return menu(s, seat)

        state.turn_options = menu_twice
        return
    cls: Any = SweetLandsState if part == "state-copy" else PlayerState
    name = "_copy" if part == "state-copy" else "copy"
    copy: Callable[[Any], Any] = getattr(cls, name)

    def copy_twice(self: Any) -> Any:
        copy(self)
        return copy(self)

    setattr(cls, name, copy_twice)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("parts", nargs="*", help=f"parts to count, of {', '.join(PARTS)}")
    p.add_argument("--games", type=int, default=10, help="games counted after the first")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--run", nargs=2, metavar=("PART", "GAMES"), help="play (what is measured)")
    a = p.parse_args()
    if not set(a.parts) <= set(PARTS):
        p.error(f"parts are {', '.join(PARTS)}")
    if a.run:
        part, games = a.run
        if part != "none":
            _twice(part)
        play(a.players, int(games))
        return

    def per_game(part: str) -> float:
        args = ["--players", str(a.players), "--run", part]
        first = cachegrind_instructions(__file__, [*args, "1"])
        return (cachegrind_instructions(__file__, [*args, str(1 + a.games)]) - first) / a.games

    moves = (play(a.players, 1 + a.games) - play(a.players, 1)) / a.games
    plain = per_game("none")
    print(f"as played: {plain / moves / 1e3:.1f} k instructions a move ({moves:.0f} moves a game)")
    for part in a.parts:
        cost = per_game(part) - plain
        print(f"{part}: {cost / moves / 1e3:.1f} k a move ({cost / plain:.1%} of a game)")


if __name__ == "__main__":
    main()
