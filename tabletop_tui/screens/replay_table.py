"""The replay viewer's table: a step of a saved game drawn by the game's own screen,
read-only, stepping by move (. and ,) and by turn (> and <), each step's log line in
the title and at the foot of the screen's log. The coach's review opens it too, at a
turning point, with a line naming the move played and the best move found.

Privacy as in the viewer: the screen shows ``view(seat)`` for the seat the viewer
follows (only once the game is over), else the public view. No seat acts: every seat
is a person (no bot is made), the screen is a review screen, which plays nothing, and
its controller refuses every move (no forced step, hand-off or move list can act).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Action

from ..controller import Controller
from ..replay import Replay

if TYPE_CHECKING:
    from ..games.base import GameScreenBase


def turn_ends(replay: Replay) -> list[int]:
    """The steps after which another seat acts: the end of each player's turn."""
    seats = [a.seat for a in replay.actions]
    ends = [k for k in range(1, len(seats)) if seats[k] != seats[k - 1]]
    return [0, *ends, replay.last] if replay.last not in ends else [0, *ends]


class ReadOnlyController(Controller):
    """A controller for looking at a step: no legal move, no move applied, the reader
    never changes (a screen's own hand-off or forced step finds nothing to do)."""

    def legal(self) -> list[Action]:
        return []

    def act(self, action: Action, forced: bool = False) -> bool:
        self.last_error = "This is a replay: nothing can be played here."
        return False

    def bot_searches(self) -> bool:
        return False

    def bot_step(self) -> Action | None:
        return None

    def take_terminal(self, seat: int) -> None:
        pass  # the reader stays the one the replay follows

    def window_bots(self, elapsed: float = float("inf")) -> list[Action]:
        return []

    def close_window(self) -> None:
        pass


def turning_line(decision: Any, points: str, number: int, step: int) -> str:
    """The coach's line over a turning point: the move played, the best move found,
    the points between them (``step``: the step on show, when stepped away)."""
    where = "Before this move" if step == decision.step else f"At step {decision.step}"
    return (
        f"Turning point {number} - {where}: played {decision.played}; "
        f"best found {decision.best}; about {decision.loss:.1f} {points} lost."
    )


class ReplayTable:
    """Draws steps of ``replay`` on a game screen and moves between them. ``turning``:
    the coach's turning point (a ``rules.coach`` Decision), its number and the game's
    word for points, for the line naming both moves."""

    def __init__(
        self,
        replay: Replay,
        step: int,
        seat: int | None,
        turning: tuple[Any, int, str] | None = None,
    ):
        self.replay, self.step, self.seat = replay, step, seat
        self.turning = turning
        self.ends = turn_ends(replay)
        state = replay.state_at(step)
        seats = [{"kind": "human"} for _ in replay.players]
        self.controller = ReadOnlyController(replay.spec, state, seats, viewer=seat)
        self.controller.viewer = seat  # a solo game's one person too: None stays public
        self.screen: GameScreenBase | None = None

    def make_screen(self) -> GameScreenBase:
        from ..games import screen_class

        screen = screen_class(self.replay.spec.id)(self.controller, bot_delay=0)
        screen.review = True
        screen.stepper = self.go
        screen.heading = self.heading
        self.screen = screen
        return screen

    def target(self, delta: int, by_turn: bool) -> int:
        """The step ``delta`` moves (or turns) away from the one shown."""
        if not by_turn:
            return max(0, min(self.replay.last, self.step + delta))
        if delta > 0:
            return next((k for k in self.ends if k > self.step), self.replay.last)
        return next((k for k in reversed(self.ends) if k < self.step), 0)

    def go(self, delta: int, by_turn: bool) -> None:
        self.show(self.target(delta, by_turn))

    def show(self, step: int) -> None:
        self.step = step
        self.controller.state = self.replay.state_at(step)
        if self.screen is not None and self.screen.is_attached:
            self.screen.render_view()  # its title is the step's heading
            if self.turning is not None:
                decision, number, points = self.turning
                self.screen.show_review_note(turning_line(decision, points, number, step))

    def heading(self) -> str:
        r = self.replay
        return f"Replay, step {self.step} of {r.last}: {r.step_label(self.step, self.seat)}"
