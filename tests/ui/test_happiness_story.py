"""The Happiness story step, the table's size and the log's wrapping."""

from contextlib import asynccontextmanager

from textual.app import App

from rules.bots import make_bot
from rules.happiness import HAPPINESS
from tabletop_tui.controller import Controller
from tabletop_tui.games.happiness.board import Board
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.log import LogView

from ..expect import given, offered
from .helpers import screen_text
from .test_happiness_ui import ann_with_a_bot, app_for

SPEC = HAPPINESS


class Table(App):
    def compose(self):
        yield Board()


@asynccontextmanager
async def one_card_from_the_story(tmp_path):
    """Ann (against a bot) has dealt, picked her first legal placement and walked the
    cursor there: Enter places it. Yields the pilot and the controller."""
    c = ann_with_a_bot()
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        screen.act_key(offered(c.state.find_action(0, "build_done")).key)
        await pilot.pause()
        word, x, y = next(a for a in c.legal() if a.kind == "place").args
        screen.action_digit([h["word"] for h in c.view()["hand"]].index(word) + 1)
        await pilot.pause()
        screen.query_one(Board).cursor = (x, y)
        await pilot.pause()
        yield pilot, c


async def test_a_click_on_the_skip_line_skips_the_story(tmp_path):
    async with one_card_from_the_story(tmp_path) as (pilot, c):
        app = pilot.app
        done = len(c.state.action_keys())
        await pilot.click("#hp-skip")  # closed: a click does nothing
        assert len(c.state.action_keys()) == done
        assert "Stories go here" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Skip the story" in screen_text(app) and c.state.stage == "story"
        done = len(c.state.action_keys())
        await pilot.click("#hp-skip")
        await pilot.pause()
        assert c.state.action_keys()[done].startswith("0:skip_story")


def ann_s_first_hand() -> list:
    """Ann's hand once she has built her deck (seed 4, against Bob)."""
    state = SPEC.new_game(["Ann", "Bob"], seed=4)
    state = state.apply(offered(state.find_action(0, "build_done")))
    hand = state.view(0)["hand"]
    assert hand is not None  # a seat's own view holds its hand
    return hand


async def test_the_table_keeps_its_size_when_a_placement_takes_the_spots_away():
    async with Table().run_test(size=(120, 40)) as pilot:
        board = pilot.app.query_one(Board)
        hand = ann_s_first_hand()
        first, second = hand[:2]
        one = [{"x": 0, "y": 0, "by": 0, "card": first}]
        board.set_board(one, ["Ann", "Bob"], [(1, 0), (-1, 0)])  # a spot on each side
        await pilot.pause()
        size = (board.cols, board.rows, board.origin)
        two = one + [{"x": 1, "y": 0, "by": 0, "card": second}]
        board.set_board(two, ["Ann", "Bob"], [])  # the story step: no spots
        await pilot.pause()
        assert (board.cols, board.rows, board.origin) == size  # (-1, 0) stays as room
        board.set_board(two, ["Ann", "Bob"], [(2, 0)])  # the next turn's spots
        await pilot.pause()
        assert (board.cols, board.rows, board.origin) == (5, 3, (-1, -1))


async def test_spots_that_go_with_no_card_laid_leave_no_room_behind():
    """A seat that looks at a card of its hand (a Bummer in the silence) and keeps it:
    the room its spots took goes with them, as a table drawn afresh has none, so the
    next seat cannot tell from the table's shape where a hidden card would fit."""
    async with Table().run_test(size=(120, 40)) as pilot:
        board = pilot.app.query_one(Board)
        hand = ann_s_first_hand()
        one = [{"x": 0, "y": 0, "by": 0, "card": hand[0]}]
        board.set_board(one, ["Ann", "Bob"], [])
        await pilot.pause()
        fresh = (board.cols, board.rows, board.origin)
        board.set_board(one, ["Ann", "Bob"], [(-1, 0), (0, 1)])  # a hidden card's spots
        await pilot.pause()
        assert (board.cols, board.rows, board.origin) == (4, 4, (-2, -1))
        board.set_board(one, ["Ann", "Bob"], [])  # kept in the hand: no card laid
        await pilot.pause()
        assert (board.cols, board.rows, board.origin) == fresh == (3, 3, (-1, -1))
        assert board.cursor == (0, 0)  # off the kept card's spot, onto the table


async def test_the_log_wraps_again_when_its_scrollbar_comes_in_a_4_human_game(tmp_path):
    state = SPEC.new_game(["Ann", "Bob", "Cleo", "Dev"], seed=3)
    c = Controller(SPEC, state, [{"kind": "human"}] * 4)
    chooser = make_bot("happiness", "smart", 9)
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        while len(c.state.view(None)["board"]) < 3:  # three cards, each with a story
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
            elif c.next_step() == "human":
                app.screen._apply(chooser.choose(c.state, given(c.viewer)))
            await pilot.pause()
        log = app.screen.query_one(LogView)
        assert log.show_vertical_scrollbar
        inside = log.scrollable_content_region.width
        lines = [log.render_line(y).text.rstrip() for y in range(log.size.height)]
        # Wrapped to the room beside the bar: no line runs to the bar and is cut there.
        assert all(len(line) < inside for line in lines), lines


async def test_a_story_no_save_can_hold_is_refused_with_a_reason_and_the_save_keeps_up(tmp_path):
    """A lone surrogate (a browser paste can carry one) was once told, and every save
    after it failed while the game went on in memory."""
    import json

    from textual.widgets import Input

    async with one_card_from_the_story(tmp_path) as (pilot, c):
        app = pilot.app
        c.save_path = tmp_path / "saves" / "story.json"
        await pilot.press("enter")  # the card goes down: the story step
        await pilot.pause()
        assert c.state.stage == "story"
        box = app.screen.query_one("#hp-story", Input)
        box.value = "Once upon \ud800 a time"
        box.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert c.state.stage == "story" and "cannot be saved" in c.last_error
        assert app.notes[-1].title == "Not allowed" and "U+D800" in app.notes[-1].message
        c.flush_save()
        saved = json.loads(c.save_path.read_text(encoding="utf-8"))
        assert saved["actions"] == c.state.action_keys() and not c.save_problem
