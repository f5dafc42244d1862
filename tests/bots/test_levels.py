"""Bot levels: how they are made, chosen per seat, and how the search spends its budget."""

from __future__ import annotations

import itertools

import pytest

import rules
from rules.bots import LEVELS, Budget, EasyBot, Policy, RandomBot, SearchBot, make_bot
from rules.happiness import HAPPINESS
from rules.happy_city import HAPPY_CITY
from rules.simulate import simulate

from ..expect import of_type


@pytest.mark.parametrize("game", list(rules.GAMES))
def test_every_game_offers_every_level(game):
    assert isinstance(make_bot(game, "normal", 1), Policy)
    assert isinstance(make_bot(game, "smart", 1), Policy)  # the old name still works
    assert isinstance(make_bot(game, "easy", 1), EasyBot)
    hard = make_bot(game, "hard", 1)
    if game == "happiness":  # its own hard level: the planner, searching (happiness_search)
        from rules.happiness.bot.search import SearchingHappinessBot

        assert isinstance(hard, SearchingHappinessBot) and hard.level == "hard"
    else:
        assert isinstance(hard, SearchBot)
    assert isinstance(make_bot(game, "random", 1), RandomBot)
    assert LEVELS == ("easy", "normal", "hard", "expert")


def test_unknown_levels_and_games_are_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("happy-city", "master")
    with pytest.raises(KeyError):
        make_bot("chess", "normal")
    with pytest.raises(ValueError):
        Budget(seconds=None, iterations=None)


def test_simulate_takes_a_level_per_seat_and_counts_wins_by_level():
    st = simulate("happy-city", 2, 6, seed=3, levels=["normal", "random"])
    assert st.games == 6 and set(st.wins_by_bot) <= {"normal", "random"}
    assert sum(st.wins_by_bot.values()) == pytest.approx(6)
    assert st.wins_by_bot.get("normal", 0) >= 5
    assert simulate("happiness", 3, 1, seed=1, levels=["easy"]).games == 1
    with pytest.raises(ValueError, match="levels"):
        simulate("happy-city", 3, 1, seed=1, levels=["easy", "hard"])


def test_the_controller_makes_each_seat_the_level_it_was_given():
    from tabletop_tui.controller import Controller

    spec = HAPPY_CITY
    state = spec.new_game(["A", "B", "C"], seed=2)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "hard"}, {"kind": "bot"}]
    c = Controller(spec, state, seats)
    assert isinstance(c._bots[1], SearchBot) and type(c._bots[2]).__name__ == "HappyCityBot"


def test_the_controller_seeds_its_bots_apart_from_the_game_seed():
    from tabletop_tui.controller import Controller

    spec = HAPPY_CITY
    seats = [{"kind": "bot"}, {"kind": "bot"}]
    draws = set()
    for _ in range(3):  # the same game seed three times: three different bot seeds
        c = Controller(spec, spec.new_game(["A", "B"], seed=2), seats)
        draws.add(c._bots[0].rng.next64())
    assert len(draws) == 3


def first_decision(game, options=None):
    state = rules.get_game(game).new_game(["A", "B"], seed=6, options=options or {})
    seat = state.actors()[0]
    while len(state.legal_actions(seat)) < 2:
        state = state.apply(state.legal_actions(seat)[0])
        seat = state.actors()[0]
    return state, seat


def test_hard_answers_with_the_policy_choice_when_it_has_no_time():
    state, seat = first_decision("happy-city")
    hard = of_type(SearchBot, make_bot("happy-city", "hard", 4, Budget(seconds=0.0)))
    normal = make_bot("happy-city", "normal", 4)
    assert hard.choose(state, seat) == normal.choose(state, seat)
    assert hard.last_iterations == 0


def test_hard_looks_at_as_many_worlds_as_its_iteration_budget():
    state, seat = first_decision("happiest-town")
    bot = of_type(
        SearchBot, make_bot("happiest-town", "hard", 4, Budget(seconds=None, iterations=3))
    )
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert bot.last_iterations == 3


def test_sweet_lands_hard_weighs_its_lead_over_the_best_rival():
    from rules.sweet_lands.bot.adapter import SweetLandsPolicy
    from rules.sweet_lands.bot.rivals import LEAD_AND_OWN
    from tests.sweet_lands.helpers import started

    policy = SweetLandsPolicy(3)
    lead_weight, own_weight = LEAD_AND_OWN  # mostly its own estimate
    assert 0 < lead_weight < own_weight
    solo = started(1, seed=4)
    assert policy.judge(solo, 0) == policy.estimate(solo, 0)
    for n in (2, 3, 4):
        state = started(n, seed=4)
        values = [policy.estimate(state, s) for s in range(n)]
        assert len(set(values)) > 1
        for seat in range(n):
            best = max(v for s, v in enumerate(values) if s != seat)
            expected = lead_weight * (values[seat] - best) + own_weight * values[seat]
            assert policy.judge(state, seat) == pytest.approx(expected)


def test_sweet_lands_bot_keeps_its_action_disc_for_a_dearer_space_with_three_players():
    from rules.sweet_lands.bot.greedy import SweetLandsBot
    from tests.sweet_lands.helpers import edit, started

    for n, pays_with in ((2, "disc"), (3, "discard")):
        s = edit(started(n, seed=4))
        seat = s.actors()[0]
        s.p[seat].discs = 1
        area = next(a for a in s.legal_actions(seat) if a.kind == "area" and a.args == ("H",))
        s = s.apply(area)  # the area's first space costs one card
        assert s.stack[-1]["op"] == "hand" and s.stack[-1]["n"] == 1
        move = SweetLandsBot(1).sub_step(s, seat, s.legal_actions(seat))
        assert move.kind == pays_with


