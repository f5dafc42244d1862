"""Issue 31 item 3, the controller's part: the step that ended a turn may be taken back
until the next player acts, never when it revealed something hidden."""

from rules import get_game
from tabletop_tui.controller import Controller
from tabletop_tui.demo import mid_game


def _end_the_turn(c: Controller) -> None:
    """The viewer plays first legal moves until the turn passes."""
    first = c.viewer
    while c.state.actors() == [first]:
        assert c.act(c.legal()[0])


def test_the_step_that_ended_a_turn_is_taken_back_until_the_next_player_acts():
    for game in ("happy-city", "happiest-town"):
        c = mid_game(players=2, moves=6, seed=3, game=game)
        _end_the_turn(c)
        last = c._undo[-1]
        assert c.take_back_label() == f"Ann's {last.action.label}"
        assert not c.can_undo()  # plain undo stays within a turn
        assert c.take_back()
        assert c.state is last.state and c.viewer == 0 and c.next_step() == "human"
        _end_the_turn(c)
        c.viewer = 1  # Bob has the keyboard (the banner) and makes his first move
        assert c.act(c.legal()[0])
        assert c.take_back_label() is None and not c.take_back()
        assert "Nothing to take back" in c.last_error


def test_taking_the_terminal_from_a_hand_off_ends_the_chance():
    c = mid_game(players=2, moves=6, seed=3)
    _end_the_turn(c)
    c.take_terminal(1)
    assert c.take_back_label() is None


def test_a_turn_that_ended_with_a_card_drawn_is_never_taken_back():
    """Happiness: the story step draws a hidden card, so its turn stays ended."""
    spec = get_game("happiness")
    state = spec.new_game(["Ann", "Bob"], seed=4)
    c = Controller(spec, state, [{"kind": "human"}] * 2, viewer=0)
    build_done = state.find_action(0, "build_done")
    assert build_done is not None
    c.act(build_done)
    c.act(next(a for a in c.legal() if a.kind == "place"))
    skip_story = c.state.find_action(0, "skip_story")
    assert skip_story is not None
    c.act(skip_story)
    assert c.take_back_label() is None and not c.take_back()


def test_an_undo_refusal_quotes_the_move_even_when_a_key_made_it_unnamed():
    from rules.core import Action

    c = mid_game(players=2, moves=6, seed=3)
    assert c.state.stage == "discard"
    assert c.act(Action(0, "keep"))  # a key press: the action comes without a label
    assert c.act(Action(0, "draw", (1,)))  # reveals a card: undo stops here
    assert not c.undo()
    draw = c.spec.labeler(Action(0, "draw", (1,)))
    assert "“”" not in c.last_error and f"“{draw}”" in c.last_error
