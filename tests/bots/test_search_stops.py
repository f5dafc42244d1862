"""The hard search stops comparing a candidate once the worlds have settled it, and
gives up an imagined game its clock has run out on."""

from __future__ import annotations

import time

import pytest

import rules
from rules.botkit.base import OutOfTime, observe
from rules.botkit.search import EARLIEST, looks_at
from rules.bots import Budget, SearchBot, make_bot, policy_for
from rules.core import Action
from rules.happy_city import HAPPY_CITY, HappyCityState
from rules.sweet_lands import SWEET_LANDS

from ..expect import of_type

LEADER = [10.0, 11.0, 12.0, 13.0]


def search(close_call: float | None) -> SearchBot:
    policy = policy_for("happy-city", 1)
    policy.close_call = close_call  # this instance only
    return SearchBot(policy, 1, Budget(seconds=None, iterations=50))


def test_a_candidate_clearly_behind_or_as_good_as_the_leader_is_dropped():
    behind = [x - 5 for x in LEADER]
    as_good = [x - 0.1 for x in LEADER]
    unclear = [14.0, 8.0, 15.0, 9.0]  # as good on average, but far apart world by world
    alive = search(0.5).settle([LEADER, behind, as_good, unclear], [0, 1, 2, 3], 0.5)
    assert alive == [0, 3]
    # even on average, give or take 1.05: as good only for a close call of 1.05 or more
    close = [10.1, 11.8, 11.9, 12.2]
    assert search(0.5).settle([LEADER, close], [0, 1], 0.5) == [0, 1]
    assert search(2.0).settle([LEADER, close], [0, 1], 2.0) == [0]


def test_a_candidate_that_cannot_beat_the_leader_by_the_close_call_is_dropped():
    """Behind on average but not clearly (its interval reaches past nothing), yet at
    most 0.29 ahead: with a close call of 0.5 more worlds could only trade the
    leader for a move about as good, so it goes; without one it stays."""
    maybe_behind = [x - d for x, d in zip(LEADER, [1.0, 0.0, 1.4, 0.4], strict=True)]
    assert search(0.5).settle([LEADER, maybe_behind], [0, 1], 0.5) == [0]
    assert search(0.2).settle([LEADER, maybe_behind], [0, 1], 0.2) == [0, 1]
    assert search(None).settle([LEADER, maybe_behind], [0, 1], None) == [0, 1]


def test_nothing_is_dropped_before_enough_worlds_or_without_a_close_call():
    short = [LEADER[: EARLIEST - 1], [x - 5 for x in LEADER[: EARLIEST - 1]]]
    assert search(0.5).settle(short, [0, 1], 0.5) == [0, 1]
    assert search(None).settle([LEADER, [x - 5 for x in LEADER]], [0, 1], None) == [0, 1]


def test_a_search_that_settles_early_answers_sooner_on_the_same_worlds():
    """Sweet Lands (a close call of 0.5 VP) over its first decisions: with the rule
    the worlds looked at never exceed the budget's and some decisions use fewer."""
    state = SWEET_LANDS.new_game(["P"], seed=5)
    bot = of_type(SearchBot, make_bot("sweet-lands", "hard", 5, Budget(seconds=None, iterations=8)))
    worlds: list[int] = []
    while len(worlds) < 12 and not (len(worlds) >= 3 and min(worlds) < 8):
        bot.last_iterations = 0
        action = bot.choose(state, 0)
        if bot.last_iterations:
            worlds.append(bot.last_iterations)
        state = state.apply(action)
    assert max(worlds) <= 8 and min(worlds) < 8


def test_the_search_weighs_dropping_candidates_ever_less_often():
    """Each look is a chance for noise to drop a good move: after each world from 4
    to 8, then 12, 16, 24, ... so a search of 1,000 worlds looks 18 times, not 997."""
    looked = [n for n in range(1, 200) if looks_at(n)]
    assert looked == [4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192]
    assert sum(looks_at(n) for n in range(1001)) == 18


