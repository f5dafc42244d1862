"""The Sweet Lands end review: every scoring category of every player with the count it
comes from, the Prosperity VP of each track, the final scoring tiles, and the final
position (each map, the tracks, the log) reopened from the end screen, also from a save."""

from functools import cache

from rich.console import Console
from textual.widgets import DataTable, Static

from rules.sweet_lands import SWEET_LANDS, SweetLandsExplainer
from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.demo import controller, new_state, play_until
from tabletop_tui.games.sweet_lands.endscreen import SweetLandsEndScreen
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.games.sweet_lands.lines import Lines
from tabletop_tui.games.sweet_lands.screen import SweetLandsScreen
from tabletop_tui.saves import write_save
from tabletop_tui.widgets.keybar import KeyBar

from ..expect import given, of_type

CATEGORIES = [
    "In-game",
    "Prosperity",
    "City Points",
    "Prop. sets",
    "Gold",
    "Diamonds",
    "Ports",
    "Milestones",
    "Final tiles",
    "Total",
]


EXPLAINER = of_type(SweetLandsExplainer, SWEET_LANDS.explainer)


@cache
def finished_state(players=2, seed=7):
    return play_until(new_state(players, seed), lambda s: s.is_over)


def make(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=4242)
    app.animation_level = "none"
    return app


def plain(static: Static, width: int = 200) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(static.content)
    return console.export_text()


async def test_each_player_box_itemises_every_category_with_the_engines_vp(tmp_path):
    state = finished_state()
    res = state.result()
    app = make(tmp_path)
    async with app.run_test(size=(160, 50)) as pilot:
        app.open_game(controller(state, viewer=None))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SweetLandsEndScreen)
        boxes = [of_type(Static, box) for box in screen.query(".end-player")]
        assert len(boxes) == 2
        for seat, box in zip([s for place in res["ranking"] for s in place], boxes, strict=True):
            assert given(box.border_title).endswith(f"{res['scores'][seat]} VP")
            lines = plain(box).splitlines()
            by_label = {ln.split()[0]: ln for ln in lines if ln.strip()}
            parts = res["breakdown"][seat]
            for label, key in zip(CATEGORIES, [*parts], strict=True):
                row = next(ln for ln in lines if ln.startswith(label))
                assert row.split()[-1] == str(parts[key]), (label, row)
            # each Prosperity track's VP, as the explainer reports it
            rates = EXPLAINER.track_rates(state, seat)
            track_vp = [int(ln.split()[-1]) for ln in lines if ln.startswith("  ")]
            assert track_vp[: len(rates)] == [r["scores"] for r in rates]
            assert sum(track_vp[: len(rates)]) == parts["prosperity"]
            assert by_label  # the box is not empty
        extra = plain(screen.query_one("#sl-final-tiles", Static))
        assert "Final scoring tiles" in extra
        for st in EXPLAINER.standings(state):
            for value, vp in zip(st["values"], st["vp"], strict=True):
                assert f"{value}: {vp} VP" in extra


async def test_narrow_ranking_keeps_every_column_on_screen(tmp_path):
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_game(controller(finished_state(), viewer=None))
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()] == ["Place", "Player", "Score"]
        assert table.virtual_size.width <= table.size.width


async def test_a_reopened_finished_save_shows_the_review_and_each_map(tmp_path):
    state = finished_state()
    path = tmp_path / "saves" / "sl-done.json"
    write_save(path, SWEET_LANDS, state, [{"kind": "human"}] * 2)
    app = make(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.resume_game(path)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SweetLandsEndScreen)
        await pilot.press("v")  # the final table
        await pilot.pause()
        review = app.screen
        assert isinstance(review, SweetLandsScreen) and review.review
        titles = []
        for _ in range(2):
            titles.append(str(review.query_one("#sl-maptitle", Static).content))
            assert review.query_one(HexMap).display
            await pilot.press("n")
            await pilot.pause()
        # each player's map in turn (which comes first depends on the game played)
        assert sum("Ann" in t or "Your" in t for t in titles) == 1
        assert sum("Bob" in t for t in titles) == 1
        await pilot.press("t")  # the tracks of the shown player
        await pilot.pause()
        assert "Prosperity" in review.query_one("#sl-tracks", Lines).text()
        assert review.query_one("#sl-log").entries  # the log, to the last line
        bar = review.query_one(KeyBar).text()
        assert "Results" in bar and "Next map" in bar
        assert not {"Title", "Undo", "Free", "Area", "Card"} & set(bar.split())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SweetLandsEndScreen)  # back, not a new game
        assert app.screen.controller.state.is_over
