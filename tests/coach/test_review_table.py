"""Issue 34 item 2: the review's turning points are drawn by each game's own screen,
read-only, with a line naming the move played and the best move found; Sweet Lands
draws any step without taking a forced step or handing the terminal over.

Reviews here are made by hand at a decision of the saved game (the coach's ranking is
tested in test_review.py): what is under test is the drawing, not the analysis."""

from dataclasses import replace
from functools import cache
from typing import cast

import pytest
from textual.widgets import Static

import rules
from rules.coach import Review, points_word
from rules.coach.review import MISTAKE, Decision
from rules.core import GameState
from rules.simulate import play_one
from rules.sweet_lands import SweetLandsExplainer
from tabletop_tui.coach.review_screen import ReviewScreen
from tabletop_tui.coach.review_store import keep_review
from tabletop_tui.games import screen_class
from tabletop_tui.games.sweet_lands.demo import new_state, play_until
from tabletop_tui.replay import load_replay
from tabletop_tui.saves import write_save
from tabletop_tui.screens.replay_table import ReplayTable

from ..ui.helpers import make_app
from .test_hints import wait_for


@cache
def finished(game: str):
    if game == "sweet-lands":  # a solo game: the shortest whole game (Mio's board too)
        return play_until(new_state(1, 7), lambda s: s.is_over)
    return play_one(game, ["random", "random"], seed=2)[0]


def decisions(spec, final, seat: int):
    """(step, state before it) for each of the seat's moves with a choice."""
    state = spec.new_game(list(final.players), seed=final.seed, options=dict(final.options))
    for step, key in enumerate(final.action_keys()):
        action = spec.parse_action(key)
        if action.seat == seat and len(state.legal_actions(seat)) > 1:
            yield step, state
        state = state.apply(action)


