"""The game's controller during a lesson: the learner's move is checked by the lesson
(rules.lessons.LessonRun) before anything is played; in free play it is a plain game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core import Action, GameState
from rules.lessons import LessonRun, Outcome

from ..controller import Controller


@dataclass
class LessonController(Controller[GameState]):  # a lesson of any game
    # Set by LessonScreen: the lesson under way and who is told each checked move.
    run: LessonRun | None = None
    on_outcome: Callable[[Outcome], None] | None = None
    free: bool = False  # the learner plays on freely: moves are no longer checked

    @classmethod
    def for_run(cls, run: LessonRun) -> LessonController:
        """The table of a lesson: the learner's seat human, every other an easy bot
        (heard from only in free play: the lesson writes out the others' moves)."""
        lesson = run.lesson
        seats: list[dict] = [
            {"kind": "human"} if seat == lesson.learner else {"kind": "bot", "level": "easy"}
            for seat in range(len(lesson.players))
        ]
        return cls(run.spec, run.state, seats, save_path=None, viewer=lesson.learner, run=run)

    @property
    def checking(self) -> bool:
        return not self.free and self.run is not None and not self.run.finished

    def act(self, action: Action, forced: bool = False) -> bool:
        run = self.run
        if not self.checking or run is None:
            return super().act(action, forced)
        outcome = run.try_move(action)
        if outcome.right:  # the lesson played it and the others' written replies
            self.state = run.state
            self.forget_undo()
        self.last_error = ""
        if self.on_outcome is not None:
            self.on_outcome(outcome)
        return True  # a wrong move is answered by the lesson, not refused by the table

    def play_freely(self) -> None:
        self.free = True
        self.forget_undo()

    def forget_undo(self) -> None:
        """Nothing before a lesson's position is the learner's to take back."""
        self._undo.clear()
