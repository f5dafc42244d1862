"""Sweet Lands keys that must not act unseen or shift (issue 46): a question for
another seat always needs its own key first, U on a hand-off says what it can do, and
a card's number holds for the whole turn."""

from __future__ import annotations

from rules.bots import make_bot
from rules.sweet_lands import SWEET_LANDS, Op
from tabletop_tui.games.sweet_lands.demo import NAMES, controller, first_game_where, play_until
from tabletop_tui.games.sweet_lands.handoff import SweetLandsHandoff
from tabletop_tui.games.sweet_lands.screen import SweetLandsScreen
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.scrolling_text import ScrollingText

from .helpers import keys, screen_text
from .positions import position
from .test_sweet_lands_keys import open_state
from .test_sweet_lands_play import make_app, visible_text


def bob_keeps_then_ann_is_asked():
    """Seed 3: Bob's cleanup keep, after which Ann's Round Aid asks for a resource."""
    state = SWEET_LANDS.new_game(NAMES[:2], seed=3, options={})
    bots = [make_bot("sweet-lands", "random", 3 + i) for i in range(2)]
    while not state.is_over:
        seat = state.actors()[0]
        after = state.apply(bots[seat].choose(state, seat))
        keeping = state.stack and state.stack[-1]["op"] == Op.KEEP and seat == 1
        if keeping and after.actors() == [0] and after.phase == "income":
            return state
        state = after
    raise AssertionError("no keep by Bob before Ann's question in seed 3")


async def bob_has_kept(pilot):
    """Open seed 3 at Bob's keep and let him keep (by the move list's key): the game
    screen, under whatever comes next."""
    app = pilot.app
    await pilot.pause()
    app.open_game(controller(bob_keeps_then_ann_is_asked(), viewer=1))
    await pilot.pause()
    screen = app.screen
    c = screen.controller
    assert c.viewer == 1 and not isinstance(screen, HandoffScreen)
    screen.act_key(make_bot("sweet-lands", "random", 4).choose(c.state, 1).key)
    await pilot.pause()
    assert c.state.actors() == [0]
    return screen


async def test_after_the_cleanup_keep_another_seats_income_question_comes_behind_a_hand_off(
    tmp_path,
):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await bob_has_kept(pilot)
        c = screen.controller
        assert isinstance(app.screen, HandoffScreen) and "Ann" in visible_text(app)
        before = c.state
        await keys(pilot, "enter", "enter")  # the hand-off, then a stray Enter
        assert app.screen is screen and c.viewer == 0 and c.state is before


