"""Undo refusals say plainly what stands and why (issue 46): a claim of the Happiness
silence ended the other players' chance to claim it, which they saw; a card laid from a
hand showed it. The reason is never the circular "past a card drawn or revealed"."""

from __future__ import annotations

import random

from rules.happiness import HAPPINESS
from tabletop_tui.controller import Controller

from ..expect import offered

SPEC = HAPPINESS


def _at_a_claimable_silence(seed: int):
    """A seeded timed game run to a silence in which some seat may claim."""
    state = SPEC.new_game(["Ann", "Bob"], seed=seed, options={})
    rng = random.Random(seed)
    while not state.is_over:
        if state.stage == "window":
            for seat in state.actors():
                claim = [a for a in state.legal_actions(seat) if a.kind == "claim"]
                if claim:
                    return state, seat, claim[0]
        seat = state.actors()[0]
        moves = [a for a in state.legal_actions(seat) if a.kind not in ("claim", "close")]
        state = state.apply(rng.choice(moves or state.legal_actions(seat)))
    raise AssertionError("no claimable silence in the seeded game")


def test_undo_refusal_for_a_claim_says_the_others_chance_ended():
    state, seat, claim = _at_a_claimable_silence(7)
    c = Controller(SPEC, state, [{"kind": "human"}] * 2, viewer=seat)
    assert c.act(claim)
    assert not c.undo()
    other = state.players[1 - seat]
    assert f"ended {other}'s chance to act" in c.last_error
    assert "drawn or revealed" not in c.last_error


def test_undo_refusal_for_a_card_laid_says_it_was_shown():
    state = SPEC.new_game(["Ann", "Bob"], seed=3, options={})
    state = state.apply(offered(state.find_action(state.actors()[0], "build_done")))  # deal
    seat = state.actors()[0]
    c = Controller(SPEC, state, [{"kind": "human"}] * 2, viewer=seat)
    assert c.act(next(a for a in state.legal_actions(seat) if a.kind == "place"))
    assert not c.undo()
    assert "revealed something that was hidden" in c.last_error
