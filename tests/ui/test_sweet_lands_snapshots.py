"""Snapshots of the Sweet Lands panels at 80x24 and 120x40 (update with --snapshot-update,
then look at the report). States are real seeded games played by the bots."""

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.demo import (
    controller,
    mid_game,
    new_state,
    play_until,
    solo_mid_game,
)

SIZES = [(80, 24), (120, 40)]


def make(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    app.animation_level = "none"
    return app


def opened(ctrl_factory, key):
    async def before(pilot):
        pilot.app.open_game(ctrl_factory())
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()

    return before


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_sweet_lands_map(snap_compare, tmp_path, size):
    # Ann is placing terrain: legal hexes marked, the cursor on the first of them
    assert snap_compare(make(tmp_path), terminal_size=size, run_before=opened(mid_game, "m"))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_sweet_lands_tracks(snap_compare, tmp_path, size):
    assert snap_compare(make(tmp_path), terminal_size=size, run_before=opened(mid_game, "t"))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_sweet_lands_board(snap_compare, tmp_path, size):
    assert snap_compare(make(tmp_path), terminal_size=size, run_before=opened(mid_game, "b"))


def test_snapshot_sweet_lands_solo_board(snap_compare, tmp_path):
    # Mio's two cards, its blocked spaces [M] and its Round Aid token
    assert snap_compare(
        make(tmp_path), terminal_size=(120, 40), run_before=opened(solo_mid_game, "b")
    )


def test_snapshot_sweet_lands_hand(snap_compare, tmp_path):
    factory = lambda: mid_game(players=2, seed=7, round_=2, want="play")  # noqa: E731
    assert snap_compare(make(tmp_path), terminal_size=(120, 40), run_before=opened(factory, "h"))


def test_snapshot_sweet_lands_solo_end(snap_compare, tmp_path):
    def finished():
        return controller(play_until(new_state(1, 5), lambda s: s.is_over), viewer=0)

    async def before(pilot):
        pilot.app.open_game(finished())
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(make(tmp_path), terminal_size=(80, 24), run_before=before)
