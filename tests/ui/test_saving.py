"""A move is saved: also when the app quits right after it, and at once without a screen."""

from __future__ import annotations

import json

from tabletop_tui.saves import new_save_path

from .positions import mid_game
from .test_sweet_lands_play import make_app


def saved_steps(path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["actions"])


async def open_solo_game(pilot, app, tmp_path):
    c = mid_game(players=1, seed=7, round_=2, want="hex")
    c.save_path = new_save_path(tmp_path, "sweet-lands")
    app.open_game(c)
    await pilot.pause()
    return c


async def test_quitting_right_after_a_move_keeps_it_saved(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        c = await open_solo_game(pilot, app, tmp_path)
        before = saved_steps(c.save_path)
        assert c.act(c.legal()[0])
        assert c._save_due  # waiting for the frame
        app.exit()
    assert saved_steps(c.save_path) == before + 1 == len(c.state.action_keys())


def test_without_a_screen_a_save_is_written_at_once(tmp_path):
    c = mid_game(players=1, seed=7, round_=2, want="hex")
    c.save_path = new_save_path(tmp_path, "sweet-lands")
    assert c.act(c.legal()[0])
    assert saved_steps(c.save_path) == len(c.state.action_keys())
