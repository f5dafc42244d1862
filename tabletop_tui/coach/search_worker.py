"""A coach panel's search in a worker thread: the hard bot thinks while the screen
stays live, its reports drawn as it goes. The worker belongs to the panel, so
removing the panel (closed, or stale) stops the search at its next imagined world."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.widget import Widget
from textual.worker import Worker, WorkerState, get_current_worker

from rules.bots import Thinking

T = TypeVar("T")
Told = Callable[[Thinking], None]  # a search's report after each imagined world


class SearchCancelled(Exception):
    """The worker was cancelled: stop the search at its next world."""


def search_in_thread(
    panel: Widget, search: Callable[[Told], T], progress: Told, group: str
) -> Worker[T]:
    """Run ``search`` in a worker thread of ``panel``, each report passed to
    ``progress`` on the app's thread. Its end comes to the panel as a
    ``Worker.StateChanged`` message."""
    app = panel.app

    def work() -> T:
        worker = get_current_worker()

        def told(thinking: Thinking) -> None:
            if worker.is_cancelled:
                raise SearchCancelled
            app.call_from_thread(progress, thinking)

        return search(told)

    return panel.run_worker(work, thread=True, group=group, exclusive=True, name=group)


def search_error(event: Worker.StateChanged) -> BaseException | None:
    """The error a search ended with (None: it succeeded, runs, or was cancelled)."""
    error = event.worker.error
    if event.state != WorkerState.ERROR or isinstance(error, SearchCancelled):
        return None
    return error
