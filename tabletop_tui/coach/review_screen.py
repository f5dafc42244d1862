"""The review screen: one chosen seat's decisions in a finished game, its turning
points marked (the move played, the best move found, the points between them).

The review runs in a worker thread with a progress bar and can be stopped (S or
Escape); a finished review is kept in the save, so opening it again is instant.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar, Select, Static
from textual.worker import Worker, WorkerState, get_current_worker

import rules
from rules.bots import Budget
from rules.coach import Cancelled, Review, review_game, review_text

from ..saves import SaveProblem
from ..widgets.title_bar import TitleBar
from .review_store import keep_locked, keep_review, kept_review


class ReviewScreen(Screen):
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("s", "stop", "Stop"),
        Binding("r", "again", "Review again"),
        Binding("1", "position(0)", "See turning point", key_display="1-3"),
        Binding("2", "position(1)", "", show=False),
        Binding("3", "position(2)", "", show=False),
    ]
    DEFAULT_CSS = """
    ReviewScreen #review-top { height: auto; }
    ReviewScreen #review-top Label { padding: 1 1 0 1; }
    ReviewScreen #review-seat { width: 30; }
    ReviewScreen ProgressBar { margin: 1 1 0 1; height: 1; }
    ReviewScreen #review-text { padding: 1 1; height: auto; }
    """
    rank_budget: Budget | None = None  # None: the coach's default per decision
    worlds: int | None = None
    seed: int | None = None  # None: a fresh seed for each review (tests fix one)

    def __init__(self, spec, state, save_path: Path | None, seat: int, kept: dict | None = None):
        super().__init__()
        self.spec, self.state, self.save_path, self.seat = spec, state, save_path, seat
        self.kept = kept  # a controller's kept fields: the review goes in too
        self.moves = len(state.action_keys())
        self.shown: Review | None = None  # the review on screen

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="review-top"):
            yield Label("Seat")
            yield Select(
                [(name, s) for s, name in enumerate(self.state.players)],
                value=self.seat,
                allow_blank=False,
                id="review-seat",
            )
        yield ProgressBar(total=100, show_eta=False, id="review-progress")
        with VerticalScroll():
            yield Static("", id="review-text")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"{self.spec.title} - review"
        self.open_seat()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        running = any(w.is_running for w in self.workers if w.group == "review")
        if action == "stop":
            return True if running else None
        if action == "again":
            return None if running else True
        if action == "position":
            shown = self.shown.turning_points if self.shown else []
            return self.save_path is not None and parameters[0] < len(shown)
        return True

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.seat:
            self.seat = event.value
            self.open_seat()

    def open_seat(self) -> None:
        self.workers.cancel_group(self, "review")
        kept = kept_review(self.save_path, self.seat, self.moves) if self.save_path else None
        if kept is not None:
            self.show(kept, "(kept with the save)")
        else:
            self.start()

    def show(self, review: Review, note: str = "") -> None:
        self.shown = review
        self.query_one(ProgressBar).display = False
        text = review_text(review) + (f"\n\n{note}" if note else "")
        if self.save_path is not None and review.turning_points:
            text += "\n\n1-3 show the table at that turning point, before the move."
        self.query_one("#review-text", Static).update(Text(text))
        self.refresh_bindings()

    def start(self) -> None:
        self.shown = None
        bar = self.query_one(ProgressBar)
        bar.display = True
        bar.update(progress=0)
        who = self.state.players[self.seat]
        self.query_one("#review-text", Static).update(
            Text(f"The hard bot is going over {who}'s decisions... (S stops)")
        )
        spec, state, seat = self.spec, self.state, self.seat
        budget, worlds = self.rank_budget, self.worlds
        seed = self.seed if self.seed is not None else secrets.randbelow(1 << 20)

        def work() -> Review:
            worker = get_current_worker()

            def told(share: float) -> None:
                if worker.is_cancelled:
                    raise Cancelled
                self.app.call_from_thread(bar.update, progress=round(100 * share))

            kw = {"worlds": worlds} if worlds else {}
            return review_game(spec, state, seat, seed, budget, progress=told, **kw)

        self.run_worker(work, thread=True, group="review", exclusive=True, name="review")
        self.refresh_bindings()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "review":
            return
        self.refresh_bindings()
        if event.state == WorkerState.SUCCESS and isinstance(event.worker.result, Review):
            review = event.worker.result
            if review.seat != self.seat:
                return  # another seat was chosen meanwhile
            self.show(review)
            self.keep(review)
        elif event.state == WorkerState.ERROR and not isinstance(event.worker.error, Cancelled):
            self.query_one("#review-text", Static).update(
                Text(f"The review failed: {event.worker.error}")
            )
        elif event.state in (WorkerState.CANCELLED, WorkerState.ERROR):
            self.query_one(ProgressBar).display = False
            self.query_one("#review-text", Static).update(
                Text("Review stopped. R starts it again.")
            )

    def keep(self, review: Review) -> None:
        if self.save_path is None:
            return
        if self.kept is None:  # opened from the resume list: the save is not ours to hold
            self.notify(keep_locked(self.save_path, review, self.moves), markup=False)
            return
        try:
            coach = keep_review(self.save_path, review, self.moves)
        except (OSError, SaveProblem) as exc:
            self.notify(
                f"The review could not be kept with the save: {exc}",
                severity="warning",
                markup=False,  # a path or a file's words, drawn as they are
            )
            return
        if self.kept is not None:
            self.kept["coach"] = coach

    def action_position(self, n: int) -> None:
        """The game's own screen, read-only, at the n-th turning point (the position
        before the move), a line naming both moves over it; Escape comes back here."""
        from ..replay import ReplayError, load_replay
        from ..screens.replay_table import ReplayTable

        review = self.shown
        turning = review.turning_points if review else []
        if review is None or self.save_path is None or n >= len(turning):
            return
        try:
            replay = load_replay(self.save_path)
        except ReplayError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error", markup=False)
            return
        # the reviewed seat's view only once the game is over (as the replay viewer)
        seat = review.seat if replay.over else None
        table = ReplayTable(replay, turning[n].step, seat, (turning[n], n + 1, review.points))
        self.app.push_screen(table.make_screen())
        self.call_after_refresh(table.show, turning[n].step)

    def action_stop(self) -> None:
        self.workers.cancel_group(self, "review")

    def action_again(self) -> None:
        self.start()

    def action_close(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)


def first_seat(seats: list[dict]) -> int:
    """The seat a review opens on: the only person at the table, else the first."""
    humans = [s for s, info in enumerate(seats) if info.get("kind") == "human"]
    return humans[0] if humans else 0


def open_review(screen: Screen, controller) -> None:
    """The review of the game a controller has just finished."""
    c = controller
    screen.app.push_screen(ReviewScreen(c.spec, c.state, c.save_path, first_seat(c.seats), c.kept))


def review_saved(screen: Screen, path: Path) -> None:
    """The review of a finished game in a save file (from the resume list)."""
    from ..saves import BadSave, load_checked, read_seats

    state = load_checked(path)
    if isinstance(state, BadSave):
        screen.notify(
            state.reason, title="Cannot review", severity="error", timeout=10, markup=False
        )
        return
    seats = read_seats(path, len(state.players))
    spec = rules.get_game(state.spec.id)
    screen.app.push_screen(ReviewScreen(spec, state, path, first_seat(seats)))
