"""Key presses a Sweet Lands solo game against Mio takes, through the real screen.

A seeded solo game at 120x40 in a Pilot session: the bot (level normal) chooses every
move of the player, and this script finds and presses the fewest real keys that make
that move on the screen as it stands: Enter when the highlight is already on it, the
area letter (A-Q), the card digit (1-9), F for free actions, E / S, the map cursor
([ ]) or the move list (arrows, Home, End). Steps with one answer the screen takes by
itself (they cost no key). Printed: key presses per decision and per game, by kind of
move, and beside them the keys the same game took when every move was picked from a
list whose highlight went back to the top each time (the way the screen used to be).

With --frames it also times, from a key press to the first repainted frame: the map
cursor ([ / ]) on a map step, and the final Enter (or direct key) of a move. Figures
are wall-clock on a shared machine: compare runs on the same load.

Run: .venv/bin/python benchmarks/sl_keys.py [--seed 7] [--level normal] [--frames]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual import events  # noqa: E402
from textual.widgets import OptionList  # noqa: E402

from rules import get_game  # noqa: E402
from rules.bots import make_bot, observe  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.games.sweet_lands.cursor import map_target, next_free_index  # noqa: E402
from tabletop_tui.games.sweet_lands.demo import controller  # noqa: E402
from tabletop_tui.games.sweet_lands.hexmap import HexMap  # noqa: E402

CHARS = {"enter": "\r", "right_square_bracket": "]", "left_square_bracket": "["}


def list_path(n: int, start: int | None, target: int, focused: bool) -> list[str]:
    """The fewest list keys from the highlight ``start`` to ``target``, and Enter."""
    ways = [["home", *["down"] * target], ["end", *["up"] * (n - 1 - target)]]
    if start is not None:
        step = "down" if target > start else "up"
        ways.append([step] * abs(target - start))
    return ([] if focused else ["l"]) + min(ways, key=len) + ["enter"]


def old_list_keys(ids: list[str], key: str) -> int:
    """The keys when the highlight starts at the top of the list for every move."""
    i = ids.index(key)
    return 1 + min(i, 1 + len(ids) - 1 - i) + 1  # focus, arrows (or End + arrows), Enter


def key_options(screen, action) -> list[list[str]]:
    """Every key sequence that makes ``action`` on this screen; the shortest wins."""
    ol = screen.query_one(OptionList)
    ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
    out = []
    if action.key in ids:
        out.append(list_path(len(ids), ol.highlighted, ids.index(action.key), ol.has_focus))
        if ol.has_focus and ol.highlighted == ids.index(action.key):
            out.append(["enter"])
    if action.kind == "end":
        out.append(["e"])
    if action.kind == "pass":  # E with the main action unused passes, asked once
        out.append(["e", "e"])
    if action.kind == "done":
        out.append(["s"])
    if action.kind == "area" and len(action.args) == 1 and len(action.args[0]) == 1:
        same = [
            a
            for a in screen.controller.legal()
            if a.kind == "area" and a.args[0][:1] == action.args[0]
        ]
        if len(same) == 1:
            out.append([action.args[0]])
    if action.kind in ("play", "discard", "keep"):
        hand = screen.controller.view()["players"][0]["hand"]
        place = next(i for i, c in enumerate(hand, 1) if c["uid"] == action.args[0])
        if place <= 9:
            out.append([str(place)])
    if action.kind.startswith("fa_") and action.key in ids:
        moves = screen._shown_moves
        seq, i = [], ol.highlighted
        for _ in range(len(moves)):
            i = next_free_index(moves, i)
            seq.append("f")
            if i is None or moves[i].key == action.key:
                break
        if i is not None and moves[i].key == action.key:
            out.append([*seq, "enter"])
    target = map_target(action)
    hm = screen.query_one(HexMap)
    if target is not None and target in hm.targets and screen.shown(screen.controller.view()) == 0:
        pool = sorted(hm.targets, key=hm._order)
        i = pool.index(hm.cursor) if hm.cursor in pool else 0
        fwd = (pool.index(target) - i) % len(pool)
        cyc = (
            ["right_square_bracket"] * fwd
            if fwd <= len(pool) - fwd
            else ["left_square_bracket"] * (len(pool) - fwd)
        )
        same_hex = sum(1 for a in screen.controller.legal() if map_target(a) == target)
        if same_hex == 1:
            if hm.has_focus and hm.cursor == target:
                out.append(["enter"])
            out.append(([] if hm.has_focus else ["m"]) + cyc + ["enter"])
    if action.kind == "pass":  # from the list too: the second Enter confirms
        out = [seq if seq == ["e", "e"] else [*seq, "enter"] for seq in out]
    return [seq for seq in out if seq]


async def press(pilot, *names):
    for k in names:
        pilot.app.post_message(events.Key(k, CHARS.get(k, k if len(k) == 1 else None)))
        await pilot._wait_for_screen()
    await pilot.pause()


async def play(seed: int, level: str, frames: bool) -> dict:
    app = TabletopApp(data_dir=Path(tempfile.mkdtemp()), bot_delay=0, default_seed=seed)
    app.animation_level = "none"
    paints: list[float] = []
    real_display = app._display

    def display(screen, renderable):  # every frame the app writes to the terminal
        paints.append(time.perf_counter())
        return real_display(screen, renderable)

    app._display = display

    async def timed(*names) -> float | None:
        await pilot.pause(0.02)
        paints.clear()
        t0 = time.perf_counter()
        await pilot.press(*names)
        await pilot.pause(0.05)
        return (paints[0] - t0) * 1000 if paints else None

    bot = make_bot("sweet-lands", level, seed)
    per_kind: Counter = Counter()
    decisions: Counter = Counter()
    keys_each: list[int] = []
    old_total = 0
    map_ms: list[float] = []
    move_ms: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        spec = get_game("sweet-lands")
        c = controller(spec.new_game(["Ann"], seed=seed, options={}), viewer=0)
        app.open_game(c)
        await pilot.pause()
        for _ in range(5000):
            screen = app.screen
            if c.state.is_over or not hasattr(screen, "_shown_moves"):
                break
            action = bot.decide(observe(c.state, 0))  # the seat's view only, as in play
            seqs = key_options(screen, action)
            if not seqs:
                raise SystemExit(f"no keys make {action.key} on this screen")
            seq = min(seqs, key=len)
            ids = [o.id for o in screen.query_one(OptionList)._options]
            old_total += old_list_keys(ids, action.key)
            if (
                frames
                and len(map_ms) < 40
                and screen.query_one(HexMap).has_focus
                and len(screen.query_one(HexMap).targets) > 1
            ):
                for k in ("right_square_bracket", "left_square_bracket"):
                    ms = await timed(k)
                    if ms is not None:
                        map_ms.append(ms)
            done = len(c.state.action_keys())
            if frames and len(move_ms) < 40:
                await press(pilot, *seq[:-1])
                ms = await timed(seq[-1])
                if ms is not None:
                    move_ms.append(ms)
            else:
                await press(pilot, *seq)
            if c.state.action_keys()[done : done + 1] != [action.key]:
                raise SystemExit(f"keys {seq} did not make {action.key}")
            keys_each.append(len(seq))
            per_kind[action.kind] += len(seq)
            decisions[action.kind] += 1
        over = c.state.is_over
        score = c.state.result()["scores"][0] if over else None
        await pilot.pause(0.5)  # let the end screen finish mounting before the app closes
    return {
        "keys": keys_each,
        "per_kind": per_kind,
        "decisions": decisions,
        "old": old_total,
        "over": over,
        "score": score,
        "map_ms": map_ms,
        "move_ms": move_ms,
        "moves": len(c.state.action_keys()),
    }


def figures(xs: list[float]) -> str:
    if not xs:
        return "no samples"
    s = sorted(xs)
    p95 = s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))]
    return f"median {statistics.median(s):.1f} ms, p95 {p95:.1f} ms (n={len(s)})"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    p.add_argument("--frames", action="store_true", help="also time key press to frame")
    a = p.parse_args()
    t0 = time.perf_counter()
    got = asyncio.run(play(a.seed, a.level, a.frames))
    keys = got["keys"]
    total = sum(keys)
    turns = got["decisions"]["area"] + got["decisions"]["play"] + got["decisions"]["pass"]
    turns += got["decisions"]["flip"]
    print(f"Sweet Lands solo vs Mio, seed {a.seed}, moves chosen by the {a.level} bot")
    print(
        f"game over: {got['over']} (score {got['score']}); {len(keys)} decisions by keys, "
        f"{got['moves'] - len(keys)} one-answer steps taken by the screen"
    )
    print(f"key presses per game: {total}  (list-only, highlight back at the top: {got['old']})")
    print(
        f"key presses per decision: mean {total / max(1, len(keys)):.2f}, "
        f"median {statistics.median(keys) if keys else 0}, max {max(keys) if keys else 0}"
    )
    print(
        f"key presses per main action (area, card, flip or pass; {turns}): "
        f"{total / max(1, turns):.1f}"
    )
    print("by kind of move (decisions: keys):")
    for kind, n in got["decisions"].most_common():
        print(
            f"  {kind:12s} {n:4d}: {got['per_kind'][kind]:5d} keys ({got['per_kind'][kind] / n:.2f} each)"
        )
    if a.frames:
        print(f"map cursor key to first frame: {figures(got['map_ms'])}")
        print(f"move key to first frame:       {figures(got['move_ms'])}")
    print(f"(wall time {time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
