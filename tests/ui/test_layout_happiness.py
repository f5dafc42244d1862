"""The Happiness table fits its panel (the zoom key, small cells by default at 80x24)
and the selected hand card is marked by its frame's shape, not its colour alone."""

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.happiness.board import Board
from tabletop_tui.widgets.tiles import SMALL_W

from .helpers import screen_text
from .positions import position, table


def make(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    app.animation_level = "none"
    return app


def small_word(word: str) -> str:
    inner = SMALL_W - 2
    return (word if len(word) <= inner else word[: inner - 1] + "~").strip()


async def test_zoom_key_shows_the_whole_round_5_table_at_120x40(tmp_path):
    app = make(tmp_path)
    words = [cell["card"]["word"] for cell in position("happiness-mid").view(0)["board"]]
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(table("happiness-mid"))
        await pilot.pause()
        assert not app.screen.query_one(Board).small  # full size where there is room
        await pilot.press("z")
        await pilot.pause()
        shown = screen_text(app)
        missing = [word for word in words if small_word(word) not in shown]
        assert not missing, f"cards off screen after Z: {missing}"
        await pilot.press("z")  # and back to full size
        await pilot.pause()
        assert not app.screen.query_one(Board).small


async def test_the_table_is_zoomed_out_at_80x24_showing_more_than_one_row(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(table("happiness-mid"))
        await pilot.pause()
        board = app.screen.query_one(Board)
        assert board.small
        window = app.screen.query_one("#hp-board-scroll").scrollable_content_region
        assert window.height // board.cell_h >= 2  # rows of cards in sight


async def test_selected_hand_card_has_a_double_frame(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(table("happiness-mid"))
        await pilot.pause()
        assert "║   key 1   ║" in screen_text(app)
        assert "║   key 2   ║" not in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        shown = screen_text(app)
        assert "║   key 2   ║" in shown and "║   key 1   ║" not in shown
        assert "│   key 1   │" in shown


async def test_a_story_longer_than_its_box_is_shown_whole_while_typed(tmp_path):
    from .test_happiness_story import one_card_from_the_story

    story = "The cat and I shared a whole afternoon of warm socks by the window"
    async with one_card_from_the_story(tmp_path) as (pilot, c):
        await pilot.press("enter")  # place the card: the story step opens
        await pilot.pause()
        assert c.state.stage == "story"
        box = pilot.app.screen.query_one("#hp-story")
        box.value = story[:-1]  # most of it at once (a key a character is slow) ...
        await pilot.press(story[-1])  # ... and its last letter typed
        await pilot.pause()
        shown = " ".join(screen_text(pilot.app).split())
        assert f"Your story: {story}" in shown  # from its first word, not its end
        await pilot.press("enter")
        await pilot.pause()
        assert "Your story:" not in screen_text(pilot.app)