def sweet_lands_imagined(players):
    """A started game, the seat to move, the hard policy, and where the search's
    imagined game after the policy's first candidate stopped."""
    from rules.sweet_lands.bot.adapter import SweetLandsPolicy
    from tests.sweet_lands.helpers import started

    class Watched(SweetLandsPolicy):
        def judge(self, state, seat):
            self.last = state
            return 0.0

    world = started(players, seed=4)
    seat = world.actors()[0]
    policy = Watched(3)
    first = policy.candidates(world, seat, world.legal_actions(seat), 3)[0]
    SearchBot(policy, 5, Budget(seconds=None, iterations=1)).playout(world, seat, first)
    return world, seat, policy, policy.last


def test_sweet_lands_hard_imagines_three_players_up_to_its_own_next_main_move():
    world, seat, policy, end = sweet_lands_imagined(3)
    assert end.round == world.round
    # the rivals each moved once; the seat has made its next main move and is to end it
    assert end.turn == seat and end.main_done and not end.stack
    assert sorted(policy.rival_gains) == [s for s in range(3) if s != seat]
    assert len(end.action_keys()) > len(world.action_keys()) + 4


def test_sweet_lands_hard_imagines_two_players_to_the_end_of_the_round():
    """With one rival an imagined game runs on until the seat passes or the round
    ends, the rival choosing the quick way (its moves rated once per decision)."""
    world, seat, policy, end = sweet_lands_imagined(2)
    assert end.round > world.round or end.p[seat].passed
    assert sorted(policy.rival_gains) == [1 - seat]
    assert len(end.action_keys()) > len(world.action_keys()) + 20


def test_sweet_lands_rivals_quick_turn_rates_each_move_once_per_decision():
    from rules.sweet_lands.bot.greedy import SweetLandsBot
    from tests.sweet_lands.helpers import started

    state = started(4, seed=4)
    seat = state.actors()[0]
    bot = SweetLandsBot(2)
    gains: dict[str, float] = {}  # move key -> its rating, kept for the decision
    actions = state.legal_actions(seat)
    move = bot.quick_turn(state, seat, actions, gains)
    assert move in actions
    assert {a.key for a in actions if a.kind == "area"} <= set(gains)
    assert move.key == max((k for k in gains if k != "base"), key=lambda k: gains[k])

    def no_rollout(*args):
        raise AssertionError("a move rated once is not rated again")

    bot.rollout = no_rollout  # type: ignore[method-assign]
    assert bot.quick_turn(state, seat, actions, gains).key == move.key


def test_sweet_lands_hard_with_three_players_decides_the_same_on_copies_of_its_knowledge():
    # tests/bots/test_fair.py checks one and two players; the quick rivals of an
    # imagined round start at three. Two turn-menu decisions of round 1.
    from tests.bots.test_fair import TINY, checkpoints, hidden

    menus = ((s, seat) for s, seat in checkpoints("sweet-lands", {}, 3, 1, 40) if not s.stack)
    for state, seat in itertools.islice(menus, 2):
        other = state.resample(seat, 1000)
        assert hidden(other) != hidden(state)
        real = make_bot("sweet-lands", "hard", 7, TINY).choose(state, seat)
        assert make_bot("sweet-lands", "hard", 7, TINY).choose(other, seat) == real


def happiness_in_play(seed=6):
    """A 2-player Happiness game a few turns in, played by the greedy bot."""
    state = HAPPINESS.new_game(["A", "B"], seed=seed, options={"silence": "turns"})
    bots = [make_bot("happiness", "normal", k) for k in range(2)]
    while state.turns_played < 4 or state.stage != "play":
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state


def test_happiness_candidates_are_only_close_placements():
    from rules.happiness.bot.greedy import HappinessBot, Table

    policy = HappinessBot(1)
    state = happiness_in_play(seed=9)
    seat = state.actors()[0]
    actions = state.legal_actions(seat)
    table = Table(state)
    value = {a: policy._value(state, seat, a, table) for a in actions}
    assert state.stage == "play" and all(a.kind == "place" for a in actions)
    cands = policy.candidates(state, seat, actions, 6)
    best = max(value.values())
    assert value[cands[0]] == best and len(cands) <= 6
    assert all(best - value[a] <= HappinessBot.CLOSE_CALL for a in cands)
    closer = sorted(value.values(), reverse=True)[:6]
    assert len(cands) == sum(1 for v in closer if best - v <= HappinessBot.CLOSE_CALL)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sweet_lands_hard_searches_sub_steps_at_every_player_count(players):
    """A sub-step (here the first after the character and map, a Round Aid space) is
    searched among the policy's answer and the next ones, solo and with any number of
    rivals."""
    from rules.sweet_lands.bot.adapter import SETUP_CHOICES, SweetLandsPolicy
    from tests.sweet_lands.helpers import new

    world = new(players, 3)
    while world.stack[-1]["op"] in SETUP_CHOICES:
        world = world.apply(world.legal_actions(world.actors()[0])[0])
    seat = world.actors()[0]
    legal = world.legal_actions(seat)
    assert world.stack and len(legal) > 2
    cands = SweetLandsPolicy(1).candidates(world, seat, legal, 4)
    assert cands[0] == SweetLandsPolicy(1).pick(world, seat, legal)  # the same seed
    assert len(cands) == min(4, len(legal))
    assert len({a.key for a in cands}) == len(cands) and all(a in legal for a in cands)
