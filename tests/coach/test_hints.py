"""The coach's hints: the hard bot's ranking, from the seat's observation only."""

import asyncio
import time

import rules
from rules.bots import Budget, make_bot, observe
from rules.coach import hints
from tabletop_tui.coach.hint_panel import HintPanel
from tabletop_tui.coach.seats import hints_used
from tabletop_tui.controller import Controller

from ..ui.helpers import make_app, screen_text

BUDGET = Budget(seconds=None, iterations=4)


def seeded_position(game="happy-city", steps=14, seed=3):
    spec = rules.get_game(game)
    state = spec.new_game(["Ann", "Bob"], seed=seed, options={})
    bots = [make_bot(game, "normal", 1), make_bot(game, "normal", 2)]
    for _ in range(steps):
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state, state.actors()[0]


def test_a_hint_gives_legal_moves_ranked_as_the_hard_bot_ranks_them():
    state, seat = seeded_position()
    obs = observe(state, seat)
    found = hints(obs, "happy-city", seed=11, budget=BUDGET)
    legal = {a.key for a in state.legal_actions(seat)}
    assert 2 <= len(found) <= 3 and all(h.action.key in legal for h in found)
    ranked = make_bot("happy-city", "hard", 11, BUDGET).rank(observe(state, seat))
    assert [h.action.key for h in found] == [r.action.key for r in ranked[:3]]
    # the first hint is the move the hard bot plays from that seat
    assert found[0].action.key == make_bot("happy-city", "hard", 11, BUDGET).choose(state, seat).key
    assert found[0].behind == 0
    assert "points by the end" in found[0].value and found[0].why


def test_a_happiness_placement_is_priced_in_joypoints():
    state, seat = seeded_position("happiness", steps=6)
    while state.legal_actions(seat)[0].kind != "place":
        state = state.apply(make_bot("happiness", "normal", 1).choose(state, seat))
        seat = state.actors()[0]
    found = hints(observe(state, seat), "happiness", seed=2, budget=BUDGET)
    assert found and "Joypoints" in found[0].value


def hint_app(tmp_path, hints_for_human=True):
    state, seat = seeded_position()
    spec = rules.get_game("happy-city")
    seats = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]
    if seat:
        seats.reverse()
    seats[seat]["hints"] = hints_for_human
    app = make_app(tmp_path)
    controller = Controller(spec, state, seats, tmp_path / "g.json")
    return app, controller, seat


async def wait_for(pilot, done, seconds=60.0):
    """Until ``done()``: the worker thread's time depends on the machine's load."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return
        await asyncio.sleep(0.02)
        await pilot.pause()
    raise AssertionError("timed out")


async def test_the_hint_key_shows_three_moves_counts_them_and_drops_stale_ones(tmp_path):
    app, controller, seat = hint_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(controller)
        await pilot.pause()
        screen = app.screen
        screen.hint_budget = BUDGET
        await pilot.press("question_mark")
        panel = screen.query_one(HintPanel)
        await wait_for(pilot, lambda: hints_used(controller.seats[seat]) == 1)
        text = screen_text(app)
        assert "best moves for Ann" in text and "1. " in text and "3. " in text
        assert not panel.query_one("ProgressBar").display
        await pilot.press("question_mark")  # again: closes it
        await pilot.pause()
        assert not screen.query(HintPanel)
        screen.action_hint()  # as the key does; the game moves on before the hint arrives
        controller.act(controller.state.legal_actions(seat)[0])
        await wait_for(pilot, lambda: not screen.query(HintPanel))
        await pilot.pause(0.1)
        assert hints_used(controller.seats[seat]) == 1  # the stale hint was not counted
        controller.seats[seat].pop("hints")
        assert screen.check_action("hint", ()) is False  # the key is not offered


def test_hints_are_on_for_a_solo_player_off_at_a_hot_seat_table_and_kept_in_the_save(tmp_path):
    from tabletop_tui.coach.seats import default_hints
    from tabletop_tui.saves import read_seats, write_save

    bot = {"kind": "bot", "level": "hard"}
    assert default_hints([{"kind": "human"}, bot]) == [True, False]
    assert default_hints([{"kind": "human"}, {"kind": "human"}]) == [False, False]
    state, _seat = seeded_position()
    seats = [{"kind": "human", "hints": True, "hints_used": 3}, {"kind": "human", "hints_used": -2}]
    write_save(tmp_path / "s.json", rules.get_game("happy-city"), state, seats)
    assert read_seats(tmp_path / "s.json", 2) == [
        {"kind": "human", "hints": True, "hints_used": 3},
        {"kind": "human"},  # a bad count is dropped
    ]
