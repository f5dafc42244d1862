"""Happiest Town's expert: the shared expert search with a handicap (dynamic komi) once
its imagined games prove one-sided. Its strength is measured by ``benchmarks/bots.py
--pair expert``, never here."""

from __future__ import annotations

import pytest

import rules
from rules.botkit.base import observe
from rules.bots import Budget, ExpertSearchBot, make_bot, policy_for
from rules.happy_city.bot import (
    KOMI_WORLDS,
    MARGIN_WEIGHT,
    FewestWorldsExpertBot,
    HandicapExpertBot,
    handicapped,
)

from ..expect import of_type

WORLDS = Budget(seconds=None, iterations=KOMI_WORLDS + 2)  # no clock: the same anywhere


def test_without_a_handicap_a_game_is_judged_as_the_search_judges_it():
    assert handicapped(1.0, 10, 0.0) == pytest.approx(1.0 + 10 * MARGIN_WEIGHT)
    assert handicapped(0.5, 0, 0.0) == 0.5
    assert handicapped(0.0, -80, 0.0) == pytest.approx(-50 * MARGIN_WEIGHT)  # capped


def test_with_a_handicap_a_win_by_more_than_the_komi_counts_a_fifth_more():
    assert handicapped(1.0, 10, 12.5) == pytest.approx(1.0 + 10 * MARGIN_WEIGHT)
    assert handicapped(1.0, 12.5, 12.5) == pytest.approx(1.1 + 12.5 * MARGIN_WEIGHT)
    assert handicapped(1.0, 15, 12.5) == pytest.approx(1.2 + 15 * MARGIN_WEIGHT)
    # behind: a loss by less than the komi counts a fifth of a win
    assert handicapped(0.0, -8, -10.0) == pytest.approx(0.2 - 8 * MARGIN_WEIGHT)
    # a real win outweighs any win beyond the komi
    assert handicapped(1.0, 1, 12.5) > handicapped(0.0, 40, -30.0)


def test_happiest_town_expert_judges_with_a_handicap_and_happy_citys_as_measured():
    assert isinstance(make_bot("happiest-town", "expert", 1), HandicapExpertBot)
    assert type(make_bot("happy-city", "expert", 1)) is FewestWorldsExpertBot


def one_sided(game: str, options: dict | None = None, seed: int = 8):
    """The choice of the normal bot's seat furthest ahead of a random player's, in a
    game between them (the last of the ties)."""
    state = rules.get_game(game).new_game(["P1", "P2"], seed=seed, options=options)
    bots = [make_bot(game, "normal", 1), make_bot(game, "random", 2)]
    best, lead = state, float("-inf")
    while not state.is_over:
        seat = state.actors()[0]
        if seat == 0 and len(state.legal_actions(0)) > 1:
            scores = state.result()["scores"]
            ahead = scores[0] - scores[1]
            if ahead >= lead:
                best, lead = state, ahead
        state = state.apply(bots[seat].choose(state, seat))
    return best


def test_the_expert_takes_a_handicap_when_its_imagined_games_are_one_sided():
    state = one_sided("happiest-town")
    bot = of_type(HandicapExpertBot, make_bot("happiest-town", "expert", 3, WORLDS))
    ranked = bot.rank(observe(state, 0))
    assert bot.komi > 0  # it leads in every imagined game: a win must be by more
    # its first worlds were judged again with the komi: some beyond it, some not
    first = [v for r in ranked for v in r.values[:KOMI_WORLDS]]
    assert min(first) < 1.1 < max(first)
    assert ranked[0].action in state.legal_actions(0)


def test_the_expert_takes_no_handicap_when_its_imagined_games_are_open():
    state = rules.get_game("happiest-town").new_game(["P1", "P2"], seed=8)
    bot = of_type(HandicapExpertBot, make_bot("happiest-town", "expert", 3, WORLDS))
    ranked = bot.rank(observe(state, 0))
    assert bot.komi == 0.0
    assert all(r.worlds == KOMI_WORLDS + 2 for r in ranked[:1])


def test_with_no_handicap_the_expert_ranks_as_the_shared_expert():
    state = rules.get_game("happiest-town").new_game(["P1", "P2"], seed=8)
    with_komi = HandicapExpertBot(policy_for("happiest-town", 3), 6, WORLDS)
    ranked = with_komi.rank(observe(state, 0))
    assert with_komi.komi == 0.0
    assert ranked == ExpertSearchBot(policy_for("happiest-town", 3), 6, WORLDS).rank(
        observe(state, 0)
    )
