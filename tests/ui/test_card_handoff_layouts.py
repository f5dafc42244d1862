"""Enter on a card game's hand-off: the seat's view is drawn and laid out while the
opaque hand-off still covers the screen, which goes after that layout (games/base.py,
hand_over_under), so no frame shows the game screen at its old layout and nothing of
the seat shows before the hand-off goes. The move list keeps its room and the focus
while the terminal changes hands (empty), and at 120x40 and 80x24 a Happy City
hand-off lays the game screen out once (the card grids, the left panel and its bar,
the list and the log under it tell their new sizes before the layout:
widgets/steady.py), as a Happiness one does at 160x50."""

import pytest
from textual.geometry import Offset, Size

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.app import TabletopApp
from tabletop_tui.controller import Controller
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.games.happiness.text_box import TextBox
from tabletop_tui.saves import new_save_path
from tabletop_tui.widgets.card_grid import CardGrid
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.moves import MoveList

from .helpers import check_hand_off_due_again, drawn, enter_held_under, keys, let_go, screen_text


class Counted(TabletopApp):
    """The app, noting the game screen's layouts (whether a hand-off was on top) and
    whole repaints in order, and where the focus goes."""

    # "layout", "whole" (a whole repaint asked), each with " under" while a hand-off is
    # on top (the game screen is laid out under it, not drawn)
    events: list[str] = []
    focus_went: list[object] = []

    def note(self, event: str) -> None:
        self.events.append(event + (" under" if isinstance(self.screen, HandoffScreen) else ""))

    def counted(self, _screen) -> None:
        self.note("layout")

    def focus_moved(self, widget) -> None:
        self.focus_went.append(widget)

    def watch_game(self, game: GameScreenBase) -> None:
        self.events = []
        game.screen_layout_refresh_signal.subscribe(self, self.counted, immediate=True)
        drawn = game.refresh

        def refresh(*regions, repaint=True, **kwargs):
            if repaint and not regions:
                self.note("whole")
            return drawn(*regions, repaint=repaint, **kwargs)

        game.refresh = refresh  # type: ignore[method-assign]


async def four_humans(app, pilot, game: str, options: dict) -> GameScreenBase:
    """A 4-human game of ``game`` (seed 3) opened: its game screen."""
    app.animation_level = "none"
    spec = get_game(game)
    state = spec.new_game(["Ann", "Bob", "Cleo", "Dev"], seed=3, options=options)
    c = Controller(spec, state, [{"kind": "human"}] * 4, new_save_path(app.data_dir, game))
    app.open_game(c)
    await pilot.pause()
    return next(s for s in app.screen_stack if isinstance(s, GameScreenBase))


async def play_to_hand_off(app, pilot, screen: GameScreenBase, chooser) -> HandoffScreen:
    """The seats play ``chooser``'s moves until a hand-off is on show, then it settles."""
    c = screen.controller
    for _ in range(200):
        if isinstance(app.screen, HandoffScreen):
            for _ in range(4):  # (sleeps: Happiness's silence ends by timers)
                await pilot.pause()
            return app.screen
        if c.next_step() != "human":  # Happiness: the silence, open to every seat
            await pilot.pause(0.01)
            continue
        assert c.viewer is not None
        c.act(chooser.choose(c.state, c.viewer))
        screen.advance()
        # two frames: with one, under load, a move's late layouts came after the next
        # hand-off's Enter and were counted as its own
        await drawn(pilot, 2)
    raise AssertionError("no hand-off")


async def enter_hand_off(app, pilot, screen: GameScreenBase, chooser) -> None:
    """Play to the next hand-off, then Enter on it, and let the seat's view settle."""
    await play_to_hand_off(app, pilot, screen, chooser)
    await keys(pilot, "enter")
    await drawn(pilot, 3)


