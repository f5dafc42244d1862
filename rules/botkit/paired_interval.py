"""Paired estimates: two moves compared on the same imagined games, with an interval.

The hard search and the coach play every move they compare in the same imagined
games (common random numbers), so the luck of a deal weighs on both alike and the
difference of their results, game by game, is what varies. Its mean is the estimate and a 95% interval
(Student's t, since a hint looks at a dozen games or so) says how far noise could move
it. A move is called better or worse only when its interval leaves no doubt; inside
the interval the two are "about as good".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# Two-sided 95% quantiles of Student's t by degrees of freedom (1-30); 1.96 beyond.
T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
FEWEST = 3  # imagined games below which no difference is called clear


@dataclass(frozen=True)
class Difference:
    """How much better one move did than another on the same imagined games: the mean
    of the game-by-game differences and its 95% interval (``low`` to ``high``)."""

    mean: float
    low: float
    high: float
    games: int

    @property
    def clear(self) -> bool:
        """The interval is all on one side of nothing: noise cannot explain it."""
        return self.games >= FEWEST and (self.low > 0 or self.high < 0)

    @property
    def margin(self) -> float:
        """Half the interval's width: the "±" of the estimate."""
        return (self.high - self.low) / 2


def t95(degrees: int) -> float:
    return T95[degrees - 1] if 1 <= degrees <= len(T95) else 1.96


def paired(these: Sequence[float], those: Sequence[float]) -> Difference:
    """``these`` minus ``those``, game by game (the shorter length counts)."""
    n = min(len(these), len(those))
    return interval([a - b for a, b in zip(these[:n], those[:n], strict=True)])


def interval(diffs: Sequence[float]) -> Difference:
    """The mean of game-by-game differences, with its 95% interval."""
    n = len(diffs)
    if n == 0:
        return Difference(0.0, -math.inf, math.inf, 0)
    mean = sum(diffs) / n
    if n == 1:
        return Difference(mean, -math.inf, math.inf, 1)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return Difference(mean, mean - half, mean + half, n)
