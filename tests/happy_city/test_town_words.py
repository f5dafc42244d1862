"""Issue 31 item 9: Happiest Town speaks of its town, money and buildings, and the
Harbor's money paid when it is built shows on its card."""

import random

from rules.happy_city import HAPPIEST_TOWN
from tabletop_tui.games.happiest_town.screen import HappiestTownScreen
from tabletop_tui.widgets.card import card_lines


def _town_after(turns: int):
    s = HAPPIEST_TOWN.new_game(["Ann", "Bob"], seed=2)
    rng = random.Random(2)
    while s.round <= turns:
        s = s.apply(rng.choice(s.legal_actions(s.actors()[0])))
    return s


def test_the_town_log_and_panel_say_money_and_buildings():
    s = _town_after(2)
    log = " ".join(s.log_for(None))
    assert "income of" in log and " coin" not in log
    screen = HappiestTownScreen.__new__(HappiestTownScreen)  # class words only: no app
    others = screen._others(s.view(0))
    assert " buildings" in others and " cards" not in others


def test_the_harbor_card_shows_what_it_pays_when_built():
    s = HAPPIEST_TOWN.new_game(["Ann", "Bob"], seed=1)
    harbor = next(i for i, c in enumerate(s.cards) if c.name == "Harbor")
    lines = card_lines(s.card_view(harbor), stats=("pop", "hap"))
    assert lines[-1] == "built: 3$ you, 1$ others"
