"""The look-up key on the end screen (the highlighted player's score, with the terms
its labels use) and in the replay viewer (the step's move and the terms the step's
text uses; on the replay's table, the game screen's own look-up)."""

from __future__ import annotations

from rules import get_game
from rules.core import Ref
from tabletop_tui.controller import Controller
from tabletop_tui.demo import bot_moves
from tabletop_tui.games.happiness.board import Board
from tabletop_tui.lookup import LookupPanel
from tabletop_tui.screens.end import EndScreen
from tabletop_tui.screens.replay import ReplayApp, ReplayScreen

from ..ui.helpers import make_app, to_move_list
from ..ui.test_replay_table import open_table, random_replay


def finished_game(game: str) -> Controller:
    spec = get_game(game)
    state = bot_moves(spec.new_game(["Ann", "Bob"], seed=11), 10_000)
    return Controller(spec, state, [{"kind": "human"}] * 2)


async def test_end_screen_f2_explains_the_highlighted_score_and_escape_stays(tmp_path):
    c = finished_game("sweet-lands")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_end(c)
        await pilot.pause()
        end = app.screen
        assert isinstance(end, EndScreen)
        await pilot.press("f2")
        await pilot.pause()
        res = c.state.result()
        first = res["ranking"][0][0]
        text = end.query_one(LookupPanel).text
        assert f"{c.state.players[first]}: {res['scores'][first]}" in text
        parts = res["breakdown"][first]  # Sweet Lands itemises its score by category
        assert all(f"{k.replace('_', ' ')}: {v}" in text for k, v in parts.items())
        assert "The final score's parts" in text  # its categories, defined
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is end and not end.query(LookupPanel)


async def test_replay_f2_names_the_step_and_defines_its_terms(tmp_path):
    replay = random_replay(tmp_path, "happy-city", 5, 30)
    async with ReplayApp(replay, step=20).run_test(size=(80, 24)) as pilot:
        app, viewer = pilot.app, await to_move_list(pilot)  # it opens on the table
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("f2")
        await pilot.pause()
        text = viewer.query_one(LookupPanel).text
        assert f"Step 20: {replay.step_label(20, None)}" in text
        await pilot.press("right")
        await pilot.pause(0.4)  # it follows the step
        assert f"Step 21: {replay.step_label(21, None)}" in viewer.query_one(LookupPanel).text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is viewer and not viewer.query(LookupPanel)


async def test_replay_table_has_the_games_look_up(tmp_path):
    replay = random_replay(tmp_path, "happiness", 5, 30)
    app = ReplayApp(replay, step=20)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        board = table.query_one(Board)
        board.focus()  # a review has no move list: the board's cursor is looked at
        await pilot.press("f2")
        await pilot.pause()
        told = table.controller.explain(Ref("spot", board.cursor))
        assert told.title in table.query_one(LookupPanel).text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table  # Escape closed the look-up, not the table