def reviewed_save(tmp_path, game: str, at: int | None = None):
    """A finished game's save with a review of seat 0 kept in it: one turning point
    (at step ``at``, else halfway through), its best move another legal move than
    the one played."""
    spec, final = rules.get_game(game), finished(game)
    path = tmp_path / "saves" / f"{game}.json"
    write_save(path, spec, final, [{"kind": "human"}] * len(final.players))
    found = list(decisions(spec, final, 0))
    step, before = found[len(found) // 2] if at is None else (at, dict(found)[at])
    key = final.action_keys()[step]
    legal = before.legal_actions(0)
    played = next(a for a in legal if a.key == key)
    best = next(a for a in legal if a.key != key)
    decision = Decision(
        step, None, played.label, best.label, 6.5, played.key, best.key, 2.0, 11.0, MISTAKE
    )
    review = Review(game, 0, final.players[0], points_word(game), [decision])
    keep_review(path, review, len(final.action_keys()))
    return spec, final, path, decision


async def open_turning_point(app, pilot, spec, final, path):
    """The review kept in the save, then key 1: its first turning point's table."""
    review = ReviewScreen(spec, final, path, 0)
    await app.push_screen(review)
    await pilot.press("1")
    await wait_for(pilot, lambda: bool(app.screen.query("#review-note")))
    await pilot.pause()
    return review, app.screen


def note(table) -> str:
    return " ".join(str(table.query_one("#review-note", Static).render()).split())


def assert_turning_point_shown(table, path, decision) -> None:
    """The position before the move, in the reviewed seat's view, nothing playable,
    and the line naming both moves and the points between them."""
    c = table.controller
    before = load_replay(path).state_at(decision.step)
    assert c.state.action_keys() == before.action_keys()
    assert c.viewer == 0 and c.view() == before.view(0)
    assert c.legal() == []
    shown = note(table)
    for words in ("Turning point 1 - Before this move", decision.played, decision.best):
        assert " ".join(words.split())[:40] in shown
    assert f"about 6.5 {points_word(table.controller.spec.id)} lost" in shown


@pytest.mark.parametrize("game", ["happy-city", "happiest-town", "happiness"])
async def test_a_turning_point_opens_the_card_games_screen_with_both_moves(tmp_path, game):
    spec, final, path, decision = reviewed_save(tmp_path, game)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        review, table = await open_turning_point(app, pilot, spec, final, path)
        assert isinstance(table, screen_class(game)) and table.review
        assert_turning_point_shown(table, path, decision)
        await pilot.press("full_stop")  # the next move, the line still over the table
        assert len(table.controller.state.action_keys()) == decision.step + 1
        assert f"At step {decision.step}" in note(table)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is review


def forced_step(final, seat: int = 0) -> int:
    """A step where the Sweet Lands screen at the table would take the seat's only
    answer by itself (one legal move, a pending step, not ending the turn), right
    after a decision of the seat's."""
    spec = rules.get_game("sweet-lands")
    state = spec.new_game(list(final.players), seed=final.seed, options=dict(final.options))
    choice = False  # the step before was the seat's, with a choice
    for step, key in enumerate(final.action_keys()):
        if choice and state.actors() == [seat] and state.view(seat).get("pending"):
            legal = state.legal_actions(seat)
            if len(legal) == 1 and legal[0].kind not in ("done", "end", "pass"):
                return step
        choice = state.actors() == [seat] and len(state.legal_actions(seat)) > 1
        state = state.apply(spec.parse_action(key))
    raise LookupError("no forced step after a decision in this game")


class ViewOnly:
    """A state that answers a screen only with what one seat may read: its view and
    its log, the players' names, and whether the game is over and who acts."""

    PUBLIC = ("players", "is_over", "actors", "interrupt_window")

    def __init__(self, state, seat: int):
        self._state, self._seat = state, seat

    def view(self, seat):
        assert seat == self._seat, f"view({seat}) asked for"
        return self._state.view(seat)

    def log_for(self, seat):
        assert seat == self._seat, f"log_for({seat}) asked for"
        return self._state.log_for(seat)

    def __getattr__(self, name: str):
        assert name in self.PUBLIC, f"the screen read state.{name}"
        return getattr(self._state, name)


class SeatExplainer(SweetLandsExplainer):
    """The game's explainer asked through a ViewOnly state: the engine answers, as it
    answers ``view``, for the seat the state reads for (or for every seat, where the
    answer is public: the standings, the solo lines, the tiles on show)."""

    SEAT_ASKED = ("action", "thing", "refusals", "map_refusal")


def _through(name: str):
    def asked(self, state, *args):
        assert isinstance(state, ViewOnly), "the screen asked about the wrapped state"
        if name in SeatExplainer.SEAT_ASKED:
            assert args[0] in (state._seat, None), f"{name} asked for seat {args[0]}"
        return getattr(SweetLandsExplainer, name)(self, state._state, *args)

    return asked


PUBLIC_ANSWERS = ("track_rates", "standings", "solo_verdict", "advanced_costs")
for _name in (*SeatExplainer.SEAT_ASKED, *PUBLIC_ANSWERS):
    setattr(SeatExplainer, _name, _through(_name))


def drawn(screen) -> dict:
    """What a Sweet Lands screen shows of its step: the prompt, the players, the log
    and each panel's content (every panel drawn in turn, as its key would)."""
    from tabletop_tui.games.sweet_lands.lines import Lines
    from tabletop_tui.games.sweet_lands.screen import TABS
    from tabletop_tui.widgets.log import LogView

    out: dict[str | None, object] = {"log": tuple(screen.query_one(LogView).lines_text())}
    for tab in TABS.values():
        screen.show_tab(tab)
    for sel in ("#sl-status", "#sl-others", "#sl-maptitle", "#sl-handtitle", "#sl-solo"):
        out[sel] = str(screen.query_one(sel, Static).render())
    for lines in screen.query(Lines):
        out[lines.id] = lines.text()
    return out


async def test_sweet_lands_turning_point_read_only_no_forced_step_each_step_drawn(tmp_path):
    from tabletop_tui.games.sweet_lands.screen import SweetLandsScreen

    forced = forced_step(finished("sweet-lands"))  # at the table: its only answer is taken
    spec, final, path, decision = reviewed_save(tmp_path, "sweet-lands", at=forced - 1)
    replay = load_replay(path)
    # a solo game's public view stays public (its one person is not made the reader)
    assert ReplayTable(replay, 0, None).controller.viewer is None
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        review, table = await open_turning_point(app, pilot, spec, final, path)
        assert isinstance(table, SweetLandsScreen) and table.review
        assert_turning_point_shown(table, path, decision)
        c = table.controller
        await pilot.press("full_stop", "full_stop", "comma")
        assert len(c.state.action_keys()) == forced
        seen = drawn(table)
        fresh = ReplayTable(replay, forced, 0)  # a screen mounted on the forced step
        await app.push_screen(fresh.make_screen())
        fresh.show(forced)
        await pilot.press("enter", "1", "s", "e")
        assert len(fresh.controller.state.action_keys()) == forced  # nothing taken or played
        # drawn from a state that answers only what the seat may read
        fresh.controller.state = cast(GameState, ViewOnly(fresh.controller.state, 0))
        fresh.controller.spec = replace(fresh.controller.spec, explainer=SeatExplainer())
        assert fresh.screen is not None
        fresh.screen.render_view()
        assert drawn(fresh.screen) == seen
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is review


def test_snapshot_sweet_lands_review_position(snap_compare, tmp_path):
    """The Sweet Lands screen at a turning point opened from the review, 120x40."""
    spec, final, path, _decision = reviewed_save(tmp_path, "sweet-lands")

    async def before(pilot):
        await open_turning_point(pilot.app, pilot, spec, final, path)

    app = make_app(tmp_path)
    app.animation_level = "none"
    assert snap_compare(app, terminal_size=(120, 40), run_before=before)
