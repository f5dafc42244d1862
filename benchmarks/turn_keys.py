"""Keys a typical turn takes, in every game and mode, through the real screens.

Seeded games at 120x40 in Pilot sessions, Ann (seat 0) at the keyboard against bots. A
bot chooses each of Ann's moves from her seat and the script presses the fewest keys
the screen offers for it (the key functions of ``card_keys.py`` and ``sl_keys.py``;
Happiness below), checking that the keys made that move. A turn is Ann's run of
decisions from her first to the one that hands the table on:

- Happy City (Family, Expert) and Happiest Town (standard, children's): one turn of
  the game (three players: Ann and two bots); the Expert draft counts as setup.
- Sweet Lands (solo against Mio; two players, Ann and a bot): an Action Phase turn,
  from its first decision to the end of turn or the pass; setup, income, draft and
  cleanup decisions are counted apart, as keys a round.
- Happiness (two players, Ann and a bot; silent countdown or each player asked, the
  one who played first): a card placed and its story skipped (S), then Ann's answer
  to the silence: nothing in the countdown (it runs out), Space when asked in turn, 1
  to claim it (in the countdown Ann claims whenever she can; asked in turn, as her
  bot would); a Bummer placed after a claim counts in the turn of the claim. A
  story a player types is left out (its letters are not choosing keys).
  The deck is built by Enter on "deal" (setup).

Printed per game and mode: turns measured, keys a turn (mean, median, max) and the
setup or between-turns keys. The README's "Keys a turn takes" table comes from it.

Run: nice -n 10 .venv/bin/python benchmarks/turn_keys.py [--games 2] [--seed 1]
     [--only happiness]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from card_keys import keys_for  # noqa: E402
from sl_keys import Timer, make_move, press  # noqa: E402
from textual.widgets import Input, OptionList  # noqa: E402

from rules import get_game  # noqa: E402
from rules.bots import make_bot, observe  # noqa: E402
from tabletop_tui.app import TabletopApp  # noqa: E402
from tabletop_tui.controller import Controller  # noqa: E402
from tabletop_tui.games.happiness.board import Board  # noqa: E402
from tabletop_tui.games.sweet_lands.demo import controller as sl_controller  # noqa: E402
from tabletop_tui.widgets.common import HandoffScreen  # noqa: E402

CARD_MODES = [
    ("Happy City", "Family", "happy-city", {"mode": "family"}),
    ("Happy City", "Expert", "happy-city", {"mode": "expert"}),
    ("Happiest Town", "standard", "happiest-town", {"variant": "standard"}),
    ("Happiest Town", "children's", "happiest-town", {"variant": "children"}),
]
SL_MODES = [("Sweet Lands", "solo against Mio", 1), ("Sweet Lands", "2 players", 2)]
HP_MODES = [
    ("Happiness", "silent countdown", "timer"),
    ("Happiness", "each asked in turn", "turns_from_player"),
]
SIZE = (120, 40)
TURN_CAP = 12  # Happiness turns measured a game (each silence takes its seconds)


def new_app(seed: int) -> TabletopApp:
    app = TabletopApp(data_dir=Path(tempfile.mkdtemp()), bot_delay=0, default_seed=seed)
    app.animation_level = "none"
    return app


async def made(pilot, c, keys: list[str], before: int, want: str) -> None:
    await press(pilot, *keys)

    def own() -> list[str]:  # Ann's moves since (a bot may answer the silence first)
        return [k for k in c.state.action_keys()[before:] if k.startswith("0:")]

    for _ in range(50):  # a move may wait for a frame (the silence's loop, a hand-off)
        if own():
            break
        await pilot.pause(0.02)
    got = own()[:1]
    if got != [want]:
        focus = pilot.app.screen.focused
        step = c.next_step()
        raise SystemExit(f"keys {keys} made {got}, not {want} (focus {focus}, step {step})")


# ---- Happy City and Happiest Town ----------------------------------------------------
async def card_game(game: str, options: dict, seed: int) -> tuple[list[int], int]:
    spec = get_game(game)
    state = spec.new_game(["Ann", "Bob", "Cleo"], seed=seed, options=options)
    seats = [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]
    c = Controller(spec, state, seats, viewer=0)
    chooser = make_bot(game, "normal", seed)
    turns: list[int] = []
    setup = keys = 0
    last = None
    app = new_app(seed)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(c)
        await pilot.pause()
        while not c.state.is_over:
            if c.next_step() != "human":
                await pilot.pause(0.01)
                continue
            turn = (c.state.round, c.state.turn)
            if turn != last and keys:
                turns.append(keys)
                keys = 0
            last = turn
            action = chooser.choose(c.state, 0)
            seq = keys_for(app.screen, action)
            await made(pilot, c, seq, len(c.state.action_keys()), action.key)
            if c.state.round == 0:  # the Expert draft of the Happy Market sides
                setup += len(seq)
            else:
                keys += len(seq)
    if keys:
        turns.append(keys)
    return turns, setup


# ---- Sweet Lands -------------------------------------------------------------------
async def sweet_lands(players: int, seed: int) -> tuple[list[int], int, int]:
    spec = get_game("sweet-lands")
    state = spec.new_game(["Ann", "Bob"][:players], seed=seed, options={})
    c = sl_controller(state, viewer=0, kinds=["human"] + ["bot"] * (players - 1))
    chooser = make_bot("sweet-lands", "normal", seed)
    turns: list[int] = []
    between = keys = 0
    app = new_app(seed)
    async with app.run_test(size=SIZE) as pilot:
        timer = Timer(app, pilot, set(), None)
        app.open_game(c)
        await pilot.pause()
        for _ in range(20000):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                await press(pilot, "enter")
                keys += 1
                continue
            if c.state.is_over or not hasattr(screen, "chooser"):
                break
            if c.next_step() != "human":
                await pilot.pause(0.01)
                continue
            action = chooser.decide(observe(c.state, 0))
            in_turn = c.state.phase == "action"
            seq, _ = await make_move(timer, screen, c, action, False)
            if not in_turn:
                between += len(seq)
                continue
            keys += len(seq)
            if action.kind in ("end", "pass"):
                turns.append(keys)
                keys = 0
        rounds = c.state.round
        await pilot.pause(0.3)
    return turns, between, rounds


# ---- Happiness ---------------------------------------------------------------------
def list_keys(screen, action) -> list[str]:
    """Arrows from the move list's highlight (Down onto the first where none), Enter."""
    ol = screen.query_one(OptionList)
    ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
    index, at = ids.index(action.key), ol.highlighted
    if at is None:
        return ["down"] * (index + 1) + ["enter"]
    return ["down" if index > at else "up"] * abs(index - at) + ["enter"]