@pytest.mark.parametrize(
    ("game", "options"),
    [("happy-city", {"mode": "family"}), ("happy-city", {"mode": "expert"}), ("happiest-town", {})],
)
def test_a_card_game_decision_that_is_settled_early_is_answered_early(game, options):
    """Happy City and Happiest Town have a close call: over a seeded game's first
    decisions (three at least, until one stops early) the hard search never looks at
    more worlds than its budget, and some decision (moves clearly apart, or all as
    good) stops at the first looks."""
    spec = rules.get_game(game)
    state = spec.new_game(["P1", "P2"], seed=3, options=options)
    assert policy_for(game, 1).close_call is not None
    bots = [make_bot(game, "hard", 3 + k, Budget(seconds=None, iterations=32)) for k in range(2)]
    worlds: list[int] = []
    while len(worlds) < 16 and not state.is_over and not (len(worlds) >= 3 and min(worlds) < 32):
        seat = state.actors()[0]
        bot = bots[seat]
        assert isinstance(bot, SearchBot)
        bot.last_iterations = 0
        action = bot.choose(state, seat)
        if bot.last_iterations:
            worlds.append(bot.last_iterations)
        state = state.apply(action)
    assert max(worlds) <= 32 and min(worlds) < 32


def test_a_rollout_past_the_deadline_gives_up_the_imagined_game():
    state = SWEET_LANDS.new_game(["P"], seed=5)
    while state.stack:  # to the turn menu, where the greedy turn rolls moves out
        state = state.apply(state.legal_actions(0)[0])
    bot = make_bot("sweet-lands", "hard", 5, Budget(seconds=10.0))
    assert isinstance(bot, SearchBot)
    bot.policy.give_up_at(time.process_time() - 1)
    with pytest.raises(OutOfTime):
        bot.policy.pick(state, 0, state.legal_actions(0))
    bot.policy.give_up_at(None)
    assert bot.policy.pick(state, 0, state.legal_actions(0)) in state.legal_actions(0)
    bot._start = time.process_time() - 20  # a decision whose budget is spent
    assert bot.imagine(state, 0, state.legal_actions(0)[0]) is None


def stages_of(options: dict, wanted: set[str]) -> dict[str, HappyCityState]:
    """A position of a seeded normal Happy City game at each stage in ``wanted``."""
    state = HAPPY_CITY.new_game(["P1", "P2"], seed=4, options=options)
    bots = [make_bot("happy-city", "normal", k) for k in range(2)]
    found: dict[str, HappyCityState] = {}
    while not state.is_over and set(found) < wanted:
        if state.stage in wanted:
            found.setdefault(state.stage, state)
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    assert set(found) == wanted
    return found


@pytest.mark.parametrize(
    ("mode", "calls"),
    [("family", [0.1, 0.1, 0.01]), ("expert", [0.1, 0.01, 0.01])],
    ids=["family", "expert"],
)
def test_happy_city_hard_takes_a_coarser_close_call_at_its_minor_steps(mode, calls):
    """Which deck to draw from (near-equal moves told apart mostly by luck) takes a
    tenth of a win, and in Family whether to discard too; in Expert mode a discard
    keeps the buying call (its moves lie far apart there); buying keeps a hundredth;
    expert keeps its finer call everywhere, and hard with no close call never stops
    early."""
    at = stages_of({"mode": mode}, {"refill", "discard", "buy"})
    hard = make_bot("happy-city", "hard", 1)
    expert = make_bot("happy-city", "expert", 1)
    assert isinstance(hard, SearchBot) and isinstance(expert, SearchBot)
    assert [hard.close_call(at[s]) for s in ("refill", "discard", "buy")] == calls
    assert {expert.close_call(at[s]) for s in ("refill", "discard", "buy")} == {0.01}
    hard.policy.close_call = None  # this instance only
    assert {hard.close_call(at[s]) for s in ("refill", "discard", "buy")} == {None}


