"""Happiness at a real table: stories typed are kept, Bummer races are fair, a failed
claim stays private."""

from rules.happiness import HAPPINESS
from tabletop_tui.controller import Controller
from tabletop_tui.widgets.common import HandoffScreen, NoticeScreen

from ..expect import offered
from .helpers import screen_text
from .test_happiness_ui import ann_with_a_bot, app_for, place_by_keys, seed_with_bummer_for

SPEC = HAPPINESS


async def _to_first_story(pilot, c):
    screen = pilot.app.screen
    screen.act_key(c.state.find_action(0, "build_done").key)
    await pilot.pause()
    first = next(a for a in c.legal() if a.kind == "place")
    await place_by_keys(pilot, screen, first)
    await pilot.pause()
    assert c.state.stage == "story"


async def test_typed_story_is_kept_and_empty_enter_skips(tmp_path):
    c = ann_with_a_bot()
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        await _to_first_story(pilot, c)
        await pilot.press(*"a sunny day", "enter")  # no click, no Tab: the box has focus
        await pilot.pause()
        journal = c.state.view(None)["journal"]
        assert [e["text"] for e in journal if e["name"] == "Ann"] == ["a sunny day"]
        while not (c.state.stage == "story" and c.state.actor == 0):
            await pilot.pause(0.02)
            if c.next_step() == "human" and c.state.stage == "play":
                place = next(a for a in c.legal() if a.kind == "place")
                await place_by_keys(pilot, app.screen, place)
        done = len(c.state.action_keys())
        await pilot.press("enter")  # nothing typed: the story is skipped
        await pilot.pause()
        assert c.state.action_keys()[done].startswith("0:skip_story")
        journal = c.state.view(None)["journal"]
        assert [e["text"] for e in journal if e["name"] == "Ann"] == ["a sunny day"]


def test_bot_reaction_time_is_a_game_option():
    opt = SPEC.options["bot_reaction"]
    assert opt.default in opt.choices
    for choice in opt.choices:
        low, high = map(float, choice.split("-"))
        assert 0 < low < high


def _window_with_a_bot_bummer():
    """A window open right after Ann's turn, Bob (a bot) holding a Bummer he can play."""
    seed = seed_with_bummer_for(1)
    state = SPEC.new_game(["Ann", "Bob"], seed=seed, options={"bot_reaction": "1-2.5"})
    state = state.apply(offered(state.find_action(0, "build_done")))
    place = next(a for a in state.legal_actions(0) if a.kind == "place")
    state = state.apply(place)
    state = state.apply(offered(state.find_action(0, "skip_story")))
    assert state.interrupt_window and state.find_action(1, "claim") is not None
    return Controller(SPEC, state, [{"kind": "human"}, {"kind": "bot"}], viewer=0)


def test_a_bot_waits_its_reaction_time_before_claiming():
    c = _window_with_a_bot_bummer()
    wait = c.reaction_times()[1]
    assert 1 <= wait <= 2.5
    assert c.window_bots(elapsed=0.0) == [] and c.in_window  # not the instant it opens
    assert c.window_bots(elapsed=wait - 0.01) == [] and c.in_window
    assert c.window_bots(elapsed=wait)  # then it decides


async def test_a_human_gets_the_first_moments_of_the_silence(tmp_path):
    c = _window_with_a_bot_bummer()
    app = app_for(tmp_path, scale=1.0)  # real seconds: the bot waits at least one
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        await pilot.pause(0.3)
        assert c.in_window and c.state.stage == "window"  # the bot has not claimed yet
        assert "Silence" in screen_text(app)


async def test_a_failed_claim_is_told_behind_the_claimants_hand_off(tmp_path):
    for seed in range(1, 200):  # Bob holds no Bummer at the first silence
        state = SPEC.new_game(["Ann", "Bob", "Cleo"], seed=seed)
        state = state.apply(offered(state.find_action(0, "build_done")))
        if not any(state.cards[i].is_bummer for i in state.hands[1]):
            break
    c = Controller(SPEC, state, [{"kind": "human"}] * 3, viewer=0)
    app = app_for(tmp_path, scale=2.0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.open_game(c)
        await pilot.pause()
        first = next(a for a in c.legal() if a.kind == "place")
        await place_by_keys(pilot, app.screen, first)
        await pilot.press("enter")  # no story
        await pilot.pause()
        assert c.next_step() == "window"
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen) and "no Bummer" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert c.viewer is None and "no Bummer" not in screen_text(app)
        assert not any("Bummer you can" in n.message for n in app.notes)