async def hand_offs(
    tmp_path, game: str, options: dict, size: tuple[int, int], want: int, list_keys: bool = True
):
    """(layouts, the widgets focused meanwhile, the list under the hand-off, the game
    screen's layouts and whole repaints in order) of each of ``want`` hand-off Enters
    of a 4-human game, bots choosing the moves; with
    ``list_keys`` the move list takes the keys after each (without: Happiness, the
    board takes them, and the preview line is what is looked at under the hand-off)."""
    # (Happiness: the silence after a story runs out at once)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242, silence_scale=0.01)
    async with app.run_test(size=size) as pilot:
        screen = await four_humans(app, pilot, game, options)
        app.watch_game(screen)
        app.focus_went = []
        app.watch(screen, "focused", app.focus_moved, init=False)
        chooser = make_bot(game, "smart", 9)
        seen: list[tuple[int, list[object], tuple[bool, object], list[str]]] = []
        while len(seen) < want:
            await play_to_hand_off(app, pilot, screen, chooser)
            moves = screen.query_one(MoveList)
            under: tuple[bool, object] = (moves.display, moves.option_count)
            if not list_keys:  # Happiness: the preview line under the hand-off
                preview = screen.query_one("#hp-preview", TextBox)
                under = (preview.display, preview.blocks)
            app.events, app.focus_went = [], []
            await keys(pilot, "enter")
            await drawn(pilot, 3)
            assert app.screen is screen
            assert not list_keys or (screen.focused is moves and moves.option_count)
            layouts = sum(event.startswith("layout") for event in app.events)
            seen.append((layouts, list(app.focus_went), under, list(app.events)))
        return seen


async def test_an_expert_happy_city_hand_off_enter_lays_the_screen_out_once(tmp_path):
    # the specials' reasons for the seat taking the terminal change their grid's height
    # (and the left panel's length) at each hand-off: told before the layout, one
    # layout shows them (two before). (The family game's, the default, at 120x40 and
    # 80x24: test_a_card_hand_off_enter_lays_the_screen_out_under_it_first. Happiest
    # Town's reasons outgrow the panel and bring its bar, which narrows the cards: there.)
    seen = await hand_offs(tmp_path, "happy-city", {"mode": "expert"}, (120, 40), 3)
    assert [layouts for layouts, _focused, _under, _events in seen] == [1, 1, 1]


def assert_laid_out_under_first(seen) -> None:
    """The first thing after each hand-off's Enter in ``seen`` (``hand_offs``) is the
    game screen's layout under the hand-off, with no whole frame of it before."""
    for _layouts, _focused, _under, events in seen:
        first = next(i for i, event in enumerate(events) if event.startswith("layout"))
        assert events[first] == "layout under" and "whole" not in events[:first], events


async def test_a_happiness_hand_off_enter_lays_the_screen_out_once(tmp_path):
    # the prompt keeps two lines and the preview line its room under a hand-off to a
    # seat that places a card, and the table widened by the seat's spots tells its
    # size, with its box's, before the layout: one layout (two before). (The first
    # hand-off, to the seat building the deck, brings the move list: two. Where the
    # spots outgrow the box, as at 120x40 late in a game, its bars come: the next test.)
    seen = await hand_offs(tmp_path, "happiness", {}, (160, 50), 6, list_keys=False)
    assert [layouts for layouts, _focused, _under, _events in seen[1:]] == [1, 1, 1, 1, 1]
    # the room kept says nothing: no seat's preview stays under the hand-off
    assert all(under == (True, [""]) for _layouts, _focused, under, _events in seen[1:])


async def test_a_happiness_hand_off_whose_spots_bring_the_table_s_bars_lays_out_once(tmp_path):
    # at 120x40 the seat's spots outgrow the table's box late in the game: its bars and
    # their corner, shown as the layout decides them and told their size before it
    # (steady.expect_box_size), leave one layout (three when the layout found them)
    # (and each, the first too, is laid out under the hand-off first: the 120x40 case
    # of test_a_card_hand_off_enter_lays_the_screen_out_under_it_first, whose three
    # hand-offs are these seven's first)
    seen = await hand_offs(tmp_path, "happiness", {}, (120, 40), 7, list_keys=False)
    assert [layouts for layouts, _focused, _under, _events in seen[1:]] == [1] * 6
    assert_laid_out_under_first(seen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_table_s_bars_told_before_the_layout_are_the_ones_it_finds(tmp_path, size):
    # the bars and the scrollable size told before the layout against those a layout
    # finds from none, at each of a game's hand-offs (the late ones bring a bar at
    # 120x40, both and their corner at 80x24), and the screen each draws
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242, silence_scale=0.01)
    async with app.run_test(size=size) as pilot:
        screen = await four_humans(app, pilot, "happiness", {})
        chooser = make_bot("happiness", "smart", 9)
        box = screen.query_one("#hp-board-scroll")

        def shown() -> tuple[bool, bool, Size, Offset]:
            bars = (box.show_horizontal_scrollbar, box.show_vertical_scrollbar)
            return (*bars, box.virtual_size, box.scroll_offset)

        bars = []
        for _ in range(7):
            await enter_hand_off(app, pilot, screen, chooser)
            told = shown()
            bars.append(told[:2])
            painted = app.export_screenshot()
            box.show_horizontal_scrollbar = box.show_vertical_scrollbar = False
            box.horizontal_scrollbar.display = box.vertical_scrollbar.display = False
            box.virtual_size = Size(0, 0)  # (one unchanged by the layout keeps the bars)
            await drawn(pilot, 6)
            assert shown() == told
            assert app.export_screenshot() == painted
        assert (True, True) in bars if size == (80, 24) else (False, True) in bars


