"""Choosing where a Happiness card goes: a decision starts on a card that may go
somewhere, and the marked spots are a key apart however large the table grows."""

from rules.core import GameState
from rules.happiness import HAPPINESS
from tabletop_tui.controller import Controller
from tabletop_tui.games.happiness.board import Board
from tabletop_tui.games.happiness.screen import first_placeable

from ..expect import given, offered
from .test_happiness_ui import app_for

SPEC = HAPPINESS


def test_a_decision_starts_on_a_card_that_may_go_somewhere():
    hand = [{"word": "Broken Arm"}, {"word": "Library"}, {"word": "Kite"}]
    spots = {"Library": [[0, 0]], "Kite": [[1, 0]]}
    assert first_placeable(hand, spots, 0) == 1  # a Bummer on a turn: the first Joycard
    assert first_placeable(hand, spots, 2) == 2  # a card chosen that may go stays chosen
    assert first_placeable(hand, {}, 2) == 2  # nowhere for any card: nothing is changed


def ann_to_play(min_cards: int, bummer_first: bool) -> GameState:
    """A two-player game at Ann's turn to place a card, with at least ``min_cards`` on the
    table (and, if asked, a Bummer first in her hand); every move the first offered."""
    for seed in range(1, 400):
        s = SPEC.new_game(["Ann", "Bob"], seed=seed)
        s = s.apply(offered(s.find_action(0, "build_done")))
        for _ in range(200):
            seat = s.actors()[0] if s.actors() else None
            if seat is None:
                break
            ready = s.stage == "play" and seat == 0 and len(s.board) >= min_cards
            if ready and (not bummer_first or s.cards[s.hands[0][0]].is_bummer):
                return s
            legal = s.legal_actions(seat)
            pick = next((a for a in legal if a.kind in ("close", "skip_story")), legal[0])
            s = s.apply(pick)
    raise AssertionError("no such game in 400 seeds")


async def open_for_ann(pilot, state):
    c = Controller(SPEC, state, [{"kind": "human"}, {"kind": "bot"}], viewer=0)
    pilot.app.open_game(c)
    await pilot.pause()
    return pilot.app.screen


async def test_a_turn_opens_on_a_joycard_when_the_first_card_in_hand_is_a_bummer(tmp_path):
    state = ann_to_play(1, bummer_first=True)
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(pilot, state)
        word = state.view(0)["hand"][screen.selected]["word"]
        assert state.view(0)["spots"].get(word)  # the card chosen may go somewhere
        assert "Enter:" in str(screen.query_one("#hp-preview").render())


async def test_n_visits_every_marked_spot_in_reading_order_and_goes_round(tmp_path):
    state = ann_to_play(3, bummer_first=False)
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_for_ann(pilot, state)
        board = screen.query_one(Board)
        spots = sorted(board.spots, key=lambda cell: (cell[1], cell[0]))
        assert len(spots) >= 3 and board.cursor in spots
        start = spots.index(board.cursor)
        seen = []
        for _ in spots:
            await pilot.press("n")
            seen.append(board.cursor)
        assert seen == spots[start + 1 :] + spots[: start + 1]  # each once, then round
        await pilot.press("N")
        assert board.cursor == spots[start - 1]
        await pilot.press("enter")  # Enter puts the card on the spot the cursor reached
        await pilot.pause()
        assert state.action_keys() != screen.controller.state.action_keys()


async def test_asking_from_the_player_costs_one_hand_off_a_card_with_two_at_the_keyboard(
    tmp_path,
):
    """Two people, the silence asked in turn from the one who just played: Ann answers
    at once (space: stay silent), Bob gets the keyboard once, answers, then plays."""
    from rules.bots import make_bot
    from tabletop_tui.widgets.common import HandoffScreen

    state = SPEC.new_game(["Ann", "Bob"], seed=12, options={"silence": "turns_from_player"})
    c = Controller(SPEC, state, [{"kind": "human"}] * 2)
    brains = [make_bot("happiness", "smart", 9 + seat) for seat in range(2)]
    app = app_for(tmp_path)
    handoffs = silent_by_space = 0
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        while c.state.round < 3:
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                handoffs += 1
                await pilot.press("enter")
                await pilot.pause()
                continue
            assert c.next_step() == "human"
            seat = given(c.viewer)
            action = brains[seat].choose(c.state, seat)
            if action.kind == "pass":
                silent_by_space += 1
                await pilot.press("space")
            else:
                screen.act_key(action.key)
            await pilot.pause()
    placed = sum(1 for k in c.state.action_keys() if ":place:" in k)
    assert silent_by_space and placed >= 4
    assert handoffs <= placed  # asked from the next player first it is 10 for 6 cards
