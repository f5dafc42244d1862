"""The narrow seat layout (issue 50 item 7): under 80 columns, as on a phone, a game
screen shows its own play, the table or the log, one at a time. From 40x30 every move
of a turn is reachable by keys, nothing private shows after a hand-off, and the app
no longer refuses the terminal; below it, it says what it needs."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from textual.widgets import Static

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.games.happiness.board import Board
from tabletop_tui.games.happiness.hand import Hand
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.games.sweet_lands.tabstrip import Panels
from tabletop_tui.widgets.common import HandoffScreen, TooSmallScreen
from tabletop_tui.widgets.moves import MoveList
from tabletop_tui.widgets.narrow import ViewStrip

from .helpers import drawn, keys, record_notes, screen_text
from .positions import table


def tabletop(pilot) -> TabletopApp:
    """The app under test, as the app it is."""
    assert isinstance(pilot.app, TabletopApp)
    return pilot.app


PHONE = (40, 30)
# a fixed position of each game where the seat at the keyboard has a turn to play
POSITIONS = {
    "happy-city": "happy-city-mid",
    "happy-city-expert": "happy-city-expert-mid",
    "happiest-town": "happiest-town-mid",
    "happiness": "happiness-mid",
    "sweet-lands-tiles": "sweet-lands-placing",
    "sweet-lands-cards": "sweet-lands-cards",
}
# the part that shows the other seats in each game's Table view
OTHERS = {"happy": "#hc-others", "happiness": "#hp-players", "sweet": "#sl-others"}


def make(tmp_path) -> TabletopApp:
    # Happiness's silent countdown shortened: a test waits for it to end
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242, silence_scale=0.01)
    app.animation_level = "none"
    return record_notes(app)


def on_screen(widget) -> bool:
    """Whether ``widget`` is drawn, and whole, inside the terminal above the key bar."""
    width, height = widget.app.size
    region = widget.region
    inside = region.x >= 0 and region.right <= width and region.bottom <= height - 1
    return widget.display and region.height > 0 and inside


async def opened(pilot, position: str, viewer: int | None = 0) -> GameScreenBase:
    tabletop(pilot).open_game(table(position, viewer=viewer))
    await pilot.pause()  # (the screen pushed: running, and drawn)
    await drawn(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreenBase)
    return screen


# ---- the size the app asks for ---------------------------------------------------------
async def test_a_game_screen_is_drawn_at_40x30_in_its_narrow_layout(tmp_path):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "happy-city-mid")
        await pilot.pause(0.3)  # the size check runs every quarter second
        assert pilot.app.screen is screen
        assert screen.has_class("-narrow") and screen.narrow
        assert screen.query_one(ViewStrip).display
        assert "F3" in screen_text(pilot.app) and "[Play]" in screen_text(pilot.app)


@pytest.mark.parametrize("size", [(39, 30), (40, 29), (79, 23)])
async def test_below_40x30_a_game_screen_says_what_it_needs(tmp_path, size):
    async with make(tmp_path).run_test(size=size) as pilot:
        tabletop(pilot).open_game(table("happy-city-mid"))
        await pilot.pause(0.3)
        assert any(isinstance(s, GameScreenBase) for s in pilot.app.screen_stack)
        assert isinstance(pilot.app.screen, TooSmallScreen)
        said = str(pilot.app.screen.query_one("#too-small", Static).render())
        assert "needs at least 80x24" in said and "40x30" in said


async def test_the_title_screen_still_asks_for_80x24_at_40x30(tmp_path):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        await pilot.pause(0.3)
        assert isinstance(pilot.app.screen, TooSmallScreen)
        said = str(pilot.app.screen.query_one("#too-small", Static).render())
        assert "needs at least 80x24." in said and "or 40x30" not in said


async def test_the_full_layout_comes_back_at_80_columns(tmp_path):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "sweet-lands-cards")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("-narrow") and not screen.narrow
        assert not screen.query_one(ViewStrip).display
        assert "f3" not in screen_text(pilot.app).lower().split()  # F3 shows only narrow


# ---- every move of a turn is reachable at 40x30 ----------------------------------------
@pytest.mark.parametrize("name", list(POSITIONS))
async def test_every_listed_move_is_reachable_by_keys_at_40x30(tmp_path, name):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, POSITIONS[name])
        c = screen.controller
        listed = screen.listed_moves(c.legal())
        moves = screen.query_one(MoveList)
        if not listed:  # Happiness places its cards outside the list (its own test)
            return
        assert on_screen(moves) and moves.size.height >= 3
        shown = [moves.get_option_at_index(i).id for i in range(moves.option_count)]
        assert shown == [a.key for a in listed]
        moves.focus()
        await keys(pilot, "home")
        for i in range(len(listed)):
            assert moves.highlighted == i
            # the highlighted move is in sight: the list scrolls to it
            prompt = str(moves.get_option_at_index(i).prompt)
            assert prompt[:20] in screen_text(pilot.app), prompt
            await keys(pilot, "down")
        before = c.state
        await keys(pilot, "enter")  # the last move, chosen by keys alone
        assert c.state is not before  # it was played


async def test_every_happiness_card_reaches_every_spot_by_keys_at_40x30(tmp_path):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "happiness-mid")
        c = screen.controller
        wanted = {a.args for a in c.legal() if a.kind == "place"}
        hand = [card["word"] for card in c.view()["hand"]]
        board = screen.query_one(Board)
        assert on_screen(screen.query_one(Hand)) and on_screen(screen.query_one("#hp-board-scroll"))
        reached = set()
        for k, word in enumerate(hand):
            await keys(pilot, str(k + 1))  # the card, by its number
            for _ in range(len(board.spots) + 1):
                reached.add((word, *board.cursor))
                await keys(pilot, "n")  # the next free spot
        assert wanted <= reached
        before = c.state
        await keys(pilot, "1", "enter")  # the first card on the spot the cursor is on
        assert c.state is not before


# ---- the views -------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["happy-city-mid", "happiness-mid", "sweet-lands-cards"])
async def test_f3_and_the_strip_switch_between_play_table_and_log(tmp_path, name):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, name)
        others = screen.query_one(OTHERS[name.split("-")[0]])
        names = list(screen.controller.state.players)
        assert screen.view_shown == "play" and not others.region.height
        await keys(pilot, "f3")
        assert screen.view_shown == "table" and on_screen(others)
        assert all(n in screen_text(pilot.app) for n in names)
        await keys(pilot, "f3")
        assert screen.view_shown == "log" and not others.region.height
        assert on_screen(screen.query_one("LogView"))
        strip = screen.query_one(ViewStrip)
        await pilot.click(ViewStrip, offset=(2, 0))  # "[Play]" at the strip's start
        await pilot.pause()
        assert screen.view_shown == "play"
        assert "[Play]" in str(strip.render())


# ---- privacy after a hand-off ----------------------------------------------------------
async def test_nothing_private_shows_after_a_happiness_hand_off_at_40x30(tmp_path):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "happiness-mid")
        c = screen.controller
        state = c.state
        hands = [{card["word"] for card in state.view(s)["hand"]} for s in (0, 1)]
        ann_left = hands[0] - {"Warm Socks"}
        await keys(pilot, "1", "enter")  # Ann places Warm Socks
        await pilot.press("enter")  # and tells no story; the silence (public) runs out
        for _ in range(100):
            if isinstance(pilot.app.screen, HandoffScreen):
                break
            assert not any(word in screen_text(pilot.app) for word in ann_left | hands[1])
            await pilot.pause(0.05)
        assert isinstance(pilot.app.screen, HandoffScreen)
        shown = screen_text(pilot.app)
        assert not any(word in shown for word in ann_left | hands[1])
        await keys(pilot, "enter")  # Bob takes the terminal
        assert pilot.app.screen is screen and c.viewer == 1 and screen.view_shown == "play"
        for _view in ("play", "table", "log"):
            shown = screen_text(pilot.app)
            assert not any(word in shown for word in ann_left), _view
            await keys(pilot, "f3")


async def test_nothing_private_shows_after_a_sweet_lands_hand_off_at_40x30(tmp_path):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "sweet-lands-cards")
        c = screen.controller
        view = c.state.view(0)
        ann = {card["name"] for card in view["players"][0]["hand"]}
        bob = {card["name"] for card in c.state.view(1)["players"][1]["hand"]}
        public = json.dumps(c.state.view(None))
        ann_only = {n for n in ann - bob if n not in public}
        await keys(pilot, "f3")  # on the Table view when Ann ends her turn
        passing = next(a for a in c.legal() if a.kind == "pass")
        assert c.act(passing)
        screen.advance()
        await pilot.pause()
        while not isinstance(pilot.app.screen, HandoffScreen) and c.viewer == 0:
            assert c.act(c.legal()[0])  # what passing asks (a Round Aid space ...)
            screen.advance()
            await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        shown = screen_text(pilot.app)
        assert not any(name in shown for name in ann_only | (bob - ann))
        await keys(pilot, "enter")
        assert c.viewer == 1 and screen.view_shown == "play"  # Bob starts at his own play
        for tab in ("h", "p", "b", "t"):
            await keys(pilot, tab)
            for _view in ("play", "table", "log"):
                shown = screen_text(pilot.app)
                assert not any(name in shown for name in ann_only), (tab, _view)
                await keys(pilot, "f3")


async def test_a_sweet_lands_hand_off_enter_at_40x30_leaves_the_seat_on_its_move_list(tmp_path):
    # Enter draws the seat's view under the hand-off (screen.hand_over_under), and the
    # play view, shown then, gives the list the focus while another screen is on top:
    # the hand-off still goes, and the list has the keys. The last seat left the Table
    # view for the first hand-off, the Log for the second, the map focused for the third.
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "sweet-lands-cards")
        c = screen.controller
        moves = screen.query_one(MoveList)
        for left_at in (["f3"], ["f3", "f3"], ["m"]):
            await keys(pilot, *left_at)
            assert screen.view_shown != "play" or screen.focused is screen.query_one(HexMap)
            while not isinstance(pilot.app.screen, HandoffScreen):
                legal = c.legal()  # a pass, then what it asks, up to the hand-off
                assert c.act(next((a for a in legal if a.kind == "pass"), legal[0]))
                screen.advance()
                await pilot.pause()
            seat = c.pending
            await keys(pilot, "enter")
            await drawn(pilot, 3)
            assert pilot.app.screen is screen and c.viewer == seat
            assert screen.view_shown == "play" and screen.focused is moves and on_screen(moves)
            name = c.state.players[seat]
            assert f"{name}: " in screen_text(pilot.app)  # the status line: the seat's step
            highlighted = moves.highlighted
            await keys(pilot, "down")
            assert moves.highlighted != highlighted  # the arrows move the list at once


async def test_the_end_screen_and_the_rules_open_at_40x30(tmp_path):
    """A seat on a phone sees how the game ended, and F1 from its game."""
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        await opened(pilot, "happy-city-mid")
        await pilot.press("f1")
        await pilot.pause(0.3)
        assert type(pilot.app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        tabletop(pilot).show_end(table("happy-city-end", viewer=None))
        await pilot.pause(0.3)
        assert type(pilot.app.screen).__name__ == "EndScreen"
        assert "wins" in screen_text(pilot.app)


async def test_the_next_player_after_a_banner_starts_at_their_own_play(tmp_path):
    """Happy City hides nothing: the keyboard passes with a banner, no hand-off. The
    view the last player left (the log) is not where the next one starts."""
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "happiest-town-mid")
        c = screen.controller
        c.handoff_screens = False  # the table's choice: a banner between players
        await pilot.press("f3", "f3")
        assert screen.view_shown == "log"
        for _ in range(10):  # Ann's moves, first listed each time, to the end of her turn
            if c.viewer != 0:
                break
            assert c.act(c.legal()[0])
            screen.advance()
            await pilot.pause()
        assert c.viewer == 1 and not isinstance(pilot.app.screen, HandoffScreen)
        assert screen.view_shown == "play"


@pytest.mark.parametrize(
    ("position", "key"),
    [("happy-city-mid", "a"), ("happiness-mid", "1"), ("sweet-lands-cards", "1")],
)
async def test_a_key_for_the_cards_from_the_table_view_first_shows_them(tmp_path, position, key):
    """A card's letter or a hand's number pressed on the Table view acts on nothing out
    of sight: the play view comes back, and the same key then acts as always."""
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, position)
        c = screen.controller
        await pilot.press("f3")
        assert screen.view_shown == "table"
        before = c.state
        await keys(pilot, key)
        assert screen.view_shown == "play" and c.state is before
        assert any(
            "press the key once more" in note.message for note in cast(Any, pilot.app).notes
        )  # kept by record_notes
        focus_before = screen.focused
        await keys(pilot, key)
        # the key acted: a move made (a Happy City card), a card chosen (Happiness: the
        # spots board takes the keys), a card asked about (Sweet Lands: a choice opens)
        assert c.state is not before or screen.focused is not focus_before


async def test_a_sweet_lands_tab_key_from_the_log_shows_the_play_view_on_that_tab(tmp_path):
    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "sweet-lands-cards")
        await pilot.press("f3", "f3")
        assert screen.view_shown == "log"
        await keys(pilot, "h")
        assert screen.view_shown == "play"
        assert screen.query_one("#sl-tabs", Panels).active == "tab-hand"
        assert screen.query_one("#sl-hand").region.height > 0  # in sight (it scrolls)


async def test_a_resize_under_a_hand_off_reaches_the_game_screen_once_it_is_back(tmp_path):
    """The terminal narrows while the hand-off is on top (a phone turned, a window
    made small): the game screen comes back in its narrow layout, and back again."""
    async with make(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await opened(pilot, "happy-city-mid")
        for size, narrow in (((40, 30), True), ((120, 40), False)):
            pilot.app.push_screen(HandoffScreen("Bob"))
            await pilot.pause()
            await pilot.resize_terminal(*size)
            await pilot.pause()
            pilot.app.pop_screen()
            await pilot.pause()
            await pilot.pause()
            assert screen.has_class("-narrow") is narrow and screen.narrow is narrow
            assert screen.query_one(ViewStrip).display is narrow


async def test_the_key_bar_wraps_its_keys_onto_three_lines_and_each_is_a_tap(tmp_path):
    from tabletop_tui.widgets.keybar import KeyBar

    async with make(tmp_path).run_test(size=PHONE) as pilot:
        screen = await opened(pilot, "happy-city-mid")
        bar = screen.query_one(KeyBar)
        lines = bar.text().split("\n")
        assert 1 < len(lines) <= 3 and all(len(line) <= PHONE[0] for line in lines)
        assert bar.region.height == len(lines)
        row = next(i for i, line in enumerate(lines) if "Keep row" in line)
        assert row > 0  # on a line of its own below the first
        before = screen.controller.state
        await pilot.click(KeyBar, offset=(lines[row].index("k Keep row"), row))
        await pilot.pause()
        assert screen.controller.state is not before  # the row kept, by a tap