async def test_a_grid_growing_shorter_under_a_scrolled_panel_keeps_the_scroll_within_it(
    tmp_path,
):
    # the panel is told its new length before the layout, which then finds its size
    # unchanged and leaves the scroll alone: told, the scroll is kept within the length

    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(80, 24)) as pilot:
        spec = get_game("happy-city")
        state = spec.new_game(["Ann", "Bob"], seed=3, options={"mode": "expert"})
        seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
        app.open_game(Controller(spec, state, seats, new_save_path(tmp_path, "happy-city")))
        for _ in range(6):
            await pilot.pause()
        left = app.screen.query_one("#hc-left")
        left.scroll_end(animate=False)
        for _ in range(4):
            await pilot.pause()
        assert left.scroll_y == left.max_scroll_y > 0
        grid = app.screen.query_one("#hc-specials", CardGrid)
        longest = left.virtual_size.height
        grid.show(grid.cards[:1], columns=grid.columns, card_width=grid.card_width, mini=grid.mini)
        for _ in range(6):
            await pilot.pause()
        assert left.virtual_size.height < longest
        assert left.scroll_y == left.max_scroll_y


@pytest.mark.parametrize("game", ["happy-city", "happiest-town"])
async def test_a_replayed_table_shows_no_move_list(tmp_path, game):
    # a replayed step waits for a seat, as a hand-off does, but nobody plays it here
    from tabletop_tui.screens.replay import ReplayApp

    from .test_replay_table import open_table, random_replay

    app = ReplayApp(random_replay(tmp_path, game, 3, 12), step=10)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await open_table(pilot)
        assert isinstance(table, GameScreenBase) and table.review
        assert table.controller.next_step() == "handoff"
        assert not table.query_one(MoveList).display


@pytest.mark.parametrize(
    "game,size,want",
    [
        ("happy-city", (80, 24), 3),
        ("happy-city", (120, 40), 3),
        ("happiest-town", (80, 24), 3),
        ("happiest-town", (120, 40), 3),
        ("happiness", (80, 24), 3),
        # (Happiness at 120x40: the table's bars test above, seven hand-offs)
    ],
)
async def test_a_card_hand_off_enter_lays_the_screen_out_under_it_first(tmp_path, game, size, want):
    # The seat's view is laid out while the hand-off still covers the screen: the first
    # thing after Enter is that layout, no whole frame of the game screen before it
    # (before: the game screen came back and was drawn whole at its old layout, then
    # laid out). Happy City, every hand-off, the game's first too, at 80x24 and 120x40, and
    # Happiest Town's at 80x24 take that one layout only (two at 80x24 before: the list
    # filled for the seat took the log's room, found by the layout).
    list_keys = game != "happiness"
    seen = await hand_offs(tmp_path, game, {}, size, want, list_keys=list_keys)
    assert_laid_out_under_first(seen)
    if list_keys:
        # The move list keeps the focus, and shows nothing of the next seat, over a
        # hand-off: hidden under it, the list lost the focus, Textual gave it to the
        # first widget that takes it as the game came back, and the list took it back
        # after (a second restyle of the screen, and the left panel scrolled to that
        # widget). (The first hand-off: nothing had the focus.)
        for _layouts, focused, (shown, options), _events in seen[1:]:
            assert focused == [] and shown and options == 0
    if game == "happy-city" or (game, size) == ("happiest-town", (80, 24)):
        start = 0 if game == "happy-city" else 1
        assert [layouts for layouts, *_seen in seen[start:]] == [1] * (want - start), seen
    if (game, size) == ("happiest-town", (120, 40)):
        # the reasons on the seat's cards bring the left panel's bar, said before the
        # layout (steady.expect_box_length), and the widgets in the panel told their
        # new width, the cards laid out at it (steady.expect_new_width): one (two with
        # the widths found by the layout, three with the bar too)
        assert [layouts for layouts, *_seen in seen] == [1] * want


