"""Where the app goes next, asked for by the screens as messages the app handles.

A screen that leaves for the title, the end of a game or a new game posts one of
these; it bubbles up to the app, whose handlers (``on_back_to_title`` and so on) do
the moving. Screens so never import the app, which imports them, and the app's
navigation stays in one place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.message import Message


class BackToTitle(Message):
    """Leave for the title screen (asking first if the game could not be saved)."""


class ShowHelp(Message):
    """The rules reference and keys of a game, opened at ``section`` (a heading of it:
    the part that matters for the decision on screen) or at its top."""

    def __init__(self, game_id: str, section: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.section = section


class ShowEnd(Message):
    """A game is over: its end screen (``screen_class``: the game's own, if given)."""

    def __init__(self, controller: Any, screen_class: type | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.screen_class = screen_class


class PlayAgain(Message):
    """A new game with the same table."""

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self.controller = controller


class StartGame(Message):
    """A new game as the setup screen chose it."""

    def __init__(self, game: str, names: list, seats: list, options: dict, seed: int) -> None:
        super().__init__()
        self.game, self.names, self.seats = game, names, seats
        self.options, self.seed = options, seed


class ResumeGame(Message):
    """Open a saved game (``state``: the save already replayed, if it was)."""

    def __init__(self, path: Path, state: Any = None) -> None:
        super().__init__()
        self.path, self.state = path, state


class OpenMenu(Message):
    """One of the title menu's entries: "new", "resume", "learn", "continue" (the
    lesson left last), "rules", "records" or "quit"."""

    def __init__(self, entry: str) -> None:
        super().__init__()
        self.entry = entry


class OpenLesson(Message):
    """A lesson by its id, at the step where it was left."""

    def __init__(self, lesson_id: str) -> None:
        super().__init__()
        self.lesson_id = lesson_id
