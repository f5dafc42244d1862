"""Why a bot played its move (the coach's W key): the move's reason in the game's
words, the hard bot's rating of it and the runner-up, worked out from the bot's seat as
it was; only where nothing is hidden."""

from __future__ import annotations

import pytest

import rules
from rules.bots import Budget, make_bot
from rules.coach import why_bot_move
from tabletop_tui.coach.why_panel import WhyPanel
from tabletop_tui.controller import Controller, Snapshot

from ..ui.helpers import coach_text, make_app
from .test_hints import wait_for

BUDGET = Budget(seconds=None, iterations=4)


def bot_moves(game, options, seed=3, count=12):
    """(state before, seat, action) of a normal bot's moves in a seeded 2-bot game."""
    spec = rules.get_game(game)
    state = spec.new_game(["Ann", "Bob"], seed=seed, options=options)
    bots = [make_bot(game, "normal", k) for k in range(2)]
    for _ in range(count):
        seat = state.actors()[0]
        action = bots[seat].choose(state, seat)
        yield state, seat, action
        state = state.apply(action)


OPEN_GAMES = [
    ("happy-city", {"mode": "family"}),
    ("happy-city", {"mode": "expert"}),
    ("happiest-town", {}),
]


@pytest.mark.parametrize(("game", "options"), OPEN_GAMES)
def test_a_bot_move_is_told_with_its_reason_its_rating_and_the_runner_up(game, options):
    rated = 0
    for before, seat, action in bot_moves(game, options):
        if len(before.legal_actions(seat)) < 2:
            continue
        why = why_bot_move(before, seat, action, seed=1, budget=BUDGET)
        assert why.action == action and why.reason
        assert why.runner_up is not None and why.runner_up.action.key != action.key
        legal = {a.key for a in before.legal_actions(seat)}
        assert why.runner_up.action.key in legal
        if why.played is not None:
            rated += 1
            assert why.played.action.key == action.key and why.played.value
    assert rated


@pytest.mark.parametrize("game", ["happiness", "sweet-lands"])
def test_a_game_with_hidden_cards_never_tells_a_bots_other_options(game):
    before, seat, action = next(bot_moves(game, {}, count=1))
    with pytest.raises(ValueError, match="what it holds"):
        why_bot_move(before, seat, action, budget=BUDGET)


async def test_capital_w_says_why_the_bot_moved_and_again_for_each_bot_move_before(tmp_path):
    spec = rules.get_game("happy-city")
    state = spec.new_game(["Ann", "Bob"], seed=3, options={})
    seats = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]
    controller = Controller(spec, state, seats, tmp_path / "g.json")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(controller)
        await pilot.pause()
        screen = app.screen
        screen.coach.budget = BUDGET
        assert screen.check_action("why", ()) is False  # no bot has moved yet
        for _ in range(80):  # Ann's moves until Bob (bot) has moved twice
            if len(controller.bot_moves) >= 2 and controller.next_step() == "human":
                break
            if controller.next_step() == "human":
                controller.act(controller.legal()[0])
                screen.advance()
            await pilot.pause(0.05)
        moves = list(controller.bot_moves)
        assert len(moves) >= 2 and screen.check_action("why", ()) is True
        for back, move in enumerate(reversed(moves)):  # the last move, then each before it
            assert move.action is not None
            await pilot.press("W")
            said = f"Bob (bot) played {move.action.label}"
            await wait_for(pilot, lambda said=said: said in coach_text(app))
            await wait_for(pilot, lambda: "Why:" in coach_text(app))
            text = coach_text(app)
            assert "Runner-up:" in text or "There was no other move." in text
            first = back == len(moves) - 1
            assert ("W closes: the game's first bot move" in text) == first
        await pilot.press("W")  # past the first bot move: closed
        await pilot.pause()
        assert not screen.query(WhyPanel)


async def test_no_why_key_in_a_game_with_hidden_cards(tmp_path):
    spec = rules.get_game("happiness")
    state = spec.new_game(["Ann", "Bob"], seed=3, options={"silence": "turns"})
    seats = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]
    controller = Controller(spec, state, seats, tmp_path / "g.json")
    before, seat, action = next(bot_moves("happiness", {"silence": "turns"}, count=1))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(controller)
        await pilot.pause()
        controller.bot_moves = [Snapshot(before, seat, action)]
        assert app.screen.check_action("why", ()) is False
        await pilot.press("W")
        await pilot.pause()
        assert not app.screen.query(WhyPanel)
