"""The card games' end screen: every point explained, the seed, the final table and log."""

from rules import get_game
from tabletop_tui.controller import Controller
from tabletop_tui.demo import bot_moves, finished, mid_game
from tabletop_tui.saves import new_save_path

from .helpers import make_app, screen_text


def _finished(game, players=3, seed=11, options=None, names=None):
    spec = get_game(game)
    names = names or ["Ann", "Bob", "Cleo", "Dev"][:players]
    state = bot_moves(spec.new_game(names, seed=seed, options=options or {}), 10_000)
    return Controller(spec, state, [{"kind": "human"}] * players)


def _theatre_game():
    """A finished Expert game in which the Theatre takes points away."""
    for seed in range(1, 80):
        c = _finished("happy-city", seed=seed, options={"mode": "expert"})
        for seat, part in enumerate(c.state.result()["breakdown"]):
            if any(a["card"] == "Theatre" and a["points"] < 0 for a in part["adjustments"]):
                return c, seat
    raise AssertionError("no seed gave the Theatre a penalty")


async def test_no_seed_on_screen_during_play_but_on_the_end_screen(tmp_path):
    c = mid_game(seed=32262)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        assert "32262" not in screen_text(app) and "seed" not in screen_text(app).lower()
        assert "32262" not in app.screen.sub_title
        app.show_end(_finished("happy-city", seed=32262))
        await pilot.pause()
        assert "Seed 32262" in screen_text(app)


async def test_expert_end_screen_itemises_the_theatre_penalty(tmp_path):
    c, seat = _theatre_game()
    part = c.state.result()["breakdown"][seat]
    penalty = next(a["points"] for a in part["adjustments"] if a["card"] == "Theatre")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.show_end(c)
        await pilot.pause()
        panel = [
            b for b in app.screen.query(".end-player") if c.state.players[seat] in b.border_title
        ][0]
        text = "\n".join(s.text for s in panel.render_lines(panel.region.reset_offset))
        assert "Theatre" in text and f"{penalty:+d}" in text
        for i in c.state.city[seat]:  # every card of the city has its own line
            assert c.state.cards[i].name.split()[0] in text


async def test_every_end_screen_lists_each_score_source(tmp_path):
    for game, options in [
        ("happy-city", {}),
        ("happiest-town", {}),
        ("happiness", {}),
        ("happiest-town", {"variant": "children"}),
    ]:
        c = _finished(game, options=options)
        res = c.state.result()
        app = make_app(tmp_path)
        async with app.run_test(size=(120, 60)) as pilot:
            app.show_end(c)
            await pilot.pause()
            text = screen_text(app)
            for items in res["items"]:
                for it in items:
                    # the first two words: a long label (a Bummer's sweep) wraps in its box
                    start = " ".join(it["label"].split(",")[0].split()[:2])
                    assert start in text, (game, it)
            assert res["formula"].split(" ")[0] in text


async def test_player_names_with_markup_on_the_end_screen(tmp_path):
    app = make_app(tmp_path)
    for game in ("happy-city", "happiness", "happiest-town"):
        c = _finished(game, players=2, names=["[b]Ann", "Bob[/i]"])
        async with app.run_test(size=(120, 40)) as pilot:
            app.show_end(c)
            await pilot.pause()
            text = screen_text(app)
            assert "Bob[/i]" in text and "[b]Ann" in text
        app = make_app(tmp_path)


async def test_final_table_and_whole_log_from_a_reopened_finished_save(tmp_path):
    c = finished()
    c.save_path = new_save_path(tmp_path, "happy-city")
    c.autosave()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        await pilot.press("v")
        await pilot.pause()
        assert type(app.screen).__name__ == "HappyCityScreen"
        first = screen_text(app)
        assert "final table" in first
        await pilot.press("n")
        await pilot.pause()
        assert screen_text(app) != first  # the next city
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        await pilot.press("l")
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"
        log = app.screen.query_one("#full-log")
        assert log.entries == c.state.log_for(None)
        assert "game is over" in screen_text(app)  # it opens on the newest entry
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
