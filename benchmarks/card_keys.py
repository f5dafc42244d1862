"""Key presses per decision and per turn in Happy City and Happiest Town, through the
real screens (issue 31 item 4: a typical turn takes at most 5 keys).

Seeded games at 120x40 in Pilot sessions: Ann (seat 0) at the keyboard against two
bots; the smart bot chooses each of Ann's moves, and this script presses the fewest
keys the screen offers for it: the deck digit (1-3), K / C / P, the letter in a card's
border, or else the move list (arrows from the highlighted line, then Enter). It checks
that the move pressed is the move made. Printed per game: decisions, key presses per
decision and per turn (mean, median, max), the share of turns within 5 keys, and the
keys the same moves cost when picked from the move list alone (arrows from the top, then
Enter: the way before the card keys).

Run: .venv/bin/python benchmarks/card_keys.py [--games 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.widgets import OptionList  # noqa: E402

from rules import get_game  # noqa: E402
from rules.bots import make_bot  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.controller import Controller  # noqa: E402

SIMPLE = {"keep": "k", "coin": "c", "pass": "p"}
AREA = {"discard": "row", "buy": "row", "dwelling": "dwelling", "claim": "special"}


def keys_for(screen, action) -> list[str]:
    """The fewest keys that make ``action`` on the screen as it stands."""
    if action.kind == "draw":
        return [str(action.args[0])]
    if action.kind in SIMPLE:
        return [SIMPLE[action.kind]]
    if action.kind in AREA:
        want = (AREA[action.kind], action.args[0])
        for key, shown in screen._card_keys.items():
            if shown == want:
                return [key]
    index = [a.key for a in screen.controller.legal()].index(action.key)
    moves = screen.query_one(OptionList)
    at = moves.highlighted
    if at is None:  # nothing highlighted (every list opens so): Down lands on the first
        return ["down"] * (index + 1) + ["enter"]
    return ["down" if index > at else "up"] * abs(index - at) + ["enter"]


async def one_game(game: str, seed: int) -> tuple[list[int], list[int], list[int]]:
    """Keys per decision, per turn, and per decision by the list alone, for Ann."""
    spec = get_game(game)
    state = spec.new_game(["Ann", "Bob", "Cleo"], seed=seed)
    seats = [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]
    c = Controller(spec, state, seats, viewer=0)
    chooser = make_bot(game, "smart", seed)
    per_decision: list[int] = []
    by_list: list[int] = []
    per_turn: list[int] = []
    turn_keys = 0
    last_turn = None
    with tempfile.TemporaryDirectory() as tmp:
        app = TabletopApp(data_dir=Path(tmp), bot_delay=0, default_seed=seed)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_game(c)
            await pilot.pause()
            while not c.state.is_over:
                if c.next_step() != "human":
                    await pilot.pause(0.01)
                    continue
                turn = (c.state.round, c.state.turn)  # a new turn: the last one is counted
                if turn != last_turn and turn_keys:
                    per_turn.append(turn_keys)
                    turn_keys = 0
                last_turn = turn
                action = chooser.choose(c.state, 0)
                keys = keys_for(app.screen, action)
                listed = [a.key for a in c.legal()].index(action.key) + 1
                before = len(c.state.action_keys())
                await pilot.press(*keys)
                await pilot.pause()
                made = c.state.action_keys()[before]
                assert made == action.key, f"pressed {keys} for {action.key}, made {made}"
                per_decision.append(len(keys))
                by_list.append(listed)
                turn_keys += len(keys)
    if turn_keys:
        per_turn.append(turn_keys)
    return per_decision, per_turn, by_list


def figures(xs: list[int]) -> str:
    return f"mean {statistics.mean(xs):.2f}, median {statistics.median(xs):g}, max {max(xs)}"


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for game in ("happy-city", "happiest-town"):
        decisions: list[int] = []
        turns: list[int] = []
        listed: list[int] = []
        for seed in range(args.seed, args.seed + args.games):
            d, t, l_ = await one_game(game, seed)
            decisions += d
            turns += t
            listed += l_
        within = sum(1 for t in turns if t <= 5) / len(turns)
        print(f"{game}: {args.games} games, {len(decisions)} decisions, {len(turns)} turns")
        print(f"  keys per decision: {figures(decisions)}")
        print(f"  keys per turn:     {figures(turns)}; {within:.0%} of turns within 5 keys")
        print(f"  by the list alone: {figures(listed)} per decision")


if __name__ == "__main__":
    asyncio.run(main())
