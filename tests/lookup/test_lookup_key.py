"""The look-up key (F2) on every game screen: it explains what is focused (the
highlighted move's card, deck or area, the map cursor's hex or road, the board
cursor's spot), F2 again lists the game's terms, Escape closes it without leaving
the game, and it never acts on the game. The words are the explainer's."""

from __future__ import annotations

from contextlib import asynccontextmanager

from rules.core import Ref
from tabletop_tui.demo import happiness_mid_game, mid_game
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.lookup import LookupPanel
from tabletop_tui.widgets.moves import MoveList

from ..expect import given
from ..ui.helpers import make_app
from ..ui.positions import mid_game as sweet_lands_mid_game

SIZE = (80, 24)  # the smallest table the app supports: the panel must work there


@asynccontextmanager
async def table(tmp_path, controller):
    """The app at 80x24 with ``controller``'s game on screen."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(controller)
        await pilot.pause()
        yield app, pilot


def panel_of(app) -> LookupPanel:
    return app.screen.query_one(LookupPanel)


def happy_city_buying():
    c = mid_game(players=2, moves=6, seed=3)
    while c.state.stage != "buy":
        c.act(c.legal()[0])
    return c


async def test_f2_explains_the_highlighted_card_and_follows_the_highlight(tmp_path):
    c = happy_city_buying()
    async with table(tmp_path, c) as (app, pilot):
        screen, before = app.screen, c.state
        assert "f2" in [b.binding.key for b in screen.active_bindings.values() if b.binding.show]
        await pilot.press("down", "f2")
        await pilot.pause()
        move = screen.highlighted_move()
        told = c.explain(Ref("card", move.args[0]))
        assert move.kind == "buy" and told is not None
        text = panel_of(app).text
        assert told.title in text and all(line.text() in text for line in told.lines)
        assert "Terms used here" in text  # the card's marks (cost, inh, +N$) defined
        await pilot.press("down")
        await pilot.pause(0.4)  # the panel follows the highlight
        other = screen.highlighted_move()
        assert other.key != move.key
        assert c.explain(Ref("card", other.args[0])).title in panel_of(app).text
        assert c.state is before  # looking acted on nothing


async def test_f2_again_lists_every_term_and_escape_closes_without_leaving(tmp_path):
    c = happy_city_buying()
    async with table(tmp_path, c) as (app, pilot):
        screen = app.screen
        await pilot.press("f2", "f2")
        await pilot.pause()
        glossary = c.spec.explainer.glossary(c.spec.id)
        text = panel_of(app).text
        assert all(term.name in text for term in glossary.terms.values())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.query(LookupPanel)
        await pilot.press("f2", "f2", "f2")  # the third F2 closes it too
        await pilot.pause()
        assert not screen.query(LookupPanel)


async def test_a_deck_move_is_explained_as_the_deck(tmp_path):
    c = mid_game(players=2, moves=6, seed=3)
    while c.state.stage != "refill":
        c.act(c.legal()[0])
    async with table(tmp_path, c) as (app, pilot):
        moves = app.screen.query_one(MoveList)
        draws = [i for i, a in enumerate(c.legal()) if a.kind == "draw"]
        moves.highlighted = draws[0]
        await pilot.press("f2")
        await pilot.pause()
        deck = c.legal()[draws[0]].args[0]
        assert c.explain(Ref("deck", deck)).title in panel_of(app).text
        assert "Cards left" in panel_of(app).text


async def test_sweet_lands_map_cursor_is_explained_as_its_hex(tmp_path):
    c = sweet_lands_mid_game(want="hex")
    async with table(tmp_path, c) as (app, pilot):
        await pilot.press("m")
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        hexmap.focus()
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        what, ident = hexmap.cursor
        ref = Ref("hex" if what == "hex" else "road", ident)
        assert c.explain(ref).title in panel_of(app).text
        # the map's own marks are defined with it (the letters in a hex, the edge marks)
        assert ("Hex letters" if what == "hex" else "Map cursor") in panel_of(app).text
        await pilot.press("right")
        await pilot.pause(0.4)
        what, ident = hexmap.cursor
        ref = Ref("hex" if what == "hex" else "road", ident)
        assert c.explain(ref).title in panel_of(app).text


async def test_sweet_lands_area_move_is_explained_as_its_area(tmp_path):
    c = sweet_lands_mid_game(want="area")
    async with table(tmp_path, c) as (app, pilot):
        moves = app.screen.query_one(MoveList)
        moves.focus()
        index = next(i for i, o in enumerate(moves.options) if o.id and ":area:" in o.id)
        moves.highlighted = index
        await pilot.press("f2")
        await pilot.pause()
        area = app.screen.highlighted_move().args[0]
        told = c.explain(Ref("area", area))
        assert told.title in panel_of(app).text


async def test_happiness_board_cursor_is_explained_as_its_spot(tmp_path):
    c = happiness_mid_game(players=2)
    async with table(tmp_path, c) as (app, pilot):
        await pilot.press("b", "f2")
        await pilot.pause()
        board = app.screen.query_one("Board")
        told = given(c.explain(Ref("spot", board.cursor)))
        assert told.title in panel_of(app).text
        assert all(line.text() in panel_of(app).text for line in told.lines)


async def test_the_look_up_closes_when_another_seat_takes_the_keyboard(tmp_path):
    c = happy_city_buying()
    async with table(tmp_path, c) as (app, pilot):
        screen = app.screen
        await pilot.press("f2")
        await pilot.pause()
        assert screen.query(LookupPanel)
        first = c.viewer
        while c.viewer == first and not c.state.is_over:  # the turn ends, by the rules
            c.act(c.legal()[-1])
            screen.advance()
            await pilot.pause()
        await pilot.pause(0.4)
        assert c.viewer != first
        assert not screen.query(LookupPanel)  # nothing said for the last reader stays


async def test_the_mouse_over_a_card_shows_that_card(tmp_path):
    from tabletop_tui.widgets.card_grid import CardGrid

    c = happy_city_buying()
    async with table(tmp_path, c) as (app, pilot):
        await pilot.press("f2")
        await pilot.pause()
        grid = app.screen.query_one("#hc-row", CardGrid)
        name = grid.cards[-1][0]["name"]
        await pilot.hover("#hc-row", offset=grid.offset_of(name))
        await pilot.pause(0.4)
        assert c.explain(Ref("card", name)).title in panel_of(app).text
        assert c.state.stage == "buy"  # pointing bought nothing


def test_a_sweet_lands_hex_says_its_tile_and_what_a_port_needs():
    from rules.sweet_lands.facts import map_queries

    c = sweet_lands_mid_game(want="hex")
    state, seat = c.state, 0
    ports = map_queries.map_board(state, seat).ports
    for h, (kind, flipped) in state.p[seat].tiles.items():
        assert kind  # a tile of some kind lies there
        text = c.spec.explainer.thing(state, seat, Ref("hex", h)).text()
        assert ("flipped" in text) == flipped and "tile" in text
    told = c.spec.explainer.thing(state, seat, Ref("hex", ports[0])).text()
    assert "a road alone is not enough" in told


async def test_the_mouse_over_a_sweet_lands_hex_and_an_area_row_shows_each(tmp_path):
    """Pointing works on the Sweet Lands map (a hex) and on the Board's table (an area
    row) as on Happy City's cards, and pointing moves nothing."""
    from tabletop_tui.widgets.pick_table import PickTable

    c = sweet_lands_mid_game(want="hex")
    async with table(tmp_path, c) as (app, pilot):
        before = c.state
        await pilot.press("f2")
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        pointed = None
        for (kind, ident), (x, y) in hexmap._centre.items():  # a hex drawn in view
            sx, sy = hexmap.scroll_offset
            inside = 0 <= x - sx < hexmap.size.width and 0 <= y - sy < hexmap.size.height
            if kind == "hex" and inside and (kind, ident) != hexmap.cursor:  # not the focus
                pointed = ident
                await pilot.hover(hexmap, offset=(int(x - sx), int(y - sy)))
                break
        assert pointed is not None
        await pilot.pause(0.4)
        told = c.spec.explainer.thing(c.state, c.viewer, Ref("hex", pointed))
        assert told is not None and told.title in panel_of(app).text
        await pilot.press("b")  # the Board tab: action areas in a table
        await pilot.pause()
        areas = app.screen.query_one("#sl-areas", PickTable)
        row = 1 if areas.cursor_row != 1 else 2  # a row the keyboard is not on
        top = areas.row_top(row)  # rows may wrap
        await pilot.hover(areas, offset=(3, 1 + top))
        await pilot.pause(0.4)
        assert areas.hover_row == row
        key = areas.get_row_key(row)
        told = c.spec.explainer.thing(c.state, c.viewer, Ref("area", str(key)))
        assert told is not None and told.title in panel_of(app).text
        assert c.state is before  # pointing played nothing


async def test_the_mouse_over_a_track_line_and_a_character_shows_each(tmp_path):
    """The Tracks and Players panels have no cursor: pointing at a line that names a
    Prosperity track or a character looks that up, in the explainer's words."""
    from tabletop_tui.games.sweet_lands.lines import Lines
    from tabletop_tui.games.sweet_lands.lookup import line_ref

    c = sweet_lands_mid_game(want="area")
    async with table(tmp_path, c) as (app, pilot):
        await pilot.press("f2")
        for tab, panel_id, kind in (
            ("t", "#sl-tracks", "track"),
            ("p", "#sl-players", "character"),
        ):
            await pilot.press(tab)
            await pilot.pause()
            panel = app.screen.query_one(panel_id, Lines)
            lines = panel.line_texts(panel.content_region.width)
            row = next(
                i for i, text in enumerate(lines) if (r := line_ref(text)) and r.kind == kind
            )
            await pilot.hover(panel, offset=(2, row))
            await pilot.pause(0.4)
            ref = line_ref(lines[row])
            assert ref is not None
            told = c.spec.explainer.thing(c.state, c.viewer, ref)
            assert told is not None and told.title in panel_of(app).text, (tab, ref)
