"""The setup screen builds its form from each game's options."""

from textual.widgets import Input, Select

from .helpers import make_app


async def test_setup_switches_game_and_builds_its_options(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        assert setup.query_one("#opt-scoring", Select)
        setup.query_one("#setup-game", Select).value = "happiness"
        await pilot.pause()
        await pilot.pause()
        setup = app.screen
        assert setup.game_id == "happiness"
        assert setup.query_one("#opt-silence", Select).value == "timer"
        assert len(setup.query_one("#setup-count", Select)._options) == 5  # 2-6 players
        setup.query_one("#setup-count", Select).value = 3
        await pilot.pause()
        setup.query_one("#seat-kind-2", Select).value = "bot"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ in ("HandoffScreen", "HappinessScreen")
        c = app.controller
        assert c.spec.id == "happiness" and len(c.state.players) == 3 and c.is_bot(2)


async def test_setup_refuses_duplicate_names_and_bad_seed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("n")
        await pilot.pause()
        setup = app.screen
        setup.query_one("#seat-name-1", Input).value = "Ann"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen"
        assert "different name" in str(list(app._notifications)[-1].message)


async def test_setup_option_that_does_not_fit_the_player_count_is_explained(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#setup-game", Select).value = "happiness"
        await pilot.pause()
        await pilot.pause()
        app.screen.query_one("#opt-youngest", Select).value = 5  # seat 6 in a 2-player game
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen"
        assert "youngest" in str(list(app._notifications)[-1].message)


async def test_title_rules_reference_covers_every_game(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        md = app.screen.markdown
        for title in ("Happy City", "Happiest Town", "Happiness", "Sweet Lands"):
            assert title in md
        assert md.count("## Keys everywhere") == 1
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
