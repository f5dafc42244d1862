"""Guided lessons: prepared positions, one idea a step, the learner's move checked.

A lesson is data, kept in its game's package as ``lessons.toml`` (one file a game).
Its position is a new game from a fixed seed and options, then moves written out in
the file (``setup``, each step's expected move and the moves that follow it): never
a bot's choice, so a lesson does not shift when a bot changes. A step names what to
look at (``look``), asks for a move (``ask``), lists the moves it accepts
(``expect``, the first one played when the lesson is replayed) and says why
(``why``). A different move is explained by the game's explainer: what the chosen
move would do (or why the engine refuses it) beside what the expected one does.

Each step also carries the facts that make it worth teaching, checked by the suite
(``check_lesson``): ``says`` (words the expected move's explanation must hold) and
``wrong`` with ``wrong_says`` (one different move and words its explanation must
hold). A lesson whose position no longer fits the rules so fails a test instead of
teaching something false.

Pure Python: the app's lesson screen and the tests drive the same :class:`LessonRun`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from . import FOUND_IN, GAMES, get_game
from .core import Action, Explanation, GameSpec, GameState, IllegalAction

LESSON_FILE = "lessons.toml"


class LessonError(ValueError):
    """A lesson file that cannot be read, or a lesson that no longer fits its rules."""


@dataclass(frozen=True)
class Step:
    look: str  # what on the table to look at
    ask: str  # the move asked for, in a line (the title bar shows it on the table)
    expect: tuple[str, ...]  # action keys the step accepts; the first is played on replay
    why: str  # why the expected move, in the lesson's own words
    wrong: str  # one different move, played by the test
    wrong_says: str  # words the explanation of ``wrong`` holds
    says: str = ""  # words the explanation of the expected move holds
    then: tuple[str, ...] = ()  # moves after the expected one (the other seats, refills)


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: str
    summary: str
    players: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    steps: tuple[Step, ...]
    end: str  # what the finished lesson says
    setup: tuple[str, ...] = ()
    learner: int = 0  # the learner's seat

    @property
    def spec(self) -> GameSpec[GameState]:
        return get_game(self.game)

    def first_state(self) -> GameState:
        """The lesson's position before its first step."""
        state = self.spec.new_game(list(self.players), self.seed, self.options)
        return play_keys(self.spec, state, self.setup, f"{self.id}: setup")


@dataclass(frozen=True)
class Outcome:
    """What a move at a step came to: ``right`` or not, the explainer's words for the
    move played (``chosen``) and for the step's move (``expected``), and the step's
    reason."""

    right: bool
    chosen: Explanation
    expected: Explanation
    why: str

    def lines(self) -> list[str]:
        """The outcome in lines, as the lesson screen shows it."""
        if self.right:
            return [f"Right: {_sentence(self.chosen)}", *_explained(self.chosen), "", self.why]
        out = [f"You chose: {_sentence(self.chosen)}"]
        if self.chosen.refused is not None:
            out.append(f"The rules refuse it: {self.chosen.refused}")
        else:
            out += ["What it would do:", *_explained(self.chosen)]
        out += ["", f"The lesson's move: {_sentence(self.expected)}", *_explained(self.expected)]
        out += ["", self.why, "", "Nothing was played: try again, or play on freely."]
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


def _sentence(told: Explanation) -> str:
    """The move's title ending in one full stop (some titles end in one already)."""
    return told.title.rstrip(".") + "."


def _explained(told: Explanation) -> list[str]:
    return [f"  {line.text()}" for line in told.lines]


@dataclass
class LessonRun:
    """A lesson under way: its state at step ``index`` (``len(steps)``: finished)."""

    lesson: Lesson
    state: GameState
    index: int = 0
    outcomes: list[Outcome] = field(default_factory=list)

    @classmethod
    def start(cls, lesson: Lesson, at: int = 0) -> LessonRun:
        """The lesson at step ``at`` (0 for its start), its earlier steps played with
        their expected moves."""
        run = cls(lesson, lesson.first_state())
        for _ in range(max(0, min(at, len(lesson.steps)))):
            run.play(run.expected_action())
        return run

    @property
    def spec(self) -> GameSpec[GameState]:
        return self.lesson.spec

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step:
        if self.finished:
            raise LessonError(f"{self.lesson.id} is finished: it has no step {self.index + 1}")
        return self.lesson.steps[self.index]

    def expected_action(self) -> Action:
        return self.named(self.step.expect[0])

    def named(self, key: str) -> Action:
        """The move with the engine's own label: the one it lists now if it does (its
        words know the position: "Play Quarry Boss", not "play 107"), else the game's
        label for the key."""
        listed = self.state.legal_actions(self.lesson.learner)
        return next((a for a in listed if a.key == key), None) or self.spec.parse_action(key)

    def explain(self, action: Action) -> Explanation:
        return self.spec.explainer.action(self.state, self.lesson.learner, action)

    def try_move(self, action: Action) -> Outcome:
        """Check ``action`` against the step: an expected move is played (with the
        moves that follow it) and the run moves to the next step; any other move
        leaves the position as it was."""
        step = self.step
        named = self.named(action.key)  # labelled by the engine, not by the caller
        expected = self.expected_action()
        right = named.key in step.expect
        outcome = Outcome(
            right, self.explain(named), self.explain(named if right else expected), step.why
        )
        if right:
            self.play(named)
        self.outcomes.append(outcome)
        return outcome

    def play(self, action: Action) -> None:
        """Play an accepted move at this step and the moves after it."""
        where = f"{self.lesson.id}, step {self.index + 1}"
        self.state = play_keys(self.spec, self.state, (action.key, *self.step.then), where)
        self.index += 1


