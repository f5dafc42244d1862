"""Game discovery: a game package registers itself wherever its folder is discovered,
and every registered game, including the ones kept in ``tests/games/``, is played by
the simulator like the others."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

import rules
import tabletop_tui.cli as cli
from rules.botkit import Policy
from tabletop_tui.games import playable


def kept_in_tests() -> set[str]:
    return {game for game, package in rules.FOUND_IN.items() if package.startswith("tests.")}


def test_the_games_of_the_tests_register_through_the_same_discovery():
    assert kept_in_tests()  # tests/conftest.py discovered tests/games/
    for game in kept_in_tests():
        assert rules.get_game(game).id == game and game in rules.BOTS


def test_discovering_a_folder_again_changes_nothing():
    before = (list(rules.GAMES.items()), dict(rules.BOTS), dict(rules.FOUND_IN))
    assert {spec.id for spec in rules.discover("tests.games")} == kept_in_tests()
    assert (list(rules.GAMES.items()), dict(rules.BOTS), dict(rules.FOUND_IN)) == before


def game_folder(root: Path, name: str, init: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A folder ``name`` holding one game package whose __init__.py is ``init``."""
    package = root / name / "game"
    package.mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (package / "__init__.py").write_text(textwrap.dedent(init))
    monkeypatch.syspath_prepend(str(root))
    return name


@pytest.mark.parametrize(
    ("init", "error"),
    [
        ("import rules\nSPECS = [rules.get_game('happy-city')]\n", "two games register"),
        ("SPECS = []\n", "declares no SPECS"),
        (
            "import dataclasses, rules\n"
            "SPECS = [dataclasses.replace(rules.get_game('happy-city'), id='other-city')]\n"
            "BOTS = {'chess': 'x:Y'}\n",
            "bot for a game it does not register",
        ),
        (
            "import dataclasses, rules\n"
            "SPECS = [dataclasses.replace(rules.get_game('happy-city'), id='named-city')]\n"
            "BOTS = {'named-city': 'rules.happy_city.bot:HappyCityBot'}\n",
            "is not a Policy class",
        ),
    ],
)
def test_a_wrong_game_package_is_refused_and_registers_nothing(tmp_path, monkeypatch, init, error):
    before = (list(rules.GAMES.items()), dict(rules.BOTS), dict(rules.FOUND_IN))
    folder = game_folder(tmp_path, f"bad_games_{len(error)}", init, monkeypatch)
    with pytest.raises(ImportError, match=error):
        rules.discover(folder)
    assert (list(rules.GAMES.items()), dict(rules.BOTS), dict(rules.FOUND_IN)) == before


@pytest.mark.parametrize("game", list(rules.GAMES))
def test_each_game_package_holds_its_own_bot_built_on_the_kit(game):
    policy = rules.BOTS[game]
    assert isinstance(policy, type) and issubclass(policy, Policy)
    assert policy.__module__.startswith(f"{rules.FOUND_IN[game]}.bot")


def test_the_app_offers_the_games_of_rules_and_no_game_kept_in_the_tests():
    shipped = [game for game in rules.GAMES if rules.FOUND_IN[game].startswith("rules.")]
    assert playable() == shipped and not kept_in_tests() & set(playable())


@pytest.mark.parametrize("game", list(rules.GAMES))
def test_simulate_plays_every_registered_game(capsys, game):
    spec = rules.get_game(game)
    players = max(2, spec.min_players)
    argv = ["simulate", "--game", game, "--players", str(players), "--games", "1"]
    assert cli.main([*argv, "--level", "easy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == game and out["players"] == players and out["games"] == 1
    assert out["mean_actions_per_game"] > 0
    assert sum(out["wins_by_level"].values()) == pytest.approx(1)
