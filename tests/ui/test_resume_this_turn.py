"""A Sweet Lands game opened mid-turn (a resumed save) says what the turn has done so
far, as the move list labelled it, not "This turn: nothing yet" (issue 46)."""

from __future__ import annotations

from rules import get_game
from tabletop_tui.games.sweet_lands.demo import NAMES, play_until

from .test_sweet_lands_keys import at_turn_start, open_state
from .test_sweet_lands_play import make_app
from .test_sweet_lands_small import this_turn


async def test_a_game_opened_mid_turn_lists_the_steps_already_taken(tmp_path):
    s = play_until(get_game("sweet-lands").new_game(NAMES[:1], seed=5, options={}), at_turn_start)
    area = next(a for a in s.legal_actions(0) if a.kind == "area" and len(a.args) == 1)
    s = s.apply(area)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, s)
        said = this_turn(screen)
        assert said.startswith(f"Area {area.args[0]}") and "nothing yet" not in said


async def test_a_game_opened_at_a_turn_start_has_nothing_yet(tmp_path):
    s = play_until(get_game("sweet-lands").new_game(NAMES[:1], seed=5, options={}), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, s)
        assert this_turn(screen).startswith("nothing yet")
