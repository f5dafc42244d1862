"""Every screen shows the current view the moment it is on screen.

For each game: the state changes while a panel is hidden (another Sweet Lands tab on
show, or simply moves made on a card game's screen), the panel is shown, and every
line of every widget in it is compared with the same panel of a screen freshly built
from the same state.
"""

from __future__ import annotations

import re

import pytest
from textual.geometry import Region
from textual.widget import Widget

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.controller import Controller
from tabletop_tui.games.sweet_lands.demo import controller as sl_controller
from tabletop_tui.widgets.common import HandoffScreen

from ..expect import given
from .helpers import make_app
from .positions import mid_game

SIZE = (120, 40)
TABS = {"m": "tab-map", "t": "tab-tracks", "b": "tab-board", "h": "tab-hand", "p": "tab-players"}


def drawn_lines(root: Widget) -> list[tuple[str, list[str]]]:
    """Each visible widget under ``root`` (and ``root``) with the text of every line it
    draws, in the order they stand."""
    found = []
    for widget in [root, *root.query("*")]:
        if not widget.display or not widget.size.area:
            continue
        if any(not ancestor.display for ancestor in widget.ancestors_with_self):
            continue
        width, height = widget.size
        lines = widget.render_lines(Region(0, 0, width, height))
        found.append((widget.id or type(widget).__name__, [s.text.rstrip() for s in lines]))
    return found


