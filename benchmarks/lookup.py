"""What the look-up key (F2) and the palette (Ctrl+P) cost and cover, per game.

For a position some moves into each game, from seat 0's knowledge: how many things
the palette can find, how many glossary terms there are, and the time to explain
each thing and lay out the panel's words (the explainer's answer plus the terms it
uses), as the open panel does up to four times a second when what it shows changes.

    nice -n 10 .venv/bin/python benchmarks/lookup.py
"""

from __future__ import annotations

import statistics
import time

import rules
from rules.core import Ref
from tabletop_tui.demo import bot_moves
from tabletop_tui.lookup import lookup_text

MOVES = {"happy-city": 12, "happiest-town": 12, "happiness": 20, "sweet-lands": 60}


def main() -> None:
    print(f"{'game':14} {'things':>6} {'terms':>5} {'median ms':>9} {'p95 ms':>7} {'max ms':>7}")
    for game, moves in MOVES.items():
        spec = rules.get_game(game)
        state = bot_moves(spec.new_game(["Ann", "Bob"], seed=3), moves)
        explainer = spec.explainer
        glossary = explainer.glossary(game)
        refs = [ref for _name, ref in explainer.named_things(state, 0)]
        refs += [Ref("term", key) for key in glossary.terms]
        times = []
        for ref in refs:
            start = time.perf_counter()
            lookup_text(explainer.thing(state, 0, ref), glossary)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{game:14} {len(refs) - len(glossary.terms):6d} {len(glossary.terms):5d} "
            f"{statistics.median(times):9.3f} {p95:7.3f} {times[-1]:7.3f}"
        )


if __name__ == "__main__":
    main()
