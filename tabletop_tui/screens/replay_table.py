"""The replay viewer's table: a step of a saved game drawn by the game's own screen,
read-only, stepping by move (. and ,) and by turn (> and <), each step's log line in
the title and at the foot of the screen's log.

Privacy as in the viewer: the screen shows ``view(seat)`` for the seat the viewer
follows (only once the game is over), else the public view. No seat acts: every seat
is a person (no bot is made) and the screen is a review screen, which plays nothing.
"""

from __future__ import annotations

from ..controller import Controller
from ..replay import Replay

# The games whose screens can draw any step of a game; Sweet Lands takes its forced
# steps by itself on screen, so its replay stays the viewer's text.
TABLE_GAMES = frozenset({"happy-city", "happiest-town", "happiness"})


def turn_ends(replay: Replay) -> list[int]:
    """The steps after which another seat acts: the end of each player's turn."""
    seats = [a.seat for a in replay.actions]
    ends = [k for k in range(1, len(seats)) if seats[k] != seats[k - 1]]
    return [0, *ends, replay.last] if replay.last not in ends else [0, *ends]


class ReplayTable:
    """Draws steps of ``replay`` on a game screen and moves between them."""

    def __init__(self, replay: Replay, step: int, seat: int | None):
        self.replay, self.step, self.seat = replay, step, seat
        self.ends = turn_ends(replay)
        state = replay.state_at(step)
        seats = [{"kind": "human"} for _ in replay.players]
        self.controller = Controller(replay.spec, state, seats, viewer=seat)
        self.screen = None

    def make_screen(self):
        from ..games import screen_class

        screen = screen_class(self.replay.spec.id)(self.controller, bot_delay=0)
        screen.review = True
        screen.stepper = self.go
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
            self.screen.render_view()
            self.screen.title = self.heading()

    def heading(self) -> str:
        r = self.replay
        return f"Replay, step {self.step} of {r.last}: {r.step_label(self.step, self.seat)}"
