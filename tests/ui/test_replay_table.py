"""Issue 31 item 8: the replay viewer draws the table with the game's own screen,
read-only, stepping by move and by turn, each step's log line shown; an unfinished
game shows only what the whole table saw."""

from tabletop_tui.games.happiness.screen import HappinessScreen
from tabletop_tui.replay import load_replay
from tabletop_tui.screens.replay import ReplayApp, ReplayScreen
from tabletop_tui.screens.replay_table import turn_ends
from tabletop_tui.widgets.log import LogView

from .test_resume_replay import save_game


async def test_the_replay_table_steps_by_move_and_turn_and_shows_no_hand(tmp_path):
    import random

    import rules

    state = rules.get_game("happiness").new_game(["Ann", "Bob"], seed=5)
    rng = random.Random(5)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions(state.actors()[0])))
    replay = load_replay(save_game(tmp_path, "happiness", state))
    assert not replay.over
    app = ReplayApp(replay, step=20)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, HappinessScreen) and table.review
        c = table.controller
        assert c.state is replay.state_at(20) and c.viewer is None
        assert c.view()["hand"] is None  # no seat's cards in an unfinished game
        assert f"step 20 of {replay.last}" in table.title
        assert replay.step_label(20) in table.title
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
