"""A real hint and a real review from seeded games, as the README shows them.

The hint: a two-player Happy City family game of normal bots (seed 4), at Ann's 4th
decision with a choice; the hint's search runs on a fixed number of imagined games,
so the output is the same on every machine. The review: Ann's decisions in a game
where Ann plays at random against a normal bot (seed 9), judged the same way.

Run: .venv/bin/python benchmarks/coach_example.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules  # noqa: E402
from rules.bots import Budget, make_bot, observe  # noqa: E402
from rules.coach import hints, review_game, review_text  # noqa: E402

GAME = "happy-city"
HINT_BUDGET = Budget(seconds=None, iterations=40)
REVIEW_BUDGET = Budget(seconds=None, iterations=8)


def hint_position(seed: int = 4, decision: int = 4):
    spec = rules.get_game(GAME)
    state = spec.new_game(["Ann", "Bob"], seed=seed, options={"mode": "family"})
    bots = [make_bot(GAME, "normal", 1), make_bot(GAME, "normal", 2)]
    seen = 0
    while True:
        seat = state.actors()[0]
        if seat == 0 and len(state.legal_actions(0)) > 2:
            seen += 1
            if seen == decision:
                return state
        state = state.apply(bots[seat].choose(state, seat))


def reviewed_game(seed: int = 9):
    spec = rules.get_game(GAME)
    state = spec.new_game(["Ann", "Bob"], seed=seed, options={"mode": "family"})
    bots = [make_bot(GAME, "random", 1), make_bot(GAME, "normal", 2)]
    while not state.is_over:
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state


def main() -> int:
    state = hint_position()
    found = hints(observe(state, 0), GAME, seed=1, budget=HINT_BUDGET)
    print(f"Hints for Ann, ordered by {found[0].figure}:")
    for n, h in enumerate(found, start=1):
        pick = " (the hard bot's own pick)" if h.bots_pick and n > 1 else ""
        print(f"{n}. {h.action.label}: {h.value}{pick}")
        print(f"   {h.why}")
    print()
    final = reviewed_game()
    review = review_game(rules.get_game(GAME), final, 0, seed=1, rank_budget=REVIEW_BUDGET)
    print(review_text(review))
    return 0


if __name__ == "__main__":
    sys.exit(main())