class GivesUpOnGame(SearchBot):
    """A search whose clock runs out inside its ``last``-th imagined game only."""

    def __init__(self, last: int):
        policy = policy_for("happy-city", 1)
        policy.close_call = None  # every candidate is compared on every world
        super().__init__(policy, 1, Budget(seconds=None, iterations=5))
        self.last, self.games = last, 0

    def imagine(self, world, seat, action):
        self.games += 1
        return None if self.games == self.last else super().imagine(world, seat, action)


def test_a_world_the_clock_runs_out_in_counts_for_no_candidate():
    state = HAPPY_CITY.new_game(["P1", "P2"], seed=4)
    whole = GivesUpOnGame(last=0).rank(observe(state, 0), scores=True)
    assert len(whole) > 1  # candidates compared world by world
    per_world = len(whole)
    # the clock runs out at the second candidate of the second world: the first
    # candidate's figures from that world are taken back, the others never begin
    cut = GivesUpOnGame(last=per_world + 2).rank(observe(state, 0), scores=True)
    worlds = {r.worlds for r in cut}
    assert worlds == {4} and {r.worlds for r in whole} == {5}
    assert all(len(r.finals) == 4 for r in cut)
    first = next(r for r in cut if r.action == whole[0].action)
    kept = next(r for r in whole if r.action == whole[0].action)
    assert first.values == kept.values[:1] + kept.values[2:]


def test_a_world_that_does_not_offer_a_candidate_is_skipped_for_all():
    state = HAPPY_CITY.new_game(["P1", "P2"], seed=4)
    bot = GivesUpOnGame(last=0)
    obs = observe(state, 0)
    world = obs.sample(bot.world_seed())
    cands = bot.policy.candidates(world, 0, obs.legal, bot.width(world))
    missing = Action(0, "no-such-move", ())
    values: list[list[float]] = [[1.0], [2.0]]
    begun = bot.judge_world(world, 0, [cands[0], missing], [0, 1], values, [[], []], False)
    assert begun == 0 and values == [[1.0], [2.0]] and bot.games == 0


class SlowGames(SearchBot):
    """A search on the clock whose every imagined game takes ``each`` seconds of
    process time, spent before the real one is played."""

    def __init__(self, each: float, seconds: float):
        policy = policy_for("happy-city", 1)
        policy.close_call = None  # every candidate is compared on every world
        super().__init__(policy, 1, Budget(seconds=seconds))
        self.each, self.games = each, 0

    def imagine(self, world, seat, action):
        self.games += 1
        until = time.process_time() + self.each
        while time.process_time() < until:
            pass
        return super().imagine(world, seat, action)


def test_a_world_whose_first_games_show_it_would_end_past_the_budget_is_given_up():
    """Six candidates whose imagined games each take a third of the budget: the
    world could not be finished, so the search gives it up after its first game
    (it used to play on until the clock ran out, then throw the world away) and
    answers with the policy's choice."""
    state = HAPPY_CITY.new_game(["P1", "P2"], seed=4)
    bot = SlowGames(each=0.1, seconds=0.3)
    ranked = bot.rank(observe(state, 0))
    assert len(ranked) > 2 and bot.games == 1
    assert all(r.worlds == 0 for r in ranked)


def test_a_world_that_fits_the_budget_is_played_to_its_end():
    state = HAPPY_CITY.new_game(["P1", "P2"], seed=4)
    bot = SlowGames(each=0.0, seconds=0.3)
    bot._start = time.process_time()
    began = bot._start
    assert not bot._unfinished(began, 1, 6)  # games that take no time
    assert bot._unfinished(began - 0.2, 1, 6)  # one took 0.2 s: five more cannot fit
    assert not bot._unfinished(began - 0.2, 6, 6)  # the world is finished
    ranked = bot.rank(observe(state, 0))
    assert {r.worlds for r in ranked} != {0}
