"""Happy City and Happiest Town at a real table: the newest log line, clicks, undo,
help and the words of each edition."""

from textual.widgets import OptionList

from rules import get_game
from tabletop_tui.controller import Controller
from tabletop_tui.demo import bot_moves, mid_game
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.widgets.card_grid import CardGrid
from tabletop_tui.widgets.log import LogView

from ..expect import given
from .helpers import make_app, screen_cells, screen_text


def panel_lines(app, region) -> list[str]:
    """The lines the terminal shows inside ``region``, as plain text."""
    rows = screen_cells(app)[region.y : region.bottom]
    return ["".join(row[region.x : region.right]) for row in rows]


def _game(game="happy-city", options=None, kinds=("human", "bot", "bot"), seed=5):
    spec = get_game(game)
    names = ["Ann", "Bob", "Cleo", "Dev"][: len(kinds)]
    state = spec.new_game(names, seed=seed, options=options or {})
    return Controller(spec, state, [{"kind": k} for k in kinds])


async def _until_human(pilot, c, turns=1):
    await pilot.pause()
    for _ in range(2000):
        if c.next_step() == "human" and c.state.round > turns:
            return
        screen = pilot.app.screen
        if (
            c.next_step() == "human"
            and isinstance(screen, GameScreenBase)
            and screen.controller is c
        ):
            legal = c.legal()
            cheap = [a for a in legal if a.kind in ("keep", "coin", "pass", "draw")]
            pilot.app.screen._apply((cheap or legal)[0])
        await pilot.pause(0.01)
    raise AssertionError("never the human's turn")


def _late_game(game, options, round_no, seed=5):
    """Ann and two bot seats, the rounds before ``round_no`` played off screen by the
    bots (the log already long), stopped where Ann's turn of ``round_no`` begins: the
    screen then plays that round's bot turns itself."""
    spec = get_game(game)
    state = spec.new_game(["Ann", "Bob", "Cleo"], seed=seed, options=options)
    while not (state.view(None)["round"] == round_no and state.actors() == [0]):
        state = bot_moves(state, 1)
    return Controller(spec, state, [{"kind": k} for k in ("human", "bot", "bot")])


async def test_log_shows_the_newest_entry_after_bot_turns_and_rewraps(tmp_path):
    for game, options in [("happy-city", {"mode": "expert"}), ("happiest-town", {})]:
        # rounds 1-3 off screen: the log's length, not the screen's work, is needed
        c = _late_game(game, options, round_no=4)
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_game(c)
            await _until_human(pilot, c, turns=4)
            await pilot.pause()
            log = app.screen.query_one(LogView)
            assert log.max_scroll_y > 0, (log.size, log.virtual_size, len(log.lines), log.scroll_y)
            newest = log.lines_text()[-1]
            assert newest in screen_text(app)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.pause()
            width = log.scrollable_content_region.width
            assert max(len(line) for line in log.lines_text()) <= width  # wrapped afresh
            assert log.lines_text()[-1] in screen_text(app)  # still the newest at the bottom


async def test_after_clicking_a_card_you_cannot_afford_the_keys_still_play_but_enter_spends_nothing(
    tmp_path,
):
    c = _game(kinds=("human", "human"))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        await pilot.press("enter")  # Ann takes the terminal
        await pilot.pause()
        await pilot.press("k", "1", "2", "3")  # keep, refill the row
        await pilot.pause()
        assert c.state.stage == "buy"
        row = app.screen.query_one("#hc-row", CardGrid)
        card = next(b for b, _, _ in row.cards if b.get("your_cost", 0) > c.state.coins[0])
        await pilot.click(row, offset=row.offset_of(card["name"]))
        await pilot.pause()
        await pilot.pause()
        moves = app.screen.query_one(OptionList)
        assert app.screen.focused is moves and moves.highlighted is None
        before = len(c.state.action_keys())
        await pilot.press("enter")  # nothing highlighted: nothing bought
        await pilot.pause()
        assert len(c.state.action_keys()) == before
        assert "Nothing chosen" in app.notes[-1].title
        await pilot.press("down", "enter")  # the arrows choose, Enter acts
        await pilot.pause()
        assert len(c.state.action_keys()) == before + 1


async def test_undo_says_why_it_cannot(tmp_path):
    c = _game(kinds=("human", "bot"))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.open_game(c)
        await pilot.pause()
        await pilot.press("k", "1")  # a card is revealed
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        messages = [n.message for n in app.notes]
        assert any("revealed" in m for m in messages), messages


async def test_help_lists_the_games_own_keys_in_players_words(tmp_path):
    for game, keys in [("happy-city", ["| K |", "| C |", "| N |"]), ("happiest-town", ["| P |"])]:
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_game(_game(game, kinds=("human", "bot")))
            await pilot.pause()
            await pilot.press("f1")
            await pilot.pause()
            text = app.screen.markdown
            assert "1, 2, 3" in text and all(k in text for k in keys)
            assert ".md" not in text and ".toml" not in text and "rules/" not in text


async def test_happiest_town_uses_its_own_words(tmp_path):
    for options in ({}, {"variant": "children"}):
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            app.open_game(_game("happiest-town", options, kinds=("human", "bot")))
            await pilot.pause()
            await pilot.pause()
            text = screen_text(app)
            assert "Next town" in text and "Next city" not in text
            assert "no colours" not in text and "W Conv" not in text
            assert ("Infrastructure" in text) == (options == {})


