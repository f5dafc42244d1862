"""What a Happiness move draws and works out: each test counts work the old code did
more of (no timings)."""

from contextlib import asynccontextmanager

from textual.app import App
from textual.geometry import Region
from textual.widgets import Input

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.controller import Controller
from tabletop_tui.games.happiness.board import Board
from tabletop_tui.games.happiness.boxes import StoryBox
from tabletop_tui.games.happiness.kept_text import KeptText
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.keybar import KeyBar
from tabletop_tui.widgets.log import LogView

from .helpers import screen_text
from .test_happiness_ui import ann_with_a_bot, app_for

SPEC = get_game("happiness")


class Counting(KeptText):
    drawn = 0

    def render_line(self, y):
        Counting.drawn += 1
        return super().render_line(y)


class Panel(App):
    CSS = "KeptText { width: 30; height: auto; padding: 0 1; }"

    def compose(self):
        yield Counting(id="kept")


async def test_kept_text_draws_again_only_the_lines_that_changed():
    async with Panel().run_test(size=(40, 20)) as pilot:
        kept = pilot.app.query_one(Counting)
        blocks = [f"{n} Player {n}\n   {n} pts, 5 in hand" for n in range(1, 5)]
        kept.set_blocks(blocks)
        await pilot.pause()
        Counting.drawn = 0
        blocks[2] = "3 Player 3\n   3 pts, 4 in hand"  # one player's count
        kept.set_blocks(blocks)
        await pilot.pause()
        assert Counting.drawn == 2  # that block's two lines, not all eight
        assert kept.render_line(5).text.strip() == "3 pts, 4 in hand"


class Table(App):
    def compose(self):
        yield Board()


async def test_a_board_repaint_works_out_each_rows_look_once():
    async with Table().run_test(size=(120, 40)) as pilot:
        board = pilot.app.query_one(Board)
        state = SPEC.new_game(["Ann", "Bob"], seed=4)
        state = state.apply(state.find_action(0, "build_done"))
        cells = [{"x": x, "y": 0, "by": 0, "card": state.view(0)["hand"][x]} for x in range(3)]
        board.set_board(cells, ["Ann", "Bob"], [(3, 0), (0, 1)])
        await pilot.pause()
        looked = []
        real = board._row_look
        board._row_look = lambda r: looked.append(r) or real(r)
        board.focus()
        board.action_move(1, 0)  # the cursor leaves one cell for the next
        await pilot.pause()
        # Once for each row when the cursor moved, not once more for each line drawn.
        assert sorted(looked) == list(range(board.rows))


async def test_a_placement_builds_the_view_once(tmp_path):
    async with one_card_from_the_story(tmp_path) as (pilot, c):
        views = []
        real = c.view
        c.view = lambda: views.append(1) or real()
        await pilot.press("enter")
        await pilot.pause()
        assert c.state.stage == "story"
        assert len(views) == 1  # the screen's render, not one more to read the card


class Story(App):
    CSS = "StoryBox { height: 3; }"

    def compose(self):
        yield StoryBox(placeholder="Your story", id="story")
        yield Input(id="other")


async def test_the_story_box_opens_as_last_time_without_drawing_its_line():
    async with Story().run_test(size=(40, 10)) as pilot:
        story = pilot.app.query_one(StoryBox)
        story.cursor_blink = False  # a blink would be another look: keep time out of it
        drawn = []
        real = story.render_line
        story.render_line = lambda y: drawn.append(y) or real(y)

        async def open_it():
            story.show(True)
            story.focus()
            await pilot.pause()
            opened = story.render_lines(Region(0, 0, *story.outer_size))
            story.show(False)
            pilot.app.query_one("#other").focus()
            await pilot.pause()
            return opened

        first = await open_it()
        drawn.clear()
        again = await open_it()
        assert drawn == []  # the kept lines, not the Input's line drawn anew
        assert again == first
        story.__dict__.pop("_kept_lines")
        story._styles_cache.clear()
        story.show(True)
        story.focus()
        await pilot.pause()
        assert story.render_lines(Region(0, 0, *story.outer_size)) == first  # as Textual draws it


class Keys(App):
    BINDINGS = [("a", "bell", "One")]

    def compose(self):
        yield KeyBar()


async def test_the_key_bar_works_its_styles_out_again_only_after_a_restyle():
    async with Keys().run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        bar = pilot.app.query_one(KeyBar)
        asked = []
        real = bar.get_component_rich_style
        bar.get_component_rich_style = lambda *a, **k: asked.append(a) or real(*a, **k)
        before = bar.look()
        bar.refresh()  # Textual forgets its own copy of the styles at each refresh
        pilot.app.refresh_bindings()
        await pilot.pause()
        assert asked == [] and bar.look() == before  # a move's second redraw
        pilot.app.theme = "nord"
        await pilot.pause()
        bar.redraw()
        now = bar.look()[0]
        assert now != before[0] and now == real("keybar--key", partial=True)  # restyled


class Focusing(App):
    CSS = "Board:focus { background: red; }"

    def compose(self):
        yield Board()
        yield StoryBox(id="story")


async def test_a_focus_move_restyles_the_board_and_story_box_without_animation():
    async with Focusing().run_test(size=(40, 10)) as pilot:
        app = pilot.app
        board, story = app.query_one(Board), app.query_one(StoryBox)
        story.show(True)
        restyled = []
        real = app.update_styles
        app.update_styles = lambda node, animate=True: (
            restyled.append((node, animate)) or real(node, animate)
        )
        board.focus()
        await pilot.pause()
        assert board.styles.background.rgb == (255, 0, 0)  # the focus rule, applied at once
        story.focus()
        await pilot.pause()
        assert board.styles.background.rgb != (255, 0, 0)
        assert {(type(n).__name__, a) for n, a in restyled} == {
            ("Board", False),
            ("StoryBox", False),
        }


