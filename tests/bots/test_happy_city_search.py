"""Happy City's searching levels in Expert mode: the imagined moves weigh an option right
after it is taken, hard draws as the normal bot does, and expert compares its
candidates on 16 worlds before it drops one. How well they decide is measured by
``benchmarks/bots.py --pair even`` / ``--pair expert`` and
``benchmarks/bots_decisions.py``, never here."""

from __future__ import annotations

import pytest

from rules.botkit.base import observe
from rules.bots import Budget, make_bot, make_ranker, policy_for
from rules.happy_city import HAPPY_CITY, HappyCityState
from rules.happy_city.bot import (
    EXPERT_MODE_FEWEST,
    FewestWorldsExpertBot,
    HappyCityBot,
    MinorStepSearchBot,
)

from ..expect import of_type

WORLDS = 10  # an iteration budget, no clock: the same on every machine


def at_stages(mode: str, wanted: set[str], seed: int = 4) -> dict[str, HappyCityState]:
    """A position of a seeded game of normal bots at each stage in ``wanted``."""
    state = HAPPY_CITY.new_game(["P1", "P2"], seed=seed, options={"mode": mode})
    bots = [make_bot("happy-city", "normal", k) for k in range(2)]
    found: dict[str, HappyCityState] = {}
    while not state.is_over and set(found) < wanted:
        seat = state.actors()[0]
        if state.stage in wanted and len(state.legal_actions(seat)) > 1:
            found.setdefault(state.stage, state)
        state = state.apply(bots[seat].choose(state, seat))
    assert set(found) == wanted
    return found


def hard_spending_all(mode_budget: int = WORLDS) -> MinorStepSearchBot:
    """Happy City's hard level with no close call, so only its budget stops it."""
    bot = of_type(
        MinorStepSearchBot,
        make_bot("happy-city", "hard", 1, Budget(seconds=None, iterations=mode_budget)),
    )
    bot.policy.close_call = None  # this instance only
    return bot


def test_an_imagined_move_weighs_each_option_right_after_it_is_taken():
    """Inside an imagined game a buying step weighs each option on ``taken`` (the turn
    not moved on); at the table the turn is played to its end; both answer a move the
    step offers, and a search told to play its imagined moves as at the table does."""
    state = at_stages("expert", {"buy"})["buy"]
    seat = state.actors()[0]
    offered = state.legal_actions(seat)
    policy = of_type(HappyCityBot, policy_for("happy-city", 1))
    quick = policy.playout_move(state, seat, seat, offered)
    assert quick == policy.expert_choose(state, seat, offered, quick=True)
    assert quick in offered
    policy.full_playouts = True  # this instance only
    assert policy.playout_move(state, seat, seat, offered) == policy.pick(state, seat, offered)
    buy = next(a for a in offered if a.kind == "buy")
    taken = of_type(HappyCityState, policy.right_after(state, seat, buy))
    assert len(taken.city[seat]) == len(state.city[seat]) + 1
    assert (taken.stage, taken.turn) == (state.stage, state.turn)  # the turn not moved on
    assert policy.right_after(state, seat, next(a for a in offered if a.kind == "coin")) is not None


@pytest.mark.parametrize("mode", ["expert", "family"])
def test_hard_draws_as_the_normal_bot_does_at_once(mode):
    """Which deck to draw from is the policy's own choice, with no world searched and
    no "thinking" shown; a discard and a buy are searched on the whole budget."""
    at = at_stages(mode, {"refill", "discard", "buy"})
    worlds = {}
    for stage, state in at.items():
        seat = state.actors()[0]
        bot = hard_spending_all()
        chosen = bot.choose(state, seat)
        worlds[stage] = bot.last_iterations
        assert bot.thinks_at(state.view(seat), len(state.legal_actions(seat))) == (
            stage != "refill"
        )
        if stage == "refill":
            assert chosen == hard_spending_all().policy.decide(observe(state, seat))
    assert worlds == {"refill": 0, "discard": WORLDS, "buy": WORLDS}


def test_the_coachs_ranking_of_a_draw_keeps_the_whole_budget():
    state = at_stages("expert", {"refill"})["refill"]
    ranker = of_type(
        MinorStepSearchBot, make_ranker("happy-city", 1, Budget(seconds=None, iterations=WORLDS))
    )
    ranker.policy.close_call = None  # this instance only
    ranked = ranker.rank(observe(state, state.actors()[0]))
    assert {r.worlds for r in ranked} == {WORLDS}


def test_a_hard_draw_is_repeatable_with_the_same_seed():
    state = at_stages("expert", {"refill"})["refill"]
    seat = state.actors()[0]
    budget = Budget(seconds=None, iterations=6)
    first = make_bot("happy-city", "hard", 5, budget).choose(state, seat)
    assert make_bot("happy-city", "hard", 5, budget).choose(state, seat) == first


LEADER = [1.0, 1.0, 0.0, 1.0] * 5  # twenty worlds
BEHIND = [x - 0.5 for x in LEADER]  # half a win behind on every one


@pytest.mark.parametrize(("mode", "fewest"), [("expert", EXPERT_MODE_FEWEST), ("family", 0)])
def test_expert_drops_a_candidate_only_after_its_fewest_worlds(mode, fewest):
    """In Expert mode a candidate behind on every world is kept until it has been
    compared on ``EXPERT_MODE_FEWEST`` worlds (its first ones can all come out alike);
    in Family the shared search's rule stands."""
    state = at_stages(mode, {"buy"})["buy"]
    expert = of_type(
        FewestWorldsExpertBot,
        make_bot("happy-city", "expert", 1, Budget(seconds=None, iterations=1)),
    )
    expert.rank(observe(state, state.actors()[0]))  # sets the decision's fewest worlds
    assert expert.fewest == fewest
    for n in (4, fewest - 1, fewest):
        if n < 4:
            continue
        kept = expert.settle([LEADER[:n], BEHIND[:n]], [0, 1], 0.01)
        assert kept == ([0, 1] if n < fewest else [0])


def test_in_expert_mode_expert_compares_every_candidate_on_its_fewest_worlds():
    state = at_stages("expert", {"discard"})["discard"]
    budget = Budget(seconds=None, iterations=EXPERT_MODE_FEWEST + 4)
    expert = make_bot("happy-city", "expert", 2, budget)
    ranked = of_type(FewestWorldsExpertBot, expert).rank(observe(state, state.actors()[0]))
    assert len(ranked) > 1
    assert min(r.worlds for r in ranked) >= EXPERT_MODE_FEWEST
