"""The lessons as data: each one played through with its expected moves and with one
wrong move a step, against the rules as they are now (rules/lessons.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.lessons import LessonError, LessonRun, all_lessons, check_lesson, lesson_by_id

LESSONS = all_lessons()


def test_every_game_with_a_lesson_file_gives_lessons_with_unique_ids():
    ids = [lesson.id for lesson in LESSONS]
    assert "happy-city-family" in ids
    assert len(ids) == len(set(ids))
    assert all(lesson.steps for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_fits_the_rules(lesson):
    assert check_lesson(lesson) == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_wrong_move_is_explained_by_the_engine_and_plays_nothing(lesson):
    run = LessonRun.start(lesson)
    while not run.finished:
        step, before = run.step, run.state
        wrong = run.named(step.wrong)
        outcome = run.try_move(wrong)
        shown = outcome.text()
        assert not outcome.right and run.state is before
        # the words shown are the explainer's, for both moves, and the lesson's reason
        told = run.spec.explainer.action(before, lesson.learner, wrong)
        assert told.title in shown and step.wrong_says in shown
        assert run.explain(run.expected_action()).title in shown
        assert step.why in shown
        assert run.try_move(run.expected_action()).right
    assert run.index == len(lesson.steps)


def test_a_lesson_whose_move_the_rules_refuse_fails_the_check():
    lesson = lesson_by_id("happy-city-family")
    assert lesson is not None
    first = replace(lesson.steps[0], expect=('0:buy:["Pastry Shop"]',))
    broken = replace(lesson, steps=(first, *lesson.steps[1:]))
    problems = check_lesson(broken)
    assert any("is not legal" in p for p in problems)


def test_a_lesson_whose_explanation_changed_fails_the_check():
    lesson = lesson_by_id("happy-city-family")
    assert lesson is not None
    second = replace(lesson.steps[1], says="Income: +5 coins a round")
    broken = replace(lesson, steps=(lesson.steps[0], second, *lesson.steps[2:]))
    assert check_lesson(broken) == [
        "happy-city-family, step 2: the expected move's explanation lacks "
        "'Income: +5 coins a round'"
    ]


def test_a_run_started_at_a_step_stands_where_the_expected_moves_lead():
    lesson = lesson_by_id("happy-city-family")
    assert lesson is not None
    walked = LessonRun.start(lesson)
    for _ in range(3):
        walked.try_move(walked.expected_action())
    jumped = LessonRun.start(lesson, at=3)
    assert jumped.index == walked.index == 3
    assert jumped.state.action_keys() == walked.state.action_keys()


def test_a_finished_run_has_no_step():
    lesson = lesson_by_id("happy-city-family")
    assert lesson is not None
    run = LessonRun.start(lesson, at=len(lesson.steps))
    assert run.finished
    with pytest.raises(LessonError):
        _ = run.step
