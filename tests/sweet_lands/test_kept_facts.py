"""Facts kept for speed against the same facts worked out afresh (issue 47 item 6).

The engine keeps facts between states: the turn menu's board facts (BoardPart: free
spots, building's spot, open areas, card prices, milestones, character moves),
each player's memo (terrain and road spots, milestone results), the menu a step
built while settling. A detached copy keeps none of them, so its menu is worked out
from the board alone: on every step of seeded random games the two must agree.
"""

from __future__ import annotations

import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC

GAMES = [
    (1, 5, {}),
    (2, 6, {"milestones": "face_up", "granted_costs": "paid"}),
    (3, 7, {"turn_order": "pass_order", "character_boards": "any"}),
    (4, 8, {"draft": "on", "advanced_skills": "on", "skill_tiles": "mixed"}),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_menu_from_kept_facts_is_the_menu_asked_afresh(players, seed, options):
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
    pick = random.Random(seed).random
    steps = 0
    while not state.is_over:
        seat = state.actors()[0]
        afresh = state.detached_copy().legal_actions(seat)
        legal = state.legal_actions(seat)
        assert [(a.key, a.label) for a in legal] == [(a.key, a.label) for a in afresh], steps
        state = state.apply(legal[int(pick() * len(legal))])
        steps += 1
    assert steps > 200 * players
