"""Digests of seeded random Sweet Lands games, to show an engine change kept behaviour.

For each game (1-4 players, some with variant options) it hashes, step by step: the
keys and labels of the legal moves, view(seat) for every seat, the move played (picked
by a random generator seeded per game) and, at the end, the result. It also saves the
game, replays the save and checks the replay ends in the same state; with --saves DIR
it writes the saves there, and with --load DIR it replays saves another tree wrote.

Run it on two trees with the same arguments and compare the printed lines:
  ../old-tree/.venv/bin/python benchmarks/sl_same_games.py > base.txt
  .venv/bin/python benchmarks/sl_same_games.py > mine.txt && diff base.txt mine.txt
The script itself may live in either tree: ``rules`` is imported from the interpreter's
own install (the first line printed says which). After each player count a line
digests that count's games together, so one part (say 2-4 players) can be shown
unchanged when another (solo) changed. ``--ignore-option NAME`` leaves a game option
out of every view before hashing: a new option shows in the views' options even in
games it does not touch, so comparing with a tree without it needs this. ``--no-views``
hashes no view at all (the legal moves, their labels, the moves played and the
results): what to compare when a change reshapes the view but not the rules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

import rules

# options tried in turn, one set a game (the defaults first)
OPTION_SETS = [
    {},
    {"milestones": "face_up", "granted_costs": "paid"},
    {"turn_order": "pass_order", "character_boards": "any"},
    {"draft": "on", "advanced_skills": "on", "skill_tiles": "mixed"},
]


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True, default=repr, ensure_ascii=False)


IGNORED: list[str] = []  # option names left out of the hashed views (--ignore-option)
WITH_VIEWS = [True]  # --no-views: the rules only (moves, labels, results), for a view change


def _view(state, seat: int) -> object:
    view = state.view(seat)
    if IGNORED and isinstance(view, dict) and isinstance(view.get("options"), dict):
        kept = {k: v for k, v in view["options"].items() if k not in IGNORED}
        view = {**view, "options": kept}
    return view


def play(spec, n: int, seed: int, options: dict, per_step: bool) -> tuple[str, object, list]:
    """Play one seeded random game; returns its digest, final state and step digests."""
    state = spec.new_game([f"P{i}" for i in range(n)], seed=seed, options=options)
    choose = random.Random(f"{n}:{seed}")
    whole = hashlib.sha256()
    steps: list[str] = []
    while not state.is_over:
        step = hashlib.sha256()
        for seat in range(n) if WITH_VIEWS[0] else ():
            step.update(_text(_view(state, seat)).encode())
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        step.update(_text([(a.key, a.label) for a in legal]).encode())
        move = legal[choose.randrange(len(legal))]
        step.update(move.key.encode())
        state = state.apply(move)
        whole.update(step.digest())
        if per_step:
            steps.append(step.hexdigest()[:12])
    whole.update(_text(state.result()).encode())
    for seat in range(n) if WITH_VIEWS[0] else ():
        whole.update(_text(_view(state, seat)).encode())
    return whole.hexdigest()[:16], state, steps


def check_replay(spec, state, saves: Path | None, name: str) -> str:
    data = spec.to_save(state)
    again = spec.from_save(json.loads(json.dumps(data)))
    same = again.action_keys() == state.action_keys() and again.result() == state.result()
    if saves is not None:
        (saves / f"{name}.json").write_text(json.dumps(data))
    return "replay ok" if same else "REPLAY DIFFERS"


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=12, help="games per player count")
    p.add_argument("--steps", action="store_true", help="print every step's digest")
    p.add_argument("--saves", type=Path, help="write each game's save here")
    p.add_argument("--load", type=Path, help="replay the saves in this folder and stop")
    p.add_argument(
        "--ignore-option", action="append", default=[], help="an option left out of the views"
    )
    p.add_argument(
        "--no-views", action="store_true", help="hash no views: the rules alone, for a view change"
    )
    a = p.parse_args()
    IGNORED.extend(a.ignore_option)
    WITH_VIEWS[0] = not a.no_views
    spec = rules.get_game("sweet-lands")
    print(f"# rules from {Path(rules.__file__).parent}")
    if a.load:
        for path in sorted(a.load.glob("*.json")):
            state = spec.from_save(json.loads(path.read_text()))
            print(path.stem, "loads,", len(state.action_keys()), "moves,", _text(state.result()))
        return
    if a.saves:
        a.saves.mkdir(parents=True, exist_ok=True)
    for n in range(1, 5):
        count = hashlib.sha256()
        for g in range(a.games):
            seed = 1000 * n + g
            options = OPTION_SETS[g % len(OPTION_SETS)]
            digest, state, steps = play(spec, n, seed, options, a.steps)
            name = f"{n}p-{seed}"
            replay = check_replay(spec, state, a.saves, name)
            print(name, _text(options), len(state.action_keys()), "moves", digest, replay)
            count.update(digest.encode())
            for i, d in enumerate(steps):
                print(f"  {i} {d}")
        print(f"{n} players, all {a.games} games: {count.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
