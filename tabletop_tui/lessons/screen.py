"""The lesson screens: the list of lessons and one lesson under way.

A lesson step is read here (what to look at, the move asked for); Enter opens the
game's own screen, unchanged, on the lesson's position, with the step's request in
its title bar. The learner's move there is checked by the lesson (LessonController):
the table closes and this screen shows the outcome, in the explainer's words for a
different move. P plays on freely from the position on show; a finished lesson
offers a real game against an easy bot with hints on.
"""

from __future__ import annotations

import random
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from rules.lessons import Lesson, LessonRun, Outcome, all_lessons

from ..games import screen_class
from ..navigation import BackToTitle, OpenLesson, OpenMenu, StartGame
from ..widgets.title_bar import TitleBar
from .controller import LessonController
from .progress import Progress, load_progress, save_progress

CSS = Path(__file__).with_name("lessons.tcss")


def lesson_status(lesson: Lesson, progress: Progress) -> str:
    """Done, left at a step, or new: in words (never by colour alone)."""
    if lesson.id in progress.at and progress.at[lesson.id] > 0:
        return f"left at step {progress.at[lesson.id] + 1} of {len(lesson.steps)}"
    if lesson.id in progress.done:
        return "done"
    return f"{len(lesson.steps)} steps"


class LessonMenuScreen(Screen):
    """Every lesson (or one game's), each with its state; Enter opens one."""

    CSS_PATH = CSS
    BINDINGS = [Binding("escape", "leave", "Title")]

    def __init__(self, data_dir: Path, game: str | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.lessons = [x for x in all_lessons() if game is None or x.game == game]
        self.progress = load_progress(data_dir)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll(id="lesson-menu-body"):
            yield Static(
                "Each lesson sets up a game, points at one thing at a time and asks for "
                "a move; a different move is explained, and you may play on freely from "
                "any step. Pick a lesson and press Enter.",
                id="lesson-intro",
            )
            yield OptionList(*(self.entry(x) for x in self.lessons), id="lesson-list")
        yield Footer()

    def entry(self, lesson: Lesson) -> Option:
        """A lesson's line: its title and state, and under them what it teaches."""
        head = Text.assemble((lesson.title, "bold"), f" ({lesson_status(lesson, self.progress)})")
        return Option(Text.assemble(head, "\n", (f"  {lesson.summary}", "dim")), id=lesson.id)

    def on_mount(self) -> None:
        self.title = "Learn to play"
        menu = self.query_one(OptionList)
        menu.focus()
        left = self.progress.continuing()
        ids = [x.id for x in self.lessons]
        if left is not None and left[0] in ids:
            menu.highlighted = ids.index(left[0])
        if self.progress.problem:
            self.notify(self.progress.problem, title="Lesson progress", severity="warning")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.post_message(OpenLesson(event.option.id))

    def action_leave(self) -> None:
        self.post_message(BackToTitle())


class LessonScreen(Screen):
    """One lesson: its step on show, the outcome of the last move, the keys to go on."""

    CSS_PATH = CSS
    BINDINGS = [
        Binding("enter", "table", "To the table"),
        Binding("enter", "real_game", "Real game"),
        Binding("n", "next_lesson", "Next lesson"),
        Binding("p", "play_on", "Play on freely"),
        Binding("r", "restart", "Start over", show=False),
        Binding("escape", "leave", "Lessons"),
    ]

    def __init__(
        self, lesson: Lesson, data_dir: Path, at: int = 0, bot_delay: float | None = None
    ) -> None:
        super().__init__()
        self.lesson = lesson
        self.data_dir = data_dir
        self.bot_delay = bot_delay
        self.progress = load_progress(data_dir)
        self.told_problem = False
        self.outcome: Outcome | None = None
        self.start(at)

    def start(self, at: int) -> None:
        self.run = LessonRun.start(self.lesson, at)
        self.controller = LessonController.for_run(self.run)
        self.controller.on_outcome = self.moved
        self.outcome = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll(id="lesson-body"):
            yield Static(id="lesson-said", classes="lesson-part", markup=False)
            yield Static(id="lesson-look", classes="lesson-part", markup=False)
            yield Static(id="lesson-enter", classes="lesson-part", markup=False)
        # the move asked for and what Enter does, always in sight above the keys
        yield Static(id="lesson-ask", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.keep_progress()
        self.show_step()

    def on_screen_resume(self) -> None:
        """Back from the table (a move, or Escape there): the lesson as it stands."""
        self.show_step()

    # ---- what is on show -----------------------------------------------------------
    def show_step(self) -> None:
        run, lesson = self.run, self.lesson
        total = len(lesson.steps)
        said = self.query_one("#lesson-said", Static)
        outcome = self.outcome
        said.display = outcome is not None
        said.set_class(outcome is not None and outcome.right, "-right")
        said.set_class(outcome is not None and not outcome.right, "-wrong")
        if outcome is not None:
            said.update("\n".join(outcome.lines()))
        look = self.query_one("#lesson-look", Static)
        ask = self.query_one("#lesson-ask", Static)
        enter = self.query_one("#lesson-enter", Static)
        if self.controller.free:  # the learner chose to play on: the lesson waits
            self.title = f"{lesson.title} - playing on"
            look.update(
                "You are playing on freely: moves are no longer checked and the other "
                "seats are played by an easy bot."
            )
            ask.update("Playing on. Enter: back to the table.")
            enter.update("R starts the lesson over; Escape goes back to the lessons.")
        elif run.finished:
            self.title = f"{lesson.title} - done"
            look.update(lesson.end)
            ask.update("Lesson complete. Enter: a real game against an easy bot, hints on.")
            enter.update(
                "In that game ? asks for a hint. P plays on from here instead, R starts "
                "this lesson over and Escape goes back to the lessons."
            )
        else:
            step = run.step
            self.title = f"{lesson.title} - step {run.index + 1} of {total}"
            look.update(f"Look at: {step.look}")
            ask.update(f"Your move: {step.ask}. Enter: to the table.")
            enter.update(
                "At the table make the move with its own keys (its footer shows them); "
                "Escape there comes back here. P plays on freely from this step, R starts "
                "the lesson over and Escape goes back to the lessons."
            )
        self.refresh_bindings()
        self.query_one("#lesson-body", VerticalScroll).scroll_home(animate=False)

    def table_heading(self) -> str:
        run = self.run
        if run.finished or self.controller.free:
            return f"{self.lesson.title} - playing on"
        return f"Step {run.index + 1}/{len(self.lesson.steps)}: {run.step.ask}"

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        finished = self.run.finished
        if action == "table":
            return not finished or self.controller.free
        if action == "real_game":
            return finished and not self.controller.free
        if action == "next_lesson":
            return finished and self.next_lesson() is not None
        return True

    # ---- moving on -------------------------------------------------------------------
    def open_table(self) -> None:
        table = screen_class(self.lesson.game)(self.controller, bot_delay=self.bot_delay)
        table.heading = self.table_heading
        self.app.push_screen(table)

    def action_table(self) -> None:
        if not self.run.finished or self.controller.free:
            self.open_table()

    def action_play_on(self) -> None:
        self.controller.play_freely()
        self.open_table()

    def moved(self, outcome: Outcome) -> None:
        """A move checked at the table: back here to say how it went."""
        self.outcome = outcome
        self.keep_progress()
        self.call_later(self.back_from_table)

    def back_from_table(self) -> None:
        if self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()
        self.show_step()

    def action_restart(self) -> None:
        if self.app.screen is self:
            self.start(0)
            self.keep_progress()
            self.show_step()

    def action_real_game(self) -> None:
        lesson = self.lesson
        seats: list[dict] = [
            {"kind": "human", "hints": True}
            if s == lesson.learner
            else {"kind": "bot", "level": "easy"}
            for s in range(len(lesson.players))
        ]
        seed = random.randrange(1, 100000)
        self.post_message(StartGame(lesson.game, list(lesson.players), seats, lesson.options, seed))

    def next_lesson(self) -> Lesson | None:
        lessons = all_lessons()
        ids = [x.id for x in lessons]
        i = ids.index(self.lesson.id) if self.lesson.id in ids else len(ids)
        return lessons[i + 1] if i + 1 < len(lessons) else None

    def action_next_lesson(self) -> None:
        following = self.next_lesson()
        if following is not None:
            self.post_message(OpenLesson(following.id))

    def action_leave(self) -> None:
        self.post_message(OpenMenu("learn"))

    def keep_progress(self) -> None:
        run, progress = self.run, self.progress
        if run.finished:
            progress.finished(self.lesson.id, self.lesson.title)
        else:
            progress.reached(self.lesson.id, self.lesson.title, run.index)
        problem = save_progress(self.data_dir, progress)
        if problem and not self.told_problem:
            self.told_problem = True  # said once a lesson, not at every step
            self.notify(problem, title="Lesson progress", severity="warning", timeout=10)
