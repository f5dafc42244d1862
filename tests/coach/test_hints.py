"""The coach's hints: the hard bot's ranking, from the seat's observation only."""

import asyncio
import time

import pytest

import rules
from rules.bots import Budget, Thinking, make_bot, make_ranker, observe
from rules.coach import hints
from rules.happy_city.bot import HappyCityBot
from tabletop_tui.coach.hint_panel import HintPanel
from tabletop_tui.coach.seats import hints_on, hints_used
from tabletop_tui.controller import Controller

from ..ui.helpers import coach_text, make_app, screen_text

BUDGET = Budget(seconds=None, iterations=4)


def seeded_position(game="happy-city", steps=14, seed=3):
    spec = rules.get_game(game)
    state = spec.new_game(["Ann", "Bob"], seed=seed, options={})
    bots = [make_bot(game, "normal", 1), make_bot(game, "normal", 2)]
    for _ in range(steps):
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state, state.actors()[0]


def test_a_hint_gives_legal_moves_of_the_hard_bots_ranking_ordered_by_their_figure():
    state, seat = seeded_position()
    obs = observe(state, seat)
    found = hints(obs, "happy-city", seed=11, budget=BUDGET)
    legal = {a.key for a in state.legal_actions(seat)}
    assert 2 <= len(found) <= 3 and all(h.action.key in legal for h in found)
    ranked = make_ranker("happy-city", 11, BUDGET).rank(observe(state, seat), scores=True)
    by_points = sorted(ranked, key=lambda r: -(r.score or 0.0))
    assert [h.action.key for h in found] == [r.action.key for r in by_points[:3]]
    # the hard bot's own move is marked, wherever the points put it
    pick = make_bot("happy-city", "hard", 11, BUDGET).choose(state, seat).key
    assert [h.action.key for h in found if h.bots_pick] == [pick]
    assert found[0].behind == 0 and found[0].verdict == "best"
    assert found[0].figure == "points by the end" and "points by the end" in found[0].value
    assert found[0].why


def positions_with_a_choice(game, options, seed):
    spec = rules.get_game(game)
    state = spec.new_game(["Ann", "Bob"], seed=seed, options=options)
    bots = [make_bot(game, "normal", 1), make_bot(game, "normal", 2)]
    for step in range(400):
        if state.is_over:
            return
        seat = state.actors()[0]
        if step % 11 == 5 and len(state.legal_actions(seat)) > 1:
            yield state, seat
        state = state.apply(bots[seat].choose(state, seat))


GAMES = [
    ("happy-city", {"mode": "family"}),
    ("happy-city", {"mode": "expert"}),
    ("happiest-town", {}),
    ("happiness", {"silence": "turns"}),
    ("sweet-lands", {}),
]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_every_hint_list_is_ordered_by_the_figure_it_prints(game, options):
    """No list of hints contradicts the figures beside it, in any game."""
    lists = 0
    for n, (state, seat) in enumerate(positions_with_a_choice(game, options, seed=4)):
        if n >= 3:
            break
        found = hints(observe(state, seat), game, seed=n, budget=BUDGET)
        figures = [h.score for h in found if h.score is not None]
        assert figures == sorted(figures, reverse=True), [h.value for h in found]
        assert all(h.figure for h in found) or len(found) == 1
        for h in found[1:]:
            if h.verdict == "behind":  # called worse only when the interval says so
                assert h.difference is not None and h.difference.low > 0
        lists += 1
    assert lists


def test_a_difference_inside_the_noise_is_about_as_good_and_a_clear_one_is_behind():
    from rules.bots import paired
    from rules.coach.hinting import verdict_of

    noisy = paired([30, 10, 25, 12, 28], [20, 22, 18, 24, 19])
    assert not noisy.clear and verdict_of(noisy) == "about as good"
    steady = paired([30, 31, 29, 30, 32], [25, 26, 25, 24, 27])
    assert steady.clear and steady.low > 0 and verdict_of(steady) == "behind"
    assert not paired([5, 6], [1, 2]).clear  # two games are too few to call


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
        screen.coach.budget = BUDGET
        await pilot.press("question_mark")
        panel = screen.query_one(HintPanel)
        await wait_for(pilot, lambda: hints_used(controller.seats[seat]) == 1)
        text = coach_text(app)
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
        assert screen.check_action("hint", ()) is False  # not in the key bar any more
        assert screen.check_action("hints_off", ()) is True  # but ? still answers


