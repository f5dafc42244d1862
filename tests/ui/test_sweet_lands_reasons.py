"""The Sweet Lands hand panel's "Not usable now" block: the engine's reasons, one line
a reason, naming every piece it stops."""

from tabletop_tui.games.sweet_lands.asked import hand_text

STEP = "Finish the current step first: Ann must pay the hand cost of the action space."


def test_a_reason_that_stops_many_pieces_is_said_once_naming_them():
    view = {"viewer": 0, "players": [{"hand": [{"uid": 7, "name": "Steward"}]}]}
    why = {
        "cards": {"7": STEP},
        "skills": {"2": STEP},
        "tokens": {"shop-orange": "Your orange shop is already on your map."},
        "free": {"fa_trade": STEP, "fa_convert": STEP, "fa_draw": STEP},
        "tower": {"tower": STEP},
    }
    text = hand_text(view, why)  # type: ignore[arg-type]
    assert text.count("Finish the current step first") == 1
    assert "Steward, Skill 2, free actions, Clock Tower: Finish" in text
    assert "- shop orange: Your orange shop is already on your map." in text


def test_a_free_action_alone_is_told_by_its_reason():
    view = {"viewer": 0, "players": [{"hand": []}]}
    text = hand_text(view, {"free": {"fa_trade": "Trading needs 3 basic resources."}})  # type: ignore[arg-type]
    assert text.endswith("- Trading needs 3 basic resources.")


async def test_the_map_title_counts_cities_in_the_singular_for_one(tmp_path):
    from textual.widgets import Static

    from .positions import mid_game
    from .test_sweet_lands_play import make_app

    c = mid_game(seed=3, round_=2)  # Ann's map holds one city then
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        title = str(app.screen.query_one("#sl-maptitle", Static).content)
        assert c.view()["players"][0]["cities"] == 1
        assert "1 city" in title and "1 cities" not in title
