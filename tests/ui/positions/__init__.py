"""Fixed positions for the snapshot tests: each one a checked-in list of moves (a save
file: game, players, seed, options, moves), replayed through the rules.

The positions were first reached by seeded bot games (``tabletop_tui.demo``), then
recorded, so that a change to a bot never moves a snapshot, while a change to the
rules that makes a recorded move illegal fails at once, naming the step. Record them
again only on purpose: ``.venv/bin/python -m tests.ui.positions NAME ...`` (no name:
all), then retake the snapshots that use them and look at the pictures.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import rules
from rules.core import GameState

HERE = Path(__file__).parent


def _card(build: Callable, **kw) -> Callable[[], GameState]:
    return lambda: build(**kw).state


def _recorders() -> dict[str, Callable[[], GameState]]:
    """How each position was first reached (bots play: only run when recording)."""
    from tabletop_tui import demo
    from tabletop_tui.games.sweet_lands import demo as sl

    def sl_end(players: int, seed: int) -> GameState:
        return sl.play_until(sl.new_state(players, seed), lambda s: s.is_over)

    return {
        "happy-city-mid": _card(demo.mid_game),
        "happy-city-end": _card(demo.finished),
        "happy-city-expert-mid": _card(demo.mid_game, options={"mode": "expert"}, moves=45, seed=4),
        "happiest-town-mid": _card(demo.mid_game, game="happiest-town", moves=50, seed=3),
        "happiness-mid": _card(demo.happiness_mid_game),
        "happiness-window": _card(demo.happiness_window),
        "sweet-lands-placing": _card(sl.mid_game),
        "sweet-lands-cards": _card(sl.mid_game, players=2, seed=7, round_=2, want="play"),
        "sweet-lands-four": _card(sl.mid_game, players=4, seed=9, round_=3, want="area"),
        "sweet-lands-solo-mid": _card(sl.solo_mid_game),
        "sweet-lands-end-2p": lambda: sl_end(2, 7),
        "sweet-lands-end-solo": lambda: sl_end(1, 5),
    }


@cache
def position(name: str) -> GameState:
    """The recorded position ``name``, replayed (states never change: shared safely)."""
    data = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    return rules.get_game(data["game"]).from_save(data)


@cache
def sweet_lands_mid_state(players=2, seed=7, round_=3, want="hex", viewer=0) -> GameState:
    """The state of Sweet Lands' ``demo.mid_game`` with these arguments, found by its
    bots once a process (dozens of tests read the same few; states never change)."""
    from tabletop_tui.games.sweet_lands import demo as sl

    return sl.mid_game(players, seed, round_, want, viewer).state


def mid_game(players=2, seed=7, round_=3, want="hex", viewer=0):
    """Sweet Lands' ``demo.mid_game``: a fresh controller (it changes as moves are
    made) of the kept state."""
    from tabletop_tui.games.sweet_lands import demo as sl

    return sl.controller(sweet_lands_mid_state(players, seed, round_, want, viewer), viewer)


def record(names: list[str]) -> None:
    recorders = _recorders()
    for name in names or sorted(recorders):
        state = recorders[name]()
        data = rules.get_game(state.spec.id).to_save(state)
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
        print(f"{name}: {len(data['actions'])} moves")


def table(name: str, viewer: int | None = 0):
    """A controller of the recorded position, every seat a person, ``viewer`` at the
    keyboard (None: the public view), as the demos build them."""
    from tabletop_tui.controller import Controller

    state = position(name)
    seats = [{"kind": "human"} for _ in state.players]
    return Controller(rules.get_game(state.spec.id), state, seats, viewer=viewer)
