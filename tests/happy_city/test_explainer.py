"""The card-row games' explainer (rules/happy_city/explainer.py) against the engine:
what it says a take costs and gives is what applying the take does, a refused take
carries apply's reason and the card's own short reason, and the view it replaced
holds facts only."""

from __future__ import annotations

import json
import random

import pytest

import rules
from rules.core import Action, IllegalAction, Ref
from rules.happy_city import HAPPY_CITY, effect_text

from ..view_checks import json_strings

GAMES = [
    ("happy-city", {"mode": "family"}),
    ("happy-city", {"mode": "expert"}),
    ("happiest-town", {}),
]


def played(game: str, options: dict, seed: int, players: int = 3):
    """Every state of one seeded game of random moves."""
    spec = rules.get_game(game)
    state = spec.new_game([f"P{k}" for k in range(players)], seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        yield state
        state = state.apply(rng.choice(state.legal_actions(state.actors()[0])))


def figure(told, label: str, kind: str) -> int:
    return sum(line.amount for line in told.lines if line.label == label and line.kind == kind)


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_take_costs_and_gives_what_applying_it_does(game, options):
    explainer = rules.get_game(game).explainer
    checked = 0
    for state in played(game, options, seed=11):
        seat = state.actors()[0]
        for action in state.legal_actions(seat):
            if action.kind not in ("buy", "dwelling", "claim", "coin"):
                continue
            told = explainer.action(state, seat, action)
            after = state.apply(action)
            if after.is_over or after.round != state.round or after.stage == "final":
                continue  # a new income phase or the end questions come with it
            paid = -figure(told, "Cost", "cost")
            if action.kind in ("buy", "dwelling"):
                assert paid == state.cost_of(seat, state.offered_card(action.kind, action.args[0]))
            coins = figure(told, "Coins", "gain") - paid
            assert after.coins[seat] - state.coins[seat] == coins, action.key
            if action.kind != "coin":
                scored = after.breakdown(seat)["score"] - state.breakdown(seat)["score"]
                assert figure(told, "Score", "gain") == scored, action.key
            checked += 1
    assert checked > 20


def test_a_take_says_which_special_it_brings_within_reach():
    explainer = rules.get_game("happy-city").explainer
    for state in played("happy-city", {}, seed=4):
        seat = state.actors()[0]
        if state.stage != "buy" or state.has_special(seat):
            continue
        for action in state.legal_actions(seat):
            if action.kind != "buy":
                continue
            after = state.taken(seat, "buy", action.args[0])
            reached = [
                state.cards[i].name
                for i in state.specials
                if not state.meets(seat, state.cards[i]) and after.meets(seat, state.cards[i])
            ]
            if reached:
                setups = explainer.action(state, seat, action).of_kind("setup")
                assert [f"Meets the needs of {n}" for n in reached] == [
                    line.label for line in setups if line.label.startswith("Meets")
                ]
                return
    pytest.fail("no purchase brought a special within reach")


@pytest.mark.parametrize("game", ["happy-city", "happiest-town"])
def test_a_refused_purchase_gives_apply_reason_and_the_shortfall(game):
    explainer = rules.get_game(game).explainer
    for state in played(game, {}, seed=7):
        seat = state.actors()[0]
        if state.stage != state.edition.buy_stage:
            continue
        for i in state.visible:
            card = state.cards[i]
            short = state.cost_of(seat, card) - state.coins[seat]
            if short <= 0 or state.owns_name(seat, card.name) or not state.room_for(seat):
                continue
            move = Action(seat, "buy", (card.name,))
            with pytest.raises(IllegalAction) as raised:
                state.apply(move)
            told = explainer.action(state, seat, move)
            assert told.refused == raised.value.reason
            (line,) = told.of_kind("refusal")
            assert line.amount == short and line.label.endswith(" short")
            return
    pytest.fail("no purchase was ever too dear")


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_card_on_offer_says_what_it_would_give_the_seat(game, options):
    explainer = rules.get_game(game).explainer
    for state in played(game, options, seed=5):
        seat = state.actors()[0]
        buys = [a for a in state.legal_actions(seat) if a.kind == "buy"]
        if not buys:
            continue
        move = buys[0]
        card = explainer.thing(state, seat, Ref("card", move.args[0]))
        told = explainer.action(state, seat, move)
        assert card is not None and card.title == move.args[0]
        assert card.of_kind("cost", "gain", "setup") == told.of_kind("cost", "gain", "setup")
        public = explainer.thing(state, None, Ref("card", move.args[0]))
        assert public is not None and not public.of_kind("gain")  # nobody's to give
        return
    pytest.fail("no purchase offered")


def test_deck_and_expert_special_explanations():
    spec = HAPPY_CITY
    state = spec.new_game(["A", "B", "C"], seed=2, options={"mode": "expert"})
    deck = spec.explainer.thing(state, 0, Ref("deck", 2))
    assert deck is not None and deck.title == "Deck 2"
    assert deck.lines[0].amount == len(state.decks[1]) == state.view(0)["decks"][1]["count"]
    for i in state.specials:
        told = spec.explainer.thing(state, 0, Ref("card", state.cards[i].name))
        assert effect_text(told) == state.cards[i].text != ""
    assert spec.explainer.thing(state, 0, Ref("card", "No such card")) is None
    assert spec.explainer.thing(state, 0, Ref("deck", 4)) is None


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_the_view_holds_facts_not_prose(game, options):
    for state in played(game, options, seed=3):
        names = {n for c in state.cards for n in (c.name, c.name_fr)} | set(state.players)
        for seat in (None, *range(state.n)):
            view = state.view(seat)
            json.dumps(view)
            for text in json_strings(view):
                assert text in names or " " not in text, text
        if state.round > 2:
            return
