"""Bots play fair: a decision depends only on what the seat may know.

For each card game, states along a real game are paired with copies that agree with
everything the deciding seat has seen but hold other hidden things (deck order, other
hands, the box). For a fixed bot seed, every level must decide the same on both.
"""

from __future__ import annotations

import pytest

import rules
from rules.botkit.base import observe
from rules.bots import Budget, make_bot
from rules.happiness import HAPPINESS

from ..expect import offered

TINY = Budget(seconds=None, iterations=1)  # deterministic: no clock involved
# Happiness's search lets a candidate replace the planner's choice only after a few
# worlds agree, so it needs more than one for its imagined games to count.
HAPPINESS_SEARCH = Budget(seconds=None, iterations=6)
GAMES = [
    ("happy-city", {"mode": "family"}, 3),
    ("happy-city", {"mode": "expert"}, 3),
    ("happiest-town", {}, 3),
    ("happiness", {"silence": "turns"}, 3),
]
# Sweet Lands hides the Citizen Deck order, the other hands and (solo) Mio's decks.
SWEET_LANDS: list[tuple[str, dict[str, str], int]] = [
    ("sweet-lands", {}, 1),
    ("sweet-lands", {}, 2),
]
# Every other registered game (one a new game package adds) at its default options.
OTHERS: list[tuple[str, dict[str, str], int]] = [
    (game, {}, max(2, spec.min_players))
    for game, spec in rules.GAMES.items()
    if game not in {case[0] for case in GAMES + SWEET_LANDS}
]


def hidden(state) -> tuple:
    """The things a seat cannot see, for checking that a copy really differs."""
    kinds = ("decks", "hands", "deck", "box", "solo_a", "solo_b")
    mine = tuple(repr(getattr(state, k)) for k in kinds if hasattr(state, k))
    return mine + tuple(repr(p.hand) for p in getattr(state, "p", ()))


def checkpoints(game, options, players, every=9, limit=90):
    spec = rules.get_game(game)
    state = spec.new_game([f"P{i}" for i in range(players)], seed=4, options=options)
    bots = [make_bot(game, "normal", i) for i in range(players)]
    for step in range(limit):
        if state.is_over:
            return
        seat = state.actors()[0]
        if step % every == 0 and len(state.legal_actions(seat)) > 1:
            yield state, seat
        state = state.apply(bots[seat].choose(state, seat))


@pytest.mark.parametrize(("game", "options", "players"), GAMES + SWEET_LANDS + OTHERS)
def test_changing_hidden_information_never_changes_a_decision(game, options, players):
    changed = 0
    for state, seat in checkpoints(game, options, players):
        others = [state.resample(seat, 1000 + k) for k in range(2)]
        changed += sum(hidden(o) != hidden(state) for o in others)
        budget = HAPPINESS_SEARCH if game == "happiness" else TINY
        for level in ("easy", "normal", "hard", "expert"):
            real = make_bot(game, level, 7, budget).choose(state, seat)
            for other in others:
                assert observe(other, seat).view == observe(state, seat).view
                again = make_bot(game, level, 7, budget).choose(other, seat)
                assert again == real, (level, seat)
    assert changed  # the copies did differ in what the seat cannot see


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_resample_keeps_every_card_once_and_the_public_view(game, options, players):
    for state, seat in checkpoints(game, options, players, every=5):
        copy = state.resample(seat, 3)
        assert sorted(copy.all_card_places()) == sorted(state.all_card_places())
        assert copy.view(seat) == state.view(seat)
        assert copy.log_for(seat) == state.log_for(seat)
        assert copy.legal_actions(seat) == state.legal_actions(seat)
        # the same knowledge and seed give the same copy, whatever was hidden
        again = state.resample(seat, 99).resample(seat, 3)
        assert hidden(again) == hidden(copy)


def test_happiness_copies_hide_other_hands_but_keep_the_deck_mix():
    for state, seat in checkpoints("happiness", {}, 4, every=4):
        if state.stage == "build":
            continue
        copy = state.resample(seat, 5)
        assert copy.hands[seat] == state.hands[seat]
        cards = state.cards
        for s in (state, copy):
            assert [len(h) for h in s.hands] == [len(h) for h in state.hands]
        unseen = [i for h, k in zip(copy.hands, range(4), strict=True) if k != seat for i in h]
        unseen += copy.deck
        real = [i for h, k in zip(state.hands, range(4), strict=True) if k != seat for i in h]
        real += state.deck
        bummers = sum(cards[i].is_bummer for i in unseen)
        assert bummers == sum(cards[i].is_bummer for i in real)


def test_a_bot_sees_no_private_log_entry_of_another_seat():
    state = HAPPINESS.new_game(["A", "B", "C"], seed=2)
    state = state.apply(offered(state.find_action(state.actors()[0], "build_done")))
    copy = state.resample(1, 0)
    assert all(e[1] in (None, 1) for e in copy.log_entries())


@pytest.mark.parametrize(("game", "options", "players"), GAMES + SWEET_LANDS)
def test_a_copy_alone_cannot_rebuild_the_hidden_state(game, options, players):
    """Replaying a copy's seed and history (the way a save is replayed) deals other
    hidden cards than the live game's: a copy carries a seed of its own and no moves."""
    spec = rules.get_game(game)
    tried = 0
    for state, seat in checkpoints(game, options, players, every=15):
        for k in range(2):
            copy = state.resample(seat, 50 + k)
            if hidden(copy) == hidden(state):
                continue  # nothing is hidden yet (Happiness before its deck is built)
            assert copy.seed != state.seed and copy.action_keys() == []
            rebuilt = spec.from_save(spec.to_save(copy))
            assert hidden(rebuilt) != hidden(state)
            tried += 1
    assert tried


@pytest.mark.parametrize(("game", "options", "players"), GAMES + SWEET_LANDS + OTHERS)
def test_a_copy_depends_only_on_what_the_seat_knows(game, options, players):
    """Resampling a resampled copy with a seed gives the copy the live game gives with
    that seed (every seat's view alike): a copy carries nothing of where the hidden
    things really lie, so a bot's worlds are drawn from its knowledge alone."""
    for state, seat in checkpoints(game, options, players, every=13, limit=60):
        direct = state.resample(seat, 3)
        again = state.resample(seat, 99).resample(seat, 3)
        for s in range(players):
            assert again.view(s) == direct.view(s), (seat, s)
