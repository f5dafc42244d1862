"""`tabletop learn [GAME]`: the command's answers before any screen is drawn."""

from __future__ import annotations

from tabletop_tui.cli import main


def test_learn_names_the_games_with_lessons_when_given_another(capsys):
    assert main(["learn", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert "no lessons for 'no-such-game'" in err and "happy-city" in err


def test_learn_help_says_what_a_lesson_is(capsys):
    assert main(["learn", "--help"]) == 0
    out = capsys.readouterr().out
    assert "tabletop learn happy-city" in out and "checks your move" in out
