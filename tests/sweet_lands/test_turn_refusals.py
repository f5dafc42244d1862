"""A move outside the turn menu gets the reason of its own kind (protocol/turn.py's
turn_refusal): one case for each kind of move and each way its arguments go wrong."""

import pytest

from rules.core import Action

from .helpers import edit, started


def first_turn():
    s = edit(started(2))
    s.p[0].res["gold"] = 0  # no free buy is offered, whatever the seed dealt
    return s


def after_main():
    s = first_turn()
    s.main_done = True
    return s


CASES = [
    ("dance", (), first_turn, "'dance' is not a move of the turn menu."),
    ("area", (3,), first_turn, "does not name a area move"),
    ("area", ("Z",), first_turn, "There is no area Z in this game."),
    ("area", ("K",), after_main, "already taken your main action"),
    ("area", ("K", 2), first_turn, "Area K cannot be paid with 2 wood in place of wheat."),
    ("play", (10_000,), first_turn, "That card is not in your hand."),
    ("flip", (999,), first_turn, "You do not have skill tile 999."),
    ("pass", (), after_main, "already taken your main action"),
    ("end", (), first_turn, "Take a main action (an area, a card, a flip or pass) before ending."),
    ("fa_buy", ("diamond",), first_turn, "diamond is not a basic resource."),
    ("fa_sell", ("gold",), first_turn, "gold is not a basic resource."),
    ("fa_buy", ("wheat",), first_turn, "gold"),  # the free action's own check: no gold
    ("end", (), after_main, None),  # legal once a main action is taken
]


@pytest.mark.parametrize(
    ("kind", "args", "position", "words"),
    CASES,
    ids=[f"{k}{list(a)}-{p.__name__}" for k, a, p, _ in CASES],
)
def test_turn_refusal_gives_the_reason_of_the_move_kind(kind, args, position, words):
    s = position()
    reason = s.why_illegal(Action(0, kind, args))
    if words is None:
        assert reason is None
    else:
        assert reason is not None and words in reason, reason


def test_every_turn_move_kind_has_a_refusal():
    from rules.sweet_lands.moves.turn_checks import TURN_ARGS

    s = first_turn()
    for kind, shape in TURN_ARGS.items():
        args = tuple({str: "wheat", int: 0, "int?": 0}[t] for t in shape if t != "int?")
        s.why_illegal(Action(0, kind, args))  # no kind falls outside the refusals