def card_lines(screen: GameScreenBase) -> list[list[str]]:
    """Each card grid on show of ``screen``, its lines as it draws them now."""
    return [
        [grid.render_line(y).text for y in range(grid.size.height)]
        for grid in screen.query(CardGrid)
        if grid.display
    ]


@pytest.mark.parametrize("game", ["happy-city", "happiest-town"])
async def test_the_cards_told_their_width_before_the_layout_look_as_laid_out_afresh(
    tmp_path, monkeypatch, game
):
    # the left panel's bar coming or going at a hand-off narrows or widens every widget
    # in it, told them before the layout (steady.expect_new_width: the cards laid out
    # at the new width); after each of six hand-offs at 120x40 the cards as the layout
    # under the hand-off left them are the ones drawn once it has gone (a told width
    # a few cells off is put right only after that layout, by the grid's own resize),
    # and the screen is the one a layout from another size draws
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await four_humans(app, pilot, game, {})
        chooser = make_bot(game, "smart", 9)
        at_layout: list[list[list[str]]] = []
        uncover = screen.uncover

        def note_cards_then_uncover(handoff: HandoffScreen) -> None:
            at_layout.append(card_lines(screen))
            uncover(handoff)

        monkeypatch.setattr(screen, "uncover", note_cards_then_uncover)
        for turn in range(6):
            await play_to_hand_off(app, pilot, screen, chooser)
            await keys(pilot, "enter")
            await drawn(pilot, 3)
            assert len(at_layout) == turn + 1 and at_layout[-1] == card_lines(screen)
            told = app.export_screenshot()
            await pilot.resize_terminal(130, 40)
            await pilot.resize_terminal(120, 40)
            await drawn(pilot, 6)
            assert app.export_screenshot() == told


async def test_the_cards_are_laid_out_at_their_told_width_once_before_the_layout(tmp_path):
    # A Happiest Town hand-off whose seat's reasons bring the left panel's bar (or
    # take it away) tells the card grids their new width before the layout, and they
    # keep it until that layout has come: no grid lays its cards out after it. Kept
    # only until the next refresh (the hand-off's, on top, which comes first), the
    # told width was dropped before the layout, and each grid laid its cards out
    # again at the old width, then at the new one once the layout came (some
    # hand-offs then took a second layout).
    from tabletop_tui.widgets.card_grid import CardGrid

    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await four_humans(app, pilot, "happiest-town", {})
        app.watch_game(screen)
        for grid in screen.query(CardGrid):
            lay_out = grid._lay_out

            def noted(widths=True, lay_out=lay_out, grid=grid):
                app.note(f"cards {grid.id}")
                lay_out(widths)

            grid._lay_out = noted  # type: ignore[method-assign]
        panel = screen.query_one("#hc-left")
        chooser = make_bot("happiest-town", "smart", 9)
        bar_changes = 0
        for _ in range(6):
            await play_to_hand_off(app, pilot, screen, chooser)
            bar = panel.show_vertical_scrollbar
            app.events = []
            await keys(pilot, "enter")
            await drawn(pilot, 3)
            bar_changes += panel.show_vertical_scrollbar != bar
            first = app.events.index("layout under")
            assert not [e for e in app.events[first:] if e.startswith("cards")], app.events
        assert bar_changes  # (the case looked at: the bar came or went)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_key_bar_under_a_hand_off_is_drawn_once_it_is_back_on_top(tmp_path, size):
    # The game's keys change as the public view and then the seat's are drawn under
    # the hand-off, all out of sight: the bar draws its line once the game screen is
    # back on top (never while the hand-off hides it), and that line is the seat's
    # keys, as a bar drawn afresh gives them.
    from tabletop_tui.widgets.keybar import KeyBar

    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=size) as pilot:
        screen = await four_humans(app, pilot, "happy-city", {"mode": "family"})
        bar = screen.query_one(KeyBar)
        drawn_lines: list[bool] = []  # each line drawn: whether a hand-off was on top
        update = bar.update

        def noted(*args, **kwargs):
            drawn_lines.append(isinstance(app.screen, HandoffScreen))
            return update(*args, **kwargs)

        bar.update = noted  # type: ignore[method-assign]
        chooser = make_bot("happy-city", "smart", 9)
        for _ in range(4):
            await enter_hand_off(app, pilot, screen, chooser)
            shown = bar.text()
            bar._drawn = None  # drawn afresh: the same line
            bar.redraw()
            assert bar.text() == shown
        assert True not in drawn_lines and drawn_lines


