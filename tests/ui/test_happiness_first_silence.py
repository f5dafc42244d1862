"""Happiness setup (issue 46): the silence can be made longer, the setup says what its
length means, and a table's first game starts with a longer one (10 seconds) so that a
newcomer can read the prompt before it ends; once a game is finished, the default."""

from __future__ import annotations

from textual.widgets import Select, Static

import rules
from tabletop_tui.coach.records import Record, add_record, records_path

from .helpers import make_app
from .test_setup import open_setup_for

SILENCE = rules.get_game("happiness").options["silence_seconds"]


def test_the_silence_can_be_longer_than_the_default_and_the_rules_take_it():
    assert max(SILENCE.choices) >= 15 > SILENCE.default
    state = rules.get_game("happiness").new_game(
        ["Ann", "Bob"], seed=1, options={"silence_seconds": 15}
    )
    assert state.options["silence_seconds"] == 15
    assert "Bummer" in SILENCE.help and "first game" in SILENCE.help


async def test_a_first_game_starts_with_the_longer_silence_and_says_why(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup_for(pilot, "happiness")
        assert setup.query_one("#opt-silence_seconds", Select).value == SILENCE.first_game == 10
        said = str(setup.query_one("#opt-help-silence_seconds", Static).render())
        assert said.startswith(SILENCE.help) and "set to 10 seconds" in said
        assert not records_path(tmp_path).exists()  # asking created no records file


async def test_once_a_game_is_finished_the_silence_starts_at_its_default(tmp_path):
    add_record(
        tmp_path,
        Record("a.json", "happiness", "", ["Ann", "Bob"], [{}, {}], [3.0, 2.0], [0], [0, 0]),
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup_for(pilot, "happiness")
        assert setup.query_one("#opt-silence_seconds", Select).value == SILENCE.default
        said = str(setup.query_one("#opt-help-silence_seconds", Static).render())
        assert said == SILENCE.help
