"""A Sweet Lands panel or map drawn again for a new position paints again only the lines
that changed (``Lines.show`` keeps the others and their painted strips, ``HexMap`` its
rows): the screen after every move, tab and map cursor key shows exactly what it shows
where every line is painted anew, cell for cell and style for style (the whole screen's
screenshot), on seeded games."""

from __future__ import annotations

import pytest

from rules.bots import make_bot, observe
from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.games.sweet_lands.lines import Lines
from tabletop_tui.games.sweet_lands.screen import SweetLandsScreen
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import keys
from .test_sweet_lands_filled_panels import TAB_KEYS, open_mid_game


async def screenshots(tmp_path, players: int, size: tuple[int, int]) -> list[str]:
    """The screen after each tab key and two cursor keys on the map, then after each of
    six moves (chosen by the normal bot) and a tab key after each."""
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    bot = make_bot("sweet-lands", "normal", players)
    shots = []
    async with app.run_test(size=size) as pilot:
        c = await open_mid_game(app, pilot, players)
        for key in (*TAB_KEYS, "right", "down"):  # M gives the map the keys
            await keys(pilot, key)
            shots.append(app.export_screenshot())
        made = 0
        for _ in range(100):
            if made == 6 or c.state.is_over:
                break
            if isinstance(app.screen, HandoffScreen):
                await keys(pilot, "enter")
                continue
            screen = app.screen
            assert isinstance(screen, SweetLandsScreen)
            if c.next_step() != "human" or c.viewer is None:
                await pilot.pause()
                continue
            assert c.act(bot.decide(observe(c.state, c.viewer)))
            screen.advance()
            await pilot.pause()
            shots.append(app.export_screenshot())
            await keys(pilot, TAB_KEYS[made % len(TAB_KEYS)])
            shots.append(app.export_screenshot())
            made += 1
        assert made == 6
    return shots


@pytest.mark.parametrize("players, size", [(1, (160, 50)), (3, (80, 24))])
async def test_panels_and_map_painting_only_their_changed_lines_show_what_painted_anew_shows(
    tmp_path, monkeypatch, players, size
):
    kept = await screenshots(tmp_path / "kept", players, size)
    # the same game and keys where every panel and map drawn again is painted whole
    monkeypatch.setattr(Lines, "keep_unchanged", lambda self, old, new: None)
    monkeypatch.setattr(HexMap, "changed_rows", lambda self, old_rows: None)
    anew = await screenshots(tmp_path / "anew", players, size)
    assert len(kept) == len(anew)
    for i, (a, b) in enumerate(zip(kept, anew, strict=True)):
        assert a == b, f"screen {i}"
