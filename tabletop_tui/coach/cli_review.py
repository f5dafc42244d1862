"""``tabletop review SAVE``: the coach's review of a finished game, as text."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REVIEW_EXAMPLES = """examples:
  tabletop review ~/.local/share/tabletop/saves/20260101-120000-happy-city.json
  tabletop review game.json --seat Bob
"""


def add_review_parser(sub, fmt) -> None:
    rev = sub.add_parser(
        "review",
        help="the coach's review of a finished game's turning points",
        description=(
            "Go over one seat's decisions in a finished game with the hard bot and print "
            "the turning points. The review is kept in the save; a kept one prints at once."
        ),
        epilog=REVIEW_EXAMPLES,
        formatter_class=fmt,
    )
    rev.add_argument("save", metavar="SAVE", help="a save file (.json) of a finished game")
    rev.add_argument(
        "--seat", help="the player's name or seat number, 1 up (default: the first person)"
    )


def run_review(a: argparse.Namespace) -> int:
    import rules
    from rules.coach import review_game, review_text

    from ..saves import BadSave, load_checked, read_seats
    from .review_screen import first_seat
    from .review_store import keep_locked, kept_review

    path = Path(a.save)
    state = load_checked(path)
    if isinstance(state, BadSave):
        return fail(state.reason)
    if not state.is_over:
        return fail(f"{path.name} is a game still in play: only a finished game can be reviewed.")
    seat = first_seat(read_seats(path, len(state.players)))
    if a.seat:
        names = list(state.players)
        if a.seat in names:
            seat = names.index(a.seat)
        elif a.seat.isdigit() and 1 <= int(a.seat) <= len(names):
            seat = int(a.seat) - 1
        else:
            return fail(
                f"no seat '{a.seat}': the players are {', '.join(names)} (or 1-{len(names)})"
            )
    moves = len(state.action_keys())
    review = kept_review(path, seat, moves)
    if review is None:
        print(f"Reviewing {state.players[seat]}'s decisions...", file=sys.stderr, flush=True)
        review = review_game(rules.get_game(state.spec.id), state, seat)
        print(f"tabletop review: {keep_locked(path, review, moves)}", file=sys.stderr)
    print(review_text(review))
    return 0


def fail(message: str) -> int:
    print(f"tabletop review: {message}", file=sys.stderr)
    return 2
