"""Happiest Town: random play for every player count and both variants, invariants
after every step, scores recomputed independently."""

import random

import pytest

from rules.happy_city import HAPPIEST_TOWN as SPEC

ALL_CARDS = 62 + 9 + 4


def independent_score(s, seat):
    pop = sum(s.cards[i].inhabitants for i in s.city[seat])
    hap = sum(s.cards[i].hearts for i in s.city[seat])
    if s.options.get("variant") == "children":  # crossed-out symbols subtract
        return max(0, pop + hap)
    return max(0, pop) * max(0, hap)


def check(s, prev):
    places = s.all_card_places()
    assert len(places) == ALL_CARDS and len(set(places)) == ALL_CARDS
    for seat in range(s.n):
        names = [s.cards[i].name for i in s.city[seat]]
        assert len(names) == len(set(names)), names
        # 10 ends the game; a turn adds at most a building and an infrastructure card,
        # and no one plays again after reaching 10, so 11 is the most a town can hold.
        assert len(names) <= 11
        assert names[0] == "Convenience Store"
        infra = [i for i in s.city[seat] if s.cards[i].category == "infrastructure"]
        assert len(infra) <= 1 and (infra[0] if infra else None) == s.infra[seat]
        if s.options.get("variant") == "children":
            assert not infra
        assert s.coins[seat] >= 0
        if prev is not None and seat != prev.turn:
            assert len(s.city[seat]) == len(prev.city[seat])  # only the active player builds
    if prev is not None:
        assert len(s.city[prev.turn]) - len(prev.city[prev.turn]) <= 2
    assert len(s.visible) <= 3
    if s.bank is not None:
        assert s.bank >= 0 and s.bank + sum(s.coins) == 40


def play(n, seed, options):
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed, options=options)
    prev = None
    while not s.is_over:
        seat = s.actors()[0]
        acts = s.legal_actions(seat)
        assert acts
        builds = [a for a in acts if a.kind in ("buy", "dwelling")]
        a = rng.choice(builds) if builds and rng.random() < 0.7 else rng.choice(acts)
        prev, s = s, s.apply(a)
        check(s, prev)
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"variant": "children"}, {"bank": "box"}])
def test_town_random_play_invariants_every_player_count(n, options):
    for seed in range(30):
        s = play(n, seed, options)
        assert any(len(c) >= 10 for c in s.city)
        r = s.result()
        assert r["scores"] == [independent_score(s, k) for k in range(n)]
        best = max(r["scores"])
        leaders = [k for k in range(n) if r["scores"][k] == best]
        richest = max(s.coins[k] for k in leaders)
        assert r["winners"] == [k for k in leaders if s.coins[k] == richest]


def test_town_random_play_takes_infrastructure_and_ends_on_the_last_seat():
    taken = 0
    for seed in range(40):
        s = play(3, 500 + seed, {})
        taken += sum(1 for x in s.infra if x is not None)
        assert s.turn == s.n - 1  # the round is always played out to the last seat
    assert taken > 0
