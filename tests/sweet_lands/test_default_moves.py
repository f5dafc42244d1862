"""Enter never harms in Sweet Lands (issue 32): on every menu of seeded solo and
two-player games the first legal move (the one Enter takes on a fresh menu) spends
nothing a player did not ask to spend and skips nothing while another move exists:
never a free action's purchase, an automation's diamond, Gretel's diamond, an Action
Disc, a paid Prosperity step or advanced skill tile, "Stop", or a pass while another
main action is open."""

from __future__ import annotations

import pytest

from rules.bots import make_bot
from rules.sweet_lands import SWEET_LANDS

SL = "sweet-lands"
MAIN_KINDS = {"area", "play", "flip"}
# Kinds that spend or skip, never first while another move is on the menu.
NEVER_FIRST = {"automate", "diamond", "disc", "done"}


def _harm(legal):
    """Why the first of ``legal`` would harm, or None."""
    first, kinds = legal[0], {a.kind for a in legal}
    if first.kind in NEVER_FIRST and not (
        first.kind == "done" and all(_pays_a_diamond(a) for a in legal[1:])
    ):
        return first.label
    if first.kind.startswith("fa_") and kinds - {a.kind for a in legal if a.kind.startswith("fa_")}:
        return first.label
    if first.kind == "pass" and kinds & MAIN_KINDS:
        return first.label
    if _pays_a_diamond(first) and not all(_pays_a_diamond(a) for a in legal):
        return first.label  # a paid Prosperity step, an advanced skill tile
    return None


def _pays_a_diamond(action):
    return "(1 diamond)" in action.label or action.label.startswith("Pay 1 diamond")


@pytest.mark.parametrize("players", [1, 2])
def test_enter_never_harms_the_first_move_of_every_sweet_lands_menu(players):
    spec = SWEET_LANDS
    checked = 0
    # solo games are shorter (Mio takes cards from each draw), so one more deal
    for seed in range(3 if players == 1 else 2):
        names = ["Ann", "Bob"][:players]
        state = spec.new_game(names, seed=seed, options={"advanced_skills": "on"})
        bots = [make_bot(SL, "random", seed * 7 + i) for i in range(players)]
        for _step in range(900):
            if state.is_over:
                break
            for seat in state.actors():
                legal = state.legal_actions(seat)
                if len(legal) > 1:
                    checked += 1
                    assert _harm(legal) is None, (seed, state.round, [a.label for a in legal])
            seat = state.actors()[0]
            state = state.apply(bots[seat].choose(state, seat))
    assert checked > 500
