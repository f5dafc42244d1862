"""The Sweet Lands line above the moves says where the main action is, as the engine
tells it (issue 46): not "done" while its costs are still being paid, and no main
action at all during setup."""

from __future__ import annotations

from rules import get_game
from tabletop_tui.games.sweet_lands.demo import NAMES, play_until

from .test_sweet_lands_keys import at_turn_start, first_area, header, open_state
from .test_sweet_lands_play import make_app


def stage(screen) -> str:
    """The line that says where the turn is (below the highlighted move's line)."""
    return header(screen).splitlines()[-1]


async def test_the_main_action_reads_under_way_while_its_hand_cost_is_paid(tmp_path):
    s = play_until(get_game("sweet-lands").new_game(NAMES[:1], seed=5, options={}), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, s)
        assert stage(screen).startswith("Main action to do.")
        screen._apply(first_area(screen.controller))
        await pilot.pause()
        assert screen.controller.view()["pending"]["op"] == "hand"
        assert stage(screen).startswith("Main action under way.")


async def test_setup_names_its_phase_not_a_main_action(tmp_path):
    s = get_game("sweet-lands").new_game(NAMES[:2], seed=5, options={})
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, s)
        assert stage(screen).startswith("Setup phase.")
        assert "Main action" not in header(screen)
