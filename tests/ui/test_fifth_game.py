"""A fifth game joins the app from its own folders alone: Hidden Nim (``tests/games/``)
registers its rules by discovery and its screen package (``tests/screens/``) by
``register_screens``; the setup offers it, a game is played to the end by keys, and F1
shows its own reference. Nothing shared names it."""

from __future__ import annotations

import pytest
from textual.widgets import Select

import rules
from tabletop_tui.games import all_ui, playable, register_screens

from .helpers import make_app

NIM = "hidden-nim"


@pytest.fixture
def nim_screens():
    kept = dict(all_ui())
    register_screens("tests.screens.hidden_nim")
    yield
    all_ui().clear()
    all_ui().update(kept)  # the app of every other test offers only the shipped games


def test_registering_a_screen_package_makes_the_game_playable_and_twice_changes_nothing(
    nim_screens,
):
    assert playable()[-1] == NIM  # its order puts it last
    assert register_screens("tests.screens.hidden_nim")[0].game == NIM
    assert playable().count(NIM) == 1 and set(playable()) <= set(rules.GAMES)


def test_a_second_screen_package_for_one_game_is_refused(nim_screens, tmp_path, monkeypatch):
    (tmp_path / "other_nim").mkdir()
    (tmp_path / "other_nim" / "__init__.py").write_text(
        "from tabletop_tui.games import GameUI\n"
        "UI = (GameUI('hidden-nim', 'tests.screens.hidden_nim.screen:HiddenNimScreen'),)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ImportError, match="two screen packages"):
        register_screens("other_nim")


async def test_hidden_nim_is_set_up_and_played_to_the_end_by_keys(nim_screens, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        setup.query_one("#setup-game", Select).value = NIM  # the setup offers it
        await pilot.pause()
        setup.query_one("#seat-kind-1", Select).value = "bot"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "HiddenNimScreen"
        await pilot.press("f1")
        await pilot.pause()
        assert "Hidden Nim" in app.screen.markdown
        await pilot.press("escape")
        await pilot.pause()
        for _ in range(60):
            if type(app.screen).__name__ != "HiddenNimScreen":
                break
            c = app.screen.controller
            if c.next_step() != "human":
                await pilot.pause(0.02)
                continue
            table = str(app.screen.query_one("#nim-table").render())
            assert f"Heap: {c.view()['heap']} stones" in table and "Your hand:" in table
            legal = c.legal()
            before = c.state.heap
            await pilot.press("home", *["down"] * (len(legal) - 1))  # the last move...
            await pilot.pause()
            told = str(app.screen.query_one("#nim-explained").render())
            assert told.startswith(legal[-1].label) and "Stones taken" in told  # ...explained
            await pilot.press("enter")
            await pilot.pause()
            assert c.state.heap < before
        assert type(app.screen).__name__ == "EndScreen"
        assert c.state.is_over
