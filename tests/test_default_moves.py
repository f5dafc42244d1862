"""Enter never harms: on every menu of many seeded games, the first legal move (the
one a fresh menu highlights) spends nothing, skips nothing and ends nothing that a
player would regret when another move exists."""

from __future__ import annotations

import pytest

from rules import get_game
from rules.bots import make_bot

# Kinds that give something up or spend for good, by game: never first while another
# move is on the menu.
NEVER_FIRST = {
    "happy-city": {"pass", "discard"},  # a special given up; a visible card thrown away
    "happiest-town": {"discard"},
    "happiness": {"toggle_topic", "claim"},  # a topic left out; the silence broken
}
GAMES = [
    ("happy-city", {"mode": "family"}),
    ("happy-city", {"mode": "expert"}),
    ("happiest-town", {}),
    ("happiness", {}),
    ("happiness", {"silence": "turns"}),
]


@pytest.mark.parametrize("game,options", GAMES)
def test_enter_never_harms_the_first_move_of_every_menu(game, options):
    spec = get_game(game)
    options = {k: v for k, v in options.items() if k in spec.options}
    checked = 0
    for seed in range(6):
        state = spec.new_game(["Ann", "Bob", "Cleo"], seed=seed, options=options)
        bots = [make_bot(game, "normal", seed + i) for i in range(3)]
        while not state.is_over:
            for seat in state.actors():
                legal = state.legal_actions(seat)
                if len(legal) > 1:
                    checked += 1
                    assert legal[0].kind not in NEVER_FIRST[game], (seed, legal[0].label)
            seat = state.actors()[0]
            state = state.apply(bots[seat].choose(state, seat))
    assert checked > 100
