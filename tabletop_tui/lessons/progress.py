"""Which lessons are done and where one was left, in ``lessons.json`` in the data
folder (beside ``settings.json``).

Written atomically (``write_atomic``). A file that cannot be read as progress is
reported (``Progress.problem``) and kept as it is: the lessons still open, progress
is held in memory, and nothing is written over the damaged file until the player
moves it away. Reading never raises.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

MAX_BYTES = 256 * 1024  # far above any real progress file: a bigger one is not ours
FORMAT = 1


def progress_path(base: Path) -> Path:
    return Path(base) / "lessons.json"


@dataclass
class Progress:
    done: list[str] = field(default_factory=list)  # lesson ids, in the order finished
    at: dict[str, int] = field(default_factory=dict)  # lesson id -> the step left at
    last: str = ""  # the lesson opened last
    last_title: str = ""  # its title, so the title screen reads no lesson file
    problem: str = ""  # why the file could not be read ("" when it was, or is missing)

    def left_at(self, lesson_id: str) -> int:
        return self.at.get(lesson_id, 0)

    def continuing(self) -> tuple[str, str, int] | None:
        """(lesson id, title, step) of the lesson left unfinished last, if one was."""
        if self.at.get(self.last, 0) <= 0:  # none begun, or the last one was finished
            return None
        return self.last, self.last_title, self.left_at(self.last)

    def reached(self, lesson_id: str, title: str, step: int) -> None:
        self.at[lesson_id] = step
        self.last, self.last_title = lesson_id, title

    def finished(self, lesson_id: str, title: str) -> None:
        self.at.pop(lesson_id, None)
        if lesson_id not in self.done:
            self.done.append(lesson_id)
        self.last, self.last_title = lesson_id, title

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "done": self.done,
            "at": self.at,
            "last": self.last,
            "last_title": self.last_title,
        }


def load_progress(base: Path) -> Progress:
    path = progress_path(base)
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Progress()
    except OSError as exc:
        return Progress(problem=f"{path} cannot be read ({exc.strerror or exc}).")
    if len(raw) > MAX_BYTES:
        return damaged(path, "it is far larger than any progress file")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return damaged(path, "it is not JSON")
    return read_fields(path, data)


def read_fields(path: Path, data: object) -> Progress:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return damaged(path, "it is not a progress file of this version")
    done, at = data.get("done"), data.get("at")
    last, title = data.get("last", ""), data.get("last_title", "")
    if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
        return damaged(path, "'done' is not a list of lesson names")
    if not isinstance(at, dict) or not all(type(v) is int and v >= 0 for v in at.values()):
        return damaged(path, "'at' does not map lessons to step numbers")
    if not isinstance(last, str) or not isinstance(title, str):
        return damaged(path, "'last' is not a lesson name")
    return Progress(list(done), dict(at), last, title)


def damaged(path: Path, why: str) -> Progress:
    return Progress(
        problem=f"{path} is damaged ({why}). It is left as it is and lesson progress is "
        "not saved until it is moved away."
    )


def save_progress(base: Path, progress: Progress) -> str:
    """Write the progress; "" once written, else why not (a damaged file in the way
    is never written over)."""
    from rules.core import write_atomic

    if progress.problem:
        return progress.problem
    try:
        write_atomic(progress_path(base), progress.to_json())
    except OSError as exc:
        return f"Lesson progress could not be saved ({exc.strerror or exc})."
    return ""
