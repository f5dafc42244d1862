"""Happy City and Happiest Town layouts: a card's name never split between its border
and its body; the Expert draft named in the header, not "round 0"."""

import rules
from tabletop_tui.app import TabletopApp
from tabletop_tui.controller import Controller
from tabletop_tui.widgets.card_grid import name_lines

from .helpers import screen_text
from .positions import table


def test_a_name_too_long_for_the_border_goes_whole_inside():
    assert name_lines("G", "Apartment Block", 21, True) == ("G", ["Apartment Block"])
    assert name_lines("G", "Apartment Block", 17, True) == ("G", ["Apartment", "Block"])
    assert name_lines("G", "House", 17, True) == ("G House", [])


async def test_expert_cards_at_160x50_show_whole_names(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(160, 50)) as pilot:
        app.open_game(table("happy-city-expert-mid"))
        await pilot.pause()
        shown = screen_text(app)
        assert "│ Apartment Block   │" in shown  # one line inside, under a "G" border
        assert "─ G Apartment ─" not in shown


async def test_the_expert_draft_header_names_the_draft_not_round_0(tmp_path):
    game = rules.get_game("happy-city")
    state = game.new_game(["Ann", "Bob"], seed=3, options={"mode": "expert"})
    assert state.view(0)["round"] == 0  # the draft comes before round 1
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(Controller(game, state, [{"kind": "human"}] * 2, viewer=None))
        await pilot.pause()
        await pilot.press("enter")  # the hand-off to the first drafter
        await pilot.pause()
        header = screen_text(app).splitlines()[0]
        assert "Happy Market draft" in header and "round 0" not in header