def play_keys(
    spec: GameSpec[GameState], state: GameState, keys: tuple[str, ...], where: str
) -> GameState:
    for key in keys:
        try:
            state = state.apply(spec.parse_action(key))
        except IllegalAction as exc:
            raise LessonError(f"{where}: {key} is refused: {exc.reason}") from None
    return state


# ---- reading the files ------------------------------------------------------------
def lessons_for(game_id: str) -> list[Lesson]:
    """The lessons of one game, in their file's order ([] if it has none)."""
    package = FOUND_IN.get(game_id)
    if package is None:
        return []
    path = resources.files(package) / LESSON_FILE
    if not path.is_file():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{package}/{LESSON_FILE} cannot be read: {exc}") from None
    return [
        read_lesson(raw, f"{package}/{LESSON_FILE}")
        for raw in data.get("lesson", [])
        if raw.get("game") == game_id
    ]


def all_lessons() -> list[Lesson]:
    """Every game's lessons, games in menu order."""
    return [lesson for game_id in GAMES for lesson in lessons_for(game_id)]


def lesson_by_id(lesson_id: str) -> Lesson | None:
    return next((lesson for lesson in all_lessons() if lesson.id == lesson_id), None)


def prose(text: str) -> str:
    """Text written over several lines in the file, as paragraphs of one line each (the
    screen wraps them to its width)."""
    return "\n\n".join(" ".join(part.split()) for part in text.split("\n\n") if part.strip())


def read_lesson(raw: dict[str, Any], where: str) -> Lesson:
    try:
        steps = tuple(
            Step(
                look=prose(s["look"]),
                ask=prose(s["ask"]),
                expect=tuple(s["expect"]),
                why=prose(s["why"]),
                wrong=s["wrong"],
                wrong_says=s["wrong_says"],
                says=s.get("says", ""),
                then=tuple(s.get("then", ())),
            )
            for s in raw["step"]
        )
        return Lesson(
            id=raw["id"],
            game=raw["game"],
            title=raw["title"],
            summary=prose(raw["summary"]),
            players=tuple(raw["players"]),
            seed=raw["seed"],
            options=dict(raw.get("options", {})),
            steps=steps,
            end=prose(raw["end"]),
            setup=tuple(raw.get("setup", ())),
            learner=raw.get("learner", 0),
        )
    except KeyError as exc:
        raise LessonError(f"{where}: lesson {raw.get('id', '?')} lacks {exc}") from None


# ---- the suite's check --------------------------------------------------------------
def check_lesson(lesson: Lesson) -> list[str]:
    """Everything wrong with a lesson against the rules as they are now ([] if none):
    each step is the learner's move with a real choice, its expected moves are legal
    and explained as the file says, and its wrong move differs and is explained as
    the file says."""
    problems: list[str] = []
    try:
        run = LessonRun.start(lesson)
    except (LessonError, ValueError) as exc:
        return [str(exc)]
    while not run.finished:
        where = f"{lesson.id}, step {run.index + 1}"
        step = run.step
        state, seat = run.state, lesson.learner
        if state.is_over or seat not in state.actors():
            return [*problems, f"{where}: it is not the learner's move"]
        legal = {a.key for a in state.legal_actions(seat)}
        if len(legal) < 2:
            problems.append(f"{where}: the learner has no choice (one legal move)")
        problems += [f"{where}: {key} is not legal" for key in step.expect if key not in legal]
        if step.wrong in step.expect:
            problems.append(f"{where}: the wrong move is one the step accepts")
        wrong = run.try_move(run.named(step.wrong))
        if wrong.right or run.state is not state:
            problems.append(f"{where}: the wrong move changed the position")
        if step.wrong_says not in wrong.text():
            problems.append(f"{where}: the wrong move's explanation lacks {step.wrong_says!r}")
        try:
            right = run.try_move(run.expected_action())
        except LessonError as exc:
            return [*problems, str(exc)]
        if step.says not in right.text():
            problems.append(f"{where}: the expected move's explanation lacks {step.says!r}")
    return problems