async def test_u_on_a_hand_off_says_why_no_turn_is_taken_back(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await bob_has_kept(pilot)
        c = screen.controller
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        before = c.state
        await keys(pilot, "u")
        assert app.screen is handoff and c.state is before  # still Ann's hand-off
        assert app.notes[-1].title == "Nothing to take back"
        assert "cannot be taken back" in app.notes[-1].message


def a_forced_step(s):
    """One seat to act, on a step with exactly one answer that the screen takes itself."""
    seats = s.actors()
    legal = s.legal_actions(seats[0]) if len(seats) == 1 else []
    asked = len(legal) == 1 and s.view(seats[0]).get("pending") is not None
    return asked and legal[0].kind not in ("done", "end", "pass")


async def test_a_forced_step_taken_under_a_hand_off_says_so_once_the_hand_off_goes(
    tmp_path, monkeypatch
):
    # A hot-seat table opened with nobody at the terminal (a resumed game) at payments
    # of one possible kind: the hand-off asks for the seat, whose Enter draws its view
    # under the hand-off and takes them meanwhile. Their toasts, said at once, would
    # show on the hand-off: they are held until it goes, then each said once.
    state = play_until(position("sweet-lands-cards"), a_forced_step)
    assert a_forced_step(state)
    seat, labels, after = state.actors()[0], [], state
    while a_forced_step(after):  # here three payments of one iron
        step = after.legal_actions(seat)[0]
        labels.append(step.label)
        after = after.apply(step)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        app.open_game(controller(state, viewer=None))
        await pilot.pause()
        game, handoff = app.screen_stack[-2:]
        assert isinstance(game, SweetLandsScreen) and isinstance(handoff, SweetLandsHandoff)
        held: list[SweetLandsHandoff] = []
        monkeypatch.setattr(game, "uncover", held.append)  # the hand-off kept up
        await keys(pilot, "enter")
        for _ in range(4):
            await pilot.pause()
        c = game.controller
        assert held and all(h is handoff for h in held)  # laid out under it (held up)
        assert app.screen is handoff
        assert c.viewer == seat and c.state.action_keys() == after.action_keys()
        assert not [n for n in app.notes if "Only one choice" in n.message]
        assert "Only one choice" not in screen_text(app)
        monkeypatch.undo()
        game.uncover(handoff)
        for _ in range(4):
            await pilot.pause()
        assert app.screen is game
        said = [(n.title, n.message) for n in app.notes if "Only one choice" in n.message]
        assert said == [("Automatic", f"Only one choice, taken: {label}.") for label in labels]
        assert screen_text(app).count("Only one choice") == len(labels)  # each toast once


def two_free_discards(s):
    """Solo, at the turn menu, a free discard for resources open and 4+ cards in hand."""
    kinds = {a.kind for a in s.legal_actions(0)}
    return not s.stack and "fa_card" in kinds and len(s.p[0].hand) >= 4


async def test_a_card_keeps_its_number_through_the_turn_s_discards(tmp_path):
    state = first_game_where(two_free_discards, players=1, seeds=range(1, 20))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        numbers = dict(screen._slots)  # uid -> the number shown
        for n in (2, 3):  # two free discards, each answered by the number on show
            fa = next(a for a in c.legal() if a.kind == "fa_card")
            screen.act_key(fa.key)
            await pilot.pause()
            card = next(u for u, k in numbers.items() if k == n)
            await keys(pilot, str(n))
            assert f"discard:[{card}]" in c.state.action_keys()[-1]
            while c.state.stack:  # the resources it gives
                screen.act_key(c.legal()[0].key)
                await pilot.pause()
            left = {u: k for u, k in numbers.items() if u in c.state.p[0].hand}
            assert {u: screen._slots[u] for u in left} == left


def taking_tokens(s):
    """Solo, area E's property tokens offered (each costs), with Stop last."""
    return bool(s.stack) and s.stack[-1]["op"] == Op.PROPERTY and len(s.legal_actions(0)) > 2


async def test_the_token_list_never_wraps_onto_stop(tmp_path):
    state = first_game_where(taking_tokens, players=1, seeds=range(1, 10))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        moves = screen.chooser.moves
        assert moves[-1].kind == "done" and moves[0].kind == "token"
        ol = screen.query_one("#sl-actions")
        assert ol.highlighted is None  # each token costs: nothing is taken by Enter alone
        before = screen.controller.state
        await keys(pilot, "enter")
        assert screen.controller.state is before and app.notes[-1].title == "Nothing chosen"
        assert "A-Q for an area" in app.notes[-1].message
        await keys(pilot, "up")  # Up with nothing highlighted: the first token, not Stop
        assert moves[ol.highlighted].kind == "token"
        await keys(pilot, "down", "up", "up")
        assert ol.highlighted == 0
        await keys(pilot, "enter")
        assert screen.controller.state.action_keys()[-1] == moves[0].key


def can_trade(s):
    """Solo, at the turn menu, the 3-for-1 trade open with 3 wheat or more."""
    has = s.view(0)["players"][0]["resources"]
    return not s.stack and has["wheat"] >= 3 and s.find_action(0, "fa_trade") is not None


async def test_a_conversion_takes_three_keys_and_one_undo_takes_back_its_payment(tmp_path):
    state = first_game_where(can_trade, players=1, seeds=range(1, 20))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_state(pilot, state)
        c = screen.controller
        had = dict(c.view()["players"][0]["resources"])
        await keys(pilot, "x")  # the trade starts: which resources pay, numbered
        ol = screen.query_one("#sl-actions")
        rows = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
        assert ol.highlighted is None and rows[0].startswith("1) Pay 1 ")
        pay_all = next(i for i, r in enumerate(rows, 1) if r.endswith("Pay all 3 in wheat"))
        ol.highlighted = pay_all - 1  # the line over the list says what Enter does there
        await pilot.pause()
        assert "Enter > Pay all 3 in wheat" in screen.query_one("#sl-steps", ScrollingText).plain()
        await keys(pilot, str(pay_all))
        rows = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
        take = next(i for i, r in enumerate(rows, 1) if r.endswith("Take 1 iron"))
        await keys(pilot, str(take))  # three keys in all
        has = c.view()["players"][0]["resources"]
        assert has["wheat"] == had["wheat"] - 3 and has["iron"] == had["iron"] + 1
        assert c.view()["pending"] is None  # back at the turn menu
        await keys(pilot, "u")  # the resource taken
        await keys(pilot, "u")  # the three payments, at once
        assert c.view()["pending"]["op"] == "paybasic" and c.view()["pending"]["n"] == 3
        assert c.view()["players"][0]["resources"] == had
