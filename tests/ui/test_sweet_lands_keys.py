"""Sweet Lands keys: one cursor and one meaning for Enter, a highlight that keeps the
player's intent, labels true after every step, direct keys, passing asked once,
one-answer steps taken in plain sight, reasons on screen and an undo that says why.

Each state is a real game played by bots up to the moment the test needs.
"""

from __future__ import annotations

from textual.widgets import OptionList, Static

from rules.bots import make_bot
from tabletop_tui.games.sweet_lands.asked import refusals
from tabletop_tui.games.sweet_lands.demo import (
    controller,
    first_game_where,
    new_state,
    play_until,
)
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.widgets.pick_table import PickTable
from tabletop_tui.widgets.scrolling_text import ScrollingText

from ..expect import offered
from .test_sweet_lands_play import keys, make_app

SELL_WHEAT = '0:fa_sell:["wheat"]'


def top(s):
    return s.stack[-1] if s.stack else None


def at_turn_start(s, *, wheat=0):
    """Seat 0 (solo) at the start of a turn with at least ``wheat`` wheat."""
    return (
        s.actors() == [0]
        and not s.stack
        and not s.main_done
        and s.phase == "action"
        and s.p[0].res["wheat"] >= wheat
    )


def first_area(c):
    """The first action area seat 0 may use now (one way to pay)."""
    return next(a for a in c.legal() if a.kind == "area" and len(a.args) == 1)


def highlighted(screen):
    ol = screen.query_one(OptionList)
    return ol.get_option_at_index(ol.highlighted)


def header(screen) -> str:
    return screen.query_one("#sl-steps", ScrollingText).plain()


def notes(app) -> list[str]:
    return [n.message for n in app.notes]


async def open_state(pilot, state):
    app = pilot.app
    app.open_game(controller(state, viewer=0))
    await pilot.pause()
    await pilot.pause()
    return app.screen


# ---- labels ---------------------------------------------------------------------------
async def test_labels_refresh_after_every_step_of_an_effect(tmp_path):
    def industry_twice(s):
        f = top(s)
        return (
            s.actors() == [0]
            and f
            and f["op"] == "industry"
            and f.get("n", 0) >= 2
            and any(a.kind == "marker" for a in s.legal_actions(0))  # a marker can move
        )

    state = first_game_where(industry_twice)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        marker = next(a for a in c.legal() if a.kind == "marker")
        ol = screen.query_one(OptionList)
        ol.focus()
        await keys(pilot, *["down"] * [a.key for a in c.legal()].index(marker.key))
        first = str(highlighted(screen).prompt)
        await keys(pilot, "enter")
        assert c.state.action_keys()[-1] == marker.key
        still = next((a for a in c.legal() if a.key == marker.key), None)
        if still is not None:  # the same marker again: its label names the next space now
            shown = {
                ol.get_option_at_index(i).id: str(ol.get_option_at_index(i).prompt)
                for i in range(ol.option_count)
            }
            assert shown[marker.key] != first
            assert shown[marker.key] == screen.chooser.at().labels[marker.key]
            assert highlighted(screen).id == marker.key  # and Enter repeats it


# ---- the highlight keeps the intent ---------------------------------------------------
async def test_enter_enter_enter_repeats_a_free_action(tmp_path):
    """Selling wheat three times while the list changes under it (with 4 gold the
    buying moves appear after the first sale): the highlight stays on the sale."""

    def little_gold(s):
        return (
            s.actors() == [0]
            and not s.stack
            and s.phase == "action"
            and s.p[0].res["wheat"] >= 3
            and s.p[0].res["gold"] == 3
        )

    state = first_game_where(little_gold)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        ids = [a.key for a in c.legal()]
        screen.query_one(OptionList).focus()
        await keys(pilot, "home", *["down"] * ids.index(SELL_WHEAT))
        assert highlighted(screen).id == SELL_WHEAT
        done = len(c.state.action_keys())
        await keys(pilot, "enter", "enter", "enter")
        assert c.state.action_keys()[done:] == [SELL_WHEAT] * 3
        assert any(a.kind == "fa_buy" for a in c.legal())  # the list did change


async def test_a_free_action_that_runs_out_leaves_no_move_highlighted(tmp_path):
    """The last wheat sold: Enter again must not play a card or use an area."""

    def last_wheat(s):
        if not (at_turn_start(s) and s.p[0].res["wheat"] == 1):
            return False
        legal = s.legal_actions(0)
        return any(a.kind == "play" for a in legal) and any(a.key == SELL_WHEAT for a in legal)

    # from the first seed that has it (4-7 have not: whole games played to find that)
    state = first_game_where(last_wheat, seeds=range(8, 40))
    assert last_wheat(state)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        screen.query_one(OptionList).focus()
        await keys(pilot, "home", *["down"] * [a.key for a in c.legal()].index(SELL_WHEAT))
        await keys(pilot, "enter")
        assert c.state.action_keys()[-1] == SELL_WHEAT and SELL_WHEAT not in screen.chooser.by_key
        # every move left costs or ends something: none is highlighted, Enter waits
        assert screen.query_one(OptionList).highlighted is None
        assert "nothing yet: choose a move" in header(screen)
        done = len(c.state.action_keys())
        await keys(pilot, "enter")
        assert len(c.state.action_keys()) == done


