"""The Sweet Lands move list's default highlight never spends, skips or ends anything
(issue 32, Enter never harms): walked over every menu of seeded solo and two-player
games with the screen's own choice of highlight and the engine's explanation of costs."""

from __future__ import annotations

import pytest

from rules import get_game
from rules.bots import make_bot
from tabletop_tui.games.sweet_lands.asked import cost_of
from tabletop_tui.games.sweet_lands.chooser import is_harmless, is_risky, pick_index

from ..expect import given

SL = "sweet-lands"


def explained(state, seat) -> dict:
    """Each legal move's explanation, asked as the screen asks it."""
    explainer = get_game(SL).explainer
    return {a.key: explainer.action(state, seat, a) for a in state.legal_actions(seat)}


@pytest.mark.parametrize("players", [1, 2])
def test_default_highlight_never_spends_skips_or_ends(players):
    spec = get_game(SL)
    checked = unhighlighted = 0
    state = spec.new_game(["Ann", "Bob"][:players], seed=3, options={"advanced_skills": "on"})
    bots = [make_bot(SL, "random", 11 + i) for i in range(players)]
    for _step in range(700):
        if state.is_over:
            break
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            costs = explained(state, seat)
            i = pick_index(None, legal, costs)
            checked += 1
            if i is None:
                unhighlighted += 1
                assert not any(is_harmless(a, costs) for a in legal)
            else:
                move = legal[i]
                assert is_harmless(move, costs), move.label
                assert not move.kind.startswith("fa_") and move.kind not in ("end", "pass")
                assert not cost_of(costs.get(move.key)), move.label
        state = state.apply(bots[seat].choose(state, seat))
    assert checked > 100 and unhighlighted <= checked


def test_a_repeated_purchase_keeps_its_highlight_but_a_risky_move_does_not():
    spec = get_game(SL)
    state = spec.new_game(["Ann"], seed=3, options={})
    bot = make_bot(SL, "random", 5)
    for _step in range(300):
        legal = state.legal_actions(0)
        costs = explained(state, 0)
        buy = next((a for a in legal if a.kind.startswith("fa_") and not is_risky(a, costs)), None)
        risky = next((a for a in legal if is_risky(a, costs)), None)
        if buy is not None and risky is not None:
            break
        state = state.apply(bot.choose(state, 0))
    assert buy is not None and risky is not None
    assert legal[given(pick_index((buy.key, buy.label), legal, costs))] == buy
    i = pick_index((risky.key, risky.label), legal, costs)
    assert i is None or is_harmless(legal[i], costs)


def test_a_move_that_changed_its_words_is_not_highlighted_again():
    # a conversion pays 3 basic resources one by one, then takes one: "Take 1 iron"
    # has the key of "Pay 1 iron", and Enter on it again paid 3 iron for 1 iron
    spec = get_game(SL)
    state = spec.new_game(["Ann"], seed=3, options={})
    bot = make_bot(SL, "random", 5)
    while not any(a.kind == "fa_trade" for a in state.legal_actions(0)):
        state = state.apply(bot.choose(state, 0))
    state = state.apply(next(a for a in state.legal_actions(0) if a.kind == "fa_trade"))
    legal = state.legal_actions(0)
    assert pick_index(None, legal, explained(state, 0)) is None  # which to pay: a choice
    for _ in range(3):
        pay = next(a for a in legal if a.kind == "res")
        state = state.apply(pay)
        legal = state.legal_actions(0)
        costs = explained(state, 0)
    assert all(a.label.startswith("Take") for a in legal)
    same_key = next(a for a in legal if a.key == pay.key)
    assert same_key.label != pay.label
    assert pick_index((pay.key, pay.label), legal, costs) is None