async def test_question_mark_with_hints_off_says_so_and_again_turns_them_on(tmp_path):
    app, controller, seat = hint_app(tmp_path, hints_for_human=False)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.open_game(controller)
        await pilot.pause()
        screen = app.screen
        screen.coach.budget = BUDGET
        await pilot.press("question_mark")
        await pilot.pause()
        assert not screen.query(HintPanel)  # no hint yet: it says how to get one
        assert "Hints are off for Ann." in screen_text(app)
        assert not hints_on(controller.seats[seat])
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: hints_used(controller.seats[seat]) == 1)
        assert hints_on(controller.seats[seat])
        assert "best moves for Ann" in coach_text(app)
        # the palette's entry turns them off again, and says so
        titles = [c.title for c in app.get_system_commands(screen)]
        assert "Hints off for Ann" in titles
        screen.coach.set_hints(False)
        await pilot.pause()
        assert not hints_on(controller.seats[seat]) and not screen.query(HintPanel)
        assert "Hints on for Ann" in [c.title for c in app.get_system_commands(screen)]


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


def thinking_reports(game, state, seat, seed=5):
    """The hard bot's ranking of the position and every report it gave while thinking."""
    reports: list = []
    ranked = make_ranker(game, seed, BUDGET).rank(
        observe(state, seat), scores=True, progress=reports.append
    )
    return ranked, reports


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_while_thinking_the_best_so_far_is_reported_and_ends_as_the_bots_answer(game, options):
    """The hint panel's "so far it leans to" line: after each imagined world the search
    reports the share spent and the move ahead, and its last report is its answer."""
    if game == "happiness":  # hard Happiness imagines games only near the end
        from tests.bots.test_happiness_search import searched_decisions

        positions = searched_decisions(limit=2)
    else:
        positions = positions_with_a_choice(game, options, seed=4)
    searched = 0
    for n, (state, seat) in enumerate(positions):
        if n >= 3:
            break
        ranked, reports = thinking_reports(game, state, seat)
        if not reports:
            continue  # one candidate: nothing to think over
        searched += 1
        shares = [r.share for r in reports]
        assert shares == sorted(shares) and 0 < shares[-1] <= 1
        games = [r.games for r in reports]
        assert games == sorted(games) and games[-1] > 0
        assert reports[-1].leaning == ranked[0].action
        legal = {a.key for a in state.legal_actions(seat)}
        assert all(r.leaning.key in legal for r in reports if r.leaning is not None)
    assert searched


async def test_a_search_report_that_reaches_a_closing_hint_panel_is_dropped(tmp_path, monkeypatch):
    """A report of the search can arrive while ? closes the panel, its text already
    removed: it is dropped, where it used to stop the app on a missing widget."""
    monkeypatch.setattr(HappyCityBot, "close_call", None)
    app, controller, seat = hint_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(controller)
        await pilot.pause()
        app.screen.coach.budget = Budget(seconds=None, iterations=10_000)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: "So far it leans to" in coach_text(app))
        panel = app.screen.query_one(HintPanel)
        await panel.query_one("#hint-text").remove()  # as the panel's removal does first
        leaning = controller.state.legal_actions(seat)[0]
        panel.progress(Thinking(share=0.5, leaning=leaning, games=3))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: not app.screen.query(HintPanel))


async def test_the_hint_panel_shows_the_move_the_bot_leans_to_while_it_thinks(
    tmp_path, monkeypatch
):
    # no close call: the search cannot settle early, so it thinks until stopped
    monkeypatch.setattr(HappyCityBot, "close_call", None)
    app, controller, seat = hint_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(controller)
        await pilot.pause()
        screen = app.screen
        screen.coach.budget = Budget(seconds=None, iterations=10_000)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: "So far it leans to" in coach_text(app))
        text = coach_text(app)
        labels = [a.label for a in controller.state.legal_actions(seat)]
        line = next(t for t in text.splitlines() if "So far it leans to" in t)
        assert any(label in line for label in labels) and "imagined game" in line
        assert screen.query_one(HintPanel).query_one("ProgressBar").display
        await pilot.press("question_mark")  # stops the thinking
        await wait_for(pilot, lambda: not screen.query(HintPanel))
        assert hints_used(controller.seats[seat]) == 0
