"""The ``expert`` level: the hard search, wider, racing its candidates, five times longer.

Hard (``search.SearchBot``) is information-set search over determinisations, cut to
the root: every candidate is played in the same worlds drawn from the seat's
knowledge and the greedy policy finishes each imagined game. It compares the
policy's six (or eight) best guesses and, in the card games, spends its whole budget
on them alike. Expert keeps the method and changes where the time goes:

- it compares twice as many candidates (``WIDER``), so a move the greedy policy
  ranks low can still win on the imagined games;
- it races them: once every candidate has seen a few worlds, one whose paired
  interval (``paired``, the same worlds for both) puts it clearly behind the leader
  is dropped, so the worlds go to the moves still in contention (a racing algorithm,
  as in successive elimination of bandit arms);
- it thinks up to ``EXPERT_SECONDS`` of process time a decision, and where a game
  gives hard a coarse close call to halve its time (the card games), expert keeps a
  finer one (``Policy.expert_close_call``): a second is there to be spent.

A game where a level draws some choices for variety (Sweet Lands' character and map
board) lets expert take the strongest instead (``Policy.play_strongest``). A game
with its own hard level gives its own expert (``Policy.expert_bot``: Happiness).
Like every level it decides only from a ``SeatKnowledge``.
"""

from __future__ import annotations

from typing import Any

from .base import Budget, Policy, RankingBot
from .search import SearchBot

EXPERT_SECONDS = 1.0  # an expert decision's budget, on one core
WIDER = 2  # candidates compared, as a multiple of the policy's search width


class ExpertSearchBot(SearchBot):
    """The shared search at the expert level: wider, racing, longer."""

    level = "expert"
    races = True

    def __init__(self, policy: Policy, seed: int = 0, budget: Budget | None = None):
        super().__init__(policy, seed, budget or Budget(seconds=EXPERT_SECONDS))

    def width(self, world) -> int:
        return self.policy.search_width(world) * WIDER

    def close_call(self, world: Any) -> float | None:
        """Expert's one finer call for every decision, minor steps too: its second
        is there to be spent."""
        finer = self.policy.expert_close_call
        return self.policy.close_call if finer is None else finer


def expert_bot(policy: Policy, seed: int, budget: Budget | None) -> RankingBot:
    """The game's ``expert`` bot: its own if the policy has one, else the shared
    search above, the policy told to play its strongest choices."""
    budget = budget or Budget(seconds=EXPERT_SECONDS)
    own = policy.expert_bot(seed, budget)
    if own is not None:
        return own
    policy.play_strongest()
    return ExpertSearchBot(policy, seed, budget)