async def test_highlight_never_lands_on_ending_the_turn(tmp_path):
    """After the main action the list holds End the turn and free actions, each of
    which ends or spends: no highlight, so a stray Enter does nothing."""
    state = play_until(new_state(1, 5), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        area = first_area(c)
        screen.query_one(OptionList).focus()
        await keys(pilot, "home", *["down"] * [a.key for a in c.legal()].index(area.key), "enter")
        for _ in range(12):  # pay the hand cost, then stop the area's effect at once
            pending = c.view()["pending"]
            if pending is None:
                break
            if any(a.kind == "done" for a in c.legal()):
                await keys(pilot, "s")
            else:  # a discard: no move is highlighted for it, the player picks one
                await keys(pilot, "home", "enter")
        assert c.view()["main_done"] and c.view()["pending"] is None
        kinds = {a.kind for a in c.legal()}
        assert "end" in kinds
        # End the turn or a purchase: nothing is highlighted until the player picks
        assert screen.query_one(OptionList).highlighted is None
        done = len(c.state.action_keys())
        await keys(pilot, "enter", "enter")
        assert len(c.state.action_keys()) == done
        await keys(pilot, "down")
        assert screen.query_one(OptionList).highlighted == 0


# ---- one cursor -----------------------------------------------------------------------
async def test_enter_on_the_board_table_does_what_the_header_names(tmp_path):
    state = play_until(new_state(1, 5), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        await keys(pilot, "b")
        table = screen.query_one("#sl-areas", PickTable)
        table.focus()
        await pilot.pause()
        area = first_area(c)
        aid = area.args[0]
        table.move_cursor(row=table.get_row_index(aid), animate=False)
        await pilot.pause()
        assert f"Area {aid}" in header(screen) and "Enter" in header(screen)
        assert highlighted(screen).id == area.key  # the list follows the table
        await keys(pilot, "enter")
        assert c.state.action_keys()[-1] == area.key
        # an area it cannot use under the cursor: the header gives the engine's reason
        closed = next(a for a in c.view()["areas"] if a not in c.view()["opened"])
        table.focus()
        table.move_cursor(row=table.get_row_index(closed), animate=False)
        await pilot.pause()
        reason = refusals(c, "areas")[closed]
        assert "nothing here" in header(screen) and reason in header(screen)


async def test_map_cursor_and_list_highlight_are_one_cursor(tmp_path):
    def tile_step(s):
        return s.actors() == [0] and sum(a.kind == "hex" for a in s.legal_actions(0)) >= 3

    state = play_until(new_state(1, 5), tile_step)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        hm = screen.query_one(HexMap)
        if not hm.has_focus:
            await keys(pilot, "m")
        await keys(pilot, "right_square_bracket", "right_square_bracket")
        target = hm.cursor
        move = screen.chooser.by_key[highlighted(screen).id]
        assert ("hex", move.args[0]) == target  # the list highlight followed the map
        assert f"hex {target[1]}" in header(screen)
        await keys(pilot, "enter")
        assert c.state.action_keys()[-1] == move.key
        # the list drives now: the map cursor follows the highlight
        screen.query_one(OptionList).focus()
        await keys(pilot, "down")
        move = screen.chooser.by_key[highlighted(screen).id]
        if move.kind == "hex":
            assert hm.cursor == ("hex", move.args[0])


def drawn_cursor(hm) -> bool:
    """True if the map draws a cursor (the reverse-video hex or edge)."""
    return any(seg.style and seg.style.reverse for row in hm._rows for seg in row)


async def test_map_cursor_is_drawn_only_while_enter_acts_on_the_map(tmp_path):
    state = play_until(new_state(1, 5), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        hm = screen.query_one(HexMap)
        screen.query_one(OptionList).focus()
        await keys(pilot, "down", "up")
        assert screen.chooser.by_key[highlighted(screen).id].kind not in ("hex", "edge")
        assert not drawn_cursor(hm)  # Enter acts on the list's move, not on a hex
        await keys(pilot, "m")
        assert hm.has_focus and drawn_cursor(hm)


# ---- direct keys ----------------------------------------------------------------------
async def test_area_letters_card_digits_and_free_key(tmp_path):
    state = play_until(new_state(1, 5), lambda s: at_turn_start(s, wheat=1))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        await keys(pilot, "f")
        assert screen.chooser.by_key[highlighted(screen).id].kind.startswith("fa_")
        await keys(pilot, "O")  # closed in round 1-2: the reason, nothing done
        assert "opens in round" in notes(app)[-1]
        before = len(c.state.action_keys())
        area = first_area(c)
        await keys(pilot, area.args[0])
        assert c.state.action_keys()[before] == area.key
        assert c.view()["pending"]["op"] == "hand"
        hand = c.view()["players"][0]["hand"]
        await keys(pilot, "2")  # the second card pays the hand cost
        assert c.state.action_keys()[before + 1] == f"0:discard:[{hand[1]['uid']}]"
        await keys(pilot, "9" if len(hand) < 9 else "0")
        assert "No card has the number" in notes(app)[-1] or len(hand) >= 9


async def test_ending_the_turn_with_the_main_action_unused_asks_once(tmp_path):
    state = play_until(new_state(1, 5), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        before = c.state
        await keys(pilot, "e")
        assert c.state is before and "Passing ends your round" in notes(app)[-1]
        # the prompt names only the keys that pass: Enter acts on the list, where
        # nothing is highlighted, so it passes nothing
        assert "Press E again to pass" in notes(app)[-1] and "Enter" not in notes(app)[-1]
        await keys(pilot, "enter")
        assert c.state is before
        await keys(pilot, "e")
        assert c.state.action_keys()[-1] == "0:pass"


# ---- one-answer steps -----------------------------------------------------------------
def _before_a_forced_automation():
    """The state (and the bot's move) just before a play whose automation has one answer
    (and that draws no card: undo stops at a card drawn)."""
    bot = make_bot("sweet-lands", "smart", 1)
    for seed in range(5, 40):
        s, prev = new_state(1, seed), None
        while not s.is_over:
            f = top(s)
            forced = f and f["op"] == "automate" and len(s.legal_actions(0)) == 1
            if forced and prev and len(s.deck) == len(prev[0].deck):
                return prev
            a = bot.choose(s, s.actors()[0])
            prev, s = (s, a), s.apply(a)
    raise AssertionError("no forced automation in the seeded games")


async def test_automate_with_no_diamond_is_taken_shown_and_undone(tmp_path):
    state, play = _before_a_forced_automation()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        for _ in range(3):  # the play may cost a hand step first; the bot chose it
            if c.state is not state:
                break
            screen.query_one(OptionList).focus()
            await keys(pilot, "home", *["down"] * [a.key for a in c.legal()].index(play.key))
            await keys(pilot, "enter")
        assert c.state.action_keys()[-2:] == [play.key, "0:keepcard"]
        assert "only choice" in header(screen) and "Only one choice" in notes(app)[-1]
        assert (c.view()["pending"] or {}).get("op") != "automate"
        await keys(pilot, "u")
        assert c.state is state  # the play and its forced step, in one undo


# ---- reasons and undo ------------------------------------------------------------------
async def test_reasons_for_closed_areas_are_on_the_board(tmp_path):
    state = play_until(new_state(1, 5), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        await keys(pilot, "b")
        why = str(screen.query_one("#sl-areawhy", Static).render())
        reasons = refusals(screen.controller, "areas")
        assert reasons and all(r in why for r in reasons.values())
        await keys(pilot, "h")
        assert "Not usable now" in str(screen.query_one("#sl-handwhy", Static).render())


def test_undo_reaches_the_start_of_the_turn_and_says_why_it_stops():
    def can_draw(s):
        legal = s.legal_actions(0) if s.actors() == [0] else []
        return (
            at_turn_start(s, wheat=2)
            and any(a.kind == "fa_draw" for a in legal)
            and any(a.key == SELL_WHEAT for a in legal)
        )

    state = play_until(new_state(1, 5), can_draw)
    assert can_draw(state)
    c = controller(state, viewer=0)
    assert not c.undo() and "start of your turn" in c.last_error
    for _ in range(2):
        assert c.act(offered(c.state.find_action(0, "fa_sell", "wheat")))
    assert c.undo() and c.undo() and c.state is state  # back to the start of the turn
    assert not c.undo() and "start of your turn" in c.last_error
    # a card drawn: undo stops there and names the step and what it showed
    draw = c.state.find_action(0, "fa_draw")
    assert c.act(draw)
    assert not c.undo()
    assert draw.label in c.last_error and "draw" in c.last_error.lower()


async def test_undo_says_why_it_cannot_go_back(tmp_path):
    """U at the start of a turn (the last one ended, which undo never crosses) says so,
    and undo stays in the key bar instead of vanishing."""
    state = play_until(new_state(1, 5), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await open_state(pilot, state)
        assert screen.check_action("undo", ()) is True
        await keys(pilot, "u")
        assert screen.controller.state is state
        assert notes(app)[-1].startswith("Nothing to undo")
