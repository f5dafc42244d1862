"""The hint key of every game screen and the panel that shows the hint.

``?`` asks the ``hard`` bot for the current seat's best three moves. The bot works in
a worker thread, from an observation of that seat (``rules.bots.observe``: its view,
its legal moves and resampled copies), while the screen stays live; a progress bar
fills as its budget is spent. A hint whose position has gone (a move was made, the
keyboard changed hands) is dropped, and the panel closes with it. ``W`` works the same
way for a bot's move (``why_panel``): why it played it, and the runner-up.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator

from textual.app import SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from rules.bots import Budget, Thinking, observe
from rules.coach import BotMoveWhy, Hint, hints, why_bot_move

from ..controller import Controller
from ..text import markup_safe as escape
from .seats import count_hint, hints_on
from .why_panel import WhyPanel

HINT_SECONDS = 1.5  # process time the bot may spend on a hint


class HintCancelled(Exception):
    """The worker was cancelled: stop the search at its next world."""


class HintPanel(Vertical):
    DEFAULT_CSS = """
    HintPanel { dock: bottom; height: auto; max-height: 14; margin: 0 0 1 0;
                border: round $accent; background: $panel; padding: 0 1; }
    HintPanel ProgressBar { height: 1; }
    HintPanel #hint-text { height: auto; }
    """

    def __init__(self, who: str, state, **kw):
        super().__init__(id="hint-panel", **kw)
        self.border_title = "Hint"
        self.who = who
        self.state = state  # the position the panel speaks of

    def compose(self):
        who = escape(self.who)
        yield Static(
            f"The hard bot is thinking for {who}, from {who}'s view only...", id="hint-text"
        )
        yield ProgressBar(total=100, show_eta=False, id="hint-progress")

    def on_mount(self) -> None:
        self.set_interval(0.3, self.check_position)

    def check_position(self) -> None:
        """Close once the game has moved on from the position of the hint."""
        screen = self.screen
        if isinstance(screen, CoachScreen) and screen.hint_position() is not self.state:
            screen.close_hint()

    def progress(self, thinking: Thinking) -> None:
        """The bar, and the move the bot leans to so far (which may still change)."""
        if not self.is_attached:
            return
        self.query_one(ProgressBar).update(progress=round(100 * thinking.share))
        if thinking.leaning is not None:
            who = escape(self.who)
            label = escape(thinking.leaning.label or thinking.leaning.key)
            games = f"{thinking.games} imagined game{'s' if thinking.games != 1 else ''}"
            self.query_one("#hint-text", Static).update(
                f"The hard bot is thinking for {who}, from {who}'s view only...\n"
                f"So far it leans to: [b]{label}[/b] (after {games}; it may still change)"
            )

    def show(self, who: str, found: list[Hint]) -> None:
        self.query_one(ProgressBar).display = False
        self.query_one("#hint-text", Static).update(hint_text(who, found))


def hint_text(who: str, found: list[Hint]) -> str:
    by = f", ordered by {escape(found[0].figure)}" if found and found[0].figure else ""
    lines = [f"[b]The hard bot's best moves for {escape(who)}[/b]{by} (? again closes)"]
    for n, h in enumerate(found, start=1):
        pick = " [i](the hard bot's own pick)[/i]" if h.bots_pick and n > 1 else ""
        lines.append(f"{n}. [b]{escape(h.action.label)}[/b]: {escape(h.value)}{pick}")
        lines.append(f"   {escape(h.why)}")
    return "\n".join(lines)


class CoachScreen(Screen):
    """The coach's keys, ? (a hint) and W (why a bot moved); game screens get them
    through ``GameScreenBase``."""

    # ? shows a hint; where the seat's hints are off, the same key (not in the key bar,
    # which keeps its room) says so and, pressed again, turns them on
    BINDINGS = [
        Binding("question_mark", "hint", "Hint", key_display="?"),
        Binding("question_mark", "hints_off", show=False),
        Binding("W", "why", "Why (bot)"),  # lower-case letters take cards in Happy City
    ]
    hint_budget: Budget | None = None  # None: HINT_SECONDS of process time
    # what the running hint is for: its worker, the panel, the position and the seat
    hint_asked: tuple[Worker, HintPanel, object, int] | None = None
    # what the game screen gives it: the table's controller, and whether the screen
    # is a read-only review (no hints there)
    controller: Controller
    review = False
    # the seat and position where ? said hints are off: ? again there turns them on
    hints_offered: tuple[int, object] | None = None

    def coach_panel_home(self) -> Widget:
        """Where the hint and why panels are mounted: the screen, docked along its
        bottom, unless a game screen keeps a place for them that hides nothing the
        move needs (Happy City: its right-hand column, over the log)."""
        return self

    def hint_position(self):
        """The position a hint is for: the state and the seat at the keyboard."""
        c = self.controller
        return c.state if c.viewer is not None and c.next_step() == "human" else None

    def seat_may_have_hints(self) -> bool:
        """A person is at the keyboard of a game in play (not a review), held here (a
        hint imagines the hidden cards afresh from the game itself)."""
        c = self.controller
        return (
            not self.review
            and c.game_is_here
            and c.viewer is not None
            and c.seats[c.viewer].get("kind") == "human"
        )

    def hint_allowed(self) -> bool | None:
        """Whether ? offers a hint: for a person whose hints are on, dimmed while it is
        not their move."""
        c = self.controller
        if not self.seat_may_have_hints() or c.viewer is None or not hints_on(c.seats[c.viewer]):
            return False
        return True if c.next_step() == "human" else None

    def hints_off_allowed(self) -> bool:
        """Whether ? answers that this person's hints are off."""
        c = self.controller
        return (
            self.seat_may_have_hints() and c.viewer is not None and not hints_on(c.seats[c.viewer])
        )

    def action_hints_off(self) -> None:
        """? with hints off: say so and how to turn them on; ? again turns them on."""
        c = self.controller
        seat, state = c.viewer, c.state
        if seat is None:
            return
        if self.hints_offered != (seat, state):
            self.hints_offered = (seat, state)
            self.notify(
                f"Hints are off for {state.players[seat]}. Press ? again to turn them on "
                "(the palette, Ctrl+P, turns them off); the end screen counts them.",
                markup=False,
            )
            return
        self.hints_offered = None
        self.set_hints(True)
        self.action_hint()

    def why_allowed(self) -> bool:
        """Whether w can say why the last bot moved as it did: a game in play where
        nothing is hidden (a bot's other options could tell what it holds)."""
        c = self.controller
        return not self.review and not c.spec.private_info and c.last_bot_move is not None

    async def action_why(self) -> None:
        """Why the last bot move, ranked again from the bot's seat as it was, in a
        worker thread; W again: the bot move before it, and so back through the game
        (past its first bot move, the panel closes)."""
        c = self.controller
        if not self.why_allowed():
            return
        shown = self.query(WhyPanel)
        index = len(c.bot_moves) - 1
        if shown:
            index = shown.first().index - 1
            self.workers.cancel_group(self, "why")
            await shown.first().remove()  # gone before the next one takes its place
        if index < 0:
            return
        move = c.bot_moves[index]
        assert move.action is not None  # a bot's move is always recorded with its action
        before, seat, action = move.state, move.seat, move.action
        count = len(c.bot_moves)
        panel = WhyPanel(
            before.players[seat],
            action.label or action.key,
            index,
            lambda: len(c.bot_moves) == count,
        )
        self.coach_panel_home().mount(panel)
        budget = self.hint_budget or Budget(seconds=HINT_SECONDS)
        seed = secrets.randbelow(1 << 31)

        def work() -> BotMoveWhy:
            worker = get_current_worker()

            def told(thinking: Thinking) -> None:
                if worker.is_cancelled:
                    raise HintCancelled
                self.app.call_from_thread(panel.progress, thinking)

            return why_bot_move(before, seat, action, seed, budget, told)

        self.run_worker(work, thread=True, group="why", exclusive=True, name="why")

    def set_hints(self, on: bool) -> None:
        """Hints on or off for the seat at the keyboard, kept in the save."""
        c = self.controller
        if c.viewer is None:
            return
        seat = c.seats[c.viewer]
        if on:
            seat["hints"] = True
        else:
            seat.pop("hints", None)
            self.close_hint()
        c.autosave()
        name = c.state.players[c.viewer]
        self.notify(f"Hints are {'on' if on else 'off'} for {name}.", markup=False)

    def coach_commands(self) -> Iterator[SystemCommand]:
        """The command palette's entry that turns the seat's hints on or off."""
        c = self.controller
        if not self.seat_may_have_hints() or c.viewer is None:
            return
        on = hints_on(c.seats[c.viewer])
        name = c.state.players[c.viewer]
        yield SystemCommand(
            f"Hints {'off' if on else 'on'} for {name}",
            "Whether ? may show the hard bot's best moves for this seat (counted in the save)",
            lambda: self.set_hints(not on),
        )

    def close_hint(self) -> None:
        self.workers.cancel_group(self, "hint")
        with contextlib.suppress(NoMatches):
            self.query_one(HintPanel).remove()

    def action_hint(self) -> None:
        try:
            panel = self.query_one(HintPanel)
        except NoMatches:
            panel = None
        if panel is not None:  # ? again closes the hint (or stops the thinking)
            self.close_hint()
            return
        c = self.controller
        seat, state = c.viewer, c.state
        if not self.hint_allowed() or seat is None:
            self.notify("No hint now: it is not your move.", severity="warning")
            return
        obs = observe(state, seat)  # the seat's observation, taken on this thread
        panel = HintPanel(state.players[seat], state)
        self.coach_panel_home().mount(panel)
        game_id, budget = c.spec.id, self.hint_budget or Budget(seconds=HINT_SECONDS)
        seed = secrets.randbelow(1 << 31)  # not the game's: it would deal the hidden cards

        def work() -> list[Hint]:
            worker = get_current_worker()

            def told(thinking: Thinking) -> None:
                if worker.is_cancelled:
                    raise HintCancelled
                self.app.call_from_thread(panel.progress, thinking)

            return hints(obs, game_id, seed, budget, told)

        worker = self.run_worker(work, thread=True, group="hint", exclusive=True, name="hint")
        self.hint_asked = (worker, panel, state, seat)

    def hint_found(self, worker: Worker, found: list[Hint]) -> None:
        if self.hint_asked is None or self.hint_asked[0] is not worker:
            return  # an older request's answer, cancelled since
        _worker, panel, state, seat = self.hint_asked
        self.hint_asked = None
        if panel.is_attached and self.hint_position() is state:  # else stale: dropped
            c = self.controller
            count_hint(c.seats[seat])
            c.autosave()
            panel.show(c.state.players[seat], found)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "why":
            self.why_found(event.worker, event.state)
            return
        if event.worker.group != "hint":
            return
        if event.state == WorkerState.SUCCESS:
            self.hint_found(event.worker, event.worker.result or [])
        elif event.state == WorkerState.ERROR and not isinstance(event.worker.error, HintCancelled):
            self.close_hint()
            self.notify(f"No hint: {event.worker.error}", severity="error", markup=False)

    def why_found(self, worker: Worker, state: WorkerState) -> None:
        panels = self.query(WhyPanel)
        if not panels:
            return  # closed meanwhile
        if state == WorkerState.SUCCESS and isinstance(worker.result, BotMoveWhy):
            panels.first().show(worker.result)
        elif state == WorkerState.ERROR and not isinstance(worker.error, HintCancelled):
            panels.first().remove()
            self.notify(f"No answer: {worker.error}", severity="error", markup=False)
