"""Random play over many seeds and every player count, invariants after every step."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules.core import IllegalAction

from .helpers import SPEC

ALL_CARDS = 66 + 12 + 18


def independent_score(state, seat, add=False):
    inh = sum(state.cards[i].inhabitants for i in state.city[seat])
    hearts = sum(state.cards[i].hearts for i in state.city[seat])
    if add:  # children: every crossed-out symbol costs its point, the sum floored at 0
        return max(0, inh + hearts)
    return max(0, inh) * max(0, hearts)


def check_invariants(s):
    places = s.all_card_places()
    assert len(places) == ALL_CARDS and len(set(places)) == ALL_CARDS
    for seat in range(s.n):
        names = [s.cards[i].name for i in s.city[seat]]
        assert len(names) == len(set(names)), names
        assert len(names) <= 10
        assert sum(1 for i in s.city[seat] if s.cards[i].kind == "special") <= 1
        assert s.coins[seat] >= 0
        assert s.breakdown(seat)["score"] == independent_score(
            s, seat, s.options["scoring"] == "add"
        )
    assert len(s.visible) <= 3
    if s.bank is not None:
        assert s.bank >= 0 and s.bank + sum(s.coins) == 70


def play_random(n, seed, options=None, check=True):
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed, options=options or {})
    states = [s]
    while not s.is_over:
        seat = s.actors()[0]
        acts = s.legal_actions(seat)
        assert acts
        s = s.apply(rng.choice(acts))
        if check:
            check_invariants(s)
        states.append(s)
    return states


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"scoring": "add", "bank": "box"}])
def test_random_play_invariants_every_player_count(n, options):
    for seed in range(12):
        states = play_random(n, seed, options)
        final = states[-1]
        assert any(len(c) >= 10 for c in final.city)
        assert final.result()["scores"] == [
            independent_score(final, k, options.get("scoring") == "add") for k in range(n)
        ]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 5), data=st.data())
def test_save_load_identical_at_random_points(seed, n, data):
    states = play_random(n, seed, check=False)
    k = data.draw(st.integers(0, len(states) - 1))
    s = states[k]
    saved = json.loads(json.dumps(SPEC.to_save(s)))
    loaded = SPEC.from_save(saved)
    for seat in [None, *range(n)]:
        assert loaded.view(seat) == s.view(seat)
    assert loaded.log_for(None) == s.log_for(None)
    assert loaded.legal_actions(s.actors()[0] if s.actors() else 0) == s.legal_actions(
        s.actors()[0] if s.actors() else 0
    )


def test_same_seed_same_actions_same_game():
    a = play_random(4, 99, check=False)[-1]
    b = SPEC.new_game([f"P{i}" for i in range(4)], seed=99)
    for key in a.action_keys():
        b = b.apply(SPEC.parse_action(key))
    assert a.view(None) == b.view(None) and a.result() == b.result()


def test_different_seeds_differ():
    a = SPEC.new_game(["A", "B"], seed=1)
    b = SPEC.new_game(["A", "B"], seed=2)
    assert (a.decks, a.specials) != (b.decks, b.specials)


def test_view_never_holds_deck_order_discards_or_rng():
    for s in play_random(3, 5, check=False)[::7]:
        for seat in [None, 0, 1, 2]:
            v = s.view(seat)
            text = json.dumps(v)  # JSON-safe
            assert "rng" not in v and "state" not in text.lower().split('"')[1::2]
            for d in range(3):
                assert v["decks"][d].keys() == {"deck", "count", "discards", "costs"}
            hidden = [s.cards[i].name for d in s.decks + s.discards for i in d]
            visible = {c["name"] for c in v["visible"]} | {
                c["name"] for p in v["players"] for c in p["city"]
            }
            for name in set(hidden) - visible:
                assert f'"{name}"' not in text, name


def test_stale_action_refused_and_old_state_unchanged():
    s = SPEC.new_game(["A", "B"], seed=3)
    a = s.legal_actions(0)[0]
    s2 = s.apply(a)
    assert s.view(None) != s2.view(None)
    assert s.apply(a).view(None) == s2.view(None)  # the old state still accepts it
    if a.key not in {x.key for x in s2.legal_actions(0)}:
        with pytest.raises(IllegalAction):
            s2.apply(a)


def test_corrupt_save_names_step_and_reason():
    s = play_random(2, 4, check=False)[20]
    data = SPEC.to_save(s)
    data["actions"][5] = '0:buy:["Nowhere"]'
    with pytest.raises(rules.SaveError, match="step 6"):
        SPEC.from_save(data)


def test_action_keys_round_trip_with_labels():
    s = SPEC.new_game(["A", "B"], seed=3)
    for a in s.legal_actions(0):
        b = SPEC.parse_action(a.key)
        assert b == a and b.key == a.key and b.label
