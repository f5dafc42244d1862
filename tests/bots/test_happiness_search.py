"""The hard Happiness search: the planner's close placements compared on imagined
games, within a budget, from copies of what the seat knows."""

from __future__ import annotations

from rules.bots import Budget, make_bot
from rules.core import GameState
from rules.happiness import HAPPINESS
from rules.happiness.bot import search
from rules.happiness.bot.plan import PlanningHappinessBot
from rules.happiness.bot.search import SearchingHappinessBot, clear_lead, judge, settled
from tests.bots.test_fair import hidden
from tests.expect import of_type


def searched_decisions(seed: int = 6, limit: int = 8):
    """States of a 2-player greedy game where hard has two or more close placements
    and searches them (near the end), with the deciding seat."""
    state = HAPPINESS.new_game(["A", "B"], seed=seed, options={"silence": "turns"})
    bots = [make_bot("happiness", "normal", k) for k in range(2)]
    probe = SearchingHappinessBot(1)
    found = 0
    while not state.is_over and found < limit:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        near_end = len(state.deck) <= search.ENDGAME
        searched = state.stage == "play" and len(legal) > 1 and near_end
        if (
            searched
            and len(probe.candidates(state.resample(seat, 1), seat, legal, search.WIDTH)) > 1
        ):
            found += 1
            yield state, seat
        state = state.apply(bots[seat].choose(state, seat))


def test_hard_is_the_planner_searching_within_its_budget():
    hard = make_bot("happiness", "hard", 1, Budget(seconds=0.05))
    assert isinstance(hard, SearchingHappinessBot) and isinstance(hard, PlanningHappinessBot)
    assert hard.budget.seconds == 0.05


def test_the_first_candidate_is_the_planners_own_choice_and_the_rest_are_close():
    state, seat = next(searched_decisions())
    bot = SearchingHappinessBot(3)
    legal = state.legal_actions(seat)
    cands = bot.candidates(state, seat, legal, search.WIDTH)
    assert 2 <= len(cands) <= search.WIDTH
    assert cands[0] == PlanningHappinessBot(3).pick(state, seat, legal)


def test_hard_looks_at_no_more_worlds_than_its_iteration_budget():
    for state, seat in searched_decisions(limit=3):
        bot = of_type(
            SearchingHappinessBot,
            make_bot("happiness", "hard", 4, Budget(seconds=None, iterations=5)),
        )
        assert bot.choose(state, seat) in state.legal_actions(seat)
        assert 1 <= bot.last_worlds <= 5


def test_the_search_stops_once_no_candidate_could_lead_the_planners_choice_by_a_close_call():
    behind = [-0.2, -0.3, -0.25, -0.2]
    as_good = [0.0, 0.0, 0.0, 0.0]
    maybe_ahead = [1.0, -1.0, 1.0, 0.0]
    assert settled([behind, as_good])
    assert not settled([behind, maybe_ahead])
    assert settled([])  # the planner's choice alone (never searched, but consistent)
    stopped = []
    for state, seat in searched_decisions(limit=4):
        bot = of_type(
            SearchingHappinessBot,
            make_bot("happiness", "hard", 4, Budget(seconds=None, iterations=64)),
        )
        assert bot.choose(state, seat) in state.legal_actions(seat)
        assert bot.last_worlds <= 64
        stopped.append(bot.last_worlds < 64)
    assert any(stopped)


def test_with_no_time_hard_answers_as_the_planner_does():
    for state, seat in searched_decisions(limit=3):
        hard = SearchingHappinessBot(4, Budget(seconds=0.0))
        planner = PlanningHappinessBot(4)
        assert hard.choose(state, seat) == planner.choose(state, seat)
        assert hard.last_worlds == 0


def test_an_imagined_game_stops_when_the_seat_has_had_its_turns_or_at_the_end(monkeypatch):
    ends = []
    real_judge = search.judge

    def watched(state, seat):
        ends.append(state)
        return real_judge(state, seat)

    monkeypatch.setattr(search, "judge", watched)
    for state, seat in searched_decisions(limit=3):
        world = state.resample(seat, 4)
        ends.clear()
        bot = SearchingHappinessBot(2, Budget(seconds=None, iterations=1))
        bot.playout(world, seat, world.legal_actions(seat)[0])
        (end,) = ends
        if len(world.deck) > search.ENDGAME:  # cut off: the seat's turn has come round again
            assert end.stage == "play" and end.actors() == [seat] and not end.is_over
            assert end.turns_played - world.turns_played == 2 * (search.TURNS + 1)
        else:
            assert end.is_over


def test_a_finished_game_counts_as_a_win_share_and_a_cut_off_one_by_its_margin():
    state, seat = next(searched_decisions())
    assert not state.is_over
    lead = state.score(seat) - state.score(1 - seat)
    assert (judge(state, seat) > 0.5) == (lead > 0) or lead == 0
    end = state
    bots = [make_bot("happiness", "normal", k) for k in range(2)]
    while not end.is_over:
        s = end.actors()[0]
        end = end.apply(bots[s].choose(end, s))
    won = seat in end.result()["winners"]
    assert (judge(end, seat) > 0.5) == won


def test_a_candidate_must_beat_the_planners_choice_clear_of_the_noise():
    assert clear_lead([0.1, 0.1, 0.1, 0.1]) > 0  # every world agrees
    assert clear_lead([1.0, -1.0, 1.0, -0.9]) == 0.0  # a coin toss
    assert clear_lead([-0.1, -0.1, -0.1]) == 0.0
    assert clear_lead([0.5, 0.5]) == 0.0  # too few worlds to say


def test_the_search_decides_the_same_on_copies_that_redraw_what_the_seat_cannot_see():
    """Each world is drawn from the seat's knowledge and a seed, never from the live
    state: copies that redraw the rival's hand and the deck give the same answer for a
    fixed bot seed and world budget (which is why the search may not read ``state``)."""
    overrides = 0
    for state, seat in searched_decisions(seed=8, limit=6):
        bot = make_bot("happiness", "hard", 7, Budget(seconds=None, iterations=6))
        real = bot.choose(state, seat)
        overrides += real != PlanningHappinessBot(7).choose(state, seat)
        for k in range(2):
            other = state.resample(seat, 300 + k)
            assert hidden(other) != hidden(state)
            again = make_bot("happiness", "hard", 7, Budget(seconds=None, iterations=6))
            assert again.choose(other, seat) == real
    assert overrides  # the imagined games did change some answers


class LiveWorlds:
    """Worlds that are copies of the live game: what a cheating search would use."""

    def __init__(self, live):
        self.live = live

    def sample(self, _seed):
        return self.live.copy()


def test_a_search_that_read_the_live_state_would_be_caught():
    """The check above can fail: a search whose worlds are copies of the live state
    (the real rival hand and deck) answers differently on some redrawn copy."""

    class Peeking(SearchingHappinessBot):
        live: GameState  # the live state, set by the test before each decision

        def decide(self, obs):
            live = self.live
            obs = type(obs)(obs.seat, obs.view, obs.legal, obs.log, LiveWorlds(live))
            return super().decide(obs)

    differs = 0
    for state, seat in searched_decisions(seed=8, limit=6):
        answers = set()
        for k in range(3):
            other = state if k == 0 else state.resample(seat, 300 + k)
            bot = Peeking(7, Budget(seconds=None, iterations=6))
            bot.live = other
            answers.add(bot.choose(other, seat))
        differs += len(answers) > 1
    assert differs