async def test_board_and_hand_lines_filtered_once_per_card_draw_what_the_styles_cache_would():
    from textual.widget import Widget

    from tabletop_tui.games.happiness.hand import Hand

    class Both(App):
        def compose(self):
            yield Board()
            yield Hand()

    async with Both().run_test(size=(120, 30)) as pilot:
        board, hand = pilot.app.query_one(Board), pilot.app.query_one(Hand)
        state = SPEC.new_game(["Ann", "Bob"], seed=4)
        state = state.apply(state.find_action(0, "build_done"))
        cards = state.view(0)["hand"]
        board.set_board(
            [{"x": x, "y": 0, "by": 0, "card": cards[x]} for x in range(3)], ["Ann", "Bob"], []
        )
        hand.set_hand(cards, 1, True, False)
        await pilot.pause()
        for widget in (board, hand):
            crop = Region(0, 0, *widget.size)
            assert widget.render_lines(crop) == Widget.render_lines(widget, crop)
        filtered = []
        line_filter = pilot.app.get_line_filters()[0]
        real = line_filter.apply
        line_filter.apply = lambda segments, bg: (
            filtered.append(len(segments)) or real(segments, bg)
        )
        board._strips.clear()  # every line joined again from the cells' kept lines
        board.refresh()
        await pilot.pause()
        assert filtered and max(filtered) == 1  # only the blank past the cards, not whole lines


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
        screen.act_key(c.state.find_action(0, "build_done").key)
        await pilot.pause()
        word, x, y = next(a for a in c.legal() if a.kind == "place").args
        screen.action_digit([h["word"] for h in c.view()["hand"]].index(word) + 1)
        await pilot.pause()
        screen.query_one(Board).cursor = (x, y)
        await pilot.pause()
        yield pilot, c


async def test_a_placement_opens_the_story_box_in_place_and_lays_nothing_out(tmp_path):
    async with one_card_from_the_story(tmp_path) as (pilot, c):
        app = pilot.app
        screen = app.screen
        boxes = ["#hp-story", "#hp-moves", "#hp-players", "#hp-log", "Board"]
        before = {box: screen.query_one(box).region for box in boxes}
        reflows = []
        real = screen._compositor.reflow
        screen._compositor.reflow = lambda *a, **k: reflows.append(1) or real(*a, **k)
        await pilot.press("enter")
        await pilot.pause()
        assert c.state.stage == "story" and app.focused is screen.query_one(StoryBox)
        # The story box and its skip line were there all along (closed), and the
        # table keeps the room the card's spots had: nothing moved or changed size.
        assert {box: screen.query_one(box).region for box in boxes} == before
        assert reflows == []


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


async def test_the_table_keeps_its_size_when_a_placement_takes_the_spots_away():
    async with Table().run_test(size=(120, 40)) as pilot:
        board = pilot.app.query_one(Board)
        state = SPEC.new_game(["Ann", "Bob"], seed=4)
        state = state.apply(state.find_action(0, "build_done"))
        first, second = state.view(0)["hand"][:2]
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
                app.screen._apply(chooser.choose(c.state, c.viewer))
            await pilot.pause()
        log = app.screen.query_one(LogView)
        assert log.show_vertical_scrollbar
        inside = log.scrollable_content_region.width
        lines = [log.render_line(y).text.rstrip() for y in range(log.size.height)]
        # Wrapped to the room beside the bar: no line runs to the bar and is cut there.
        assert all(len(line) < inside for line in lines), lines


async def test_the_story_prompt_is_wrapped_before_the_card_is_placed(tmp_path):
    async with one_card_from_the_story(tmp_path) as (pilot, c):
        status = pilot.app.screen.query_one("#hp-status", KeptText)
        kept = dict(status._kept)
        await pilot.press("enter")
        await pilot.pause()
        assert c.state.stage == "story" and "short story about" in status.blocks[0]
        assert status._kept == kept  # shown from the lines wrapped after the last frame


def _looks(*widgets):
    return [(dict(w.styles.base._rules), dict(w._component_styles)) for w in widgets]


async def test_a_focus_move_sets_again_the_styles_kept_for_that_look():
    async with Focusing().run_test(size=(40, 10)) as pilot:
        app = pilot.app
        board, story = app.query_one(Board), app.query_one(StoryBox)
        story.show(True)
        for _ in range(2):  # each widget's two looks: matched once each
            board.focus()
            await pilot.pause()
            story.focus()
            await pilot.pause()
        restyled = []
        real = app.update_styles
        app.update_styles = lambda node, animate=True: restyled.append(node) or real(node, animate)
        board.focus()
        await pilot.pause()
        assert restyled == [] and board.styles.background.rgb == (255, 0, 0)
        kept = _looks(board, story)
        app.stylesheet.update_nodes([board, story])  # what the stylesheet gives them now
        assert _looks(board, story) == kept
        app.theme = "nord"  # a new stylesheet: the kept looks are matched afresh
        await pilot.pause()
        story.focus()
        await pilot.pause()
        assert {type(n).__name__ for n in restyled} >= {"Board", "StoryBox"}
        kept = _looks(board, story)
        app.stylesheet.update_nodes([board, story])
        assert _looks(board, story) == kept
