"""Happy City and Happiest Town: Enter never spends on a menu its player has not
chosen on (issue 46). Every step of the card games only commits (a card bought, a
row kept, a special taken or given up, a deck drawn), so each menu opens with nothing
highlighted; Enter then says what to press, and a letter, a step key or the arrows
then Enter still act."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.controller import Controller

from .helpers import make_app, screen_text


def _controller(game, options, seed=5, kinds=("human", "human")):
    spec = get_game(game)
    names = ["Ann", "Bob", "Cleo"][: len(kinds)]
    state = spec.new_game(names, seed=seed, options=options)
    c = Controller(spec, state, [{"kind": k} for k in kinds])
    c.handoff_screens = False  # the banner: the next player's menu is on screen at once
    return c


async def _press(pilot, *keys):
    await pilot.press(*keys)
    await pilot.pause()


async def _enter_does_nothing(pilot, app, c) -> None:
    before = c.state
    moves = app.screen.query_one(OptionList)
    assert moves.option_count > 0 and moves.highlighted is None
    await _press(pilot, "enter", "enter")  # a double Enter, meant for the last screen
    assert c.state is before
    assert app.notes[-1].title == "Nothing chosen"


@pytest.mark.parametrize(
    "game,options,build",
    [
        ("happy-city", {"mode": "family"}, "buy"),
        ("happy-city", {"mode": "expert"}, "buy"),
        ("happiest-town", {}, "build"),
    ],
)
async def test_enter_on_a_fresh_discard_refill_or_buy_menu_spends_nothing(
    tmp_path, game, options, build
):
    c = _controller(game, options)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        # Happiest Town skips the refill when the row is kept full: one card discarded
        # first brings its refill menu up (kept full, the loop ran out on the build menu)
        discard = ["k"] if game == "happy-city" else ["a", "k"]
        keys = {"discard": discard, "refill": ["1"], "market": ["down", "enter"]}
        seen = set()
        for _ in range(30):
            stage = c.view()["stage"]
            if stage == build and "refill" in seen:
                break
            seen.add(stage)
            await _enter_does_nothing(pilot, app, c)
            await _press(pilot, *keys.get(stage, ["c"]))
        assert c.view()["stage"] == build and "refill" in seen
        await _enter_does_nothing(pilot, app, c)
        said = app.notes[-1].message
        assert "card's letter" in said and "arrows" in said
        seat = c.viewer
        city = list(c.view()["players"][seat]["city"])
        await _press(pilot, "down", "enter")  # chosen in plain sight: the first move
        assert len(c.state.view(seat)["players"][seat]["city"]) == len(city) + 1


async def test_enter_on_the_special_step_takes_no_special_and_p_gives_it_up(tmp_path):
    spec = get_game("happy-city")
    bots = [make_bot("happy-city", "normal", i) for i in range(2)]
    state = spec.new_game(["Ann", "Bob"], seed=2, options={"mode": "expert"})
    while state.view(None)["stage"] != "special" or len(state.legal_actions(0)) < 2:
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    c = Controller(spec, state, [{"kind": "human"}, {"kind": "bot"}])
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        assert c.view()["stage"] == "special" and c.viewer == 0
        await _enter_does_nothing(pilot, app, c)
        assert "P: Take no special building" in app.notes[-1].message


async def test_the_final_question_names_the_seat_it_asks_not_the_seat_whose_turn_it_was(
    tmp_path,
):
    # seed 1: at the final count Ann's Stonehenge asks her whose city it reads, while
    # the turn that ended the game was Cleo's (a bot)
    spec = get_game("happy-city")
    bots = [make_bot("happy-city", "normal", 1 + i) for i in range(3)]
    state = spec.new_game(["Ann", "Bob", "Cleo"], seed=1, options={"mode": "expert"})
    while state.view(None)["stage"] != "final":
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    assert state.actors() == [0] and state.view(None)["turn"] == 2
    c = Controller(spec, state, [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        text = screen_text(app)
        assert "Ann, your turn" in text and "Cleo, your turn" not in text
        await _enter_does_nothing(pilot, app, c)


@pytest.mark.parametrize("game", ["happy-city", "happiest-town"])
async def test_card_letters_stay_with_their_cards_so_a_row_is_discarded_in_three_keys(
    tmp_path, game
):
    """The row has a letter for each of its places and the piles the letters after
    them, so a discard moves no other card's letter: the letters read off the screen
    at the start of the turn still name the same cards after each key."""
    from tabletop_tui.games.happy_city.screen import CARD_KEYS

    c = _controller(game, {})
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        for _ in range(40):  # to a turn that starts with a full row to discard from
            v = c.view()
            if v["stage"] == "discard" and len(v["visible"]) == v["row_size"]:
                break
            await _press(
                pilot, *{"refill": ["1"]}.get(v["stage"], ["c" if game == "happy-city" else "p"])
            )
        else:
            raise AssertionError("no full row to discard from")
        letters = dict(screen._card_keys)
        row = [k for k, (area, _) in letters.items() if area == "row"]
        assert row == list(CARD_KEYS[: v["row_size"]])
        piles = {k: place for k, place in letters.items() if place[0] != "row"}
        discards = 0
        for key in row:  # the letters as first shown, one key a card
            if c.view()["stage"] != "discard":
                break  # Happy City discards one card a turn; the row is refilled after
            await _press(pilot, key)
            discards += 1
            assert {k: p for k, p in screen._card_keys.items() if p[0] != "row"} == piles
            left = {k: p for k, p in screen._card_keys.items() if p[0] == "row"}
            assert left == {k: letters[k] for k in row[discards:] if k in left}
        expected = 1 if game == "happy-city" else 3
        assert discards == expected and c.view()["stage"] == "refill"
