"""Hints: the ``hard`` bot's best few moves for one seat, with a value in points.

The bot ranks its candidates (``rank``) exactly as it decides, so the first hint is
the move the ``hard`` bot would play. Each hint says what the imagined games that
followed the move came to (the seat's mean final score, and how far behind the best
move that is) and one line on why: what the move gains at once and what it sets up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..bots import Budget, Observation, Ranked, make_ranker
from ..core import Action

TOP = 3  # hints shown
# The game's own word for its score, where it has one.
POINTS = {"happiness": "Joypoints"}


def points_word(game_id: str) -> str:
    return POINTS.get(game_id, "points")


@dataclass(frozen=True)
class Hint:
    action: Action
    value: str  # the estimate in the game's terms ("about 42 points by the end")
    why: str  # one line: what the move gains now and what it sets up
    score: float | None = None  # the seat's mean final score in the imagined games
    behind: float | None = None  # how far that is below the best move's


def hints(
    obs: Observation,
    game_id: str,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Callable[[float], None] | None = None,
    top: int = TOP,
) -> list[Hint]:
    """The ``hard`` bot's ``top`` moves for the observed seat, best first."""
    bot = make_ranker(game_id, seed, budget)
    ranked = bot.rank(obs, scores=True, progress=progress)
    word = points_word(game_id)
    # A game whose bot judges positions its own way (Sweet Lands: an estimate of the
    # position a few steps on, in points) is compared on that judgement, not win shares.
    own_judge = bot.values_in_points
    now = own_score(obs, seed)

    def figure(r: Ranked) -> float | None:
        return r.value if own_judge else r.score

    best = figure(ranked[0])
    out = []
    for r in ranked[:top]:
        mine = figure(r)
        behind = None if mine is None or best is None else best - mine
        value, why = describe(r, obs, seed, now, behind, word, own_judge)
        out.append(Hint(r.action, value, why, r.score, behind))
    return out


def own_score(obs: Observation, seed: int) -> float | None:
    """The seat's score now, read from a resampled copy (a seat's own score is
    public in every game here, so any copy agrees on it)."""
    try:
        return float(obs.sample(seed).result()["scores"][obs.seat])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def gain_at_once(obs: Observation, action: Action, seed: int, now: float | None) -> float | None:
    if now is None:
        return None
    world = obs.sample(seed)
    offered = {a.key: a for a in world.legal_actions(obs.seat)}
    if action.key not in offered:  # the copy holds other hidden cards
        return None
    return float(world.apply(offered[action.key]).result()["scores"][obs.seat]) - now


def describe(r, obs, seed, now, behind, word, own_judge=False) -> tuple[str, str]:
    """The value and the one line of why for one ranked move."""
    ahead = "a few steps on" if own_judge else "by the end"
    if own_judge and r.value is not None:
        value = f"worth about {r.value:.1f} {word} to the bot a few steps on"
        if behind:
            value += f" ({-behind:+.1f} against the best)"
    elif r.gain is not None:  # a planner's estimate, not imagined games
        value = f"about {r.gain:+.1f} {word} (the planner's estimate of this placement)"
    elif r.score is not None:
        value = f"about {r.score:.0f} {word} by the end"
        if behind:
            value += f" ({-behind:+.1f} against the best)"
        if r.value is not None:
            value += f", wins {max(0.0, min(1.0, r.value)):.0%} of {r.worlds} imagined games"
    else:
        value = "the bot's one choice here (nothing else was worth comparing)"
    gained = gain_at_once(obs, r.action, seed, now)
    parts = []
    if gained is not None:
        parts.append(f"{gained:+.0f} {word} at once" if gained else f"no {word} at once")
    if gained is not None and r.score is not None and now is not None:
        later = r.score - now - gained
        parts.append(f"sets up about {later:+.0f} more {ahead}")
    why = "; ".join(parts) if parts else "what the imagined games favoured"
    return value, why.capitalize()
