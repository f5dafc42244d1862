"""Hidden Nim's rules (engine.py's docstring), one test per clause. The protocol,
fuzz, save/replay, fairness and simulator tests reach it through the registry."""

from __future__ import annotations

from collections import Counter

import pytest

import rules
from rules.core import Action, IllegalAction

from .bot import HiddenNimBot
from .engine import CARDS

SPEC = rules.get_game("hidden-nim")


def game(n: int = 2, seed: int = 3, **options):
    return SPEC.new_game([f"P{i + 1}" for i in range(n)], seed=seed, options=options)


def with_heap(state, heap: int):
    scene = state.copy()
    scene.heap = heap
    return scene


def test_hidden_nim_registers_through_discovery_with_its_bot_and_no_screen():
    from tabletop_tui.games import playable

    assert rules.FOUND_IN["hidden-nim"] == __package__
    assert rules.BOTS["hidden-nim"] is HiddenNimBot
    assert "hidden-nim" not in playable()


def test_each_player_is_dealt_two_cards_from_four_each_of_one_two_and_three():
    state = game(4)
    assert all(len(hand) == 2 for hand in state.hands)
    every = [card for hand in state.hands for card in hand] + list(state.deck)
    assert Counter(every) == Counter(CARDS) == {1: 4, 2: 4, 3: 4}


@pytest.mark.parametrize("heap", [15, 21])
def test_the_heap_starts_with_the_chosen_number_of_stones(heap):
    assert game(heap=heap).view(None)["heap"] == heap


def test_a_turn_takes_one_or_two_stones_or_plays_a_card_in_hand():
    state = game()
    kinds = {(a.kind, a.args) for a in state.legal_actions(0)}
    assert kinds == {("take", (1,)), ("take", (2,))} | {("play", (v,)) for v in state.hands[0]}
    assert state.legal_actions(1) == [] and state.actors() == [0]
    with pytest.raises(IllegalAction, match="1 or 2"):
        state.apply(Action(0, "take", (3,)))


def test_nobody_takes_more_stones_than_the_heap_holds():
    state = with_heap(game(), 1)
    assert [a.key for a in state.legal_actions(0)] == ["0:take:[1]"] + (
        ["0:play:[1]"] if 1 in state.hands[0] else []
    )
    with pytest.raises(IllegalAction, match="heap's 1"):
        state.apply(Action(0, "take", (2,)))


def test_a_played_card_takes_its_stones_and_is_replaced_unseen_from_the_deck():
    state = game()
    card, top = state.hands[0][0], state.deck[0]
    after = state.apply(SPEC.parse_action(f"0:play:[{card}]"))
    assert after.heap == state.heap - card and after.stones[0] == card
    assert after.discard == (card,) and len(after.hands[0]) == 2 and top in after.hands[0]
    assert f"You draw a {top}." in after.log_for(0)
    assert f"You draw a {top}." not in after.log_for(1) + after.log_for(None)
    assert after.actors() == [1]


def test_a_view_never_shows_another_hand_or_the_deck_order():
    state = game(3)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["hand"] == (None if seat is None else list(state.hands[seat]))
        assert view["deck"] == len(state.deck) and view["hand_sizes"] == [2, 2, 2]


@pytest.mark.parametrize(("option", "points"), [("bonus", 5), ("penalty", -5)])
def test_the_last_stone_gains_or_loses_five_points(option, points):
    state = with_heap(game(last_stone=option), 2).apply(Action(0, "take", (2,)))
    assert state.is_over and state.actors() == []
    result = state.result()
    assert result["breakdown"][0]["last_stone"] == points and result["scores"] == [2 + points, 0]


def test_a_tie_on_points_goes_to_the_player_keeping_more_cards_or_is_shared():
    scene = with_heap(game(), 0)  # a scene: the heap empty, nobody's last stone
    scene.stones = (4, 4)
    scene.hands = ((1, 2), (3,))
    result = scene.result()
    assert result["scores"] == [4, 4] and result["ranking"] == [[0], [1]]
    assert "cards kept" in result["tie_break"]
    scene.hands = ((1,), (3,))
    assert scene.result()["winners"] == [0, 1] and "shared" in scene.result()["tie_break"]


def test_resampling_keeps_what_the_seat_knows_and_redraws_the_rest():
    state = game(3, seed=8).apply(Action(0, "take", (1,)))
    copies = [state.resample(1, seed) for seed in range(6)]
    for copy in copies:
        assert copy.hands[1] == state.hands[1] and copy.view(1) == state.view(1)
        assert copy.log_for(1) == state.log_for(1) and copy.log_for(0) == copy.log_for(None)
        assert Counter(c for h in copy.hands for c in h) + Counter(copy.deck) == Counter(CARDS)
    assert len({(c.hands[0], c.hands[2], c.deck) for c in copies}) > 1


@pytest.mark.parametrize(("option", "bonus"), [("bonus", 5), ("penalty", -5)])
def test_the_explainer_gives_a_take_its_stones_and_the_last_stone_its_option(option, bonus):
    state = with_heap(game(2, last_stone=option), 2)
    explainer = rules.get_game("hidden-nim").explainer
    take_two = next(a for a in state.legal_actions(0) if a.key == Action(0, "take", (2,)).key)
    told = explainer.action(state, 0, take_two)
    assert [(line.label, line.amount) for line in told.lines] == [
        ("Stones taken", 2),
        ("The last stone", bonus),
    ]
    refused = explainer.action(state, 1, take_two)  # not seat 1's turn
    assert refused.refused == "It is not P2's turn to act." and not refused.lines
