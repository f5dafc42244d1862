"""The score-by-round chart of a Sweet Lands game plots the VP on the score track
while the game runs and the final score at the end (README "Records"): an empty map's
unconnected-port penalty is charged at the end only, so a solo chart never opens at
-40 (issue 46)."""

from __future__ import annotations

import random

import rules
from rules.coach import scores_by_round


def test_a_solo_sweet_lands_chart_plots_score_track_vp_then_the_final_score():
    spec = rules.get_game("sweet-lands")
    state = spec.new_game(["Ann"], seed=5, options={})
    rng = random.Random(5)
    while not state.is_over:
        seat = state.actors()[0]
        state = state.apply(rng.choice(state.legal_actions(seat)))
    rounds = scores_by_round(spec, state)
    assert rounds[0][0].startswith("R") and len(rounds) >= 3
    assert all(score >= 0 for _, scores in rounds[:-1] for score in scores)
    assert rounds[-1] == ("end", [float(s) for s in state.result()["scores"]])
    first = spec.new_game(["Ann"], seed=5, options={}).result()
    assert first["scores"][0] < 0 <= first["in_play"][0]  # the penalty the chart leaves out