def hp_place_start(screen, word: str) -> list[str]:
    """The keys before the board's spot keys: the card's digit unless it is chosen
    (the digit also gives the board the focus), else B unless the board has it."""
    hand = screen.controller.view()["hand"] or []
    index = next(k for k, card in enumerate(hand) if card["word"] == word)
    if index != screen.selected:
        return [str(index + 1)]
    return [] if isinstance(screen.focused, Board) else ["b"]


async def hp_place(pilot, screen, c, action) -> int:
    """Choose the card, N round the marked spots to the move's spot, Enter."""
    word, x, y = action.args
    first = hp_place_start(screen, word)
    await press(pilot, *first)
    board = screen.query_one(Board)
    jumps = 0
    while board.cursor != (x, y):
        await press(pilot, "n")
        jumps += 1
        if jumps > len(board.spots) + 1:
            raise SystemExit(f"n never reached {(x, y)}")
    await made(pilot, c, ["enter"], len(c.state.action_keys()), action.key)
    return len(first) + jumps + 1


async def happiness(mode: str, seed: int) -> tuple[list[int], int]:
    spec = get_game("happiness")
    options = {"silence": mode, "silence_seconds": 3, "bot_reaction": "0.5-1.5"}
    state = spec.new_game(["Ann", "Bob"], seed=seed, options=options)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]
    c = Controller(spec, state, seats, viewer=0)
    chooser = make_bot("happiness", "normal", seed)
    turns: list[int] = []
    setup = keys = 0
    app = new_app(seed)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        for _ in range(5000):
            if c.state.is_over or len(turns) >= TURN_CAP:
                break
            if isinstance(app.screen, HandoffScreen):
                await press(pilot, "enter")
                keys += 1
                continue
            step = c.next_step()
            if step == "window":  # the countdown: Ann claims whenever she can (decided
                # at once: a bot's thinking could outlast the silence)
                action = c.state.find_action(0, "claim")
                if action is not None:
                    await made(pilot, c, ["1"], len(c.state.action_keys()), action.key)
                    keys += 1
                else:
                    await pilot.pause(0.05)  # it runs out by itself: no key
                continue
            if step != "human":
                await pilot.pause(0.02)
                continue
            action = chooser.choose(c.state, 0)
            if action.kind == "place" and c.state.stage == "play" and keys:
                turns.append(keys)  # a new turn of Ann's: the last one is complete
                keys = 0
            before = len(c.state.action_keys())
            if action.kind in ("toggle_topic", "build_done"):  # the deck: deal as offered
                action = c.state.find_action(0, "build_done")
                seq = list_keys(screen, action)
                await made(pilot, c, seq, before, action.key)
                setup += len(seq)
            elif action.kind == "place":
                keys += await hp_place(pilot, screen, c, action)
            elif action.kind in ("story", "skip_story"):
                skip = c.state.find_action(0, "skip_story")
                # Enter on the empty story box skips; S does where the box lacks focus
                key = "enter" if isinstance(screen.focused, Input) else "s"
                await made(pilot, c, [key], before, skip.key)
                keys += 1
            elif action.kind == "pass":
                await made(pilot, c, ["space"], before, action.key)
                keys += 1
            else:  # a claim when asked in turn, and the rest: from the move list
                seq = list_keys(screen, action)
                await made(pilot, c, seq, before, action.key)
                keys += len(seq)
    if keys and len(turns) < TURN_CAP:
        turns.append(keys)
    return turns, setup


