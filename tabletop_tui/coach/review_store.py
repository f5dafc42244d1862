"""Reviews kept with the save, so that opening one again is instant.

A save's ``coach`` field holds ``{"reviews": {seat: review}}`` for the game as it
ended; the save's other fields are rewritten as they were (``write_atomic``: a kill
leaves the old file or the new one). Only a complete review is kept. A file that
cannot be read or written is reported by the caller; the game in it is not touched.
Outside the game's own window the save's lock is taken for the write
(``keep_locked``), so a review never rewrites a save another window is playing.
"""

from __future__ import annotations

from pathlib import Path

from rules.coach import Review
from rules.core import write_atomic

from ..saves import SaveProblem, read_json

FIELD = "coach"


def kept_review(path: Path, seat: int, moves: int) -> Review | None:
    """The review of ``seat`` kept in the save, if one was made of this very game."""
    try:
        data = read_json(path).get(FIELD, {}).get("reviews", {}).get(str(seat))
        if not isinstance(data, dict) or data.get("moves") != moves:
            return None
        return Review.from_json(data["review"])
    except (SaveProblem, AttributeError, KeyError, TypeError, ValueError):
        return None


def keep_review(path: Path, review: Review, moves: int) -> dict:
    """Write the review into the save; returns the save's new ``coach`` field (for a
    controller's ``kept``, so a later rewrite keeps it). OSError and SaveProblem reach
    the caller."""
    data = read_json(path)
    found = data.get(FIELD)
    coach: dict = found if isinstance(found, dict) else {}
    kept = coach.get("reviews")
    reviews: dict = kept if isinstance(kept, dict) else {}
    reviews[str(review.seat)] = {"moves": moves, "review": review.to_json()}
    coach["reviews"] = reviews
    data[FIELD] = coach
    write_atomic(path, data)
    return coach


def keep_locked(path: Path, review: Review, moves: int) -> str:
    """Keep the review in a save that this window has not opened for play: under the
    save's lock, or not at all. Says which, in words; never raises."""
    from ..save_lock import LockRefused, take_lock

    try:
        lock, holder = take_lock(path, "a review")
    except LockRefused as exc:
        return f"The review was not kept with the save. {exc}"
    if holder:
        return (
            f"The review was not kept with the save: {path.name} is open in another "
            f"window ({holder}), so it was left as it was."
        )
    try:
        keep_review(path, review, moves)
    except (OSError, SaveProblem) as exc:
        return f"The review could not be kept with the save: {exc}"
    finally:
        if lock is not None:
            lock.release()
    return f"The review is kept with the save ({path.name}, written under its lock)."
