"""What the Sweet Lands search compares and where it judges an imagined round.

Its strength is measured by ``benchmarks/bots_sweet_lands.py``, never here."""

from __future__ import annotations

from rules.botkit.base import observe
from rules.bots import Budget, ExpertSearchBot, SearchBot, make_bot
from rules.sweet_lands import SWEET_LANDS
from rules.sweet_lands.bot.adapter import MAP_STEPS, MINOR_STEPS, SweetLandsPolicy
from rules.sweet_lands.bot.engine import INCOME, Op

from ..expect import of_type

FEW = Budget(seconds=None, iterations=3)  # no clock: the same on every machine


def normal_positions(seed: int, steps: int = 400):
    """Each position of a seeded solo game of the normal bot, with the move made there."""
    state = SWEET_LANDS.new_game(["P"], seed=seed)
    bot = make_bot("sweet-lands", "normal", seed)
    for _ in range(steps):
        if state.is_over:
            return
        move = bot.choose(state, 0)
        yield state, move
        state = state.apply(move)


def test_an_imagined_round_is_judged_once_the_next_rounds_income_is_paid():
    policy = SweetLandsPolicy(1)
    found = 0
    for seed in (1003, 1000):
        for state, _ in normal_positions(seed):
            if not (state.stack and state.stack[-1]["op"] == Op.AID_MOVE):
                continue
            for move in state.legal_actions(0):
                after = state.apply(move)
                if after.round == state.round or after.phase != INCOME:
                    continue
                # a Round Aid tile asks for a choice: its income is not paid yet
                found += 1
                assert not policy.settled(state, after, 0, away=False)
                while after.phase == INCOME:
                    after = after.apply(policy.pick(after, 0, after.legal_actions(0)))
                assert policy.settled(state, after, 0, away=False)
    assert found  # the seeds hold a Round Aid space whose income asks a choice


def test_expert_compares_a_map_steps_moves_best_first_by_a_rollout():
    state = next(
        s
        for s, _ in normal_positions(1000)
        if s.stack and s.stack[-1]["op"] in MAP_STEPS and len(s.legal_actions(0)) > 20
    )
    expert = of_type(ExpertSearchBot, make_bot("sweet-lands", "expert", 2, FEW))
    hard = of_type(SearchBot, make_bot("sweet-lands", "hard", 2, FEW))
    policy = of_type(SweetLandsPolicy, expert.policy)
    legal = state.legal_actions(0)
    first = policy.pick(state, 0, legal)
    cands = policy.candidates(state, 0, legal, 12)
    assert cands[0] == first and len(cands) == 12
    # the others are the best of the rest by a rollout, whatever the engine's order
    rest = [a for a in legal if a.key != first.key]
    by_rollout = policy.by_rollout(state, 0, rest)
    assert [a.key for a in cands[1:]] == [a.key for a in by_rollout[:11]]
    worth = [policy.inner.rollout(state, 0, [a]) for a in by_rollout]
    assert worth == sorted(worth, reverse=True)
    engine_order = [first, *rest][:12]
    assert [a.key for a in cands] != [a.key for a in engine_order]
    # hard keeps the engine's order (the policy's answer first), its own level's play
    hard_policy = of_type(SweetLandsPolicy, hard.policy)
    assert hard_policy.candidates(state, 0, legal, 6) == engine_order[:6]
    ranked = expert.rank(observe(state, 0))
    assert {r.action.key for r in ranked} == {a.key for a in cands}


def test_hard_judges_a_minor_step_once_its_action_is_resolved():
    """Which card or resource pays, which basic to take, where a chosen token goes:
    hard's imagined game stops when the action they belong to is resolved, not at
    the end of the round; a major step (a map step's hex) plays on, and expert,
    told to play its strongest, plays every step to the end of the round."""
    hard = SweetLandsPolicy(1)
    expert = SweetLandsPolicy(1)
    expert.play_strongest()
    minor = major = 0
    for state, move in normal_positions(1000):
        if not (state.stack and len(state.legal_actions(0)) > 1):
            continue
        after = state.apply(move)
        while after.stack and after.actors() == [0]:
            after = after.apply(hard.pick(after, 0, after.legal_actions(0)))
        if after.stack or after.round != state.round or after.is_over:
            continue  # the action is not resolved yet: another seat, a new round
        if state.stack[-1]["op"] in MINOR_STEPS:
            minor += 1
            assert hard.settled(state, after, 0, away=False)
        elif state.stack[-1]["op"] in MAP_STEPS:
            major += 1
            assert not hard.settled(state, after, 0, away=False)
        assert not expert.settled(state, after, 0, away=False) or after.p[0].passed
    assert minor and major


def test_an_imagined_round_four_is_judged_with_the_last_round_still_to_play():
    """A round-4 move's imagined round stops once round 5's income is paid: the seat
    holds what it can still spend over a whole round, so the search does not read
    the position with the weights of the game's end, which value resources, cards
    and open spots at a fraction. Before round 5 nothing changes."""
    policy = SweetLandsPolicy(1)
    inner = policy.inner
    last = earlier = 0
    for state, _ in normal_positions(1000, steps=3000):
        if state.round < 4 or state.phase == INCOME or state.is_over:
            continue
        if state.round == 4:
            earlier += 1
            assert inner.value(state, 0, round_ahead=True) == inner.value(state, 0)
            continue
        last += 1
        assert policy.estimate(state, 0) == inner.value(state, 0, round_ahead=True)
        assert inner.value(state, 0, round_ahead=True) != inner.value(state, 0)
    assert last and earlier
