"""Small things: F1 on the setup screen and in the replay viewer, the palette's
Screenshot without a Downloads folder, the too-small notice naming Ctrl+Q, the theme
kept between runs."""

from __future__ import annotations

import json

import platformdirs

from rules.happiness import HAPPINESS
from rules.simulate import play_one
from tabletop_tui.replay import load_replay
from tabletop_tui.saves import write_save
from tabletop_tui.settings import load_settings, save_setting, screenshot_folder

from ..expect import of_type
from .helpers import make_app, screen_text, to_move_list


async def test_f1_on_the_setup_screen_shows_the_chosen_games_rules(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        assert app.screen.title.startswith(setup.spec.title)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is setup


async def test_f1_in_the_replay_viewer_explains_its_keys(tmp_path):

    state, _ = play_one("happiness", ["random", "random"], seed=2)
    path = tmp_path / "saves" / "h.json"
    write_save(path, HAPPINESS, state, [{"kind": "human"}] * 2)
    from tabletop_tui.screens.replay import ReplayApp
    from tabletop_tui.widgets.help import HelpScreen

    app = ReplayApp(load_replay(path))
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await to_move_list(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        assert app.screen.title == "Happiness: replay viewer"
        assert "Nothing can be played here" in of_type(HelpScreen, app.screen).markdown
        assert "Nothing can be played here" in screen_text(app)  # drawn, near the top
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is viewer


async def test_the_screenshot_goes_to_the_data_folder_without_downloads(tmp_path, monkeypatch):
    missing = tmp_path / "no-downloads"
    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: missing)
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(100, 30)) as pilot:
        app.deliver_screenshot(filename="shot.svg")
        for _ in range(50):
            await pilot.pause(0.05)
            if (tmp_path / "data" / "screenshots" / "shot.svg").exists():
                break
    shot = tmp_path / "data" / "screenshots" / "shot.svg"
    assert shot.exists() and "<svg" in shot.read_text() and not missing.exists()


async def test_the_too_small_notice_says_how_to_quit(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(40, 10)) as pilot:
        for _ in range(50):  # the first frame: later on a loaded machine
            await pilot.pause(0.05)
            text = screen_text(app)
            if text.strip():
                break
        assert "Enlarge the window" in text and "Ctrl+Q to quit" in text


async def test_the_theme_is_kept_between_runs(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.theme = "nord"
        await pilot.pause()
    assert load_settings(tmp_path)["theme"] == "nord"
    again = make_app(tmp_path)
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert again.theme == "nord"


def test_damaged_or_unwritable_settings_mean_the_defaults(tmp_path):
    (tmp_path / "settings.json").write_text("[" * 10_000)
    assert load_settings(tmp_path) == {}
    (tmp_path / "settings.json").write_text(json.dumps({"theme": 5}))
    assert load_settings(tmp_path) == {"theme": 5}  # read as is; the app checks the name
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    assert save_setting(not_a_folder, "theme", "nord") is False


def test_the_screenshot_goes_to_the_temporary_folder_when_the_data_folder_is_a_file(
    tmp_path, monkeypatch
):
    """With --data-dir naming a file, the palette's Screenshot once only said it failed."""
    import tempfile

    monkeypatch.setattr(platformdirs, "user_downloads_path", lambda: tmp_path / "none")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    folder = screenshot_folder(not_a_folder)
    assert folder == tmp_path / "tmp" / "tabletop-screenshots" and folder.is_dir()
