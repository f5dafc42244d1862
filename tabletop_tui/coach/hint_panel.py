"""The coach part of every game screen: the hint key and panel, the why key and panel.

``?`` asks the ``hard`` bot for the current seat's best three moves. The bot works in
a worker thread, from an observation of that seat (``rules.bots.observe``: its view,
its legal moves and resampled copies), while the screen stays live; a progress bar
fills as its budget is spent. A hint whose position has gone (a move was made, the
keyboard changed hands) is dropped, and the panel closes with it. ``W`` works the same
way for a bot's move (``why_panel``): why it played it, and the runner-up.

A game screen holds one ``Coach`` (it does not inherit it): the coach reads what it
needs of the screen through ``CoachHost`` and owns its two panels, each of which runs
its own worker (removing a panel cancels its search).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from typing import Protocol

from textual.app import SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from rules.bots import Budget, Thinking, observe
from rules.coach import BotMoveWhy, Hint, hints, why_bot_move
from rules.core import GameState

from ..controller import Controller
from ..text import markup_safe as escape
from ..widgets.parts import PartHost
from .search_worker import Told, search_error, search_in_thread
from .seats import count_hint, hints_on
from .why_panel import WhyPanel

HINT_SECONDS = 1.5  # process time the bot may spend on a hint

# The coach's keys, in the game screen's BINDINGS. ? shows a hint; where the seat's
# hints are off, the same key (not in the key bar, which keeps its room) says so and,
# pressed again, turns them on. W: lower-case letters take cards in Happy City.
COACH_BINDINGS = [
    Binding("question_mark", "hint", "Hint", key_display="?"),
    Binding("question_mark", "hints_off", show=False),
    Binding("W", "why", "Why (bot)"),
]


class CoachHost(PartHost, Protocol):
    """What the coach reads of the game screen that holds it."""

    @property
    def controller(self) -> Controller:
        """The table: its position, its seats, the seat at the keyboard."""
        ...

    @property
    def review(self) -> bool:
        """True on a table to look at (no hints there)."""
        ...

    def coach_panel_home(self) -> Widget:
        """Where the hint and why panels are mounted."""
        ...

    def coach_panels_gone(self) -> None:
        """No coach panel shows any more: the home may give its room back."""
        ...


class HintPanel(Vertical):
    DEFAULT_CSS = """
    HintPanel { dock: bottom; height: auto; max-height: 14; margin: 0 0 1 0;
                border: round $accent; background: $panel; padding: 0 1; }
    HintPanel ProgressBar { height: 1; }
    HintPanel #hint-text { height: auto; }
    """

    def __init__(
        self, who: str, state: GameState, coach: Coach, search: Callable[[Told], list[Hint]]
    ):
        super().__init__(id="hint-panel")
        self.border_title = "Hint"
        self.who = who
        self.state = state  # the position the panel speaks of
        self.coach = coach
        self.search = search  # the hard bot's ranking, run in the panel's worker

    def compose(self):
        who = escape(self.who)
        yield Static(
            f"The hard bot is thinking for {who}, from {who}'s view only...", id="hint-text"
        )
        yield ProgressBar(total=100, show_eta=False, id="hint-progress")

    def on_mount(self) -> None:
        self.set_interval(0.3, self.check_position)
        search_in_thread(self, self.search, self.progress, "hint")

    def check_position(self) -> None:
        """Close once the game has moved on from the position of the hint."""
        if self.coach.hint_position() is not self.state:
            self.coach.close_hint()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.SUCCESS:
            found = event.worker.result
            self.coach.hint_found(self, found if isinstance(found, list) else [])
        elif (error := search_error(event)) is not None:
            self.coach.search_failed(self, f"No hint: {error}")

    def progress(self, thinking: Thinking) -> None:
        """The bar, and the move the bot leans to so far (which may still change)."""
        # the panel may be closing, its children already gone (? again, a move): then
        # the report of a search being stopped has nowhere to go
        bar = next(self.query("#hint-progress").results(ProgressBar), None)
        text = next(self.query("#hint-text").results(Static), None)
        if not self.is_attached or bar is None or text is None:
            return
        bar.update(progress=round(100 * thinking.share))
        if thinking.leaning is not None:
            who = escape(self.who)
            label = escape(thinking.leaning.label or thinking.leaning.key)
            games = f"{thinking.games} imagined game{'s' if thinking.games != 1 else ''}"
            text.update(
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


class Coach:
    """The coach's keys, ? (a hint) and W (why a bot moved), for one game screen: it
    decides when they act, asks ``rules.coach`` in worker threads and owns the panels
    that show the answers. The screen binds the keys (``COACH_BINDINGS``) and passes
    them on."""

    def __init__(self, host: CoachHost) -> None:
        self.host = host
        self.budget: Budget | None = None  # None: HINT_SECONDS of process time
        self.hint_panel: HintPanel | None = None  # the hint on show (or being found)
        self.why_panel: WhyPanel | None = None
        # the seat and position where ? said hints are off: ? again there turns them on
        self.hints_offered: tuple[int, GameState] | None = None

    def search_budget(self) -> Budget:
        return self.budget or Budget(seconds=HINT_SECONDS)

    # ---- when the keys act -------------------------------------------------------------
    def hint_position(self) -> GameState | None:
        """The position a hint is for: the state, while a person at the keyboard moves."""
        c = self.host.controller
        return c.state if c.viewer is not None and c.next_step() == "human" else None

    def seat_may_have_hints(self) -> bool:
        """A person is at the keyboard of a game in play (not a review), held here (a
        hint imagines the hidden cards afresh from the game itself)."""
        c = self.host.controller
        return (
            not self.host.review
            and c.game_is_here
            and c.viewer is not None
            and c.seats[c.viewer].get("kind") == "human"
        )

    def hint_allowed(self) -> bool | None:
        """Whether ? offers a hint: for a person whose hints are on, dimmed while it is
        not their move."""
        c = self.host.controller
        if not self.seat_may_have_hints() or c.viewer is None or not hints_on(c.seats[c.viewer]):
            return False
        return True if c.next_step() == "human" else None

    def hints_off_allowed(self) -> bool:
        """Whether ? answers that this person's hints are off."""
        c = self.host.controller
        return (
            self.seat_may_have_hints() and c.viewer is not None and not hints_on(c.seats[c.viewer])
        )

    def why_allowed(self) -> bool:
        """Whether W can say why the last bot moved as it did: a game in play where
        nothing is hidden (a bot's other options could tell what it holds)."""
        c = self.host.controller
        return not self.host.review and not c.spec.private_info and c.last_bot_move is not None

    def allows(self, action: str) -> bool | None:
        """The screen's check_action for the coach's own actions (None: not the coach's)."""
        if action == "hint":
            return self.hint_allowed()
        if action == "hints_off":
            return self.hints_off_allowed()
        if action == "why":
            return self.why_allowed()
        return None

    # ---- the hint ----------------------------------------------------------------------
    def toggle_hint(self) -> None:
        """? : a hint for the seat at the keyboard, or (again) close the one on show."""
        if self.hint_panel is not None:  # ? again closes the hint (or stops the thinking)
            self.close_hint()
            return
        c = self.host.controller
        seat, state = c.viewer, c.state
        if not self.hint_allowed() or seat is None:
            self.host.notify("No hint now: it is not your move.", severity="warning")
            return
        obs = observe(state, seat)  # the seat's observation, taken on this thread
        game_id, budget = c.spec.id, self.search_budget()
        seed = secrets.randbelow(1 << 31)  # not the game's: it would deal the hidden cards

        def search(told: Told) -> list[Hint]:
            return hints(obs, game_id, seed, budget, told)

        self.hint_panel = HintPanel(state.players[seat], state, self, search)
        self.host.coach_panel_home().mount(self.hint_panel)

    def hint_found(self, panel: HintPanel, found: list[Hint]) -> None:
        if panel is not self.hint_panel or self.hint_position() is not panel.state:
            return  # an older request's answer, or a stale one: dropped
        c = self.host.controller
        seat = c.viewer
        assert seat is not None  # the position is a person's move (hint_position)
        count_hint(c.seats[seat])
        c.autosave()
        panel.show(c.state.players[seat], found)

    def close_hint(self) -> None:
        """The hint panel goes, and its search stops with it."""
        panel, self.hint_panel = self.hint_panel, None
        if panel is not None:
            panel.remove()
            self.panel_closed()

    def search_failed(self, panel: Widget, message: str) -> None:
        if panel is self.hint_panel:
            self.close_hint()
        elif panel is self.why_panel:
            self.close_why()
        self.host.notify(message, severity="error", markup=False)

    def panel_closed(self) -> None:
        if self.hint_panel is None and self.why_panel is None:
            self.host.coach_panels_gone()

    # ---- hints on or off ---------------------------------------------------------------
    def hints_off(self) -> None:
        """? with hints off: say so and how to turn them on; ? again turns them on."""
        c = self.host.controller
        seat, state = c.viewer, c.state
        if seat is None:
            return
        if self.hints_offered != (seat, state):
            self.hints_offered = (seat, state)
            self.host.notify(
                f"Hints are off for {state.players[seat]}. Press ? again to turn them on "
                "(the palette, Ctrl+P, turns them off); the end screen counts them.",
                markup=False,
            )
            return
        self.hints_offered = None
        self.set_hints(True)
        self.toggle_hint()

    def set_hints(self, on: bool) -> None:
        """Hints on or off for the seat at the keyboard, kept in the save."""
        c = self.host.controller
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
        self.host.notify(f"Hints are {'on' if on else 'off'} for {name}.", markup=False)

    def commands(self) -> Iterator[SystemCommand]:
        """The command palette's entry that turns the seat's hints on or off."""
        c = self.host.controller
        if not self.seat_may_have_hints() or c.viewer is None:
            return
        on = hints_on(c.seats[c.viewer])
        name = c.state.players[c.viewer]
        yield SystemCommand(
            f"Hints {'off' if on else 'on'} for {name}",
            "Whether ? may show the hard bot's best moves for this seat (counted in the save)",
            lambda: self.set_hints(not on),
        )

    # ---- why a bot moved ---------------------------------------------------------------
    async def why(self) -> None:
        """Why the last bot move, ranked again from the bot's seat as it was, in a
        worker thread; W again: the bot move before it, and so back through the game
        (past its first bot move, the panel closes)."""
        c = self.host.controller
        if not self.why_allowed():
            return
        index = len(c.bot_moves) - 1
        shown, self.why_panel = self.why_panel, None
        if shown is not None:
            index = shown.index - 1
            await shown.remove()  # gone (its search stopped) before the next one comes
        if index < 0:
            self.panel_closed()
            return
        move = c.bot_moves[index]
        assert move.action is not None  # a bot's move is always recorded with its action
        before, seat, action = move.state, move.seat, move.action
        count = len(c.bot_moves)
        budget, seed = self.search_budget(), secrets.randbelow(1 << 31)

        def search(told: Told) -> BotMoveWhy:
            return why_bot_move(before, seat, action, seed, budget, told)

        self.why_panel = WhyPanel(
            before.players[seat],
            action.label or action.key,
            index,
            self,
            search,
            lambda: len(c.bot_moves) == count,
        )
        self.host.coach_panel_home().mount(self.why_panel)

    def why_found(self, panel: WhyPanel, found: BotMoveWhy) -> None:
        if panel is self.why_panel:  # else closed meanwhile
            panel.show(found)

    def close_why(self) -> None:
        panel, self.why_panel = self.why_panel, None
        if panel is not None:
            panel.remove()
            self.panel_closed()
