"""The Sweet Lands bot's setup choices: on the measured table's merit, every one in play."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core import Rng
from rules.sweet_lands import SWEET_LANDS
from rules.sweet_lands.bot import setup
from rules.sweet_lands.model import data as D


def first_choices(players: int, op: str):
    state = SWEET_LANDS.new_game(
        [f"P{i}" for i in range(players)], seed=3, options={"character_boards": "any"}
    )
    while state.stack[-1]["op"] != op:
        seat = state.actors()[0]
        state = state.apply(state.legal_actions(seat)[0])
    return state.legal_actions(state.actors()[0])


@pytest.mark.parametrize("players", [1, 2])
def test_the_table_measures_every_character_and_map(players):
    rows = setup.table()[setup.setting(players)]
    assert set(rows["characters"]) == set(D.load().characters)
    assert set(rows["maps"]) == set(D.load().maps)
    assert all(n > 0 for _mean, n, _sd in rows["characters"].values())


@pytest.mark.parametrize("players", [1, 2])
def test_a_better_measured_character_is_taken_more_often_and_none_never(players):
    actions = first_choices(players, "choose_char")
    chances = setup.odds(actions, "characters", players)
    odds = dict(zip((a.args[0] for a in actions), chances, strict=True))
    means = {c: row[0] for c, row in setup.table()[setup.setting(players)]["characters"].items()}
    ranked = sorted(odds, key=lambda c: means[c])
    assert [odds[c] for c in ranked] == sorted(odds[c] for c in ranked)
    assert sum(odds.values()) == pytest.approx(1.0)
    rng = Rng(5)
    taken = Counter(setup.pick(actions, "characters", players, rng).args[0] for _ in range(4000))
    assert set(taken) == set(odds)  # every character is taken now and then


@pytest.mark.parametrize("players", [1, 2])
def test_every_open_character_keeps_a_share_and_none_takes_most(players):
    """Issue 51: every character at least 2% of the first choices, none over 30%."""
    odds = setup.odds(first_choices(players, "choose_char"), "characters", players)
    assert min(odds) >= 0.02 and max(odds) <= 0.3


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_takes_its_character_and_map_through_the_table(level):
    from rules.bots import Budget, make_bot
    from rules.sweet_lands.bot.adapter import SweetLandsPolicy

    seen = set()
    for seed in range(12):
        state = SWEET_LANDS.new_game(["P"], seed=seed)
        bot = make_bot("sweet-lands", level, seed, Budget(seconds=None, iterations=2))
        while state.stack and state.stack[-1]["op"] in ("choose_char", "choose_map"):
            legal = state.legal_actions(0)
            # the draw is the one candidate: no search, however many choices are open
            assert len(SweetLandsPolicy(seed).candidates(state, 0, legal, 6)) == 1
            state = state.apply(bot.choose(state, 0))
        seen.add(state.p[0].char)
    assert len(seen) >= 4  # not one fixed favourite
