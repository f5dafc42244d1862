"""Issue 31 item 8: the replay viewer draws the table with the game's own screen,
read-only, stepping by move and by turn, each step's log line shown; an unfinished
game shows only what the whole table saw."""

import random

import pytest

import rules
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.games.happiness.screen import HappinessScreen
from tabletop_tui.replay import load_replay
from tabletop_tui.screens.replay import ReplayApp, ReplayScreen
from tabletop_tui.screens.replay_table import turn_ends
from tabletop_tui.widgets.log import LogView

from ..expect import given, of_type
from .helpers import screen_text
from .test_resume_replay import save_game


def random_replay(folder, game: str, seed: int, moves: int):
    """The replay of a saved 2-player game of ``moves`` random moves."""
    state = rules.get_game(game).new_game(["Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.apply(rng.choice(state.legal_actions(state.actors()[0])))
    return load_replay(save_game(folder, game, state))


async def open_table(pilot):
    """The table the viewer opens on, at its step."""
    await pilot.pause()
    await pilot.pause()
    return pilot.app.screen


@pytest.mark.parametrize("game", ["happy-city", "happiness", "sweet-lands"])
async def test_the_replay_viewer_opens_on_the_table_and_t_reopens_it(tmp_path, game):
    replay = random_replay(tmp_path, game, 4, 12)
    app = ReplayApp(replay, step=8)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert not isinstance(table, ReplayScreen) and table.review
        assert len(table.controller.state.action_keys()) == 8
        await pilot.press("escape")  # to the list of moves
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.step == 8
        await pilot.press("t")  # and back to the table
        await pilot.pause()
        table = of_type(GameScreenBase, app.screen)
        assert table.review and len(table.controller.state.action_keys()) == 8


async def test_the_replay_table_steps_by_move_and_turn_and_shows_no_hand(tmp_path):
    replay = random_replay(tmp_path, "happiness", 5, 30)
    assert not replay.over
    app = ReplayApp(replay, step=20)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(pilot)
        assert isinstance(table, HappinessScreen) and table.review
        c = table.controller
        assert c.state is replay.state_at(20) and c.viewer is None
        assert c.view()["hand"] is None  # no seat's cards in an unfinished game
        assert f"step 20 of {replay.last}" in given(table.title)
        assert replay.step_label(20) in given(table.title)
        await pilot.press("comma", "comma", "full_stop")
        await pilot.pause()
        assert len(c.state.action_keys()) == 19
        shown = " ".join(" ".join(table.query_one(LogView).lines_text()).split())
        assert replay.state_at(19).log_for(None)[-1][:30] in shown  # the step's log line
        await pilot.press("greater_than_sign")
        await pilot.pause()
        step = len(c.state.action_keys())
        assert step == min(k for k in turn_ends(replay) if k > 19)
        await pilot.press("less_than_sign")
        await pilot.pause()
        assert len(c.state.action_keys()) == max(k for k in turn_ends(replay) if k < step)
        assert c.legal() == []  # nothing can be played
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.step == len(c.state.action_keys())


@pytest.mark.parametrize("game", ["happy-city", "happiness", "sweet-lands"])
async def test_a_replayed_step_names_who_plays_it_and_keeps_its_title_on_resize(tmp_path, game):
    """Nobody plays on the replay table: the status names the seat the step waits for
    (never "your turn"), and the title stays the step's heading when a resize redraws."""
    app = ReplayApp(random_replay(tmp_path, game, 3, 12), step=10)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(pilot)
        assert table.review and "step 10 of" in table.title
        text = screen_text(app)
        assert "Replay:" in text and "your turn" not in text.lower()
        await pilot.resize_terminal(100, 30)  # compact: the table is drawn again
        await pilot.pause()
        await pilot.resize_terminal(130, 42)
        await pilot.pause()
        assert "step 10 of" in table.title
        await pilot.press("full_stop")
        await pilot.pause()
        assert "step 11 of" in table.title
