"""Measure what each Sweet Lands character and map is worth to the bot, and write the
table its setup choices read: `python benchmarks/sl_choice_table.py [--games N]`.

Each character is played by seat 0 at the ``normal`` level on the same seeded deals,
solo and with one rival (the rival choosing as the bot does), the map board turning
with the seed; the table keeps, per setting, each character's and each map's mean
final VP with its count and standard deviation. Every level draws its character
and map with odds that favour a higher mean (``rules/sweet_lands/bot/setup.py``). Regenerates
``rules/sweet_lands/bot/data/choices.json`` (minutes of one core with the default
games; --games sets the deals per character and setting).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

import rules
from rules.bots import make_bot
from rules.sweet_lands.model import data as D

OUT = (
    Path(__file__).resolve().parent.parent / "rules" / "bots" / "data" / "sweet_lands_choices.json"
)
SL = "sweet-lands"


def play(players: int, character: str, board: str, seed: int) -> tuple[int, str]:
    """Seat 0's final VP playing ``character`` on ``board`` (or the board it took)."""
    spec = rules.get_game(SL)
    state = spec.new_game(
        [f"P{i}" for i in range(players)], seed=seed, options={"character_boards": "any"}
    )
    bots = [make_bot(SL, "normal", seed * 31 + i) for i in range(players)]
    while not state.is_over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        op = state.stack[-1]["op"] if state.stack else None
        forced = None
        if seat == 0 and op == "choose_char":
            forced = next(a for a in legal if a.args[0] == character)
        elif op == "choose_char":  # a rival leaves seat 0's character alone
            forced = bots[seat].choose(state, seat)
            if forced.args[0] == character:
                forced = next(a for a in legal if a.args[0] != character)
        elif seat == 0 and op == "choose_map":  # (a rival may have taken that B side)
            forced = next((a for a in legal if a.args[0] == board), None)
        state = state.apply(forced or bots[seat].choose(state, seat))
    return state.result()["scores"][0], state.p[0].map


def summary(xs: list[int]) -> list[float]:
    return [round(statistics.mean(xs), 1), len(xs), round(statistics.stdev(xs), 1)]


def measure(players: int, games: int) -> dict:
    d = D.load()
    boards = list(d.maps)
    by_char: dict[str, list[int]] = {c: [] for c in d.characters}
    by_map: dict[str, list[int]] = {m: [] for m in boards}
    for k, c in enumerate(d.characters):
        for g in range(games):
            vp, board = play(players, c, boards[(g + k) % len(boards)], 7000 + g)
            by_char[c].append(vp)
            by_map[board].append(vp)
        print(setting_name(players), c, summary(by_char[c]), flush=True)
    return {
        "characters": {c: summary(v) for c, v in by_char.items()},
        "maps": {m: summary(v) for m, v in by_map.items() if len(v) > 1},
    }


def setting_name(players: int) -> str:
    return "solo" if players == 1 else "rivals"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="deals per character and setting")
    ap.add_argument("--setting", choices=("solo", "rivals", "both"), default="both")
    args = ap.parse_args()
    counts = {"solo": [1], "rivals": [2], "both": [1, 2]}[args.setting]
    measured = {setting_name(n): measure(n, args.games) for n in counts}
    table = json.loads(OUT.read_text()) if OUT.exists() else {}
    OUT.write_text(json.dumps(table | measured, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
