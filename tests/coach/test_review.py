"""The coach's review: turning points of one seat's game, kept with the save."""

import functools
import json

from rules.bots import Budget, SearchBot, make_bot, observe, policy_for
from rules.coach import Review, review_game, review_text
from rules.happy_city import HAPPY_CITY as SPEC
from tabletop_tui.cli import main
from tabletop_tui.coach.review_screen import ReviewScreen
from tabletop_tui.coach.review_store import kept_review
from tabletop_tui.saves import write_save

from ..ui.helpers import make_app, screen_text
from .test_hints import wait_for

SMALL = Budget(seconds=None, iterations=3)


def worst_move(state, seat):
    """The legal move whose imagined games end worst for the seat (the blunder)."""
    judge = SearchBot(policy_for("happy-city", 3), 3, Budget(seconds=None, iterations=1))
    obs = observe(state, seat)
    means = []
    for action in obs.legal:
        scores = []
        for w in range(10):
            world = obs.sample(w)
            offered = {a.key: a for a in world.legal_actions(seat)}
            if action.key in offered:
                scores.append(
                    judge.imagine(world, seat, offered[action.key]).result()["scores"][seat]
                )
        means.append((sum(scores) / len(scores), action))
    return min(means, key=lambda m: m[0])[1]


@functools.cache
def game_with_a_blunder(seed=5, at=4):
    """Two normal bots; Ann's ``at``-th decision is replaced by her worst move."""
    state = SPEC.new_game(["Ann", "Bob"], seed=seed, options={})
    bots = [make_bot("happy-city", "normal", 1), make_bot("happy-city", "normal", 2)]
    decisions, planted = 0, None
    while not state.is_over:
        seat = state.actors()[0]
        if seat == 0 and len(state.legal_actions(0)) > 1:
            decisions += 1
            if decisions == at:
                planted = len(state.action_keys())
                state = state.apply(worst_move(state, 0))
                continue
        state = state.apply(bots[seat].choose(state, seat))
    return state, planted


def test_a_review_marks_a_planted_blunder_as_a_turning_point():
    state, planted = game_with_a_blunder()
    review = review_game(SPEC, state, 0, seed=1, rank_budget=SMALL, worlds=4)
    marked = {d.step: d for d in review.turning_points}
    assert planted in marked
    blunder = marked[planted]
    assert blunder.loss > 5 and blunder.played != blunder.best
    assert blunder.played_key == state.action_keys()[planted]
    text = review_text(review)
    assert f"move {planted + 1}: about {blunder.loss:.1f} points lost" in text
    assert Review.from_json(json.loads(json.dumps(review.to_json()))) == review


def finished_save(tmp_path):
    state, _planted = game_with_a_blunder()
    path = tmp_path / "saves" / "done.json"
    write_save(path, SPEC, state, [{"kind": "human"}, {"kind": "bot", "level": "normal"}])
    return state, path


async def test_the_review_screen_works_in_the_background_and_keeps_its_result(tmp_path):
    state, path = finished_save(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen(SPEC, state, path, 0)
        # enough games to call the blunder clear; a fixed seed, as a fresh one may not
        screen.rank_budget, screen.worlds, screen.seed = SMALL, 8, 1
        await app.push_screen(screen)
        # a review's time depends on the machine's load: up to a few minutes on a busy one
        moves = len(state.action_keys())
        await wait_for(pilot, lambda: kept_review(path, 0, moves) is not None, seconds=240)
        assert "Review of Ann's decisions" in screen_text(app)
        await pilot.press("escape")
        again = ReviewScreen(SPEC, state, path, 0)
        await app.push_screen(again)
        await pilot.pause()
        assert "(kept with the save)" in screen_text(app)  # instant, no worker
        assert again.shown is not None and again.shown.turning_points
        assert not [w for w in again.workers if w.group == "review"]
        from tabletop_tui.games.happy_city.screen import HappyCityScreen

        await pilot.press("1")  # the first turning point, on the game's own screen
        # the table opens once the screen is built: more than one frame on a busy machine
        await wait_for(pilot, lambda: isinstance(app.screen, HappyCityScreen), seconds=30)
        assert isinstance(app.screen, HappyCityScreen) and app.screen.review
        assert len(app.screen.controller.state.action_keys()) == again.shown.turning_points[0].step


def test_tabletop_review_prints_the_review_kept_with_the_save(tmp_path, capsys):
    from tabletop_tui.coach.review_store import keep_review

    state, path = finished_save(tmp_path)
    review = review_game(SPEC, state, 1, seed=2, rank_budget=SMALL, worlds=2)
    keep_review(path, review, len(state.action_keys()))
    assert main(["review", str(path), "--seat", "Bob"]) == 0
    assert capsys.readouterr().out.strip() == review_text(review)
    assert main(["review", str(path), "--seat", "Zed"]) == 2
    assert "no seat 'Zed'" in capsys.readouterr().err
