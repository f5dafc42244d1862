"""Every all-bot game ends, whatever the game, mode, option, player count or level.

Random play and the easy and normal levels play every combination of options; the
hard level (a tiny iteration budget, so no clock is involved) one game per game.
"""

from __future__ import annotations

import itertools
import math

import pytest

import rules
from rules.bots import Budget, make_bot
from rules.happy_city import HAPPY_CITY
from rules.simulate import play_one

TINY = Budget(seconds=None, iterations=1)
STEP_LIMIT = 6000  # far above any real game (Happy City ends in about 150 steps)
# Options that change nothing a bot plays differently (a countdown length, who is
# youngest) are left at their default.
FIXED = {"silence_seconds", "youngest"}


FULL_PRODUCT_LIMIT = 16  # beyond this many combinations, cover each choice instead


def option_sets(spec):
    """Every combination of a game's options while they are few; for a game with many
    (Sweet Lands has 192), the defaults, each other choice of each option alone, and
    every option's last choice all together, so each choice is played at least once."""
    names = [k for k in spec.options if k not in FIXED]
    choices = [spec.options[k].choices for k in names]
    if math.prod(len(c) for c in choices) <= FULL_PRODUCT_LIMIT:
        for values in itertools.product(*choices):
            yield dict(zip(names, values, strict=True))
        return
    defaults = {k: spec.options[k].default for k in names}
    yield dict(defaults)
    for k, options in zip(names, choices, strict=True):
        for choice in options:
            if choice != defaults[k]:
                yield {**defaults, k: choice}
    yield {k: options[-1] for k, options in zip(names, choices, strict=True)}


CASES = [(game, opts) for game in rules.GAMES for opts in option_sets(rules.get_game(game))]


def finish(game, levels, seed, opts, budget=None):
    state, steps = play_one(game, levels, seed, opts, budget)
    assert state.is_over and steps < STEP_LIMIT, (game, levels, opts, steps)
    return state


@pytest.mark.parametrize(("case", "game", "opts"), [(i, *c) for i, c in enumerate(CASES)], ids=str)
def test_random_easy_and_normal_play_end(case, game, opts):
    """Random play at both counts; easy and normal at one count each, swapping from one
    option set to the next, so each level meets each count across a game's options
    (a Sweet Lands game by bots takes seconds: all six games for all ten option sets
    were a tenth of the suite)."""
    spec = rules.get_game(game)
    counts = (spec.min_players, spec.min_players + 1)
    for n in counts:
        finish(game, ["random"] * n, seed=n, opts=opts)
    for i, level in enumerate(("easy", "normal")):
        n = counts[(case + i) % 2]
        finish(game, [level] * n, seed=n, opts=opts)


@pytest.mark.parametrize(
    ("game", "opts"),
    [
        ("happy-city", {"mode": "family", "scoring": "add", "bank": "box"}),
        ("happy-city", {"mode": "expert"}),
        ("happiest-town", {"variant": "children", "bank": "box"}),
        ("happiness", {"silence": "timer"}),
    ],
)
def test_hard_against_normal_ends(game, opts):
    finish(game, ["hard", "normal"], seed=5, opts=opts, budget=TINY)


def test_family_games_with_added_scoring_end_in_a_sensible_number_of_rounds():
    # Before the bot valued finishing its city, 25 of 200 such games never ended.
    for seed in range(40):
        for bank in ("unlimited", "box"):
            opts = {"scoring": "add", "bank": bank}
            state = finish("happy-city", ["normal", "normal"], seed, opts)
            assert state.round <= 20, (seed, bank, state.round)


@pytest.mark.parametrize("mode", ["family", "expert"])
def test_no_coin_the_bank_cannot_pay_is_taken_while_a_card_is_affordable(mode):
    opts = {"bank": "box", "mode": mode, "scoring": "add"}
    state = HAPPY_CITY.new_game(["A", "B"], seed=3, options=opts)
    bots = [make_bot("happy-city", "normal", s) for s in range(2)]
    checked = 0
    for _ in range(400):
        if state.is_over:
            break
        seat = state.actors()[0]
        if state.stage == "buy":
            state.bank = 0  # the test sets up an empty bank; bots never write to a state
            action = bots[seat].choose(state, seat)
            if len(state.legal_actions(seat)) > 1:
                checked += 1
                assert action.kind != "coin"
        else:
            action = bots[seat].choose(state, seat)
        state = state.apply(action)
    assert checked
