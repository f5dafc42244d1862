"""Whole games through the real UI, resume after a kill, corrupt saves, undo limits."""

import json

from textual.widgets import OptionList, Static

from rules.happy_city import HAPPY_CITY
from tabletop_tui.app import TabletopApp
from tabletop_tui.controller import Controller
from tabletop_tui.saves import list_saves, new_save_path

from ..expect import offered
from .helpers import make_app, play_to_end, press_for, record_notes, start_from_title


async def test_two_human_game_by_key_presses_to_end_screen(tmp_path):
    app = make_app(tmp_path)
    handoffs = []
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_title(pilot, players=2)
        end = await play_to_end(pilot, on_step=lambda s: handoffs.append(type(s).__name__))
        # nothing is hidden in Happy City: a banner, never a hand-off screen
        assert handoffs and "HandoffScreen" not in handoffs
        head = str(end.query_one("#end-head", Static).render())
        assert "win" in head
        c = end.controller
        assert c.state.is_over
        # the end screen's table has both players with points and coins
        table = end.query_one("#end-table")
        assert table.row_count == 2


async def test_one_human_and_three_bots_no_handoff(tmp_path):
    app = make_app(tmp_path)
    seen = []
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_title(pilot, players=4, kinds=["human", "bot", "bot", "bot"])
        # four rounds of turns (the whole game by keys is the two-human test's)
        at_turn = lambda state: state.step >= 48  # noqa: E731
        await play_to_end(pilot, on_step=lambda s: seen.append(type(s).__name__), until=at_turn)
        assert "HandoffScreen" not in seen and "HappyCityScreen" in seen
        logs = app.screen.controller.state.log_for(0)
        assert any("Bob" in line for line in logs)  # bots' moves are in the log


async def test_illegal_choice_is_explained_not_crashed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await start_from_title(pilot, players=2)
        await pilot.press("enter")  # hand-off to Ann
        await pilot.pause()
        screen = app.screen
        before = screen.controller.state
        screen.try_act("buy", "Zoo")  # nothing is visible yet: not allowed
        await pilot.pause()
        assert screen.controller.state is before
        assert app.notes and "Not allowed" in str(app.notes[-1].title)


KILLER = """
import asyncio, os, signal, sys
sys.path.insert(0, {tests!r})
from ui.helpers import make_app, start_from_title

async def main():
    app = make_app({data!r})
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_title(pilot, players=2)
        await pilot.press("enter")
        for key in ["1", "2", "3", "c", "enter", "k", "1"]:
            await pilot.press(key)
        await pilot.pause()
        print(" ".join(app.controller.state.action_keys()), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no clean shutdown of any kind

asyncio.run(main())
"""


