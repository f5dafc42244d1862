"""The panels not on show are drawn after the screen's first frame (screen.py,
``fill_hidden_panels``): each one shown shows exactly what a panel drawn as it is shown
shows, cell for cell and style for style (the whole screen's screenshot), on seeded
games, also once the game has moved on since they were drawn."""

from __future__ import annotations

import pytest

from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.demo import mid_game
from tabletop_tui.games.sweet_lands.screen import SweetLandsScreen

from .helpers import keys, screen_text

TAB_KEYS = "tbhpm"


async def open_mid_game(app: TabletopApp, pilot, players: int):
    """A seeded mid-game opened and settled (its hidden panels filled); its controller."""
    app.animation_level = "none"
    c = mid_game(players=players, seed=players + 6, round_=2, want="area")
    app.open_game(c)
    for _ in range(6):
        await pilot.pause()
    return c


async def screenshots(tmp_path, players: int, size: tuple[int, int]) -> list[str]:
    """The screen after each tab key, then after a move and each tab key again."""
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    shots = []
    async with app.run_test(size=size) as pilot:
        c = await open_mid_game(app, pilot, players)
        screen = app.screen
        assert isinstance(screen, SweetLandsScreen)
        for key in TAB_KEYS:
            await keys(pilot, key)
            shots.append(app.export_screenshot())
        # the game moves on (a move of the seat at the keyboard, not a pass): every
        # panel drawn ahead is out of date, and drawn again as it is shown
        move = next(a for a in c.legal() if a.kind not in ("pass", "end"))
        assert c.act(move)
        screen.advance()
        await pilot.pause()
        for key in TAB_KEYS:
            await keys(pilot, key)
            shots.append(app.export_screenshot())
    return shots


@pytest.mark.parametrize("players, size", [(1, (160, 50)), (3, (80, 24))])
async def test_panels_drawn_ahead_show_what_panels_drawn_on_show_show(
    tmp_path, monkeypatch, players, size
):
    ahead = await screenshots(tmp_path / "ahead", players, size)
    # the same keys where no panel is drawn before it is shown
    monkeypatch.setattr(SweetLandsScreen, "fill_hidden_panels", lambda self: None)
    on_show = await screenshots(tmp_path / "on-show", players, size)
    for i, (a, b) in enumerate(zip(ahead, on_show, strict=True)):
        assert a == b, f"screen after key {i} ({(TAB_KEYS * 2)[i]})"


async def test_the_panel_on_show_stays_on_top_while_the_others_are_drawn_under_it(tmp_path):
    # a hand cost to pay: the Hand panel is on show from the first frame; the map's
    # layer is the top one in the .tcss, so it showed while the panels were sized
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "none"
        app.open_game(mid_game(players=2, seed=7, round_=2, want="discard"))
        seen: list[str] = []
        app.screen.screen_layout_refresh_signal.subscribe(
            app, lambda _screen: seen.append(screen_text(app))
        )
        for _ in range(6):
            await pilot.pause()
        assert len(seen) > 1
        for i, text in enumerate(seen):
            assert ("Your hand (" in text, "Your map" in text) == (True, False), i
