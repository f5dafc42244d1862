"""Issue 31 item 1: before Enter, a line says what the placement under the cursor does."""

from rules.happiness import explain_place
from tabletop_tui.demo import happiness_mid_game
from tabletop_tui.games.happiness.board import Board

from ..expect import given
from .helpers import screen_text
from .test_happiness_ui import app_for


def _line_with(app, start: str) -> tuple[int, str]:
    rows = screen_text(app).splitlines()
    y = next(i for i, row in enumerate(rows) if row.strip().startswith(start))
    return y, rows[y]


async def test_preview_line_follows_the_cursor_and_warns_off_the_spots(tmp_path):
    c = happiness_mid_game()
    app = app_for(tmp_path, scale=1000)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        await pilot.press("2")  # the second card of the hand
        await pilot.pause()
        board = app.screen.query_one(Board)
        view = c.view()  # typed by the engine (HappinessView), as the screen reads it
        word = given(view["hand"])[1]["word"]  # the seat at the keyboard holds a hand
        facts = explain_place(view, word, board.cursor)
        assert facts["legal"]
        y, first = _line_with(app, "Enter:")
        assert facts["text"][:60] in first
        good = app.screen.get_style_at(first.index("Enter") + 1, y).color
        spots = {tuple(s) for s in view["spots"][word]}
        x0, y0 = board.cursor
        for step in range(1, 6):  # walk left to the first cell that is no spot
            if (x0 - step, y0) not in spots:
                break
        await pilot.press(*["left"] * step)
        await pilot.pause()
        assert board.cursor == (x0 - step, y0)
        y, row = _line_with(app, "Not here:")
        assert explain_place(view, word, board.cursor)["text"][:50] in row
        assert app.screen.get_style_at(row.index("Not") + 1, y).color != good
        await pilot.press(*["right"] * step)
        await pilot.pause()
        assert _line_with(app, "Enter:")[1] == first
