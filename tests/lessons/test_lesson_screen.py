"""A lesson completed by key presses in the app, its progress kept and offered again."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static

from rules.lessons import all_lessons, lesson_by_id
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.lessons.progress import load_progress, progress_path
from tabletop_tui.lessons.screen import LessonMenuScreen, LessonScreen
from tabletop_tui.navigation import OpenLesson
from tabletop_tui.screens.title import TitleScreen

from ..ui.helpers import keys, make_app, press_for, screen_text


def said(app) -> str:
    return str(app.screen.query_one("#lesson-said", Static).render())


async def test_happy_city_lesson_completed_by_keys_with_one_wrong_move_a_step(tmp_path):
    lesson = lesson_by_id("happy-city-family")
    assert lesson is not None
    app = make_app(tmp_path, learn="happy-city")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonMenuScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        for n, step in enumerate(lesson.steps, start=1):
            assert f"step {n} of {len(lesson.steps)}" in str(screen.title)
            assert step.ask in screen_text(app)
            await keys(pilot, "enter")  # to the table, its title the step's request
            assert app.screen is not screen and step.ask in str(app.screen.title)
            await press_for(pilot, lesson.spec.parse_action(step.wrong))
            assert app.screen is screen  # back to the lesson, the wrong move explained
            assert step.wrong_says in said(app) and "Nothing was played" in said(app)
            await keys(pilot, "enter")
            await press_for(pilot, lesson.spec.parse_action(step.expect[0]))
            assert app.screen is screen and said(app).startswith("Right:")
            kept = load_progress(tmp_path)
            assert kept.at.get(lesson.id, 0) == n or lesson.id in kept.done
        assert "Lesson complete." in screen_text(app)
        assert load_progress(tmp_path).done == [lesson.id]
        # Enter now starts a real game: the learner with hints, an easy bot
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GameScreenBase)
        game = table.controller
        assert game.seats == [{"kind": "human", "hints": True}, {"kind": "bot", "level": "easy"}]
        assert game.state.options["mode"] == "family"


async def test_title_offers_to_continue_a_lesson_left_part_way(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("enter")
        await pilot.press("1")  # the step's move: draw from deck 1
        await pilot.pause()
        assert screen.run.index == 1
        await pilot.press("enter", "escape")  # Escape at a lesson's table: back to the lesson
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "C  Continue Happy City: your first city, step 2" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.run.index == 1


async def test_play_on_freely_from_a_step_plays_the_bot_and_checks_nothing(tmp_path):
    app = make_app(tmp_path, learn="")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        lesson_screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        table = app.screen
        assert table is not lesson_screen and "playing on" in table.title
        for key in ("3", "1", "1", "c"):  # not the lesson's moves: played all the same
            await pilot.press(key)
            await pilot.pause()
        state = table.controller.state
        assert state.action_keys()[:4] == ["0:draw:[3]", "0:draw:[1]", "0:draw:[1]", "0:coin"]
        assert app.screen is table
        await pilot.press("escape")  # back to the lesson, which says the game goes on
        await pilot.pause()
        assert app.screen is lesson_screen and "Playing on." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.controller.state is table.controller.state


async def test_damaged_progress_is_reported_and_never_written_over(tmp_path):
    path = progress_path(tmp_path)
    path.write_text("{not json", encoding="utf-8")
    app = make_app(tmp_path, learn="happy-city")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter", "1")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.run.index == 1
    assert path.read_text(encoding="utf-8") == "{not json"
    assert any("damaged" in note.message for note in app.notes)


def test_progress_file_round_trips_and_rejects_wrong_fields(tmp_path):
    from tabletop_tui.lessons.progress import Progress, save_progress

    p = Progress()
    p.reached("a", "A lesson", 2)
    p.finished("b", "B lesson")
    assert save_progress(tmp_path, p) == ""
    back = load_progress(tmp_path)
    assert (back.done, back.at, back.last, back.problem) == (["b"], {"a": 2}, "b", "")
    progress_path(tmp_path).write_text(json.dumps({"format": 1, "done": [], "at": {"a": -1}}))
    assert "damaged" in load_progress(tmp_path).problem


# One lesson a game: what a screen does with a lesson's moves is the same for each of
# a game's lessons, and tests/lessons/test_lessons.py plays every lesson's every step
# (expected and wrong moves, the explanations) through the rules. Happy City's first
# lesson is played by keys above, so its Expert lesson is the one played here.
FIRST_OF_EACH_GAME = list(
    {
        lesson.game: lesson
        for lesson in reversed(all_lessons())
        if lesson.id != "happy-city-family"
    }.values()
)


@pytest.mark.parametrize("lesson", FIRST_OF_EACH_GAME, ids=lambda lesson: lesson.id)
async def test_every_game_plays_a_lesson_through_on_its_own_screen(tmp_path, lesson):
    """Each game's screen, unchanged, takes the lesson's moves (as a click or a key
    names them) and hands each back to the lesson.

    A wrong move goes back the same way at every step (each step's wrong move and
    its explanation are test_lessons.py's, through the rules): it is played here at
    the first step and wherever it is a pass, which a screen asks about first."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.post_message(OpenLesson(lesson.id))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        for n, step in enumerate(lesson.steps):
            if n == 0 or step.wrong.endswith(":pass"):
                await keys(pilot, "enter")
                table = app.screen
                assert table is not screen and step.ask in table.title
                table.act_key(step.wrong)
                await pilot.pause()
                if app.screen is table and step.wrong.endswith(":pass"):
                    table.act_key(step.wrong)  # Sweet Lands asks once before a pass
                    await pilot.pause()
                assert app.screen is screen and step.wrong_says in said(app)
            await keys(pilot, "enter")
            table = app.screen
            assert step.ask in table.title
            assert isinstance(table, GameScreenBase)
            table.act_key(step.expect[0])
            await pilot.pause()
            if app.screen is table and step.expect[0].endswith(":pass"):
                table.act_key(step.expect[0])
                await pilot.pause()
            assert app.screen is screen and said(app).startswith("Right:")
        assert screen.run.finished and "Lesson complete." in screen_text(app)


async def test_a_lesson_that_cannot_open_is_told_and_the_screen_stays(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(OpenLesson("no-such-lesson"))
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert any("There is no lesson no-such-lesson." in note.message for note in app.notes)