async def test_what_you_need_fits_at_80x24_and_nothing_is_cut_at_120x40(tmp_path):
    from tabletop_tui.demo import happiness_mid_game, mid_game

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(mid_game())
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Your city" in text and "score" in text  # no Tab, Tab, PageDown
        cards = len(app.screen.controller.view()["players"][0]["city"])
        assert text.count("+1$") + text.count("+0$") + text.count("+2$") >= cards
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(happiness_mid_game())
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        hand = app.screen.controller.view()["hand"]
        assert all(f"key {k + 1}" in text for k in range(len(hand)))
        # the board has the keys: its own are shown; elsewhere b brings them back
        assert "Place" in text and "Next spot" in text and "b Board" not in text
        app.screen.query_one("#hp-log").focus()
        await pilot.pause()
        assert "b Board" in screen_text(app)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(moves=60))
        await pilot.pause()
        await pilot.pause()
        left = app.screen.query_one("#hc-left").content_region
        city = app.screen.query_one("#hc-city", CardGrid)
        assert len(city.cards) >= 5
        lines = panel_lines(app, left)
        first_row = lines[city.region.y - left.y]  # the top border of the first row
        assert first_row.count("╮") == 5, first_row  # five whole cards, right edges too


async def test_long_card_names_show_whole_at_120x40(tmp_path):
    """Every name on the table reads in full inside its card (the border takes what
    fits, the rest goes on inside): no "Palace H..." while there is room to say it."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game(options={"mode": "expert"}, moves=45, seed=4))
        await pilot.pause()
        await pilot.pause()
        left = app.screen.query_one("#hc-left")
        checked = 0
        for grid in app.screen.query(CardGrid):
            if not grid.display or grid.region.bottom > left.region.bottom:
                continue  # below the fold: scrolled to, not cut
            lines = panel_lines(app, grid.region)
            width, height = grid._faces_width, grid._card_height
            for k, (card, _, _) in enumerate(grid.cards):
                row, col = divmod(k, grid.columns)
                box = [
                    line[col * width + 1 : (col + 1) * width - 1]
                    for line in lines[row * height : (row + 1) * height]
                ]
                words = " ".join(" ".join(box).replace("─", " ").replace("━", " ").split())
                assert card["name"] in words, (card["name"], box)
                checked += 1
        assert checked >= 10


async def test_hand_offs_keep_nothing_alive(tmp_path):
    """Each hand-off used to build a new screen, and the dismissed ones stayed in
    memory with their timers and drawn lines: over a game, memory kept rising. Now
    a game shows one hand-off screen again and again, and the widgets alive stay
    the same in number however many times the terminal changes hands."""
    import gc

    from textual.widget import Widget

    from tabletop_tui.widgets.common import HandoffScreen

    c = _game(kinds=("human", "human"))
    app = make_app(tmp_path)
    handoffs, alive, shown = 0, {}, set()
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                shown.add(id(app.screen))
                handoffs += 1
                if handoffs in (8, 14):  # counted twice: a full scan of the heap is slow
                    gc.collect()
                    alive[handoffs] = sum(isinstance(o, Widget) for o in gc.get_objects())
                if handoffs == 14:
                    break
                await pilot.press("enter")
            elif c.next_step() == "human":
                legal = c.legal()
                cheap = [a for a in legal if a.kind in ("keep", "coin", "draw")]
                app.screen._apply((cheap or legal)[0])
        gc.collect()
        screens = [o for o in gc.get_objects() if isinstance(o, HandoffScreen)]
    assert handoffs == 14
    assert len(shown) == 1 and len(screens) == 1  # one screen, shown fourteen times
    assert alive[14] == alive[8], alive  # (the log's scroll bar comes in between)


async def test_a_name_too_long_for_the_border_goes_on_in_the_titles_look():
    """Issue 31: a narrow card's name does not run into its stats as plain text: the
    lines that carry the name have the title's (bold, tinted) look (issue 46: a name
    too long for the border goes there whole)."""
    from textual.app import App

    class One(App):
        def compose(self):
            yield CardGrid("row", 1)

    card = {
        "name": "Palace of the Happy Heights",
        **{"colour": "blue", "letter": "B", "kind": "building", "cost": 5},
        **{"inhabitants": 2, "hearts": 1, "income": 1},
    }
    async with One().run_test(size=(40, 12)) as pilot:
        grid = pilot.app.query_one(CardGrid)
        grid.show([(card, "", True)], columns=1, card_width=16)
        await pilot.pause()
        strip = [grid.render_line(y) for y in range(grid._card_height)]
        title = next(s for s in strip[0] if s.text == "B")  # the letter alone in the border
        text = [" ".join(seg.text for seg in line).strip() for line in strip]
        # the name whole inside, never split between the border and the body
        assert "Palace" not in text[0] and "Palace" in text[1] and "Heights" in text[3]
        for word in ("Palace", "Heights"):
            rest = next(s for line in strip[1:4] for s in line if word in s.text)
            assert given(rest.style).bold and given(rest.style).color == given(title.style).color
        stats = next(
            s for line in strip[2:] for s in line if "2" in s.text and "Heights" not in s.text
        )
        assert not given(stats.style).bold
