"""Resampled copies (what a seat may plan on) and the fair Sweet Lands bot."""

import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.bot.greedy import SweetLandsBot


def positions(n, seed, every=37, limit=400):
    """Seeded random-play positions of an n-player game, one every ``every`` moves."""
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed)
    out = []
    for step in range(limit):
        if s.is_over:
            break
        if step % every == every - 1:
            out.append(s)
        seat = s.actors()[0]
        acts = s.legal_actions(seat)
        s = s.apply(acts[rng.randrange(len(acts))])
    return out


def hidden(s, seat):
    return (list(s.deck), [p.hand for i, p in enumerate(s.p) if i != seat], s.solo_a, s.solo_b)


def fingerprint(s):
    """Everything a state holds that a move could change, including hidden parts."""
    return (
        [s.view(i) for i in range(s.n)],
        list(s.deck),
        [list(p.hand) for p in s.p],
        [dict(f) for f in s.stack],
        s.rng.copy().next64(),
        s.action_keys(),
        [tuple(e) for e in s.log_entries()],
    )


@pytest.mark.parametrize("n", [1, 2, 4])
def test_resample_agrees_with_everything_the_seat_sees(n):
    for s in positions(n, seed=n):
        seat = s.actors()[0]
        copy = s.resample(seat, 5)
        assert copy.view(seat) == s.view(seat)
        assert copy.log_for(seat) == s.log_for(seat)
        assert copy.legal_actions(seat) == s.legal_actions(seat)


def test_resample_draws_the_hidden_cards_afresh():
    s = positions(3, seed=2)[2]
    seat = s.actors()[0]
    assert len({repr(hidden(s.resample(seat, k), seat)) for k in range(5)}) > 1
    # the other seats' private log lines are not in the copy
    copy = s.resample(seat, 1)
    other = (seat + 1) % s.n
    assert copy.log_for(other) != s.log_for(other)


def test_resample_depends_only_on_what_the_seat_knows():
    for s in positions(4, seed=9):
        seat = s.actors()[0]
        other = s.resample(seat, 77)  # same knowledge for seat, other hidden cards
        assert hidden(other, seat) != hidden(s, seat) or not s.deck
        assert hidden(s.resample(seat, 3), seat) == hidden(other.resample(seat, 3), seat)


def test_resample_leaves_the_live_state_unchanged():
    s = positions(2, seed=4)[3]
    before = fingerprint(s)
    s.resample(s.actors()[0], 1)
    assert fingerprint(s) == before


@pytest.mark.parametrize("n", [1, 2, 4])
def test_bot_decision_ignores_hidden_information(n):
    checked = 0
    for s in positions(n, seed=10 + n, every=23):
        seat = s.actors()[0]
        if len(s.legal_actions(seat)) < 2:
            continue
        twin = s.resample(seat, 4242)  # differs from s only in what seat cannot see
        a = SweetLandsBot(seed=1).choose(s, seat)
        b = SweetLandsBot(seed=1).choose(twin, seat)
        assert a == b, (a.key, b.key)
        checked += 1
    assert checked >= 5


def test_bot_never_writes_into_the_state_it_is_given():
    for s in positions(2, seed=6, every=29):
        before = fingerprint(s)
        SweetLandsBot(seed=2).choose(s, s.actors()[0])
        assert fingerprint(s) == before


class Spy:
    """Stands in for the live state and records what the bot asks of it."""

    def __init__(self, state):
        self._state = state
        self.asked = set()

    def __getattr__(self, name):
        self.asked.add(name)
        return getattr(self._state, name)


def test_bot_asks_the_live_state_only_for_legal_moves_and_a_resampled_copy():
    asked = set()
    for s in positions(3, seed=8, every=19):
        spy = Spy(s)
        SweetLandsBot(seed=3).choose(spy, s.actors()[0])
        asked |= spy.asked
    assert asked == {"legal_actions", "resample"}
