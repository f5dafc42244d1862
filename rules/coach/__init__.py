"""The coach: hints for a seat's decision and a review of a finished game's turning
points, both worked out by the ``hard`` bot from one seat's observation (its view,
its legal moves and resampled copies), never from the live state.

Pure analysis: no screen, no file. The app runs it in a worker thread and draws it.
"""

from __future__ import annotations

from .hinting import Hint, hints, points_word
from .review import Cancelled, Review, review_game, review_text
from .rounds import scores_by_round
from .why import BotMoveWhy, why_bot_move

__all__ = [
    "BotMoveWhy",
    "Cancelled",
    "Hint",
    "Review",
    "hints",
    "points_word",
    "review_game",
    "review_text",
    "scores_by_round",
    "why_bot_move",
]
