"""The explainer every game declares (``GameSpec.explainer``, rules/core/explain.py):
asked about any move in seeded random positions of every game, it explains the legal
ones without a refusal and refuses the others with the very reason ``apply`` raises."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core import Action, Explanation, IllegalAction, Line


def positions(game_id: str, seed: int, steps: int = 60):
    """The states of one seeded random game, every few moves, up to ``steps`` moves."""
    spec = rules.get_game(game_id)
    state = spec.new_game([f"P{k + 1}" for k in range(spec.min_players)], seed=seed)
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_over:
            return
        if step % 7 == 0:
            yield state
        seat = state.actors()[0]
        state = state.apply(rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_legal_moves_are_explained_without_refusal(game_id):
    explainer = rules.get_game(game_id).explainer
    for state in positions(game_id, seed=3):
        seat = state.actors()[0]
        for action in state.legal_actions(seat):
            got = explainer.action(state, seat, action)
            assert isinstance(got, Explanation)
            assert got.refused is None, (action.key, got.refused)
            assert got.title
            assert all(isinstance(line, Line) for line in got.lines)


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_refused_moves_carry_the_reason_apply_raises(game_id):
    explainer = rules.get_game(game_id).explainer
    checked = 0
    for state in positions(game_id, seed=5):
        seat = state.actors()[0]
        legal = {a.key for a in state.legal_actions(seat)}
        # a move of a kind the seat knows, with arguments nobody offers
        kinds = sorted({a.kind for a in state.legal_actions(seat)})
        for kind in kinds:
            bad = Action(seat, kind, ("no such thing", 999))
            if bad.key in legal:
                continue
            with pytest.raises(IllegalAction) as raised:
                state.apply(bad)
            assert explainer.action(state, seat, bad).refused == raised.value.reason
            checked += 1
        other = (seat + 1) % len(state.players)
        if other not in state.actors() and state.legal_actions(seat):
            move = state.legal_actions(seat)[0]
            stranger = Action(other, move.kind, move.args)
            with pytest.raises(IllegalAction) as raised:
                state.apply(stranger)
            assert explainer.action(state, other, stranger).refused == raised.value.reason
    assert checked


def test_line_and_explanation_read_as_words():
    cost = Line("Wood", -2, "wood", kind="cost")
    gain = Line("Victory points", 3, "VP", "track step 4", kind="gain")
    assert cost.text() == "Wood: -2 wood"
    assert gain.text() == "Victory points: +3 VP (track step 4)"
    told = Explanation("Build a road", (cost, gain))
    assert told.of_kind("gain") == (gain,)
    assert told.text().splitlines() == ["Build a road", cost.text(), gain.text()]
    refused = Explanation("Build a road", refused="No road may be built there.")
    assert refused.text() == "Build a road: No road may be built there."
