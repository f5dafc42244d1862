"""The read-only replay viewer: steps forward and back through any game's save, the
public view by default, a seat's private view only after a warning, seeds of games in
progress never shown; reachable from the resume list and as `tabletop replay`."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList, Static

import rules
from rules.happy_city import HAPPY_CITY
from rules.simulate import play_one
from rules.sweet_lands import SWEET_LANDS
from tabletop_tui.replay import ReplayError, load_replay
from tabletop_tui.saves import write_save
from tabletop_tui.screens.replay import ReplayApp, ReplayScreen, view_lines
from tabletop_tui.widgets.help import HelpScreen

from ..expect import of_type
from .helpers import make_app, screen_text, to_move_list


def save_game(folder, game: str, state, name: str = "game"):
    path = folder / "saves" / f"{name}.json"
    write_save(path, rules.get_game(game), state, [{"kind": "human"}] * len(state.players))
    return path


def finished(folder, game: str, seed: int = 2):
    state, _ = play_one(game, ["random", "random"], seed=seed)
    return save_game(folder, game, state, f"done-{game}")


def shown_view(app) -> str:
    return str(app.screen.query_one("#replay-view", Static).render())


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_replay_rebuilds_every_step_of_every_game(tmp_path, game):
    replay = load_replay(finished(tmp_path, game))
    final, _ = play_one(game, ["random", "random"], seed=2)
    assert replay.last == len(final.action_keys()) and replay.over
    assert replay.state_at(replay.last).action_keys() == final.action_keys()
    for step in [*range(0, replay.last, 7), replay.last, 3, 0]:  # forwards, then back
        state = replay.state_at(step)
        assert len(state.action_keys()) == step
        for seat in (None, 0, 1):
            assert view_lines(replay.view(step, seat))  # every view can be written out
    assert replay.step_label(0) == "Set-up" and replay.step_label(1).startswith("Random")


async def test_stepping_forward_and_back_in_the_public_view(tmp_path):
    replay = load_replay(finished(tmp_path, "happy-city"))
    app = ReplayApp(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_move_list(pilot)
        assert screen.step == replay.last and "Finished; seed 2" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert screen.step == 0 and "Set-up" in screen_text(app)
        await pilot.press("right", "right", "right", "left")
        await pilot.pause()
        assert screen.step == 2
        assert shown_view(app) == "\n".join(view_lines(replay.view(2, None)))
        assert "public view" in screen_text(app) and "seed" not in screen_text(app)
        await pilot.press("l")  # the whole log so far, instead of the view
        await pilot.pause()
        assert shown_view(app).splitlines()[1:] == replay.state_at(2).log_for(None)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert screen.step == replay.last
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0  # Escape closes the viewer on its own


async def test_f1_in_the_viewer_shows_its_kept_reference_again(tmp_path):
    """The viewer's F1 (its keys, then the game's rules) is built once: the next F1
    shows the same screen instead of drawing the whole reference anew."""
    app = ReplayApp(load_replay(finished(tmp_path, "happy-city")))
    async with app.run_test(size=(80, 24)) as pilot:
        await to_move_list(pilot)
        await pilot.press("f1")
        await pilot.pause()
        first = of_type(HelpScreen, app.screen)
        assert first.help_title.endswith("replay viewer")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is first


async def test_a_seat_is_followed_only_after_the_warning(tmp_path):
    replay = load_replay(finished(tmp_path, "happy-city"))
    step = 5
    private = "\n".join(view_lines(replay.view(step, 1)))
    public = "\n".join(view_lines(replay.view(step, None)))
    assert private != public  # the seat's view holds something the public one does not
    app = ReplayApp(replay, step=step)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_move_list(pilot)
        assert shown_view(app) == public
        await pilot.press("f")
        await pilot.pause()
        assert type(app.screen).__name__ == "FollowSeat"
        assert "anyone" in screen_text(app) and "Random 2" in screen_text(app)
        await pilot.press("escape")  # stay public
        await pilot.pause()
        assert shown_view(app) == public
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert of_type(ReplayScreen, app.screen).step == step and shown_view(app) == private
        assert "following Random 2" in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        assert shown_view(app) == public


@pytest.mark.parametrize("game", ["sweet-lands", "happiness"])
async def test_private_log_lines_stay_off_the_public_replay(tmp_path, game):
    replay = load_replay(finished(tmp_path, game))
    final = replay.state_at(replay.last)
    public = set(final.log_for(None))
    private = [line for line in final.log_for(0) if line not in public]
    assert private  # these games deal hands: seat 0 reads lines nobody else does
    first_private = next(i for i in range(replay.last + 1) if set(replay.new_lines(i, 0)) - public)
    app = ReplayApp(replay, step=first_private)
    async with app.run_test(size=(120, 40)) as pilot:
        table = screen_text(app)  # the table the viewer opens on: public too
        assert not any(line[:20] in table for line in private)
        await to_move_list(pilot)
        steps = app.screen.query_one("#replay-steps", OptionList)
        listed = [str(steps.get_option_at_index(i).prompt) for i in range(steps.option_count)]
        for text in [screen_text(app), *listed]:
            assert not any(line[:20] in text for line in private)
        await pilot.press("f", "1")
        await pilot.pause()
        assert any(line[:20] in screen_text(app) for line in private)


async def test_a_game_in_progress_never_shows_its_seed(tmp_path):
    spec = HAPPY_CITY
    state = spec.new_game(["Ann", "Bob"], seed=73519)
    for _ in range(6):
        state = state.apply(state.legal_actions(state.actors()[0])[0])
    replay = load_replay(save_game(tmp_path, "happy-city", state))
    assert not replay.over
    app = ReplayApp(replay)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "73519" not in screen_text(app)  # the table it opens on
        await to_move_list(pilot)
        for key in ["end", "left", "home"]:
            await pilot.press(key)
            await pilot.pause()
            assert "73519" not in screen_text(app)


async def test_replay_from_the_resume_list_and_back(tmp_path):
    finished(tmp_path, "happiness")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        resume = app.screen
        await pilot.press("v")
        await pilot.pause()
        assert app.screen.review and "Replay, step" in screen_text(app)  # the table
        await to_move_list(pilot)
        assert "Replay: Happiness" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is resume


def test_a_save_that_does_not_replay_names_the_step(tmp_path):
    spec = HAPPY_CITY
    state = spec.new_game(["Ann", "Bob"], seed=1)
    state = state.apply(state.legal_actions(0)[0])
    path = save_game(tmp_path, "happy-city", state)
    path.write_text(path.read_text().replace('"actions": [', '"actions": ["0:buy:[1.5]", ', 1))
    with pytest.raises(ReplayError, match=r"game\.json: step 1: "):
        load_replay(path)


def test_replay_names_the_rules_edition_of_an_older_sweet_lands_save(tmp_path):
    spec = SWEET_LANDS
    state = spec.new_game(["Ann", "Bob"], seed=2)
    for _ in range(3):
        state = state.apply(state.legal_actions(state.actors()[0])[0])
    path = save_game(tmp_path, "sweet-lands", state)
    data = json.loads(path.read_text())
    data["extra"] = {"rules": 1}  # made under the first edition ...
    data["actions"][2] = "0:no-such-move"  # ... with a move this edition refuses
    path.write_text(json.dumps(data))
    with pytest.raises(
        ReplayError, match=r"step 3: this save was made with Sweet Lands rules edition 1"
    ):
        load_replay(path)


@pytest.mark.parametrize("game", ["happiness", "sweet-lands"])
async def test_an_unfinished_games_replay_never_follows_a_seat(tmp_path, game):
    """No peeking: a game still in play shows only what the whole table saw; F is off
    the key bar and, pressed, only explains why."""
    state, _ = play_one(game, ["random", "random"], seed=2)
    spec = rules.get_game(game)
    partial = spec.new_game(state.players, seed=2, options=state.options)
    for key in state.action_keys()[:12]:
        partial = partial.apply(spec.parse_action(key))
    replay = load_replay(save_game(tmp_path, game, partial, "in-play"))
    assert not replay.over
    app = ReplayApp(replay)
    async with app.run_test(size=(100, 30)) as pilot:
        await to_move_list(pilot)
        assert app.screen.check_action("follow", ()) is False
        await pilot.press("f")
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"
        assert of_type(ReplayScreen, app.screen).seat is None
        text = screen_text(app)
        assert "only what the whole table saw" in text and "seed" not in text
        public = "\n".join(view_lines(replay.view(replay.last, None)))
        assert shown_view(app) == public
