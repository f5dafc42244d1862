"""Happiness's explainer (rules/happiness/explainer.py) against the engine: what it
says a placement scores is the seat's score change when the card is laid, a spot says
what each card of the seat's hand would score there, a refused placement carries
apply's reason, nothing of another hand shows, and the view holds facts only."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import Action, IllegalAction, Ref
from rules.happiness.cards import TOPIC_LABELS

from ..view_checks import json_strings
from .helpers import BUM, JOY, SPEC, clear_table, hand, put, shape, started

EXPLAINER = SPEC.explainer


def scored(told) -> float:
    return sum(line.amount or 0 for line in told.of_kind("gain", "cost"))


def placing_states(seed: int, **options):
    """The states of one seeded game of 3 in which a seat must place a card."""
    rng = random.Random(seed)
    s = SPEC.new_game(["A", "B", "C"], seed=seed, options=options)
    while not s.is_over:
        seat = s.actors()[0]
        legal = s.legal_actions(seat)
        if any(a.kind == "place" for a in legal):
            yield s, seat
        s = s.apply(rng.choice(legal))


@pytest.mark.parametrize("scoring", ["take", "strip"])
def test_a_placement_scores_what_it_says(scoring):
    seen = {"plus": 0, "sweep": 0}
    for seed in (1, 2):
        for s, seat in placing_states(seed, bummer_scoring=scoring):
            for move in [a for a in s.legal_actions(seat) if a.kind == "place"]:
                told = EXPLAINER.action(s, seat, move)
                assert told.refused is None
                assert scored(told) == s.apply(move).score(seat) - s.score(seat), move.key
                seen["plus"] += any(line.label == "Completes a plus" for line in told.lines)
                seen["sweep"] += any(line.label == "Sweeps" for line in told.lines)
    assert seen["plus"] and seen["sweep"]


def test_a_spot_says_what_each_card_of_the_hand_scores_there():
    checked = 0
    for s, seat in placing_states(3):
        cells = {tuple(a.args[1:]) for a in s.legal_actions(seat) if a.kind == "place"}
        for cell in sorted(cells)[:3]:
            told = EXPLAINER.thing(s, seat, Ref("spot", cell))
            assert told is not None and told.title.startswith("The spot ")
            for line in told.lines:
                after = s.apply(Action(seat, "place", (line.label, *cell)))
                assert line.amount == after.score(seat) - s.score(seat)
                checked += 1
        if checked > 30:
            return
    assert checked


def test_a_refused_placement_names_the_spot_and_gives_apply_reason():
    s = clear_table(started(2, seed=5))
    put(s, JOY[0], 0, 0, edges="WWWW", points=2)
    s.stage, s.actor = "bummer", 0
    hand(s, 0, BUM[0])
    shape(s, BUM[0], edges="WWWW")
    move = Action(0, "place", (BUM[0], 3, 3))
    with pytest.raises(IllegalAction) as raised:
        s.apply(move)
    told = EXPLAINER.action(s, 0, move)
    assert told.refused == raised.value.reason
    assert told.title == f"{BUM[0]} cannot go 3 right and 3 down from {JOY[0]}"
    good = EXPLAINER.action(s, 0, Action(0, "place", (BUM[0], 0, 1)))
    assert good.title == f"Bummer {BUM[0]} below {JOY[0]}"
    (sweep,) = good.lines
    assert (sweep.label, sweep.amount, sweep.source) == ("Sweeps", 2, JOY[0])


def test_nothing_of_another_hand_is_explained():
    s = started(3, seed=4)
    seat = s.actors()[0]
    other = (seat + 1) % 3
    theirs = s.cards[s.hands[other][0]].word
    told = EXPLAINER.thing(s, seat, Ref("card", theirs))
    assert told is not None and "In your hand" not in [line.label for line in told.lines]
    mine = EXPLAINER.thing(s, seat, Ref("card", s.cards[s.hands[seat][0]].word))
    assert mine is not None and "In your hand" in [line.label for line in mine.lines]
    # a spot tried for nobody (the public view) or another seat uses no hand but its own
    public = EXPLAINER.thing(s, None, Ref("spot", (0, 0)))
    assert public is not None and public.lines == ()
    spot = EXPLAINER.thing(s, other, Ref("spot", (0, 0)))
    assert spot is not None
    words = {s.cards[i].word for i in s.hands[other]}
    assert {line.label for line in spot.lines} <= words
    placed = EXPLAINER.action(s, seat, Action(seat, "place", (theirs, 0, 0)))
    assert placed.refused == f"{theirs!r} is not in {s.players[seat]}'s hand."


def test_the_view_holds_facts_not_prose():
    for s, _seat in placing_states(6):
        names = {c.word for c in s.cards} | set(s.players) | set(TOPIC_LABELS.values())
        for seat in (None, *range(s.n)):
            view = s.view(seat)
            json.dumps(view)
            symbols = {entry["name"] for entry in view["symbols"].values()}
            facts = {key: value for key, value in view.items() if key != "journal"}
            for text in json_strings(facts):  # the journal holds the players' own stories
                assert text in names | symbols or " " not in text, text
        if s.round > 2:
            return
