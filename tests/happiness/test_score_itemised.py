"""Happiness end totals itemised (issue 46 item 2): the score explanation names every
Joycard laid, every plus, every Bummer's sweep and, with strip scoring, what each
Bummer took; its figures add up to the score; the hands left are told once the game is
over (public then) and not before; the end screen's items and the log's last lines
carry the same sums."""

from __future__ import annotations

import random

import pytest

from rules.happiness import HAPPINESS as SPEC
from rules.happiness import HappinessExplainer
from rules.happiness.explain import BUMMED, CARD_PLAYED, LEFT_IN_HAND


def _explainer() -> HappinessExplainer:
    """The game's own explainer, which also itemises a seat's score."""
    own = SPEC.explainer
    assert isinstance(own, HappinessExplainer)
    return own


EXPLAINER = _explainer()


def finished(n: int, options: dict, seed: int):
    """A seeded game of random moves played out: its states and each seat's placements
    (card words, Joycards and Bummers apart)."""
    state = SPEC.new_game([f"P{k}" for k in range(n)], seed=seed, options=options)
    rng = random.Random(seed)
    laid: list[dict[str, list[str]]] = [{"joy": [], "bummer": []} for _ in range(n)]
    states = []
    while not state.is_over:
        states.append(state)
        seat = state.actors()[0]
        action = rng.choice(state.legal_actions(seat))
        if action.kind == "place":
            cid = state.card_by_word(action.args[0])
            assert cid is not None
            laid[seat]["bummer" if state.cards[cid].is_bummer else "joy"].append(action.args[0])
        state = state.apply(action)
    return state, states, laid


GAMES = [(2, {}, 3), (3, {"silence": "turns", "bummer_scoring": "strip"}, 4), (4, {}, 5)]


@pytest.mark.parametrize(("n", "options", "seed"), GAMES)
def test_end_totals_name_every_card_plus_and_bummer_and_add_up(n, options, seed):
    state, _, laid = finished(n, options, seed)
    sweeps = 0
    for seat in range(n):
        told = EXPLAINER.score(state, seat)
        figures = sum(line.amount or 0 for line in told.of_kind("gain", "cost"))
        assert figures == state.score(seat) == told.of_kind("total")[0].amount
        cards = [line.label for line in told.lines if line.source == CARD_PLAYED]
        assert cards == laid[seat]["joy"]
        bummers = [line.label.split(" swept ")[0] for line in told.lines if line.source == BUMMED]
        assert bummers == laid[seat]["bummer"]
        sweeps += len(bummers)
        held = ", ".join(state.cards[i].word for i in state.hands[seat]) or "no cards"
        assert [line.source for line in told.lines if line.label == LEFT_IN_HAND] == [held]
    assert sweeps, "the seeded games lay at least one Bummer"


def test_strip_scoring_itemises_what_each_bummer_took():
    state, _, _ = finished(3, {"silence": "turns", "bummer_scoring": "strip"}, 4)
    took = [
        line
        for seat in range(3)
        for line in EXPLAINER.score(state, seat).of_kind("cost")
        if " took " in line.label
    ]
    assert sum(-(line.amount or 0) for line in took) == sum(state.lost) > 0


def test_hands_left_are_not_told_before_the_game_is_over():
    _, states, _ = finished(2, {}, 3)
    for state in states[::7]:
        for seat in range(2):
            told = EXPLAINER.score(state, seat)
            assert not [line for line in told.lines if line.label == LEFT_IN_HAND]


def test_end_screen_items_list_the_cards_the_pluses_and_the_hand_left():
    state, _, laid = finished(2, {}, 3)
    res = state.result()
    for seat in range(2):
        labels = [item["label"] for item in res["items"][seat]]
        for word in laid[seat]["joy"]:
            assert any(word in label for label in labels)
        assert sum(label.startswith("  plus of") for label in labels) == len(state.pluses[seat])
        assert any(label.startswith(f"{LEFT_IN_HAND}:") for label in labels)


def test_the_log_ends_with_each_total_as_a_sum_and_the_hands_left():
    state, _, _ = finished(3, {"silence": "turns", "bummer_scoring": "strip"}, 4)
    last = state.log_for(None)[-3:]
    for seat, line in enumerate(last):
        assert line.startswith(f"P{seat}: {state.score(seat)} Joypoint")
        assert "from cards" in line and "left in hand:" in line
        if state.lost[seat]:
            assert f"- {state.lost[seat]} lost to Bummers" in line
