"""The expert level: how it is made, how it spends its budget, and that it is repeatable.

Its strength is measured by ``benchmarks/bots.py --pair expert`` and
``benchmarks/bots_sweet_lands.py --levels expert``, never here; fairness and legality
are checked with every other level (``test_fair``, ``test_never_illegal``).
"""

from __future__ import annotations

import pytest

import rules
from rules.botkit.base import observe
from rules.botkit.search import EARLIEST
from rules.bots import EXPERT_SECONDS, Budget, ExpertSearchBot, SearchBot, make_bot, policy_for
from rules.happiness.bot.search import ExpertHappinessBot, SearchingHappinessBot
from rules.happy_city import HAPPIEST_TOWN
from rules.sweet_lands import SWEET_LANDS
from rules.sweet_lands.bot.setup import odds

from ..expect import of_type

LEADER = [10.0, 11.0, 12.0, 13.0]
FEW = Budget(seconds=None, iterations=3)  # no clock: the same on every machine


def decisions(game, options, players=2, limit=40):
    """States of a seeded game played by normal bots where the mover has a choice."""
    state = rules.get_game(game).new_game(
        [f"P{i}" for i in range(players)], seed=6, options=options
    )
    bots = [make_bot(game, "normal", i) for i in range(players)]
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.actors()[0]
        if len(state.legal_actions(seat)) > 1:
            yield state, seat
        state = state.apply(bots[seat].choose(state, seat))


@pytest.mark.parametrize("game", list(rules.GAMES))
def test_every_game_offers_an_expert_level_thinking_a_second_a_move(game):
    expert: type[ExpertHappinessBot | ExpertSearchBot]
    expert = ExpertHappinessBot if game == "happiness" else ExpertSearchBot
    bot = of_type(expert, make_bot(game, "expert", 1))
    assert bot.level == "expert"
    assert bot.budget == Budget(seconds=EXPERT_SECONDS)
    if isinstance(bot, ExpertHappinessBot):  # its own search: the planner's, wider
        assert bot.width > SearchingHappinessBot.width
    assert of_type(expert, make_bot(game, "expert", 1, FEW)).budget == FEW


def test_expert_compares_twice_the_candidates_hard_does():
    # a Sweet Lands sub-step with many choices (the card games offer six at most)
    state, seat = next(
        (s, seat)
        for s, seat in decisions("sweet-lands", {}, players=1, limit=80)
        if s.stack
        and s.stack[-1]["op"] not in ("choose_char", "choose_map")
        and len(s.legal_actions(seat)) > 12
    )
    hard = make_bot("sweet-lands", "hard", 2, FEW)
    expert = make_bot("sweet-lands", "expert", 2, FEW)
    assert isinstance(hard, SearchBot) and isinstance(expert, ExpertSearchBot)
    hard_cands = hard.rank(observe(state, seat))
    expert_cands = expert.rank(observe(state, seat))
    assert len(hard_cands) == 6 and len(expert_cands) == 12
    # both compare the policy's own answer (expert orders the rest by a rollout:
    # test_sweet_lands_search)
    first = hard.policy.pick(state, seat, state.legal_actions(seat)).key
    assert first in {r.action.key for r in hard_cands} & {r.action.key for r in expert_cands}


def test_expert_races_dropping_a_candidate_clearly_behind_without_a_close_call():
    policy = policy_for("happy-city", 1)
    policy.close_call = policy.expert_close_call = None  # this instance only: hard then
    # compares every candidate to the budget's end
    expert = ExpertSearchBot(policy, 1, Budget(seconds=None, iterations=50))
    behind = [x - 5 for x in LEADER]
    unclear = [14.0, 8.0, 15.0, 9.0]
    as_good = [x - 0.1 for x in LEADER]  # behind on every world, by little: still behind
    assert expert.settle([LEADER, behind, unclear], [0, 1, 2], None) == [0, 2]
    assert expert.settle([LEADER, as_good], [0, 1], None) == [0]
    short = [LEADER[: EARLIEST - 1], behind[: EARLIEST - 1]]
    assert expert.settle(short, [0, 1], None) == [0, 1]  # too few worlds to call it
    hard = SearchBot(policy, 1, Budget(seconds=None, iterations=50))
    assert hard.settle([LEADER, behind, unclear], [0, 1, 2], None) == [0, 1, 2]


def test_expert_with_no_time_answers_with_the_policy_choice():
    # (Happy City: its policy draws no tie-breaks, so one bot's choice is another's)
    for state, seat in list(decisions("happy-city", {"mode": "expert"}))[:5]:
        expert = of_type(SearchBot, make_bot("happy-city", "expert", 4, Budget(seconds=0.0)))
        normal = make_bot("happy-city", "normal", 4)
        assert expert.choose(state, seat) == normal.choose(state, seat)
        assert expert.last_iterations == 0


@pytest.mark.parametrize(
    ("game", "options"),
    [("happy-city", {"mode": "expert"}), ("happiest-town", {}), ("sweet-lands", {})],
)
def test_expert_looks_at_no_more_worlds_than_its_iteration_budget(game, options):
    looked = []
    for state, seat in list(decisions(game, options, limit=30))[:6]:
        bot = of_type(ExpertSearchBot, make_bot(game, "expert", 4, FEW))
        assert bot.choose(state, seat) in state.legal_actions(seat)
        looked.append(bot.last_iterations)
    assert max(looked) == 3 and min(looked) >= 0


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("happy-city", {"mode": "family"}),
        ("happy-city", {"mode": "expert"}),
        ("happiest-town", {}),
        ("happiness", {"silence": "turns"}),
        ("sweet-lands", {}),
    ],
)
def test_expert_decides_the_same_again_with_the_same_seed(game, options):
    every = 8 if game == "sweet-lands" else 3  # its imagined rounds are long
    two = Budget(seconds=None, iterations=2)
    for state, seat in list(decisions(game, options, limit=24))[::every]:
        first = make_bot(game, "expert", 9, two).choose(state, seat)
        assert make_bot(game, "expert", 9, two).choose(state, seat) == first


@pytest.mark.parametrize("players", [1, 2])
def test_sweet_lands_expert_takes_the_best_measured_character_and_map(players):
    state = SWEET_LANDS.new_game([f"P{i}" for i in range(players)], seed=3)
    chosen = 0
    while state.stack and state.stack[-1]["op"] in ("choose_char", "choose_map"):
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        kind = "characters" if state.stack[-1]["op"] == "choose_char" else "maps"
        chances = odds(legal, kind, players)
        best = legal[chances.index(max(chances))]
        for seed in range(3):  # no draw: the same answer from any seed
            assert make_bot("sweet-lands", "expert", seed, FEW).choose(state, seat) == best
        state = state.apply(best)
        chosen += 1
    assert chosen >= 2 * players


def test_an_expert_seat_is_saved_and_plays_expert_when_resumed(tmp_path):
    from tabletop_tui.controller import Controller
    from tabletop_tui.saves import read_seats, write_save

    spec = HAPPIEST_TOWN
    state = spec.new_game(["Ann", "Bot"], seed=5)
    path = tmp_path / "expert.json"
    write_save(path, spec, state, [{"kind": "human"}, {"kind": "bot", "level": "expert"}])
    seats = read_seats(path, 2)
    assert seats[1] == {"kind": "bot", "level": "expert"}
    resumed = Controller(spec, state, seats)
    assert isinstance(resumed._bots[1], ExpertSearchBot)
