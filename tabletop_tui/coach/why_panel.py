"""The panel that says why a bot made its last move (the coach's ``W`` key).

The hard bot ranks the bot's decision again from that bot's seat as it was (a worker
thread, as for a hint); the panel gives the move's reason in the game's words, how the
ranking rates it and the runner-up. Only in games where nothing is hidden: a bot's
other options could tell what it holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from rules.bots import Thinking
from rules.coach import BotMoveWhy

from ..text import markup_safe as escape
from .search_worker import Told, search_error, search_in_thread


class WhyAsker(Protocol):
    """What the panel tells the coach that opened it (``hint_panel.Coach``)."""

    def why_found(self, panel: WhyPanel, found: BotMoveWhy) -> None: ...

    def close_why(self) -> None: ...

    def search_failed(self, panel: Widget, message: str) -> None: ...


class WhyPanel(Vertical):
    DEFAULT_CSS = """
    WhyPanel { dock: bottom; height: auto; max-height: 12; margin: 0 0 1 0;
               border: round $accent; background: $panel; padding: 0 1; }
    WhyPanel ProgressBar { height: 1; }
    WhyPanel #why-text { height: auto; }
    """

    def __init__(
        self,
        who: str,
        label: str,
        index: int,
        coach: WhyAsker,
        search: Callable[[Told], BotMoveWhy],
        is_current: Callable[[], bool],
    ):
        super().__init__(id="why-panel")
        self.border_title = "Why the bot played it"
        self.who, self.label = who, label
        self.index = index  # which of the game's bot moves (0: the first)
        self.coach = coach
        self.search = search  # the hard bot's ranking again, run in the panel's worker
        self.is_current = is_current  # False once another bot has moved

    def on_mount(self) -> None:
        self.set_interval(0.3, self.check_current)
        search_in_thread(self, self.search, self.progress, "why")

    def check_current(self) -> None:
        """Close once another bot has moved: W should start again from the last move."""
        if not self.is_current():
            self.coach.close_why()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        found = event.worker.result
        if event.state == WorkerState.SUCCESS and isinstance(found, BotMoveWhy):
            self.coach.why_found(self, found)
        elif (error := search_error(event)) is not None:
            self.coach.search_failed(self, f"No answer: {error}")

    def compose(self):
        yield Static(
            f"Looking again at {escape(self.who)}'s move, {escape(self.label)}, "
            f"from {escape(self.who)}'s seat as it was...",
            id="why-text",
        )
        yield ProgressBar(total=100, show_eta=False, id="why-progress")

    def progress(self, thinking: Thinking) -> None:
        if self.is_attached:
            self.query_one(ProgressBar).update(progress=round(100 * thinking.share))

    def show(self, found: BotMoveWhy) -> None:
        self.query_one(ProgressBar).display = False
        self.query_one("#why-text", Static).update(why_text(self.who, found, self.index))


def why_text(who: str, found: BotMoveWhy, index: int) -> str:
    """The reason, the hard bot's rating of the move and the runner-up, in words;
    ``index``: which bot move of the game it is (0: the first, after which W closes)."""
    more = "W: the bot move before" if index else "W closes: the game's first bot move"
    lines = [
        f"[b]{escape(who)} (bot) played {escape(found.action.label)}[/b] ({more})",
        f"Why: {escape(found.reason)}",
    ]
    if found.played is not None:
        lines.append(f"The hard bot rates it {escape(found.played.value)}.")
    else:
        lines.append("The hard bot did not compare this move with the others.")
    if found.runner_up is not None:
        up = found.runner_up
        lines.append(f"Runner-up: [b]{escape(up.action.label)}[/b]: {escape(up.value)}.")
        lines.append(f"   {escape(up.why)}")
    else:
        lines.append("There was no other move.")
    return "\n".join(lines)
