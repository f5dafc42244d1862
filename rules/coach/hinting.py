"""Hints: the ``hard`` bot's best few moves for one seat, each with the figure the list
is ordered by, how sure the comparison is, and a reason in the game's words.

The bot ranks its candidates (``rank``) on imagined games from the seat's knowledge,
every candidate on the same games. The hints are ordered by the figure they print —
the seat's points at the end of those games, or, where the bot judges a position a
few steps on (Sweet Lands) or by a planner's estimate (Happiness), that figure — and
each move after the first is compared with the first game by game (``paired``): it is
"about as good" unless the interval of the difference leaves no doubt. The reason
line comes from the game's explainer (what the move costs, gives and sets up), with
the points it scores at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import get_game
from ..bots import (
    Budget,
    Difference,
    Ranked,
    RankingBot,
    SeatKnowledge,
    Thinking,
    make_ranker,
    paired,
)
from ..core import Action

TOP = 3  # hints shown
# The game's own word for its score, where it has one.
POINTS = {"happiness": "Joypoints"}


def points_word(game_id: str) -> str:
    return POINTS.get(game_id, "points")


@dataclass(frozen=True)
class Figure:
    """What a list of hints is ordered by: its name in words and how to read it off
    a ranked move (the mean, and the figure world by world for paired comparisons)."""

    name: str  # "points by the end", said in the list's heading
    mean: Callable[[Ranked], float | None]
    per_world: Callable[[Ranked], Sequence[float]]


def figure_for(bot: RankingBot, ranked: list[Ranked], word: str) -> Figure:
    if bot.values_in_points:  # Sweet Lands: the bot's estimate a few steps on
        return Figure(f"{word} a few steps on", lambda r: r.value, lambda r: r.values)
    if any(r.finals for r in ranked):
        return Figure(f"{word} by the end", lambda r: r.score, lambda r: r.finals)
    if any(r.gain is not None for r in ranked):  # a planner prices each move
        return Figure(f"{word} the planner expects", lambda r: r.gain, lambda r: ())
    return Figure("", lambda r: None, lambda r: ())


@dataclass(frozen=True)
class Hint:
    action: Action
    value: str  # the figure in words ("about 42 points by the end")
    why: str  # one line: what the move costs, gives and sets up
    score: float | None = None  # the figure the hints are ordered by
    behind: float | None = None  # how far that is below the first hint's (paired mean)
    difference: Difference | None = None  # this move against the first, game by game
    verdict: str = ""  # "best", "about as good", "behind" or "" (nothing to compare)
    bots_pick: bool = False  # the move the hard bot itself would play here
    figure: str = ""  # what ``score`` is: "points by the end", ...


def hints(
    obs: SeatKnowledge,
    game_id: str,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Callable[[Thinking], None] | None = None,
    top: int = TOP,
) -> list[Hint]:
    """The ``top`` best moves for the observed seat, ordered by the figure shown."""
    bot = make_ranker(game_id, seed, budget)
    ranked = bot.rank(obs, scores=True, progress=progress)
    word = points_word(game_id)
    figure = figure_for(bot, ranked, word)
    pick = ranked[0].action.key
    # best figure first; the bot's own order breaks ties (and orders moves with none)
    order = sorted(
        range(len(ranked)),
        key=lambda k: (figure.mean(ranked[k]) is None, -(figure.mean(ranked[k]) or 0.0), k),
    )
    chosen = [ranked[k] for k in order[:top]]
    first = chosen[0]
    now = own_score(obs, seed)
    out = []
    for r in chosen:
        mine, best = figure.mean(r), figure.mean(first)
        behind = None if mine is None or best is None else best - mine
        diff = None
        if r is not first and figure.per_world(r):
            diff = paired(figure.per_world(first), figure.per_world(r))
        verdict = "best" if r is first else verdict_of(diff)
        out.append(
            Hint(
                r.action,
                describe_value(r, figure, behind, diff, verdict),
                reason(obs, r.action, game_id, seed, now, word),
                mine,
                behind,
                diff,
                verdict,
                r.action.key == pick,
                figure.name,
            )
        )
    return out


def verdict_of(diff: Difference | None) -> str:
    if diff is None:
        return ""
    return "behind" if diff.clear and diff.mean > 0 else "about as good"


def describe_value(
    r: Ranked, figure: Figure, behind: float | None, diff: Difference | None, verdict: str
) -> str:
    """The figure in words, and how this move compares with the first hint."""
    mine = figure.mean(r)
    if mine is None:
        return "the bot's one choice here (nothing else was worth comparing)"
    if figure.per_world(r) or not r.gain:
        value = f"about {mine:.0f} {figure.name}"
    else:
        value = f"about {mine:+.1f} {figure.name}"
    if r.worlds:
        value += f" ({r.worlds} imagined games)"
    if diff is not None and verdict:
        spread = f"{diff.low:.1f} to {diff.high:.1f}"
        if verdict == "behind":
            value += f"; {diff.mean:.1f} behind the best ({spread})"
        else:
            value += f"; about as good: {diff.mean:.1f} behind, within noise ({spread})"
    elif behind:
        value += f"; {behind:.1f} below the best"
    return value


def own_score(obs: SeatKnowledge, seed: int) -> float | None:
    """The seat's score now, read from a resampled copy (a seat's own score is
    public in every game here, so any copy agrees on it)."""
    try:
        return float(obs.sample(seed).result()["scores"][obs.seat])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def reason(
    obs: SeatKnowledge, action: Action, game_id: str, seed: int, now: float | None, word: str
) -> str:
    """Why the move: what the game's explainer says it costs, gives and sets up (or,
    where it says nothing more, the points the move scores at once), in one line."""
    world = obs.sample(seed)
    offered = {a.key: a for a in world.legal_actions(obs.seat)}
    if action.key not in offered:  # the copy holds other hidden cards
        return "What the imagined games favoured."
    told = get_game(game_id).explainer.action(world, obs.seat, offered[action.key])
    parts = [line.text() for line in told.of_kind("cost", "gain", "setup")]
    if not parts and now is not None:  # a game that explains nothing more: the points now
        gained = float(world.apply(offered[action.key]).result()["scores"][obs.seat]) - now
        parts.append(f"{counted(gained, word)} at once" if gained else f"no {word} at once")
    text = "; ".join(parts) if parts else "What the imagined games favoured"
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def counted(amount: float, word: str) -> str:
    """A signed whole amount of the game's points: "+1 point", "-3 Joypoints"."""
    n = round(amount)
    return f"{n:+d} {word[:-1] if abs(n) == 1 and word.endswith('s') else word}"
