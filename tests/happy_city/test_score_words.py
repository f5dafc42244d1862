"""How a card-row score is written (issue 46 item 2, plurals and signs): a negative
total is a subtraction, a floor at 0 is said, and a take's score line says what the
score becomes, never "0 + -1"."""

from __future__ import annotations

import random

import rules
from rules.core import counted
from rules.happy_city import score_sum


def test_score_sum_writes_a_negative_total_as_a_subtraction_and_says_the_floor():
    assert score_sum(0, -1, "add", 0, ("pop", "hap")) == "0 pop - 1 hap = 0, never below 0"
    assert score_sum(4, -1, "add", 3) == "4 - 1 = 3"
    assert score_sum(2, 3, "add", 5) == "2 + 3 = 5"
    assert score_sum(3, 2, "multiply", 6, ("inh", "hrt")) == "3 inh x 2 hrt = 6"


def test_counted_names_one_in_the_singular():
    assert counted(1, "coin") == "1 coin"
    assert counted(0, "coin") == "0 coins"
    assert counted(1, "property", "properties") == "1 property"
    assert counted(2, "property", "properties") == "2 properties"


def test_a_take_score_line_never_adds_a_negative_number():
    for game in ("happy-city", "happiest-town"):
        spec = rules.get_game(game)
        state = spec.new_game(["A", "B"], seed=5, options={})
        rng = random.Random(5)
        said: list[str] = []
        while not state.is_over and len(said) < 300:
            seat = state.actors()[0]
            for action in state.legal_actions(seat):
                told = spec.explainer.action(state, seat, action)
                said += [line.text() for line in told.lines if line.label == "Score"]
            state = state.apply(rng.choice(state.legal_actions(seat)))
        assert said
        assert not [text for text in said if "+ -" in text or " 1 points" in text]
        assert all(("(now " in text) or ("(stays " in text) for text in said)


def _card_line_sums(items: list[dict]) -> dict[str, int]:
    """Each symbol's plus and minus over the city's card lines ("+2 inh, -1 hrt")."""
    sums = {"inh+": 0, "inh-": 0, "hrt+": 0, "hrt-": 0}
    for item in items:
        if item["kind"] != "card":
            continue
        for part in item["value"].removesuffix(" (its effect)").split(", "):
            if part == "nothing":
                continue
            amount, word = part.split()
            sums[word + ("+" if int(amount) > 0 else "-")] += abs(int(amount))
    return sums


def test_expert_end_card_lines_add_up_to_the_sums_effects_included():
    """Each city card's line counts what its effect adds (Expert), so the card lines
    add up to the totals the score is made of."""
    spec = rules.get_game("happy-city")
    effects_told = 0
    for seed in range(1, 7):
        state = spec.new_game(["A", "B", "C"], seed=seed, options={"mode": "expert"})
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.actors()[0]
            state = state.apply(rng.choice(state.legal_actions(seat)))
        res = state.result()
        for seat, items in enumerate(res["items"]):
            part = res["breakdown"][seat]
            sums = _card_line_sums(items)
            assert (sums["inh+"], sums["inh-"]) == (
                part["inhabitants"],
                part["crossed_inhabitants"],
            )
            assert (sums["hrt+"], sums["hrt-"]) == (part["hearts"], part["crossed_hearts"])
            effects_told += sum(item["value"].endswith("(its effect)") for item in items)
    assert effects_told  # the seeds reach cards whose effect changes what they bring
