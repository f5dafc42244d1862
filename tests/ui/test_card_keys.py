"""Issue 31 item 4 on screen: each card on offer shows its key in its border, the key
takes the card, and a card that cannot be bought says why. At 160x50, the log takes
the room (item 9)."""

from rules.core import Action
from tabletop_tui.demo import mid_game
from tabletop_tui.widgets.card_grid import CardGrid
from tabletop_tui.widgets.log import LogView

from .helpers import make_app, screen_text


async def test_letters_on_the_cards_pick_them_and_refusals_say_why(tmp_path):
    c = mid_game(players=2, moves=6, seed=3)
    while c.state.stage != "buy":  # keep the row, refill from deck 1
        c.act(c.legal()[0])
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        app.open_game(c)
        await pilot.pause()
        assert app.screen.query_one(LogView).region.width >= 50  # 30 below 150 columns
        seat = c.viewer
        why = {  # what the explainer says of each card of the row and piles it cannot buy
            name: lines[0].label
            for kind, name in [("buy", c.state.cards[i].name) for i in c.state.visible]
            + [("dwelling", c.state.cards[p[-1]].name) for p in c.state.piles if p]
            if (lines := c.explain_action(Action(seat, kind, (name,))).of_kind("refusal"))
        }
        keys = app.screen._card_keys
        shown = screen_text(app)
        for key in keys:
            assert f"[{key}]" in shown
        blocked = next(k for k, (area, name) in keys.items() if area != "special" and name in why)
        area, name = keys[blocked]
        grid = app.screen.query_one("#hc-row" if area == "row" else "#hc-dwellings", CardGrid)
        extra = next(e for card, e, _usable in grid.cards if card["name"] == name)
        assert why[name] in extra and why[name].split()[-1] in shown  # on the card
        await pilot.press(blocked)
        await pilot.pause()
        assert c.state.stage == "buy"
        assert any(name in n.message for n in app.notes)
        buy = next(k for k, (area, name) in keys.items() if area == "row" and name not in why)
        bought = keys[buy][1]
        await pilot.press(buy)
        await pilot.pause()
        assert bought in [card["name"] for card in c.view()["players"][0]["city"]]