class Rows(list):
    """The figures of each game and mode, printed as soon as they are measured."""

    def append(self, row) -> None:
        title, mode, turns, extra = row
        print(
            f"{title}, {mode}: {len(turns)} turns; keys a turn {figures(turns)}; {extra}",
            flush=True,
        )
        super().append(row)


def figures(xs: list[int]) -> str:
    if not xs:
        return "no turns"
    return f"{statistics.mean(xs):.1f} mean, {statistics.median(xs):g} median, {max(xs)} max"


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="happy-city, happiest-town, sweet-lands, ...")
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    print(f"seeds {args.seed}-{args.seed + args.games - 1}, {SIZE[0]}x{SIZE[1]}", flush=True)
    rows = Rows()
    for title, mode, game, options in CARD_MODES:
        if args.only and args.only != game:
            continue
        turns, extra = [], []
        for seed in seeds:
            t, s = await card_game(game, options, seed)
            turns += t
            extra.append(s)
        rows.append((title, mode, turns, f"setup {statistics.mean(extra):g} keys a game"))
    for title, mode, players in SL_MODES:
        if args.only and args.only != "sweet-lands":
            continue
        turns, extra = [], []
        for seed in seeds:
            t, between, rounds = await sweet_lands(players, seed)
            turns += t
            extra.append(between / max(rounds, 1))
        rows.append(
            (title, mode, turns, f"{statistics.mean(extra):.1f} keys a round outside turns")
        )
    for title, mode, silence in HP_MODES:
        if args.only and args.only != "happiness":
            continue
        turns, extra = [], []
        for seed in seeds:
            t, s = await happiness(silence, seed)
            turns += t
            extra.append(s)
        rows.append((title, mode, turns, f"setup {statistics.mean(extra):g} keys a game"))


if __name__ == "__main__":
    asyncio.run(main())
