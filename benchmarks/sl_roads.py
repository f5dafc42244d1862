"""Key presses for three roads on the Sweet Lands screen (issue 32: goal <= 10).

For each seed, a solo game played by bots up to a step that places three roads (a
building area's tiles and roads, or a roads-only step); then, in a Pilot session at
120x40, the normal bot chooses each road from its seat's view and this script presses
the fewest real keys that place it on the screen as it stands (the hex numbers typed
as digits, the map cursor or the move list; sl_keys.key_options). Tiles the bot places
in between are pressed too but not counted. Printed: the keys per road and for the
three roads, per seed, and the mean.

Run: .venv/bin/python benchmarks/sl_roads.py [--seeds 1-6]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sl_keys import key_options, press  # noqa: E402

from rules.bots import make_bot, observe  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.games.sweet_lands.demo import controller, new_state, play_until  # noqa: E402


def three_roads(s) -> bool:
    f = s.stack[-1] if s.stack else None
    if f is None or s.actors() != [0] or f["seat"] != 0:
        return False
    return (f["op"] == "road" and f.get("n", 0) >= 3) or (f["op"] == "tr" and f.get("r", 0) >= 3)


async def roads_by_keys(state, seed: int) -> list[int] | None:
    """The keys each of the next three roads took (None if the bot stopped sooner)."""
    app = TabletopApp(data_dir=Path(tempfile.mkdtemp()), bot_delay=0, default_seed=seed)
    app.animation_level = "none"
    bot = make_bot("sweet-lands", "normal", seed)
    counts: list[int] = []
    async with app.run_test(size=(120, 40)) as pilot:
        c = controller(state, viewer=0)
        app.open_game(c)
        await pilot.pause()
        await pilot.pause()
        for _ in range(12):
            if len(counts) == 3 or not three_roads_left(c.state):
                break
            screen = app.screen
            action = bot.decide(observe(c.state, 0))
            seq = min(key_options(screen, action), key=len)
            done = len(c.state.action_keys())
            await press(pilot, *seq)
            if c.state.action_keys()[done : done + 1] != [action.key]:
                raise SystemExit(f"keys {seq} did not make {action.key}")
            if action.kind == "edge":
                counts.append(len(seq))
    return counts if len(counts) == 3 else None


def three_roads_left(s) -> bool:
    f = s.stack[-1] if s.stack else None
    return f is not None and f["op"] in ("road", "tr") and s.actors() == [0]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seeds", default="1-6", help="a range of seeds, e.g. 1-6")
    a = p.parse_args()
    lo, hi = (int(x) for x in a.seeds.split("-"))
    totals = []
    for seed in range(lo, hi + 1):
        state = play_until(new_state(1, seed), three_roads)
        if not three_roads(state):
            print(f"seed {seed}: no step with three roads")
            continue
        got = asyncio.run(roads_by_keys(state, seed))
        if got is None:
            print(f"seed {seed}: the bot placed fewer than three roads")
            continue
        totals.append(sum(got))
        print(f"seed {seed}: keys per road {got}, three roads {sum(got)}")
    if totals:
        print(
            f"three roads: mean {statistics.mean(totals):.1f} keys, max {max(totals)} "
            f"(goal <= 10) over {len(totals)} seeds"
        )


if __name__ == "__main__":
    main()