def test_resume_after_kill_continues_exactly(tmp_path):
    import os
    import subprocess
    import sys

    tests = os.path.dirname(os.path.dirname(__file__))
    proc = subprocess.run(
        [sys.executable, "-c", KILLER.format(tests=tests, data=str(tmp_path))],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == -9, proc.stderr[-2000:]
    keys_before = proc.stdout.strip().splitlines()[-1].split(" ")
    good, bad = list_saves(tmp_path)
    assert len(good) == 1 and not bad

    async def resume():
        app2 = make_app(tmp_path)
        async with app2.run_test(size=(120, 40)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            # Bob takes the keyboard: a banner names him (nothing is hidden in Happy City)
            assert type(app2.screen).__name__ == "HappyCityScreen"
            c = app2.screen.controller
            assert c.state.action_keys() == keys_before
            assert c.state.actors() == [1] and c.viewer == 1
            await pilot.press("c")  # and play goes on
            await pilot.pause()
            assert len(c.state.action_keys()) == len(keys_before) + 1

    import asyncio

    asyncio.run(resume())


async def test_corrupt_save_reported_with_path_and_left_untouched(tmp_path):
    spec = HAPPY_CITY
    good_state = spec.new_game(["A", "B"], seed=1)
    Controller(
        spec, good_state, [{"kind": "human"}] * 2, new_save_path(tmp_path, "happy-city")
    ).autosave()
    bad = tmp_path / "saves" / "broken.json"
    data = spec.to_save(good_state.apply(good_state.legal_actions(0)[0]))
    data["actions"].append('0:buy:["Castle in the air"]')
    bad.write_text(json.dumps(data))
    garbage = tmp_path / "saves" / "garbage.json"
    garbage.write_text("{not json")
    before = bad.read_bytes(), garbage.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        text = str(app.screen.query_one("#resume-bad", Static).render())
        assert "broken.json" in text and "step 2" in text
        assert "garbage.json" in text and "JSON" in text
        assert app.screen.query_one(OptionList).option_count == 1  # the good save still lists
    assert (bad.read_bytes(), garbage.read_bytes()) == before


def _controller_in_buy_step_with_special_ready():
    """Seat 0 in the buy step, meeting a special's needs, so buying does not end the turn."""
    from tests.happy_city.helpers import give, new, show

    s = new(2, seed=2)
    special = s.cards[s.specials[0]]
    pool = {
        "blue": ["School", "Police Station", "Library"],
        "green": ["Igloo", "Tree House", "House"],
        "orange": ["Haunted House", "Spa", "Zoo"],
        "violet": ["Factory", "Steelworks", "Garage"],
    }
    for colour, k in special.needs:
        give(s, 0, *pool[colour][:k])
    s.stage = "buy"
    s.coins[0] = 10
    show(s, "Grocery", "Shoe Shop", "Bank")
    return Controller(HAPPY_CITY, s, [{"kind": "human"}] * 2, viewer=0), special.name


def test_undo_own_step_within_turn():
    c, _ = _controller_in_buy_step_with_special_ready()
    before = c.state
    assert not c.can_undo()
    assert c.act(c.state.find_action(0, "buy", "Grocery"))
    assert c.state.stage == "special" and c.can_undo()
    assert c.undo()
    assert c.state is before and c.state.stage == "buy"


def test_undo_never_across_the_turn_passing():
    c, special = _controller_in_buy_step_with_special_ready()
    c.act(c.state.find_action(0, "buy", "Grocery"))
    c.act(c.state.find_action(0, "claim", special))
    assert c.state.actors() == [1]
    assert not c.can_undo() and not c.undo()
    assert "Nothing to undo" in c.last_error


def test_undo_never_past_a_revealed_card():
    spec = HAPPY_CITY
    c = Controller(spec, spec.new_game(["A", "B"], seed=1), [{"kind": "human"}] * 2, viewer=0)
    c.act(offered(c.state.find_action(0, "draw", 1)))
    assert c.state.actors() == [0] and not c.can_undo()


def test_undo_history_is_private_to_its_seat():
    c, _ = _controller_in_buy_step_with_special_ready()
    c.act(c.state.find_action(0, "buy", "Grocery"))
    c.take_terminal(1)  # someone else at the keyboard never inherits Ann's undo
    assert not c.can_undo()


async def test_undo_key_in_the_game_screen(tmp_path):
    c, _ = _controller_in_buy_step_with_special_ready()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        await press_for(pilot, c.state.find_action(0, "buy", "Grocery"))
        assert c.state.stage == "special"
        await pilot.press("u")
        await pilot.pause()
        assert c.state.stage == "buy" and "Grocery" in [
            c.state.cards[i].name for i in c.state.visible
        ]


async def test_too_small_terminal_names_the_size_needed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#too-small", Static).render())
        assert "80x24" in text and "60x20" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_help_screen_has_rules_and_keys(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_title(pilot, players=2)
        await pilot.press("enter")
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        md = app.screen.markdown
        assert "inhabitants" in md and "Ctrl+Q" in md
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "HappyCityScreen"


async def test_mouse_click_on_deck_and_card(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_title(pilot, players=2)
        await pilot.press("enter")
        await pilot.pause()
        c = app.screen.controller
        from tabletop_tui.games.happy_city.screen import DeckBox

        decks = list(app.screen.query(DeckBox))
        for _ in range(3):
            await pilot.click(decks[0])
            await pilot.pause()
        assert len(c.state.visible) == 3
        assert c.state.stage == "buy"
        grid = app.screen.query_one("#hc-dwellings")
        await pilot.click(grid, offset=grid.offset_of("House"))
        await pilot.pause()
        assert c.state.cards[c.state.city[0][-1]].name == "House"


async def test_all_bot_game_can_be_watched(tmp_path):
    """Two bots, chosen on the setup screen, play a whole game with nobody at the
    keyboard; the watcher ends on the end screen."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_from_title(pilot, players=2, kinds=["bot", "bot"])
        for _ in range(1500):
            await pilot.pause(0.01)
            if type(app.screen).__name__ == "EndScreen":
                break
        assert type(app.screen).__name__ == "EndScreen"
        c = app.controller
        assert c.viewer is None and c.state.is_over and c.state.step > 20


async def test_names_with_markup_characters_are_shown_literally(tmp_path):
    spec = HAPPY_CITY
    state = spec.new_game(["[b]Ann", "Bob[/i]"], seed=2)
    c = Controller(spec, state, [{"kind": "human"}] * 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        await pilot.pause()  # the hand-off laid out (a loaded machine can take a tick more)
        from .helpers import screen_text

        assert "[b]Ann" in screen_text(app)  # the hand-off names her literally
        await pilot.press("enter")
        await pilot.pause()
        assert "[b]Ann" in screen_text(app) and "Bob[/i]" in screen_text(app)


async def test_resuming_a_finished_game_opens_its_end_screen(tmp_path):
    from tabletop_tui.demo import finished

    c = finished()
    c.save_path = new_save_path(tmp_path, "happy-city")
    c.autosave()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert "finished" in screen_text_of(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        assert app.screen.query_one("#end-table").row_count == 3


def screen_text_of(app):
    from .helpers import screen_text

    return screen_text(app)


async def test_expert_game_one_human_three_bots_by_keys(tmp_path):
    """Expert mode: the market draft, effect choices and end questions go through the screen."""
    spec = HAPPY_CITY
    state = spec.new_game(["Ann", "Bob", "Cleo", "Dev"], seed=21, options={"mode": "expert"})
    c = Controller(spec, state, [{"kind": "human"}] + [{"kind": "bot"}] * 3)
    app = make_app(tmp_path)
    stages = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        await play_to_end(pilot, on_step=lambda s: stages.add(c.state.stage))
    assert c.state.is_over and "market" in stages
    assert any("Happy Market" in line for line in c.state.log_for(0))


def seat_0_to_choose(stage: str):
    """A seeded Happy City game played by its legal moves' first until seat 0 is to
    move at ``stage`` with more than one move (the draw: "refill")."""
    state = HAPPY_CITY.new_game(["Bot", "Ann"], seed=4)
    while not (state.stage == stage and state.actors() == [0] and len(state.legal_actions(0)) > 1):
        state = state.apply(state.legal_actions(state.actors()[0])[0])
    return state


def test_a_bot_searches_only_at_a_searching_level_with_a_choice():
    spec = HAPPY_CITY
    state = seat_0_to_choose("buy")
    hard = Controller(spec, state, [{"kind": "bot", "level": "hard"}, {"kind": "human"}])
    assert hard.bot_searches()
    draw = Controller(
        spec, seat_0_to_choose("refill"), [{"kind": "bot", "level": "hard"}, {"kind": "human"}]
    )
    assert not draw.bot_searches()  # hard draws as the normal bot does, at once
    normal = Controller(spec, state, [{"kind": "bot", "level": "normal"}, {"kind": "human"}])
    assert not normal.bot_searches()
    human_first = Controller(spec, state, [{"kind": "human"}, {"kind": "bot", "level": "hard"}])
    assert not human_first.bot_searches()  # not a bot's step


async def test_the_bot_seat_reads_thinking_only_while_the_bot_decides(tmp_path):
    """During the pause before a bot moves its seat reads "about to move"; a hard bot
    with a choice reads "thinking" on the frame drawn before it decides, and its move
    then replaces the line."""
    spec = HAPPY_CITY
    state = seat_0_to_choose("buy")
    c = Controller(spec, state, [{"kind": "bot", "level": "hard"}, {"kind": "human"}])
    app = record_notes(TabletopApp(data_dir=tmp_path, bot_delay=60.0))  # a pause outlasting it
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        status = app.screen.query_one("#hc-status", Static)
        assert "Bot (bot) is about to move" in str(status.render())
        app.screen._bot_move()  # what the pause's timer calls
        assert "Bot (bot) is thinking" in str(status.render())
        assert c.state.step == state.step  # not decided yet: the frame saying so comes first
        for _ in range(400):  # a loaded machine: the decision's 0.2 s of CPU takes longer
            await pilot.pause(0.05)
            if c.state.step > state.step:
                break
        assert c.state.step > state.step
        assert "thinking" not in str(status.render())
