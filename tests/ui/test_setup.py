"""The setup screen builds its form from each game's options."""

from textual.widgets import Input, OptionList, Select, Static

from rules.happiness import HAPPINESS

from ..expect import of_type, offered
from .helpers import make_app, screen_text


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
        counts = setup.query_one("#setup-count", Select).query_one(OptionList)
        assert counts.option_count == 5  # 2-6 players
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
        assert "different name" in str(app.notes[-1].message)


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
        assert "youngest" in str(app.notes[-1].message)


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


async def test_seed_field_starts_empty_and_a_typed_seed_is_used(tmp_path):
    from tabletop_tui.app import TabletopApp
    from tabletop_tui.screens.setup import SetupScreen

    app = TabletopApp(data_dir=tmp_path, bot_delay=0)  # no fixed seed: a real table
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        seed = app.screen.query_one("#setup-seed", Input)
        assert seed.value == "" and seed.placeholder == "random"
        setup = of_type(SetupScreen, app.screen)
        assert isinstance(setup.collect()["seed"], int)
        seed.value = "4242"
        assert setup.collect()["seed"] == 4242


async def open_setup_for(pilot, game_id):
    """Title -> setup, then pick the game; return the rebuilt setup screen."""
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#setup-game", Select).value = game_id
    await pilot.pause()
    await pilot.pause()
    return pilot.app.screen


async def test_setup_shows_the_summary_and_each_options_help(tmp_path):

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup_for(pilot, "happiness")
        spec = HAPPINESS
        assert str(setup.query_one("#setup-summary", Static).render()) == spec.summary
        youngest = str(setup.query_one("#opt-help-youngest", Static).render())
        assert youngest == spec.options["youngest"].help
        # the first player is the youngest here, so the screen must not say seat 1 starts
        assert "first seat" not in str(setup.query_one("#setup-help", Static).render())


async def test_one_player_is_explained_as_solo_when_the_game_has_a_solo_mode(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert not (await open_setup_for(pilot, "happy-city")).query("#setup-solo")
        await pilot.press("escape")
        await pilot.pause()
        setup = await open_setup_for(pilot, "sweet-lands")
        solo = setup.query_one("#setup-solo", Static)
        setup.query_one("#setup-count", Select).value = 2
        await pilot.pause()
        assert not solo.display
        setup.query_one("#setup-count", Select).value = 1
        await pilot.pause()
        assert solo.display and "Mio" in str(solo.render())


async def test_deck_building_move_reads_put_back_after_a_topic_is_left_out(tmp_path):
    from textual.widgets import OptionList

    from tabletop_tui.controller import Controller

    spec = HAPPINESS
    c = Controller(spec, spec.new_game(["Ann", "Bob"], seed=4), [{"kind": "human"}] * 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        await pilot.press("enter")  # Ann, the youngest, takes the terminal
        await pilot.pause()
        moves = app.screen.query_one("#hp-moves", OptionList)

        def labels():
            return [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)]

        assert "Leave out Fire" in labels()
        app.screen.act_key(offered(c.state.find_action(0, "toggle_topic", "fire")).key)
        await pilot.pause()
        assert "Put Fire back in" in labels() and "Leave out Fire" not in labels()


# ---- issue 46: the seats, the hint boxes and where the keyboard is -----------------------------
def focus_line(app) -> str:
    return str(app.screen.query_one("#setup-focus", Static).render())


async def open_setup(pilot):
    await pilot.press("n")
    await pilot.pause()
    return pilot.app.screen


async def test_making_seat_two_a_bot_leaves_seat_ones_hints_alone(tmp_path):
    from textual.widgets import Checkbox

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        first = setup.query_one("#seat-hints-0", Checkbox)
        assert not first.value  # a hot-seat table: hints off
        setup.query_one("#seat-kind-1", Select).value = "bot:easy"
        await pilot.pause()
        assert not first.value
        assert str(first.label) == "Hints: off"
        assert setup.query_one("#seat-hints-1", Checkbox).disabled


async def test_a_hint_box_says_on_or_off_in_words(tmp_path):
    from textual.widgets import Checkbox

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        box = setup.query_one("#seat-hints-0", Checkbox)
        box.focus()
        await pilot.pause()
        assert "Hints: off" in screen_text(app)
        assert focus_line(app) == "Seat 1, hints: off. Space or Enter turns them on."
        await pilot.press("space")
        await pilot.pause()
        assert box.value and "Hints: on" in screen_text(app)
        assert focus_line(app) == "Seat 1, hints: on. Space or Enter turns them off."


async def test_down_on_a_closed_drop_down_changes_it_and_the_level_is_on_show(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        kind = setup.query_one("#seat-kind-1", Select)
        kind.focus()
        await pilot.press("down", "down")  # no key is spent opening the list
        await pilot.pause()
        assert kind.value == "bot" and not kind.expanded
        row = next(line for line in screen_text(app).splitlines() if "Bob" in line)
        assert "Bot (normal)" in row
        assert focus_line(app).startswith("Seat 2, who plays: Bot (normal). Up/Down change it")
        await pilot.press("enter")  # Enter opens the list, and the line says so
        await pilot.pause()
        assert kind.expanded and "the list is open" in focus_line(app)
        assert "Escape keeps Bot (normal)" in focus_line(app)
        await pilot.press("down", "escape")
        await pilot.pause()
        assert kind.value == "bot" and not kind.expanded


async def test_the_focused_field_is_named_in_words_and_enter_does_what_it_says(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(pilot)
        assert focus_line(app).startswith("Game: Happy City. Up/Down change it")
        setup.query_one("#seat-name-0", Input).focus()
        await pilot.pause()
        assert focus_line(app) == "Seat 1, name: type here. Enter or Tab goes to the next field."
        marked = [line for line in screen_text(app).splitlines() if "› " in line]
        assert len(marked) == 1 and "› Seat 1" in marked[0]
        await pilot.press("enter")  # moves on: it never starts the game
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen"
        assert app.focused is setup.query_one("#seat-kind-0", Select)
        assert focus_line(app).startswith("Seat 1, who plays: Human.")
        setup.query_one("#setup-start").focus()
        await pilot.pause()
        assert focus_line(app) == "Start game: Enter starts the game now."
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ != "SetupScreen"