def unnumbered(found: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    """The lines, the hand's in any order (rows stand in the order of their numbers)
    with its digit keys (the first mark of a row) blanked."""
    return [
        (name, sorted(re.sub(r"^ \d", " #", line) for line in lines))
        if name == "sl-hand"
        else (name, lines)
        for name, lines in found
    ]


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def panel_lines(pilot, key: str) -> list:
    """The panel's lines; on the map, with its cursor (a place on the screen, not in
    the game) put on the capital on both screens compared."""
    from tabletop_tui.games.sweet_lands.hexmap import HexMap

    screen = pilot.app.screen
    if key == "m":
        hexmap = screen.query_one(HexMap)
        hexmap.set_cursor(("hex", hexmap.mapb.capitals[0]))
        await settle(pilot)
    return drawn_lines(screen.query_one(f"#{TABS[key]}"))


async def steady_panel_lines(pilot, key: str) -> list:
    """The panel's lines once a resize's chain of messages (the tab strip's, then the
    screen's rewrap) has run: read until two reads agree, as a loaded machine can
    leave the chain half-way after a fixed number of pauses."""
    from tabletop_tui.games.sweet_lands.tabstrip import Panels

    shown = await panel_lines(pilot, key)
    for _ in range(40):
        await settle(pilot)
        # a table sizes its rows when the app is idle: real time lets a loaded machine idle
        await pilot.pause(0.1)
        again = await panel_lines(pilot, key)
        screen = pilot.app.screen
        # drawn for the panels' present width (a resize changes it in more than one step)
        drawn = screen.drawn.get(TABS[key])
        wrapped_now = drawn is not None and drawn.width == screen.query_one(Panels).size.width
        if again == shown and wrapped_now:
            break
        shown = again
    return shown


async def fresh_panel(tmp_path, state, viewer: int, key: str, size=SIZE) -> list:
    """The panel behind ``key`` on a screen built anew from ``state``."""
    return (await fresh_panels(tmp_path, state, viewer, key, size))[key]


async def fresh_panels(tmp_path, state, viewer: int, keys: str, size=SIZE) -> dict[str, list]:
    """The panels behind ``keys``, shown in that order on one screen built anew from
    ``state`` (nothing changes the state between them)."""
    app = make_app(tmp_path)
    panels = {}
    async with app.run_test(size=size) as pilot:
        app.open_game(sl_controller(state, viewer=viewer))
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            panels[key] = await steady_panel_lines(pilot, key)  # a loaded machine draws it later
    return panels


async def test_every_sweet_lands_panel_changed_while_hidden_shows_the_current_view(tmp_path):
    """Each panel is drawn once, then hidden while moves change the state (the Tracks on
    show for the first moves, the Board for the rest, so every panel is hidden for some
    of them), then shown in turn and compared with the same panel of a fresh screen."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        c = mid_game(players=1, seed=7, round_=2, want="area")
        app.open_game(c)
        await settle(pilot)
        before = {}
        for key in TABS:  # drawn once...
            await pilot.press(key)
            await settle(pilot)
            before[key] = drawn_lines(app.screen.query_one(f"#{TABS[key]}"))
        bot = make_bot("sweet-lands", "smart", 3)
        screen = app.screen
        for move in range(6):
            if move in (0, 3):  # ...then hidden while moves change the state
                await pilot.press("t" if move == 0 else "b")
                await settle(pilot)
            if c.next_step() != "human":
                break
            screen._apply(bot.choose(c.state, c.viewer))
            await settle(pilot)
        shown = {}
        for key in TABS:
            await pilot.press(key)
            await settle(pilot)
            shown[key] = await panel_lines(pilot, key)
        state, viewer = c.state, c.viewer
    # A card keeps the number its screen gave it for the whole turn (issue 46), so a
    # screen opened mid-turn may number the same hand otherwise: the numbers aside,
    # every line must match.
    fresh = await fresh_panels(tmp_path, state, viewer, "".join(TABS))
    for key in TABS:
        assert unnumbered(shown[key]) == unnumbered(fresh[key]), TABS[key]
        if key != "m":  # the moves changed what the panel shows (the map may not change)
            assert shown[key] != before[key], TABS[key]


@pytest.mark.parametrize("key", ["h", "t"])  # the panels wrapped by the screen
async def test_a_sweet_lands_panel_wraps_again_when_the_terminal_is_resized(tmp_path, key):
    """The hand's and the tracks' text is wrapped by the screen to the panel's width:
    a wider terminal rewraps the panel on show, as a screen opened at that size
    draws it."""
    c = mid_game(players=1, seed=7, round_=2, want="area")
    fresh = await fresh_panel(tmp_path, c.state, c.viewer, key, size=(160, 50))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(c)
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        before = await panel_lines(pilot, key)
        await pilot.resize_terminal(160, 50)
        # the rewrap's chain of messages may run late on a loaded worker: give it time
        for _ in range(30):
            shown = await steady_panel_lines(pilot, key)
            if shown == fresh:
                break
            await pilot.pause(0.2)
    assert shown != before
    assert shown == fresh, "\n".join(line_differences(shown, fresh))


def line_differences(shown: list, fresh: list) -> list[str]:
    """The lines that differ between two panels' drawings, as a readable report."""
    told = [f"{len(shown)} widgets against {len(fresh)}"]
    for (name, lines), (fresh_name, fresh_lines) in zip(shown, fresh, strict=False):
        told += [f"{name}/{fresh_name}: {len(lines)} lines against {len(fresh_lines)}"]
        told += [f"  {a!r}\n  {b!r}" for a, b in zip(lines, fresh_lines, strict=False) if a != b]
    return told


CARD_GAMES = [
    ("happy-city", {"mode": "family"}),
    ("happy-city", {"mode": "expert"}),
    ("happiest-town", {}),
    ("happiness", {}),
]


async def card_screen(tmp_path, spec, state, viewer, bot_moves=()):
    """A screen freshly built from ``state``; the controller's session (the bot moves
    the W key explains) as the screen compared had it."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        c = Controller(spec, state, [{"kind": "human"}, {"kind": "bot"}], viewer=viewer)
        c.bot_moves = list(bot_moves)
        app.open_game(c)
        await settle(pilot)
        return drawn_lines(app.screen)


def tells_a_story(c: Controller) -> bool:
    """Whether the seat at the terminal is to tell a story about the card it laid."""
    return any(a.kind == "story" for a in c.state.legal_actions(c.viewer))


@pytest.mark.parametrize("game,options", CARD_GAMES)
async def test_a_card_game_screen_after_moves_matches_a_fresh_one(tmp_path, game, options):
    spec = get_game(game)
    state = spec.new_game(["Ann", "Bob"], seed=5, options=options)
    # Happiness's silences and the bots' answers in them at 1/100 of their length: the
    # twelve steps play on to round 6 instead of waiting out silences in round 2 (8 s)
    app = make_app(tmp_path, silence_scale=0.01)
    async with app.run_test(size=SIZE) as pilot:
        c = Controller(spec, state, [{"kind": "human"}, {"kind": "bot"}])
        app.open_game(c)
        await settle(pilot)
        bot = make_bot(game, "smart", 3)
        steps = 0
        # twelve steps, then on to the human's next decision, past a story: while its
        # placer tells it, the table keeps the room the placement's spots took (a
        # placement lays nothing out: board.py), which a screen opened then has not
        while steps < 12 or c.next_step() != "human" or tells_a_story(c):
            steps += 1
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
            elif c.next_step() == "human":
                app.screen._apply(bot.choose(c.state, given(c.viewer)))
            await settle(pilot)
        shown = drawn_lines(app.screen)
        state, viewer, bot_moves = c.state, c.viewer, list(c.bot_moves)
    assert shown == await card_screen(tmp_path, spec, state, viewer, bot_moves)