async def test_a_happiness_hand_off_scrolls_the_table_to_the_cursor_only(tmp_path):
    # The placing seat's board takes the keys after a hand-off; the board scrolls its
    # box to its cursor itself. Focused with Textual's scroll into view, the box was
    # also scrolled towards the board's centre, animated (with animations on, as the
    # app runs), over frames and layouts after the hand-off had gone, until the
    # cursor's scroll stopped it.
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242, silence_scale=0.01)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await four_humans(app, pilot, "happiness", {})
        app.animation_level = "full"
        box = screen.query_one("#hp-board-scroll")
        animated: list[bool] = []
        scroll = box.scroll_to_region

        def noted(*args, animate=True, **kwargs):
            animated.append(animate)
            return scroll(*args, animate=animate, **kwargs)

        box.scroll_to_region = noted  # type: ignore[method-assign]
        chooser = make_bot("happiness", "smart", 9)
        for _ in range(6):
            await enter_hand_off(app, pilot, screen, chooser)
        assert animated and True not in animated, animated


async def next_hand_off(app, pilot, game: str) -> tuple[GameScreenBase, HandoffScreen]:
    """A 4-human game of ``game`` played by bots until its second hand-off is on show
    and settled: (the game screen, the hand-off)."""
    screen = await four_humans(app, pilot, game, {})
    chooser = make_bot(game, "smart", 9)
    await play_to_hand_off(app, pilot, screen, chooser)
    await keys(pilot, "enter")
    return screen, await play_to_hand_off(app, pilot, screen, chooser)


@pytest.mark.parametrize(
    "game,size",
    [("happy-city", (80, 24)), ("happy-city", (120, 40)), ("happiness", (120, 40))],
)
async def test_nothing_of_the_seat_shows_before_a_card_hand_off_goes(
    tmp_path, monkeypatch, game, size
):
    # Enter draws the seat's view under the opaque hand-off: held there (its going kept
    # back), the screen, toasts and all, is the hand-off as it was before Enter; keys
    # do nothing meanwhile, and a notice said then waits for the hand-off to go
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242, silence_scale=0.01)
    async with app.run_test(size=size, notifications=True) as pilot:
        game_screen, handoff = await next_hand_off(app, pilot, game)
        c = game_screen.controller
        seat = c.pending
        covering = app.export_screenshot()
        await enter_held_under(pilot, monkeypatch, game_screen, handoff)
        assert c.viewer == seat and c.next_step() == "human"
        game_screen.notify("Only one choice, taken: Quokka.", title="Automatic")
        await keys(pilot, "enter", "u", "escape", "space")
        await drawn(pilot, 3)
        assert app.screen is handoff and handoff.handing and c.viewer == seat
        assert app.export_screenshot() == covering
        await let_go(pilot, monkeypatch, game_screen, handoff)
        assert app.export_screenshot() != covering and "Quokka" in screen_text(app)


async def test_a_card_hand_off_due_again_after_enter_comes_once_the_last_one_goes(
    tmp_path, monkeypatch
):
    # as Sweet Lands' (tests/ui/helpers.py: check_hand_off_due_again)
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen, handoff = await next_hand_off(app, pilot, "happy-city")
        await check_hand_off_due_again(pilot, monkeypatch, game_screen, handoff)
