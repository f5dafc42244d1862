"""Hand-offs say what just happened and what the next player must do (issue 46 item
2), from public facts only: the last public log line and the step asked of that seat
(an income choice, a turn, a card to lay), never a hidden card."""

from __future__ import annotations

from rules import get_game
from tabletop_tui.controller import Controller
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app, screen_text
from .test_sweet_lands_handoffs import bob_has_kept


async def test_a_sweet_lands_hand_off_names_the_last_move_and_the_question_asked(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await bob_has_kept(pilot)
        state = screen.controller.state
        assert isinstance(app.screen, HandoffScreen)
        said = app.screen.reason
        assert said.startswith(f"Just now: {state.log_for(None)[-1]}")
        pending = state.view(None)["pending"]
        assert pending is not None and pending["seat"] == 0
        assert "Next for Ann:\n" in said
        text = " ".join(screen_text(app).split())
        assert "Just now:" in text and "Next for Ann:" in text
        for line in state.log_entries():  # nothing private to a seat shows
            if line[1] is not None and line[0] not in state.log_for(None):
                assert line[0] not in said


async def test_a_happy_city_hand_off_says_the_turn_just_ended_and_the_step_asked(tmp_path):
    spec = get_game("happy-city")
    state = spec.new_game(["Ann", "Bob"], seed=2)
    c = Controller(spec, state, [{"kind": "human"}] * 2, viewer=0)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        while c.state.actors() == [0]:
            moves = c.state.legal_actions(0)
            ending = [a for a in moves if a.kind in ("keep", "coin", "pass")]
            screen.act_key((ending or moves)[0].key)
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        said = app.screen.reason
        assert said.startswith("Just now: ") and "Next for Bob:\n" in said
        stage = c.state.view(None)["stage"]
        assert screen.PROMPTS[stage].split(" ", 1)[1] in said
