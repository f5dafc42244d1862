"""Sweet Lands smaller screen items (issue 32 item 7): the advanced tiles on show with
their cost, the Turn Order Board, no hand-off for public picks, an area key with two
areas (J and J2) answered by a digit, hand numbers that stay as cards leave, and "This turn" afresh at each solo turn."""

from __future__ import annotations

import io

from rich.console import Console

from rules.sweet_lands import SWEET_LANDS, SweetLandsExplainer
from tabletop_tui.games.sweet_lands.asked import Asked
from tabletop_tui.games.sweet_lands.board import board_renderable
from tabletop_tui.games.sweet_lands.demo import NAMES, controller, first_game_where, play_until
from tabletop_tui.games.sweet_lands.hand import stable_slots
from tabletop_tui.widgets.common import HandoffScreen

from ..expect import of_type
from .helpers import keys
from .test_sweet_lands_keys import open_state
from .test_sweet_lands_play import make_app


def board_text(s, view) -> str:
    """The board panel for ``view``, with what it asks the explainer about ``s``."""
    explainer = of_type(SweetLandsExplainer, SWEET_LANDS.explainer)
    asked = Asked(explainer.standings(s), explainer.advanced_costs(s))
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(board_renderable(view, asked))
    return out.getvalue()


def test_board_lists_the_advanced_tiles_on_show_with_their_cost_and_the_turn_order():
    opts = {"advanced_skills": "on", "turn_order": "pass_order"}
    s = SWEET_LANDS.new_game(NAMES[:2], seed=3, options=opts)
    s = play_until(s, lambda s: s.round == 2 and s.phase == "action")
    view = s.view(0)
    text = board_text(s, view)
    shown = text.split("Advanced Skill Tiles on show")[1]
    for tid in s.ext["advanced"]:
        assert f"\n{tid} " in shown
        assert (
            f"{tid} " not in text.split("Advanced Skill Tiles on show")[0].split("Skill tiles")[1]
        )
    assert shown.count("1 diamond") >= len(s.ext["advanced"])
    names = ", ".join(f"{'AB'[seat]} {NAMES[seat]}" for seat in view["turn_order"])
    assert f"Turn Order Board this round: {names}" in text


def test_hand_numbers_stay_as_cards_leave_and_new_cards_fill_the_gaps():
    slots = stable_slots({}, [10, 11, 12, 13])
    assert slots == {10: 1, 11: 2, 12: 3, 13: 4}
    slots = stable_slots(slots, [10, 12, 13])  # card 2 leaves: the others keep theirs
    assert slots == {10: 1, 12: 3, 13: 4}
    assert stable_slots(slots, [10, 12, 13, 20, 21]) == {10: 1, 12: 3, 13: 4, 20: 2, 21: 5}


def two_areas_of_a_letter(s):
    if s.actors() != [0] or s.stack:
        return False
    ids = {a.args[0] for a in s.legal_actions(0) if a.kind == "area"}
    return "J" in ids and "J2" in ids


async def test_a_digit_after_an_area_key_with_two_areas_answers_that_choice(tmp_path):
    state = first_game_where(two_areas_of_a_letter, players=3, seeds=range(1, 5))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        hand = [p.hand for p in c.state.p][0]
        await keys(pilot, "J")  # J and J2: the list asks which
        asked = list(screen.chooser.filter)
        assert {a.args[0] for a in asked} >= {"J", "J2"}
        await keys(pilot, str(len(asked)))  # the last of them, not a card of the hand
        assert c.state.action_keys()[-1] == asked[-1].key
        assert c.state.p[0].hand == hand  # no card played (the hand cost comes next)


async def test_characters_and_maps_are_picked_without_a_hand_off(tmp_path):
    state = SWEET_LANDS.new_game(NAMES[:2], seed=4, options={})
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(controller(state, viewer=None))
        await pilot.pause()
        c = app.screen.controller
        seen = set()
        for _ in range(4):  # two characters and two maps, in the open
            assert not isinstance(app.screen, HandoffScreen)
            assert c.state.phase == "setup" and c.viewer in c.state.actors()
            seen.add(c.viewer)
            await keys(pilot, "down", "enter")  # nothing is highlighted: Down chooses
        assert seen == {0, 1}


async def test_this_turn_starts_afresh_at_each_solo_turn(tmp_path):
    """Solo: the next turn has the same round and seat; "This turn" must not carry the
    turn before it."""
    from .test_sweet_lands_keys import at_turn_start, first_area

    s = play_until(SWEET_LANDS.new_game(NAMES[:1], seed=5, options={}), at_turn_start)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, s)
        c = screen.controller
        area = first_area(c)
        screen._apply(area)
        await pilot.pause()
        assert this_turn(screen).startswith("Area")
        for _ in range(12):  # answer the area's steps with their first choice
            legal = c.legal()
            if c.view()["pending"] is None or c.next_step() != "human":
                break
            stop = next((a for a in legal if a.kind == "done"), None)
            screen._apply(stop or legal[0])
            await pilot.pause()
        end = next(a for a in c.legal() if a.kind in ("end", "pass"))
        screen._apply(end)
        screen._apply(end)  # a pass is asked once
        await pilot.pause()
        for _ in range(40):
            if c.next_step() == "human" and c.view()["pending"] is None:
                break
            await pilot.pause(0.05)
        assert this_turn(screen) == "nothing yet"


def this_turn(screen) -> str:
    from .test_sweet_lands_keys import header

    return header(screen).split("This turn: ")[1]
