"""Enter on a Happy City or Happiest Town hand-off: the move list keeps its room and the focus while the
terminal changes hands (empty: nothing of the next seat's shows), and at 120x40 a
Happy City hand-off lays the game screen out once (the card grids and the left panel
tell their new heights before the layout: widgets/steady.py), as a Happiness one does
at 160x50."""

import pytest

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.app import TabletopApp
from tabletop_tui.controller import Controller
from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.games.happiness.text_box import TextBox
from tabletop_tui.saves import new_save_path
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.moves import MoveList


class Counted(TabletopApp):
    """The app, counting the game screen's layouts and where the focus goes."""

    layouts = 0
    focus_went: list[object] = []

    def counted(self, _screen) -> None:
        self.layouts += 1

    def focus_moved(self, widget) -> None:
        self.focus_went.append(widget)


async def hand_offs(
    tmp_path, game: str, options: dict, size: tuple[int, int], want: int, list_keys: bool = True
):
    """(layouts, the widgets focused meanwhile, the list under the hand-off) of each of
    ``want`` hand-off Enters of a 4-human game, bots choosing the moves; with
    ``list_keys`` the move list takes the keys after each (without: Happiness, the
    board takes them, and the preview line is what is looked at under the hand-off)."""
    # (Happiness: the silence after a story runs out at once)
    app = Counted(data_dir=tmp_path, bot_delay=0, default_seed=4242, silence_scale=0.01)
    async with app.run_test(size=size) as pilot:
        app.animation_level = "none"
        spec = get_game(game)
        state = spec.new_game(["Ann", "Bob", "Cleo", "Dev"], seed=3, options=options)
        c = Controller(spec, state, [{"kind": "human"}] * 4, new_save_path(tmp_path, game))
        app.open_game(c)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreenBase))
        screen.screen_layout_refresh_signal.subscribe(app, app.counted)
        app.focus_went = []
        app.watch(screen, "focused", app.focus_moved, init=False)
        chooser = make_bot(game, "smart", 9)
        seen: list[tuple[int, list[object], tuple[bool, object]]] = []
        for _ in range(200):
            if len(seen) == want:
                break
            if isinstance(app.screen, HandoffScreen):
                for _ in range(4):
                    await pilot.pause()
                moves = screen.query_one(MoveList)
                under: tuple[bool, object] = (moves.display, moves.option_count)
                if not list_keys:  # Happiness: the preview line under the hand-off
                    preview = screen.query_one("#hp-preview", TextBox)
                    under = (preview.display, preview.blocks)
                before, app.focus_went = app.layouts, []
                await pilot.press("enter")
                for _ in range(4):
                    await pilot.pause()
                assert app.screen is screen
                assert not list_keys or (screen.focused is moves and moves.option_count)
                seen.append((app.layouts - before, list(app.focus_went), under))
                continue
            if c.next_step() != "human":  # Happiness: the silence, open to every seat
                await pilot.pause(0.01)
                continue
            assert c.viewer is not None
            c.act(chooser.choose(c.state, c.viewer))
            screen.advance()
            await pilot.pause()
        assert len(seen) == want
        return seen


@pytest.mark.parametrize("mode", ["family", "expert"])
async def test_a_happy_city_hand_off_enter_lays_the_screen_out_once(tmp_path, mode):
    # the specials' reasons for the seat taking the terminal change their grid's height
    # (and the left panel's length) at each hand-off: told before the layout, one
    # layout shows them (two before). (Happiest Town's reasons outgrow the panel and
    # bring its bar: Textual's layout finds it, three.)
    seen = await hand_offs(tmp_path, "happy-city", {"mode": mode}, (120, 40), 3)
    assert [layouts for layouts, _focused, _under in seen] == [1, 1, 1]


async def test_a_happiness_hand_off_enter_lays_the_screen_out_once(tmp_path):
    # the prompt keeps two lines and the preview line its room under a hand-off to a
    # seat that places a card, and the table widened by the seat's spots tells its
    # size, with its box's, before the layout: one layout (two before). (The first
    # hand-off, to the seat building the deck, brings the move list: two. Where the
    # spots outgrow the box, as at 120x40 late in a game, its bars come: Textual's
    # layout finds them, three.)
    seen = await hand_offs(tmp_path, "happiness", {}, (160, 50), 6, list_keys=False)
    assert [layouts for layouts, _focused, _under in seen[1:]] == [1, 1, 1, 1, 1]
    # the room kept says nothing: no seat's preview stays under the hand-off
    assert all(under == (True, [""]) for _layouts, _focused, under in seen[1:])


@pytest.mark.parametrize("game", ["happy-city", "happiest-town"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_move_list_keeps_the_focus_and_nothing_of_the_next_seat_over_a_hand_off(
    tmp_path, game, size
):
    # hidden under the hand-off, the list lost the focus: Textual gave it to the first
    # widget that takes it as the game came back, and the list took it back after
    # (a second restyle of the screen, and the left panel scrolled to that widget)
    seen = await hand_offs(tmp_path, game, {}, size, 3)
    for _layouts, focused, (shown, options) in seen[1:]:  # (the first: nothing had it)
        assert focused == [] and shown and options == 0


async def test_a_grid_growing_shorter_under_a_scrolled_panel_keeps_the_scroll_within_it(
    tmp_path,
):
    # the panel is told its new length before the layout, which then finds its size
    # unchanged and leaves the scroll alone: told, the scroll is kept within the length
    from tabletop_tui.widgets.card_grid import CardGrid

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
