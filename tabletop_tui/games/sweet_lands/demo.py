"""Seeded Sweet Lands states for snapshots, screenshots and tests (real games by bots)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rules.bots import make_bot
from rules.sweet_lands import SWEET_LANDS

if TYPE_CHECKING:
    from rules.core import GameState
    from rules.sweet_lands import SweetLandsView
    from tabletop_tui.controller import Controller

NAMES = ["Ann", "Bob", "Cleo", "Dev"]


def _bots(state, seed):
    return [make_bot("sweet-lands", "smart", seed + i) for i in range(len(state.players))]


def play_until(state, stop, limit=5000, seed=1):
    """Let bots play until ``stop(state)`` is true (checked before every move)."""
    bots = _bots(state, seed)
    for _ in range(limit):
        if state.is_over or stop(state):
            return state
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state


def first_game_where(stop, players=1, seeds=range(1, 40)):
    """The first seeded game that reaches ``stop`` (a test's situation need not come
    up in one particular seed once the data is tuned)."""
    for seed in seeds:
        state = play_until(new_state(players, seed), stop)
        if stop(state):
            return state
    raise LookupError("no seeded game reaches the situation")


def controller(
    state: GameState[SweetLandsView],
    viewer: int | None = 0,
    kinds: list[str] | None = None,
    save_path: Path | None = None,
) -> Controller[GameState[SweetLandsView]]:
    """A hot-seat controller of ``state``, typed as the screen holds it."""
    from tabletop_tui.controller import Controller

    n = len(state.players)
    seats = [{"kind": k} for k in (kinds or ["human"] * n)]
    return Controller(SWEET_LANDS, state, seats, save_path, viewer=viewer)


def new_state(players=2, seed=7):
    return SWEET_LANDS.new_game(NAMES[:players], seed=seed, options={})


def mid_game(players=2, seed=7, round_=3, want="hex", viewer=0):
    """Seat ``viewer`` in round ``round_`` at a decision whose legal moves include ``want``."""
    s = play_until(new_state(players, seed), lambda s: s.round >= round_)

    def ready(s):
        if s.actors() != [viewer]:
            return False
        kinds = {a.kind for a in s.legal_actions(viewer)}
        return want in kinds

    s = play_until(s, ready)
    return controller(s, viewer=viewer)


def solo_mid_game(seed=5, round_=2, want="area"):
    return mid_game(players=1, seed=seed, round_=round_, want=want, viewer=0)
